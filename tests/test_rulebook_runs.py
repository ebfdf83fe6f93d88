"""The rulebook typeset in runs of pages, each kept: the book one pass makes, the same bytes."""

from __future__ import annotations

import os
import re
import zlib
from io import BytesIO
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.lib.colors import white

from printkit.build import diskcache
from printkit.registry import plugin_for
from printkit.render import fonts
from printkit.render.theme import Theme
from printkit.render.units import PAPERS
from printkit.rulebook import pages as runs_module
from printkit.rulebook import typeset as typeset_module
from printkit.rulebook.build import rulebook_tree
from printkit.rulebook.markdown import Node
from printkit.rulebook.pages import Unsupported, split_runs, typeset_run
from printkit.rulebook.typeset import contents_lines, typeset, typeset_in_one_pass
from tests.conftest import CONTENT, edit, pack_copy

RUN_GAMES = [
    ("lemonade-stall", ""),
    ("thats-not-lemonade", ""),
    ("lemonade-stand", "ru"),
    ("lemonade-stand", "en"),
    ("sandcastles", ""),
    ("yard-sale", ""),
]


def tree_of(folder: Path, lang: str = ""):
    plugin = plugin_for(folder.name)
    return rulebook_tree(plugin, plugin.load(folder), Theme(), lang)


def outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    found = []

    def walk(items, depth=0):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, reader.get_destination_page_number(item)))

    walk(reader.outline)
    return found


def links(reader: PdfReader) -> list[tuple[int, tuple[float, ...]]]:
    return [
        (number, tuple(round(float(v), 1) for v in link.get_object()["/Rect"]))
        for number, page in enumerate(reader.pages)
        for link in page.get("/Annots") or []
    ]


def _text(page) -> str:
    """A page's words: a picture drawn as a form moves only the spaces pypdf puts round it."""
    return " ".join(page.extract_text().split())


def _most_pixels_apart(pdf: bytes, other: bytes) -> int:
    """The most pixels (of a page at 144 dpi, about two million) whose colour differs by
    more than 8 of 255 between two PDFs' pages: a picture drawn as a form may move a
    hairline's edge by a pixel where its coordinates round otherwise, nothing more."""
    import pypdfium2
    from PIL import ImageChops

    first, second = pypdfium2.PdfDocument(pdf), pypdfium2.PdfDocument(other)
    try:
        assert len(first) == len(second)
        most = 0
        for a, b in zip(first, second):
            images = [page.render(scale=2).to_pil().convert("L") for page in (a, b)]
            apart = ImageChops.difference(*images).point(lambda v: 255 if v > 8 else 0)
            most = max(most, apart.histogram()[255])
        return most
    finally:
        first.close()
        second.close()


@pytest.mark.slow
@pytest.mark.parametrize("game, lang", RUN_GAMES)
def test_runs_make_the_book_one_pass_makes(game, lang):
    context, nodes = tree_of(CONTENT / game, lang)
    runs_pdf = typeset(nodes, context, PAPERS["a4"])
    one_pass_pdf = typeset_in_one_pass(nodes, context, PAPERS["a4"])
    by_runs, one_pass = PdfReader(BytesIO(runs_pdf)), PdfReader(BytesIO(one_pass_pdf))
    assert [_text(p) for p in by_runs.pages] == [_text(p) for p in one_pass.pages]
    assert _most_pixels_apart(runs_pdf, one_pass_pdf) < 1000
    assert outline(by_runs) == outline(one_pass) and outline(by_runs)
    assert links(by_runs) == links(one_pass) and links(by_runs)


@pytest.mark.parametrize("game", ["lemonade-stall", "sandcastles"])
def test_the_book_is_typeset_in_runs(monkeypatch, game):
    """Sandcastles' crossed cards are washed out in opaque colours: no page needs one pass."""

    def refuse(*args):
        raise AssertionError("fell back to one pass")

    monkeypatch.setattr(typeset_module, "typeset_in_one_pass", refuse)
    context, nodes = tree_of(CONTENT / game)
    assert typeset(nodes, context, PAPERS["letter"]).startswith(b"%PDF")


@pytest.mark.slow
def test_transparency_falls_back_to_one_pass(monkeypatch, tmp_path):
    """A translucent picture (Sandcastles' crossed cards washed with a see-through white,
    as they once were) cannot be replayed by runs; one pass can. The pictures tell
    before any page is laid out in vain."""
    from printkit.games.sandcastles.kit import diagrams

    def translucent(c, draw, box, veil, ground=white):
        draw(c, box)
        if veil:
            c.saveState()
            c.setFillColor(ground)
            c.setFillAlpha(veil)
            c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
            c.restoreState()

    def refuse(*args):
        raise AssertionError("a run was typeset before the fallback")

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # kept drawings are keyed on content
    monkeypatch.setattr(diagrams, "draw_veiled", translucent)
    monkeypatch.setattr(runs_module, "typeset_run", refuse)
    context, nodes = tree_of(CONTENT / "sandcastles")
    toc = contents_lines(nodes)
    with pytest.raises(Unsupported):
        runs_module.typeset_by_runs(
            typeset_module.RulebookDoc,
            nodes,
            context,
            PAPERS["a4"],
            toc,
            True,
            typeset_module.page_number_form,
        )
    monkeypatch.setattr(runs_module, "typeset_run", typeset_run)
    assert typeset(nodes, context, PAPERS["a4"]) == typeset_in_one_pass(
        nodes, context, PAPERS["a4"]
    )


