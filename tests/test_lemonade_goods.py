"""Goods and purchases, checked against the rule said one good at a time.

These properties state each rule as a player would apply it, good by good in the
order asked, and check the engine agrees on random stocks, including goods a
stock never held, unknown goods and counts out of range; and that a day selling
from its own plain counts (`sell_stands`) sells what `sell` does from the stands.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.dice import SeededDice
from printkit.errors import RuleError
from printkit.games.lemonade_stall.game import GameState, Stand, new_game
from printkit.games.lemonade_stall.rules import (
    NO_EVENT,
    Offer,
    Stock,
    Weather,
    _share,
    _share_one,
    add_goods,
    assess_purchase,
    check_bought,
    check_purchase,
    effect_on,
    produce,
    sell,
    sell_stands,
    take_goods,
)
from printkit.games.lemonade_stall.strategies import Cautious

ITEMS = ("cups", "sugar", "lemons", "ice")
GOODS = st.sampled_from(ITEMS + ("melons",))
counts = st.dictionaries(GOODS, st.integers(0, 12), max_size=5)
changes = st.dictionaries(GOODS, st.integers(-3, 12), max_size=5)


def by_hand(counts: dict[str, int], goods: dict[str, int], sign: int) -> dict[str, int]:
    """Each good in turn: its count (none if never held) plus or minus what comes."""
    after = dict(counts)
    for item, n in goods.items():
        after[item] = after.get(item, 0) + sign * n
    return after


@settings(max_examples=300)
@given(counts, changes)
def test_adding_goods_adds_each_good_or_refuses_a_negative_count(held, goods):
    expected = by_hand(held, goods, +1)
    counts = dict(held)
    if min(expected.values(), default=0) < 0:
        with pytest.raises(RuleError, match="cannot be negative"):
            add_goods(counts, goods)
    else:
        add_goods(counts, goods)
        assert list(counts.items()) == list(expected.items())  # new goods join in order asked


@settings(max_examples=300)
@given(counts, st.dictionaries(GOODS, st.integers(0, 12), max_size=5))
def test_taking_goods_names_the_first_good_short_as_asked(held, goods):
    expected = by_hand(held, goods, -1)
    short = [(n, item) for item, n in goods.items() if n > held.get(item, 0)]
    counts = dict(held)
    if short:
        n, item = short[0]
        says = f"cannot remove {n} {item}: stock holds {held.get(item, 0)}"
        with pytest.raises(RuleError, match=re.escape(says)):
            take_goods(counts, goods)
    else:
        take_goods(counts, goods)
        assert list(counts.items()) == list(expected.items())


@settings(max_examples=300)
@given(counts, st.dictionaries(GOODS, st.integers(0, 12), max_size=5))
def test_goods_checked_beforehand_join_a_stock_as_unchecked_ones_do(held, goods):
    """`add_goods(..., checked=True)`, for goods already seen not negative, adds the same."""
    plain, checked = dict(held), dict(held)
    add_goods(plain, goods)
    add_goods(checked, goods, True)
    assert list(checked.items()) == list(plain.items())


@given(counts)
def test_a_stand_makes_as_many_cups_as_its_scarcest_good(pack, held):
    assert produce(pack, held) == min(held.get(item, 0) for item in ITEMS)
    assert produce(pack, Stock(held)) == produce(pack, held)


def test_a_stock_added_to_itself_doubles():
    counts = {"cups": 2, "ice": 1}
    add_goods(counts, counts)
    assert counts == {"cups": 4, "ice": 2}
    take_goods(counts, Stock({"cups": 1}))
    assert counts == {"cups": 3, "ice": 2}


def purchase_by_hand(pack, buy, effect, money):
    """Good by good in the order asked: the first rule broken, else the cost."""
    lot = pack.bulk_size if effect.bulk_discount else None
    cost = total = 0
    for item, n in buy.items():
        if item not in ITEMS:
            return 0, f"no item {item!r}"
        if n < 0:
            return 0, f"{n} {item} is negative"
        if n > 10:
            return 0, f"at most 10 {item} a round"
        one, bulk = pack.item_prices[item]
        cost += bulk if n == lot else n * one
        total += n
    cap = effect.purchase_total_cap
    if cap is not None and total > cap:
        return 0, f"supply shortage allows {cap} items, not {total}"
    if money is not None and cost > money:
        return cost, f"costs ${cost}, stand has ${money}"
    return cost, None


@settings(max_examples=400)
@given(
    st.dictionaries(GOODS, st.integers(-2, 12), max_size=5),
    st.sampled_from([None, "all-calm", "expensive-stock", "supply-shortage"]),
    st.none() | st.integers(0, 40),
)
def test_a_purchase_costs_and_breaks_what_the_rules_say_good_by_good(pack, buy, event, money):
    effect = pack.event(event).effect if event else NO_EVENT
    cost, broken = assess_purchase(pack, buy, effect, money)
    said = broken[0].format(**broken[1]) if broken else None
    assert (cost, said) == purchase_by_hand(pack, buy, effect, money)


def outcome(check, *args):
    """What a check answers: the cost, or the message it refuses with."""
    try:
        return check(*args)
    except RuleError as error:
        return str(error)


@settings(max_examples=400)
@given(
    st.lists(st.dictionaries(GOODS, st.integers(-2, 12), max_size=5), min_size=1, max_size=6),
    st.sampled_from([None, "all-calm", "expensive-stock", "supply-shortage"]),
    st.lists(st.integers(0, 40), min_size=6, max_size=6),
)
def test_a_purchase_checked_by_its_pairs_is_checked_as_the_plain_rule(pack, buys, event, money):
    """`check_bought`, kept per pack, answers each purchase as `check_purchase` does,
    however often the same goods come back with other money or under another event."""
    effect = pack.event(event).effect if event else NO_EVENT
    for buy, dollars in zip(buys * 2, money * 2):
        expected = outcome(check_purchase, pack, buy, effect, dollars)
        assert outcome(check_bought, pack, tuple(buy.items()), effect, dollars) == expected


@settings(max_examples=200)
@given(
    st.lists(
        st.tuples(
            st.fixed_dictionaries({item: st.integers(0, 12) for item in ITEMS}),
            st.sampled_from([3, 4, 5, 6, 7, 8]),
            st.sampled_from([None, "event-immunity", "sales-bonus", "hire-fridge"]),
        ),
        min_size=2,
        max_size=4,
    ),
    st.sampled_from(["rain", "cloudy", "sunny"]),
    st.sampled_from([15, 25, 35]),
    st.sampled_from([None, "no-guarantees", "wealthy-customers", "theft"]),
    st.data(),
)
def test_a_days_own_counts_sell_as_its_stands_would(pack, stands, condition, degrees, event, data):
    """What the day sells from its plain counts is what `sell` sells from the stands."""
    first = data.draw(st.integers(1, len(stands)))
    weather = Weather(condition, degrees)
    offers = [Offer(Stock(goods), price, benefit) for goods, price, benefit in stands]
    effects = [effect_on(pack, event, benefit) for _, _, benefit in stands]
    from_counts = sell_stands(
        pack,
        weather,
        first,
        [dict(goods) for goods, _, _ in stands],
        [price for _, price, _ in stands],
        [benefit for _, _, benefit in stands],
        effects,
        event,
    )
    assert from_counts == sell(pack, weather, first, offers, event)


def one_cup_at_a_time(sold, capacity, group, limit):
    """The rule as said: a cup to each seat of the group in turn, while any may sell."""
    sold, total = list(sold), sum(sold)
    while total < limit and any(sold[s - 1] < capacity[s - 1] for s in group):
        for seat in group:
            if total < limit and sold[seat - 1] < capacity[seat - 1]:
                sold[seat - 1] += 1
                total += 1
    return sold


@settings(max_examples=400)
@given(
    st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=2, max_size=4),
    st.integers(0, 40),
    st.data(),
)
def test_a_price_group_sells_as_one_cup_at_a_time_round_it(stands, limit, data):
    """`_share`, which hands out whole rounds at once, sells what one cup at a time round
    the group sells; so does `_share_one` for a seat alone at its price."""
    sold = [min(made, promised) for made, promised in stands]
    capacity = tuple(made for made, _ in stands)
    seats = list(range(1, len(stands) + 1))
    group = data.draw(st.lists(st.sampled_from(seats), min_size=1, unique=True))
    shared = list(sold)
    _share(shared, capacity, group, limit)
    assert shared == one_cup_at_a_time(sold, capacity, group, limit)
    seat, alone = group[0], list(sold)
    got = _share_one(alone, capacity, seat, limit, sum(sold))
    assert alone == one_cup_at_a_time(sold, capacity, [seat], limit)
    assert got == alone[seat - 1] - sold[seat - 1]


def test_goods_go_on_the_scarcest_good_durable_ones_first(pack):
    """Sugar and lemons are both shortest; sugar keeps overnight, so a lot of one kind is
    sugar. Loose goods go one at a time: sugar (1, then 2), lemons (1, then 2), then cups,
    the first durable good of the three now at 2."""
    bot = Cautious(pack, 1)
    state = new_game(pack, 2, SeededDice(1))
    stand = Stand(1, 10, Stock({"cups": 2, "sugar": 1, "lemons": 1, "ice": 3}))
    state = GameState(**{**state.__dict__, "stands": (stand, *state.stands[1:])})
    assert bot.place_goods(state, 1, 3, True) == {"sugar": 3}
    assert bot.place_goods(state, 1, 3, False) == {"cups": 1, "sugar": 1, "lemons": 1, "ice": 0}
    never = Stand(1, 10, Stock({"cups": 1, "lemons": 2}))  # sugar and ice never held: none
    state = GameState(**{**state.__dict__, "stands": (never, *state.stands[1:])})
    assert bot.place_goods(state, 1, 1, True) == {"sugar": 1}
