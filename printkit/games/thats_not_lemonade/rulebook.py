"""That's Not Lemonade's rulebook context: every number the templates print, from the pack.

The templates in ``content/thats-not-lemonade/rulebook/`` hold the prose; this
module hands them the data (cards, table sizes, the odds the engine works
out, the designer's rulings) and the worked examples with the engine's own
results. An example whose ``expect`` disagrees with the engine stops the
build, so the printed numbers are always the engine's.
"""

from __future__ import annotations

from typing import Any

from printkit.check.checker import Example
from printkit.content.fields import Gap
from printkit.games.thats_not_lemonade.kit import kit, pictures
from printkit.games.thats_not_lemonade.kit.cards import card_deck
from printkit.games.thats_not_lemonade.kit.reference import odds_face, start_counts
from printkit.games.thats_not_lemonade.model import Card, ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import (
    HIT,
    next_card_chance,
    odds_table,
    percent,
    turn_order,
)
from printkit.registry import GamePlugin
from printkit.render.theme import Theme
from printkit.render.units import MM
from printkit.rulebook.assemble import rulebook_context
from printkit.rulebook.context import Block, Catalog, RulebookContext
from printkit.rulebook.examples import example_view, worked_examples
from printkit.rulebook.keep import watched
from printkit.rulebook.pictures import PictureBlock, PictureSheet
from printkit.rulebook.rulings import list_entry, rulings
from printkit.rulebook.scenes import kit_gallery, legible
from printkit.rulebook.variables import frame, names

CARD_SCALE = 0.55  # a card picture in the rulebook: about 35 x 48 mm
ODDS_SCALE = 0.6


def rulebook(pack: ThatsNotLemonade, theme: Theme) -> RulebookContext:
    """The variables, functions and pictures the templates may use."""
    gaps = _gaps(pack)
    variables: dict[str, Any] = {
        "game": _game(pack),
        "cards": [_card(c) for c in pack.cards],
        "card": Catalog("card", {c.id: _card(c) for c in pack.cards}),
        "out": _card(pack.card(pack.removed_card)),
        "trophies": [_card(pack.card(t)) for t in pack.trophies],
        "tables": [_table(pack, p) for p in pack.player_counts],
        "characters": [{"name": c.name, "motto": c.motto} for c in pack.characters],
        "odds": _odds(pack),
        "examples": Catalog("worked example", worked_examples(pack, _example_view)),
    }
    return rulebook_context(pack, variables, _blocks(pack, theme), gaps)


# -- the pack as template data --------------------------------------------------------
def _game(pack: ThatsNotLemonade) -> dict[str, Any]:
    return {
        **frame(pack),
        "rounds_to_win": pack.rounds_to_win,
        "buried": pack.buried,
        "largest_deck": pack.largest_deck,
        "most_trophies": pack.most_trophies,
        "tie_breaks": list(pack.tie_breaks),
        "pass_again": pack.pass_again,
        "empty_pile": pack.empty_pile,
        "bring": list(pack.bring),
        "characters": len(pack.characters),
        "odds_cards": pack.max_players,
        "start_counts": start_counts(pack),
    }


def _card(card: Card) -> dict[str, Any]:
    return {
        "id": card.id,
        "title": card.title,
        "text": card.text,
        "copies": card.copies,
        "lemons": card.lemons,
        "ice": card.ice,
        "out": card.out,
        "picture": f"card:{card.id}",
    }


def _table(pack: ThatsNotLemonade, players: int) -> dict[str, Any]:
    """One table size: what leaves the deck, what is left, the first card's chance."""
    deck = len(pack.deck(players))
    out = pack.out_cards(players)
    return {
        "players": players,
        "removed": pack.removed(players),
        "out": out,
        "cards": deck,
        "first_chance": percent(next_card_chance(deck - pack.buried, out, pack.buried)),
    }


def _odds(pack: ThatsNotLemonade) -> dict[str, Any]:
    table = odds_table(pack)
    return {
        "largest_pile": table.cards_left[-1],
        "most_hidden": table.hidden[-1],
        "first": percent(next_card_chance(table.cards_left[-1], table.hidden[-1], pack.buried)),
    }


