"""Shared drawing machinery: imposition geometry, tiling, text fitting, atomic writes."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.errors import RenderError
from printkit.render.fonts import BODY, fit
from printkit.render.impose import Piece, crop_marks, grid_for, sheets
from printkit.render.pdf import write_atomic
from printkit.render.tiling import OVERLAP, plan_tiles
from printkit.render.units import BLEED, CROP_GAP, MM, PAPERS, PRINT_EDGE

POKER = (63 * MM, 88 * MM)


@pytest.mark.parametrize(("paper", "layout"), [("a4", (3, 3, False)), ("letter", (4, 2, True))])
def test_poker_cards_fit_each_paper_with_marks_that_print(paper, layout):
    """A4 takes nine portrait; US Letter is 11 mm too short for three rows with marks
    5 mm inside the edge, so it takes eight on a landscape sheet."""
    grid = grid_for(PAPERS[paper], *POKER)
    assert (grid.cols, grid.rows, grid.landscape) == layout
    bleed_box = grid.block.outset(BLEED)
    assert bleed_box.x >= PRINT_EDGE and bleed_box.y >= PRINT_EDGE
    assert grid.paper.height - bleed_box.top >= PRINT_EDGE


def _crosses(segment, box) -> bool:
    x0, y0, x1, y1 = segment
    lo_x, hi_x = sorted((x0, x1))
    lo_y, hi_y = sorted((y0, y1))
    return lo_x < box.right and hi_x > box.x and lo_y < box.top and hi_y > box.y


@given(
    st.sampled_from(sorted(PAPERS)), st.integers(15, 95), st.integers(15, 120), st.integers(1, 40)
)
def test_crop_marks_stay_outside_every_piece_and_inside_the_printers_reach(paper, w, h, count):
    """Marks start 2 mm outside the cut (the convention), so they may cross the outer
    millimetre of the bleed that is cut away, never a piece; and they stay 5 mm inside
    the paper edge."""
    try:
        grid = grid_for(PAPERS[paper], w * MM, h * MM)
    except RenderError:
        return
    count = min(count, grid.per_sheet)
    marks = crop_marks(grid, count)
    for index in range(count):
        slot = grid.slot(index).outset(CROP_GAP - 0.01)
        assert not any(_crosses(m, slot) for m in marks)
    for x0, y0, x1, y1 in marks:
        for x, y in ((x0, y0), (x1, y1)):
            assert PRINT_EDGE - 0.01 <= x <= grid.paper.width - PRINT_EDGE + 0.01
            assert PRINT_EDGE - 0.01 <= y <= grid.paper.height - PRINT_EDGE + 0.01


def test_backs_mirror_what_a_long_edge_flip_mirrors():
    """Columns on a portrait sheet; on a landscape one the long edge is the top, so rows."""
    grid = grid_for(PAPERS["a4"], *POKER)
    assert grid.slot(0, mirrored=True) == grid.slot(2)
    assert grid.slot(4, mirrored=True) == grid.slot(4)
    wide = grid_for(PAPERS["letter"], *POKER)
    assert wide.slot(0, mirrored=True) == wide.slot(4)
    assert wide.slot(6, mirrored=True) == wide.slot(2)


def test_groups_share_sheets_so_every_slot_fills():
    """Six price cards for each of four colours fill three sheets of nine, not four."""
    pieces = [Piece(str(i), lambda c, b: None, group="abcd"[i // 6]) for i in range(24)]
    chunks = sheets(pieces, 9)
    assert [len(chunk) for chunk in chunks] == [9, 9, 6]
    assert [p.label for chunk in chunks for p in chunk] == [str(i) for i in range(24)]


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize(("w", "h"), [(500, 360), (594, 420), (300, 300)])
def test_tiles_cover_the_board_with_a_glue_overlap(paper, w, h):
    _, tiles = plan_tiles(w * MM, h * MM, PAPERS[paper])
    xs = sorted({(t.region.x, t.region.right) for t in tiles})
    assert xs[0][0] == 0 and abs(xs[-1][1] - w * MM) < 0.01
    for (_, right), (left, _) in zip(xs, xs[1:]):
        assert abs(right - left - OVERLAP) < 0.01
    assert len({t.label for t in tiles}) == len(tiles)


def test_fit_shrinks_then_fails_with_the_text():
    fitted = fit("A short line", BODY, 60 * MM, 10 * MM, 12)
    assert fitted.size == 12
    long = "word " * 200
    with pytest.raises(RenderError, match="does not fit .* minimum size of 7 pt"):
        fit(long, BODY, 50 * MM, 30 * MM, 12, what="card 'x' text")


def test_write_atomic_leaves_no_temp_files(tmp_path: Path):
    target = tmp_path / "a" / "kit.pdf"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert [p.name for p in target.parent.iterdir()] == ["kit.pdf"]


def test_every_language_has_every_label():
    from printkit.render.labels import LABELS

    keys = [set(labels) for labels in LABELS.values()]
    assert all(k == keys[0] for k in keys)


def test_the_guide_speaks_the_kits_language(pack):
    from pypdf import PdfReader

    from printkit.build.parts import render_guide
    from printkit.games.lemonade_stall.kit import kit
    from printkit.kit import KitOptions

    options = KitOptions(PAPERS["a4"], lang="ru")
    data = render_guide(kit(pack, options), options, ["fold-event-cards.pdf"])
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "Как печатать" in text and "двусторонняя" in text


def test_the_calibration_back_is_drawn_with_the_offset_it_measures(pack):
    """The back's cross sits where --back-offset puts the backs: a build with the measured
    offset prints it centred on the front's scales."""
    import pypdfium2 as pdfium

    from printkit.build.parts import render_calibration
    from printkit.games.lemonade_stall.kit import kit
    from printkit.kit import KitOptions

    options = KitOptions(PAPERS["a4"], back_offset=(2 * MM, -1 * MM))
    page = pdfium.PdfDocument(render_calibration(kit(pack, options), options))[1]
    bounds = [obj.get_bounds() for obj in page.get_objects(filter=[pdfium.raw.FPDF_PAGEOBJ_PATH])]
    x0, y0, x1, y1 = (f(b[i] for b in bounds) for f, i in ((min, 0), (min, 1), (max, 2), (max, 3)))
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    assert centre == pytest.approx((PAPERS["a4"].width / 2 + 2 * MM, PAPERS["a4"].height / 2 - MM))


