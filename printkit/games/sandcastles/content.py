"""Read and validate a Sandcastles content folder into a `Sandcastles` pack."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printkit.content.art import ArtSet, read_art
from printkit.content.cardtext import fill_text
from printkit.content.fields import Field, Ledger, suggest
from printkit.content.packs import (
    BOX_KEYS,
    PACK_OPTIONAL_KEYS,
    box_facts,
    read_card_list,
    read_document,
)
from printkit.content.schema import (
    MAX_CARDS,
    Choice,
    Custom,
    Id,
    Int,
    Node,
    Record,
    Text,
    read_rulings,
)
from printkit.content.words import read_words
from printkit.games.sandcastles.geometry import crossing, has_cycle
from printkit.games.sandcastles.model import (
    BLANK,
    BRIDGE,
    CASTLE,
    CORNER_CODES,
    EDGE_CODES,
    HALF,
    KINDS,
    OVERLAYS,
    POINTS,
    TOWER,
    WALL,
    CardType,
    Face,
    KitLayout,
    Route,
    Rulings,
    Sandcastles,
    Scoring,
)

RULINGS = {  # each ruling and the one reading this engine implements
    "placement": ["grid"],
    "bonus_ties": ["all"],
    "part_choice": ["best"],
    "final_score": ["sum"],
    "illegal_card": ["later"],
    "resting_cards": ["on-a-legal-card"],
    "smash": ["card-and-rider"],
    "unplayed": ["discard"],
    "holes": ["enclosed"],
}


WORDS = {
    "deck.castle": ("count",),
    "diagram.courtyard": (),
    **{f"step.{k}": ("card", "at", "turned") for k in ("lay", "draw_lay")},
    **{f"step.{k}": ("card", "at") for k in ("rest", "draw_rest")},
    **{f"step.{k}": ("card",) for k in ("draw", "discard", "draw_discard")},
    "step.turned": ("turn",),
    "deck.castle_note": ("side",),
    "deck.reference": (),
    "deck.reference_note": ("width", "height"),
    "kit.timer": ("timer_minutes",),
    **{f"callout.setup.{k}": ("hand_size", "piles") for k in ("hand", "reference", "piles")},
    "picture.setup": ("players",),
    "score.heading": ("title",),
    **{f"score.{k}": () for k in ("tower", "courtyard", "bridge", "feather", "shell")},
    "score.illegal": (),
    "score.discard": (),
    "bonus.heading": (),
    **{f"bonus.{k}": () for k in ("most_cards", "biggest_courtyard", "longest_wall")},
    "score.note": (),
    "round.heading": (),
    "round.1": ("hand_size",),
    "round.2": ("timer_minutes", "piles"),
    **{f"round.{n}": () for n in (3, 4, 5)},
}  # the kit's sentences in words.yaml, and the numbers each may hold


def load(folder: Path) -> Sandcastles:
    ledger = Ledger()
    game = read_document(folder / "game.yaml", ledger)
    kit_doc = read_document(folder / "kit.yaml", ledger)
    frame = GAME.values(game)
    box = box_facts(game, most=12, longest=600)
    del frame["card_list"]  # which file holds the cards: read_card_list finds it
    pack = Sandcastles(
        folder=folder,
        **box,
        **frame,
        cards=_cards(read_card_list(folder, "cards", ledger), frame["scoring"], read_art(folder)),
        kit=KIT.read(kit_doc),
        words=read_words(folder / "words.yaml", WORDS, ledger),
    )
    _check_deck(game.get("deck_size"), pack)
    return replace(pack, gaps=tuple(ledger.gaps))


# -- scoring and rulings -------------------------------------------------------
def _scoring(bonuses: dict[str, int], specials: tuple[tuple[str, int], ...], **points) -> Scoring:
    return Scoring(**points, **bonuses, specials=specials)


def _specials(node: Field) -> tuple[tuple[str, int], ...]:
    node.expect_keys([BRIDGE, *OVERLAYS])
    return tuple((kind, node.get(kind).as_int(0, 100)) for kind in node.names())


def _rulings(node: Field) -> Rulings:
    chosen = read_rulings(node, RULINGS, others=["rounds"])
    kept = {key: chosen[key] for key in ("placement", "bonus_ties", "part_choice", "final_score")}
    return Rulings(**kept, rounds=node.get("rounds").as_int(1, 20))


POINTS_RANGE, PENALTY = Int(0, 100), Int(-100, 0)
SCORING = Record(
    _scoring,
    {
        "tower": POINTS_RANGE,
        "courtyard": POINTS_RANGE,
        "illegal_card": PENALTY,
        "discard": PENALTY,
        "bonuses": Record(
            dict,
            {
                "most_cards": POINTS_RANGE,
                "biggest_courtyard": POINTS_RANGE,
                "longest_wall": POINTS_RANGE,
            },
        ),
        "specials": Custom(_specials),
    },
    rename={"illegal_card": "illegal"},
)
GAME = Record(
    dict,
    {
        "hand_size": Int(1, 50),
        "piles": Int(1, 20),
        "timer_minutes": Int(1, 120),
        "deck_size": Int(1, MAX_CARDS),
        "card_list": Choice(("cards.csv", "cards.yaml")),
        "scoring": SCORING,
        "rulings": Custom(_rulings),
    },
    also=(*BOX_KEYS, *PACK_OPTIONAL_KEYS),
)


# -- cards -----------------------------------------------------------------------
def _cards(entries: list[Field], scoring: Scoring, art: ArtSet) -> tuple[CardType, ...]:
    result: list[CardType] = []
    for entry in entries:
        values = CARD.values(entry)
        kind, text_node = values["kind"], values.get("text")
        face = parse_face(entry, kind)
        if kind != CASTLE and text_node is None:
            raise entry.error(f"a {kind} card needs its printed 'text'", "say when it scores")
        bonus = {"bonus": scoring.special(kind)} if kind != CASTLE else {}
        card = CardType(
            id=values["id"],
            name=values["name"],
            kind=kind,
            face=face,
            copies=values["copies"],
            text=fill_text(text_node, bonus) if text_node else "",
            art=art.for_card(entry, values["id"], kind) if kind != CASTLE else None,
        )
        _check_new(entry, card, result)
        result.append(card)
    return tuple(result)


CARD = Record(
    dict,
    {
        "id": Id(),
        "name": Text(),
        "kind": Choice(KINDS),
        "edges": Node(),
        "corners": Node(),
        "copies": Int(1, MAX_CARDS),
    },
    optional={"walls": Node(), "text": Node(), "art": Node()},
)


def parse_face(entry: Field, kind: str) -> Face:
    """A card's border codes and walls, checked: every wall goes somewhere it can."""
    edges_node, corners_node = entry.get("edges"), entry.get("corners")
    edges = _codes(edges_node, EDGE_CODES, "N E S W")
    corners = _codes(corners_node, CORNER_CODES, "NE SE SW NW")
    walls = entry.opt("walls")
    routes = _routes(walls, edges, corners) if walls else ()
    face = Face(edges, corners, routes)  # type: ignore[arg-type]
    if kind in OVERLAYS and (set(edges + corners) != {BLANK} or routes):
        raise edges_node.error(f"a {kind} rests on another card: it has no walls or towers")
    if kind == CASTLE and HALF in edges:
        raise edges_node.error(
            "half towers (h) belong to Bridge cards", "give this card kind 'bridge'"
        )
    if kind == BRIDGE and not (edges[0] == edges[2] == HALF or edges[1] == edges[3] == HALF):
        raise edges_node.error(
            "a Bridge has a half tower (h) at either end", "write e.g. edges '.h.h'"
        )
    _check_walls(walls or entry, face)
    return face


