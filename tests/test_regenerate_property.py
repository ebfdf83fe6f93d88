"""Any edit, any game: an incremental build's files are a forced build's, byte for byte,
and reprint.pdf holds exactly the sheets whose pages came out different."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from printkit.build.builder import GUIDE_FILE, MANIFEST, REPRINT_FILE, build_game, part_sheets
from printkit.build.pages import page_digests
from printkit.check.checker import PackCache
from printkit.kit import KitOptions, part_file
from printkit.render.units import PAPERS
from printkit.resources import bundled_content

GAMES = ("lemonade-stall", "thats-not-lemonade", "yard-sale", "sandcastles", "lemonade-stand")
SKIP = {"folder", "gaps", "id"}  # where the pack lives, its notes, and keys (renames)


def leaves(value, path=()) -> list[tuple]:
    """Every editable value in a pack: numbers, words, sizes, colours, layout settings."""
    if isinstance(value, bool):
        return []
    if isinstance(value, str | int | float):
        return [path]
    if dataclasses.is_dataclass(value):
        return [
            p
            for f in dataclasses.fields(value)
            if f.name not in SKIP
            for p in leaves(getattr(value, f.name), (*path, f.name))
        ]
    if isinstance(value, tuple):
        return [p for n, v in enumerate(value) for p in leaves(v, (*path, n))]
    return []


def with_value(value, path: tuple, new):
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        return value[:head] + (with_value(value[head], rest, new),) + value[head + 1 :]
    return dataclasses.replace(value, **{head: with_value(getattr(value, head), rest, new)})


def at(value, path: tuple):
    for step in path:
        value = value[step] if isinstance(step, int) else getattr(value, step)
    return value


def edited(old, choice: int):
    if isinstance(old, str):
        if old.startswith("#") and len(old) == 7:
            return "#%06X" % ((int(old[1:], 16) + 0x101010 * (choice + 1)) % 0x1000000)
        return (old + " and more")[: max(len(old) + 4, 3)] if old else "new"
    if isinstance(old, int):
        return old + (1 if choice % 2 else -1) if old > 1 else old + 1
    return round(old * (1.05 if choice % 2 else 0.95), 2)


def kit_files(folder: Path) -> dict[str, bytes]:
    skip = {MANIFEST, REPRINT_FILE}
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name not in skip}


@pytest.fixture(scope="module")
def bases(tmp_path_factory):
    return {}


def base(bases: dict, game: str, root: Path):
    """Each game built once (A4 only): every example starts from a copy of it."""
    if game not in bases:
        plugin, pack = PackCache(bundled_content()).load(bundled_content() / game)
        out = root / f"base-{game}"
        build_game(plugin, pack, out, KitOptions(PAPERS["a4"]))
        bases[game] = (plugin, pack, out)
    return bases[game]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_any_edit_rebuilds_exactly_what_a_forced_build_draws(game, data, bases, tmp_path_factory):
    root = tmp_path_factory.getbasetemp()
    plugin, pack, built = base(bases, game, root)
    paths = leaves(pack)
    path = paths[data.draw(st.integers(0, len(paths) - 1), label="value")]
    old = at(pack, path)
    new_pack = with_value(pack, path, edited(old, data.draw(st.integers(0, 9))))
    work = Path(tmp_path_factory.mktemp("edit"))
    forced, incremental = work / "forced", work / "incremental"
    options = KitOptions(PAPERS["a4"])
    try:
        build_game(plugin, new_pack, forced, options, force=True)
    except Exception:  # an edit the renderers refuse (text that no longer fits): not ours
        assume(False)
    shutil.copytree(built, incremental)
    folder = incremental / game / "a4"
    before = {
        name: page_digests(body)
        for name, body in kit_files(folder).items()
        if name.endswith(".pdf") and not name.startswith(("rulebook", GUIDE_FILE))
    }
    (folder / REPRINT_FILE).unlink(missing_ok=True)
    report = build_game(plugin, new_pack, incremental, options)
    assert kit_files(folder) == kit_files(forced / game / "a4"), path
    expected = []
    from printkit.build.builder import kit_for

    kit = kit_for(plugin, new_pack, options)
    for index, part in enumerate(kit.parts, start=1):
        name = part_file(index, part)
        now = page_digests((folder / name).read_bytes())
        then = before.get(name, [])
        for sheet in part_sheets(part, options):
            if any(n >= len(then) or then[n] != now[n] for n in sheet.pages):
                expected += [now[n] for n in sheet.pages]
    reprint = folder / REPRINT_FILE
    held = page_digests(reprint.read_bytes())[1:] if reprint.exists() else []
    assert held == expected, (path, [s.caption for s in report.reprinted])
