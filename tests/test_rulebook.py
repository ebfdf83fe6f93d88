"""The Lemonade Stall rulebook read back from its PDF and HTML: data, examples, errors."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from printkit.check.checker import example_files, read_example
from printkit.content.typography import typeset_text
from printkit.errors import ContentError, RenderError, UsageError
from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.rulebook import is_card_line
from printkit.registry import GamePlugin, plugin_for
from printkit.render.theme import Theme
from printkit.render.units import PAPERS
from printkit.rulebook import RulebookContext
from printkit.rulebook.build import render_rulebook
from printkit.rulebook.htmlpage import html_page
from printkit.rulebook.markdown import parse
from printkit.rulebook.typeset import typeset
from tests.conftest import SEEDS, STALL, edit, page_text

SOURCE = SEEDS / "000_d9ac4c8bdd6f421e.txt"
SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def words(text: str) -> str:
    """Whitespace collapsed, quotes straightened, lower case: text as a reader sees it.

    Hyphens are dropped: a line may break at a compound's own hyphen, and the
    text read back cannot tell that from a word hyphenated at the line's end.
    """
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    return " ".join(text.replace("\u201d", '"').replace("-", "").split()).lower()


def build(folder: Path, paper: str = "a4") -> dict[str, bytes]:
    plugin = plugin_for("lemonade-stall")
    return render_rulebook(plugin, plugin.load(folder), PAPERS[paper], Theme())


def pdf_pages(data: bytes) -> list[str]:
    return [words(page_text(page)) for page in PdfReader(BytesIO(data)).pages]


def html_text(data: bytes) -> str:
    body = re.sub(r"<style>.*?</style>", " ", data.decode("utf-8"), flags=re.S)
    return words(html.unescape(re.sub(r"<[^>]+>", " ", body)))


@pytest.fixture(scope="module")
def books() -> dict[str, dict[str, bytes]]:
    """Both paper sizes, built once for the module (StrictUndefined: every variable resolves)."""
    return {paper: build(STALL, paper) for paper in SIZES}


@pytest.fixture(scope="module")
def read_back(books) -> list[str]:
    """Each A4 page's text as a reader takes it in, read from the PDF once for the module."""
    return [page_text(page) for page in PdfReader(BytesIO(books["a4"]["rulebook.pdf"])).pages]


@pytest.fixture(scope="module")
def pages(read_back) -> list[str]:
    return [words(page) for page in read_back]


@pytest.fixture(scope="module")
def text(pages) -> str:
    return " ".join(pages)


@pytest.fixture(scope="module")
def body(read_back) -> str:
    """The text of every page without its running header and number, as it reads on."""
    kept = []
    for number, page in enumerate(read_back, 1):
        lines = page.splitlines()
        if number > 1 and lines and lines[-1].strip() == str(number):
            lines = lines[:-3]  # chapter, game title, page number
        kept.append(words("\n".join(lines)))
    return " ".join(kept)


@pytest.fixture(scope="module")
def page_html(books) -> str:
    return books["a4"]["rulebook.html"].decode("utf-8")


# -- the files -------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("paper", sorted(SIZES))
def test_every_page_has_the_paper_size(books, paper):
    reader = PdfReader(BytesIO(books[paper]["rulebook.pdf"]))
    assert len(reader.pages) > 10
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(SIZES[paper], abs=0.5)


def test_builds_are_byte_identical(books):
    again = build(STALL, "a4")
    assert again == books["a4"]


def test_every_font_is_embedded(books):
    reader = PdfReader(BytesIO(books["letter"]["rulebook.pdf"]))
    fonts = {}
    for page in reader.pages:
        resources = page["/Resources"]
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for name, font in fonts.items():
        if "/DescendantFonts" in font:
            font = font["/DescendantFonts"][0].get_object()
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), name


@pytest.mark.slow
def test_contents_page_numbers_match_the_headings(pages):
    """pypdf reads a contents line's leader dots and page number (a form drawn at the line's
    end) before its title, so each title's number is the one just ahead of it."""
    contents = pages[1]
    for title in ("selling in detail", "the cards", "reference charts", "glossary"):
        found = re.search(r"(\d+) " + re.escape(title), contents)
        assert found, title
        page = pages[int(found.group(1)) - 1]
        assert title in page, f"{title!r} is not on page {found.group(1)}"


