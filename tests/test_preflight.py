"""Preflight: every check catches a PDF broken on purpose, and every kit passes it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from reportlab.lib.colors import HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from printkit.render.fonts import BODY
from printkit.render.impose import MarkRoom, cut_marks, draw_marks
from printkit.render.pdf import finish, new_canvas, set_boxes
from printkit.render.preflight import preflight
from printkit.render.units import BLEED, MM, PAPERS, Box

from .conftest import CONTENT

A4 = PAPERS["a4"]
CARD = Box(60 * MM, 100 * MM, 63 * MM, 88 * MM)
FILL = HexColor("#3A7BD5")


def _sheet(draw=None, bleed: float = BLEED, marks: bool = True, kind: str = "sheet") -> bytes:
    """One A4 sheet with one card: background into the bleed, crop marks, a caption."""
    c, buffer = new_canvas(A4.width, A4.height, "test")
    c.note_page(kind, bleed)
    c.note_piece("card-1", CARD, token="disc" if kind == "sheet" else "")
    c.setFillColor(FILL)
    c.rect(*_xywh(CARD.outset(bleed)), stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont(BODY, 9)
    c.drawString(CARD.x + 5 * MM, CARD.cy, "Lemon")
    if marks:
        xs, ys = (CARD.x, CARD.right), (CARD.y, CARD.top)
        draw_marks(c, cut_marks(A4, CARD, xs, ys, MarkRoom()))
    if draw:
        draw(c)
    c.showPage()
    return finish(c, buffer)


def _xywh(box: Box) -> tuple[float, float, float, float]:
    return box.x, box.y, box.width, box.height


def _checks(files: dict[str, bytes]) -> list[str]:
    return [f.check for f in preflight(files)]


def test_a_clean_sheet_passes():
    assert preflight({"01-cards.pdf": _sheet()}) == []


def test_ink_near_the_paper_edge_is_caught():
    def near_edge(c: Canvas) -> None:
        c.setFillColor(black)
        c.rect(2 * MM, 150 * MM, 10 * MM, 10 * MM, stroke=0, fill=1)

    found = preflight({"01-cards.pdf": _sheet(near_edge)})
    assert [f.check for f in found] == ["edge"]
    assert "2.0 mm from the left paper edge" in found[0].message


def test_a_background_that_stops_at_the_cut_is_caught():
    found = preflight({"01-cards.pdf": _sheet(bleed=0.001)})
    assert found == []  # a page that claims no bleed is not measured for one
    c, buffer = new_canvas(A4.width, A4.height, "test")
    c.note_page("sheet", BLEED)
    c.note_piece("card-1", CARD, side="back")
    c.setFillColor(FILL)
    c.rect(*_xywh(CARD), stroke=0, fill=1)  # no bleed at all
    c.showPage()
    found = preflight({"01-cards.pdf": finish(c, buffer)})
    assert {f.check for f in found} == {"bleed"}
    assert {f.message.split(" cut")[0][-5:].strip() for f in found} >= {"left", "right"}
    assert found[0].piece == "card-1 (back)"


def test_text_under_six_points_is_caught():
    def tiny(c: Canvas) -> None:
        c.setFillColor(white)
        c.setFont(BODY, 5)
        c.drawString(CARD.x + 10 * MM, CARD.y + 20 * MM, "sold")

    found = preflight({"01-cards.pdf": _sheet(tiny)})
    assert [f.check for f in found] == ["text-size"]
    assert "5.0 pt" in found[0].message and found[0].piece == "card-1 (front)"


def test_text_scaled_down_is_measured_at_its_printed_size():
    def scaled(c: Canvas) -> None:
        c.saveState()
        c.translate(CARD.x + 10 * MM, CARD.y + 30 * MM)
        c.scale(0.5, 0.5)
        c.setFillColor(white)
        c.setFont(BODY, 10)
        c.drawString(0, 0, "came true")
        c.restoreState()

    assert _checks({"01-cards.pdf": _sheet(scaled)}) == ["text-size"]


def test_text_too_close_to_the_cut_is_caught():
    def close(c: Canvas) -> None:
        c.setFillColor(white)
        c.setFont(BODY, 8)
        c.drawRightString(CARD.right - 1.5 * MM, CARD.top - 10 * MM, "max $6")

    found = preflight({"01-cards.pdf": _sheet(close)})
    assert [f.check for f in found] == ["safe-zone"]
    assert re.search(r"text 1\.\d mm from the cut", found[0].message)  # ink, not the pen


def test_a_crop_mark_inside_a_piece_is_caught():
    def inside(c: Canvas) -> None:
        draw_marks(c, [(CARD.x + 5 * MM, CARD.top - 1 * MM, CARD.x + 5 * MM, CARD.top + 4 * MM)])

    found = preflight({"01-cards.pdf": _sheet(inside)})
    assert [f.check for f in found] == ["crop-mark"]
    assert "inside the piece" in found[0].message


def test_a_cut_without_a_crop_mark_is_caught():
    found = preflight({"01-cards.pdf": _sheet(marks=False)})
    assert [f.check for f in found] == ["crop-mark"]
    assert "no crop mark for the cut" in found[0].message


def test_a_crop_mark_across_text_is_caught():
    def crossing(c: Canvas) -> None:
        c.setFillColor(black)
        c.setFont(BODY, 8)
        c.drawString(CARD.x - 4 * MM, CARD.top + 4 * MM, "Event cards")

    found = preflight({"01-cards.pdf": _sheet(crossing)})
    assert [f.check for f in found] == ["crop-mark"]
    assert "crosses text" in found[0].message


def test_an_unembedded_font_is_caught():
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(A4.width, A4.height), invariant=1)  # reportlab's Helvetica
    c.drawString(30 * MM, 150 * MM, "Printing guide")
    c.showPage()
    c.save()
    found = preflight({"00-printing-guide.pdf": buffer.getvalue()})
    assert [f.check for f in found] == ["font"]
    assert "Helvetica is not embedded" in found[0].message


def _mat(space: Box, holds: str) -> bytes:
    c, buffer = new_canvas(A4.width, A4.height, "mat")
    c.note_page("pages")
    c.setStrokeColor(black)
    c.rect(*_xywh(space), stroke=1, fill=0)
    c.note_space("stock cell", space, holds)
    c.showPage()
    return finish(c, buffer)


def test_a_space_smaller_than_its_token_is_caught():
    tokens = _sheet()  # its card is a "disc" token of 63 x 88 mm
    small = _mat(Box(30 * MM, 100 * MM, 10 * MM, 100 * MM), "disc")
    found = preflight({"01-cards.pdf": tokens, "02-mat.pdf": small})
    assert [(f.check, f.file, f.piece) for f in found] == [("space", "02-mat.pdf", "stock cell")]
    assert "10.0 x 100.0 mm holds a disc token of 63.0 x 88.0 mm" in found[0].message
    roomy = _mat(Box(30 * MM, 100 * MM, 90 * MM, 64 * MM), "disc")  # turned, it fits
    assert preflight({"01-cards.pdf": tokens, "02-mat.pdf": roomy}) == []


def test_a_space_for_a_token_the_kit_lacks_is_caught():
    found = preflight({"02-mat.pdf": _mat(Box(30 * MM, 100 * MM, 20 * MM, 20 * MM), "marker")})
    assert [f.check for f in found] == ["space"]
    assert "no such token" in found[0].message


def test_a_rulebook_with_small_body_text_is_caught():
    def book(size: float) -> bytes:
        c, buffer = new_canvas(A4.width, A4.height, "rules")
        c.setFont(BODY, size)
        for line in range(40):
            c.drawString(20 * MM, 250 * MM - line * 5 * MM, "Roll the die and move.")
        c.showPage()
        return finish(c, buffer)

    found = preflight({"rulebook.pdf": book(8)})
    assert [f.check for f in found] == ["body-size"]
    assert preflight({"rulebook.pdf": book(9.5)}) == []


def test_a_print_shop_sheet_without_boxes_is_caught():
    def board(boxes: bool) -> bytes:
        c, buffer = new_canvas(A4.width, A4.height, "board")
        trim = Box(30 * MM, 30 * MM, 150 * MM, 200 * MM)
        if boxes:
            set_boxes(c, trim, trim.outset(BLEED))
        c.note_page("print-shop")
        c.setFillColor(FILL)
        c.rect(*_xywh(trim), stroke=0, fill=1)
        draw_marks(c, cut_marks(A4, trim, (trim.x, trim.right), (trim.y, trim.top), MarkRoom()))
        c.showPage()
        return finish(c, buffer)

    assert _checks({"board-a2.pdf": board(False)}) == ["boxes"]
    assert preflight({"board-a2.pdf": board(True)}) == []


@pytest.mark.slow
def test_a_failing_preflight_fails_the_build_and_keeps_the_old_kit(tmp_path: Path, monkeypatch):
    """A kit that would not print is never written: exit 2, file, page and piece named."""
    from printkit.cli import cli
    from printkit.render import preflight as module

    out = tmp_path / "out"
    args = ["build", "sandcastles", "--content", str(CONTENT), "--out", str(out), "--paper", "a4"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    guide = out / "sandcastles" / "a4" / "00-printing-guide.pdf"
    before = guide.read_bytes()
    broken = module.Finding("01-castle-cards.pdf", 3, "c07 (front)", "bleed", "white bleed")
    monkeypatch.setattr(module, "preflight", lambda files, checked=None, measured=None: [broken])
    result = CliRunner().invoke(cli, [*args, "--force"])
    assert result.exit_code == 2
    assert "01-castle-cards.pdf, page 3, c07 (front): white bleed" in result.output
    assert guide.read_bytes() == before


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_kit_passes_preflight(tmp_path: Path, paper: str):
    """Built at each paper size, every game's kit measures clean: the build preflights
    itself (and would exit 2), and `printkit preflight` re-reads every file it wrote. Every
    file reads the same with printkit's small PDF reader as with pypdf (test_pdfread.py)."""
    from printkit.cli import cli

    from .test_pdfread import check_readers_agree

    out = tmp_path / "out"
    result = CliRunner().invoke(
        cli, ["build", "--content", str(CONTENT), "--out", str(out), "--paper", paper]
    )
    assert result.exit_code == 0, result.output
    checked = CliRunner().invoke(
        cli, ["preflight", "--content", str(CONTENT), "--out", str(out), "--paper", paper]
    )
    assert checked.exit_code == 0, checked.output
    assert checked.output.count("ok  ") == 6  # five games, Lemonade Stand in two languages
    assert check_readers_agree(out) > 60


