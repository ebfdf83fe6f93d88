"""Every value a rule reads from content is read, not remembered.

Each case edits one value in a private copy of a game's content and states, as a
player would work it out by hand, what the rules must now do. A rule that
hard-codes today's value (say ``exchange_value`` as 100) passes every other test
and fails here. Each case also checks that the bundled content does *not* give
the edited answer, so no case can pass without the edit making a difference.

Two kinds of case:
- `Example`: a worked example re-checked against the edited content, with its
  expected figures edited to what the new value gives.
- `Direct`: a rule function asked a question whose answer the edit changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from printkit.check.checker import PackCache, check_example, read_example
from printkit.dice import ScriptedDice, SeededDice
from printkit.errors import PrintkitError, RuleError
from printkit.games.lemonade_stall.game import (
    new_game,
    play_game,
    step_bonus,
    step_draft,
    step_event,
    step_forecast,
    step_prices,
)
from printkit.games.lemonade_stall.rules import (
    Standing,
    Stock,
    Weather,
    evolve,
    is_legal_purchase,
    rank,
)
from printkit.games.lemonade_stall.strategies import RandomLegal
from printkit.games.lemonade_stand import game as stand_game
from printkit.games.lemonade_stand.game import Bot, dollar_deck, set_up
from printkit.games.lemonade_stand.model import CUPS
from printkit.games.lemonade_stand.rules import CoinPlay, coins_by_id, coins_of, pay
from printkit.games.thats_not_lemonade.game import play_round
from printkit.games.thats_not_lemonade.rules import can_hit, deal, odds_table, take_turn
from printkit.games.yard_sale import rules as yard_rules
from printkit.games.yard_sale.rules import Offer as YardOffer
from printkit.games.yard_sale.rules import Stall as YardStall
from tests.conftest import CONTENT, edit, pack_copy

Edit = tuple[str, str]  # (old snippet, new snippet)


@dataclass(frozen=True)
class Example:
    """Content edits, then the same edits' effect on one worked example."""

    path: str  # "game/file: value", the case's name
    game: str
    file: str
    content: tuple[Edit, ...]
    example: str
    expect: tuple[Edit, ...]
    also: tuple[tuple[str, str, str], ...] = ()  # (file, old, new) the edit needs elsewhere


@dataclass(frozen=True)
class Direct:
    """Content edits, then a check over the edited pack (it must fail on the bundled one)."""

    path: str
    game: str
    file: str
    content: tuple[Edit, ...]
    check: Callable[[object], None]
    also: tuple[tuple[str, str, str], ...] = ()


def _edited_content(tmp_path: Path, game: str, file: str, edits: tuple[Edit, ...]) -> Path:
    folder = pack_copy(CONTENT / game, tmp_path)
    for old, new in edits:
        edit(folder / file, old, new)
    return folder


def _example_passes(folder: Path, example: Path) -> bool:
    plugin, pack = PackCache(folder.parent).load(folder)
    return check_example(plugin, pack, read_example(example)).passed


def _example_fails(folder: Path, example: Path) -> bool:
    """The example no longer holds: its figures disagree, or its givens no longer make sense."""
    try:
        return not _example_passes(folder, example)
    except RuleError:
        return True
    except PrintkitError as exc:
        if "examples" not in str(exc):
            raise  # the edit broke the content itself: the case needs a consistent edit
        return True


