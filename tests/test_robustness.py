"""Hostile input, damaged caches, full disks and kills: a clear error or a whole kit, never
a traceback, a hang, or a kit that mixes two builds."""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.build import diskcache, files
from printkit.build.manifest import MANIFEST
from printkit.cli import cli
from tests.conftest import CONTENT, ROOT, edit, line_of

STALL = "lemonade-stall"
KIT_LOCK = ".printkit.lock"
PART, OTHER_PART = "02-sales-charts.pdf", "03-player-mats.pdf"  # two files of the A4 kit


def run(*args: str, content: Path | None = None):
    """``printkit ARGS`` in this process; the result, with stdout and stderr together."""
    where = ["--content", str(content)] if content is not None else []
    return CliRunner().invoke(cli, [*args, *where], catch_exceptions=False)


def build(content: Path, out: Path, *more: str):
    return run("build", STALL, "--out", str(out), "--paper", "a4", *more, content=content)


def kit_files(folder: Path) -> dict[str, bytes]:
    """Every file of a kit folder (manifest included, the lock file not), by name."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith(KIT_LOCK)  # the lock and who holds it
    }


def clean_error(result, *words: str) -> None:
    """Exit 2, one error line naming ``words``, no traceback."""
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.output.count("error:") == 1, result.output
    for word in words:
        assert word in result.output, result.output


@pytest.fixture(scope="module")
def built_once(tmp_path_factory) -> Path:
    """``--out`` of one A4 build of the bundled Lemonade Stall, for tests to copy."""
    out = tmp_path_factory.mktemp("built") / "out"
    result = build(CONTENT, out)
    assert result.exit_code == 0, result.output
    assert all((out / STALL / "a4" / name).is_file() for name in (PART, OTHER_PART))
    return out


@pytest.fixture
def built(built_once, tmp_path) -> Path:
    """A private copy of ``built_once``: the ``--out`` folder of a whole kit."""
    out = tmp_path / "out"
    shutil.copytree(built_once, out)
    return out


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    """A private, empty disk cache, with no compiled template kept in memory either."""
    from printkit.rulebook import templates

    home = tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.setattr(templates.BYTECODE, "_store", {})
    monkeypatch.setattr(templates.BYTECODE, "_code", {})
    return home / "printkit"


# -- the cache only ever costs time ------------------------------------------------------
DAMAGES = {
    "one byte flipped": lambda b: b[:-7] + bytes([b[-7] ^ 0xFF]) + b[-6:],
    "truncated to 24 bytes": lambda b: b[:24],
    "empty": lambda b: b"",
    "another printkit's": lambda b: b.replace(b"\n", b"X\n", 1)[: len(b)],
}


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_cache_entry_is_a_miss_and_is_deleted(damage, cache_home):
    diskcache.store("test", "key", b"payload " * 40)
    entry = cache_home / "test" / "key"
    entry.write_bytes(DAMAGES[damage](entry.read_bytes()))
    assert diskcache.load("test", "key") is None
    assert not entry.exists()
    diskcache.store("test", "key", b"again")
    assert diskcache.load("test", "key") == b"again"


def test_an_entry_is_bound_to_its_key(cache_home):
    """An entry copied under another key (a swapped file) is no hit for that key."""
    diskcache.store("test", "one", b"first")
    shutil.copy(cache_home / "test" / "one", cache_home / "test" / "two")
    assert diskcache.load("test", "two") is None


def test_cache_folders_are_private(cache_home):
    (cache_home / "test").mkdir(parents=True, mode=0o755)
    os.chmod(cache_home, 0o755)
    diskcache.store("test", "key", b"x")
    assert (cache_home.stat().st_mode & 0o777) == 0o700
    assert ((cache_home / "test").stat().st_mode & 0o777) == 0o700


def test_a_folder_others_may_write_is_not_read(cache_home):
    diskcache.store("test", "key", b"kept")
    os.chmod(cache_home / "test", 0o777)  # anyone could have planted a pickle here
    assert diskcache.load("test", "key") is None


def test_force_compiles_every_template_afresh(cache_home):
    from jinja2 import Environment
    from jinja2.bccache import Bucket

    from printkit.rulebook.templates import VerifiedBytecodeCache

    cache = VerifiedBytecodeCache()
    env = Environment()
    compiled = Bucket(env, "key", "checksum")
    compiled.code = compile("x = 1", "<t>", "exec")
    cache.dump_bytecode(compiled)
    for reads, expected in ((True, True), (False, False)):
        bucket = Bucket(env, "key", "checksum")
        with diskcache.fresh() if not reads else _nothing():
            cache.load_bytecode(bucket)
        assert (bucket.code is not None) is expected
    VerifiedBytecodeCache().load_bytecode(fresh := Bucket(env, "key", "checksum"))
    assert fresh.code is not None  # a new process: from the disk, verified


def test_code_kept_in_memory_is_served_only_for_its_source(cache_home):
    """A template's compiled code is kept with its source's checksum: an edited template
    (same name, new checksum) compiles afresh; the unedited one gets the very code."""
    from jinja2 import Environment
    from jinja2.bccache import Bucket

    from printkit.rulebook.templates import VerifiedBytecodeCache

    cache, env = VerifiedBytecodeCache(), Environment()
    compiled = Bucket(env, "key", "checksum")
    compiled.code = compile("x = 1", "<t>", "exec")
    cache.dump_bytecode(compiled)
    cache.load_bytecode(same := Bucket(env, "key", "checksum"))
    assert same.code is compiled.code
    cache.load_bytecode(edited := Bucket(env, "key", "another checksum"))
    assert edited.code is None


def _nothing():
    from contextlib import nullcontext

    return nullcontext()


def _damage_every_entry(home: Path, damage) -> int:
    entries = [p for p in home.rglob("*") if p.is_file()]
    for path in entries:
        path.write_bytes(damage(path.read_bytes()))
    return len(entries)


@pytest.mark.slow
@pytest.mark.parametrize(
    "damage, more",
    [
        ("one byte flipped", ()),
        pytest.param("truncated to 24 bytes", ("--force",), marks=pytest.mark.slow),
    ],
    ids=["flipped", "truncated, --force"],
)
def test_a_damaged_cache_changes_no_byte_of_the_kit(
    damage, more, cache_home, tmp_path, monkeypatch
):
    """Damaged entries (compiled templates, pictures, typeset pages) are made again: the
    kit, its rulebook's pictures included, is the one an empty cache gives."""
    from printkit.build import aside
    from printkit.rulebook import templates

    first = build(CONTENT, tmp_path / "first")
    assert first.exit_code == 0, first.output
    expected = kit_files(tmp_path / "first" / STALL / "a4")
    kinds = {p.name for p in cache_home.iterdir()}
    assert {"jinja", "pictures", "rulebook-pages"} <= kinds
    assert _damage_every_entry(cache_home, DAMAGES[damage]) > 0
    monkeypatch.setattr(templates.BYTECODE, "_store", {})  # as a new process would start
    monkeypatch.setattr(templates.BYTECODE, "_code", {})
    aside.forget_kept()  # the entries' copies kept in memory too
    again = build(CONTENT, tmp_path / "again", *more)
    assert again.exit_code == 0, again.output
    assert kit_files(tmp_path / "again" / STALL / "a4") == expected