# -- measurements kept: an edit re-measures only the pages that changed ---------------------
def _two_pages(second_text: str) -> bytes:
    """Two sheets of one card each; only the second page's words differ between calls."""
    c, buffer = new_canvas(A4.width, A4.height, "test")
    for text in ("Lemon", second_text):
        c.note_page("sheet", BLEED)
        c.note_piece("card-1", CARD)
        c.setFillColor(FILL)
        c.rect(*_xywh(CARD.outset(BLEED)), stroke=0, fill=1)
        c.setFillColor(white)
        c.setFont(BODY, 9 if text != "tiny" else 4)
        c.drawString(CARD.x + 5 * MM, CARD.cy, text)
        draw_marks(c, cut_marks(A4, CARD, (CARD.x, CARD.right), (CARD.y, CARD.top), MarkRoom()))
        c.showPage()
    return finish(c, buffer)


@pytest.fixture
def counted(tmp_path, monkeypatch) -> list:
    """An empty disk cache of the test's own, and every page preflight rasterises."""
    from printkit.render import preflight as module

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    pages: list = []
    render = module._render
    monkeypatch.setattr(module, "_render", lambda page: pages.append(page) or render(page))
    return pages


@pytest.fixture
def measured(counted, monkeypatch) -> list:
    """Every page preflight measures (rasterised at its edges, its cuts or whole)."""
    from printkit.render import preflight as module

    pages: list = []
    check = module._check_page
    monkeypatch.setattr(module, "_check_page", lambda *args: pages.append(args[1]) or check(*args))
    return pages