@pytest.mark.slow
def test_running_headers_and_page_numbers(books):
    reader = PdfReader(BytesIO(books["a4"]["rulebook.pdf"]))
    for number, page in enumerate(reader.pages[1:], start=2):
        lines = [line.strip() for line in page_text(page).splitlines()]
        assert str(number) in lines, f"page {number} has no page number"
        assert "Lemonade Stall" in lines


def test_turn_summary_is_one_page_of_its_own(pages):
    summary = [p for p in pages if "print one copy for each player" in p]
    assert len(summary) == 1
    assert all(f"{n} " in summary[0] for n in ("forecast", "set prices", "spoilage"))


# -- numbers from the data ---------------------------------------------------------
def test_every_chart_cell_is_printed(text, pack):
    for chart in pack.charts:
        for condition in reversed(pack.conditions):
            guarantee = condition.guarantee
            cells = " ".join(f"{limit} ({guarantee})" for limit in chart.row(condition.id))
            assert f"{condition.name.lower()} {cells}" in text, (chart.players, condition.id)


def test_costs_forecast_and_spoilage_tables(text, pack):
    for item in pack.items:
        assert f"{item.name.lower()} ${item.price_one} ${item.price_bulk}" in text
    for t in pack.temperatures:
        spoil = "never" if t.spoils_on is None else f"{t.spoils_on} or more"
        assert f"{t.degrees}° {spoil}" in text
    for row in pack.condition_forecast:
        roll = f"{row.low}–{row.high}"
        result = "same as today's forecast" if row.result == "same" else row.result
        assert f"{roll} {result}" in text


def examples():
    return [read_example(path) for path in example_files(STALL)]


@pytest.mark.parametrize("example", examples(), ids=lambda e: e.name)
def test_every_example_is_printed_with_its_numbers(text, example):
    assert words(example.title) in text
    numbers = re.findall(r"\d+", str(example.expect.raw))
    for number in numbers:
        assert re.search(rf"(?<!\d){number}(?!\d)", text), (example.name, number)


def test_four_player_sales_table(text):
    assert "guaranteed cups +2 +2 +2 +2 8" in text
    assert "at $5 +4 12" in text
    assert "at $6 +2 14" in text
    assert "at $7: a cup each in turn +1 +0 15" in text
    assert "sold 6 4 3 2 15" in text
    assert "income $30 $24 $21 $14" in text


def test_every_card_is_named_and_pictured(text, page_html, pack):
    for card in (*pack.events, *pack.benefits):
        assert words(card.title) in text
        assert f'alt="The {html.escape(card.title)} card"' in page_html


def test_every_component_is_counted(text, pack):
    for component in pack.components:
        assert words(component.name) in text


def test_rulings_are_titled_as_a_player_would_say_them(body, pack):
    """A card's ruling is titled by what it settles, never by the content's field ("Bargain
    Purchase: effect"), and each title the appendix words for itself names a ruling it has."""
    appendix = body[body.index("a few situations need a ruling") : body.index("turn summary")]
    assert ": effect." not in appendix
    for card in ("bargain-purchase", "petty-theft"):
        title = pack.benefit(card).title
        assert re.search(rf"r\d+ · {words(title)} \w+", appendix), title
    assert "how many goods you may keep." in appendix


def test_every_provisional_value_is_in_the_appendix(body, pack):
    """All but the event cards' weather-change lines, which the appendix sums up in one
    sentence: each card prints its own line, and a ruling per card told a player nothing."""
    appendix = body[body.index("a few situations need a ruling") : body.index("turn summary")]
    lines = [gap for gap in pack.gaps if is_card_line(gap)]
    assert lines and "the weatherchange line on each event card was also chosen" in appendix
    for gap in lines:
        assert words(typeset_text(gap.reason, "en")) not in appendix
    left_out = [gap for gap in pack.gaps if not gap.appendix]  # content says `appendix: false`
    assert {gap.field for gap in left_out} == {
        "components[resource-tokens]",
        "components[resource-tokens-3]",
        "components[lap-tokens]",
        "events[discover]",
        "events[all-calm].copies",
    }  # still listed by ``printkit gaps``
    for gap in left_out:
        assert words(typeset_text(gap.reason, "en")) not in appendix
    shown = [gap for gap in pack.gaps if gap not in lines and gap not in left_out]
    for number, gap in enumerate(shown, start=1):
        assert f"r{number} · " in appendix
        assert words(typeset_text(gap.reason, "en")) in appendix
    assert f"r{len(shown) + 1} · " not in appendix


