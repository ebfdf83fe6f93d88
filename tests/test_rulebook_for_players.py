"""Every bundled rulebook read back as a player reads it: no builder's words, no near-empty end."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from pypdf import PdfReader

from printkit.registry import plugin_for
from printkit.render.theme import Theme
from printkit.render.units import PAPERS
from printkit.rulebook.build import PDF_FILE, render_rulebook
from tests.conftest import CONTENT, EVERY_LANGUAGE, page_text

pytestmark = pytest.mark.slow

BOOKS = EVERY_LANGUAGE
BUILDERS_WORDS = re.compile(
    r"\w+\.(?:yaml|csv|md|py)\b|\bline \d+\)|строка \d+|content files|Ruling:|"
    r"\bengine\b|движк"
)
OPTION = re.compile(r"[a-z]+(?:-[a-z]+){2,}")  # a content option's name: on-a-legal-card


@pytest.fixture(scope="module", params=BOOKS, ids=lambda b: "-".join(filter(None, b)))
def book(request) -> tuple[object, list[str]]:
    game, lang = request.param
    plugin = plugin_for(game)
    pack = plugin.load(CONTENT / game)
    pdf = render_rulebook(plugin, pack, PAPERS["a4"], Theme(), lang)
    return pack, [page_text(page) for page in PdfReader(BytesIO(pdf[PDF_FILE])).pages]


@pytest.fixture(scope="module")
def pages(book) -> list[str]:
    return book[1]


def test_no_rulebook_speaks_of_files_lines_or_code_values(book):
    pack, pages = book
    text = " ".join(" ".join(page.split()) for page in pages)
    assert not BUILDERS_WORDS.findall(text)
    options = {name for gap in pack.gaps for name in OPTION.findall(gap.value.replace("'", " "))}
    assert not [name for name in options if re.search(rf"(?<![\w-]){name}(?![\w-])", text)]


def test_the_last_page_is_not_left_nearly_empty(pages):
    """Its text runs at least a fifth of the way down: no two stray lines on a page of their own."""
    body = [line for line in pages[-1].splitlines() if line.strip()][:-3]  # header and number
    assert len(body) >= 10, body


FULL_ENOUGH = 0.5  # a page's body used at least this far down: no half-empty page
PAGED_BOOKS = [  # the books whose every page is checked, at both papers
    (game, lang, paper)
    for game, lang in BOOKS
    if game in ("lemonade-stand", "lemonade-stall")
    for paper in ("a4", "letter")
]


def body_used(page) -> float:
    """How far down the body frame (between the running header and the page number) the
    page's ink reaches: 0 for an empty body, 1 for one filled to its foot."""
    from printkit.rulebook.typeset import BOTTOM, TOP

    width, height = page.get_size()
    image = page.render(scale=1, grayscale=True).to_pil()
    pixels = image.load()
    top, foot = int(TOP), int(height - BOTTOM)
    inked = [y for y in range(top, foot) if any(pixels[x, y] < 200 for x in range(int(width)))]
    return (max(inked, default=top) - top) / (foot - top)


@pytest.mark.parametrize("game,lang,paper", PAGED_BOOKS, ids=lambda v: v or "")
def test_no_page_of_the_book_is_left_half_empty(game, lang, paper):
    """Past the cover and the contents, every page's ink runs at least half way down: a
    picture or an example too tall for the rest of a page leaves no near-empty page."""
    import pypdfium2 as pdfium

    plugin = plugin_for(game)
    pdf = render_rulebook(plugin, plugin.load(CONTENT / game), PAPERS[paper], Theme(), lang)
    document = pdfium.PdfDocument(pdf[PDF_FILE])
    used = {n + 1: round(body_used(page), 2) for n, page in enumerate(document)}
    assert not {n: u for n, u in used.items() if n > 2 and u < FULL_ENOUGH}, used