def test_a_file_measured_before_is_not_rasterised_again(measured):
    files = {"01-cards.pdf": _two_pages("Lime")}
    assert preflight(files) == []
    assert measured == [1, 2]
    assert preflight(files) == [] and measured == [1, 2]


def test_an_edit_rasterises_only_the_page_that_changed(measured):
    assert preflight({"01-cards.pdf": _two_pages("Lime")}) == [] and measured == [1, 2]
    found = preflight({"01-cards.pdf": _two_pages("tiny")})
    assert measured == [1, 2, 2]  # the first page is the page measured before
    assert [(f.page, f.check) for f in found] == [(2, "text-size")]


def test_a_clean_card_sheet_is_measured_without_drawing_it_whole(counted):
    """The bleed is read from strips along the cuts, the paper edge from its bands: a
    clean sheet is never rasterised whole, and a bleed that stops short is still caught."""
    assert preflight({"01-cards.pdf": _sheet()}) == [] and counted == []
    c, buffer = new_canvas(A4.width, A4.height, "test")
    c.note_page("sheet", BLEED)
    c.note_piece("card-1", CARD)
    c.setFillColor(FILL)
    c.rect(*_xywh(CARD.outset(0.2 * MM)), stroke=0, fill=1)  # a bleed far short of 3 mm
    c.showPage()
    found = preflight({"01-cards.pdf": finish(c, buffer)})
    bleed = [f for f in found if f.check == "bleed"]
    assert sorted(f.message.split(" cut")[0].split()[-1] for f in bleed) == [
        "bottom",
        "left",
        "right",
        "top",
    ]
    assert counted == []  # (no crop marks either: found too)


