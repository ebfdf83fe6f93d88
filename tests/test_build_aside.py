"""The rulebook drawn beside the kit in a forked child: the same files as a build done in
one process, a failed child leaves the work to the parent, and a failing build stops it."""

from __future__ import annotations

import os
import pickle
import sys
from pathlib import Path

import pytest

from printkit.build import aside
from printkit.build.builder import build_game
from printkit.check.checker import PackCache
from printkit.errors import RenderError
from printkit.kit import KitOptions
from printkit.render.units import PAPERS
from tests.conftest import edit, new_game

GAME = "star-garden"


@pytest.fixture
def two_cores(monkeypatch):
    """A second core, whatever the machine running the tests has."""
    monkeypatch.setattr(aside, "_cores", lambda: 2)


def _build(content: Path, out: Path, force: bool = False):
    plugin, pack = PackCache(content).load(content / GAME)
    return build_game(plugin, pack, out, KitOptions(PAPERS["a4"]), force=force)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.startswith(".")}


def _children(monkeypatch) -> list[int]:
    """The pid of every child started beside a build."""
    started: list[int] = []
    real = aside._start

    def start(jobs, measure):
        found = real(jobs, measure)
        if found is not None and found.pid:
            started.append(found.pid)
        return found

    monkeypatch.setattr(aside, "_start", start)
    return started


