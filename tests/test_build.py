"""The Lemonade Stall kit read back from its PDFs: sizes, counts, fonts, boxes, text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.cli import cli
from printkit.content.typography import typeset_text
from printkit.games.lemonade_stall.content import load
from tests.conftest import CONTENT, edit, page_text

SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def build(content: Path, out: Path, *extra: str):
    return CliRunner().invoke(
        cli,
        ["build", "lemonade-stall", "--content", str(content), "--out", str(out), *extra],
        catch_exceptions=False,
    )


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    result = build(CONTENT, out)
    assert result.exit_code == 0, result.output
    return out / "lemonade-stall"


def words(text: str) -> str:
    """Text as printed: set by the English typographic rules, spaces collapsed."""
    return " ".join(typeset_text(text, "en").split())


def page_texts(path: Path) -> list[str]:
    return [words(page_text(page)) for page in PdfReader(path).pages]


def pages_of(texts: list[str], title: str) -> list[str]:
    return [t for t in texts if f"{title} — " in t]


def pdfs(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.pdf"))


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_page_has_the_paper_size(kits, paper):
    w, h = SIZES[paper]
    for path in pdfs(kits / paper):
        if path.name.startswith("board-"):
            continue  # the print-shop sheet
        for page in PdfReader(path).pages:
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert size == pytest.approx(sorted((w, h)), abs=0.5), path.name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_guide_lists_every_file_with_its_page_count(kits, paper):
    guide = page_texts(kits / paper / "00-printing-guide.pdf")[0]
    assert "printing guide" in guide
    listed = re.findall(r"(\d\d-[a-z-]+\.pdf) \((\d+) p\.\)", guide)
    numbered = [p.name for p in pdfs(kits / paper) if re.match(r"\d\d-", p.name)]
    assert len(listed) == len(numbered) - 1  # every numbered part but the guide itself
    for name, pages in listed:
        assert len(PdfReader(kits / paper / name).pages) == int(pages), name
    on_disk = {p.name for p in pdfs(kits / paper)}
    assert {name for name, _ in listed} <= on_disk
    for name in on_disk - {name for name, _ in listed} - {"00-printing-guide.pdf"}:
        assert name in guide  # fold-and-glue, print-shop board, rulebook


def test_page_counts_follow_the_component_counts(kits):
    pack = load(CONTENT / "lemonade-stall")
    events = page_texts(kits / "a4" / "04-event-cards.pdf")
    sheets = -(-sum(e.copies for e in pack.events) // 9)
    assert len([t for t in events if "front" in t]) == sheets
    assert len([t for t in events if ", back" in t]) == sheets
    mats = page_texts(kits / "a4" / "03-player-mats.pdf")
    assert len(mats) == pack.component("player-mats").count
    prices = page_texts(kits / "a4" / "06-price-cards.pdf")
    cards = pack.component("price-cards").count * len(pack.player_colours)
    assert len([t for t in prices if "front" in t]) == -(-cards // 9)  # colours share sheets


def test_card_text_equals_the_content(kits):
    pack = load(CONTENT / "lemonade-stall")
    events = " ".join(page_texts(kits / "a4" / "04-event-cards.pdf"))
    for event in pack.events:
        assert words(event.title) in events
        assert words(event.text) in events
        assert words(event.change.printed or "no change") in events
    benefits = " ".join(page_texts(kits / "a4" / "05-benefit-cards.pdf"))
    for benefit in pack.benefits:
        assert words(benefit.text) in benefits
    mats = " ".join(page_texts(kits / "a4" / "03-player-mats.pdf"))
    for item in pack.items:
        assert f"{item.name} ${item.price_one} ${item.price_bulk} {pack.max_per_item}" in mats
    for colour in pack.player_colours:
        assert f"{colour.name} stand" in mats


@pytest.mark.parametrize("name", ["01-board.pdf", "04-event-cards.pdf", "07-tokens.pdf"])
def test_every_font_is_embedded(kits, name):
    reader = PdfReader(kits / "a4" / name)
    seen = 0
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for font in fonts.values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            assert descriptor is not None, font
            descriptor = descriptor.get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            seen += 1
    assert seen


def test_card_sheets_carry_trim_and_bleed_boxes(kits):
    reader = PdfReader(kits / "a4" / "04-event-cards.pdf")
    texts = [words(page_text(p)) for p in reader.pages]
    for page, text in zip(reader.pages, texts):
        if "Event cards — sheet" in text:
            trim, bleed = page.trimbox, page.bleedbox
            assert float(trim.width) == pytest.approx(3 * 63 * 72 / 25.4, abs=0.5)
            assert float(bleed.width) == pytest.approx(
                float(trim.width) + 2 * 3 * 72 / 25.4, abs=0.5
            )


@pytest.mark.slow
def test_two_builds_are_byte_identical(kits, tmp_path):
    assert build(CONTENT, tmp_path).exit_code == 0
    for path in pdfs(kits / "a4"):
        rebuilt = tmp_path / "lemonade-stall" / "a4" / path.name
        assert rebuilt.read_bytes() == path.read_bytes(), path.name


def test_kit_stays_small(kits):
    total = sum(p.stat().st_size for p in pdfs(kits / "a4") if not p.name.startswith("fold-"))
    assert total < 2 * 1024 * 1024


@pytest.mark.slow
def test_a_chart_change_reaches_the_pdf(content_copy, tmp_path):
    edit(
        content_copy / "lemonade-stall" / "sales.yaml",
        "sunny: [7, 9, 11, 12, 13]",
        "sunny: [7, 9, 11, 12, 14]",
    )
    assert build(content_copy, tmp_path, "--paper", "a4").exit_code == 0
    text = " ".join(page_texts(tmp_path / "lemonade-stall" / "a4" / "02-sales-charts.pdf"))
    three = text.split("3 players")[1].split("4 players")[0]
    assert "Sunny 7 (2) 9 (2) 11 (2) 12 (2) 14 (2)" in three
    assert "13 (2)" not in three


def test_an_overlong_card_text_fails_the_build(content_copy, tmp_path):
    edit(
        content_copy / "lemonade-stall" / "events.yaml",
        "text: Nothing out of the ordinary happens today.",
        "text: " + "Nothing out of the ordinary happens today. " * 30,
    )
    result = CliRunner().invoke(
        cli, ["build", "lemonade-stall", "--content", str(content_copy), "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "event card 'all-calm' text" in result.output
    assert "does not fit" in result.output
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.slow
def test_ink_saver_builds_beside_the_normal_kit(tmp_path):
    assert build(CONTENT, tmp_path, "--paper", "letter", "--ink-saver").exit_code == 0
    assert (tmp_path / "lemonade-stall" / "letter-ink-saver" / "04-event-cards.pdf").is_file()


@pytest.mark.slow
def test_png_and_tts_exports(tmp_path):
    result = build(CONTENT, tmp_path, "--paper", "a4", "--png", "--tts")
    assert result.exit_code == 0, result.output
    from PIL import Image

    events = tmp_path / "lemonade-stall" / "png" / "event-cards"
    card = Image.open(events / "theft-x1.png")
    assert card.size == (825, 1125)  # poker, 2.5 x 3.5 in plus 1/8 in bleed, at 300 dpi
    assert (events / "all-calm-x3.png").exists() and not (events / "all-calm-x1.png").exists()
    sheet = Image.open(tmp_path / "lemonade-stall" / "tts" / "event-cards-faces-1.png")
    assert abs(sheet.size[0] - 10 * 63 / 25.4 * 150) <= 10


# -- print craft: what preflight measures, and what the kit declares to it -------------------
def _records(path: Path):
    from printkit.render.preflight import read_record

    return [read_record(page) for page in PdfReader(path).pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_space_for_a_token_is_a_millimetre_larger(kits, paper):
    """Mats hold goods tokens, the sales table cup-sold tokens, benefit cards bonus
    tokens: each space is declared in the PDF and is the token plus a millimetre."""
    token = load(CONTENT / "lemonade-stall").kit.token.width * 72 / 25.4
    spaces = [
        s
        for path in pdfs(kits / paper)
        if not path.name.startswith(("board-", "reprint"))
        for record in _records(path)
        for s in record.spaces
    ]
    assert {s.holds for s in spaces} == {"goods", "cup-sold", "bonus"}
    for space in spaces:
        w, h = space.box[2] - space.box[0], space.box[3] - space.box[1]
        assert min(w, h) >= token + 72 / 25.4 - 0.05, space


def test_tokens_name_their_kind_and_goods_tokens_carry_no_goods_symbol(kits):
    pieces = [p for r in _records(kits / "a4" / "07-tokens.pdf") for p in r.pieces]
    kinds = {p.label.split("-")[0]: p.token for p in pieces if p.side == "front"}
    assert kinds["resource"] == "goods" and kinds["cup"] == "cup-sold"
    assert kinds["item"] == "bonus"


def test_player_symbols_share_no_meaning_with_weather():
    pack = load(CONTENT / "lemonade-stall")
    players = {c.symbol for c in pack.player_colours}
    assert len(players) == len(pack.player_colours)
    assert not players & {c.symbol for c in pack.conditions}


def test_the_tokens_advice_names_the_punch_their_circles_need(kits):
    guide = words(page_texts(kits / "a4" / "00-printing-guide.pdf")[0])
    assert "punch the 16 mm circles with a 5/8 in punch" in guide  # 18 mm squares, 1 mm rim
    assert "1 in punch" not in guide


def test_a_kit_with_backs_has_a_calibration_page_the_guide_explains(kits):
    guide = words(page_texts(kits / "a4" / "00-printing-guide.pdf")[0])
    assert "calibration.pdf" in guide and "in your printer\u2019s settings" in guide
    assert "--" not in guide, "a player who downloaded the kit runs no command line"
    assert "Plain paper is fine for the pages printed whole (Player mats" in guide  # charts: card
    calibration = page_texts(kits / "a4" / "calibration.pdf")
    assert len(calibration) == 2 and "Hold the sheet up to a window" in calibration[0]


def test_the_print_shop_board_has_boxes_and_crop_marks(kits):
    import pypdfium2 as pdfium

    from printkit.render.preflight import read_marks

    path = kits / "a4" / "board-a2.pdf"
    record = _records(path)[0]
    assert record.kind == "print-shop" and record.trim and record.bleed_box
    x0, y0, x1, y1 = record.trim
    assert (round((x1 - x0) * 25.4 / 72), round((y1 - y0) * 25.4 / 72)) == (500, 360)
    marks = read_marks(pdfium.PdfDocument(path)[0])
    assert len(marks) == 8  # two at each corner, outside the trim


def test_the_markers_fill_the_rows_the_tokens_leave_empty(kits):
    """220 tokens of 18 mm take a sheet and a half of A4; the 17 markers of 30 mm go in
    the empty half (two sheets, not three); on Letter they would not all fit, so they
    keep a sheet of their own rather than be split."""
    pack = load(CONTENT / "lemonade-stall")
    markers = 2 * len(pack.conditions) + 2 * len(pack.temperatures) + 1
    for paper, sheets in (("a4", 2), ("letter", 3)):
        records = _records(kits / paper / "07-tokens.pdf")
        assert len(records) == sheets
        labels = [p.label for r in records for p in r.pieces]
        assert (
            sum(label.startswith(("condition", "temperature", "first")) for label in labels)
            == markers
        )
    second = _records(kits / "a4" / "07-tokens.pdf")[1]
    sizes = {round((p.box[2] - p.box[0]) * 25.4 / 72) for p in second.pieces}
    assert sizes == {18, 30}