def test_a_kept_finding_names_the_file_and_page_as_they_are_now(counted):
    broken = _two_pages("tiny")
    assert [(f.file, f.page) for f in preflight({"01-cards.pdf": broken})] == [("01-cards.pdf", 2)]
    found = preflight({"05-more-cards.pdf": broken})
    assert [(f.file, f.page) for f in found] == [("05-more-cards.pdf", 2)]
    assert "05-more-cards.pdf, page 2" in str(found[0])


def _plain_page(draw) -> bytes:
    """A plain document page (a rulebook's): text, and whatever ``draw`` adds."""
    c, buffer = new_canvas(A4.width, A4.height, "rules")
    c.setFont(BODY, 10)
    c.drawString(20 * MM, 250 * MM, "Roll the die and move.")
    draw(c)
    c.showPage()
    return finish(c, buffer)


@pytest.mark.parametrize(
    "side, rect",
    [
        ("left", (3 * MM, 100 * MM, 6 * MM, 6 * MM)),
        ("right", (A4.width - 4.2 * MM, 100 * MM, 2 * MM, 2 * MM)),
        ("top", (90 * MM, A4.height - 4.6 * MM, 30 * MM, 0.4 * MM)),
        ("bottom", (90 * MM, 0, 1 * MM, 1 * MM)),
    ],
)
def test_ink_at_a_document_pages_edge_is_caught_from_its_edge_bands(counted, side, rect):
    """A plain page is rasterised only along its edges (never whole), and still caught,
    with the finding the whole page's pixels give."""
    import pypdfium2 as pdfium

    from printkit.render import preflight as module

    def near(c: Canvas) -> None:
        c.setFillColor(black)
        c.rect(*rect, stroke=0, fill=1)

    data = _plain_page(near)
    found = preflight({"rulebook.pdf": data})
    assert [f.check for f in found] == ["edge"] and f"the {side} paper edge" in found[0].message
    assert counted == []  # no whole page drawn
    page = pdfium.PdfDocument(data)[0]
    width, height = page.get_size()
    whole = module._render(page).convert("L")
    bands = module.check_edges("rulebook.pdf", 1, module.Raster(page), width, height)
    assert bands == module.check_edges("rulebook.pdf", 1, whole, width, height) == found


def test_edge_bands_are_the_whole_pages_pixels():
    """Each band pdfium draws alone is pixel for pixel that band of the whole page, at the
    edges' anti-aliased boundaries too (shapes and text straddling each band's inner side)."""
    import pypdfium2 as pdfium
    from PIL import ImageChops

    from printkit.render import preflight as module

    def straddling(c: Canvas) -> None:
        c.setFillColor(black)
        for k in range(12):
            x = 4.3 * MM + k * 0.13 * MM  # across the band's inner side, sub-pixel steps
            c.rect(x, 20 * MM + k * 20 * MM, 1.7 * MM, 5 * MM, stroke=0, fill=1)
            c.rect(
                A4.width - x - 1.7 * MM, 30 * MM + k * 20 * MM, 1.7 * MM, 5 * MM, stroke=0, fill=1
            )
            c.rect(
                20 * MM + k * 14 * MM, A4.height - x - 1.1 * MM, 9 * MM, 1.1 * MM, stroke=0, fill=1
            )
            c.rect(25 * MM + k * 14 * MM, x, 9 * MM, 1.1 * MM, stroke=0, fill=1)
        c.setFont(BODY, 7)
        c.drawString(2 * MM, 140 * MM, "Edge words")

    page = pdfium.PdfDocument(_plain_page(straddling))[0]
    whole = module._render(page).convert("L")
    for side, (region, strip) in module.Raster(page).bands().items():
        assert strip.size == whole.crop(region).size, side
        assert ImageChops.difference(strip, whole.crop(region)).getbbox() is None, side


def test_a_guide_page_without_small_words_is_not_drawn_whole(counted):
    """A page without bleed (the guide, the reprint sheet's note) is drawn whole only to look
    at a word too small: a clean one is measured at its edges alone, a tiny word is caught."""

    def guide(size: float) -> bytes:
        c, buffer = new_canvas(A4.width, A4.height, "guide")
        c.note_page("guide", 0)
        c.setFont(BODY, size)
        c.drawString(20 * MM, 250 * MM, "Print pages 1 to 4 on card.")
        c.showPage()
        return finish(c, buffer)

    assert preflight({"00-printing-guide.pdf": guide(10)}) == [] and counted == []
    found = preflight({"00-printing-guide.pdf": guide(4)})
    assert [f.check for f in found] == ["text-size"] and len(counted) == 1