# -- pictures -----------------------------------------------------------------------------
def _blocks(pack: ThatsNotLemonade, theme: Theme) -> dict[str, Block]:
    """Each card face and the odds card, drawn by the kit's renderers (a character tile is
    drawn in the set-up picture, close up)."""
    odds = odds_table(pack)
    pack = watched(pack)  # each picture is kept under the values it reads
    sheet = PictureSheet()
    size = pack.kit.card
    blocks: dict[str, Block] = {}
    for piece in card_deck(pack, theme).pieces:
        key = f"card:{piece.label.split('#')[0]}"
        if key not in blocks:
            alt = f"The {dict(piece.fields)['title']} card"
            w, h = size.width * MM, size.height * MM
            scale = legible(piece.draw, w, h, CARD_SCALE)
            blocks[key] = PictureBlock(piece.draw, w, h, scale, alt, sheet)
    odds_size = pack.kit.reference
    odds_draw = odds_face(pack, odds, theme)
    odds_w, odds_h = odds_size.width * MM, odds_size.height * MM
    blocks["odds-card"] = PictureBlock(
        odds_draw,
        odds_w,
        odds_h,
        legible(odds_draw, odds_w, odds_h, ODDS_SCALE),
        "The odds card",
        sheet,
    )
    blocks["components:kit"] = kit_gallery(kit, pack, theme, width=pictures.MEASURE)
    blocks["setup:table"] = pictures.setup_table(pack, theme, PictureSheet())
    blocks["cups:signals"] = pictures.cup_signals(pack, PictureSheet())
    return blocks


# -- the designer's rulings ------------------------------------------------------------------
SHOWN = {  # a chosen value in words, where the raw value would read oddly
    "play_time_minutes": "about {} minutes",
    "age": "{} and up",
    "rules_of_play.pass_again": "",
    "rules_of_play.empty_pile": "a player facing an empty pile passes",
    "trophy": "",
    "characters": "",
}
TOPICS = {
    "play_time_minutes": "Playing time",
    "age": "Age",
    "trophy": "Where the trophy comes from",
    "rules_of_play.pass_again": "Passing",
    "rules_of_play.empty_pile": "An empty pile",
    "characters": "The characters",
}


def _gaps(pack: ThatsNotLemonade) -> list[dict[str, Any]]:
    titles = {c.id: c.title for c in pack.cards}

    def topic(gap: Gap) -> str:
        if gap.field in TOPICS:
            return TOPICS[gap.field]
        if gap.field.startswith("cards["):
            card_id = list_entry(gap.field)[0]
            return f"{titles.get(card_id, card_id)} cards in the deck"
        return gap.field

    return rulings(pack.gaps, topic, _shown_value)


def _shown_value(gap: Gap) -> str:
    return SHOWN.get(gap.field, "{}").format(gap.value.strip("'\""))


# -- worked examples ---------------------------------------------------------------------
def _example_view(plugin: GamePlugin, pack: ThatsNotLemonade, example: Example) -> dict[str, Any]:
    view = example_view(plugin, pack, example)
    if example.rule == "round":
        view["trips"] = _trips(pack, view["given"], view["result"])
    if example.rule == "game":
        players, result = view["given"]["players"], view["result"]
        view["trips"] = [
            _trips(pack, {"players": players, "dealer": dealer}, detail)
            for dealer, detail in zip(result["dealers"], result["details"])
        ]
    return view


def _trips(pack: ThatsNotLemonade, given: dict, result: dict) -> dict[str, Any]:
    """The round as a grid: a row per seat from the dealer's left, a column per trip round."""
    players, dealer = int(given["players"]), int(given["dealer"])
    cells: dict[int, list[str]] = {seat: [] for seat in range(1, players + 1)}
    for seat, choice, card in result["log"]:
        if choice != HIT:
            cells[seat].append("pass")
        elif pack.card(card).out:
            cells[seat].append(f"**{pack.card(card).title}**")
        else:
            cells[seat].append(pack.card(card).title)
    width = max(len(c) for c in cells.values())
    rows = []
    for seat in turn_order(players, dealer):
        label = f"Seat {seat}" + (" (dealer)" if seat == dealer else "")
        lemons = result["lemons"][seat - 1]
        row = [label, *cells[seat], *[""] * (width - len(cells[seat]))]
        rows.append(row + ["out" if lemons is None else str(lemons)])
    header = ["", *[f"Trip {n}" for n in range(1, width + 1)], "Lemons"]
    buried = names([pack.card(c).title for c in result["buried"]])
    return {"header": header, "rows": rows, "buried": buried, "width": width}
