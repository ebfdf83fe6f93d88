"""Read and validate a That's Not Lemonade content folder into a `ThatsNotLemonade`.

Every key is checked (unknown ones are rejected with a "did you mean"), and so
are the invariants a count change could break: an out card stays in play at
every table size, and the trophy cards never run out before someone has won.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from printkit.content.art import read_art
from printkit.content.cardtext import fill_text
from printkit.content.fields import Field, Ledger
from printkit.content.packs import (
    BOX_KEYS,
    PACK_OPTIONAL_KEYS,
    box_facts,
    read_card_list,
    read_document,
)
from printkit.content.schema import (
    MAX_COPIES,
    Bool,
    Choice,
    Colour,
    Custom,
    Id,
    Int,
    ListOf,
    Node,
    Record,
    Size,
    Text,
)
from printkit.content.words import read_words
from printkit.games.thats_not_lemonade.model import (
    MUST_PASS,
    TIE_BREAKS,
    Card,
    Character,
    KitLayout,
    Removal,
    ThatsNotLemonade,
)

MIN_MM = 20  # a printed piece smaller than this is a typo
WORDS = {
    "deck.cards_note": (),
    "deck.cards_and_odds": ("cards", "odds"),
    "deck.cards_and_odds_note": ("cards", "odds"),
    "deck.tiles": (),
    "deck.tiles_note": (),
    "deck.odds": (),
    "deck.odds_note": (),
    "tile.turn": (),
    "tile.out": ("out",),
    "tile.round_end": ("out",),
    "tile.winner": ("breaks", "trophy"),
    "tile.then": (),
    "tile.win": ("rounds",),
    "tile.signal_hit": (),
    "tile.signal_pass": (),
    "tile.signal_out": (),
    **{f"break.{name}": () for name in TIE_BREAKS},
    "odds.title": ("out",),
    "odds.intro": ("out", "starts"),
    "odds.starts_first": ("count", "span"),
    "odds.starts": ("count", "span"),
    "odds.unseen": (),
    "odds.pile": (),
    "odds.footnote": ("buried", "left", "out"),
    "odds.buried_one": (),
    "odds.buried_many": ("buried",),
    "odds.left": (),
    "odds.left_plus": ("buried",),
    "callout.setup.tile": (),
    "callout.setup.cup": (),
    "callout.setup.odds": (),
    "callout.setup.deck": ("cards", "players"),
    "picture.setup": ("players",),
    "picture.setup_close": (),
    "signal.hit": (),
    "signal.pass": (),
    "signal.out": (),
    "picture.signals": (),
}  # the kit's sentences in words.yaml, and the numbers each may hold


def load(folder: Path) -> ThatsNotLemonade:
    ledger = Ledger()
    game = read_document(folder / "game.yaml", ledger)
    characters = read_document(folder / "characters.yaml", ledger)
    kit_doc = read_document(folder / "kit.yaml", ledger)
    characters.expect_keys(["characters"])
    frame = GAME.values(game)
    box = box_facts(game, fewest=2, longest=600)
    entries = read_card_list(folder, "cards", ledger)
    art = read_art(folder)
    cards = art.for_cards(CARDS.read_entries(entries), entries, "card")
    if not any(c.out for c in cards):
        raise entries[0].error(
            "no card has 'out: true'", "the deck needs That's Not Lemonade cards"
        )
    counts = range(box["min_players"], box["max_players"] + 1)
    pack = ThatsNotLemonade(
        folder=folder,
        **box,
        **frame.pop("rules_of_play"),
        **frame,
        **_setup(cards, counts).values(game.get("setup")),
        trophies=_trophies(game.get("trophy"), cards),
        cards=cards,
        characters=CHARACTERS(box["max_players"]).read(characters.get("characters")),
        kit=KIT.read(kit_doc),
        words=read_words(folder / "words.yaml", WORDS, ledger),
        art=art,
    )
    _check_removals(game.get("setup").get("removals"), pack)
    _check_trophies(game.get("trophy"), pack)
    return replace(pack, gaps=tuple(ledger.gaps))


GAME = Record(
    dict,
    {
        "rounds_to_win": Int(1, 20),
        "buried_cards": Int(0, 5),
        "tie_breaks": Custom(lambda node: _tie_breaks(node)),
        "rules_of_play": Record(dict, {"pass_again": Bool(), "empty_pile": Choice((MUST_PASS,))}),
        "bring": ListOf(Text()),
    },
    rename={"buried_cards": "buried"},
    also=(*BOX_KEYS, "setup", "trophy", *PACK_OPTIONAL_KEYS),
)


def _setup(cards: tuple[Card, ...], counts: range) -> Record:
    """game.yaml's setup: which card small tables play with fewer of, and how many fewer."""
    removal = Record(
        Removal,
        {"players": Int(counts.start, counts.stop - 1), "remove": Int(1, MAX_COPIES)},
        rename={"remove": "count"},
    )
    return Record(
        dict,
        {
            "removed_card": Custom(lambda node: _removed_card(node, cards)),
            "removals": ListOf(removal, unique={"players": "player count"}),
        },
    )


