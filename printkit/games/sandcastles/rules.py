"""Sandcastles' rules as pure functions: legality, structures, scoring, bullying.

A castle is a tuple of `Placement` in the order the cards were laid. Castle
cards fill grid cells; a Feather or Shell rests on top of a castle card.
Everything here is a function of the pack and the placements.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from printkit.errors import RuleError
from printkit.games.sandcastles.geometry import (
    Cell,
    meeting_half_edges,
    mismatches,
    neighbour,
    opposite,
    region_is_walled,
    regions,
    route_at,
    vertex,
)
from printkit.games.sandcastles.model import (
    BRIDGE,
    FEATHER,
    HALF,
    POINTS,
    SHELL,
    SIDES,
    TOWER,
    WALL,
    Face,
    Placement,
    Sandcastles,
)


# -- union-find ----------------------------------------------------------------
class _Sets:
    """Disjoint sets over hashable nodes: the castle's connected sand, walls and parts."""

    def __init__(self) -> None:
        self.parent: dict = {}

    def add(self, node) -> None:
        self.parent.setdefault(node, node)

    def find(self, node):
        self.add(node)
        while self.parent[node] != node:
            self.parent[node] = self.parent[self.parent[node]]
            node = self.parent[node]
        return node

    def union(self, a, b) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def groups(self) -> list[list]:
        found: dict = {}
        for node in self.parent:
            found.setdefault(self.find(node), []).append(node)
        return [sorted(g) for g in sorted(found.values(), key=lambda g: min(g))]


# -- legality ----------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    """Whether one laid card is legal, and if not, why (in the rulebook's words)."""

    number: int  # 1-based position in the castle's list
    placement: Placement
    legal: bool
    reason: str = ""


def _name(pack: Sandcastles, placement: Placement) -> str:
    return f"the {pack.card(placement.card).name} at {placement.x},{placement.y}"


def _feature_name(face: Face, point: int) -> str:
    """'wall on the W edge', 'bare NE corner': what a card shows at a border point."""
    code, where = face.feature(point), POINTS[point]
    if point % 2 == 0:
        word = {WALL: "wall on the", HALF: "half tower on the"}.get(code, "blank")
        return f"{word} {where} edge"
    return f"tower in the {where} corner" if code == TOWER else f"bare {where} corner"


def check_castle(pack: Sandcastles, castle: Sequence[Placement]) -> tuple[Verdict, ...]:
    """Judge every card: touching, continuing walls and towers, no overlaps.

    Cards are judged in the order laid: when two cards disagree, the later one
    is illegal. A lone card touching no other is illegal (unless it is the
    whole castle). A Feather or Shell must rest on a legal castle card.
    """
    verdicts: dict[int, Verdict] = {}
    ground = [(i, p) for i, p in enumerate(castle) if not pack.card(p.card).overlay]
    cells = {p.cell for _, p in ground}
    accepted: dict[Cell, Placement] = {}
    for i, p in ground:
        reason = _ground_problem(pack, p, accepted, cells, len(ground))
        verdicts[i] = Verdict(i + 1, p, not reason, reason)
        if not reason:
            accepted[p.cell] = p
    topped: set[Cell] = set()
    for i, p in enumerate(castle):
        if i in verdicts:
            continue
        if p.cell not in accepted:
            reason = "it rests on no legal castle card"
        elif p.cell in topped:
            reason = "another card already rests on that castle card"
        else:
            reason = ""
            topped.add(p.cell)
        verdicts[i] = Verdict(i + 1, p, not reason, reason)
    return tuple(verdicts[i] for i in range(len(castle)))