def _codes(node: Field, allowed: tuple[str, ...], order: str) -> tuple[str, ...]:
    text = node.as_str()
    if len(text) != 4 or any(ch not in allowed for ch in text):
        raise node.error(
            f"{text!r} is not four codes from {' '.join(allowed)}",
            f"write one code per {order}, e.g. '{allowed[1]}{allowed[0] * 3}'",
        )
    return tuple(text)


def _routes(node: Field, edges: tuple[str, ...], corners: tuple[str, ...]) -> tuple[Route, ...]:
    face = Face(edges, corners)  # type: ignore[arg-type]
    routes = []
    for code in node.as_str(allow_empty=True).split():
        ends = code.split("-")
        if len(ends) != 2:
            raise node.error(
                f"cannot read wall {code!r}", "write walls like 'W-E', 'N-NE' or 'W-x'"
            )
        points = []
        for end, name in enumerate(ends):
            if end == 1 and name == "x":
                points.append(None)
                continue
            if name not in POINTS:
                raise node.error(
                    f"wall {code!r} names no border point {name!r}", suggest(name, POINTS)
                )
            point = POINTS.index(name)
            if face.feature(point) == BLANK:
                raise node.error(
                    f"wall {code!r} reaches {name}, where the card shows nothing",
                    "a wall meets the edge where the edge code is w (or h), "
                    "and a corner where the corner code is t",
                )
            points.append(point)
        if points[0] == points[1]:
            raise node.error(f"wall {code!r} starts and ends at the same point")
        routes.append(Route(points[0], points[1]))
    return tuple(routes)


