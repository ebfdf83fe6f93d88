from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.dice import ScriptedDice, SeededDice
from printkit.errors import RuleError
from printkit.games.lemonade_stall.game import play_game
from printkit.games.lemonade_stall.rules import (
    Offer,
    Stock,
    Weather,
    change_weather,
    check_purchase,
    clockwise,
    d12_from_2d6,
    forecast,
    is_priced_out,
    produce,
    sell,
    spoil,
)
from printkit.games.lemonade_stall.strategies import RandomLegal
from tests.conftest import STALL

ITEMS = ("cups", "sugar", "lemons", "ice")


def test_clockwise_starts_at_the_first_player():
    assert clockwise(4, 3) == (3, 4, 1, 2)


@pytest.mark.parametrize(("blue", "red", "value"), [(1, 1, 1), (3, 6, 6), (4, 1, 7), (6, 6, 12)])
def test_d12_from_2d6_covers_1_to_12(pack, blue, red, value):
    assert d12_from_2d6(pack, blue, red) == value


def test_d12_from_2d6_is_uniform(pack):
    values = sorted(d12_from_2d6(pack, b, r) for b in range(1, 7) for r in range(1, 7))
    assert values == sorted(list(range(1, 13)) * 3)


@given(st.integers(1, 12), st.integers(1, 12))
def test_forecast_always_lands_on_the_scale(pack, a, b):
    result = forecast(pack, Weather("rain", 15), (a, b))
    assert result.condition in {c.id for c in pack.conditions}
    assert result.temperature in {t.degrees for t in pack.temperatures}


@pytest.mark.parametrize("rolls", [(0, 5), (13, 5), (5, 0), (5, 13)])
def test_a_roll_no_d12_shows_is_not_on_the_forecast_tables(pack, rolls):
    bad = next(r for r in rolls if r != 5)
    with pytest.raises(RuleError, match=f"d12 roll {bad} is not on the forecast table"):
        forecast(pack, Weather("rain", 15), rolls)


def test_each_forecast_row_covers_its_printed_rolls(pack):
    """The tables as the board prints them: every row's rolls read that row's result."""
    for kind, table in (
        ("condition", pack.condition_forecast),
        ("temperature", pack.temperature_forecast),
    ):
        for row in table:
            for roll in range(row.low, row.high + 1):
                today = Weather("rain", 15)
                rolls = (roll, 1) if kind == "condition" else (1, roll)
                got = forecast(pack, today, rolls)
                shown = got.condition if kind == "condition" else got.temperature
                same = today.condition if kind == "condition" else today.temperature
                assert shown == (same if row.result == "same" else row.result)


@given(
    st.sampled_from(["rain", "cloudy", "sunny"]),
    st.sampled_from([15, 20, 25, 30, 35]),
    st.lists(st.integers(1, 6), min_size=4, max_size=4),
)
def test_weather_change_clamps(pack, condition, degrees, rolls):
    change = pack.event("strange-weather").change
    result = change_weather(pack, Weather(condition, degrees), change, ScriptedDice(rolls), 2)
    assert 15 <= result.temperature <= 35
    assert abs(pack.condition_index(result.condition) - pack.condition_index(condition)) <= 2


def test_weather_change_runs_out_of_rolls(pack):
    with pytest.raises(RuleError, match="roll #2"):
        change_weather(pack, Weather("cloudy", 25), pack.event("theft").change, ScriptedDice([6]))


def test_supply_shortage_error_quotes_the_purchase(pack):
    effect = pack.event("supply-shortage").effect
    with pytest.raises(RuleError, match=r"supply shortage allows 9 items, not 10"):
        check_purchase(pack, {"cups": 5, "ice": 5}, effect)


def test_spoilage_keeps_cups_and_sugar(pack):
    stock = Stock({"cups": 3, "sugar": 3, "lemons": 3, "ice": 3})
    after = spoil(pack, stock, 35, 6)
    assert after == {"cups": 3, "sugar": 3, "lemons": 0, "ice": 0}
    assert spoil(pack, stock, 35, 6, fridge=True) == stock


# -- selling properties ----------------------------------------------------------
stocks = st.fixed_dictionaries({item: st.integers(0, 12) for item in ITEMS})


@st.composite
def markets(draw):
    players = draw(st.integers(2, 4))
    offers = [
        Offer(Stock(draw(stocks)), draw(st.sampled_from([3, 4, 5, 6, 7, 8])))
        for _ in range(players)
    ]
    weather = Weather(
        draw(st.sampled_from(["rain", "cloudy", "sunny"])),
        draw(st.sampled_from([15, 20, 25, 30, 35])),
    )
    first = draw(st.integers(1, players))
    event = draw(
        st.sampled_from([None, "no-guarantees", "holiday-crowds", "theft", "wealthy-customers"])
    )
    return weather, first, offers, event


