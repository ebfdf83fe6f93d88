"""Card geometry: sides, points and half-edges, what meets what across a shared edge.

Pure functions over `Face` values. Sides are numbered N=0, E=1, S=2, W=3;
border points 0..7 clockwise from N (see `model`); half-edge ``h`` runs from
point ``h`` to point ``h + 1``.
"""

from __future__ import annotations

from collections.abc import Iterable

from printkit.games.sandcastles.model import BLANK, Face, Route

Cell = tuple[int, int]
STEPS: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))  # N E S W


def opposite(side: int) -> int:
    return (side + 2) % 4


def neighbour(cell: Cell, side: int) -> Cell:
    dx, dy = STEPS[side]
    return (cell[0] + dx, cell[1] + dy)


def meeting_points(side: int) -> tuple[tuple[int, int], ...]:
    """Border points that meet across ``side``: (this card's point, the neighbour's point).

    The midpoints meet, and each corner at the ends of the edge meets the
    neighbour's corner at the same spot.
    """
    other = opposite(side)
    return (
        (2 * side, 2 * other),
        ((2 * side + 1) % 8, (2 * other - 1) % 8),
        ((2 * side - 1) % 8, (2 * other + 1) % 8),
    )


def meeting_half_edges(side: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """Half-edges that meet across ``side``: sand flows from each to its partner."""
    other = opposite(side)
    return ((2 * side, (2 * other - 1) % 8), ((2 * side - 1) % 8, 2 * other))


def mismatches(face: Face, side: int, other: Face) -> list[tuple[int, int]]:
    """Points where ``face`` and its neighbour across ``side`` disagree (wall vs blank, ...)."""
    return [
        (mine, theirs)
        for mine, theirs in meeting_points(side)
        if face.feature(mine) != other.feature(theirs)
    ]


def vertex(cell: Cell, corner_point: int) -> Cell:
    """The grid vertex at a card's corner: SW of cell (x, y) is vertex (x, y)."""
    x, y = cell
    return {1: (x + 1, y + 1), 3: (x + 1, y), 5: (x, y), 7: (x, y + 1)}[corner_point]


def between(start: int, end: int, half_edge: int) -> bool:
    """Whether ``half_edge`` lies on the clockwise arc from point ``start`` to ``end``."""
    return (half_edge - start) % 8 < (end - start) % 8


def chords(routes: Iterable[Route]) -> list[tuple[int, int]]:
    """The routes that split a card's sand: walls from one border point to another."""
    return [(r.start, r.end) for r in routes if r.end is not None]


def regions(face: Face) -> tuple[int, ...]:
    """A region number for each half-edge: equal numbers are one patch of sand on the card.

    Walls never cross inside a card, so two half-edges share a patch exactly
    when no wall separates them.
    """
    cuts = chords(face.routes)
    labels: dict[tuple[bool, ...], int] = {}
    result = []
    for h in range(8):
        key = tuple(between(a, b, h) for a, b in cuts)
        result.append(labels.setdefault(key, len(labels)))
    return tuple(result)


def region_is_walled(face: Face, region: int) -> bool:
    """Whether a patch of sand is bordered by one of the card's walls or towers."""
    labels = regions(face)
    return any(
        face.feature(h) != BLANK or face.feature((h + 1) % 8) != BLANK
        for h in range(8)
        if labels[h] == region
    )


def crossing(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two walls between border points cross inside the card."""
    if len({*a, *b}) < 4:
        return False
    inside = [(p - a[0]) % 8 < (a[1] - a[0]) % 8 for p in b]
    return inside[0] != inside[1]


def has_cycle(cuts: list[tuple[int, int]]) -> bool:
    """Whether walls between towers close a loop (a patch of sand touching no edge)."""
    parent = list(range(8))

    def find(p: int) -> int:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for a, b in cuts:
        ra, rb = find(a), find(b)
        if ra == rb:
            return True
        parent[ra] = rb
    return False


def route_at(face: Face, point: int) -> int | None:
    """Index of the wall leaving a wall midpoint, or None when there is none."""
    for index, route in enumerate(face.routes):
        if point in (route.start, route.end):
            return index
    return None