CODE_EDITS = {  # a second checkout of printkit, differing in one file that shapes the bytes
    "a renderer": ("render/impose.py", b"\n# another checkout\n"),
    "the shared templates": ("bundled/templates/macros.md", b"\n{# another checkout #}\n"),
    "the builder's words": ("bundled/labels.yaml", b"\n# another checkout\n"),
}


@pytest.mark.parametrize("what", sorted(CODE_EDITS))
def test_two_checkouts_of_different_code_never_share_an_entry(what, tmp_path):
    """Every cache entry is sealed with the code digest: a worktree whose code differs in any
    file that renders (not only its Python) writes entries the other cannot read."""
    from printkit.build.fingerprint import PACKAGE, code_digest_of, library_versions

    ignore = shutil.ignore_patterns("__pycache__", "content", "new-game")
    copies = [shutil.copytree(PACKAGE, tmp_path / name / "printkit", ignore=ignore)
              for name in ("one", "two")]  # fmt: skip
    versions = library_versions()
    assert code_digest_of(copies[0], versions) == code_digest_of(copies[1], versions)
    path, added = CODE_EDITS[what]
    target = copies[1] / path
    target.write_bytes(target.read_bytes() + added)
    assert code_digest_of(copies[0], versions) != code_digest_of(copies[1], versions)


def test_the_drawing_libraries_versions_are_part_of_the_code(tmp_path):
    """The rulebook's kept pages depend on pyphen's dictionaries, not only on reportlab:
    another version of any library that draws is other code."""
    from printkit.build.fingerprint import PACKAGE, RENDERING_LIBRARIES, code_digest_of

    versions = tuple((name, "1.0") for name in RENDERING_LIBRARIES)
    assert "pyphen" in RENDERING_LIBRARIES and "svglib" in RENDERING_LIBRARIES
    other = tuple((n, "1.1" if n == "pyphen" else v) for n, v in versions)
    assert code_digest_of(PACKAGE, versions) != code_digest_of(PACKAGE, other)