# -- worked examples -------------------------------------------------------------------------
# A hand of 8 items needs 8 seller tokens a colour (the content checks this).
SELLER_TOKENS_FOR_8 = ("components.yaml", "count: 7\n    per: player", "count: 8\n    per: player")
EXAMPLES = [
    # Lemonade Stall
    Example(
        "lemonade-stall/events.yaml: theft price_bonus",
        "lemonade-stall",
        "events.yaml",
        (("effect: {price_bonus: -1}", "effect: {price_bonus: -2}"),),
        "theft-immunity",
        (("income: [12, 15, 15]", "income: [12, 12, 12]"),),  # 3 cups at $6 - $2
    ),
    Example(
        "lemonade-stall/events.yaml: holiday-crowds limit_bonus",
        "lemonade-stall",
        "events.yaml",
        (("effect: {limit_bonus: 4}", "effect: {limit_bonus: 2}"),),
        "holiday-crowds-limit",
        (("limit: 22", "limit: 20"),),  # 18 on the chart, plus 2
    ),
    Example(
        "lemonade-stall/weather.yaml: rain price_cap",
        "lemonade-stall",
        "weather.yaml",
        (("{id: rain, name: Rain, price_cap: 6,", "{id: rain, name: Rain, price_cap: 5,"),),
        "theft-immunity",
        (("sold: [2, 3, 3]", "sold: [0, 0, 0]"), ("income: [12, 15, 15]", "income: [0, 0, 0]")),
    ),
    Example(
        "lemonade-stall/weather.yaml: 25° spoils_on",
        "lemonade-stall",
        "weather.yaml",
        (("{degrees: 25, spoils_on: 5}", "{degrees: 25, spoils_on: 4}"),),
        "spoilage-25-roll-4",
        (("spoiled: false", "spoiled: true"),),
    ),
    Example(
        "lemonade-stall/weather.yaml: d12 high_half_from",
        "lemonade-stall",
        "weather.yaml",
        (("high_half_from: 4", "high_half_from: 2"),),
        "d12-from-2d6-low",
        (("{value: 5}", "{value: 11}"),),  # blue 2 now picks the upper half
    ),
    Example(
        "lemonade-stall/items.yaml: bulk_size",
        "lemonade-stall",
        "items.yaml",
        (("bulk_size: 10", "bulk_size: 9"),),
        "bulk-ten-cups",
        (("cost: 13", "cost: 20"),),  # ten is no longer a lot: $1 each
    ),
    Example(
        "lemonade-stall/events.yaml: supply-shortage purchase_total_cap",
        "lemonade-stall",
        "events.yaml",
        (("effect: {purchase_total_cap: 9}", "effect: {purchase_total_cap: 8}"),),
        "supply-shortage-5-2-2",
        (("legal: true\n  cost: 9", "legal: false"),),  # 9 items, 8 allowed
    ),
    # Lemonade Stand
    Example(
        "lemonade-stand/game.yaml: exchange_value",
        "lemonade-stand",
        "game.yaml",
        (("exchange_value: 100", "exchange_value: 50"),),
        "change-forced-exchange",
        (
            ("{nickel: 0, dime: 0, quarter: 3}", "{nickel: 1, dime: 2, quarter: 4}"),
            ("worth: 75", "worth: 125"),  # 175 less one 50-cent dollar
        ),
    ),
    # Sandcastles
    Example(
        "sandcastles/game.yaml: scoring.tower",
        "sandcastles",
        "game.yaml",
        (("  tower: 2\n", "  tower: 4\n"),),
        "tower-of-four",
        (("points: {towers: 2,", "points: {towers: 4,"), ("total: 2", "total: 4")),
    ),
    Example(
        "sandcastles/game.yaml: scoring.courtyard",
        "sandcastles",
        "game.yaml",
        (("  courtyard: 5\n", "  courtyard: 7\n"),),
        "courtyard-of-six",
        (("courtyards: 5,", "courtyards: 7,"), ("total: 5", "total: 7")),
    ),
    Example(
        "sandcastles/game.yaml: scoring.illegal_card",
        "sandcastles",
        "game.yaml",
        (("  illegal_card: -3\n", "  illegal_card: -4\n"),),
        "illegal-straight",
        (("illegal: -3,", "illegal: -4,"), ("total: 1", "total: 0")),
    ),
    Example(
        "sandcastles/game.yaml: scoring.discard",
        "sandcastles",
        "game.yaml",
        (("  discard: -1\n", "  discard: -2\n"),),
        "illegal-straight",
        (("discards: -1}", "discards: -2}"), ("total: 1", "total: 0")),
    ),
    Example(
        "sandcastles/game.yaml: bonuses.most_cards",
        "sandcastles",
        "game.yaml",
        (("    most_cards: 3\n", "    most_cards: 4\n"),),
        "bonuses-tie",
        (("totals: [14, 6]", "totals: [15, 7]"),),
    ),
    Example(
        "sandcastles/game.yaml: bonuses.biggest_courtyard",
        "sandcastles",
        "game.yaml",
        (("    biggest_courtyard: 3\n", "    biggest_courtyard: 4\n"),),
        "bonuses-tie",
        (("totals: [14, 6]", "totals: [15, 6]"),),
    ),
    Example(
        "sandcastles/game.yaml: bonuses.longest_wall",
        "sandcastles",
        "game.yaml",
        (("    longest_wall: 3\n", "    longest_wall: 4\n"),),
        "bonuses-tie",
        (("totals: [14, 6]", "totals: [15, 7]"),),
    ),
    Example(
        "sandcastles/game.yaml: specials.bridge",
        "sandcastles",
        "game.yaml",
        (("    bridge:\n      value: 3\n", "    bridge:\n      value: 4\n"),),
        "specials",
        (("specials: 12,", "specials: 14,"), ("total: 21", "total: 23")),  # two bridges
    ),
    Example(
        "sandcastles/game.yaml: specials.feather",
        "sandcastles",
        "game.yaml",
        (("    feather:\n      value: 3\n", "    feather:\n      value: 5\n"),),
        "specials",
        (("specials: 12,", "specials: 14,"), ("total: 21", "total: 23")),
    ),
    Example(
        "sandcastles/game.yaml: specials.shell",
        "sandcastles",
        "game.yaml",
        (("    shell:\n      value: 3\n", "    shell:\n      value: 1\n"),),
        "specials",
        (("specials: 12,", "specials: 10,"), ("total: 21", "total: 19")),
    ),
    # That's Not Lemonade
    Example(
        "thats-not-lemonade/game.yaml: buried_cards",
        "thats-not-lemonade",
        "game.yaml",
        (("buried_cards: 1", "buried_cards: 2"),),
        "odds-late-in-the-round",
        (("fraction: 2/7", "fraction: 1/4"), ("chance: 29%", "chance: 25%")),  # 2 of 6 + 2
    ),
    Example(
        "thats-not-lemonade/game.yaml: removals for 2 players",
        "thats-not-lemonade",
        "game.yaml",
        (("{players: 2, remove: 2}", "{players: 2, remove: 1}"),),
        "deck-two-players",
        (
            ("cards: 26", "cards: 27"),
            ("not_lemonade: 2", "not_lemonade: 3"),
            ("removed: 2", "removed: 1"),
            ("first_chance: 8%", "first_chance: 11%"),  # 3 out cards among 27
        ),
    ),
    Example(
        "thats-not-lemonade/game.yaml: tie_breaks",
        "thats-not-lemonade",
        "game.yaml",
        (("tie_breaks: [lemons, ice,", "tie_breaks: [ice, lemons,"),),
        "double-beats-more-cards",
        (("winner: 1", "winner: 2"), ("decided_by: lemons", "decided_by: ice")),
    ),
    Example(
        "thats-not-lemonade/game.yaml: rounds_to_win",
        "thats-not-lemonade",
        "game.yaml",
        (("rounds_to_win: 3", "rounds_to_win: 2"),),
        "game-end-three-wins",
        (
            ("round_winners: [2, 4, 2, 1, 2]", "round_winners: [2, 4, 2]"),
            ("rounds: 5", "rounds: 3"),
            ("dealers: [1, 2, 3, 4, 1]", "dealers: [1, 2, 3]"),
            ("deck_sizes: [28, 27, 26, 25, 24]", "deck_sizes: [28, 27, 26]"),
            (
                "trophies: [lemonade, lemonade, lemonade, lemonade, lemonade]",
                "trophies: [lemonade, lemonade, lemonade]",
            ),
            ("wins: [1, 3, 0, 1]", "wins: [0, 2, 0, 1]"),
        ),
    ),
    # Yard Sale
    Example(
        "yard-sale/game.yaml: lowest_price",
        "yard-sale",
        "game.yaml",
        (("lowest_price:\n  value: 1", "lowest_price:\n  value: 0"),),
        "lowest-price",
        (("prices: {jar-of-screws: 1}", "prices: {jar-of-screws: 0}"), ("paid: [1]", "paid: [0]")),
    ),
    Example(
        "yard-sale/game.yaml: sell_out_bonus",
        "yard-sale",
        "game.yaml",
        (("sell_out_bonus: 2", "sell_out_bonus: 3"),),
        "refill-sold-out",
        (("draw_items: 7", "draw_items: 8"), ("items: 7", "items: 8")),
        (SELLER_TOKENS_FOR_8,),
    ),
    Example(
        "yard-sale/game.yaml: hands.items",
        "yard-sale",
        "game.yaml",
        (("hands: {items: 5,", "hands: {items: 6,"),),
        "refill-partial",
        (("draw_items: 3", "draw_items: 4"), ("items: 5", "items: 6")),
        (SELLER_TOKENS_FOR_8,),
    ),
    Example(
        "yard-sale/game.yaml: hands.pitches",
        "yard-sale",
        "game.yaml",
        (("pitches: 5}", "pitches: 4}"),),
        "refill-sold-out",
        (("draw_pitches: 3", "draw_pitches: 2"), ("pitches: 5", "pitches: 4")),
    ),
    Example(
        "yard-sale/game.yaml: display_shoppers",
        "yard-sale",
        "game.yaml",
        (("display_shoppers: 5", "display_shoppers: 4"),),
        "shoppers-leave",
        (
            ("    - {shopper: newlyweds, rounds_left: 1}\n", ""),
            ("leaving: [landlord, teenager, newlyweds]", "leaving: [landlord, teenager]"),
            ("arriving: [handyman, tea-lover, busy-parent]", "arriving: [handyman, tea-lover]"),
            (
                "display: [gardener, toy-collector, handyman, tea-lover, busy-parent]",
                "display: [gardener, toy-collector, handyman, tea-lover]",
            ),
        ),
    ),
    Example(
        "yard-sale/game.yaml: opinion.favourite",
        "yard-sale",
        "game.yaml",
        (("  favourite: 1\n", "  favourite: 2\n"),),
        "favourite-and-dislike",
        (("denim-jacket: 1,", "denim-jacket: 2,"),),
    ),
    Example(
        "yard-sale/game.yaml: opinion.dislike",
        "yard-sale",
        "game.yaml",
        (("  dislike: -1\n", "  dislike: -2\n"),),
        "favourite-and-dislike",
        (("signed-first-edition: -1,", "signed-first-edition: -2,"),),
    ),
    Example(
        "yard-sale/game.yaml: opinion.neutral",
        "yard-sale",
        "game.yaml",
        (("  neutral:\n    value: 0", "  neutral:\n    value: 1"),),
        "favourite-and-dislike",
        (
            (
                "{denim-jacket: 1, signed-first-edition: -1, brown-teapot: 0}",
                "{denim-jacket: 2, signed-first-edition: 0, brown-teapot: 1}",
            ),
            ("bought: [denim-jacket]", "bought: [denim-jacket, brown-teapot]"),
            ("cash_left: 23", "cash_left: 20"),  # $28 - $5 - $3
        ),
    ),
    Example(
        "yard-sale/game.yaml: tie_breaks",
        "yard-sale",
        "game.yaml",
        (("[favourite, cheaper, offered-first]", "[cheaper, favourite, offered-first]"),),
        "tie-favourite-wins",  # the $4 hose now goes before the $5 tins she loves
        (
            ("order: [cake-tins, garden-hose]", "order: [garden-hose, cake-tins]"),
            (
                "{cake-tins: bought, garden-hose: too-dear}",
                "{garden-hose: bought, cake-tins: too-dear}",
            ),
            ("cash_left: 1", "cash_left: 2"),
            ("income: [0, 5]", "income: [4, 0]"),
        ),
    ),
    # Lemonade Stall, more
    Example(
        "lemonade-stall/events.yaml: weird-ice melts_from",
        "lemonade-stall",
        "events.yaml",
        (("effect: {melts_from: 30}", "effect: {melts_from: 25}"),),
        "weird-ice-cool-day",
        (("ice_melts: false", "ice_melts: true"),),
    ),
    Example(
        "lemonade-stall/events.yaml: bad-lemons spoils_on",
        "lemonade-stall",
        "events.yaml",
        (("effect: {spoils_on: 3}", "effect: {spoils_on: 4}"),),
        "spoilage-bad-lemons",
        (("spoiled: true", "spoiled: false"),),  # the roll of 3 is now too low
    ),
    Example(
        "lemonade-stall/benefits.yaml: sales-bonus per_cup",
        "lemonade-stall",
        "benefits.yaml",
        (("{sales_bonus: {per_cup: 2, cups: 3}}", "{sales_bonus: {per_cup: 3, cups: 3}}"),),
        "wealthy-customers-sales-bonus",
        (("income: [26, 24]", "income: [29, 24]"),),  # 4 cups at $4 + $1, and 3 x $3
    ),
    Example(
        "lemonade-stall/benefits.yaml: sales-bonus cups",
        "lemonade-stall",
        "benefits.yaml",
        (("{sales_bonus: {per_cup: 2, cups: 3}}", "{sales_bonus: {per_cup: 2, cups: 4}}"),),
        "wealthy-customers-sales-bonus",
        (("income: [26, 24]", "income: [28, 24]"),),  # all 4 cups earn the bonus
    ),
    Example(
        "lemonade-stall/weather.yaml: sunny guarantee",
        "lemonade-stall",
        "weather.yaml",
        (("price_cap: null, guarantee: 2,", "price_cap: null, guarantee: 3,"),),
        "four-player-sales",
        (
            ("guaranteed: [2, 2, 2, 2]", "guaranteed: [3, 3, 3, 3]"),
            ("sold: [6, 4, 3, 2]", "sold: [6, 3, 3, 3]"),  # 12 guaranteed, 3 more at $5
            ("income: [30, 24, 21, 14]", "income: [30, 18, 21, 21]"),
        ),
        (  # the charts must still hold every stand's guarantee
            ("sales.yaml", "sunny: [5, 6,", "sunny: [6, 6,"),
            ("sales.yaml", "sunny: [7, 9,", "sunny: [9, 9,"),
            ("sales.yaml", "sunny: [10, 13,", "sunny: [12, 13,"),
        ),
    ),
    Example(
        "lemonade-stall/sales.yaml: 3-player sunny limits",
        "lemonade-stall",
        "sales.yaml",
        (("sunny: [7, 9, 11, 12, 13]", "sunny: [7, 9, 11, 13, 14]"),),
        "three-player-sunny-30-limit",
        (("limit: 12", "limit: 13"),),
    ),
    Example(
        "lemonade-stall/weather.yaml: condition forecast",
        "lemonade-stall",
        "weather.yaml",
        (("{rolls: 7-9, result: sunny}", "{rolls: 7-9, result: rain}"),),
        "forecast-7-3",
        (("condition: sunny", "condition: rain"),),
    ),
    Example(
        "lemonade-stall/weather.yaml: temperature forecast",
        "lemonade-stall",
        "weather.yaml",
        (("{rolls: 3-4, result: 20}", "{rolls: 3-4, result: 15}"),),
        "forecast-7-3",
        (("temperature: 20", "temperature: 15"),),
    ),
    Example(
        "lemonade-stall/items.yaml: lemons price_one",
        "lemonade-stall",
        "items.yaml",
        (("unit: lemon, price_one: 1,", "unit: lemon, price_one: 2,"),),
        "partial-bulk",
        (("cost: 9", "cost: 18"),),
    ),
    Example(
        "lemonade-stall/items.yaml: cups price_bulk",
        "lemonade-stall",
        "items.yaml",
        (("unit: cup, price_one: 1, price_bulk: 8", "unit: cup, price_one: 1, price_bulk: 6"),),
        "bulk-ten-cups",
        (("cost: 13", "cost: 11"),),  # $6 for the cups, $5 for the ice
    ),
    Example(
        "lemonade-stall/game.yaml: tie_breaks",
        "lemonade-stall",
        "game.yaml",
        (("[money, stock, nearest-first-player]", "[stock, money, nearest-first-player]"),),
        "game-end-money",
        (("winner: 2", "winner: 3"), ("decided_by: money", "decided_by: stock")),
    ),
    # Lemonade Stand, more
    Example(
        "lemonade-stand/game.yaml: mom_coin",
        "lemonade-stand",
        "game.yaml",
        (("mom_coin: nickel", "mom_coin: dime"),),
        "change-run-to-mom",
        (
            ("{nickel: 1, dime: 0, quarter: 0}", "{nickel: 0, dime: 1, quarter: 0}"),
            ("worth: 5", "worth: 10"),
        ),
    ),
    Example(
        "lemonade-stand/game.yaml: hand_limit",
        "lemonade-stand",
        "game.yaml",
        (("value: {cards: 4, applies_to: coins}", "value: {cards: 5, applies_to: coins}"),),
        "change-full-hand",
        (  # 170 cents fit in five quarters, four dimes and a nickel
            ("{nickel: 0, dime: 2, quarter: 2}", "{nickel: 1, dime: 4, quarter: 5}"),
            ("exchanged: 1", "exchanged: 0"),
            ("worth: 70", "worth: 170"),
        ),
        (  # four hands of five of each coin need 20 copies, 60 coin cards a deck
            ("coins.yaml", "copies:\n  value: 16", "copies:\n  value: 20"),
            (
                "components.yaml",
                "first_deck: 48, second_deck: 48",
                "first_deck: 60, second_deck: 60",
            ),
        ),
    ),
    Example(
        "lemonade-stand/stands.yaml: street-corner price",
        "lemonade-stand",
        "stands.yaml",
        (("price: 15, customers: 2}", "price: 20, customers: 2}"),),
        "sales-street-corner-sun",
        (("per_cup: 15, takings: 60", "per_cup: 20, takings: 80"),),
    ),
    Example(
        "lemonade-stand/weather.yaml: clouds demand",
        "lemonade-stand",
        "weather.yaml",
        (("demand: 15, customers: 0,", "demand: 20, customers: 0,"),),
        "sales-kiosk-clouds",
        (("per_cup: 15, takings: 75", "per_cup: 20, takings: 100"),),
    ),
    Example(
        "lemonade-stand/weather.yaml: heat customers",
        "lemonade-stand",
        "weather.yaml",
        (("demand: 25, customers: 2,", "demand: 25, customers: 3,"),),
        "weather-arrow-up",
        (("customers: 2}", "customers: 3}"),),
    ),
    Example(
        "lemonade-stand/weather.yaml: w01 arrow",
        "lemonade-stand",
        "weather.yaml",
        (
            (
                "{id: w01, top: heat, bottom: sun, arrow: up}",
                "{id: w01, top: heat, bottom: sun, arrow: down}",
            ),
            (
                "{id: w02, top: heat, bottom: sun, arrow: down}",
                "{id: w02, top: heat, bottom: sun, arrow: up}",
            ),
        ),
        "weather-arrow-up",
        (
            (
                "{weather: heat, demand: 25, customers: 2}",
                "{weather: clouds, demand: 15, customers: 0}",
            ),
        ),
    ),
    Example(
        "lemonade-stand/dollars.yaml: lawn-mower rivals_customers",
        "lemonade-stand",
        "dollars.yaml",
        (("effect: {rivals_customers: 1}", "effect: {rivals_customers: 2}"),),
        "dollars-order",
        (  # seats 1 and 3 lose two each; Copycat now matches seat 2's 3; Rush Hour doubles 2
            ("customers: [6, 3, 4]", "customers: [4, 3, 3]"),
            ("served: [5, 3, 4]", "served: [4, 3, 3]"),
            ("takings: [75, 60, 40]", "takings: [60, 60, 30]"),
        ),
    ),
    Example(
        "lemonade-stand/dollars.yaml: strengths",
        "lemonade-stand",
        "dollars.yaml",
        (
            ("strength: 9\n      title: {en: Copycat", "strength: 12\n      title: {en: Copycat"),
            ("strength: 12\n      title: {en: Rush", "strength: 9\n      title: {en: Rush"),
        ),
        "dollars-order",
        (  # Rush Hour doubles seat 1's 3 to 6 before Copycat copies it
            ("order: [lawn-mower, copycat, rush-hour]", "order: [lawn-mower, rush-hour, copycat]"),
            ("customers: [6, 3, 4]", "customers: [6, 3, 6]"),
        ),
    ),
    # That's Not Lemonade, more
    Example(
        "thats-not-lemonade/game.yaml: trophy order",
        "thats-not-lemonade",
        "game.yaml",
        (("value: [lemonade, double-lemonade]", "value: [double-lemonade, lemonade]"),),
        "trophy-single-lemonade",
        (("trophy: lemonade", "trophy: double-lemonade"),),
    ),
    Example(
        "thats-not-lemonade/game.yaml: removals for 3 players",
        "thats-not-lemonade",
        "game.yaml",
        (("{players: 3, remove: 1}", "{players: 3, remove: 2}"),),
        "deck-three-players",
        (
            ("cards: 27", "cards: 26"),
            ("not_lemonade: 3", "not_lemonade: 2"),
            ("removed: 1", "removed: 2"),
            ("first_chance: 11%", "first_chance: 8%"),  # 2 of 26
        ),
    ),
    Example(
        "thats-not-lemonade/cards.yaml: lemonade copies",
        "thats-not-lemonade",
        "cards.yaml",
        (("copies:\n      value: 12", "copies:\n      value: 11"),),
        "deck-six-players",
        (("cards: 28", "cards: 27"), ("first_chance: 14%", "first_chance: 15%")),  # 4 of 27
    ),
    Example(
        "thats-not-lemonade/cards.yaml: double-lemonade lemons",
        "thats-not-lemonade",
        "cards.yaml",
        (("    lemons: 2\n", "    lemons: 3\n"),),
        "double-beats-more-cards",
        (("lemons: [2, 1]", "lemons: [3, 1]"),),
    ),
    # Yard Sale, more
    Example(
        "yard-sale/shoppers.yaml: woodworker max_purchases",
        "yard-sale",
        "shoppers.yaml",
        (
            (
                "Woodworker, cash: 12, favourite: tools, dislike: clothes, max_purchases: 1",
                "Woodworker, cash: 12, favourite: tools, dislike: clothes, max_purchases: 2",
            ),
        ),
        "tie-cheaper-wins",
        (  # $3 + $7 fit her $12
            ("bought: [brown-teapot]", "bought: [brown-teapot, picnic-basket]"),
            ("picnic-basket: full}", "picnic-basket: bought}"),
            ("income: [0, 3]", "income: [7, 3]"),
        ),
    ),
    Example(
        "yard-sale/shoppers.yaml: vintage-hunter cash",
        "yard-sale",
        "shoppers.yaml",
        (("Vintage Hunter, cash: 28,", "Vintage Hunter, cash: 30,"),),
        "favourite-and-dislike",
        (("cash_left: 23", "cash_left: 25"),),
    ),
    Example(
        "yard-sale/items.yaml: denim-jacket price",
        "yard-sale",
        "items.yaml",
        (
            (
                "subject: clothes\n      price: 5\n      rule: {set: {subject: clothes,",
                "subject: clothes\n      price: 6\n      rule: {set: {subject: clothes,",
            ),
        ),
        "favourite-and-dislike",
        (("cash_left: 23", "cash_left: 22"),),
    ),
    Example(
        "yard-sale/pitches.yaml: markdown price",
        "yard-sale",
        "pitches.yaml",
        (("effect: {opinion: 1, price: -2}", "effect: {opinion: 1, price: -3}"),),
        "markdown-income",
        (
            ("prices: {stand-mixer: 7,", "prices: {stand-mixer: 6,"),
            ("paid: [7, 12]", "paid: [6, 12]"),
            ("cash_left: 15", "cash_left: 16"),
            ("income: [7, 12]", "income: [6, 12]"),
        ),
    ),
]