def test_a_character_outside_the_seed_is_refused():
    context, nodes = tree_of(CONTENT / "lemonade-stall")
    with pytest.raises(Unsupported):
        runs_module.typeset_run(
            typeset_module.RulebookDoc,
            runs_module.convert(split_runs(nodes)[2], _flow(context)),
            PAPERS["a4"],
            context,
            contents_lines(nodes),
            3,
            "",
            False,
            "",  # no seed: the first curly quote or accent is refused
        )


def _flow(context):
    doc = typeset_module.RulebookDoc(BytesIO(), PAPERS["a4"], context)
    return runs_module.Flow.on(doc, context.blocks)


EDITS = {  # what is edited, and which runs a person would expect laid out again
    "an event card's text (printed beside its picture too)": (
        "events.yaml", "happens today.", "happens today, again.", "one",
    ),
    "words printed on benefit cards alone (their pictures change ink, not size)": (
        "words.yaml", "bonus tokens gather here", "bonus tokens pile up here", "none",
    ),
    "the card size (every card picture grows)": (
        "kit.yaml", "card: {width: 63, height: 88}", "card: {width: 70, height: 96}", "cards",
    ),
    "a glossary entry": (
        "rulebook/glossary.md", "Selling and spoilage read it.", "Both read it.", "one",
    ),
    "a long paragraph early on (every later page moves)": (
        "rulebook/overview.md",
        "## How to win\n",
        "## How to win\n\n" + "The street is long and the day is hot. " * 120 + "\n",
        "later",
    ),
}  # fmt: skip


def _words(pdf: bytes) -> str:
    return " ".join(_text(page) for page in PdfReader(BytesIO(pdf)).pages)


@pytest.mark.slow
@pytest.mark.parametrize("change", EDITS)
def test_after_an_edit_kept_runs_give_the_same_bytes_as_a_fresh_book(change, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))  # this test's own cache
    folder = pack_copy(CONTENT / "lemonade-stall", tmp_path)
    context, nodes = tree_of(folder)
    before = typeset(nodes, context, PAPERS["a4"])  # every run in the cache
    file, old, new, expected = EDITS[change]
    edit(folder / file, old, new)
    context, nodes = tree_of(folder)
    typeset_calls: list[int] = []
    real = runs_module.typeset_run

    def counting(*args):
        typeset_calls.append(args[5])  # the run's first page
        return real(*args)

    monkeypatch.setattr(runs_module, "typeset_run", counting)
    kept = typeset(nodes, context, PAPERS["a4"])
    retypeset = len(typeset_calls)
    with diskcache.fresh():
        fresh = typeset(nodes, context, PAPERS["a4"])
    assert kept == fresh != before
    runs = split_runs(nodes)
    total = len(typeset_calls) - retypeset
    assert total == len(runs)
    if expected == "later":  # the overview grows: every later run starts later
        assert retypeset == total - 2  # all but the cover and the contents
    elif expected == "none":  # the pictures are forms: the pages around them are kept
        assert retypeset == 0
        assert "bonus tokens pile up here" in _words(kept)
    elif expected == "cards":  # a picture that changes size changes its run's layout
        keys = [runs_module.block_keys(run, context.blocks) for run in runs]
        with_cards = [k for k in keys if any(key.startswith("card:") for key in k)]
        assert with_cards and retypeset >= len(with_cards)
    else:
        assert retypeset == 1  # the run that shows it, alone


@pytest.mark.parametrize(
    "kinds, expected",
    [
        (["h", "p", "pagebreak", "h", "p"], [["h", "p", "pagebreak"], ["h", "p"]]),
        (["cover", "contents", "pagebreak", "h"], [["cover"], ["contents", "pagebreak"], ["h"]]),
        (["p", "onepage", "p"], [["p"], ["onepage"], ["p"]]),
        (["onepage", "onepage"], [["onepage"], ["onepage"]]),
        (["p", "p"], [["p", "p"]]),
    ],
)
def test_runs_break_at_hard_page_breaks(kinds, expected):
    def node(kind):
        if kind in ("cover", "contents", "pagebreak", "onepage"):
            return Node("directive", name=kind)
        return Node("heading" if kind == "h" else "paragraph", level=1)

    def name(n):
        return n.name or ("h" if n.kind == "heading" else "p")

    got = split_runs([node(k) for k in kinds])
    assert [[name(n) for n in run] for run in got] == expected


