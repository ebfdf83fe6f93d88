"""Read and validate a Sandcastles content folder into a `Sandcastles` pack."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printkit.content.cardtext import fill_text
from printkit.content.fields import Field, Ledger, suggest
from printkit.content.packs import PACK_OPTIONAL_KEYS, box_facts, read_card_list, read_document
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

MAX_CARDS = 500
GAME_KEYS = [
    "id",
    "title",
    "tagline",
    "players",
    "play_time_minutes",
    "age",
    "hand_size",
    "piles",
    "timer_minutes",
    "deck_size",
    "card_list",
    "scoring",
    "rulings",
]
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
    "deck.castle_note": (),
    "deck.reference": (),
    "deck.reference_note": (),
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
    game.expect_keys(GAME_KEYS, PACK_OPTIONAL_KEYS)
    box = box_facts(game, most=12, longest=600)
    scoring = _scoring(game.get("scoring"))
    rulings = _rulings(game.get("rulings"))
    game.get("card_list").as_choice(["cards.csv", "cards.yaml"])
    cards = _cards(read_card_list(folder, "cards", ledger), scoring)
    pack = Sandcastles(
        folder=folder,
        **box,
        hand_size=game.get("hand_size").as_int(1, 50),
        piles=game.get("piles").as_int(1, 20),
        timer_minutes=game.get("timer_minutes").as_int(1, 120),
        deck_size=game.get("deck_size").as_int(1, MAX_CARDS),
        scoring=scoring,
        rulings=rulings,
        cards=cards,
        kit=_kit(kit_doc),
        words=read_words(folder / "words.yaml", WORDS, ledger),
    )
    _check_deck(game.get("deck_size"), pack)
    return replace(pack, gaps=tuple(ledger.gaps))


# -- scoring and rulings -------------------------------------------------------
def _scoring(node: Field) -> Scoring:
    node.expect_keys(["tower", "courtyard", "illegal_card", "discard", "bonuses", "specials"])
    bonuses = node.get("bonuses")
    bonuses.expect_keys(["most_cards", "biggest_courtyard", "longest_wall"])
    specials = node.get("specials")
    specials.expect_keys([BRIDGE, *OVERLAYS])
    return Scoring(
        tower=node.get("tower").as_int(0, 100),
        courtyard=node.get("courtyard").as_int(0, 100),
        illegal=node.get("illegal_card").as_int(-100, 0),
        discard=node.get("discard").as_int(-100, 0),
        most_cards=bonuses.get("most_cards").as_int(0, 100),
        biggest_courtyard=bonuses.get("biggest_courtyard").as_int(0, 100),
        longest_wall=bonuses.get("longest_wall").as_int(0, 100),
        specials=tuple((kind, specials.get(kind).as_int(0, 100)) for kind in specials.names()),
    )


def _rulings(node: Field) -> Rulings:
    node.expect_keys([*RULINGS, "rounds"])
    chosen = {key: node.get(key).as_choice(options) for key, options in RULINGS.items()}
    return Rulings(
        placement=chosen["placement"],
        bonus_ties=chosen["bonus_ties"],
        part_choice=chosen["part_choice"],
        final_score=chosen["final_score"],
        rounds=node.get("rounds").as_int(1, 20),
    )


# -- cards -----------------------------------------------------------------------
def _cards(entries: list[Field], scoring: Scoring) -> tuple[CardType, ...]:
    result: list[CardType] = []
    for entry in entries:
        entry.expect_keys(["id", "name", "kind", "edges", "corners", "copies"], ["walls", "text"])
        kind = entry.get("kind").as_choice(KINDS)
        face = parse_face(entry, kind)
        text_node = entry.opt("text")
        if kind != CASTLE and text_node is None:
            raise entry.error(f"a {kind} card needs its printed 'text'", "say when it scores")
        bonus = {"bonus": scoring.special(kind)} if kind != CASTLE else {}
        card = CardType(
            id=entry.get("id").as_id(),
            name=entry.get("name").as_str(),
            kind=kind,
            face=face,
            copies=entry.get("copies").as_int(1, MAX_CARDS),
            text=fill_text(text_node, bonus) if text_node else "",
        )
        _check_new(entry, card, result)
        result.append(card)
    return tuple(result)


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


def _kit(doc: Field) -> KitLayout:
    doc.expect_keys(["card", "reference_card", "reference_cards"])
    ref = doc.get("reference_card")
    ref.expect_keys(["width", "height"])
    return KitLayout(
        card=doc.get("card").as_int(30, 120),
        reference_width=ref.get("width").as_int(30, 200),
        reference_height=ref.get("height").as_int(30, 300),
        reference_cards=doc.get("reference_cards").as_int(0, 20),
    )