@pytest.mark.parametrize("case", EXAMPLES, ids=lambda c: c.path)
def test_a_worked_example_follows_the_content(case: Example, tmp_path: Path):
    folder = _edited_content(tmp_path, case.game, case.file, case.content)
    for file, old, new in case.also:
        edit(folder / file, old, new)
    example = folder / "examples" / f"{case.example}.yaml"
    assert _example_fails(folder, example), "the edit must change what the example says"
    for old, new in case.expect:
        edit(example, old, new)
    assert _example_passes(folder, example)


# -- rules no worked example reads -----------------------------------------------------------
class Script:
    """A Lemonade Stall decider that makes the plainest legal choice, or the one it is told."""

    def __init__(self, benefit: str | None = None, price: int = 5, steal_from: int = 2) -> None:
        self.benefit, self.price, self.steal_from = benefit, price, steal_from

    def choose_benefit(self, state, seat, options):
        return self.benefit if self.benefit in options else options[-1]

    def place_goods(self, state, seat, count, one_type, why=""):
        return {"cups": count}

    def buy(self, state, seat, effect):
        return {}

    def set_price(self, state, seat):
        return self.price

    def barter(self, state, seat):
        return dict(state.stand(seat).stock)

    def steal(self, state, seat, goods):
        return self.steal_from, {}

    def pass_goods(self, state, seat, count, passable):
        take, left = {}, count
        for item, held in passable.items():
            take[item] = min(held, left)
            left -= take[item]
        return take