@settings(max_examples=300)
@given(markets())
def test_selling_properties(pack, market):
    weather, first, offers, event = market
    sales = sell(pack, weather, first, offers, event)
    assert sales.total <= sales.limit
    for offer, sold, cap, guaranteed in zip(offers, sales.sold, sales.capacity, sales.guaranteed):
        assert 0 <= sold <= cap <= produce(pack, offer.stock)
        assert guaranteed <= sold
        if is_priced_out(pack, weather.condition, offer.price):
            assert sold == 0
        elif event != "no-guarantees":
            wanted = pack.condition(weather.condition).guarantee
            assert sold >= min(wanted, produce(pack, offer.stock))
    # stands at one price differ by at most one cup unless one ran out of stock
    for price in {o.price for o in offers}:
        same = [i for i, o in enumerate(offers) if o.price == price]
        short = [sales.sold[i] for i in same if sales.sold[i] < sales.capacity[i]]
        if short:
            assert max(short) - min(short) <= 1
            # a stand that sold out sold less than the short ones only for want of stock
            assert all(
                sales.sold[i] >= min(short) - 1 or sales.sold[i] == sales.capacity[i] for i in same
            )
    # a cheaper stand is never left short while a dearer one sells beyond its guarantee
    for i, a in enumerate(offers):
        for j, b in enumerate(offers):
            if a.price < b.price and sales.sold[i] < sales.capacity[i]:
                assert sales.sold[j] == sales.guaranteed[j]
    # the limit binds exactly when demand exceeds it
    assert sales.total == min(sum(sales.capacity), max(sales.limit, sum(sales.guaranteed)))


@settings(max_examples=200)
@given(markets())
def test_income_is_price_times_cups(pack, market):
    weather, first, offers, event = market
    sales = sell(pack, weather, first, offers, event)
    bonus = pack.event(event).effect.price_bonus if event else 0
    for offer, sold, income in zip(offers, sales.sold, sales.income):
        assert income == sold * (offer.price + bonus)


# -- whole games -----------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_whole_games_keep_money_and_stock_sane(pack, seed, players):
    deciders = {s: RandomLegal(pack, seed * 7 + s) for s in range(1, players + 1)}
    result, days = play_game(pack, players, deciders, SeededDice(seed))
    assert sorted(result.ranking) == list(range(1, players + 1))
    money = [pack.starting_money] * players
    bargain = pack.benefit("bargain-purchase").effect.bargain_cost
    for day in days:
        assert day.sales.total <= day.sales.limit
        # money moves only by purchases, sales and the bargain payment (theft nets zero)
        paid = sum(
            bargain
            for seat, b in enumerate(day.benefits)
            if b == "bargain-purchase" and money[seat] >= bargain
        )
        moved = sum(day.money) - sum(money) - sum(day.sales.income) + sum(day.spent)
        # a stand robbed by Petty Theft before its turn may no longer afford the fee
        unpaid = [paid - bargain] if paid and "petty-theft" in day.benefits else []
        assert -moved in [paid, *unpaid]
        for seat in range(players):
            assert all(count >= 0 for count in day.stock[seat].values())
            assert day.money[seat] >= 0
        money = list(day.money)
    final = max(money)
    assert days[-1].money[result.winner - 1] == final


def test_a_seed_replays_exactly(pack):
    def play(seed):
        deciders = {s: RandomLegal(pack, seed + s) for s in range(1, 4)}
        return play_game(pack, 3, deciders, SeededDice(seed))

    assert play(42) == play(42)
    assert play(42) != play(43)


def test_event_deck_is_dealt_one_a_day(pack):
    deciders = {s: RandomLegal(pack, s) for s in range(1, 5)}
    _, days = play_game(pack, 4, deciders, SeededDice(5))
    assert len(days) == 7
    assert all(day.event in {e.id for e in pack.events} for day in days)


def test_pack_folder_is_the_bundled_one(pack):
    assert pack.folder == STALL


def test_prices_are_chosen_without_seeing_the_others(pack):
    """Step 6 is simultaneous: no decider sees a price card played before its own."""
    from printkit.games.lemonade_stall.game import new_game, step_prices

    seen: list[tuple] = []

    class Peeker:
        def set_price(self, state, seat):
            seen.append(tuple(s.price for s in state.stands))
            return pack.selling_prices[seat % len(pack.selling_prices)]

    state = new_game(pack, 3, SeededDice(1))
    after = step_prices(pack, state, {seat: Peeker() for seat in (1, 2, 3)})
    assert seen == [(None, None, None)] * 3
    prices = pack.selling_prices
    assert [s.price for s in after.stands] == [prices[s % len(prices)] for s in (1, 2, 3)]
