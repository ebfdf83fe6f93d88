"""Rules stated as a player would say them, each with its numbers worked out by hand.

Each test here guards one plausible one-line bug that the rest of the suite let
through (issue 21's mutants); the docstring says which rule it pins.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest

from printkit.dice import ScriptedDice, SeededDice
from printkit.errors import RuleError
from printkit.games.lemonade_stall.game import GameState, event_effect, final_result, step_spoil
from printkit.games.lemonade_stall.game import Stand as StallStand
from printkit.games.lemonade_stall.rules import (
    Offer,
    Standing,
    Stock,
    Weather,
    change_weather,
    check_purchase,
    d12_from_2d6,
    forecast,
    is_legal_purchase,
    produce,
    purchase_cost,
    rank,
    spoil,
    use_ingredients,
)
from printkit.games.lemonade_stall.rules import sell as sell_cups
from printkit.games.lemonade_stand.content import load as load_stand
from printkit.games.lemonade_stand.game import (
    Bot,
    Player,
    Table,
    collect_takings,
    give_back,
    play_day,
    set_up,
    take_dollar,
)
from printkit.games.lemonade_stand.game import Morning as StandMorning
from printkit.games.lemonade_stand.game import _expected as expected_profit
from printkit.games.lemonade_stand.game import _mornings as bot_mornings
from printkit.games.lemonade_stand.model import CUPS, CUSTOMERS
from printkit.games.lemonade_stand.rules import CoinPlay as StandCoin
from printkit.games.lemonade_stand.rules import (
    Coins,
    DollarCopy,
    DollarPlay,
    Purchase,
    Stall,
    collect,
    money,
    open_stand,
    resolve_dollars,
    sales,
    sell,
)
from printkit.games.lemonade_stand.rules import coins_of as stand_coins
from printkit.games.lemonade_stand.rules import worth as stand_worth
from printkit.games.thats_not_lemonade.content import load as load_tnl
from printkit.games.thats_not_lemonade.game import GameResult, TurnView, play_round
from printkit.games.thats_not_lemonade.rules import (
    Turn,
    finish_round,
    next_card_chance,
    odds_table,
    round_deck,
)
from printkit.games.yard_sale.content import load as load_yard
from printkit.games.yard_sale.rules import (
    Draw,
    FirstRound,
    Visit,
    appraise,
    arrive,
    check_pitch,
    draw,
    end_round,
    first_round_player,
    refill,
)
from printkit.games.yard_sale.rules import Offer as YardOffer
from printkit.games.yard_sale.rules import Stall as YardStall
from tests.conftest import CONTENT


@pytest.fixture(scope="module")
def stand():
    return load_stand(CONTENT / "lemonade-stand")


@pytest.fixture(scope="module")
def yard():
    return load_yard(CONTENT / "yard-sale")


@pytest.fixture(scope="module")
def tnl():
    return load_tnl(CONTENT / "thats-not-lemonade")


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


def test_a_hand_that_can_never_hold_a_dollar_exchanges_exactly_one(stand):
    """With one card of each coin (40 cents at most), 100 cents go for one dollar card,
    and 95 cents can neither be held nor exchanged."""
    tight = replace(stand, hand_limit=1)
    after = collect(tight, stand_coins(tight, {}), 100)
    assert (after.exchanged, after.coins.cards) == (1, 0)
    with pytest.raises(RuleError, match="95¢ cannot be held"):
        collect(tight, stand_coins(tight, {}), 95)


def test_the_weather_brings_customers_to_the_stand(stand):
    """Garden Gate's 3 regulars, 2 more in the heat, 1 bought with a coin: 6 customers."""
    stall = open_stand(stand, "garden-gate", "heat", Purchase(cups=4, customers=1, spent=10))
    assert stall == Stall(customers=6, cups=4, demand=25, price=10)
    rain = open_stand(stand, "park-kiosk", "rain", Purchase(cups=2, customers=0, spent=10))
    assert rain.customers == 0  # no regulars, and rain keeps one away: never below zero


def test_extra_ice_lets_customers_pay_more(stand):
    """Clouds cap a cup at 15 cents; Extra Ice adds 5, so the Park Kiosk's 25-cent cups sell
    at 20: four cups, 80 cents."""
    final, _ = resolve_dollars(
        stand, [Stall(4, 4, 15, 25), Stall(1, 1, 15, 10)], [DollarPlay(0, DollarCopy("extra-ice"))]
    )
    assert final[0].demand == 20 and sell(final[0]).takings == 80


def test_a_second_mom_gives_back_nothing_more(stand):
    """With two decks, Mom Keeps Watch twice: the first returns what Ants and the Mower
    took, the second has nothing left to return."""
    plays = [
        DollarPlay(0, DollarCopy("mom-on-watch", 1)),
        DollarPlay(0, DollarCopy("mom-on-watch", 2)),
        DollarPlay(1, DollarCopy("ants")),
        DollarPlay(1, DollarCopy("lawn-mower")),
    ]
    final, steps = resolve_dollars(stand, [Stall(5, 3, 20, 10), Stall(4, 4, 20, 25)], plays)
    assert [(s.stalls[0].customers, s.stalls[0].cups) for s in steps] == [
        (5, 2),
        (4, 2),
        (5, 3),
        (5, 3),
    ]
    assert final[0] == Stall(5, 3, 20, 10)


