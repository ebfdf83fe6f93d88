"""Sandcastles' content as small frozen values: card faces, card types, placements.

A square card's border is a ring of eight points, clockwise from the middle of
the top edge: N, NE, E, SE, S, SW, W, NW. The four edge midpoints carry a wall,
a half tower or nothing; the four corners carry a quarter tower or nothing.
Walls inside a card are routes between two points (or from a point to a gap).
Between consecutive points lie eight half-edges, where sand meets the
neighbouring card: half-edge ``h`` runs from point ``h`` to point ``h + 1``.

Nothing here reads files; `content.py` builds these values after validating.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit.content.art import Art
from printkit.content.fields import Gap
from printkit.content.lookup import Lookup
from printkit.content.packs import Box
from printkit.content.words import Words

POINTS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
SIDES = ("N", "E", "S", "W")  # edge d has its midpoint at point 2 * d
CORNERS = ("NE", "SE", "SW", "NW")  # corner c sits at point 2 * c + 1

BLANK = "."
WALL = "w"
HALF = "h"  # half a round tower, centred on the edge (Bridge cards)
TOWER = "t"  # a quarter of a round tower, in the corner
EDGE_CODES = (BLANK, WALL, HALF)
CORNER_CODES = (BLANK, TOWER)

CASTLE = "castle"
BRIDGE = "bridge"
FEATHER = "feather"
SHELL = "shell"
KINDS = (CASTLE, BRIDGE, FEATHER, SHELL)
OVERLAYS = (FEATHER, SHELL)  # cards that rest on top of a castle card

TURNS = (0, 90, 180, 270)  # clockwise, as printed in examples


@dataclass(frozen=True)
class Route:
    """One wall inside a card: from a point to another, or to a gap (``end is None``)."""

    start: int
    end: int | None

    def turned(self, quarters: int) -> Route:
        end = None if self.end is None else (self.end + 2 * quarters) % 8
        return Route((self.start + 2 * quarters) % 8, end)

    @property
    def code(self) -> str:
        end = "x" if self.end is None else POINTS[self.end]
        return f"{POINTS[self.start]}-{end}"


@dataclass(frozen=True)
class Face:
    """What a card shows in one orientation: its border features and its walls."""

    edges: tuple[str, str, str, str]  # N E S W
    corners: tuple[str, str, str, str]  # NE SE SW NW
    routes: tuple[Route, ...] = ()

    def feature(self, point: int) -> str:
        """The code at a border point: an edge code at a midpoint, a corner code at a corner."""
        return self.edges[point // 2] if point % 2 == 0 else self.corners[point // 2]

    def turned(self, quarters: int) -> Face:
        """This face turned ``quarters`` quarter turns clockwise: north goes east."""
        q = quarters % 4
        if q == 0:
            return self
        return Face(
            edges=tuple(self.edges[(i - q) % 4] for i in range(4)),  # type: ignore[arg-type]
            corners=tuple(self.corners[(i - q) % 4] for i in range(4)),  # type: ignore[arg-type]
            routes=tuple(r.turned(q) for r in self.routes),
        )

    @property
    def towers(self) -> tuple[int, ...]:
        """Corner points holding a quarter tower."""
        return tuple(2 * c + 1 for c in range(4) if self.corners[c] == TOWER)

    @property
    def edge_code(self) -> str:
        return "".join(self.edges)

    @property
    def corner_code(self) -> str:
        return "".join(self.corners)

    @property
    def wall_code(self) -> str:
        return " ".join(r.code for r in self.routes)


@dataclass(frozen=True)
class CardType:
    id: str
    name: str
    kind: str
    face: Face
    copies: int
    text: str = ""  # printed rule text (special cards)
    art: Art | None = None  # a special card's emblem, from art/ (the rules never read it)

    @property
    def overlay(self) -> bool:
        return self.kind in OVERLAYS


@dataclass(frozen=True)
class Placement:
    """A card laid in a castle: its type, its grid cell (x east, y north), its turn."""

    card: str
    x: int
    y: int
    turn: int = 0  # quarter turns clockwise, 0..3

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)


@dataclass(frozen=True)
class Scoring:
    """The points of one scoring: the source's values and this version's special bonuses."""

    tower: int
    courtyard: int
    illegal: int  # per illegal card (negative)
    discard: int  # per discarded card (negative)
    most_cards: int
    biggest_courtyard: int
    longest_wall: int
    specials: tuple[tuple[str, int], ...]  # card kind -> bonus when its condition is met

    def special(self, kind: str) -> int:
        return dict(self.specials).get(kind, 0)


@dataclass(frozen=True)
class Rulings:
    """Designer's answers where the source is silent (each one provisional in game.yaml)."""

    placement: str  # "grid": cards fill whole cells; the source also allows offsets
    bonus_ties: str  # "all": every tied castle takes a table bonus
    part_choice: str  # "best": a split castle's owner keeps the part that scores most
    final_score: str  # "sum": the two scorings add up
    rounds: int


@dataclass(frozen=True)
class KitLayout:
    card: float  # millimetres, the side of a square castle card
    reference_width: float
    reference_height: float
    reference_cards: int


@dataclass(frozen=True)
class Sandcastles(Box):
    """The whole content pack."""

    hand_size: int
    piles: int
    timer_minutes: int
    deck_size: int
    scoring: Scoring
    rulings: Rulings
    cards: tuple[CardType, ...]
    kit: KitLayout
    words: Words
    gaps: tuple[Gap, ...] = field(default=(), compare=False)

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    card = Lookup[CardType]("cards", "card")

    def face(self, placement: Placement) -> Face:
        return self.card(placement.card).face.turned(placement.turn)

    def deck(self) -> tuple[str, ...]:
        """Every card's type id, copies expanded, in content order."""
        return tuple(c.id for c in self.cards for _ in range(c.copies))