def _ground_problem(
    pack: Sandcastles,
    p: Placement,
    accepted: dict[Cell, Placement],
    cells: set[Cell],
    count: int,
) -> str:
    if count > 1 and not any(neighbour(p.cell, side) in cells for side in range(4)):
        return "it touches no other card"
    if p.cell in accepted:
        return f"it lies on {_name(pack, accepted[p.cell])}"
    face = pack.face(p)
    for side in range(4):
        other = accepted.get(neighbour(p.cell, side))
        if other is None:
            continue
        wrong = mismatches(face, side, pack.face(other))
        if wrong:
            mine, theirs = wrong[0]
            return (
                f"its {_feature_name(face, mine)} meets the "
                f"{_feature_name(pack.face(other), theirs)} of {_name(pack, other)}"
            )
    return ""


def parts(pack: Sandcastles, castle: Sequence[Placement]) -> list[tuple[Placement, ...]]:
    """The castle's separate parts (cards joined edge to edge), riders with their card.

    Assumes legal cards: one castle card per cell. Parts come in the order their
    first card was laid, so nothing depends on where the castle stands.
    """
    sets = _Sets()
    ground = {p.cell: p for p in castle if not pack.card(p.card).overlay}
    for cell in ground:
        sets.add(cell)
        for side in (0, 1):
            if neighbour(cell, side) in ground:
                sets.union(cell, neighbour(cell, side))
    result = [tuple(p for p in castle if p.cell in set(group)) for group in sets.groups()]
    first = {id(part): min(castle.index(p) for p in part) for part in result}
    return sorted(result, key=lambda part: first[id(part)])  # in the order they were laid


HOLE = -1  # the one patch of an empty cell, beside a card's regions 0..7


# -- structures ------------------------------------------------------------------
@dataclass(frozen=True)
class Courtyard:
    """Sand enclosed by walls and towers; its size is the cards on its boundary."""

    cells: tuple[Cell, ...]  # every card holding part of it
    boundary: tuple[Cell, ...]  # those whose walls or towers border it

    @property
    def size(self) -> int:
        return len(self.boundary)


@dataclass(frozen=True)
class Tower:
    cells: tuple[Cell, ...]
    complete: bool
    where: tuple  # ("vertex", x, y) or ("edge", x, y, side)


