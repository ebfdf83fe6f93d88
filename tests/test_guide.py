"""Every game's printing guide says each thing once: a part's paper and sides in its row's
"How to print", never again in its note, and never contradicted by the opening advice."""

from __future__ import annotations

import re

import pytest

from printkit.build.parts import guide_rows
from printkit.kit import Deck, Kit, KitOptions, Pages
from printkit.registry import plugin_for
from printkit.render.guide import advice
from printkit.render.impose import Piece
from printkit.render.labels import ENGLISH, labels_for
from printkit.render.units import MM, PAPERS
from tests.conftest import CONTENT, EVERY_LANGUAGE

KITS = EVERY_LANGUAGE
# what a row's "How to print" says, in each language's words
PAPER = {
    "en": re.compile(r"single-sided|double-sided|card stock|plain paper|print single"),
    "ru": re.compile(r"односторонн|двусторонн|плотн|обычн"),
}


@pytest.fixture(scope="module", params=KITS, ids=lambda k: "-".join(filter(None, k)))
def guide(request):
    game, lang = request.param
    plugin = plugin_for(game)
    options = KitOptions(PAPERS["a4"], lang=lang)
    kit = plugin.kit(plugin.load(CONTENT / game), options)
    return kit, guide_rows(kit, options), advice(kit, labels_for(lang)), lang or "en"


def test_a_note_never_repeats_the_paper_its_row_already_gives(guide):
    _, rows, _, lang = guide
    for row in rows:
        assert not PAPER[lang].search(row.note.lower()), (row.part, row.note)


def test_the_plain_paper_advice_names_only_parts_printed_on_plain_paper(guide):
    kit, rows, texts, lang = guide
    labels = labels_for("" if lang == "en" else lang)
    advised = " ".join(texts)
    for part, row in zip(kit.parts, rows):
        if isinstance(part, Pages) and part.title in advised:
            assert row.how == labels["how.pages"], (part.title, row.how)


def test_a_chart_printed_on_card_is_said_to_be_card_only_in_its_row():
    """The Lemonade Stall sales charts: card stock in their row, not 'plain paper' above."""

    def draw(c, box):
        return None

    cards = Deck("cards", "Cards", 63 * MM, 88 * MM, (Piece("c", draw, draw),))
    mats = Pages("mats", "Player mats", (draw,))
    charts = Pages("charts", "Sales charts", (draw,), card_stock=True)
    kit = Kit("g", "G", (cards, mats, charts))
    opening = " ".join(advice(kit, ENGLISH))
    assert "(Player mats)" in opening and "Sales charts" not in opening
    how = {row.part: row.how for row in guide_rows(kit, KitOptions(PAPERS["a4"]))}
    assert how == {
        "Cards": ENGLISH["how.duplex"],
        "Player mats": ENGLISH["how.pages"],
        "Sales charts": ENGLISH["how.cardstock"],
    }