def _stall_game(pack, players: int = 2, **changes):
    return evolve(new_game(pack, players, SeededDice(1)), **changes)


def _stall_starting_money(pack):
    assert [s.money for s in _stall_game(pack).stands] == [23, 23]


def _stall_opening_weather(pack):
    assert _stall_game(pack).forecast == Weather("sunny", 30)


def _stall_days(pack):
    deciders = {s: RandomLegal(pack, s) for s in (1, 2)}
    _, days = play_game(pack, 2, deciders, SeededDice(5))
    assert [d.day for d in days] == ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]


def _stall_forecast_on_last_day(pack):
    sunday = _stall_game(pack, day=6)
    assert step_forecast(pack, sunday, ScriptedDice([7, 3])).tomorrow == Weather("sunny", 20)


def _stall_selling_prices(pack):
    state = step_prices(pack, _stall_game(pack), {1: Script(price=9), 2: Script(price=3)})
    assert [s.price for s in state.stands] == [9, 3]
    with pytest.raises(RuleError, match=r"\$8"):
        step_prices(pack, _stall_game(pack), {1: Script(price=8), 2: Script(price=3)})


def _stall_max_per_item(pack):
    assert is_legal_purchase(pack, {"cups": 6})
    assert not is_legal_purchase(pack, {"cups": 7})