@dataclass(frozen=True)
class Wall:
    cells: tuple[Cell, ...]  # distinct cards it runs through

    @property
    def length(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Structures:
    towers: tuple[Tower, ...]
    courtyards: tuple[Courtyard, ...]
    walls: tuple[Wall, ...]

    @property
    def complete_towers(self) -> tuple[Tower, ...]:
        return tuple(t for t in self.towers if t.complete)


def _faces(pack: Sandcastles, castle: Iterable[Placement]) -> dict[Cell, Face]:
    return {p.cell: pack.face(p) for p in castle if not pack.card(p.card).overlay}


def find_towers(faces: dict[Cell, Face]) -> tuple[Tower, ...]:
    """Round towers: four quarters around a grid vertex, or two half towers across an edge."""
    quarters: dict[Cell, list[Cell]] = {}
    halves: dict[tuple, list[Cell]] = {}
    for cell, face in faces.items():
        for corner in face.towers:
            quarters.setdefault(vertex(cell, corner), []).append(cell)
        for side in range(4):
            if face.edges[side] == HALF:
                other = neighbour(cell, side)
                key = min((cell, side), (other, opposite(side)))
                halves.setdefault(key, []).append(cell)
    towers = [
        Tower(tuple(sorted(cells)), len(cells) == 4, ("vertex", *v))
        for v, cells in sorted(quarters.items())
    ]
    towers += [
        Tower(tuple(sorted(cells)), len(cells) == 2, ("edge", *key[0], SIDES[key[1]]))
        for key, cells in sorted(halves.items())
    ]
    return tuple(towers)


def _holes(faces: dict[Cell, Face]) -> tuple[set[Cell], set[Cell]]:
    """Empty cells inside the castle's bounding box and one cell beyond, and those open to the sea.

    An empty cell is open when empty cells lead from it to the rim of that box;
    a hole the cards close in holds sand like any other patch (ruling: holes).
    """
    xs = [x for x, _ in faces]
    ys = [y for _, y in faces]
    box = range(min(xs) - 1, max(xs) + 2), range(min(ys) - 1, max(ys) + 2)
    empty = {(x, y) for x in box[0] for y in box[1] if (x, y) not in faces}
    rim = {(x, y) for x, y in empty if x in (box[0][0], box[0][-1]) or y in (box[1][0], box[1][-1])}
    open_cells, frontier = set(rim), list(rim)
    while frontier:
        cell = frontier.pop()
        for side in range(4):
            other = neighbour(cell, side)
            if other in empty and other not in open_cells:
                open_cells.add(other)
                frontier.append(other)
    return empty, open_cells


def find_courtyards(faces: dict[Cell, Face]) -> tuple[Courtyard, ...]:
    """Patches of sand that reach no open edge of the castle.

    Sand facing an empty cell flows into it; the empty cell is open sea unless
    the cards round it close it in, and then it is part of the patch.
    """
    if not faces:
        return ()
    sets = _Sets()
    empty, open_cells = _holes(faces)
    open_nodes = {(cell, HOLE) for cell in open_cells}
    labels = {cell: regions(face) for cell, face in faces.items()}
    for cell in empty:
        sets.add((cell, HOLE))
        for side in (0, 1):
            if neighbour(cell, side) in empty:
                sets.union((cell, HOLE), (neighbour(cell, side), HOLE))
    for cell in faces:
        for region in set(labels[cell]):
            sets.add((cell, region))
        for side in range(4):
            other = neighbour(cell, side)
            for mine, theirs in meeting_half_edges(side):
                node = (cell, labels[cell][mine])
                if other in faces:
                    sets.union(node, (other, labels[other][theirs]))
                else:
                    sets.union(node, (other, HOLE))
    closed_roots = {sets.find(n) for n in open_nodes}
    result = []
    for group in sets.groups():
        if sets.find(group[0]) in closed_roots:
            continue
        sand = [(cell, region) for cell, region in group if region != HOLE]
        if not sand:
            continue
        cells = tuple(sorted({cell for cell, _ in sand}))
        boundary = tuple(
            sorted({cell for cell, region in sand if region_is_walled(faces[cell], region)})
        )
        result.append(Courtyard(cells, boundary))
    return tuple(result)


def find_walls(faces: dict[Cell, Face]) -> tuple[Wall, ...]:
    """Unbroken walls: runs of wall joined across edges, ended by towers, gaps and open sand."""
    sets = _Sets()
    for cell, face in faces.items():
        for index, route in enumerate(face.routes):
            sets.add((cell, index))
            for point in (route.start, route.end):
                if point is None or point % 2 or face.feature(point) != WALL:
                    continue
                side = point // 2
                other = neighbour(cell, side)
                if other in faces and faces[other].edges[opposite(side)] == WALL:
                    theirs = route_at(faces[other], 2 * opposite(side))
                    if theirs is not None:
                        sets.union((cell, index), (other, theirs))
    return tuple(Wall(tuple(sorted({cell for cell, _ in group}))) for group in sets.groups())


def structures(pack: Sandcastles, castle: Sequence[Placement]) -> Structures:
    faces = _faces(pack, castle)
    return Structures(find_towers(faces), find_courtyards(faces), find_walls(faces))


# -- scoring ---------------------------------------------------------------------
@dataclass(frozen=True)
class CastleScore:
    """One castle's scoring, before the table bonuses."""

    kept: tuple[Placement, ...]  # the cards that were scored
    cards: int
    towers: int
    courtyards: int
    specials: tuple[tuple[str, int], ...]  # kind -> cards whose condition is met
    illegal: int
    discarded: int  # discards plus cards split off the scored part
    split_off: int
    biggest_courtyard: int
    longest_wall: int
    points: tuple[tuple[str, int], ...]  # category -> points
    verdicts: tuple[Verdict, ...] = field(default=(), compare=False)

    @property
    def total(self) -> int:
        return sum(v for _, v in self.points)


def special_cards(pack: Sandcastles, castle: Sequence[Placement], found: Structures) -> dict:
    """Which Bridges, Feathers and Shells meet their conditions, by kind."""
    in_tower = {cell for t in found.complete_towers for cell in t.cells}
    bridged = {cell for t in found.complete_towers if t.where[0] == "edge" for cell in t.cells}
    in_yard = {cell for c in found.courtyards for cell in c.cells}
    where = {BRIDGE: bridged, FEATHER: in_tower, SHELL: in_yard}
    met = dict.fromkeys(where, 0)
    for p in castle:
        kind = pack.card(p.card).kind
        if kind in where and p.cell in where[kind]:
            met[kind] += 1
    return met


def score_part(
    pack: Sandcastles, part: Sequence[Placement], illegal: int, discarded: int, split_off: int
) -> CastleScore:
    s = pack.scoring
    found = structures(pack, part)
    met = special_cards(pack, part, found)
    towers = len(found.complete_towers)
    specials_points = sum(s.special(kind) * n for kind, n in met.items())
    points = (
        ("towers", towers * s.tower),
        ("courtyards", len(found.courtyards) * s.courtyard),
        ("specials", specials_points),
        ("illegal", illegal * s.illegal),
        ("discards", discarded * s.discard),
    )
    return CastleScore(
        kept=tuple(part),
        cards=len(part),
        towers=towers,
        courtyards=len(found.courtyards),
        specials=tuple(met.items()),
        illegal=illegal,
        discarded=discarded,
        split_off=split_off,
        biggest_courtyard=max((c.size for c in found.courtyards), default=0),
        longest_wall=max((w.length for w in found.walls), default=0),
        points=points,
    )


def score_castle(
    pack: Sandcastles,
    castle: Sequence[Placement],
    discards: int = 0,
    penalties: bool = True,
    keep: Cell | None = None,
    judge: bool = True,
) -> CastleScore:
    """Score one castle: illegal cards out, one part kept, the rest discarded.

    ``keep`` names a cell of the part its owner chooses; without it the part
    that scores most is kept (then the larger, then the one laid first).
    Without ``penalties`` (the second scoring) illegal cards and discards cost
    nothing; without ``judge`` the cards are taken as legal.
    """
    verdicts = check_castle(pack, castle) if judge else ()
    legal = [v.placement for v in verdicts if v.legal] if judge else list(castle)
    illegal = len(castle) - len(legal)
    pieces = parts(pack, legal) or [()]
    total_cards = len(legal)

    def scored(part: Sequence[Placement]) -> CastleScore:
        split = total_cards - len(part)
        if penalties:
            return score_part(pack, part, illegal, discards + split, split)
        return score_part(pack, part, 0, 0, split)

    if keep is not None:
        chosen = [p for p in pieces if any(q.cell == keep for q in p)]
        if not chosen:
            raise RuleError(f"no legal castle card lies at {keep[0]},{keep[1]} to keep")
        best = scored(chosen[0])
    else:
        ranked = [scored(p) for p in pieces]
        order = range(len(ranked))
        best = ranked[max(order, key=lambda i: (ranked[i].total, ranked[i].cards, -i))]
    return replace(best, verdicts=verdicts)


# -- the table -------------------------------------------------------------------
BONUSES = ("most_cards", "biggest_courtyard", "longest_wall")


def award_bonuses(pack: Sandcastles, scores: Sequence[CastleScore]) -> list[tuple[str, ...]]:
    """Each table bonus goes to the castle that leads it; ties all take it; zero wins nothing."""
    measures: dict[str, Callable[[CastleScore], int]] = {
        "most_cards": lambda s: s.cards,
        "biggest_courtyard": lambda s: s.biggest_courtyard,
        "longest_wall": lambda s: s.longest_wall,
    }
    awards: list[list[str]] = [[] for _ in scores]
    for name, measure in measures.items():
        best = max((measure(s) for s in scores), default=0)
        if best <= 0:
            continue
        for seat, s in enumerate(scores):
            if measure(s) == best:
                awards[seat].append(name)
    return [tuple(a) for a in awards]


def bonus_points(pack: Sandcastles, names: Iterable[str]) -> int:
    return sum(getattr(pack.scoring, name) for name in names)


@dataclass(frozen=True)
class TableScore:
    castles: tuple[CastleScore, ...]
    bonuses: tuple[tuple[str, ...], ...]

    def totals(self, pack: Sandcastles) -> tuple[int, ...]:
        return tuple(c.total + bonus_points(pack, b) for c, b in zip(self.castles, self.bonuses))


def score_table(
    pack: Sandcastles,
    castles: Sequence[Sequence[Placement]],
    discards: Sequence[int],
    penalties: bool = True,
    keeps: Sequence[Cell | None] | None = None,
    judge: bool = True,
) -> TableScore:
    keeps = keeps or [None] * len(castles)
    scores = tuple(
        score_castle(pack, c, d, penalties, k, judge) for c, d, k in zip(castles, discards, keeps)
    )
    return TableScore(scores, tuple(award_bonuses(pack, scores)))


def may_smash(totals: Sequence[int]) -> list[tuple[int, ...]]:
    """For each seat (1-based), the seats it may smash one card of: those that scored more."""
    return [
        tuple(other + 1 for other, theirs in enumerate(totals) if theirs > mine) for mine in totals
    ]


def smash(
    pack: Sandcastles, castle: Sequence[Placement], smashed: Sequence[tuple[Cell, str | None]]
) -> tuple[Placement, ...]:
    """The castle after the bullies: each smash removes one card.

    Smashing a castle card topples the Feather or Shell resting on it; naming
    the resting card removes just that card.
    """
    left = list(castle)
    for cell, card in smashed:
        here = [p for p in left if p.cell == cell]
        if card is not None:
            here = [p for p in here if p.card == card]
            if not here:
                raise RuleError(f"no {card} lies at {cell[0]},{cell[1]} to smash")
            left.remove(here[0])
            continue
        base = [p for p in here if not pack.card(p.card).overlay]
        if not base:
            raise RuleError(f"no castle card lies at {cell[0]},{cell[1]} to smash")
        left = [p for p in left if p.cell != cell]
    return tuple(left)


@dataclass(frozen=True)
class RoundResult:
    first: TableScore
    smashes: tuple[tuple[int, ...], ...]
    second: TableScore
    final: tuple[int, ...]
    winners: tuple[int, ...]


def play_round(
    pack: Sandcastles,
    castles: Sequence[Sequence[Placement]],
    discards: Sequence[int],
    smashed: Sequence[Sequence[tuple[Cell, str | None]]],
    keeps: Sequence[Cell | None] | None = None,
) -> RoundResult:
    """Both scorings of a round: first with penalties, bullying, second without."""
    first = score_table(pack, castles, discards, True, keeps)
    first_totals = first.totals(pack)
    rights = may_smash(first_totals)
    for seat, cards in enumerate(smashed, start=1):
        allowed = sum(1 for r in rights if seat in r)
        if len(cards) > allowed:
            raise RuleError(
                f"castle {seat} loses {len(cards)} card(s) but only {allowed} "
                "player(s) scored less and may smash it"
            )
    after = [smash(pack, c.kept, s) for c, s in zip(first.castles, smashed)]
    second = score_table(pack, after, [0] * len(after), penalties=False, judge=False)
    final = tuple(a + b for a, b in zip(first_totals, second.totals(pack)))
    best = max(final, default=0)
    winners = tuple(seat for seat, total in enumerate(final, start=1) if total == best)
    return RoundResult(first, tuple(rights), second, final, winners)