def _gone(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True  # reaped already
    return False


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a child beside the build needs fork")
def test_a_build_beside_makes_the_files_one_process_makes(two_cores, tmp_path, monkeypatch):
    """Built, edited, built again: beside and in one process, the same files (the reprint
    sheet too), and no child left behind."""
    content = new_game(tmp_path / "content", GAME).parent
    started = _children(monkeypatch)
    alone = [False]

    def both() -> None:
        _build(content, tmp_path / "beside")
        monkeypatch.setattr(aside, "ENABLED", alone)
        _build(content, tmp_path / "alone")
        monkeypatch.setattr(aside, "ENABLED", [True])

    both()
    edit(content / GAME / "cards.yaml", "title: Second Card", "title: Second Card Prime")
    both()
    assert len(started) == 2  # the rulebook prints the card: drawn again, beside
    beside, one = (_files(tmp_path / kind / GAME / "a4") for kind in ("beside", "alone"))
    assert "reprint.pdf" in beside and beside.keys() == one.keys() and beside == one
    assert all(_gone(pid) for pid in started)


def test_a_rulebook_with_a_new_key_is_not_read_back_before_the_child_starts(
    two_cores, tmp_path, monkeypatch
):
    """Whether the last rulebook is intact matters only while its key is the same: after an
    edit it is drawn again without its bytes digested first; unedited but damaged, it is
    checked and drawn again."""
    from printkit.build import builder

    content = new_game(tmp_path / "content", GAME).parent
    _build(content, tmp_path / "out")
    checked: list[str] = []
    real = builder.file_digest

    def digest(path: Path) -> str:
        checked.append(path.name)
        return real(path)

    monkeypatch.setattr(builder, "file_digest", digest)
    edit(content / GAME / "cards.yaml", "title: Second Card", "title: Second Card Prime")
    report = _build(content, tmp_path / "out")
    assert "rulebook.pdf" in report.rebuilt and "rulebook.pdf" not in checked
    (tmp_path / "out" / GAME / "a4" / "rulebook.pdf").write_bytes(b"damaged")
    report = _build(content, tmp_path / "out")
    assert "rulebook.pdf" in report.rebuilt and "rulebook.pdf" in checked
    assert report.reused and "rulebook.html" in report.reused


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a child beside the build needs fork")
def test_a_child_that_fails_leaves_its_files_to_this_process(two_cores, tmp_path, monkeypatch):
    from printkit.rulebook import build as rulebook

    content = new_game(tmp_path / "content", GAME).parent
    parent, real = os.getpid(), rulebook.typeset

    def only_here(*args):
        if os.getpid() != parent:
            os._exit(3)  # the child dies without a word
        return real(*args)

    monkeypatch.setattr(rulebook, "typeset", only_here)
    started = _children(monkeypatch)
    report = _build(content, tmp_path / "out")
    assert started and {"rulebook.pdf", "rulebook.html"} <= set(report.rebuilt)
    assert (report.folder / "rulebook.pdf").read_bytes().startswith(b"%PDF")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a child beside the build needs fork")
def test_an_error_in_the_rulebook_is_raised_as_it_was(two_cores, tmp_path, monkeypatch):
    from printkit.rulebook import build as rulebook

    content = new_game(tmp_path / "content", GAME).parent

    def broken(*args):
        raise RenderError("a table wider than the page")

    monkeypatch.setattr(rulebook, "typeset", broken)
    started = _children(monkeypatch)
    with pytest.raises(RenderError, match="wider than the page"):
        _build(content, tmp_path / "out")
    assert started and all(_gone(pid) for pid in started)
    assert not (tmp_path / "out" / GAME / "a4" / "rulebook.pdf").exists()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a child beside the build needs fork")
def test_ctrl_c_while_the_child_draws_stops_it(two_cores, tmp_path, monkeypatch):
    """Ctrl-C (or any failure) in this process while the child draws: the child is killed
    and reaped, nothing is written."""
    import time

    from printkit.build import parts
    from printkit.rulebook import build as rulebook

    content = new_game(tmp_path / "content", GAME).parent

    def slow(*args):
        time.sleep(60)  # still drawing when this process gives up

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(rulebook, "typeset", slow)
    monkeypatch.setattr(parts, "render_part", interrupted)
    started = _children(monkeypatch)
    begun = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        _build(content, tmp_path / "out")
    assert time.monotonic() - begun < 30 and started and all(_gone(pid) for pid in started)
    assert not list((tmp_path / "out" / GAME / "a4").glob("*.pdf"))


def test_beside_hands_back_each_file_and_its_measure(two_cores):
    jobs = [("a.txt", lambda: b"alpha"), ("b.txt", lambda: b"beta")]
    with aside.beside(jobs, lambda name, data: len(data)) as child:
        assert child is not None and child.names == ("a.txt", "b.txt")
        got = child.collect()
    assert got == {"a.txt": (b"alpha", 5), "b.txt": (b"beta", 4)}


def test_no_child_for_one_core_or_nothing_to_do(monkeypatch):
    monkeypatch.setattr(aside, "_cores", lambda: 1)
    with aside.beside([("a.txt", lambda: b"alpha")], lambda name, data: None) as child:
        assert child is None
    monkeypatch.setattr(aside, "_cores", lambda: 2)
    with aside.beside([], lambda name, data: None) as child:
        assert child is None


MEMO = aside.Kept("test-memo", 3)


def test_a_memo_filled_in_the_child_comes_back(two_cores):
    """What the child adds to a memo comes back with its files: the next child has it."""
    MEMO.forget()
    MEMO.put("before", 1)

    def job() -> bytes:
        assert MEMO.get("before") == 1  # the child starts with what this process holds
        MEMO.put("made beside", 2)
        return b"file"

    with aside.beside([("a.txt", job)], lambda name, data: None) as child:
        assert child is not None
        assert child.collect() == {"a.txt": (b"file", None)}
    assert MEMO.get("made beside") == 2 and MEMO.get("before") == 1
    assert not MEMO.fresh  # only a child notes what it made


def test_a_child_whose_memo_cannot_answer_still_sends_its_files(two_cores, monkeypatch):
    def broken() -> object:
        raise RuntimeError("no")

    monkeypatch.setitem(aside._CARRIED, "broken", (broken, lambda entries: None))
    unpicklable = (lambda: {"made": lambda: None}, lambda entries: None)
    monkeypatch.setitem(aside._CARRIED, "unpicklable", unpicklable)
    with aside.beside([("a.txt", lambda: b"alpha")], lambda name, data: 5) as child:
        assert child is not None and child.collect() == {"a.txt": (b"alpha", 5)}


def test_what_comes_back_damaged_or_for_another_cache_is_not_kept():
    scope = ["cache one"]
    memo = aside.Kept("test-scoped", 4, lambda: scope[0])
    memo.put("a", 1)
    for damaged in ("junk", ("cache one",), ("cache one", ["a", 2]), None):
        memo._give(damaged)
    memo._give(("cache two", {"b": 2}))  # made for another cache folder
    assert memo.values == {"a": 1}
    aside._given({"test-scoped": "junk", "no such memo": {}})  # nothing raised
    aside._given(b"torn pickle")
    aside._given(pickle.dumps({"test-scoped": b"torn", "no such memo": pickle.dumps({})}))
    memo._give(("cache one", {"c": 3}))
    assert memo.values == {"a": 1, "c": 3}
    scope[0] = "cache two"  # the cache moved: what the memo held is for the old one
    assert memo.get("a") is None and memo.values == {}


def test_a_memo_keeps_the_newest_entries_up_to_its_limit():
    memo = aside.Kept("test-limit", 3)
    for n in range(5):
        memo.put(n, n * n)
    assert memo.values == {2: 4, 3: 9, 4: 16}


def test_modules_a_child_imported_are_imported_here_beside_the_next(
    two_cores, tmp_path, monkeypatch
):
    """The typesetting code a child imports is loaded here while the next child runs, so
    later children start with it (a `watch` round does not import it again)."""
    (tmp_path / "typeset_beside_probe.py").write_text("LOADED = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "typeset_beside_probe", raising=False)

    def job() -> bytes:
        import typeset_beside_probe  # noqa: F401

        sys.modules["no_such_module_beside"] = sys  # imported here: fails, left out
        return b"book"

    rounds = []
    for _ in range(2):
        with aside.beside([("rulebook.pdf", job)], lambda name, data: None) as child:
            assert child is not None and child.collect() == {"rulebook.pdf": (b"book", None)}
        rounds.append("typeset_beside_probe" in sys.modules)
    assert rounds == [False, True]  # the first child's import, made here beside the second
    assert "no_such_module_beside" not in sys.modules
    monkeypatch.delitem(sys.modules, "typeset_beside_probe")
