"""Every game's printing guide says each thing once: a part's paper and sides in its row's
"How to print", never again in its note, and never contradicted by the opening advice."""

from __future__ import annotations

import re
from dataclasses import replace

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


def _odds_pages(pdf: bytes) -> tuple[list[int], list[int]]:
    """Read back from the deck's file: the pages showing odds cards' fronts, and those of
    them showing any other card's front too."""
    import io

    from pypdf import PdfReader

    from printkit.render.preflight import read_record

    odds, mixed = [], []
    for number, page in enumerate(PdfReader(io.BytesIO(pdf)).pages, start=1):
        fronts = [p.label for p in read_record(page).pieces if p.side == "front"]
        if any(label.startswith("odds#") for label in fronts):
            odds.append(number)
            if any(not label.startswith("odds#") for label in fronts):
                mixed.append(number)
    return odds, mixed


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_fold_and_glue_printer_is_told_the_pages_that_hold_the_odds_cards(paper):
    """That's Not Lemonade's odds cards share the deck's sheets but have no fold-and-glue
    file: the guide names the pages of the deck's file to print for them, as the file
    itself shows them, and the page where a card shares their sheet."""
    from printkit.build.parts import render_part

    plugin = plugin_for("thats-not-lemonade")
    options = KitOptions(PAPERS[paper])
    kit = plugin.kit(plugin.load(CONTENT / "thats-not-lemonade"), options)
    deck = kit.parts[0]
    odds, mixed = _odds_pages(render_part(deck, kit, options))
    assert odds, "the odds cards print from the deck's file"
    how = guide_rows(kit, options)[0].how
    printed, _, spare = how.partition(ENGLISH["fold.spares"].split("{")[0])
    wanted = re.search(r"pages? ([\d, and]+) of this file", printed)
    assert wanted and _numbers(wanted.group(1)) == odds, how
    assert "single-sided" in printed  # the odds cards have no backs
    assert _numbers(spare) == mixed, how


def test_only_companions_without_a_fold_and_glue_file_get_their_pages_named():
    """Companions that fold from their own file (Yard Sale's shopper cards) need nothing
    more from the deck's file; one that does not gets its sheet's front and back named."""

    def draw(c, box):
        return None

    items = Deck(
        "items", "Items", 63 * MM, 88 * MM, tuple(Piece(f"i#{n}", draw, draw) for n in range(7))
    )
    shoppers = Deck("shoppers", "Shoppers", 63 * MM, 88 * MM, (Piece("s#1", draw, draw),))
    flat = replace(shoppers, fold=False)
    options = KitOptions(PAPERS["a4"])
    folded = guide_rows(Kit("g", "G", (replace(items, also=(shoppers,)),)), options)[0]
    assert folded.how == ENGLISH["how.duplex"]
    loose = guide_rows(Kit("g", "G", (replace(items, also=(flat,)),)), options)[0]
    assert "pages 1 and 2 of this file, double-sided (Shoppers)" in loose.how  # front, back
    assert loose.how.endswith("any other card on page 1 is a spare")


def test_the_kit_s_words_are_the_pure_yaml_parser_s():
    """labels.yaml is read at import by libyaml's parser where PyYAML has it: the values
    are the pure parser's, in every language."""
    import yaml

    from printkit.render.labels import LABELS
    from printkit.resources import package_path

    text = package_path("bundled", "labels.yaml").read_text(encoding="utf-8")
    pure = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506 - safe
    assert pure == LABELS
    assert set(LABELS) >= {"en", "ru"}
