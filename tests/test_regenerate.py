"""Regeneration you can trust: what a part reads decides its reuse; reprint by printed pages.

The cases of issue 15: a card size the old hand-written inputs missed (a stale
file), one event title that reprinted the whole kit (needless reprints), and a
printing guide that remembered the build's history.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.build.builder import GUIDE_FILE, MANIFEST, REPRINT_FILE, build_game
from printkit.build.pages import page_digests
from printkit.check.checker import PackCache
from printkit.cli import cli
from printkit.kit import KitOptions
from printkit.render.units import MM, PAPERS
from tests.conftest import STALL as STALL_CONTENT
from tests.conftest import edit

STALL = "lemonade-stall"
GAME = "pirate-picnic"
TITLE = ("title: Strange Weather", "title: Odd Weather")


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def build(content: Path, game: str, out: Path, force: bool = False):
    plugin, pack = PackCache(content).load(content / game)
    return build_game(plugin, pack, out, KitOptions(PAPERS["a4"]), force=force)


def files(folder: Path) -> dict[str, bytes]:
    """Every file of a kit folder but the manifest and reprint.pdf (which tell history)."""
    skip = {MANIFEST, REPRINT_FILE}
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name not in skip}


def trim_mm(pdf: Path) -> tuple[float, float]:
    box = PdfReader(pdf).pages[0].trimbox
    return round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)


@pytest.fixture
def new_game(tmp_path: Path) -> Path:
    result = run("new", GAME, "--content", str(tmp_path / "content"))
    assert result.exit_code == 0, result.output
    return tmp_path / "content"


def test_a_new_card_size_is_reported_and_rebuilt(new_game, tmp_path):
    out = tmp_path / "out"
    build(new_game, GAME, out)
    cards = out / GAME / "a4" / "01-cards.pdf"
    width, height = trim_mm(cards)
    assert width % 63 == 0 and height % 88 == 0  # a block of 63 x 88 mm cards
    edit(
        new_game / GAME / "game.yaml",
        "card: {width: 63, height: 88}",
        "card: {width: 70, height: 70}",
    )
    diff = run("diff", GAME, "--content", str(new_game), "--out", str(out))
    assert "0 component(s) changed" not in diff.output
    assert "card_width: 63.0 -> 70.0" in diff.output
    report = build(new_game, GAME, out)
    assert "01-cards.pdf" in report.rebuilt
    width, height = trim_mm(cards)
    assert width % 70 == 0 and height % 70 == 0 and width <= 210 - 2 * 5
    fresh = tmp_path / "fresh"
    build(new_game, GAME, fresh, force=True)
    assert files(out / GAME / "a4") == files(fresh / GAME / "a4")


@pytest.fixture(scope="module")
def stall_built(tmp_path_factory) -> tuple[Path, Path]:
    """A copy of Lemonade Stall's content built once at A4, and the folder every test works in.

    The manifest names the content's art by its path, so each test gets a fresh copy of
    this build at the same path: as if it had built the kit there itself.
    """
    base = tmp_path_factory.mktemp("stall")
    work, kept = base / "work", base / "kept"
    shutil.copytree(STALL_CONTENT, work / "content" / STALL)
    build(work / "content", STALL, work / "out")
    shutil.copytree(work, kept)
    return work, kept


@pytest.fixture
def stall(stall_built) -> tuple[Path, Path]:
    work, kept = stall_built
    shutil.rmtree(work)
    shutil.copytree(kept, work)
    return work / "content", work / "out"


def test_one_event_title_reprints_only_its_sheet(stall, tmp_path):
    content, out = stall
    folder = out / STALL / "a4"
    before = {p.name: (p.stat().st_ino, p.stat().st_mtime_ns) for p in folder.iterdir()}
    old_events = page_digests((folder / "04-event-cards.pdf").read_bytes())
    edit(content / STALL / "events.yaml", *TITLE)
    report = build(content, STALL, out)
    printed = {n for n in report.rebuilt if not n.startswith("rulebook")}
    assert printed == {"04-event-cards.pdf", "fold-event-cards.pdf"}
    for name in ("01-board.pdf", "03-player-mats.pdf", "07-tokens.pdf", GUIDE_FILE):
        path = folder / name
        assert (path.stat().st_ino, path.stat().st_mtime_ns) == before[name], name
    new_events = page_digests((folder / "04-event-cards.pdf").read_bytes())
    changed = [n for n, (d, old) in enumerate(zip(new_events, old_events, strict=True)) if d != old]
    assert changed and len(changed) < len(new_events)  # one sheet, not the deck
    # every event card has a back: a sheet is a front page and the back page after it
    sheets = sorted({n - n % 2 for n in changed})
    expected = [new_events[n + side] for n in sheets for side in (0, 1)]
    reprint = (folder / REPRINT_FILE).read_bytes()
    assert page_digests(reprint)[1:] == expected
    note = PdfReader(io.BytesIO(reprint)).pages[0].extract_text()
    assert "Event cards, sheet" in note and "strange-weather" in note
    assert [s.part for s in report.reprinted] == ["event-cards"]


@pytest.mark.slow  # a second whole forced build: everyday, the words edit below and the new
# card size above check an incremental build after an edit against a forced one, guide and all
def test_the_guide_after_an_edit_is_a_forced_builds(stall, tmp_path):
    content, out = stall
    edit(content / STALL / "events.yaml", *TITLE)
    build(content, STALL, out)
    fresh = tmp_path / "fresh"
    build(content, STALL, fresh, force=True)
    assert files(out / STALL / "a4") == files(fresh / STALL / "a4")
    guide = PdfReader(out / STALL / "a4" / GUIDE_FILE).pages[0].extract_text()
    assert "reprint" not in guide.lower()


def test_a_manifest_records_paths_and_values(stall):
    _, out = stall
    manifest = json.loads((out / STALL / "a4" / MANIFEST).read_text())
    assert manifest["reads"]["event-cards"]["events[strange-weather].title"] == "'Strange Weather'"
    assert "events[strange-weather].title" not in manifest["reads"]["board"]
    assert all(isinstance(d, str) for d in manifest["pages"]["board"])


def test_diff_json_names_the_value_and_the_sheet(stall):
    content, out = stall
    edit(content / STALL / "events.yaml", *TITLE)
    result = run("diff", STALL, "--json", "--content", str(content), "--out", str(out))
    report = json.loads(result.output)[0]
    parts = {p["part"]: p for p in report["parts"]}
    assert set(parts) == {"event-cards"}
    values = parts["event-cards"]["values"]
    assert {
        "path": "events[strange-weather].title",
        "before": "'Strange Weather'",
        "after": "'Odd Weather'",
    } in values
    assert parts["event-cards"]["sheets"] and len(parts["event-cards"]["sheets"]) == 1


def test_an_edit_undone_reprints_the_sheet_again(stall):
    content, out = stall
    edit(content / STALL / "events.yaml", *TITLE)
    build(content, STALL, out)
    edit(content / STALL / "events.yaml", TITLE[1], TITLE[0])  # back as first printed
    report = build(content, STALL, out)
    assert [s.part for s in report.reprinted] == ["event-cards"]  # differs from the last build
    noop = build(content, STALL, out)
    assert noop.rebuilt == [] and (out / STALL / "a4" / REPRINT_FILE).exists()


def test_one_sentence_of_words_redraws_only_what_prints_it(stall, tmp_path):
    """words.yaml is read a sentence at a time: the board's heading redraws the board
    (and the rulebook that pictures it), never the cards or mats that print other words."""
    content, out = stall
    edit(content / STALL / "words.yaml", "board.game_end: Game end", "board.game_end: The end")
    report = build(content, STALL, out)
    printed = {n for n in report.rebuilt if not n.startswith("rulebook")}
    assert printed and all("board" in name for name in printed), printed
    assert [s.part for s in report.reprinted] == ["board"]
    manifest = json.loads((out / STALL / "a4" / MANIFEST).read_text())
    assert manifest["reads"]["board"]["words.by_key[board.game_end]"] == "'The end'"
    assert "words.by_key[board.game_end]" not in manifest["reads"]["event-cards"]
    fresh = tmp_path / "fresh"
    build(content, STALL, fresh, force=True)
    assert files(out / STALL / "a4") == files(fresh / STALL / "a4")