def _check_walls(node: Field, face: Face) -> None:
    for side in range(4):
        if face.edges[side] != WALL:
            continue
        point = 2 * side
        using = [r for r in face.routes if point in (r.start, r.end)]
        if len(using) != 1:
            raise node.error(
                f"the wall at {POINTS[point]} needs exactly one route inside the card, "
                f"it has {len(using)}",
                "list it in 'walls', e.g. '" + POINTS[point] + "-x' for a gap",
            )
    for r in face.routes:
        if r.end is None and face.feature(r.start) == TOWER:
            raise node.error(f"wall {r.code} leaves a tower only to stop: drop it")
    cuts = [(r.start, r.end) for r in face.routes if r.end is not None]
    for i, a in enumerate(cuts):
        for b in cuts[i + 1 :]:
            if crossing(a, b):
                raise node.error(
                    f"walls {POINTS[a[0]]}-{POINTS[a[1]]} and {POINTS[b[0]]}-{POINTS[b[1]]} "
                    "cross inside the card",
                    "walls meet only at towers",
                )
    if has_cycle(cuts):
        raise node.error("the walls close a loop inside the card", "open one of them")


def _check_new(entry: Field, card: CardType, earlier: list[CardType]) -> None:
    for other in earlier:
        if other.id == card.id:
            raise entry.get("id").error(f"card id {card.id!r} appears twice")
        if other.kind == card.kind == CASTLE:
            for quarters in range(4):
                if other.face.turned(quarters) == card.face:
                    raise entry.error(
                        f"card {card.id!r} is card {other.id!r} turned "
                        f"{90 * quarters}° (players can turn cards)",
                        f"add its copies to {other.id!r}",
                    )


def _check_deck(node: Field, pack: Sandcastles) -> None:
    total = sum(c.copies for c in pack.cards)
    if total != pack.deck_size:
        raise node.error(
            f"the cards add up to {total} (copies included) but the deck holds {pack.deck_size}",
            "change a card's copies or deck_size",
        )


def _kit(card: int, reference_card: dict[str, int], reference_cards: int) -> KitLayout:
    size = reference_card
    return KitLayout(card, size["width"], size["height"], reference_cards)


REFERENCE_CARD = Record(dict, {"width": Int(30, 200), "height": Int(30, 300)})
KIT = Record(
    _kit, {"card": Int(30, 120), "reference_card": REFERENCE_CARD, "reference_cards": Int(0, 20)}
)
