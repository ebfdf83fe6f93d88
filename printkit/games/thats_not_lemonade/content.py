"""Read and validate a That's Not Lemonade content folder into a `ThatsNotLemonade`.

Every key is checked (unknown ones are rejected with a "did you mean"), and so
are the invariants a count change could break: an out card stays in play at
every table size, and the trophy cards never run out before someone has won.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printkit.content.cardtext import fill_text
from printkit.content.fields import Field, Ledger, check_unique, read_size
from printkit.content.packs import PACK_OPTIONAL_KEYS, box_facts, read_card_list, read_document
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

MAX_COPIES = 200  # more copies of one card than this is a typo, not a design
MIN_MM = 20  # a printed piece smaller than this is a typo
GAME_KEYS = [
    "id",
    "title",
    "tagline",
    "players",
    "play_time_minutes",
    "age",
    "rounds_to_win",
    "buried_cards",
    "setup",
    "trophy",
    "tie_breaks",
    "rules_of_play",
    "bring",
]
WORDS = {
    "deck.cards_note": (),
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
    **{f"break.{name}": () for name in TIE_BREAKS},
    "odds.title": ("out",),
    "odds.intro": ("out", "starts"),
    "odds.starts_first": ("count", "span"),
    "odds.starts": ("count", "span"),
    "odds.unseen": (),
    "odds.pile": (),
    "odds.footnote": ("buried", "left"),
    "odds.buried_one": (),
    "odds.buried_many": ("buried",),
    "odds.left": (),
    "odds.left_plus": ("buried",),
}  # the kit's sentences in words.yaml, and the numbers each may hold
CARD_KEYS = (["id", "title", "text", "copies"], ["lemons", "ice", "out"])


def load(folder: Path) -> ThatsNotLemonade:
    ledger = Ledger()
    game = read_document(folder / "game.yaml", ledger)
    characters = read_document(folder / "characters.yaml", ledger)
    kit_doc = read_document(folder / "kit.yaml", ledger)
    game.expect_keys(GAME_KEYS, PACK_OPTIONAL_KEYS)
    characters.expect_keys(["characters"])

    box = box_facts(game, fewest=2, longest=600)
    min_players, max_players = box["min_players"], box["max_players"]
    cards = _cards(read_card_list(folder, "cards", ledger))
    setup = game.get("setup")
    setup.expect_keys(["removed_card", "removals"])
    rules = game.get("rules_of_play")
    rules.expect_keys(["pass_again", "empty_pile"])

    pack = ThatsNotLemonade(
        folder=folder,
        **box,
        rounds_to_win=game.get("rounds_to_win").as_int(1, 20),
        buried=game.get("buried_cards").as_int(0, 5),
        removed_card=_removed_card(setup.get("removed_card"), cards),
        removals=_removals(setup.get("removals"), range(min_players, max_players + 1)),
        trophies=_trophies(game.get("trophy"), cards),
        tie_breaks=_tie_breaks(game.get("tie_breaks")),
        empty_pile=rules.get("empty_pile").as_choice([MUST_PASS]),
        pass_again=rules.get("pass_again").as_bool(),
        cards=cards,
        characters=_characters(characters.get("characters"), max_players),
        bring=tuple(b.as_str() for b in game.get("bring").as_list()),
        kit=_kit_layout(kit_doc),
        words=read_words(folder / "words.yaml", WORDS, ledger),
    )
    _check_removals(setup.get("removals"), pack)
    _check_trophies(game.get("trophy"), pack)
    return replace(pack, gaps=tuple(ledger.gaps))


# -- cards ---------------------------------------------------------------------
def _cards(entries: list[Field]) -> tuple[Card, ...]:
    result: list[Card] = []
    for entry in entries:
        entry.expect_keys(*CARD_KEYS)
        card_id = entry.get("id").as_id()
        ids = [*(c.id for c in result), card_id]
        check_unique(entry.get("id"), ids, "card id", "give each its own id")
        lemons = entry.opt("lemons")
        ice = entry.opt("ice")
        out = entry.opt("out")
        copies = entry.get("copies").as_int(1, MAX_COPIES)
        values = {
            "lemons": lemons.as_int(0, 10) if lemons else 0,
            "ice": ice.as_bool() if ice else False,
            "out": out.as_bool() if out else False,
        }
        if values["out"] and (values["lemons"] or values["ice"]):
            raise out.error(  # type: ignore[union-attr]
                "a card that puts its taker out cannot score lemons or ice",
                "drop 'lemons' and 'ice' from this card",
            )
        text = fill_text(entry.get("text"), {"lemons": values["lemons"], "copies": copies})
        result.append(
            Card(card_id, entry.get("title").as_str(), text, copies, **values)  # type: ignore[arg-type]
        )
    if not any(c.out for c in result):
        raise entries[0].error(
            "no card has 'out: true'", "the deck needs That's Not Lemonade cards"
        )
    return tuple(result)


def _removed_card(node: Field, cards: tuple[Card, ...]) -> str:
    card_id = node.as_choice([c.id for c in cards])
    if not next(c for c in cards if c.id == card_id).out:
        raise node.error(f"{card_id!r} does not put its taker out", "name an 'out: true' card")
    return card_id


def _removals(node: Field, counts: range) -> tuple[Removal, ...]:
    result: list[Removal] = []
    for entry in node.as_list():
        entry.expect_keys(["players", "remove"])
        players = entry.get("players").as_int(counts.start, counts.stop - 1)
        if players in (r.players for r in result):
            raise entry.get("players").error(f"{players} players are listed twice")
        result.append(Removal(players, entry.get("remove").as_int(1, MAX_COPIES)))
    return tuple(result)


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
def _characters(node: Field, max_players: int) -> tuple[Character, ...]:
    result: list[Character] = []
    for entry in node.as_list(max_players):
        entry.expect_keys(["id", "name", "motto", "colour", "symbol"])
        colour = entry.get("colour").as_colour()
        character = Character(
            id=entry.get("id").as_id(),
            name=entry.get("name").as_str(),
            motto=entry.get("motto").as_str(),
            colour=colour,
            symbol=entry.get("symbol").as_choice(_symbol_names()),
        )
        result.append(character)
        check_unique(entry.get("id"), [c.id for c in result], "character id")
    return tuple(result)


def _kit_layout(doc: Field) -> KitLayout:
    doc.expect_keys(["card", "tile", "reference"])
    return KitLayout(
        card=read_size(doc.get("card"), 150, MIN_MM),
        tile=read_size(doc.get("tile"), 190, MIN_MM),
        reference=read_size(doc.get("reference"), 190, MIN_MM),
    )


def _symbol_names() -> list[str]:
    """The symbols the renderer can draw, named without loading any drawing code."""
    from printkit.content.symbol_names import SYMBOL_NAMES

    return sorted(SYMBOL_NAMES)