@pytest.mark.parametrize(
    ("circle", "square", "punch"),
    [(16, 18, "5/8 in"), (10.4, 12, "3/8 in"), (25, 27, "1 in"), (8, 9, None)],
)
def test_the_punch_is_the_largest_that_cuts_the_circle_inside_its_square(circle, square, punch):
    from printkit.render.units import punch_for

    assert punch_for(circle * MM, square * MM) == punch


def test_guide_advice_fits_the_kit():
    """No plain-paper advice without whole pages, no duplex advice without backs."""
    from printkit.kit import Deck, Kit, Pages
    from printkit.render.guide import advice
    from printkit.render.labels import ENGLISH

    def draw(c, box):
        return None

    single = Deck("tokens", "Tokens", 18 * MM, 18 * MM, (Piece("t", draw),))
    duplex = Deck("cards", "Cards", 63 * MM, 88 * MM, (Piece("c", draw, draw),))
    mats = Pages("mats", "Player mats", (draw,))
    plain = " ".join(advice(Kit("g", "G", (single,)), ENGLISH))
    assert "Plain paper" not in plain and "double-sided" not in plain
    full = " ".join(advice(Kit("g", "G", (duplex, mats)), ENGLISH))
    assert "pages printed whole (Player mats)" in full and "calibration.pdf" in full
    assert "--" not in full, "a player who downloaded the kit runs no command line"


def test_the_guide_names_the_fold_files_once_and_sets_its_quotes(pack):
    """One sentence for every fold-and-glue file, the HTML rulebook said to be for screens,
    and typographic apostrophes in every printed word (the printer's settings)."""
    from pypdf import PdfReader

    from printkit.build.parts import render_guide
    from printkit.games.lemonade_stall.kit import kit
    from printkit.kit import KitOptions

    options = KitOptions(PAPERS["a4"])
    files = ["fold-event-cards.pdf", "fold-benefit-cards.pdf", "rulebook.pdf", "rulebook.html"]
    data = render_guide(kit(pack, options), options, files)
    text = " ".join(PdfReader(io.BytesIO(data)).pages[0].extract_text().split())
    assert text.count("fold-and-glue sheets, for printers") == 1
    assert "fold-event-cards.pdf, fold-benefit-cards.pdf:" in text
    assert "rulebook.html: the rulebook for reading on screen" in text
    assert "printer\u2019s settings" in text and "'" not in text and '"' not in text