def test_a_dollar_card_must_come_from_a_seat_at_the_table(stand):
    with pytest.raises(RuleError, match="seat 3 is not at the table"):
        resolve_dollars(stand, [Stall(1, 1, 15, 15)] * 2, [DollarPlay(2, DollarCopy("ants"))])


@pytest.mark.parametrize(
    "numbers", [(-1, 2, 15, 15), (2, -1, 15, 15), (2, 2, -5, 15), (2, 2, 15, -5)]
)
def test_a_sale_refuses_negative_numbers(numbers):
    with pytest.raises(RuleError, match="cannot be negative"):
        sales(*numbers)


# -- Lemonade Stall --------------------------------------------------------------------------
def _stock(n: int) -> Stock:
    return Stock({"cups": n, "sugar": n, "lemons": n, "ice": n})


def _steps(sales) -> list[tuple[str, int | None, tuple[int, ...], int]]:
    return [(s.phase, s.price, s.cups, s.total) for s in sales.steps]


def test_the_selling_table_lists_each_phase(pack):
    """Four stands, sunny 25° (limit 15): 2 each guaranteed, then $5, $6, and a tie at $7.

    After the guarantee (8 cups) the $5 stand sells its other 4 (12), the $6 stand
    its other 2 (14); the two $7 stands want 2 between them and one cup is left,
    which goes to seat 3, nearer the first player: a tie.
    """
    offers = [Offer(_stock(6), 5), Offer(_stock(4), 6), Offer(_stock(3), 7), Offer(_stock(3), 7)]
    sales = sell_cups(pack, Weather("sunny", 25), 1, offers)
    assert _steps(sales) == [
        ("guaranteed", None, (2, 2, 2, 2), 8),
        ("price", 5, (4, 0, 0, 0), 12),
        ("price", 6, (0, 2, 0, 0), 14),
        ("tie", 7, (0, 0, 1, 0), 15),
    ]


def test_a_stand_already_sold_out_takes_no_part_in_its_price(pack):
    """Sunny 15° for two (limit 5): seat 1 sells its 2 cups as the guarantee, so at $4
    seat 2 sells alone, and one cup is all the limit leaves: a price step, not a tie."""
    sales = sell_cups(pack, Weather("sunny", 15), 1, [Offer(_stock(2), 4), Offer(_stock(6), 4)])
    assert _steps(sales) == [("guaranteed", None, (2, 2), 4), ("price", 4, (0, 1), 5)]


def test_stands_that_share_a_price_without_running_short_do_not_tie(pack):
    """Sunny 35° for two (limit 9): both $5 stands sell all 3 cups; nobody is cut short."""
    sales = sell_cups(pack, Weather("sunny", 35), 2, [Offer(_stock(3), 5), Offer(_stock(3), 5)])
    assert _steps(sales) == [("guaranteed", None, (2, 2), 4), ("price", 5, (1, 1), 6)]
    assert sales.sold == (3, 3) and not sales.limit_binds


def test_stands_that_sell_out_at_their_price_are_not_cut_short(pack):
    """Sunny 35° for three (limit 13): the two $5 stands sell all 3 cups each, a price step;
    the $7 stand then sells 5 of the 6 it wants and the limit is reached."""
    offers = [Offer(_stock(8), 7), Offer(_stock(3), 5), Offer(_stock(3), 5)]
    assert _steps(sell_cups(pack, Weather("sunny", 35), 1, offers)) == [
        ("guaranteed", None, (2, 2, 2), 6),
        ("price", 5, (0, 1, 1), 8),
        ("price", 7, (5, 0, 0), 13),
    ]


def test_a_stand_makes_no_cup_without_every_good(pack):
    """One of each good per cup: a stand without ice makes nothing, however much else it has."""
    assert produce(pack, Stock({"cups": 5, "sugar": 5, "lemons": 5})) == 0
    assert produce(pack, {"cups": 5, "sugar": 5, "lemons": 5}) == 0
    assert produce(pack, {"cups": 5, "sugar": 2, "lemons": 5, "ice": 3}) == 2


def test_a_stock_counts_missing_goods_as_none():
    stock = Stock({"cups": 2})
    assert (stock["ice"], stock.get("ice"), stock.get("ice", 7)) == (0, 0, 0)
    assert stock == {"cups": 2, "ice": 0} and stock != {"cups": 3}
    assert hash(stock) == hash(Stock({"cups": 2, "ice": 0}))
    assert stock != {"cups": 2, "ice": 1} and Stock({"cups": 2, "ice": 1}) != stock
    assert repr(Stock({"cups": 2, "ice": 1})) == "Stock({cups: 2, ice: 1})"


