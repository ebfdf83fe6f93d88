"""The shared layout layer: number formats, text boxes that fit or fail, hyphenation,
rich text and lists, read back from the PDFs they draw."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import RenderError
from printkit.render.fonts import BODY, BOLD, width, wrap
from printkit.render.formats import money, names, signed, signed_money, span
from printkit.render.panels import need, table
from printkit.render.text import (
    Marks,
    RichStyle,
    fit_rich,
    lead_in,
    marked_list,
    rich_box,
    rich_paragraph,
    text_box,
    text_line,
)
from printkit.render.theme import Theme
from printkit.render.units import MM, Box


def _page(draw) -> str:
    """Draw on a fresh A6 page and read its text back."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(105 * MM, 148 * MM))
    draw(c)
    c.showPage()
    c.save()
    return PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()


# -- number formats ------------------------------------------------------------------
def test_signed_prints_zero_bare_and_a_true_minus():
    assert [signed(v) for v in (3, 0, -2)] == ["+3", "0", "\u22122"]
    assert [signed_money(v) for v in (3, 0, -2)] == ["+$3", "$0", "\u2212$2"]


def test_money_spans_and_lists_read_as_prose():
    assert money(5) == "$5" and money(-3) == "\u2212$3"
    assert span(4, 4) == "4" and span(2, 5) == "2\u20135"
    assert names(["Ice", "Sugar", "Lemons"]) == "Ice, Sugar and Lemons"
    assert names(["a", "b"], "or") == "a or b" and names([]) == ""


def test_every_game_signs_a_change_the_same_way():
    """One function prints every sign: no game keeps its own."""
    from printkit.games.lemonade_stand import rulebook as stand
    from printkit.games.sandcastles import rulebook as sand
    from printkit.games.yard_sale.kit import cards as yard

    assert yard.signed is signed and sand.signed is signed and stand.signed is signed


# -- text boxes --------------------------------------------------------------------------
def test_a_text_box_shrinks_to_fit_and_prints_every_word():
    box = Box(10 * MM, 100 * MM, 40 * MM, 12 * MM)
    text = "Every stand first sells its sure cups, then the cheapest price sells."
    sizes = []
    read = _page(lambda c: sizes.append(text_box(c, text, box, BODY, 14, what="recap").size))
    assert sizes[0] < 14 and " ".join(read.split()) == text


def test_text_that_cannot_fit_fails_naming_the_piece():
    box = Box(0, 0, 20 * MM, 5 * MM)
    with pytest.raises(RenderError, match="sales note: text does not fit .* 7 pt"):
        _page(lambda c: text_box(c, "a sentence far too long for a box this small", box,
                                 what="sales note"))  # fmt: skip


def test_a_line_on_a_baseline_fails_rather_than_running_over():
    with pytest.raises(RenderError, match="mat title"):
        _page(lambda c: text_line(c, "Lemonade Stall — Yellow stand", 0, 50, 15 * MM, font=BOLD,
                                  size=18, what="mat title"))  # fmt: skip


def test_a_panel_that_needs_more_height_says_how_much():
    with pytest.raises(RenderError, match=r"sales table needs 30 mm of height but has 20 mm"):
        need(30 * MM, Box(0, 0, 50 * MM, 20 * MM), what="sales table")


def test_a_table_prints_its_header_and_cells_in_reading_order():
    def draw(c):
        rows = [("Sun", "$5", "2"), ("Rain", "any", "0")]
        box = Box(5 * MM, 80 * MM, 90 * MM, 30 * MM)
        table(c, box, ["Weather", "Top price", "Sure cups"], rows, [2, 1, 1], Theme(), 7 * MM)

    assert _page(draw).split() == [
        "Weather",
        "Top",
        "price",
        "Sure",
        "cups",
        "Sun",
        "$5",
        "2",
        "Rain",
        "any",
        "0",
    ]


# -- hyphenation ----------------------------------------------------------------------------
def test_a_long_word_hyphenates_in_the_language_given():
    narrow = width("refrigera", BODY, 10)
    assert wrap("refrigerator", BODY, 10, narrow) == ["refrigerator"]  # no language: whole
    lines = wrap("refrigerator", BODY, 10, narrow, "en")
    assert len(lines) > 1 and lines[0].endswith("-")
    assert "".join(line.rstrip("-") for line in lines) == "refrigerator"


def test_cyrillic_hyphenates_too():
    word = "лимонадный"
    lines = wrap(word, BODY, 10, width("лимонад", BODY, 10) + 1, "ru")
    assert lines[0].endswith("-") and "".join(x.rstrip("-") for x in lines) == word


def test_an_unknown_language_is_a_clear_error():
    with pytest.raises(RenderError, match="no hyphenation dictionary for the language 'xx'"):
        wrap("lemonade stand", BODY, 10, 10, "xx")


