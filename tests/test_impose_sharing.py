"""Decks sharing sheets: a deck with backs and a companion without fill one sheet, and
every back still lands where a long-edge flip puts its front."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from printkit.build.builder import part_sheets
from printkit.build.parts import guide_rows, page_count, render_fold, render_part
from printkit.kit import Deck, Kit, KitOptions
from printkit.render.impose import Piece
from printkit.render.preflight import read_record
from printkit.render.units import MM, PAPERS
from tests.conftest import page_text


def _paint(c, box) -> None:
    c.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)


def _deck(cards: int, companion: tuple[float, float, int]) -> Deck:
    width, height, count = companion
    pieces = tuple(Piece(f"card#{n}", _paint, _paint) for n in range(cards))
    flat = tuple(Piece(f"extra#{n}", _paint) for n in range(count))
    extra = Deck("extras", "Extras", width * MM, height * MM, flat)
    return Deck("cards", "Cards", 63 * MM, 88 * MM, pieces, also=(extra,))


def _read(deck: Deck, paper: str):
    options = KitOptions(PAPERS[paper])
    return PdfReader(io.BytesIO(render_part(deck, Kit("g", "G", (deck,)), options))).pages


def _pages(deck: Deck, paper: str):
    return [read_record(page) for page in _read(deck, paper)]


def _flip(box, width: float, height: float) -> tuple[float, ...]:
    """Where a long-edge flip puts ``box``: across a portrait sheet, along a landscape one."""
    x0, y0, x1, y1 = box
    if width > height:
        return (x0, height - y1, x1, height - y0)
    return (width - x1, y0, width - x0, y1)


def test_a_lone_card_shares_its_sheet_with_the_companions():
    """By hand, A4 portrait: nine cards to a sheet, so 28 cards leave one on a fourth sheet;
    88 x 125 mm pieces go four to a sheet, two to a row: two fit below the lone card and
    the other four take a fifth sheet. Five sheets, each with a back page."""
    pages = _pages(_deck(28, (88, 125, 6)), "a4")
    fronts = [[p.label for p in record.pieces] for record in pages[::2]]
    assert [len(f) for f in fronts] == [9, 9, 9, 3, 4]
    assert fronts[3] == ["card#27", "extra#0", "extra#1"]
    assert [p.label for p in pages[7].pieces] == ["card#27"]  # the extras have no back
    assert pages[9].pieces == ()  # a blank back keeps a double-sided print in step


@pytest.mark.parametrize(
    ("paper", "cards", "companion"),
    [("a4", 28, (88, 125, 6)), ("letter", 12, (18, 18, 40)), ("letter", 28, (63, 44, 8))],
)
def test_backs_register_with_their_fronts_on_shared_sheets(paper, cards, companion):
    """Portrait sheets mirror across, landscape ones (US Letter cards) along: on a shared
    sheet too, each back lies exactly under its own front."""
    pages = _read(_deck(cards, companion), paper)
    shared = 0
    for front_page, back_page in zip(pages[::2], pages[1::2], strict=True):
        front, back = read_record(front_page), read_record(back_page)
        size = (float(front_page.mediabox.width), float(front_page.mediabox.height))
        fronts = {p.label: p.box for p in front.pieces}
        for piece in back.pieces:
            assert piece.box == pytest.approx(_flip(fronts[piece.label], *size), abs=0.01)
        kinds = {label.split("#")[0] for label in fronts}
        shared += kinds == {"card", "extra"}
    assert shared == 1


def test_the_guide_and_reprints_count_every_page_of_a_shared_file():
    deck = _deck(28, (88, 125, 6))
    options = KitOptions(PAPERS["a4"])
    assert page_count(deck, PAPERS["a4"]) == 10
    sheets = part_sheets(deck, options)
    assert [s.pages for s in sheets] == [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9)]
    assert sheets[3].labels == ("card#27", "extra#0", "extra#1")
    assert "(10 p.)" in guide_rows(Kit("g", "G", (deck,)), options)[0].pages


def test_the_fold_file_holds_the_decks_own_cards_under_their_own_name():
    deck = replace(_deck(28, (88, 125, 6)), title="Cards and extras", name="Cards")
    options = KitOptions(PAPERS["a4"])
    pages = PdfReader(io.BytesIO(render_fold(deck, Kit("g", "G", (deck,)), options))).pages
    labels = [p.label for page in pages for p in read_record(page).pieces]
    assert sorted(set(labels)) == sorted(f"card#{n}" for n in range(28))
    assert all(page_text(page).count("Cards — fold-and-glue sheet") == 1 for page in pages)
    assert not any("extras" in page_text(page) for page in pages)