def test_a_stock_never_goes_below_zero():
    with pytest.raises(RuleError, match="stock of ice cannot be negative"):
        Stock({"cups": 0, "ice": -1})  # an empty good is fine: the error names the negative one
    with pytest.raises(RuleError, match="cannot remove 1 ice: stock holds 0"):
        Stock({"cups": 2}).minus({"ice": 1})
    with pytest.raises(RuleError, match="cannot remove 3 cups: stock holds 2"):
        Stock({"cups": 2}).minus({"cups": 3})
    with pytest.raises(RuleError, match="cannot remove 3 cups: stock holds 2"):
        Stock({"cups": 2, "ice": 0}).minus({"lemons": 0, "cups": 3, "ice": 1})  # first asked
    with pytest.raises(RuleError, match="negative"):
        Stock({"cups": 2}).plus({"cups": -3})


def test_adding_and_taking_goods():
    stock = Stock({"cups": 2, "ice": 1})
    assert stock.plus({"cups": 1, "sugar": 4}) == {"cups": 3, "sugar": 4, "ice": 1}
    assert stock.plus(Stock({"ice": 2})) == {"cups": 2, "ice": 3}
    assert stock.minus({"cups": 2}) == {"ice": 1}
    assert stock.minus(Stock({"ice": 1})) == {"cups": 2}
    assert stock.minus({"cups": 2}).total == 1
    assert stock.without(["ice"]) == {"cups": 2}
    assert stock == {"cups": 2, "ice": 1}  # unchanged: every operation makes a new stock
    assert Stock(stock) == stock and Stock(stock).plus({"cups": 1}) == {"cups": 3, "ice": 1}


# -- That's Not Lemonade ---------------------------------------------------------------------
class Recorder:
    """Hits or passes as scripted, and keeps every view it was shown."""

    def __init__(self, choices: list[bool]) -> None:
        self.choices, self.views = list(choices), []

    def hit(self, view: TurnView) -> bool:
        self.views.append(view)
        return self.choices.pop(0)


def test_each_player_sees_the_table_as_it_is(tnl):
    """Two players, seat 2 deals: the Ice is buried, and the pile is Lemonade, Double,
    That's Not Lemonade, Lemonade. Seat 1 sees 4 cards left with the out card among them
    or buried: 1 in 5. Each card taken shrinks the pile and the odds' denominator."""
    deck = ("ice", "lemonade", "double-lemonade", "thats-not-lemonade", "lemonade")
    one, two = Recorder([True, False]), Recorder([True, False])
    result = play_round(tnl, 2, 2, deck, {1: one, 2: two}, wins=(1, 0))
    seen = [
        (v.seat, v.hand, v.lemons, v.cards_left, v.hidden, v.chance, v.held, v.last)
        for v in (one.views[0], two.views[0], one.views[1], two.views[1])
    ]
    assert seen == [
        (1, (), 0, 4, 1, Fraction(1, 5), (0, 0), (None, None)),
        (2, (), 0, 3, 1, Fraction(1, 4), (1, 0), ("hit", None)),
        (1, ("lemonade",), 1, 2, 1, Fraction(1, 3), (1, 1), ("hit", "hit")),
        (2, ("double-lemonade",), 2, 2, 1, Fraction(1, 3), (1, 1), ("pass", "hit")),
    ]
    assert {(v.seats_in, v.wins, v.rounds_to_win) for v in one.views + two.views} == {
        ((1, 2), (1, 0), 3)
    }
    assert (result.winner, result.decided_by, result.ended_by) == (2, "lemons", "all-passed")


def test_a_round_without_past_wins_shows_none(tnl):
    seat = Recorder([False, False])
    play_round(tnl, 2, 1, ("ice", "lemonade", "lemonade"), {1: seat, 2: Recorder([False])})
    assert seat.views[0].wins == (0, 0)


def test_the_final_ranking_orders_seats_by_rounds_won():
    """Seat 2 won with three rounds; seats 1 and 4 won one each (seat order), seat 3 none."""
    result = GameResult(winner=2, rounds=(), wins=(1, 3, 0, 1))
    assert result.ranking == (2, 1, 4, 3)


# -- Lemonade Stall: the small rules ---------------------------------------------------------
@pytest.mark.parametrize(("blue", "red"), [(0, 3), (7, 3), (3, 0), (3, 7)])
def test_two_d6_must_show_d6_results(pack, blue, red):
    bad = "blue" if not 1 <= blue <= 6 else "red"
    with pytest.raises(RuleError, match=f"{bad} die shows .*, not a d6 result"):
        d12_from_2d6(pack, blue, red)


@pytest.mark.parametrize("rolls", [(7,), (7, 3, 2)])
def test_a_forecast_takes_two_d12(pack, rolls):
    with pytest.raises(RuleError, match=f"2 d12 rolls, got {len(rolls)}"):
        forecast(pack, Weather("cloudy", 25), rolls)


def test_the_weather_cannot_rise_past_its_best(pack):
    """Hot Weather (C+ on 3+, +5 on 3+, +10 on 5+) on a sunny 35° day changes nothing."""
    change = pack.event("hot-weather").change
    assert change_weather(pack, Weather("sunny", 35), change, ScriptedDice([6, 6])) == Weather(
        "sunny", 35
    )
    assert change_weather(pack, Weather("cloudy", 25), change, ScriptedDice([3, 5])) == Weather(
        "sunny", 35
    )
    assert change_weather(pack, Weather("cloudy", 25), change, ScriptedDice([2, 4])) == Weather(
        "cloudy", 30
    )