def _linked_book(second: str) -> bytes:
    """Two document pages; the first links to the second (as a contents line does)."""
    c, buffer = new_canvas(A4.width, A4.height, "rules")
    c.setFont(BODY, 10)
    c.drawString(20 * MM, 250 * MM, "Contents: the cards")
    c.linkAbsolute("the cards", "cards", (20 * MM, 248 * MM, 80 * MM, 256 * MM))
    c.showPage()
    c.bookmarkPage("cards")
    c.drawString(20 * MM, 250 * MM, second)
    c.showPage()
    return finish(c, buffer)


def test_a_page_linking_to_an_edited_page_is_not_measured_again(tmp_path, monkeypatch):
    """A page's digest is of what it prints: an edit to the page a link leads to changes
    that page's digest only, so preflight measures that page alone again."""
    from printkit.build.pages import page_digests
    from printkit.render import preflight as module

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    before, after = _linked_book("Event cards"), _linked_book("Event cards, sheet two")
    first, second = page_digests(before), page_digests(after)
    assert first[0] == second[0] and first[1] != second[1]
    measured: list[int] = []
    check = module._check_page

    def counting(name, number, page, record):
        measured.append(number)
        return check(name, number, page, record)

    monkeypatch.setattr(module, "_check_page", counting)
    assert preflight({"rulebook.pdf": before}) == [] and measured == [1, 2]
    assert preflight({"rulebook.pdf": after}) == [] and measured == [1, 2, 2]


def test_bleed_strips_read_as_the_whole_page_on_real_card_sheets(pack):
    """The strips pdfium draws along each cut give every bleed sample the whole page's
    verdict (ink or paper), and its colour to within one level of anti-aliasing, on
    Lemonade Stall's event sheet (fronts and backs) and its fold-and-glue sheet."""
    import pypdfium2 as pdfium
    from pypdf import PdfReader

    from printkit.build.builder import kit_for
    from printkit.build.parts import render_fold, render_part
    from printkit.kit import KitOptions
    from printkit.registry import plugins
    from printkit.render import preflight as module

    options = KitOptions(A4)
    kit = kit_for(plugins()[pack.id], pack, options)
    deck = next(p for p in kit.parts if p.id == "event-cards")
    files = [render_part(deck, kit, options), render_fold(deck, kit, options)]
    sampled = 0
    for data in files:
        document, reader = pdfium.PdfDocument(data), PdfReader(io.BytesIO(data))
        for number, pdf_page in enumerate(reader.pages):
            record = module.read_record(pdf_page)
            page = document[number]
            height = page.get_size()[1]
            outside = max(record.bleed - 1 * MM, record.bleed * 0.6)
            sides = [
                (p, side, list(module._edge_samples(p.box, side, 0.5 * MM, outside)))
                for p in record.pieces
                for side in ("left", "right", "top", "bottom")
                if not module._neighbour(p, record.pieces, side)
            ]
            strips = module.Raster(page).colours(height, module._by_cut(sides))
            whole = module._pixels(module._render(page))
            for point, colour in strips.items():
                other = whole(height, *point)
                assert module._is_paper(colour) == module._is_paper(other), point
                assert max(abs(a - b) for a, b in zip(colour, other, strict=True)) <= 1, point
            sampled += len(strips)
    assert sampled > 1000


def test_a_measurement_kept_in_memory_is_a_miss_when_torn_or_building_afresh(measured):
    """A watch round's process keeps measurements in memory beside the disk cache: a page
    is measured once, a torn copy (or one a build from scratch must not read) is a miss."""
    from printkit.build import diskcache
    from printkit.render import preflight as module

    files = {"01-cards.pdf": _two_pages("Lime")}
    assert preflight(files) == [] and measured == [1, 2]
    assert preflight(files) == [] and measured == [1, 2]
    kept = module._kept().values
    for key in list(kept):
        kept[key] = b'{"findings": ['  # torn
    for entry in diskcache.cache_folder(module.CACHE_KIND).iterdir():
        entry.unlink()
    assert preflight(files) == [] and measured == [1, 2, 1, 2]
    with diskcache.fresh():
        assert preflight(files) == [] and measured == [1, 2, 1, 2, 1, 2]