def test_the_calibration_page_sets_its_apostrophes_and_minus_signs(pack):
    """Strings drawn straight on the kit's canvas pass the typography filter too: the
    scales read −10 and −20 with a true minus, the steps say cross’s and printer’s."""
    from pypdf import PdfReader

    from printkit.build.parts import render_calibration
    from printkit.games.lemonade_stall.kit import kit
    from printkit.kit import KitOptions

    options = KitOptions(PAPERS["a4"])
    text = PdfReader(io.BytesIO(render_calibration(kit(pack, options), options))).pages[0]
    words = text.extract_text()
    assert "cross\u2019s" in words and "\u221220" in words and "\u221210" in words
    assert "'" not in words and not re.search(r"-\d", words)


# -- words too small for a picture -------------------------------------------------------
def _tiny_and_large(c, box) -> None:
    c.setFont("Helvetica", 10)
    c.drawString(0, 0, "small (words)")
    c.setFont("Helvetica", 30)
    c.drawString(0, 50, "LARGE")


def _drawn_sizes(scale: float) -> dict[str, float]:
    """Each word the filtered drawing prints, and its size on the page, read back."""
    import io

    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from printkit.render.legibility import without_small_text
    from printkit.render.units import Box

    buffer = io.BytesIO()
    c = Canvas(buffer)
    c.translate(100, 100)
    c.scale(scale, scale)
    without_small_text(_tiny_and_large, 6.0)(c, Box(0, 0, 100, 100))
    c.showPage()
    c.save()
    sizes = {}

    def visit(text, cm, tm, font, size):
        if text.strip():
            sizes[text.strip()] = size * (tm[0] * cm[0] + tm[1] * cm[2])

    PdfReader(buffer).pages[0].extract_text(visitor_text=visit)
    return sizes


def test_a_picture_leaves_out_words_it_would_print_under_six_points():
    """At a third of its size 10 pt words would print at 3.3 pt: left out; 30 pt words
    print at 10 pt and stay."""
    sizes = _drawn_sizes(1 / 3)
    assert set(sizes) == {"LARGE"}
    assert sizes["LARGE"] == pytest.approx(10.0)


def test_a_picture_at_full_size_keeps_every_word():
    assert set(_drawn_sizes(1.0)) == {"small (words)", "LARGE"}


def test_a_greeked_picture_draws_a_bar_where_each_small_word_stood():
    """Asked to greek, the filter still leaves the small words out, and draws a bar from
    where each began, about as long as its letters, after its text object ends."""
    import re

    from reportlab.lib.colors import Color
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen.canvas import Canvas

    from printkit.render.legibility import without_small_text
    from printkit.render.units import Box

    c = Canvas(None)
    c.scale(1 / 3, 1 / 3)
    start = len(c._code)
    without_small_text(_tiny_and_large, 6.0, Color(0.5, 0.5, 0.5))(c, Box(0, 0, 100, 100))
    code = " ".join(c._code[start:])
    assert "(small" not in code and "(LARGE)" in code
    bars = re.findall(
        r"ET q 1 0 0 1 (\S+) (\S+) cm 0\.5 0\.5 0\.5 rg (\S+) \S+ (\S+) \S+ re f Q", code
    )
    assert len(bars) == 1
    x, y, at, width = (float(v) for v in bars[0])
    assert (x, y, at) == (0, 0, 0)
    assert width == pytest.approx(stringWidth("small (words)", "Helvetica", 10), rel=0.3)


def test_a_board_note_after_the_gluing_sentence_starts_as_a_sentence(pack):
    """The board's own note follows the shared gluing sentence: "… dashed line. The sales
    chart …", not a lower-case start after a full stop."""
    from pypdf import PdfReader

    from printkit.build.parts import render_guide
    from printkit.games.lemonade_stall.kit import kit
    from printkit.kit import KitOptions

    options = KitOptions(PAPERS["a4"])
    text = " ".join(
        PdfReader(io.BytesIO(render_guide(kit(pack, options), options, [])))
        .pages[0]
        .extract_text()
        .split()
    )
    note = pack.words.by_key["deck.board_note"]
    assert f"dashed line. {note[:1].upper()}{note[1:]}" in text