def test_an_icon_file_of_another_checkout_never_reaches_a_kit(cache_home, monkeypatch):
    """Inline SVG icons become PNG files that Paragraph markup names. They were kept in the
    shared temp folder by the SVG's bytes alone, so a checkout rasterising differently read
    the other's pixels, --force too. Now the file is named by the code that made it and
    checked against the sealed pixels before use."""
    from printkit.render import drawing, layout

    svg = ROOT / "printkit" / "bundled" / "new-game" / "icons" / "star.svg"
    first = layout.raster_icon(svg)
    pixels = first.read_bytes()
    assert pixels.startswith(layout.PNG_SIGNATURE)
    first.write_bytes(pixels[:100])  # another process's file in the way, or a torn one
    assert layout.raster_icon(svg) == first and first.read_bytes() == pixels
    versions = drawing.raster_versions()
    monkeypatch.setattr(drawing, "raster_versions", lambda: (*versions, "another checkout"))
    assert layout.raster_icon(svg) != first


def test_the_bundled_games_content_is_not_code(tmp_path):
    """A bundled game's words are content, read as values: editing them is no new printkit."""
    from printkit.build.fingerprint import PACKAGE, code_digest_of, library_versions

    ignore = shutil.ignore_patterns("__pycache__")
    copy = shutil.copytree(PACKAGE, tmp_path / "printkit", ignore=ignore)
    versions = library_versions()
    before = code_digest_of(copy, versions)
    words = copy / "bundled" / "content" / STALL / "words.yaml"
    words.write_text(words.read_text().replace("Game end", "The end"))
    assert code_digest_of(copy, versions) == before


# -- all-or-nothing kits -------------------------------------------------------------------
KILLER = """
import os, signal, sys
from pathlib import Path
from printkit.build import files

kill_at, stage = int(sys.argv[1]), {"committing": False, "calls": 0}
real_replace, real_unlink, real_commit = os.replace, os.unlink, files.commit_files

def counted(real):
    def call(*args, **kwargs):
        if stage["committing"]:
            stage["calls"] += 1
            if stage["calls"] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)  # kill -9, mid-commit
        return real(*args, **kwargs)
    return call

def commit(*args, **kwargs):
    stage["committing"] = True
    return real_commit(*args, **kwargs)

os.replace, os.unlink, files.commit_files = counted(real_replace), counted(real_unlink), commit
from printkit.cli import main
sys.argv = ["printkit", *sys.argv[2:]]
main()
"""


COMMITTER = """
import json, os, signal, sys
from pathlib import Path
from printkit.build import files

folder, kill_at, change = Path(sys.argv[1]), int(sys.argv[2]), json.loads(sys.argv[3])
calls = [0]

def counted(real):
    def call(*args, **kwargs):
        calls[0] += 1
        if calls[0] == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    return call

os.replace, os.unlink = counted(os.replace), counted(os.unlink)
files.write_temp = counted(files.write_temp)
data = {name: text.encode() for name, text in change["data"].items()}
files.commit_files(folder, data, change["stale"])
"""


@pytest.mark.slow
def test_a_commit_killed_at_any_step_leaves_the_old_files_or_the_new(tmp_path):
    """kill -9 at every write, rename and delete of a commit, one after the other."""
    old = {"01-a.pdf": b"old a", "02-b.pdf": b"old b", "03-gone.pdf": b"old", MANIFEST: b"old"}
    change = {
        "data": {"01-a.pdf": "new a", "04-c.pdf": "new c", "sub/d.png": "new d", MANIFEST: "new"},
        "stale": ["03-gone.pdf"],
    }
    new = {"01-a.pdf": b"new a", "02-b.pdf": b"old b", "04-c.pdf": b"new c"}
    new |= {"sub/d.png": b"new d", MANIFEST: b"new"}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    outcomes = []
    for kill_at in range(1, 40):
        folder = tmp_path / f"kill-{kill_at}"
        folder.mkdir()
        for name, data in old.items():
            (folder / name).write_bytes(data)
        args = [sys.executable, "-c", COMMITTER, str(folder), str(kill_at), json.dumps(change)]
        done = subprocess.run(args, env=env, capture_output=True)
        files.recover(folder)  # the next run, under the folder's lock
        found = kit_files(folder)
        assert found in (old, new), f"killed at step {kill_at}: {sorted(found.items())}"
        assert not list(files.stray_temps(folder))
        outcomes.append("old" if found == old else "new")
        if done.returncode == 0:  # past the last step: the commit ran to its end
            break
        assert done.returncode == -signal.SIGKILL, done.stderr.decode()
    assert outcomes[-1] == "new" and "old" in outcomes and outcomes.count("new") > 2
    assert outcomes == sorted(outcomes, reverse=True)  # old until the journal, new after


