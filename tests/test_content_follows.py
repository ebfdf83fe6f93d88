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
from pathlib import Path

import pytest

from printkit.checker import PackCache, check_example, read_example
from printkit.errors import PrintkitError, RuleError
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
        return "examples" in str(exc)  # the example's fault, not a broken edit of the content


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