def test_the_cache_keeps_the_most_recently_used(tmp_path):
    import os

    folder = tmp_path / "kind"
    folder.mkdir()
    for n in range(24):
        path = folder / f"e{n:02}"
        path.write_bytes(b"x")
        os.utime(path, (1000 + n, 1000 + n))
    diskcache.prune(folder, 22)  # within a tenth over: left alone
    assert len(list(folder.iterdir())) == 24
    diskcache.prune(folder, 20)
    assert sorted(p.name for p in folder.iterdir()) == [f"e{n:02}" for n in range(4, 24)]


def test_fresh_reads_nothing_from_the_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    diskcache.store("test", "key", b"kept")
    assert diskcache.load("test", "key") == b"kept"
    with diskcache.fresh():
        assert diskcache.load("test", "key") is None
    assert diskcache.load("test", "key") == b"kept"


def _book(markdown: str):
    from printkit.rulebook.context import RulebookContext
    from printkit.rulebook.markdown import parse

    return RulebookContext(title="Sample", variables={}), parse(markdown)


def _headers(pdf: bytes) -> list[str]:
    return [(p.extract_text() or "").splitlines()[0] for p in PdfReader(BytesIO(pdf)).pages]


def test_a_one_page_block_sets_the_running_header_as_in_one_pass():
    """A page after a one-page summary continues the summary's chapter, in runs too."""
    filler = "\n\n".join("Some words " * 40 for _ in range(12))
    context, nodes = _book(
        f"# Alpha\n\n{filler}\n\n````onepage Summary\n# Summary\n\nShort.\n````\n\n{filler}\n"
    )
    by_runs = typeset(nodes, context, PAPERS["a4"])
    one_pass = typeset_in_one_pass(nodes, context, PAPERS["a4"])
    assert _headers(by_runs) == _headers(one_pass)
    assert [p.extract_text() for p in PdfReader(BytesIO(by_runs)).pages] == [
        p.extract_text() for p in PdfReader(BytesIO(one_pass)).pages
    ]


def test_an_empty_book_is_one_blank_page():
    context, nodes = _book("")
    assert len(PdfReader(BytesIO(typeset(nodes, context, PAPERS["a4"]))).pages) == 1


@pytest.mark.parametrize(
    "markdown, message",
    [
        ("# One\n\nSee [the rules](#no-such-heading).\n", "points to '#no-such-heading'"),
        ("## Starts at two\n\nText.\n", "is level 2 but follows level 0"),
        ("# One\n\n## Two\n\n# Three\n\n## Four\n\nText.\n", None),
    ],
)
def test_links_and_outline_are_checked_before_the_pdf(markdown, message):
    from printkit.errors import RenderError
    from printkit.rulebook.markdown import check_links_and_outline

    _, nodes = _book(markdown)
    if message is None:
        check_links_and_outline(nodes)  # a well-formed outline passes
        return
    with pytest.raises(RenderError, match=message):
        check_links_and_outline(nodes)


@pytest.mark.slow
def test_a_broken_link_in_the_rulebook_is_a_clean_error(content_copy, tmp_path):
    from click.testing import CliRunner

    from printkit.cli import cli

    glossary = content_copy / "lemonade-stall" / "rulebook" / "glossary.md"
    edit(glossary, "# Glossary\n", "# Glossary\n\nSee [setting up](#set-up).\n")
    result = CliRunner().invoke(
        cli, ["build", "lemonade-stall", "--content", str(content_copy), "--out", str(tmp_path)]
    )
    assert result.exit_code == 2, result.output
    assert "points to '#set-up'" in result.output and "Traceback" not in result.output


