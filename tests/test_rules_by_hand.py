"""Rules stated as a player would say them, each with its numbers worked out by hand.

Each test here guards one plausible one-line bug that the rest of the suite let
through (issue 21's mutants); the docstring says which rule it pins.
"""

from __future__ import annotations

import pytest

from printkit.games.lemonade_stand.content import load as load_stand
from printkit.games.lemonade_stand.rules import (
    DollarCopy,
    DollarPlay,
    Stall,
    collect,
    money,
    resolve_dollars,
    sell,
)
from printkit.games.lemonade_stand.rules import coins_of as stand_coins
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def stand():
    return load_stand(CONTENT / "lemonade-stand")


# -- Lemonade Stand ------------------------------------------------------------------------
def test_the_lawn_mower_takes_no_customer_from_a_stand_that_has_none(stand):
    """Every other stand loses one customer, but a stand with none keeps zero, not minus one."""
    empty, one, mower = Stall(0, 3, 15, 15), Stall(1, 3, 15, 15), Stall(2, 2, 15, 15)
    plays = [DollarPlay(2, DollarCopy("lawn-mower"))]
    final, _ = resolve_dollars(stand, [empty, one, mower], plays)
    assert [s.customers for s in final] == [0, 0, 2]
    assert [sell(s).takings for s in final] == [0, 0, 30]


def test_mom_returns_only_the_customer_really_taken(stand):
    """Two mowers against a one-customer stand take one customer; Mom gives back that one."""
    plays = [
        DollarPlay(1, DollarCopy("lawn-mower", 1)),
        DollarPlay(1, DollarCopy("lawn-mower", 2)),
        DollarPlay(0, DollarCopy("mom-on-watch")),
    ]
    final, steps = resolve_dollars(stand, [Stall(1, 2, 15, 15), Stall(3, 3, 15, 15)], plays)
    assert [s.stalls[0].customers for s in steps] == [0, 0, 1]
    assert final[0].customers == 1


def test_a_dollar_card_is_worth_one_dollar_at_the_end(stand):
    """Final money: coin cards plus 100 cents for every dollar card, played or not."""
    coins = stand_coins(stand, {"quarter": 1, "dime": 2, "nickel": 1})  # 25 + 20 + 5 = 50
    assert money(stand, coins, 0) == 50
    assert money(stand, coins, 3) == 350


def test_an_exchange_trades_one_dollar_of_coins(stand):
    """Four of each coin hold 160 cents; 165 cents must trade 100 of them for a dollar card."""
    full = stand_coins(stand, {"quarter": 4, "dime": 4, "nickel": 4})
    after = collect(stand, full, 5)
    assert after.exchanged == 1
    assert money(stand, after.coins, 1) == 165  # 65 cents in coins + one dollar card