WORDS = st.lists(
    st.sampled_from(["lemonade", "sugar", "ice", "refrigerator", "customers", "a", "weather"]),
    min_size=1,
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(WORDS, st.floats(min_value=30, max_value=200))
def test_hyphenated_wrap_keeps_every_letter_and_every_line_fits(words, room):
    lines = wrap(" ".join(words), BODY, 9, room, "en")
    for line in lines:  # only a word that cannot break at all may run long
        assert width(line, BODY, 9) <= room + 1e-6 or " " not in line
    letters = "".join(line.rstrip("-").replace(" ", "") for line in lines)
    assert letters == "".join(words)  # no letter lost or added; only break hyphens


# -- rich text and lists ----------------------------------------------------------------------
def test_rich_text_sets_its_bold_lead_in_bold():
    para = rich_paragraph(lead_in("Selling order:", "cheapest first."), RichStyle(size=10), 10)
    assert [(f.fontName, f.text.strip()) for f in para.frags] == [
        (BOLD, "Selling order:"),
        (BODY, "cheapest first."),
    ]


def test_rich_text_that_cannot_fit_fails_naming_the_piece():
    with pytest.raises(RenderError, match="step 3: text does not fit"):
        fit_rich("**Bonus.** " + "word " * 200, 30 * MM, 10 * MM, RichStyle(), what="step 3")


def test_a_rich_box_prints_its_words_on_the_page():
    box = Box(5 * MM, 60 * MM, 80 * MM, 30 * MM)
    read = _page(lambda c: rich_box(c, "**Sell.** Move up *price* × cups.", box,
                                    RichStyle(size=10), what="step"))  # fmt: skip
    assert " ".join(read.split()) == "Sell. Move up price × cups."


def test_a_numbered_list_numbers_its_items_in_order_at_one_size():
    items = [lead_in(f"{t}.", "Do the thing the step says.") for t in ("Forecast", "Buy", "Sell")]
    box = Box(5 * MM, 40 * MM, 80 * MM, 60 * MM)
    sizes = []
    marks = Marks(diameter=5 * MM, indent=7 * MM, number_size=9)
    read = _page(lambda c: sizes.append(marked_list(c, box, items, RichStyle(), marks, "steps")))
    words = read.split()
    assert [w for w in words if w.isdigit()] == ["1", "2", "3"]
    assert words.index("Forecast.") < words.index("Buy.") < words.index("Sell.")
    assert sizes == [9.0]


def test_a_list_too_long_for_its_box_fails_naming_it():
    items = ["A long bullet point that goes on and on for a while."] * 20
    with pytest.raises(RenderError, match="money rules: 20 items do not fit"):
        _page(lambda c: marked_list(c, Box(0, 0, 40 * MM, 30 * MM), items, RichStyle(),
                                    Marks(1.6 * MM, 3.5 * MM), "money rules"))  # fmt: skip


def _coin_file():
    from pathlib import Path

    import printkit

    return Path(printkit.__file__).parent / "bundled/content/lemonade-stand/art/coin.svg"


def _icon_lines(text: str, room: float) -> tuple[list[str], list[str]]:
    """The fitted lines of ``text`` (words with ``:coin:`` icons) in a box ``room`` wide, and
    the lines a PDF reader extracts from them drawn."""
    from printkit.render.inline import draw_icon_text, fit_icon_text

    fitted = fit_icon_text(text, BODY, (room, 200), (9, 9), lambda _: _coin_file(), "test", 1.2, "")
    set_lines = [
        " ".join("".join(p for p in word if isinstance(p, str)) for word in line)
        for line in fitted.lines
    ]
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(room + 20, 240))
    draw_icon_text(c, fitted, 10, 230)
    c.save()
    page = PdfReader(io.BytesIO(buffer.getvalue())).pages[0]
    read = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
    return set_lines, read


def test_a_short_word_joined_to_an_icon_wraps_with_it_and_reads_on_its_line():
    """'на' + no-break space + a coin icon + '5¢' is one word: where it does not fit, 'на'
    moves to the next line with the coin, and a reader extracts each line as it is set."""
    text = "Покупатели готовы платить на\u00a0:coin:5¢ больше"
    head = "Покупатели готовы платить"
    room = width(head, BODY, 9) + width(" на", BODY, 9) + 2  # 'на' fits; the coin does not
    set_lines, read = _icon_lines(text, room)
    assert set_lines[0] == head
    assert set_lines[1].startswith("на\u00a05¢")
    assert [line.replace("\u00a0", " ") for line in read] == [
        line.replace("\u00a0", " ") for line in set_lines
    ]