def test_a_read_only_cache_still_serves(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    diskcache.store("test", "key", b"kept")

    def refuse(*args, **kwargs):
        raise PermissionError("read-only")

    monkeypatch.setattr("os.utime", refuse)
    assert diskcache.load("test", "key") == b"kept"


def test_page_number_forms_have_short_ascii_names():
    """PDF names are ASCII of at most 127 bytes; Russian headings make long anchors."""
    context, nodes = tree_of(CONTENT / "lemonade-stand", "ru")
    reader = PdfReader(BytesIO(typeset(nodes, context, PAPERS["a4"])))
    names = [
        str(name) for page in reader.pages for name in page["/Resources"].get("/XObject") or {}
    ]
    assert names and all(n.isascii() and len(n.encode()) <= 127 for n in names)
    contents = reader.pages[1].extract_text()
    numbers = re.findall(r"^\d+$", contents, flags=re.M)  # each contents line's page number
    assert "Торговый день" in contents and len(numbers) >= len(contents_lines(nodes))


@pytest.mark.parametrize("box", ["> Box begins.", "> Box begins.\n>\n> And goes on."])
def test_a_paragraph_ending_in_a_colon_stays_with_the_box_it_introduces(box):
    """Wherever the page ends, the lead-in line and its box share a page."""
    filler = "A line of rules that fills the page a little more each time. " * 6
    for count in range(20, 34):
        paragraphs = "\n\n".join([filler] * count)
        context, nodes = _book(f"# One\n\n{paragraphs}\n\nAs it lay when Sunday began:\n\n{box}\n")
        pages = [
            p.extract_text()
            for p in PdfReader(BytesIO(typeset(nodes, context, PAPERS["a4"]))).pages
        ]
        lead = next(i for i, text in enumerate(pages) if "Sunday began:" in text)
        assert "Box begins." in pages[lead], count


def _chapter(edited: int = -1, word: str = "dry") -> str:
    """A chapter of one-line paragraphs over several pages; one paragraph's last word edited."""
    lines = [f"Paragraph {n} says the street is long and the day is hot." for n in range(160)]
    if edited >= 0:
        lines[edited] = lines[edited].replace("hot.", f"{word}.")
    return "# Alpha\n\n" + "\n\n".join(lines) + "\n"


def _typeset_book(markdown: str) -> bytes:
    context, nodes = _book(markdown)
    return typeset(nodes, context, PAPERS["a4"])


def _laid_out(monkeypatch) -> list[int]:
    """The page numbers a run lays out (a page taken from a kept run is not)."""
    pages: list[int] = []
    real = runs_module.RecordingCanvas.showPage

    def counting(canvas):
        pages.append(canvas.getPageNumber())
        real(canvas)

    monkeypatch.setattr(runs_module.RecordingCanvas, "showPage", counting)
    return pages


def _typeset_again(context, nodes, monkeypatch) -> tuple[bytes, list[int], bytes]:
    """The edited book typeset over the cache, the pages that laid out again, and the
    book a fresh build makes."""
    laid_out = _laid_out(monkeypatch)
    kept = typeset(nodes, context, PAPERS["a4"])
    again = list(laid_out)
    with diskcache.fresh():
        fresh = typeset(nodes, context, PAPERS["a4"])
    return kept, again, fresh


@pytest.mark.parametrize("edited", [3, 80, 159])
def test_a_run_lays_out_again_only_the_page_an_edit_is_on(edited, tmp_path, monkeypatch):
    """The pages before and after the edited one begin as they did and take the same
    paragraphs: they are the kept run's pages, and the book is the one a fresh build makes."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _typeset_book(_chapter())
    context, nodes = _book(_chapter(edited))
    kept, again, fresh = _typeset_again(context, nodes, monkeypatch)
    pages = PdfReader(BytesIO(fresh)).pages
    assert kept == fresh
    assert len(pages) >= 4
    assert again == [n for n, page in enumerate(pages, 1) if "day is dry" in _text(page)]


def test_pages_taken_after_an_edit_that_moves_every_later_page_are_right(tmp_path, monkeypatch):
    """Two more lines early on: no later page begins as it did, until one does by chance;
    whatever is taken, the book is the one a fresh build makes."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _typeset_book(_chapter())
    longer = "dry, " + "and the next stand along has run out of ice, " * 3 + "again"
    for edited in (2, 5):  # the second edit resumes against the first's pages as well
        context, nodes = _book(_chapter(edited, longer))
        kept = typeset(nodes, context, PAPERS["a4"])
        with diskcache.fresh():
            assert kept == typeset(nodes, context, PAPERS["a4"])


def test_a_keep_inside_a_box_is_never_split_by_a_page():
    """A box breaks between the groups kept inside it, never through one: wherever the
    page ends, each group (a line and its six steps, as a castle and its steps) stays on
    one page, while the box itself still runs on over the break."""
    filler = "A line of rules that fills the page a little more each time. " * 6
    steps = "\n\n".join(f"Step {n} of group {{g}}." for n in range(1, 7))
    groups = "\n".join(
        f"````keep\nGroup {g} begins.\n\n{steps.format(g=g)}\n````\n" for g in range(1, 4)
    )
    split_boxes = 0
    for count in range(14, 30, 3):
        paragraphs = "\n\n".join([filler] * count)
        box = f"`````aside A long box\n{groups}`````\n"
        context, nodes = _book(f"# One\n\n{paragraphs}\n\n{box}")
        pdf = typeset(nodes, context, PAPERS["a4"])
        pages = [p.extract_text() for p in PdfReader(BytesIO(pdf)).pages]
        for g in range(1, 4):
            holding = [i for i, text in enumerate(pages) if f"of group {g}." in text]
            assert len(holding) == 1 and f"Group {g} begins." in pages[holding[0]], (count, g)
        first = next(i for i, text in enumerate(pages) if "Group 1 begins." in text)
        split_boxes += "Group 3 begins." not in pages[first]
    assert split_boxes  # some page ends fell inside the box


def test_a_keep_that_opens_with_a_heading_is_never_split_by_a_page():
    """A section kept whole (a heading and its numbered list) moves on as one when the page
    is short of room: its last item never stands alone atop the next page. Wherever the page
    ends, the heading and every item share a page."""
    filler = "A line of rules that fills the page a little more each time. " * 3
    items = "\n".join(f"{n}. Step {n} of the end of the day." for n in range(1, 5))
    placed = set()
    for count in range(20, 34):
        paragraphs = "\n\n".join([filler] * count)
        context, nodes = _book(f"# One\n\n{paragraphs}\n\n````keep\n## Night\n\n{items}\n````\n")
        pages = _pages_text(typeset(nodes, context, PAPERS["a4"]))
        holding = {i for i, text in enumerate(pages) for n in range(1, 5) if f"Step {n} of" in text}
        assert len(holding) == 1 and "Night" in pages[min(holding)], count
        placed |= holding
    assert len(placed) > 1  # some page ends fell inside the section


def test_a_keep_that_opens_with_a_heading_asks_for_the_heading_s_space_above():
    """The page offers a kept section its height less the heading's space above, so the
    section moves on whole when it would not fit (a break asking for room first in it hid
    that space: the section thought it fitted by a few points and split off its last item)."""
    from printkit.rulebook.flowables import convert

    context, nodes = _book("````keep\n## Night\n\n1. Pack up.\n2. Go home.\n````\n")
    (kept,) = convert(nodes, _flow(context))
    heading = kept._content[0]
    assert heading.getSpaceBefore() > 0
    assert kept.getSpaceBefore() == heading.getSpaceBefore()


def test_a_long_table_never_leaves_one_or_two_rows_atop_the_next_page():
    """Wherever the page ends, the part of a long table carried over holds at least three
    rows under its repeated header (the rows before the break move on with it), and the
    header is printed once a page: no part of the table shares a page with another."""
    from printkit.rulebook.flowables import SPLIT_TAIL

    filler = "A line of rules that fills the page a little more each time. " * 2
    rows = "\n".join(f"| Piece {n} | {n} | what piece {n} is for |" for n in range(1, 17))
    table = f"| Component | How many | What it is for |\n|---|---:|---|\n{rows}\n"
    carried = set()
    for count in range(12, 40):
        paragraphs = "\n\n".join([filler] * count)
        context, nodes = _book(f"# One\n\n{paragraphs}\n\n{table}\nAfter the table.\n")
        pages = _pages_text(typeset(nodes, context, PAPERS["a4"]))
        held = [len(re.findall(r"what piece \d+ is for", text)) for text in pages]
        parts = [n for n in held if n]
        assert sum(parts) == 16 and min(parts) >= SPLIT_TAIL, (count, held)
        assert all(text.count("What it is for") <= 1 for text in pages), count
        carried.add(len(parts))
    assert 2 in carried  # some page ends fell inside the table


def _long_chapter(edits: dict[tuple[int, int], str] | None = None) -> str:
    """Fourteen paragraphs of 30 to 120 lines, then a list of long items: nearly every page
    begins in the middle of a paragraph or an item. ``edits`` rewrites (paragraph, line)."""
    paragraphs = []
    for n in range(14):
        lines = [
            (edits or {}).get((n, m), f"Stall {n} line {m} says the street is long and hot.")
            for m in range(30 + (n * 37) % 90)
        ]
        paragraphs.append(f"Begin {n}. " + " ".join(lines))
    items = [" ".join(f"Item {k} word {j} again." for j in range(60)) for k in range(6)]
    return "# Alpha\n\n" + "\n\n".join(paragraphs) + "\n\n- " + "\n- ".join(items) + "\n"


def _pages_text(pdf: bytes) -> list[str]:
    return [_text(page) for page in PdfReader(BytesIO(pdf)).pages]


def _begins_mid_paragraph(text: str) -> bool:
    return not text.startswith(("Begin", "•"))


def test_pages_that_begin_mid_paragraph_are_taken_after_an_edit(tmp_path, monkeypatch):
    """An edit that keeps its paragraph's lines: the pages that print some of that
    paragraph are laid out again, and the later ones, which begin inside a paragraph as
    they did, are the kept run's pages; the book is a fresh build's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    before = _pages_text(_typeset_book(_long_chapter()))
    assert sum(map(_begins_mid_paragraph, before)) >= 10
    edited = {(3, 5): "Stall 3 line 5 says the street is long and DRY."}
    context, nodes = _book(_long_chapter(edited))
    kept, again, fresh = _typeset_again(context, nodes, monkeypatch)
    assert kept == fresh
    pages = _pages_text(fresh)
    assert again == [n for n, text in enumerate(pages, 1) if "Stall 3 line" in text]
    assert any("long and DRY" in pages[n - 1] for n in again)
    later = range(again[-1] + 1, len(pages) + 1)
    assert any(_begins_mid_paragraph(pages[n - 1]) for n in later)


def _edit_at(where: str, before: list[str]) -> tuple[str, str, int]:
    """The chapter edited, the edited words, and the page whose top is then a changed
    remainder (its number in ``before``, the pages as they were)."""
    if where == "the remainder a page begins with":
        top = next(n for n, t in enumerate(before, 1) if "Stall 4 line 0 " in t) + 1
        line = int(before[top - 1].split("Stall 4 line ")[1].split()[0]) + 2
        edited = "long and DRY"
        return _long_chapter({(4, line): f"Stall 4 line {line} is {edited}."}), edited, top
    if where == "the part before the page's foot, one line longer":
        top = next(n for n, t in enumerate(before, 1) if "Stall 4 line 0 " in t) + 1
        edited = "Stall 4 line 1 is longer, " * 3
        return _long_chapter({(4, 1): edited}), edited, top
    top = next(n for n, t in enumerate(before, 1) if "Item 3 word 0 " in t) + 1
    edited = "Item 3 word 2 ONCE."
    return _long_chapter().replace("Item 3 word 2 again.", edited), edited, top


@pytest.mark.parametrize(
    "where",
    [
        "the remainder a page begins with",
        "the part before the page's foot, one line longer",
        "a list item split over the page's foot",
    ],
)
def test_a_page_begun_mid_paragraph_is_laid_out_again_when_its_remainder_changes(
    where, tmp_path, monkeypatch
):
    """The remainder a page begins with is its paragraph's, split where the page before
    ends: edit its text, or move where the split falls, and that page is laid out again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    before = _pages_text(_typeset_book(_long_chapter()))
    markdown, edited, top = _edit_at(where, before)
    assert _begins_mid_paragraph(before[top - 1])
    context, nodes = _book(markdown)
    kept, again, fresh = _typeset_again(context, nodes, monkeypatch)
    assert kept == fresh
    shown = [n for n, text in enumerate(_pages_text(fresh), 1) if edited in text]
    assert shown and set(shown) <= set(again)
    assert top in again


@pytest.mark.slow
@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    edits=st.lists(
        st.tuples(st.integers(0, 13), st.integers(0, 29), st.integers(0, 4)),
        min_size=1,
        max_size=3,
    )
)
def test_any_edit_to_paragraphs_split_over_pages_gives_a_fresh_builds_bytes(
    edits, tmp_path_factory, monkeypatch
):
    """Edits one after another, each a line made shorter, longer or reworded: whatever
    pages are taken from runs typeset before, the book is the one a fresh build makes."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
    _typeset_book(_long_chapter())
    rewrites = ["Short.", "Now {n}.{m} reads longer, " * 4, "Stall {n} line {m} reads ok.", "", "x"]
    done: dict[tuple[int, int], str] = {}
    for n, m, kind in edits:
        done[(n, m)] = rewrites[kind].format(n=n, m=m)
        context, nodes = _book(_long_chapter(done))
        kept = typeset(nodes, context, PAPERS["a4"])
        with diskcache.fresh():
            assert kept == typeset(nodes, context, PAPERS["a4"])


def _parsing(monkeypatch, kind: type | None = None) -> list[str]:
    """The markup of each paragraph (of ``kind``: the book's own, by default) parsed from
    now on."""
    from printkit.render.text import TypesetParagraph

    kind = kind or TypesetParagraph
    parsed: list[str] = []
    real = kind.__init__

    def counting(self, text, *args, **kwargs):
        parsed.append(text)
        real(self, text, *args, **kwargs)

    monkeypatch.setattr(kind, "__init__", counting)
    return parsed


def test_a_paragraph_is_parsed_when_its_lines_are_needed(monkeypatch):
    """Made, kept with the next or spaced, a paragraph's markup is not parsed; wrapped, it
    is, and it breaks as one parsed at once; the parts of a split are whole paragraphs."""
    from printkit.rulebook.flowables import Para
    from printkit.rulebook.styles import make_styles

    style = make_styles().body
    markup = "<b>Rain</b> keeps " + "the customers at home and the lemonade cold. " * 12
    parsed = _parsing(monkeypatch)
    lazy = Para(markup, style)
    assert lazy.getKeepWithNext() == getattr(style, "keepWithNext", 0)
    assert lazy.getSpaceBefore() == style.spaceBefore
    assert parsed == []
    assert lazy.wrap(200, 1000) == Para(markup, style).wrap(200, 1000)
    assert parsed == [markup, markup]
    top, rest = Para(markup, style).split(200, 60)
    assert "_pk_lazy" not in vars(top) and "_pk_lazy" not in vars(rest)
    words = (top.getPlainText() + " " + rest.getPlainText()).split()
    assert words == lazy.getPlainText().split()


def test_an_edit_parses_only_the_paragraphs_of_the_pages_laid_out(tmp_path, monkeypatch):
    """Pages taken from a kept run are not laid out, so their paragraphs are never parsed;
    the pages laid out parse theirs, and the book is the one a fresh build makes."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _typeset_book(_chapter())
    context, nodes = _book(_chapter(80))
    parsed = _parsing(monkeypatch)
    kept = typeset(nodes, context, PAPERS["a4"])
    edited = [text for text in parsed if "day is dry" in text]
    assert edited and len(parsed) < len(nodes) / 3
    parsed.clear()
    with diskcache.fresh():
        assert kept == typeset(nodes, context, PAPERS["a4"])
    assert len(parsed) >= len(nodes) - 1


class _CountingZlib:
    """zlib as reportlab's PDF writer sees it, noting each stream it compresses."""

    def __init__(self, compressed: list[bytes]) -> None:
        self.compressed = compressed

    def compress(self, data: bytes, *args) -> bytes:
        self.compressed.append(data)
        return zlib.compress(data, *args)

    def __getattr__(self, name: str):
        return getattr(zlib, name)


def test_a_book_written_again_compresses_only_the_streams_that_changed(tmp_path, monkeypatch):
    """Pages, pictures and fonts whose text a book written before compressed are not
    compressed again after an edit; the edited page is, a fresh build compresses every
    stream, and the bytes are the same."""
    from reportlab.pdfbase import pdfdoc

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    fonts.forget_streams()  # no book written before this one
    _typeset_book(_chapter())
    compressed: list[bytes] = []
    monkeypatch.setattr(pdfdoc, "zlib", _CountingZlib(compressed))  # streams compressed, not kept
    context, nodes = _book(_chapter(80))
    kept = typeset(nodes, context, PAPERS["a4"])
    edited = list(compressed)
    compressed.clear()
    with diskcache.fresh():
        assert kept == typeset(nodes, context, PAPERS["a4"])
    assert any("dry" in str(text) for text in edited)
    assert 0 < len(edited) < len(compressed) / 2


def test_a_keep_holding_a_table_stays_on_a_page_with_room_for_it():
    """A step that ends "…back in the box:" kept with the table it introduces: the keep
    takes the room left on the page (a table's own keep, nested, must not make it look
    endlessly tall and push it to a fresh page), and never leaves the table overleaf."""
    table = "| Players | Removed |\n|---|---|\n| 3 | 1 |\n| 2 | 2 |"
    steps = "1. Pick a tile.\n2. Take some cards out and put them back in the box:"
    keep = f"````keep\n{steps}\n\n{table}\n````\n"
    for count in (0, 8, 16, 24):
        paragraphs = "\n\n".join(["A line of rules that fills the page a little. " * 6] * count)
        context, nodes = _book(f"# One\n\n{paragraphs}\n\n{keep}\nAfter the steps.\n")
        pages = [
            p.extract_text()
            for p in PdfReader(BytesIO(typeset(nodes, context, PAPERS["a4"]))).pages
        ]
        holding = [i for i, text in enumerate(pages) if "back in the box:" in text]
        assert len(holding) == 1 and "Removed" in pages[holding[0]], count
        if count < 16:  # room enough on the first page
            assert holding == [0], count


def test_a_large_block_prints_its_words_and_tables_a_size_up():
    """A player aid (`large`) prints its text and its table's cells larger than the body,
    and the HTML page marks it so a screen shows it larger too."""
    from printkit.rulebook.htmlpage import html_page

    table = "| Step | What to do |\n|---|---|\n| Hit | Cup up, tap. |"
    context, nodes = _book(f"# One\n\nBody words.\n\n````large\nAid words.\n\n{table}\n````\n")
    sizes: dict[str, float] = {}

    def visit(text, cm, tm, font, size):
        for word in ("Body", "Aid", "Cup"):
            if text.startswith(word):
                sizes[word] = size * tm[0]

    pages = PdfReader(BytesIO(typeset(nodes, context, PAPERS["a4"]))).pages
    pages[0].extract_text(visitor_text=visit)
    assert sizes["Aid"] > sizes["Body"] * 1.2 and sizes["Cup"] > sizes["Body"], sizes
    assert '<div class="large">' in html_page(nodes, context)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a child beside the build needs fork")
def test_a_book_typeset_beside_leaves_its_runs_and_streams_here(tmp_path, monkeypatch):
    """What the child typeset and compressed comes back: the next book, edited, lays out
    and compresses again only what the edit changed, and is the book a fresh build makes."""
    from reportlab.pdfbase import pdfdoc

    from printkit.build import aside

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(aside, "_cores", lambda: 2)
    fonts.forget_streams()
    context, nodes = _book(_chapter())
    job = ("book.pdf", lambda: typeset(nodes, context, PAPERS["a4"]))
    with aside.beside([job], lambda name, data: None) as child:
        assert child is not None and child.collect() is not None
    assert fonts._STREAMS and runs_module._RUNS.values
    compressed: list[bytes] = []
    monkeypatch.setattr(pdfdoc, "zlib", _CountingZlib(compressed))
    context, nodes = _book(_chapter(80))
    laid_out = _laid_out(monkeypatch)
    kept = typeset(nodes, context, PAPERS["a4"])
    edited, again = list(compressed), list(laid_out)
    compressed.clear()
    with diskcache.fresh():
        assert kept == typeset(nodes, context, PAPERS["a4"])
    pages = PdfReader(BytesIO(kept)).pages
    assert again == [n for n, page in enumerate(pages, 1) if "day is dry" in _text(page)]
    assert any("dry" in str(text) for text in edited)
    assert 0 < len(edited) < len(compressed) / 2


def test_successive_edits_resume_on_the_pages_of_older_runs(tmp_path, monkeypatch):
    """A page taken from a kept run keeps its mark pointing there (only pages laid out are
    stored again); edit after edit, only the pages that changed are laid out, and the
    marks the cache lost of pages taken are stored again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    before = [_text(page) for page in PdfReader(BytesIO(_typeset_book(_chapter()))).pages]
    marks = diskcache.cache_folder(runs_module.MARKS_KIND)
    for edited in (3, 159):
        context, nodes = _book(_chapter(edited))
        kept, again, fresh = _typeset_again(context, nodes, monkeypatch)
        assert kept == fresh
        now = [_text(page) for page in PdfReader(BytesIO(fresh)).pages]
        assert again == [n for n, (a, b) in enumerate(zip(before, now), 1) if a != b]
        before = now
        monkeypatch.undo()
        monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    lost = [p for p in marks.iterdir() if _mark(p.name)[1] > 0]  # all but first pages'
    for path in lost:
        path.unlink()
    assert lost
    _typeset_book(_chapter(80))  # takes pages from a kept run up to the edited one
    assert all(path.is_file() for path in lost)


def _mark(key: str) -> tuple[str, int]:
    found = diskcache.load_value(runs_module.MARKS_KIND, key)
    assert isinstance(found, tuple)
    return found


def _table_chapter(count: int, row_word: str = "for", last: str = "hot") -> str:
    """Paragraphs, a long table that may run over a page, then pages of paragraphs."""
    filler = "A line of rules that fills the page a little more each time. " * 2
    words = ["for"] * 15 + [row_word]  # the last row is on the page the table runs on to
    rows = "\n".join(f"| Piece {n} | {n} | what piece {n} is {w} |" for n, w in enumerate(words, 1))
    table = f"| Component | How many | What it is for |\n|---|---:|---|\n{rows}\n"
    after = [f"Paragraph {n} says the street is long and the day is hot." for n in range(90)]
    after[-1] = after[-1].replace("hot.", f"{last}.")
    return "# One\n\n" + "\n\n".join([filler] * count) + f"\n\n{table}\n" + "\n\n".join(after)


@pytest.mark.parametrize("count", [12, 33])  # the table runs on from page 1, from page 2
def test_a_page_that_begins_with_a_table_run_on_is_taken_after_an_edit(
    count, tmp_path, monkeypatch
):
    """The part of a long table carried over a page is made again by the same split: an
    edit later in the run lays out only its own page, and after an edit to the table the
    book is still the one a fresh build makes."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = _pages_text(_typeset_book(_table_chapter(count)))
    split = [n for n, text in enumerate(first, 1) if "what piece" in text]
    assert len(split) == 2
    context, nodes = _book(_table_chapter(count, last="dry"))
    kept, again, fresh = _typeset_again(context, nodes, monkeypatch)
    assert kept == fresh
    pages = PdfReader(BytesIO(fresh)).pages
    assert again == [n for n, page in enumerate(pages, 1) if "day is dry" in _text(page)]
    assert split[1] not in again  # it begins with the table's rest: taken
    monkeypatch.undo()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    context, nodes = _book(_table_chapter(count, row_word="kept", last="dry"))
    kept, again, fresh = _typeset_again(context, nodes, monkeypatch)
    assert kept == fresh and split[1] in again


def _drawn_ops(flowables: list, width: float) -> list[str]:
    """The operators the flowables draw one under another on a fresh canvas."""
    from reportlab.pdfgen.canvas import Canvas

    fonts.register_fonts()
    c = Canvas(BytesIO(), invariant=1)
    y = 2000.0
    for flowable in [f for group in flowables for f in getattr(group, "_content", [group])]:
        _, height = flowable.wrapOn(c, width, 2000)
        y -= height
        flowable.drawOn(c, 0, y)
    return list(c._code)


def test_a_picture_s_legend_is_parsed_only_when_it_is_laid_out(monkeypatch):
    """An edited run makes every picture's flowables and the book names its picture forms
    from them, but lays out only the pages that changed: a legend's lines are parsed when
    drawn, never before, and draw as reportlab's own paragraphs do."""
    from reportlab.platypus import Paragraph

    from printkit.games.lemonade_stall.content import load
    from printkit.games.lemonade_stall.kit import pictures
    from printkit.rulebook import scenes
    from printkit.rulebook.pictures import PictureSheet

    pack = load(CONTENT / "lemonade-stall")
    block = pictures.board_callouts(pack, pictures.Kit(pack, Theme()), PictureSheet())
    assert block.callouts
    parsed = _parsing(monkeypatch, Paragraph)
    lazy = block.flowables(400)
    assert parsed == []
    drawn = _drawn_ops(lazy, 400)
    assert len(parsed) >= 2 * len(block.callouts)
    monkeypatch.setattr(scenes, "_paragraph", lambda markup, style: Paragraph(markup, style))
    assert drawn == _drawn_ops(block.flowables(400), 400)