# -- cards ---------------------------------------------------------------------
def _check_card(node: Field, values: dict[str, Any]) -> None:
    if values.get("out") and (values.get("lemons") or values.get("ice")):
        raise node.get("out").error(
            "a card that puts its taker out cannot score lemons or ice",
            "drop 'lemons' and 'ice' from this card",
        )


def _card(text: Field, **values: Any) -> Card:
    values.pop("art", None)  # the picture is looked up from the art folder, after
    shown = {"lemons": values.get("lemons", 0), "copies": values["copies"]}
    return Card(**values, text=fill_text(text, shown))


CARDS = ListOf(
    Record(
        _card,
        {
            "id": Id(),
            "title": Text(),
            "text": Node(),
            "copies": Int(1, MAX_COPIES),
        },
        optional={"lemons": Int(0, 10), "ice": Bool(), "out": Bool(), "art": Node()},
        check=_check_card,
    ),
    unique={"id": "card id"},
    hint="give each its own id",
)


def _removed_card(node: Field, cards: tuple[Card, ...]) -> str:
    card_id = node.as_choice([c.id for c in cards])
    if not next(c for c in cards if c.id == card_id).out:
        raise node.error(f"{card_id!r} does not put its taker out", "name an 'out: true' card")
    return card_id


def _check_removals(node: Field, pack: ThatsNotLemonade) -> None:
    """Every table size keeps at least one out card and enough cards to deal."""
    entries = node.as_list()
    for players in pack.player_counts:
        at = next((e for e in entries if e.get("players").raw == players), node)
        left = pack.counts(players)[pack.removed_card]
        if left < 1:
            raise at.error(
                f"at {players} players this removes every {pack.card(pack.removed_card).title}"
                " card from the deck",
                "remove fewer, or add copies of the card",
            )
        if len(pack.deck(players)) <= pack.buried:
            raise at.error(f"at {players} players no card is left to deal after burying")


def _trophies(node: Field, cards: tuple[Card, ...]) -> tuple[str, ...]:
    by_id = {c.id: c for c in cards}
    result = []
    for item in node.as_list(1):
        card_id = item.as_choice(list(by_id))
        if by_id[card_id].out or not by_id[card_id].lemons:
            raise item.error(f"{card_id!r} scores no lemons", "a trophy is a lemon card")
        if card_id in result:
            raise item.error(f"{card_id!r} is listed twice")
        result.append(card_id)
    return tuple(result)


def _check_trophies(node: Field, pack: ThatsNotLemonade) -> None:
    """The longest game must never ask for a trophy the deck no longer holds."""
    supply = sum(pack.card(t).copies for t in pack.trophies)
    if supply < pack.most_trophies:
        raise node.error(
            f"a {pack.max_players}-player game can hand out {pack.most_trophies} trophies "
            f"before someone wins {pack.rounds_to_win} rounds, but the trophy cards add up "
            f"to {supply}",
            "add copies of a trophy card, or another lemon card to the trophy list",
        )


def _tie_breaks(node: Field) -> tuple[str, ...]:
    values = tuple(t.as_choice(TIE_BREAKS) for t in node.as_list(1))
    if len(set(values)) != len(values):
        raise node.error("a tie-break is listed twice")
    if values[-1] != TIE_BREAKS[-1]:
        raise node.error(
            f"the last tie-break must be {TIE_BREAKS[-1]!r}", "only seats are never equal"
        )
    return values


# -- characters and kit --------------------------------------------------------------
def _symbol_names() -> list[str]:
    """The symbols the renderer can draw, named without loading any drawing code."""
    from printkit.content.symbol_names import SYMBOL_NAMES

    return sorted(SYMBOL_NAMES)


def CHARACTERS(most: int) -> ListOf:  # noqa: N802 - a schema, named like the others
    """At least one character per seat."""
    return ListOf(CHARACTER, most, unique={"id": "character id"})


CHARACTER = Record(
    Character,
    {
        "id": Id(),
        "name": Text(),
        "motto": Text(),
        "colour": Colour(),
        "symbol": Choice(tuple(_symbol_names())),
    },
)
KIT = Record(
    KitLayout,
    {"card": Size(150, MIN_MM), "tile": Size(190, MIN_MM), "reference": Size(190, MIN_MM)},
)