def test_the_night_after_selling(pack):
    """Ice always melts, lemons spoil on the day's roll, a fridge keeps everything."""
    stock = Stock({"cups": 2, "sugar": 2, "lemons": 2, "ice": 2})
    assert spoil(pack, stock, 25, 4) == {"cups": 2, "sugar": 2, "lemons": 2}  # 25°: 5 or more
    assert spoil(pack, stock, 25, 5) == {"cups": 2, "sugar": 2}
    assert spoil(pack, stock, 15, 6) == {"cups": 2, "sugar": 2, "lemons": 2}  # never at 15°
    assert spoil(pack, stock, 35, 6, fridge=True) == stock
    weird = pack.event("weird-ice").effect
    assert spoil(pack, stock, 25, 1, weird) == stock  # Weird Ice: ice lasts below 30°
    assert spoil(pack, stock, 30, 1, weird) == {"cups": 2, "sugar": 2, "lemons": 2}
    bad = pack.event("bad-lemons").effect  # lemons spoil on 3 or more, whatever the heat
    assert spoil(pack, stock, 15, 3, bad) == {"cups": 2, "sugar": 2}


def test_the_final_ranking_breaks_ties_in_turn(pack):
    """Most money; then most stock; then the seat nearest the first player, that seat first."""
    standings = [Standing(1, 30, 4), Standing(2, 30, 4), Standing(3, 30, 6), Standing(4, 12, 9)]
    result = rank(pack, standings, first_player=2)
    assert result.ranking == (3, 2, 1, 4) and result.decided_by == "stock"
    tied = rank(pack, [Standing(1, 30, 4), Standing(2, 30, 4), Standing(3, 30, 4)], 3)
    assert tied.ranking == (3, 1, 2) and tied.decided_by == "nearest-first-player"
    assert rank(pack, [Standing(1, 9, 0), Standing(2, 10, 0)], 1).decided_by == "money"
    alone = rank(pack, [Standing(1, 9, 0)], 1)
    assert (alone.ranking, alone.decided_by, alone.winner) == ((1,), "money", 1)


@pytest.mark.parametrize(
    ("buy", "says"),
    [
        ({"melons": 1}, "no item 'melons'"),
        ({"cups": -1}, "-1 cups is negative"),
        ({"cups": 11}, "at most 10 cups a round"),
        ({"cups": 10, "ice": 10}, "costs $13, stand has $12"),
    ],
)
def test_an_illegal_purchase_names_the_rule_it_breaks(pack, buy, says):
    with pytest.raises(RuleError, match=re.escape(says)):
        check_purchase(pack, buy, money=12)
    assert not is_legal_purchase(pack, buy, money=12)


@pytest.mark.parametrize(
    ("event", "buy", "dollars"),
    [
        ("all-calm", {"cups": 10, "sugar": 3}, 8 + 3),  # a lot of 10 cups is $8, sugar $1 each
        ("all-calm", {"ice": 10, "lemons": 9}, 5 + 9),  # 9 lemons are no lot: $1 each
        ("expensive-stock", {"cups": 10}, 10),  # no bulk discount: 10 cups at $1
    ],
)
def test_a_purchase_costs_its_lots_and_single_goods(pack, event, buy, dollars):
    """The price the rulebook's purchase examples print (`purchase_cost`)."""
    assert purchase_cost(pack, buy, pack.event(event).effect) == dollars


def test_using_ingredients_takes_one_of_each_good_per_cup(pack):
    stock = Stock({"cups": 3, "sugar": 4, "lemons": 5, "ice": 6})
    assert use_ingredients(pack, stock, 3) == {"sugar": 1, "lemons": 2, "ice": 3}
    assert use_ingredients(pack, stock, 0) == stock


# -- Lemonade Stall: the night and the end (game.py) ------------------------------------------
def _night(pack, stocks, event="all-calm"):
    """The table at step 9 of a sunny 25-degree day; no stand took a benefit."""
    stands = tuple(StallStand(seat, 10, Stock(s)) for seat, s in enumerate(stocks, start=1))
    weather = Weather("sunny", 25)
    return GameState(len(stands), 0, 1, stands, weather, weather=weather, event=event)


def test_a_night_that_melts_the_ice_but_keeps_the_lemons_spoils_no_lemons(pack):
    """25 degrees: ice melts overnight, lemons spoil on a d6 of 5 or more; the roll is 4.
    Seat 2 has no lemons on its mat at all."""
    state = _night(pack, [{"lemons": 3, "ice": 2}, {"cups": 2, "ice": 1}])
    after, spoiled = step_spoil(pack, state, ScriptedDice([4]))
    assert spoiled is False
    assert [(s.stock["lemons"], s.stock["ice"]) for s in after.stands] == [(3, 0), (0, 0)]


def test_a_night_that_spoils_one_lemon_says_so(pack):
    state = _night(pack, [{"lemons": 1, "ice": 2}, {"cups": 2}])
    after, spoiled = step_spoil(pack, state, ScriptedDice([5]))
    assert spoiled is True and after.stands[0].stock["lemons"] == 0