def _commit_steps(old_kit: dict[str, bytes], new_kit: dict[str, bytes]) -> int:
    """Calls of os.replace/os.unlink in one commit: journal, each file, the journal's end."""
    changed = [n for n in new_kit if old_kit.get(n) != new_kit[n]]
    return 1 + len(changed) + 1


@pytest.mark.slow
def test_a_build_killed_while_committing_leaves_the_old_kit_or_the_new(content_copy, tmp_path):
    """kill -9 before the journal, after it, halfway through the renames and before the
    journal is removed: once the next run has taken the folder, the kit is old or new."""
    from printkit.build.files import recover, stray_temps

    old_out, new_out = tmp_path / "old", tmp_path / "new"
    assert build(content_copy, old_out).exit_code == 0
    shutil.copytree(old_out, new_out)
    edit(content_copy / STALL / "events.yaml", "one roll after the other", "one roll after another")
    assert build(content_copy, new_out).exit_code == 0  # over the old kit: a reprint sheet too
    old = kit_files(old_out / STALL / "a4")
    new = kit_files(new_out / STALL / "a4")
    assert old != new
    steps = _commit_steps(old, new)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    outcomes = set()
    for kill_at in sorted({1, 2, 3, steps // 2, steps - 1, steps}):
        out = tmp_path / f"killed-{kill_at}"
        shutil.copytree(old_out, out)
        args = ["build", STALL, "--out", str(out), "--paper", "a4", "--content", str(content_copy)]
        done = subprocess.run(
            [sys.executable, "-c", KILLER, str(kill_at), *args], env=env, capture_output=True
        )
        assert done.returncode == -signal.SIGKILL, done.stderr.decode()
        folder = out / STALL / "a4"
        recover(folder)  # what the next build does first, under the folder's lock
        found = kit_files(folder)
        assert found in (old, new), f"killed at step {kill_at}: a mixed kit"
        assert not list(stray_temps(folder))
        outcomes.add("old" if found == old else "new")
    assert outcomes == {"old", "new"}  # the kill points fall on both sides of the journal


@pytest.mark.slow
def test_the_next_build_finishes_a_stopped_commit(built):
    out = built
    folder = out / STALL / "a4"
    before = kit_files(folder)
    journal = {"renames": [], "delete": [PART]}
    (folder / files.JOURNAL).write_text(json.dumps(journal))
    (folder / ".01-board.pdf.x1y2.tmp").write_bytes(b"torn")
    again = build(CONTENT, out)
    assert again.exit_code == 0, again.output
    assert f"rebuilt {PART}" in again.output  # the journal deleted it: built again
    assert kit_files(folder) == before
    assert not (folder / files.JOURNAL).exists()


def test_a_journal_reaches_nothing_outside_its_folder(tmp_path):
    folder, victim = tmp_path / "kit", tmp_path / "victim.txt"
    folder.mkdir()
    victim.write_text("keep me")
    journal = {"renames": [["../victim.txt", "stolen"]], "delete": ["../victim.txt"]}
    (folder / files.JOURNAL).write_text(json.dumps(journal))
    files.recover(folder)
    assert victim.read_text() == "keep me" and not (folder / "stolen").exists()


@pytest.mark.slow
@pytest.mark.parametrize("fresh", [True, False], ids=["fresh output", "over an old kit"])
def test_a_full_disk_leaves_the_old_kit_whole(fresh, content_copy, tmp_path, monkeypatch):
    out = tmp_path / "out"
    folder = out / STALL / "a4"
    if not fresh:
        assert build(content_copy, out).exit_code == 0
        edit(
            content_copy / STALL / "events.yaml",
            "one roll after the other",
            "one roll after another",
        )
    before = kit_files(folder) if folder.exists() else {}
    real, written = files.write_temp, []

    def fills_up(path, data):
        if len(written) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        written.append(path)
        return real(path, data)

    monkeypatch.setattr(files, "write_temp", fills_up)
    result = build(content_copy, out)
    clean_error(result, "No space left on device", "hint: the disk is full")
    assert kit_files(folder) == before  # nothing new, nothing half-written, no temporaries


def test_a_no_op_build_removes_stray_temporaries(built):
    out = built
    stray = out / STALL / "a4" / ".rulebook.pdf.abc123.tmp"
    stray.write_bytes(b"left by kill -9")
    again = build(CONTENT, out)
    assert again.exit_code == 0 and "rebuilt 0" in again.output
    assert not stray.exists()


@pytest.mark.parametrize("tamper", ["truncated", "replaced", "deleted"])
def test_a_no_op_build_rebuilds_an_altered_file(tamper, built):
    out = built
    folder = out / STALL / "a4"
    target = folder / PART
    original = target.read_bytes()
    if tamper == "truncated":
        target.write_bytes(original[:100])
    elif tamper == "replaced":
        target.write_bytes((folder / OTHER_PART).read_bytes())
    else:
        target.unlink()
    again = build(CONTENT, out)
    assert again.exit_code == 0, again.output
    assert f"rebuilt {PART}" in again.output and "rebuilt 1," in again.output
    assert target.read_bytes() == original


def test_a_folder_in_place_of_a_kit_file_is_a_clean_error(built):
    out = built
    target = out / STALL / "a4" / PART
    target.unlink()
    target.mkdir()
    clean_error(build(CONTENT, out), PART, "Is a directory", "hint:")


@pytest.mark.parametrize(
    "manifest",
    [
        {"files": {"01-board.pdf": 5}},
        {"files": ["01-board.pdf"]},
        {"files": {}, "pages": ["01-board.pdf"]},
        {"files": {"../../victim.pdf": "k"}},
        {"files": {"/etc/passwd": "k"}},
        {"digests": {"01-board.pdf": None}},
        [1, 2, 3],
        "text",
    ],
    ids=["number", "list", "pages", "climbs out", "absolute", "digest", "a list", "text"],
)
def test_a_manifest_of_the_wrong_shape_is_as_if_never_built(manifest, tmp_path):
    from printkit.build.manifest import read_manifest

    (tmp_path / MANIFEST).write_text(json.dumps(manifest))
    assert read_manifest(tmp_path) == {}


@pytest.mark.slow
def test_a_tampered_manifest_deletes_nothing_outside_the_kit(built):
    folder = built / STALL / "a4"
    victim = built / "victim.pdf"
    victim.write_text("keep me")
    manifest = json.loads((folder / MANIFEST).read_text())
    manifest["files"]["../../victim.pdf"] = "a stale file, says the manifest"
    (folder / MANIFEST).write_text(json.dumps(manifest))
    result = build(CONTENT, built)
    assert result.exit_code == 0, result.output
    assert victim.read_text() == "keep me"
    assert "../../victim.pdf" not in json.loads((folder / MANIFEST).read_text())["files"]


# -- every environment failure: a message and exit 2 -------------------------------------------
def _file_at(out: Path, relative: str) -> None:
    (out / relative).parent.mkdir(parents=True, exist_ok=True)
    (out / relative).write_text("in the way")


def _folder_at(out: Path, relative: str) -> None:
    (out / relative).mkdir(parents=True)


PLACES = {
    "game folder is a file": (lambda out: _file_at(out, STALL), STALL),
    "paper folder is a file": (lambda out: _file_at(out, f"{STALL}/a4"), "a4"),
    "lock file is a folder": (lambda out: _folder_at(out, f"{STALL}/a4/{KIT_LOCK}"), KIT_LOCK),
    "manifest is a folder": (lambda out: _folder_at(out, f"{STALL}/a4/{MANIFEST}"), MANIFEST),
}


@pytest.mark.slow
@pytest.mark.parametrize("place", sorted(PLACES))
def test_something_in_the_way_of_the_output_is_a_clean_error(place, tmp_path):
    prepare, named = PLACES[place]
    out = tmp_path / "out"
    prepare(out)
    clean_error(build(CONTENT, out), named, "hint:")


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs Linux's /proc")
def test_an_output_folder_that_cannot_exist_is_a_clean_error():
    clean_error(build(CONTENT, Path("/proc/printkit-out")), "/proc/printkit-out")


@pytest.mark.slow
def test_a_read_only_output_is_a_clean_error(tmp_path, monkeypatch):
    """Root ignores file modes, so the refusal is injected where the kit is written."""

    def refuse(path, data):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    monkeypatch.setattr(files, "write_temp", refuse)
    clean_error(build(CONTENT, tmp_path / "out"), os.strerror(errno.EACCES), "--out")


@pytest.mark.parametrize(
    "error, words",
    [
        (OSError(errno.EROFS, os.strerror(errno.EROFS), "/mnt/kit"), ["/mnt/kit", "read-only"]),
        (OSError(errno.ELOOP, os.strerror(errno.ELOOP), "/a/b"), ["/a/b", "links"]),
        (OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), ["No space", "disk is full"]),
        (OSError(errno.EIO, "Input/output error", "/x"), ["/x", "Input/output"]),
        (RecursionError("maximum recursion depth exceeded"), ["nests too deeply"]),
        (MemoryError(), ["out of memory"]),
    ],
    ids=["read-only", "loop", "full", "other", "recursion", "memory"],
)
def test_environment_failures_are_said_plainly(error, words):
    from printkit.errors import environment_message

    message = environment_message(error)
    assert all(word in message for word in words), message


def test_ctrl_c_exits_130(monkeypatch, tmp_path):
    from printkit.build import gate

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(gate, "checked_pack", interrupted)
    result = build(CONTENT, tmp_path / "out")
    assert result.exit_code == 130 and "Traceback" not in result.output


def test_a_loop_of_links_in_a_pack_is_a_clean_error(content_copy, tmp_path):
    pack = content_copy / STALL
    (pack / "one").symlink_to("two")
    (pack / "two").symlink_to("one")
    clean_error(run("check", content=content_copy), "one", "loop")


# -- limits on hostile input ---------------------------------------------------------------------
def billion_laughs() -> str:
    lines, previous = ["laugh0: &laugh0 [ha, ha, ha, ha, ha, ha, ha, ha, ha, ha]"], "laugh0"
    for n in range(1, 10):
        refs = ", ".join([f"*{previous}"] * 10)
        lines.append(f"laugh{n}: &laugh{n} [{refs}]")
        previous = f"laugh{n}"
    return "\n".join(lines) + "\n"


def test_a_billion_laughs_is_refused_before_it_is_built(content_copy):
    events = content_copy / STALL / "events.yaml"
    events.write_text(events.read_text() + billion_laughs())
    clean_error(run("check", content=content_copy), "events.yaml", "aliases expand")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_in_place_of_a_content_file_never_blocks(content_copy):
    path = content_copy / STALL / "events.yaml"
    path.unlink()
    os.mkfifo(path)
    clean_error(run("check", content=content_copy), "events.yaml", "not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_in_place_of_a_template_never_blocks(tmp_path):
    from printkit.errors import ContentError

    (tmp_path / "rulebook").mkdir()
    os.mkfifo(tmp_path / "rulebook" / "part.md")
    with pytest.raises(ContentError, match="not a regular file") as info:
        render('{% include "part.md" %}', tmp_path)
    assert "part.md" in str(info.value)


def render(template: str, tmp_path: Path, **limits):
    """``template`` rendered as a rulebook's entry template, with limits lowered."""
    from printkit.rulebook import templates
    from printkit.rulebook.context import RulebookContext

    folder = tmp_path / "rulebook"
    folder.mkdir(exist_ok=True)
    (folder / "rulebook.md").write_text(template)
    saved = {name: getattr(templates, name) for name in limits}
    try:
        for name, value in limits.items():
            setattr(templates, name, value)
        context = RulebookContext(title="Sample", variables={})
        return templates.render_source([folder], context, {})
    finally:
        for name, value in saved.items():
            setattr(templates, name, value)


@pytest.mark.parametrize(
    "template, problem",
    [
        ("{{ 'a' * 10**12 }}", "too long"),
        ("{{ 'word ' * 20000000 }}", "too long"),
        ("{{ [1] * 10**9 }}", "too long"),
        ("{{ 7 ** 100000 }}", "too large"),
        ("{{ 'a'|center(10**10) }}", "wider than a rulebook"),
        ("{{ '%0999999999d' % 1 }}", "wider than a rulebook"),
        ("{{ '{:>999999999}'.format(1) }}", "wider than a rulebook"),
        ("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "call themselves"),
        ("{% for i in range(100000) %}{% for j in range(100) %}xx{% endfor %}{% endfor %}", "past"),
    ],
    ids=["string", "words", "list", "power", "center", "percent", "format", "recursion", "output"],
)
def test_a_template_that_builds_too_much_is_a_clean_error(template, problem, tmp_path):
    from printkit.errors import ContentError

    with pytest.raises(ContentError, match=problem) as info:
        render(template, tmp_path, LARGEST_OUTPUT=1_000_000)
    assert "rulebook.md" in str(info.value)


@pytest.mark.parametrize(
    "loops",
    [
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
        "{% set r = range(100000) %}{% for i in r %}{% for j in r %}{% endfor %}{% endfor %}",
    ],
    ids=["calls in the loop", "no call in the loop"],
)
def test_a_template_that_runs_too_long_is_stopped(loops, tmp_path):
    from printkit.errors import ContentError

    with pytest.raises(ContentError, match="took longer than") as info:
        render(loops, tmp_path, LONGEST_SECONDS=0.5)
    assert "rulebook.md" in str(info.value)


def test_a_template_stopped_in_a_thread_too(tmp_path):
    """Off the main thread there is no timer signal: the deadline checks still stop it."""
    import threading

    from printkit.errors import ContentError

    loops = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    caught: list[BaseException] = []

    def work():
        try:
            render(loops, tmp_path, LONGEST_SECONDS=0.5)
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            caught.append(exc)

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert len(caught) == 1 and isinstance(caught[0], ContentError), caught


@pytest.mark.parametrize(
    "markdown, what",
    [
        ("# " + " ".join(["lemonade"] * 600) + "\n\nText.\n", "a heading starting 'lemonade"),
        ("| a | b |\n|---|---|\n| x | " + "lemonade " * 3000 + "|\n", "a table"),
    ],
    ids=["heading", "table cell"],
)
@pytest.mark.parametrize("one_pass", [False, True], ids=["runs", "one pass"])
def test_a_block_taller_than_its_page_is_an_error(markdown, what, one_pass):
    from printkit.errors import RenderError
    from printkit.render.units import PAPERS
    from printkit.rulebook.context import RulebookContext
    from printkit.rulebook.markdown import parse
    from printkit.rulebook.typeset import typeset, typeset_in_one_pass

    context, nodes = RulebookContext(title="Sample", variables={}), parse(markdown)
    typesetter = typeset_in_one_pass if one_pass else typeset
    with pytest.raises(RenderError, match="is taller than a page") as info:
        typesetter(nodes, context, PAPERS["a4"])
    assert what in str(info.value)


def test_workers_are_capped_by_the_cores_and_the_work():
    from printkit.simulate.runner import default_workers, spans, worker_count

    cores = default_workers()
    for games in (1, 10, 1000):
        workers = worker_count(999, games)
        assert 1 <= workers <= cores
        assert workers <= len(spans(games, workers))
    assert worker_count(None, 100_000) == cores
    assert worker_count(1, 100_000) == 1


def test_games_are_capped_with_a_message(monkeypatch, tmp_path):
    from printkit.cli import simulate

    monkeypatch.setattr(simulate, "MAX_GAMES", 12)
    args = ["simulate", STALL, "--games", "5000", "--workers", "1", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, [*args, "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "--games capped at 12" in result.output
    report = json.loads(result.output[result.output.index("{") : result.output.rindex("}") + 1])
    assert report["requested"] == report["games"] == 12


def test_an_invalid_baseline_is_refused_before_any_worker_starts(content_copy, tmp_path):
    baseline = tmp_path / "baseline"
    shutil.copytree(content_copy / STALL, baseline / STALL)
    edit(baseline / STALL / "items.yaml", "price_bulk: 7", "price_bulk: lots")
    args = ["simulate", STALL, "--games", "40", "--workers", "2", "--baseline", str(baseline)]
    result = run(*args, "--out", str(tmp_path / "o"), content=content_copy)
    clean_error(result, "items.yaml")


def test_workers_that_cannot_load_their_content_stop_the_run(content_copy):
    """Were the baseline not checked first: a failing worker ends the run, not respawns."""
    from printkit.errors import PrintkitError
    from printkit.simulate.runner import Plan, Source, play_games

    broken = content_copy / STALL
    edit(broken / "items.yaml", "price_bulk: 7", "price_bulk: lots")
    plan = Plan(STALL, (Source(broken, "broken"),), 4, 200, 1, workers=2)
    with pytest.raises(PrintkitError, match="could not start"):
        list(play_games(plan))


# -- checked at check time ---------------------------------------------------------------------
@pytest.mark.parametrize("symbol", ["../../etc/passwd", "moon"])
@pytest.mark.parametrize("file", ["weather.yaml", "game.yaml"])
def test_an_unknown_symbol_fails_check_with_its_line(file, symbol, content_copy):
    path = content_copy / STALL / file
    old = {"weather.yaml": "symbol: drop", "game.yaml": "symbol: heart"}[file]
    line = line_of(path, old)
    edit(path, old, f"symbol: {symbol!r}" if "/" in symbol else f"symbol: {symbol}")
    clean_error(run("check", content=content_copy), f"{file}:{line}", "unknown id")


def test_the_symbols_checked_are_the_symbols_drawn():
    from printkit.content.symbol_names import SYMBOL_NAMES
    from printkit.render.symbols import SYMBOLS

    assert sorted(SYMBOL_NAMES) == sorted(SYMBOLS)


@pytest.mark.parametrize("command", [["check"], ["games"], ["build", STALL, "--paper", "a4"]])
def test_two_packs_with_one_game_id_are_refused(command, content_copy, tmp_path):
    shutil.copytree(content_copy / STALL, content_copy / "stall-copy")
    out = ["--out", str(tmp_path)] if command[0] == "build" else []
    clean_error(run(*command, *out, content=content_copy), "stall-copy", "already used by")


@pytest.mark.parametrize(
    "file, character",
    [
        ("events.yaml", "\x00"),
        ("events.yaml", "\x07"),
        ("items.yaml", "\x1b"),
    ],
)
def test_a_control_character_is_named_by_line(file, character, content_copy, tmp_path):
    path = content_copy / STALL / file
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    lines[4] = lines[4][:3] + character + lines[4][3:]
    path.write_text("".join(lines), encoding="utf-8")
    clean_error(run("check", content=content_copy), f"{path.name}:5", "control character")


@pytest.mark.parametrize(
    "part, problem",
    [(b"One\nTwo \x07 bell\n", "control character"), (b"One\nTwo\nThree \xff\xfe\n", "not UTF-8")],
    ids=["control character", "bad UTF-8"],
)
def test_a_bad_included_template_is_blamed_by_its_own_name_and_line(part, problem, tmp_path):
    from printkit.errors import ContentError

    (tmp_path / "rulebook").mkdir()
    (tmp_path / "rulebook" / "part.md").write_bytes(part)
    with pytest.raises(ContentError, match=problem) as info:
        render('Intro\n{% include "part.md" %}\n', tmp_path)
    line = part.count(b"\n")  # the last line holds the fault
    assert f"part.md:{line}" in str(info.value) and "rulebook.md" not in str(info.value)


@pytest.mark.parametrize("value", ["1000000000", "12-days", "-dash", "true"])
def test_an_example_id_must_be_a_name(value, content_copy):
    example = sorted((content_copy / STALL / "examples").glob("*.yaml"))[0]
    text = example.read_text(encoding="utf-8")
    name = next(line for line in text.splitlines() if line.startswith("example:"))
    example.write_text(text.replace(name, f"example: {value}", 1), encoding="utf-8")
    clean_error(run("check", content=content_copy), example.name, "example")


# -- the same bytes with or without SOURCE_DATE_EPOCH --------------------------------------------
def test_source_date_epoch_changes_no_byte(monkeypatch):
    from printkit.render.pdf import finish, new_canvas
    from printkit.render.units import PAPERS
    from printkit.rulebook.context import RulebookContext
    from printkit.rulebook.markdown import parse
    from printkit.rulebook.typeset import typeset

    def pdfs() -> tuple[bytes, bytes]:
        canvas, buffer = new_canvas(200, 200, "A page")
        canvas.drawString(20, 20, "Lemonade")
        book = typeset(parse("# One\n\nText.\n"), RulebookContext("Book", {}), PAPERS["a4"])
        return finish(canvas, buffer), book

    without = pdfs()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    with diskcache.fresh():
        assert pdfs() == without
    from pypdf import PdfReader

    assert "2000" in str(PdfReader(BytesIO(without[0])).metadata.get("/CreationDate"))


def test_a_cell_past_the_csv_field_limit_is_named_by_line(tmp_path):
    from printkit.content.spreadsheet import load_csv
    from printkit.errors import ContentError

    path = tmp_path / "cards.csv"
    path.write_text("id,text\nfirst,short\nsecond," + "x" * 200_000 + "\n")
    with pytest.raises(ContentError, match="malformed CSV") as info:
        load_csv(path)
    assert "cards.csv:3" in str(info.value)


def test_a_billion_laughs_in_a_csv_cell_is_prose_not_a_bomb(tmp_path):
    from printkit.content.spreadsheet import load_csv

    bomb = "{" + billion_laughs().replace("\n", ", ").rstrip(", ") + "}"  # a flow mapping
    path = tmp_path / "cards.csv"
    path.write_text(f'id,text\nfirst,"{bomb}"\n')
    (row,) = load_csv(path)
    assert isinstance(row["text"], str)


def test_values_nested_too_deeply_are_a_clean_error(content_copy):
    deep = content_copy / STALL / "events.yaml"
    deep.write_text("events: " + "[" * 5000 + "]" * 5000 + "\n")
    clean_error(run("check", content=content_copy), "events.yaml")


def test_watch_reports_a_refusal_of_the_machine_and_waits(tmp_path):
    from printkit.build.watch import rebuild

    out = tmp_path / "out"
    _file_at(out, STALL)  # a file where the game's output folder goes
    said: list[str] = []
    assert rebuild(CONTENT, (STALL,), out, ("a4",), said.append) is False
    assert any(line.startswith("error:") and STALL in line for line in said), said
