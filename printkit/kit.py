"""A kit as data: the parts a game's kit module returns, and how each is printed.

Games describe *what* to print (decks of pieces, a board, full pages); the
builder decides *how* (imposition, tiling, paper, duplex, gutterfold).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from printkit.render.theme import Theme
from printkit.render.units import MM, Box, Paper

if TYPE_CHECKING:  # drawing code is imported only when something is drawn
    from reportlab.pdfgen.canvas import Canvas

    from printkit.content.fields import Size
    from printkit.render.impose import Piece


@dataclass(frozen=True)
class Deck:
    """Equal pieces (cards, tokens, markers) imposed on sheets, with optional backs."""

    id: str
    title: str
    width: float
    height: float
    pieces: tuple[Piece, ...]
    note: str = ""  # printing advice for the guide
    fold: bool = True  # also offered as fold-and-glue sheets
    copies: str = "1"  # how many times to print the whole deck, as the guide says it
    also: tuple[Deck, ...] = ()  # single-sided decks of other sizes sharing its sheets
    reads: Mapping = field(default_factory=dict, compare=False, repr=False)  # see `made`

    @property
    def every_piece(self) -> tuple[Piece, ...]:
        return self.pieces + tuple(p for deck in self.also for p in deck.pieces)

    def sizes(self) -> tuple[tuple[float, float, tuple[Piece, ...]], ...]:
        """Each deck's piece size and pieces, this one first: what the imposer lays out."""
        return tuple((d.width, d.height, d.pieces) for d in (self, *self.also))


def sized_deck(
    deck_id: str,
    title: str,
    size: Size,
    pieces: tuple[Piece, ...],
    note: str = "",
    fold: bool = True,
) -> Deck:
    """A deck whose pieces are content's ``size`` (millimetres) large, as points."""
    return Deck(deck_id, title, size.width * MM, size.height * MM, pieces, note=note, fold=fold)


@dataclass(frozen=True)
class Board:
    """Artwork larger than a page: tiled at home, one sheet at a print shop."""

    id: str
    title: str
    width: float
    height: float
    draw: Callable[[Canvas], None]  # draws in board units, origin bottom-left
    note: str = ""
    reads: Mapping = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Pages:
    """Whole pages (mats, charts, forms) drawn inside the paper's printable area."""

    id: str
    title: str
    pages: tuple[Callable[[Canvas, Box], None], ...]
    copies: str = "1"
    note: str = ""
    landscape: bool = False
    reads: Mapping = field(default_factory=dict, compare=False, repr=False)
    card_stock: bool = False  # printed on card (a chart laid on the board), not plain paper


Part = Deck | Board | Pages


def made(make: Callable[..., Part], *args: object) -> Part:
    """``make(*args)``, with the content values read while making it kept as the part's own
    (`printkit.build.record`): what it reads while drawing is added when it is rendered."""
    from printkit.build.record import recording

    with recording() as reads:
        part = make(*args)
    return replace(part, reads={**part.reads, **reads})


@dataclass(frozen=True)
class Kit:
    game_id: str
    title: str
    parts: tuple[Part, ...]
    extras: tuple[str, ...] = field(default=())  # things to fetch that are not printed


@dataclass(frozen=True)
class KitOptions:
    paper: Paper
    theme: Theme = Theme()
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, for duplex misregistration
    lang: str = ""  # for games printed in several languages: which one ("" when only one)


def part_file(index: int, part: Part) -> str:
    """The file a part prints to, numbered in the order to print it."""
    return f"{index:02d}-{part.id}.pdf"