def _benefits(pack, first: str, second: str = "hire-fridge", players: int = 2):
    deciders = {1: Script(first), 2: Script(second), 3: Script("sales-bonus")}
    return step_bonus(step_draft(pack, _stall_game(pack, players), deciders))


def _stall_immunity_goods(pack):
    assert _benefits(pack, "event-immunity").stand(1).stock == {"cups": 5}


def _stall_bargain(pack):
    state = _benefits(pack, "bargain-purchase")
    assert (state.stand(1).money, state.stand(1).stock) == (18, {"cups": 8})  # $20 - $2


def _stall_theft_money(pack):
    state = _benefits(pack, "petty-theft", players=3)
    assert [s.money for s in state.stands] == [22, 18, 20]


def _stall_benefit_min_players(pack):
    assert "petty-theft" in dict(_stall_game(pack).bonus_tokens)


def _stall_event(pack, event: str, *stocks: dict[str, int]):
    """Step 4 with ``event`` on top of the deck, one stand per stock given."""
    state = _stall_game(pack, len(stocks), deck=(event,))
    stands = tuple(evolve(s, stock=Stock(k)) for s, k in zip(state.stands, stocks))
    deciders = {s: Script() for s in range(1, len(stocks) + 1)}
    return step_event(pack, evolve(state, stands=stands), deciders)