def test_a_night_that_takes_nothing_spoils_no_lemons(pack):
    """Weird Ice: ice melts only at 30 degrees or more; at 25 with a roll of 1 nothing goes."""
    state = _night(pack, [{"lemons": 3, "ice": 2}, {"ice": 1}], event="weird-ice")
    after, spoiled = step_spoil(pack, state, ScriptedDice([1]))
    assert spoiled is False and after.stands == state.stands


def test_equal_money_goes_to_the_stand_with_more_goods_before_the_first_player(pack):
    """$30 each; seat 1 holds the marker, seat 2 has 4 goods left to seat 1's 2."""
    stands = (
        StallStand(1, 30, Stock({"cups": 2})),
        StallStand(2, 30, Stock({"sugar": 3, "ice": 1})),
    )
    state = GameState(2, 7, 1, stands, Weather("sunny", 25))
    result = final_result(pack, state)
    assert (result.ranking, result.decided_by) == ((2, 1), "stock")


def test_a_cards_bonus_tokens_are_read_by_its_name(pack):
    """Two tokens on Hire Fridge, none on Bartering; a card not on the table has none."""
    tokens = (("bartering", 0), ("hire-fridge", 2))
    state = GameState(2, 0, 1, (), Weather("sunny", 25), bonus_tokens=tokens)
    assert [state.tokens(b) for b in ("hire-fridge", "bartering", "petty-theft")] == [2, 0, 0]


def test_event_immunity_shields_a_stand_from_bad_lemons(pack):
    """Bad Lemons spoils lemons on a 3 or more; a stand holding Event Immunity ignores it."""
    stands = (StallStand(1, 10, Stock()), StallStand(2, 10, Stock(), "event-immunity"))
    state = GameState(2, 0, 1, stands, Weather("sunny", 25), event="bad-lemons")
    assert [event_effect(pack, state, seat).spoils_on for seat in (1, 2)] == [3, None]


# -- Lemonade Stand: the day -----------------------------------------------------------------
class Morning:
    """A Lemonade Stand player who opens one stand, plays set coins and set dollar cards."""

    def __init__(self, stand: str, coins: list[tuple[str, str]], dollars=()) -> None:
        self.stand, self.coins, self.cards = stand, coins, tuple(dollars)

    def morning(self, pack, table, seat):
        return StandMorning(self.stand, tuple(StandCoin(c, end) for c, end in self.coins))

    def dollars(self, pack, table, seat, stalls):
        return self.cards


def test_the_weakest_card_goes_back_first(stand):
    """Played cards go first, the weakest of them; the first deck's copy before the second's."""
    played = Player(
        Coins((0, 0, 0)), (DollarCopy("ants"),), (DollarCopy("rush-hour"), DollarCopy("flyers"))
    )
    assert give_back(stand, played)[1] == DollarCopy("flyers")
    in_hand = Player(Coins((0, 0, 0)), (DollarCopy("copycat", 2), DollarCopy("copycat", 1)))
    after, card = give_back(stand, in_hand)
    assert card == DollarCopy("copycat", 1) and after.hand == (DollarCopy("copycat", 2),)
    assert give_back(stand, Player(Coins((1, 0, 0))))[1] is None


def test_a_deck_nobody_can_rebuild_is_an_error(stand):
    table = Table((Player(Coins((1, 0, 0))), Player(Coins((1, 0, 0)))), (), ("w01",), "w02")
    with pytest.raises(RuleError, match="no player holds a dollar card"):
        take_dollar(stand, table, 0, SeededDice(1))


def test_the_top_dollar_card_goes_to_the_hand(stand):
    table = Table(
        (Player(Coins((1, 0, 0))),) * 2, (DollarCopy("flyers"), DollarCopy("ants")), ("w01",), "w02"
    )
    after = take_dollar(stand, table, 1, SeededDice(1))
    assert after.players[1].hand == (DollarCopy("flyers"),) and after.dollar_deck == (
        DollarCopy("ants"),
    )
    assert after.players[0].hand == () and after.returns == 0


@pytest.mark.parametrize("players", [1, 9])
def test_a_table_of_the_wrong_size_is_refused(stand, players):
    with pytest.raises(RuleError, match="takes 2 to 8 players"):
        set_up(stand, players, SeededDice(1))


def test_setting_up_deals_coins_dollars_and_the_first_forecast(stand):
    """Each player: a dime and three nickels, one dollar card. One weather card is open."""
    table = set_up(stand, 5, SeededDice(2))
    assert {stand_worth(stand, p.coins) for p in table.players} == {25}
    assert [len(p.hand) for p in table.players] == [1] * 5
    assert len(table.dollar_deck) == 24 - 5  # five players: both decks
    assert len(table.weather_deck) == 11 and table.forecast not in table.weather_deck
    assert (table.day, table.returns) == (1, 0)


