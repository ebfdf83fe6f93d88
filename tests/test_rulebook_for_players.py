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