def test_a_rulebook_page_is_found_by_a_heading_typeset_with_a_no_break_space(tmp_path):
    """Russian typography joins 'к' to 'игре' with a no-break space; the heading as a reader
    types it, with a plain space, still finds its page."""
    from printkit.build.exports import rulebook_page_pngs
    from printkit.render.fonts import register_fonts

    register_fonts()
    path = tmp_path / "book.pdf"
    c = Canvas(str(path), pagesize=(200, 200))
    for n, title in enumerate(["Состав игры", "Подготовка к\u00a0игре"]):
        c.setFont(BODY, 12)
        c.drawString(20, 100, title)
        c.bookmarkPage(f"h{n}")
        c.addOutlineEntry(title, f"h{n}", 0)
        c.showPage()
    c.save()
    pages = rulebook_page_pngs(path, ["Подготовка к игре"], dpi=20)
    assert list(pages) == ["rulebook-подготовка-к-игре.png"]
    assert (
        pages["rulebook-подготовка-к-игре.png"]
        != rulebook_page_pngs(path, ["Состав игры"], dpi=20)["rulebook-состав-игры.png"]
    )


def test_a_figure_is_previewed_from_the_page_holding_its_caption_not_its_heading(tmp_path):
    """A section's picture that did not fit under its steps lies on the next page: the
    page its caption prints on is the one shown, found as a reader types the caption
    (straight apostrophe, plain spaces); a caption no page prints is named."""
    from printkit.build.exports import rulebook_page_pngs
    from printkit.errors import UsageError
    from printkit.render.fonts import register_fonts

    register_fonts()
    path = tmp_path / "book.pdf"
    c = Canvas(str(path), pagesize=(200, 200))
    c.setFont(BODY, 12)
    c.drawString(20, 100, "Setting up")
    c.bookmarkPage("setup")
    c.addOutlineEntry("Setting up", "setup", 0)
    c.showPage()
    c.setFont(BODY, 12)
    c.drawString(20, 60, "The table\u00a0set up for Sam\u2019s 4 players")
    c.showPage()
    c.save()
    figure = "The table set up for Sam's 4 players"
    pages = rulebook_page_pngs(path, ["Setting up"], dpi=20, figures=[figure])
    slug = "rulebook-the-table-set-up-for-sam's-4-players.png"
    assert set(pages) == {"rulebook-setting-up.png", slug}
    assert pages[slug] != pages["rulebook-setting-up.png"]
    with pytest.raises(UsageError, match="The table set up for 5 players"):
        rulebook_page_pngs(path, [], dpi=20, figures=["The table set up for 5 players"])


def _set_lines(text: str, room: float, language: str = "ru") -> list[str]:
    """``text`` set by ``language`` as a ragged paragraph ``room`` wide (no hyphenation),
    drawn, and its lines as a PDF reader extracts them (no-break spaces read as spaces)."""
    from reportlab.lib.styles import ParagraphStyle

    from printkit.content.typography import typeset_text
    from printkit.render.fonts import register_fonts
    from printkit.render.text import TypesetParagraph

    register_fonts()
    style = ParagraphStyle("test", fontName=BODY, fontSize=10, leading=12)
    para = TypesetParagraph(typeset_text(text, language), style)
    _, height = para.wrap(room, 1000)
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(room + 20, height + 20))
    para.drawOn(c, 10, 10)
    c.save()
    read = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()
    return [" ".join(line.split()) for line in read.replace("\u00a0", " ").splitlines()]


def test_a_short_word_leaves_its_glue_rather_than_a_line_far_short():
    """'или' is glued to 'покупателей'; where the pair does not fit and moving it down would
    leave the line more than a sixth short, 'или' ends the line instead."""
    head = "Сыгранная утром, карта-монета покупает стаканы лимонада"
    room = width(head + " или", BODY, 10) + 45  # 'или' fits; 'покупателей' does not
    assert width(head, BODY, 10) < 0.85 * room  # without 'или' the line is far short
    lines = _set_lines(f"{head} или покупателей, а прилавок решает цену.", room)
    assert lines[0] == f"{head} или"
    assert lines[1].startswith("покупателей,")


def test_a_short_word_keeps_its_glue_when_the_line_is_nearly_full():
    head = "Сыгранная утром, карта-монета покупает все стаканы лимонада"
    room = width(head + " или", BODY, 10) + 4  # 'или' fits, and the line is full without it
    assert width(head, BODY, 10) > 0.85 * room
    lines = _set_lines(f"{head} или покупателей, а прилавок решает цену.", room)
    assert lines[0] == head
    assert lines[1].startswith("или покупателей,")


def test_a_number_keeps_its_unit_and_a_dash_its_word_however_short_the_line():
    head = "Сыгранная утром, карта-монета покупает сегодня"
    room = width(head + " 5", BODY, 10) + 40  # '5' would fit, 'стаканов' does not
    lines = _set_lines(f"{head} 5 стаканов на весь день.", room)
    assert lines[0] == head
    assert lines[1].startswith("5 стаканов")
    lines = _set_lines(f"{head} стакан — и это всё, что она делает за день.", room)
    assert not any(line.startswith("\u2014") for line in lines)


def test_a_narrow_column_keeps_every_glue():
    """In a table cell a short line is ordinary rag: 'Киоск в парке' never ends a line in 'в'."""
    room = width("Киоск в", BODY, 10) + 2
    assert _set_lines("Киоск в парке", room) == ["Киоск", "в парке"]