def test_a_ruling_is_cited_only_where_the_rule_needs_it(body):
    """Petty Theft's timing says which goods it can reach; every other rule is whole."""
    before = body[: body.index("a few situations need a ruling")]
    assert re.findall(r"\(see r\d+\)", before) == ["(see r8)"]
    assert before.index("(see r8)") > before.index("before anyone buys")


def test_the_appendix_speaks_to_players_not_about_the_source(body):
    """Each ruling is a rule for the table: no talk of the source, of simulated games, of
    provisional values or of what fits a sheet of paper."""
    appendix = body[body.index("a few situations need a ruling") :]
    for phrase in ("the source", "simulat", "provisional", "sheet", "a4", "(ruling"):
        assert phrase not in appendix, phrase


def test_no_sentence_of_the_source_is_copied(text, page_html):
    if not SOURCE.is_file():
        pytest.skip("the shared source rules are not here")
    source = SOURCE.read_text(encoding="utf-8")
    sentences = [
        words(s)
        for line in source.splitlines()
        for s in re.split(r"(?<=[.!?])\s+", line)
        if len(s.split()) >= 8
    ]
    assert sentences
    screen = html_text(page_html.encode("utf-8"))
    for sentence in sentences:
        sentence = sentence.strip(" .")
        assert sentence not in text, sentence
        assert sentence not in screen, sentence


# -- rebuilding from edited content -------------------------------------------------
@pytest.mark.slow
def test_a_chart_change_reaches_the_rulebook(content_copy):
    pack_dir = content_copy / "lemonade-stall"
    edit(pack_dir / "sales.yaml", "sunny: [10, 13, 15, 17, 18]", "sunny: [10, 13, 15, 17, 19]")
    edit(pack_dir / "examples" / "holiday-crowds-limit.yaml", "limit: 22", "limit: 23")
    rebuilt = " ".join(pdf_pages(build(pack_dir)["rulebook.pdf"]))
    assert "sunny 10 (2) 13 (2) 15 (2) 17 (2) 19 (2)" in rebuilt
    assert "at most 23 cups" in rebuilt


def test_an_example_the_engine_disagrees_with_stops_the_build(content_copy):
    pack_dir = content_copy / "lemonade-stall"
    path = pack_dir / "examples" / "four-player-sales.yaml"
    edit(path, "income: [30, 24, 21, 14]", "income: [30, 24, 21, 15]")
    with pytest.raises(ContentError) as caught:
        build(pack_dir)
    assert caught.value.location.file == path
    assert "engine" in caught.value.problem


def _insert_line(path: Path, line_number: int, text: str) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    lines.insert(line_number - 1, text)
    path.write_text("\n".join(lines), encoding="utf-8")


def test_an_undefined_variable_names_the_template_and_line(content_copy):
    template = content_copy / "lemonade-stall" / "rulebook" / "overview.md"
    _insert_line(template, 5, "Oops: {{ no_such_variable }}.")
    with pytest.raises(ContentError) as caught:
        build(content_copy / "lemonade-stall")
    assert Path(caught.value.location.file).name == "overview.md"
    assert caught.value.location.line == 5
    assert "no_such_variable" in caught.value.problem


def test_an_unknown_card_names_the_template_line_and_a_suggestion(content_copy):
    template = content_copy / "lemonade-stall" / "rulebook" / "cards.md"
    _insert_line(template, 3, '{{ events["holiday-crowd"].title }}')
    with pytest.raises(ContentError) as caught:
        build(content_copy / "lemonade-stall")
    error = caught.value
    assert (Path(error.location.file).name, error.location.line) == ("cards.md", 3)
    assert "holiday-crowd" in error.problem and "holiday-crowds" in error.problem