def _stall_discover(pack):
    assert [s.stock for s in _stall_event(pack, "discover", {}, {}).stands] == [{"cups": 3}] * 2


def _stall_stock_balance(pack):
    """Each stand passes two goods to its left; goods just received cannot be passed on."""
    stands = _stall_event(pack, "stock-balance", {"cups": 4}, {"sugar": 4}).stands
    assert [s.stock for s in stands] == [{"cups": 2, "sugar": 2}, {"cups": 2, "sugar": 2}]
    stands = _stall_event(pack, "stock-balance", {"cups": 1}, {"sugar": 4}).stands
    assert [s.stock for s in stands] == [{"sugar": 2}, {"cups": 1, "sugar": 2}]


def _stall_neglect(pack):
    state = evolve(_benefits(pack, "early-bird", "bartering"), deck=("neglect",))
    after = step_event(pack, state, {1: Script(), 2: Script()})
    tokens = dict(after.bonus_tokens)
    # hire-fridge: one token in step 3, three more when Neglect turns up
    assert (tokens["early-bird"], tokens["bartering"], tokens["hire-fridge"]) == (0, 0, 4)


def _stall_seat_breaks_the_last_tie(pack):
    """With money the only tie-break, equal money goes to the seat nearest the first player."""
    result = rank(pack, [Standing(1, 30, 2), Standing(2, 30, 5), Standing(3, 30, 9)], 2)
    assert (result.ranking, result.decided_by) == ((2, 3, 1), "nearest-first-player")