def test_one_day_from_the_morning_to_collecting(stand):
    """Forecast w08 (heat over clouds); w01 is revealed with its arrow up: heat, 25 cents a cup.

    Seat 1 opens the Garden Gate (10 cents, 3 regulars, 2 more in the heat) and plays a
    quarter for 5 cups: 5 customers buy 5 cups at 10 cents, 50 cents. Seat 2 opens the
    Park Kiosk (25 cents, no regulars) with a dime for 2 customers and a nickel for 1 cup,
    but seat 1's Ants in the Sugar takes that cup: seat 2 sells nothing, has no coin
    left, and runs to Mom for a nickel. Seat 2 keeps its Flyers in hand.
    """
    one = Player(stand_coins(stand, {"quarter": 1}), (DollarCopy("ants"),))
    two = Player(stand_coins(stand, {"dime": 1, "nickel": 1}), (DollarCopy("flyers"),))
    table = Table((one, two), (DollarCopy("chalk-sign"),), ("w01", "w02"), "w08")
    deciders = [
        Morning("garden-gate", [("quarter", CUPS)], [DollarCopy("ants")]),
        Morning("park-kiosk", [("dime", CUSTOMERS), ("nickel", CUPS)]),
    ]
    after, log = play_day(stand, table, deciders, SeededDice(1))
    assert (log.forecast, log.revealed, log.weather) == ("w08", "w01", "heat")
    assert [(p.cups, p.customers, p.spent) for p in log.purchases] == [(5, 0, 25), (1, 2, 15)]
    # Ants takes seat 2's only cup: it sells nothing
    assert [(s.served, s.takings) for s in log.sales] == [(5, 50), (0, 0)]
    assert [stand_worth(stand, p.coins) for p in after.players] == [50, 5]  # Mom's nickel
    assert log.mom == (False, True) and log.exchanged == (0, 0)
    assert after.players[0].played == (DollarCopy("ants"),) and after.players[0].hand == ()
    # the day's record: day 1, the stands opened and the one dollar card played, by seat 1
    assert (log.day, log.stands) == (1, ("garden-gate", "park-kiosk"))
    assert log.dollars == (DollarPlay(0, DollarCopy("ants")),)
    assert (after.forecast, after.weather_deck, after.day) == ("w01", ("w02",), 2)


def test_a_dollar_card_not_in_hand_cannot_be_played(stand):
    table = Table((Player(stand_coins(stand, {"nickel": 1})),) * 2, (), ("w01",), "w08")
    deciders = [Morning("garden-gate", [("nickel", CUPS)], [DollarCopy("ants")])] * 2
    with pytest.raises(RuleError, match="plays 'ants', which is not in hand"):
        play_day(stand, table, deciders, SeededDice(1))


def test_the_weather_deck_must_last(stand):
    table = Table((Player(stand_coins(stand, {"nickel": 1})),) * 2, (), (), "w08")
    with pytest.raises(RuleError, match="weather deck ran out"):
        play_day(stand, table, [Morning("garden-gate", [("nickel", CUPS)])] * 2, SeededDice(1))


def test_takings_that_overflow_the_hand_bring_a_dollar_card(stand):
    """Four of each coin (160 cents) and 10 more: one dollar card, 70 cents in coins."""
    full = stand_coins(stand, {"quarter": 4, "dime": 4, "nickel": 4})
    table = Table((Player(full), Player(stand_coins(stand, {}))), (DollarCopy("ants"),), (), "w01")
    after, exchanged, mom = collect_takings(stand, table, [10, 0], SeededDice(1))
    assert exchanged == (1, 0) and mom == (False, True)
    assert after.players[0].hand == (DollarCopy("ants"),)
    assert stand_worth(stand, after.players[0].coins) == 70


# -- Lemonade Stand: the built-in bot ----------------------------------------------------------
def _rich(stand, forecast: str) -> Table:
    """Two players, each with a quarter, a dime and a nickel in hand."""
    coins = stand_coins(stand, {"quarter": 1, "dime": 1, "nickel": 1})
    return Table((Player(coins), Player(coins)), (), ("w01",), forecast)


# Forecast w11: heat on both halves (25 cents a cup, 2 extra customers). A quarter, a dime and
# a nickel buy 5, 2 and 1 units. At the Park Kiosk (25 cents, no regulars) the quarter on cups
# and the dime and nickel on customers serve min(0 + 2 + 3, 5) = 5 cups: 125 - 40 = 85 cents.
# Two cards make at most 65 (quarter cups, dime customers: 4 served, 100 - 35); every other
# stand sells cheaper (Shady Porch, the same three cards: 5 x 20 - 40 = 60).
BEST_IN_THE_HEAT = ("park-kiosk", [("dime", CUSTOMERS), ("nickel", CUSTOMERS), ("quarter", CUPS)])


def _as_played(morning: StandMorning) -> tuple[str, list[tuple[str, str]]]:
    return morning.stand, sorted((p.coin, p.buys) for p in morning.coins)


def test_the_bot_reckons_a_morning_at_the_forecasts_average_less_its_coins(stand):
    """Street Corner (15 cents, 2 regulars), a quarter on cups (5) and a dime on customers (2),
    35 cents spent. In the heat 2 + 2 + 2 = 6 come and the 5 cups sell at 15 cents: 75. In the
    rain 2 - 1 + 2 = 3 come and pay 10 cents each: 30. The bot expects (75 + 30) / 2 - 35."""
    morning = StandMorning(
        "street-corner", (StandCoin("quarter", CUPS), StandCoin("dime", CUSTOMERS))
    )
    assert expected_profit(stand, morning, ("heat", "rain")) == 17.5