def test_the_sandbox_refuses_python_internals(content_copy):
    template = content_copy / "lemonade-stall" / "rulebook" / "glossary.md"
    _insert_line(template, 2, "{{ ''.__class__.__mro__ }}")
    with pytest.raises(ContentError) as caught:
        build(content_copy / "lemonade-stall")
    assert "Python internals" in caught.value.problem
    assert (Path(caught.value.location.file).name, caught.value.location.line) == (
        "glossary.md",
        2,
    )


def test_a_template_syntax_error_names_its_line(content_copy):
    template = content_copy / "lemonade-stall" / "rulebook" / "glossary.md"
    _insert_line(template, 2, "{% if %}")
    with pytest.raises(ContentError) as caught:
        build(content_copy / "lemonade-stall")
    assert (Path(caught.value.location.file).name, caught.value.location.line) == (
        "glossary.md",
        2,
    )


def test_a_game_without_a_rulebook_is_a_usage_error():
    bare = GamePlugin(id="lemonade-stall", title="Lemonade Stall", load=load)
    with pytest.raises(UsageError):
        render_rulebook(bare, load(STALL), PAPERS["a4"], Theme())


# -- the HTML page ---------------------------------------------------------------------
class Balance(HTMLParser):
    VOID = {"meta", "img", "br", "hr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(f"</{tag}> at {self.getpos()}")


def test_html_is_balanced_and_self_contained(page_html, text):
    checker = Balance()
    checker.feed(page_html)
    assert not checker.errors and not checker.stack
    assert page_html.startswith("<!DOCTYPE html>") and "<style>" in page_html
    assert not re.findall(r'(?:src|href)="(?!data:image/(?:png|svg\+xml);base64,|#)', page_html)
    ids = set(re.findall(r' id="([^"]+)"', page_html))
    assert set(re.findall(r'href="#([^"]+)"', page_html)) <= ids
    screen = html_text(page_html.encode("utf-8"))
    assert "income $30 $24 $21 $14" in screen


# -- the generic Markdown converter ------------------------------------------------------
MARKDOWN = """
# Chapter *one*

A **bold** and *italic* paragraph with `code` & <angle> brackets.

- first
  1. nested one
  2. nested two
- second

| Name | Value |
|---|--:|
| a | 1 |

> A block quote.

```pagebreak
```

## Section two

```aside A note
Inside the box.
```
"""


def test_markdown_converts_to_html_and_pdf():
    context = RulebookContext(title="Sample", variables={})
    tree = parse(MARKDOWN)
    page = html_page(tree, context)
    for fragment in (
        '<h1 id="chapter-one">Chapter <em>one</em></h1>',
        "<strong>bold</strong>",
        "<code>code</code> &amp; &lt;angle&gt;",
        "<ul>",
        "<ol>",
        '<td style="text-align:right">1</td>',
        "<blockquote>",
        '<section class="aside">',
    ):
        assert fragment in page
    pdf = typeset(tree, context, PAPERS["a4"])
    texts = pdf_pages(pdf)
    assert len(texts) == 2  # the page break
    assert "a bold and italic paragraph with code & <angle> brackets." in texts[0]
    assert "section two" in texts[1] and "inside the box." in texts[1]


def test_a_page_that_overflows_its_one_page_block_is_refused():
    body = "\n\n".join(f"Paragraph {n} " + "word " * 60 for n in range(40))
    tree = parse(f"````onepage Too long\n{body}\n````\n")
    with pytest.raises(RenderError, match="must fit one page"):
        typeset(tree, RulebookContext(title="Sample", variables={}), PAPERS["a4"])


def test_the_whole_days_table_picture_comes_before_the_sale_it_shows(body):
    """The table just before selling is shown before step 8's sale is worked, not after."""
    caption = words(load(STALL).words.say("picture.table"))
    day = body.index(words("This chapter plays one"))
    assert body.index(caption, day) < body.index(words("Step 8 · Sell"), day)