# Lemonade Stand
def _stand_start_mix(pack):
    table = set_up(pack, 3, SeededDice(1))
    assert [coins_by_id(pack, p.coins)["quarter"] for p in table.players] == [1, 1, 1]
    assert {p.coins.cards for p in table.players} == {1}


def _stand_start_dollars(pack):
    table = set_up(pack, 3, SeededDice(1))
    assert [len(p.hand) for p in table.players] == [2, 2, 2]
    assert len(table.dollar_deck) == 12 - 6


def _stand_days(pack):
    assert len(stand_game.play_game(pack, [Bot(1), Bot(2)], 3).days) == 5


def _stand_coin_cards(pack):
    hand = coins_of(pack, {"nickel": 3})
    assert pay(pack, hand, [CoinPlay("nickel", CUPS)] * 2)[1].cups == 2
    with pytest.raises(RuleError, match="1 to 2"):
        pay(pack, hand, [CoinPlay("nickel", CUPS)] * 3)


def _stand_decks(pack):
    assert len(dollar_deck(pack, 3)) == 12
    assert len(dollar_deck(pack, 4)) == 24  # a fourth player now needs the second deck


# That's Not Lemonade
def _tnl_pass_again(pack):
    """A pass binds: seat 2 passed, so only seats 1 and 3, who hit, may hit again."""
    state = deal(pack, 3, 3, ("ice", "lemonade", "lemonade", "lemonade", "ice"))
    for hit in (True, False, True):  # seats 1, 2, 3
        state = take_turn(pack, state, hit)
    assert [can_hit(pack, state, seat) for seat in (1, 2, 3)] == [True, False, True]


def _tnl_odds_card_buried(pack):
    """Two buried cards: 2 out cards hide among 6 left and 2 buried, 1 in 4."""
    assert odds_table(pack).chance(6, 2) == Fraction(1, 4)
    seen = []
    deck = ("ice", "ice", "lemonade", "thats-not-lemonade", "lemonade")
    play_round(pack, 2, 2, deck, {1: _Peek(seen), 2: _Peek(seen)})
    assert (seen[0].cards_left, seen[0].chance) == (3, Fraction(1, 5))  # 1 out among 3 + 2


class _Peek:
    """A That's Not Lemonade player who notes what it sees and passes."""

    def __init__(self, seen: list) -> None:
        self.seen = seen

    def hit(self, view) -> bool:
        self.seen.append(view)
        return False


def _yard_early_rounds(pack):
    """Jar of Marbles early only in round 1: the landlord buys it then, not in round 2."""
    offer = YardOffer(pack.item("jar-of-marbles"), 2)
    stall = YardStall(yard_rules.arrive(pack.shopper("landlord")), (offer,))
    assert yard_rules.end_round(pack, 2, [stall]).income == (0, 1)  # no round given: round 1
    assert yard_rules.end_round(pack, 2, [stall], round_number=2).income == (0, 0)
    visit = yard_rules.arrive(pack.shopper("landlord"))
    assert yard_rules.shop(pack, visit, (offer,)).bought  # shop and appraise count round 1 too
    assert yard_rules.appraise(pack, visit, (offer,))[0].opinion == 1