def test_a_bot_without_whims_plays_the_best_morning_up_to_three_coin_cards(stand):
    for seed in range(3):
        morning = Bot(seed, whim=0).morning(stand, _rich(stand, "w11"), 1)
        assert _as_played(morning) == BEST_IN_THE_HEAT


def test_a_bot_plays_on_a_whim_when_its_d100_shows_its_whim_or_less(stand):
    """A whim of 0.2 (the default): a roll of 20 is a whim (a legal morning its dice pick),
    21 is not."""
    table = _rich(stand, "w11")
    legal = list(bot_mornings(stand, table.players[0].coins))
    for shown in (20, 21, 3):
        seed = next(s for s in range(5000) if SeededDice(s).roll(100) == shown)
        dice = SeededDice(seed)
        dice.roll(100)
        pick = dice.choice(legal)
        assert _as_played(pick) != BEST_IN_THE_HEAT  # so a whim shows
        expected = _as_played(pick) if shown <= 20 else BEST_IN_THE_HEAT
        assert _as_played(Bot(seed, whim=0.2).morning(stand, table, 0)) == expected
        assert _as_played(Bot(seed).morning(stand, table, 0)) == expected


def test_a_bot_whose_whim_is_one_plays_every_morning_on_a_whim(stand):
    table = _rich(stand, "w11")
    legal = list(bot_mornings(stand, table.players[0].coins))
    for seed in range(300):
        dice = SeededDice(seed)
        dice.roll(100)
        assert Bot(seed, whim=1).morning(stand, table, 0) == dice.choice(legal)


def test_a_bot_plays_a_dollar_card_only_when_it_alone_raises_the_takings(stand):
    """2 customers, 5 cups, 20 cents demand, a 15-cent stand: 30 cents. A Chalk Sign brings a
    third customer (45 cents); a Spare Pitcher's 2 cups find no buyer, Extra Ice lifts a
    demand the 15-cent price already caps, and Ants in the Sugar only hurts the rival."""
    hand = tuple(DollarCopy(c) for c in ("spare-pitcher", "chalk-sign", "extra-ice", "ants"))
    coins = stand_coins(stand, {})
    table = Table((Player(coins, hand), Player(coins)), (), ("w01",), "w11")
    stalls = (Stall(2, 5, 20, 15), Stall(2, 5, 20, 15))
    assert Bot(1).dollars(stand, table, 0, stalls) == (DollarCopy("chalk-sign"),)


def test_the_round_log_records_every_turn(tnl):
    """Seat 1 takes a Lemonade, seat 2 a Double, then both pass."""
    deck = ("ice", "lemonade", "double-lemonade", "thats-not-lemonade", "lemonade")
    result = play_round(tnl, 2, 2, deck, {1: Recorder([True, False]), 2: Recorder([True, False])})
    assert result.state.log == (
        Turn(1, "hit", "lemonade"),
        Turn(2, "hit", "double-lemonade"),
        Turn(1, "pass"),
        Turn(2, "pass"),
    )


def test_the_winner_takes_a_double_once_every_single_is_won(tnl):
    deck = ("ice", "lemonade", "lemonade")
    state = play_round(tnl, 2, 1, deck, {1: Recorder([False]), 2: Recorder([True, False])}).state
    assert finish_round(tnl, state, ["lemonade"] * 11).trophy == "lemonade"
    assert finish_round(tnl, state, ["lemonade"] * 12).trophy == "double-lemonade"


def test_the_last_copy_of_a_card_can_be_won(tnl):
    """Six players keep all 4 Doubles: all four can be won, a fifth cannot."""
    assert "double-lemonade" not in round_deck(tnl, 6, ["double-lemonade"] * 4)
    with pytest.raises(RuleError, match="no 'double-lemonade' card is left"):
        round_deck(tnl, 6, ["double-lemonade"] * 5)


@pytest.mark.parametrize(("cards_left", "hidden"), [(0, 0), (3, 5), (3, -1)])
def test_odds_need_a_card_to_deal_and_out_cards_that_fit(cards_left, hidden):
    with pytest.raises(RuleError, match="cannot lie among"):
        next_card_chance(cards_left, hidden)


def test_the_odds_card_fills_every_cell_that_can_happen(tnl):
    """With one card buried, 3 cards left and 4 out cards unseen, the next card is surely
    out: 100 %. Five out cards cannot hide among four unseen cards: the cell is blank."""
    table = odds_table(tnl)
    assert table.chance(3, 4) == 1
    assert table.chance(3, 5) is None
    assert table.chance(6, 2) == Fraction(2, 7)


# -- Yard Sale -------------------------------------------------------------------------------
def _offer(yard, item: str, seller: int, *pitches: str) -> YardOffer:
    return YardOffer(yard.item(item), seller, tuple(yard.pitch(p) for p in pitches))


