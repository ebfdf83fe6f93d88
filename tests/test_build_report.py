"""What `printkit build` tells: its report as text or JSON, nothing with --quiet, and a
progress line only for a person at a terminal."""

from __future__ import annotations

import io
import json

from printkit.cli.progress import Status
from tests.conftest import edit, new_game, run_cli


def _build(content, out, *extra: str):
    result = run_cli(
        "build", "star-garden", "--content", str(content), "--out", str(out), "--paper", "a4",
        *extra,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return result.output


def test_build_json_names_every_file_drawn_then_reused(tmp_path):
    game = new_game(tmp_path / "content", "star-garden")
    first = json.loads(_build(game.parent, tmp_path / "out", "--json"))
    (kit,) = first
    assert kit["rebuilt"] and not kit["reused"]
    assert all(
        (tmp_path / "out" / "star-garden" / "a4" / name).is_file() for name in kit["rebuilt"]
    )
    (again,) = json.loads(_build(game.parent, tmp_path / "out", "--json"))
    assert again["rebuilt"] == [] and sorted(again["reused"]) == sorted(kit["rebuilt"])
    assert again["folder"] == kit["folder"]


def test_build_json_lists_what_an_edit_redraws(tmp_path):
    game = new_game(tmp_path / "content", "star-garden")
    _build(game.parent, tmp_path / "out")
    edit(game / "cards.yaml", "title: Second Card", "title: Second Card Prime")
    (kit,) = json.loads(_build(game.parent, tmp_path / "out", "--json"))
    assert kit["rebuilt"] and kit["reused"]  # some files drawn again, the rest kept
    assert all(name not in kit["reused"] for name in kit["rebuilt"])


def test_build_quiet_prints_nothing_and_still_builds(tmp_path):
    game = new_game(tmp_path / "content", "star-garden")
    assert _build(game.parent, tmp_path / "out", "--quiet") == ""
    assert any((tmp_path / "out" / "star-garden" / "a4").glob("*.pdf"))
    assert "reused" in _build(game.parent, tmp_path / "out")  # the plain report otherwise


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_status_line_shows_on_a_terminal_and_is_cleared():
    screen = _Terminal()
    status = Status(stream=screen)
    status("drawing 01-cards.pdf")
    status("preflight")
    assert "drawing 01-cards.pdf" in screen.getvalue() and "\rpreflight" in screen.getvalue()
    status.done()
    assert screen.getvalue().endswith("\r")  # the line is blanked before the report


def test_no_status_line_when_quiet_or_not_a_terminal():
    for status in (Status(True, _Terminal()), Status(False, io.StringIO())):
        status("drawing 01-cards.pdf")
        status.done()
        assert status.stream.getvalue() == ""


def test_a_build_tells_its_progress_each_file_as_it_is_drawn(tmp_path):
    from printkit.build.builder import build_targets
    from printkit.check.checker import PackCache

    game = new_game(tmp_path / "content", "star-garden")
    plugin, pack = PackCache(game.parent).load(game)
    heard: list[str] = []
    (report,) = build_targets(plugin, pack, tmp_path / "out", [("a4", False, (0, 0), "")],
                              progress=heard.append)  # fmt: skip
    drawn = [m.removeprefix("drawing ") for m in heard if m.startswith("drawing ")]
    assert drawn == report.rebuilt  # each file, in the order drawn, before preflight
    assert heard[-1].endswith(": preflight")


def test_build_json_reports_the_images_apart_from_the_kit(tmp_path):
    game = new_game(tmp_path / "content", "star-garden")
    kit, images = json.loads(_build(game.parent, tmp_path / "out", "--png", "--json"))
    assert kit["rebuilt"] and "images" not in kit
    assert images["images"]["written"] and images["lang"] == ""
    folder = tmp_path / "out" / "star-garden"
    assert all((folder / name).is_file() for name in images["images"]["written"])
