"""The rulebook drawn beside the kit in a forked child: the same files as a build done in
one process, a failed child leaves the work to the parent, and a failing build stops it."""

from __future__ import annotations

import os
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