def test_a_shopper_arrives_with_full_cash_and_time(yard):
    librarian = yard.shopper("retired-librarian")
    assert arrive(librarian) == Visit(librarian, 18, 3)


def test_pitches_beside_a_shopper_reach_what_they_name(yard):
    """Free Lemonade and Born Haggler reach every item offered to the shopper; Book Club
    reaches the books only."""
    offers = [_offer(yard, "jar-of-screws", 1), _offer(yard, "church-cookbook", 2)]
    beside = [yard.pitch(p) for p in ("free-lemonade", "born-haggler", "book-club")]
    screws, cookbook = appraise(yard, arrive(yard.shopper("landlord")), offers, beside)
    assert ("pitch:free-lemonade", 1) in screws.reasons and (
        "pitch:book-club",
        1,
    ) not in screws.reasons
    assert {("pitch:free-lemonade", 1), ("pitch:book-club", 1)} <= set(cookbook.reasons)
    assert (screws.price, cookbook.price) == (1, 1)  # $1 and $2, less a dollar, never below $1


@pytest.mark.parametrize(
    ("pitch", "player", "seller", "says"),
    [
        ("sweet-talk", 1, 1, None),
        ("sweet-talk", 2, 1, "only go on your own item"),
        ("it-wobbles", 2, 1, None),
        ("it-wobbles", 1, 1, "only go on a rival's item"),
        ("free-lemonade", 1, None, None),
        ("free-lemonade", 1, 1, "is played on a shopper, not on one item"),
        ("sweet-talk", 1, None, "must be played on an item on offer"),
    ],
)
def test_who_may_play_a_pitch_where(yard, pitch, player, seller, says):
    offer = None if seller is None else _offer(yard, "jar-of-screws", seller)
    if says is None:
        check_pitch(yard.pitch(pitch), player, offer)
    else:
        with pytest.raises(RuleError, match=says):
            check_pitch(yard.pitch(pitch), player, offer)


def test_the_round_number_decides_an_early_item(yard):
    """Jar of Marbles: +1 opinion in rounds 1 to 4. The landlord neither loves nor hates toys,
    so he buys it in round 4 and leaves it in round 5."""
    stall = YardStall(arrive(yard.shopper("landlord")), (_offer(yard, "jar-of-marbles", 2),))
    early = end_round(yard, 2, [stall], round_number=4)
    late = end_round(yard, 2, [stall], round_number=5)
    assert (early.income, late.income) == ((0, 1), (0, 0))
    assert early.visits == (Visit(yard.shopper("landlord"), 35, 1),)  # time counts down later


def test_a_pitch_on_the_table_must_name_a_subject(yard):
    stall = YardStall(arrive(yard.shopper("landlord")), (_offer(yard, "jar-of-marbles", 2),))
    with pytest.raises(RuleError, match="only subject pitches lie on the table"):
        end_round(yard, 2, [stall], table_pitches=[yard.pitch("free-lemonade")])


def test_tied_first_players_roll_until_one_is_highest():
    """Two players carry $5 each: both roll 3, then 5 and 2: seat 1 starts."""
    first = first_round_player([500, 500, 100], ScriptedDice([3, 3, 5, 2]))
    assert first == FirstRound(1, ((1, 3), (2, 3), (1, 5), (2, 2)))


@pytest.mark.parametrize("counts", [(-1, 0, 0), (0, -1, 0), (0, 0, -1)])
def test_refill_counts_cannot_be_negative(yard, counts):
    with pytest.raises(RuleError, match="cannot be negative"):
        refill(yard, *counts)


def test_a_draw_from_a_full_deck_shuffles_nothing():
    assert draw(["a", "b"], ["c"], 1) == Draw(("a",), ("b",), ("c",), False)


def test_a_late_item_sells_from_its_round_on(yard):
    """Egg Cups: +1 opinion from round 13. The busy parent neither loves nor hates kitchen
    things: she leaves them in round 12 and buys them in round 13."""
    stall = YardStall(arrive(yard.shopper("busy-parent")), (_offer(yard, "egg-cups", 1),))
    assert end_round(yard, 2, [stall], round_number=12).income == (0, 0)
    assert end_round(yard, 2, [stall], round_number=13).income == (1, 0)


def test_one_card_of_each_item_can_be_offered(yard):
    offers = [_offer(yard, "jar-of-screws", 1), _offer(yard, "jar-of-screws", 2)]
    with pytest.raises(RuleError, match="Jar of Screws is offered twice"):
        appraise(yard, arrive(yard.shopper("landlord")), offers)


def test_a_neutral_opinion_is_given_its_reason(yard):
    kind = replace(yard, neutral_opinion=1)
    (screws,) = appraise(
        kind, arrive(yard.shopper("busy-parent")), [_offer(yard, "jar-of-screws", 1)]
    )
    assert screws.reasons[0] == ("neutral", 1)


def test_a_round_hands_out_the_trophy_left_after_earlier_rounds(tnl):
    deck = ("ice", "lemonade", "lemonade")
    deciders = {1: Recorder([False]), 2: Recorder([True, False])}
    result = play_round(tnl, 2, 1, deck, deciders, won=["lemonade"] * 12)
    assert result.trophy == "double-lemonade"