DIRECT = [
    Direct(
        "lemonade-stall/game.yaml: starting_money",
        "lemonade-stall",
        "game.yaml",
        (("starting_money: 20", "starting_money: 23"),),
        _stall_starting_money,
    ),
    Direct(
        "lemonade-stall/game.yaml: tie_breaks, money alone",
        "lemonade-stall",
        "game.yaml",
        (("value: [money, stock, nearest-first-player]", "value: [money]"),),
        _stall_seat_breaks_the_last_tie,
    ),
    Direct(
        "lemonade-stall/game.yaml: opening_weather",
        "lemonade-stall",
        "game.yaml",
        (("{condition: cloudy, temperature: 25}", "{condition: sunny, temperature: 30}"),),
        _stall_opening_weather,
    ),
    Direct(
        "lemonade-stall/game.yaml: days",
        "lemonade-stall",
        "game.yaml",
        ((", Saturday, Sunday]", "]"),),
        _stall_days,
    ),
    Direct(
        "lemonade-stall/game.yaml: forecast_on_last_day",
        "lemonade-stall",
        "game.yaml",
        (("forecast_on_last_day: false", "forecast_on_last_day: true"),),
        _stall_forecast_on_last_day,
    ),
    Direct(
        "lemonade-stall/game.yaml: selling_prices",
        "lemonade-stall",
        "game.yaml",
        (("selling_prices: [3, 4, 5, 6, 7, 8]", "selling_prices: [3, 4, 5, 6, 7, 9]"),),
        _stall_selling_prices,
    ),
    Direct(
        "lemonade-stall/items.yaml: max_per_item_per_round",
        "lemonade-stall",
        "items.yaml",
        (("max_per_item_per_round: 10", "max_per_item_per_round: 6"),),
        _stall_max_per_item,
    ),
    Direct(
        "lemonade-stall/benefits.yaml: event-immunity immunity_goods",
        "lemonade-stall",
        "benefits.yaml",
        (("immunity_goods: 4}", "immunity_goods: 5}"),),
        _stall_immunity_goods,
    ),
    Direct(
        "lemonade-stall/benefits.yaml: bargain cost and goods",
        "lemonade-stall",
        "benefits.yaml",
        (("bargain: {cost: 1, goods: 10}", "bargain: {cost: 2, goods: 8}"),),
        _stall_bargain,
    ),
    Direct(
        "lemonade-stall/benefits.yaml: petty-theft money",
        "lemonade-stall",
        "benefits.yaml",
        (("theft: {goods: 3, money: 1}", "theft: {goods: 3, money: 2}"),),
        _stall_theft_money,
    ),
    Direct(
        "lemonade-stall/benefits.yaml: petty-theft min_players",
        "lemonade-stall",
        "benefits.yaml",
        (("min_players: 3", "min_players: 2"),),
        _stall_benefit_min_players,
    ),
    Direct(
        "lemonade-stall/events.yaml: discover gain_goods",
        "lemonade-stall",
        "events.yaml",
        (("effect: {gain_goods: 2}", "effect: {gain_goods: 3}"),),
        _stall_discover,
    ),
    Direct(
        "lemonade-stall/events.yaml: stock-balance pass_left",
        "lemonade-stall",
        "events.yaml",
        (("effect: {pass_left: 3}", "effect: {pass_left: 2}"),),
        _stall_stock_balance,
    ),
    Direct(
        "lemonade-stall/events.yaml: neglect extra_bonus_tokens",
        "lemonade-stall",
        "events.yaml",
        (("effect: {extra_bonus_tokens: 1}", "effect: {extra_bonus_tokens: 3}"),),
        _stall_neglect,
    ),
    Direct(
        "lemonade-stand/game.yaml: start coin_mix",
        "lemonade-stand",
        "game.yaml",
        (("value: {dime: 1, nickel: 3}", "value: {quarter: 1}"),),
        _stand_start_mix,
    ),
    Direct(
        "lemonade-stand/game.yaml: start dollars",
        "lemonade-stand",
        "game.yaml",
        (("  dollars: 1\n", "  dollars: 2\n"),),
        _stand_start_dollars,
    ),
    Direct(
        "lemonade-stand/game.yaml: days",
        "lemonade-stand",
        "game.yaml",
        (("days: 7", "days: 5"),),
        _stand_days,
    ),
    Direct(
        "lemonade-stand/game.yaml: coin_cards_per_day",
        "lemonade-stand",
        "game.yaml",
        (("coin_cards_per_day: {min: 1, max: 3}", "coin_cards_per_day: {min: 1, max: 2}"),),
        _stand_coin_cards,
    ),
    Direct(
        "lemonade-stand/game.yaml: players.max",
        "lemonade-stand",
        "game.yaml",
        (("  max: 4\n", "  max: 3\n"), ("max_with_second_deck: 8", "max_with_second_deck: 6")),
        _stand_decks,
        also=(  # a deck now holds stand cards and reference cards for three players
            (
                "components.yaml",
                "first_deck: 16, second_deck: 16",
                "first_deck: 12, second_deck: 12",
            ),
            (
                "components.yaml",
                "first_deck: 4\n    second_deck: 4",
                "first_deck: 3\n    second_deck: 3",
            ),
        ),
    ),
    Direct(
        "yard-sale/items.yaml: jar-of-marbles early rounds",
        "yard-sale",
        "items.yaml",
        (("rule: {early: {rounds: 4, opinion: 1}}", "rule: {early: {rounds: 1, opinion: 1}}"),),
        _yard_early_rounds,
    ),
    Direct(
        "thats-not-lemonade/game.yaml: buried_cards on the odds card",
        "thats-not-lemonade",
        "game.yaml",
        (("buried_cards: 1", "buried_cards: 2"),),
        _tnl_odds_card_buried,
    ),
    Direct(
        "thats-not-lemonade/game.yaml: pass_again",
        "thats-not-lemonade",
        "game.yaml",
        (("    value: true", "    value: false"),),
        _tnl_pass_again,
    ),
]


@pytest.mark.parametrize("case", DIRECT, ids=lambda c: c.path)
def test_a_rule_follows_the_content(case: Direct, tmp_path: Path):
    plugin, bundled = PackCache(CONTENT).load(CONTENT / case.game)
    with pytest.raises((AssertionError, RuleError, pytest.fail.Exception)):
        case.check(bundled)  # the bundled value gives another answer
    folder = _edited_content(tmp_path, case.game, case.file, case.content)
    for file, old, new in case.also:
        edit(folder / file, old, new)
    _, edited = PackCache(folder.parent).load(folder)
    case.check(edited)
