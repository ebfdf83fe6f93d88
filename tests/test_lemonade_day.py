"""Lemonade Stall's whole-day and whole-game example rules: scripted days on the one engine."""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.cli import cli
from printkit.content.fields import Field
from printkit.dice import ScriptedDice
from printkit.errors import ContentError
from printkit.games.lemonade_stall.examples import run_day, run_game, run_limit, run_sell
from printkit.games.lemonade_stall.game import GameState, Stand, play_day
from printkit.games.lemonade_stall.rules import Stock, Weather
from printkit.games.lemonade_stall.simulation import play_seeded
from printkit.games.lemonade_stall.strategies import STRATEGIES, RandomLegal
from tests.conftest import STALL

ITEMS = ("cups", "sugar", "lemons", "ice")
CALM_DAY = {
    "day": "Tuesday",
    "first_player": 1,
    "forecast": {"condition": "sunny", "temperature": 25},
    "event": "all-calm",
    "rolls": [1, 1, 2],
    "stands": [
        {"money": 20, "stock": {"cups": 3, "sugar": 3, "lemons": 3, "ice": 3}},
        {"money": 20, "stock": {}},
    ],
    "decisions": [
        {"benefit": "bartering", "price": 4},
        {"benefit": "hire-fridge", "price": 5},
    ],
}


def day(pack, changes: dict | None = None, **top):
    data = copy.deepcopy(CALM_DAY) | top
    for seat, decision in (changes or {}).items():
        data["decisions"][seat - 1] |= decision
    return run_day(pack, Field(data, Path("day.yaml")))


def error_of(call, *args, **kwargs) -> str:
    with pytest.raises(ContentError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def test_a_calm_day_sells_and_the_marker_passes_left(pack):
    result = day(pack)
    # sunny 25 for two: limit 6, seat 1 offers 3 cups at $4
    assert result["sold"] == [3, 0]
    assert result["money"] == [32, 20]
    assert result["first_player"] == 2
    # the d12 rolled 1 and 1: rain, 15 degrees
    assert result["forecast"] == {"condition": "rain", "temperature": 15}
    assert [result["trace"][str(n)]["rolls"] for n in (1, 7, 9)] == [[1, 1], [], [2]]


def test_an_unaffordable_purchase_names_the_step_and_seat(pack):
    text = error_of(day, pack, {2: {"buy": {"cups": 10, "sugar": 10, "lemons": 10}}})
    assert "Tuesday, step 5 (buy supplies), seat 2" in text
    assert "costs $23, stand has $20" in text


def test_a_card_taken_twice_is_refused_at_the_draft(pack):
    text = error_of(day, pack, {2: {"benefit": "bartering"}})
    assert "step 2 (benefits), seat 2" in text and "bartering" in text


def test_a_price_card_that_does_not_exist_is_refused(pack):
    text = error_of(day, pack, {1: {"price": 9}})
    assert "step 6 (set prices), seat 1" in text


def test_a_barter_that_is_not_one_for_one_is_refused(pack):
    barter = {"benefit": "bartering", "barter": {"give": {"cups": 2}, "take": {"ice": 1}}}
    text = error_of(day, pack, {1: barter})
    assert "step 5" in text and "seat 1" in text and "one for one" in text


def test_stealing_from_yourself_is_refused(pack):
    three = copy.deepcopy(CALM_DAY)
    three["stands"].append({"money": 5, "stock": {"cups": 2}})
    three["decisions"] = [
        {"benefit": "petty-theft", "steal": {"from": 1, "goods": {"cups": 1}}, "price": 5},
        {"benefit": "bartering", "price": 5},
        {"benefit": "hire-fridge", "price": 5},
    ]
    text = error_of(run_day, pack, Field(three, Path("day.yaml")))
    assert "step 2 (benefits), seat 1" in text and "cannot steal from seat 1" in text


def test_petty_theft_is_not_on_offer_with_two_players(pack):
    text = error_of(day, pack, None, tokens={"petty-theft": 1})
    assert "Petty Theft needs 3+ players" in text


def test_a_choice_the_day_never_asks_for_is_an_error(pack):
    text = error_of(day, pack, {2: {"steal": {"from": 1}}})
    assert "seat 2: the day never asks for 'steal'" in text


def test_missing_or_extra_dice_are_errors(pack):
    assert "needs roll #3" in error_of(day, pack, None, rolls=[1, 1])
    assert "rolls 3 dice but the script gives 4" in error_of(day, pack, None, rolls=[1, 1, 2, 2])


def test_sunday_rolls_no_forecast(pack):
    result = day(pack, None, day="Sunday", rolls=[2])
    assert result["forecast"] is None
    assert result["trace"]["1"]["rolls"] == []


def test_two_stands_of_one_colour_are_refused(pack):
    stands = [{"money": 1, "stock": {}, "colour": "red"}] * 2
    assert "seats 1 and 2 both play red" in error_of(day, pack, None, stands=stands)


def test_a_game_may_not_turn_up_an_event_more_often_than_the_deck_holds(pack):
    days = [{"event": "theft", "rolls": [1, 1, 1, 1, 1]}] * 7
    given = Field({"first_player": 1, "stands": [{}, {}], "days": days}, Path("game.yaml"))
    assert "'theft' turned up 2 times; the deck holds 1" in error_of(run_game, pack, given)


def test_the_cli_reports_an_illegal_day_without_a_traceback(tmp_path: Path):
    content = tmp_path / "content"
    folder = content / "lemonade-stall"
    shutil.copytree(STALL, folder)
    example = {
        "game": "lemonade-stall",
        "example": "bad-day",
        "rule": "day",
        "given": CALM_DAY | {"decisions": [{"benefit": "bartering", "price": 4}, {"price": 5}]},
        "expect": {"sold": [3, 0]},
    }
    (folder / "examples" / "bad-day.yaml").write_text(yaml.safe_dump(example))
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "step 2 (benefits), seat 2: the script gives no 'benefit' decision" in result.output


# -- fixes to the fragment rules ---------------------------------------------------
def test_limit_under_no_guarantees_guarantees_nothing(pack):
    given = {"players": 2, "weather": {"condition": "sunny", "temperature": 15}}
    assert run_limit(pack, Field(given, Path("x.yaml")))["guarantee"] == 2
    given["event"] = "no-guarantees"
    assert run_limit(pack, Field(given, Path("x.yaml")))["guarantee"] == 0


def _sale(benefits: list[str | None], players: int = 3) -> Field:
    stand = {"stock": {"cups": 1, "sugar": 1, "lemons": 1, "ice": 1}, "price": 5}
    stands = [stand | ({"benefit": b} if b else {}) for b in benefits]
    weather = {"condition": "sunny", "temperature": 25}
    return Field({"players": players, "weather": weather, "stands": stands}, Path("x.yaml"))


def test_sell_refuses_one_benefit_card_at_two_stands(pack):
    text = error_of(run_sell, pack, _sale(["sales-bonus", None, "sales-bonus"]))
    assert "seats 1 and 3 both hold 'sales-bonus'" in text


def test_sell_refuses_petty_theft_with_two_players(pack):
    text = error_of(run_sell, pack, _sale(["petty-theft", None], players=2))
    assert "Petty Theft is used only with 3+ players, not 2" in text


# -- properties over the engine's day ------------------------------------------------
def _table(pack, players: int, stocks: list[list[int]], event: str) -> GameState:
    stands = tuple(
        Stand(seat, 20, Stock(dict(zip(ITEMS, stock))))
        for seat, stock in enumerate(stocks[:players], start=1)
    )
    return GameState(
        players=players,
        day=1,
        first_player=1,
        stands=stands,
        forecast=Weather("sunny", 25),
        bonus_tokens=tuple((b.id, 0) for b in pack.benefits_for(players)),
        deck=(event,),
    )


STOCKS = st.lists(st.lists(st.integers(0, 6), min_size=4, max_size=4), min_size=4, max_size=4)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(3, 4), stocks=STOCKS, seed=st.integers(0, 10_000))
def test_stock_balance_only_moves_goods_between_mats(pack, players, stocks, seed):
    state = _table(pack, players, stocks, "stock-balance")
    seen: dict[int, GameState] = {}
    deciders = {s: RandomLegal(pack, seed + s) for s in range(1, players + 1)}
    rolls = ScriptedDice([1] * 20)
    play_day(pack, state, deciders, rolls, lambda step, table: seen.setdefault(step, table))

    def totals(table: GameState) -> dict[str, int]:
        return {i: sum(s.stock[i] for s in table.stands) for i in ITEMS}

    assert totals(seen[4]) == totals(seen[3])
    assert [s.money for s in seen[4].stands] == [s.money for s in seen[3].stands]


EVENTS = st.sampled_from(["all-calm", "theft", "wealthy-customers", "no-guarantees", "neglect"])


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), stocks=STOCKS, seed=st.integers(0, 10_000), event=EVENTS)
def test_selling_turns_one_of_each_good_into_each_cup_of_income(pack, players, stocks, seed, event):
    state = _table(pack, players, stocks, event)
    seen: dict[int, GameState] = {}
    deciders = {s: RandomLegal(pack, seed + s) for s in range(1, players + 1)}
    _, report = play_day(
        pack, state, deciders, ScriptedDice([3] * 20), lambda n, t: seen.setdefault(n, t)
    )
    for before, after, cups, income in zip(
        seen[7].stands, seen[8].stands, report.sales.sold, report.sales.income
    ):
        assert after.money - before.money == income
        assert all(before.stock[i] - after.stock[i] == cups for i in ITEMS)
    assert sum(report.sales.sold) <= report.sales.limit


LINEUPS = st.lists(st.sampled_from(sorted(STRATEGIES)), min_size=2, max_size=4)


@settings(max_examples=25, deadline=None)
@given(lineup=LINEUPS, seed=st.integers(0, 2**40))
def test_watching_a_game_changes_nothing_and_what_was_seen_stays_as_seen(pack, lineup, seed):
    """An unwatched day changes one copy of the state in place; a watched one hands each
    step's state on. Both must play the same game, and no state a watcher was shown may
    change after it was shown (the next steps work on a copy)."""
    seen: list[tuple[int, GameState, str]] = []
    watched = play_seeded(
        pack, len(lineup), seed, lineup, lambda n, s: seen.append((n, s, repr(s)))
    )
    assert play_seeded(pack, len(lineup), seed, lineup) == watched
    assert len(seen) == 10 * len(pack.days)
    assert all(repr(state) == shown for _, state, shown in seen)
    steps = [n for n, _, _ in seen]
    assert steps == list(range(1, 11)) * len(pack.days)


@settings(max_examples=15, deadline=None)
@given(lineup=LINEUPS, seed=st.integers(0, 2**40))
def test_each_days_report_keeps_the_stock_that_day_ended_with(pack, lineup, seed):
    """A day changes its own copy of every stand's counts in place; a report handed out
    must not change with the days after it: each unwatched day's stocks are those a watcher
    saw at that day's end, good for good and in the same order."""
    ends: list[str] = []  # each day's stocks as the watcher saw them, written down at once

    def watch(step: int, state: GameState) -> None:
        if step == 10:
            ends.append(repr(tuple(stand.stock for stand in state.stands)))

    players = len(lineup)
    play_seeded(pack, players, seed, lineup, watch)
    _, days = play_seeded(pack, players, seed, lineup)
    assert [repr(day.stock) for day in days] == ends


def test_the_day_report_lists_each_seats_purchase(pack):
    """Seat 1 buys two cups, seat 2 one lemon: the report keeps them seat by seat."""
    from printkit.games.lemonade_stall.scripted import DayScript, read_day_start, run_script

    data = copy.deepcopy(CALM_DAY)
    data["decisions"][0]["buy"] = {"cups": 2}
    data["decisions"][1]["buy"] = {"lemons": 1}
    given = Field(data, Path("day.yaml"))
    state = read_day_start(pack, given, given.opt("day"))
    script = DayScript("all-calm", given.get("rolls"), given.opt("decisions"), given)
    _, reports, _ = run_script(pack, state, [script])
    assert reports[0].purchases == ((("cups", 2),), (("lemons", 1),))


def test_a_game_started_by_seat_2_opens_with_seat_2(pack):
    from printkit.dice import SeededDice
    from printkit.games.lemonade_stall.game import new_game, play_game

    deciders = {seat: RandomLegal(pack, seat) for seat in (1, 2, 3)}
    _, reports = play_game(pack, 3, deciders, SeededDice(5), first_player=2)
    assert reports[0].first_player == 2
    _, reports = play_game(pack, 3, deciders, SeededDice(5))  # seat 1 unless told otherwise
    assert reports[0].first_player == 1
    assert new_game(pack, 3, SeededDice(5)).first_player == 1


def test_a_stock_balance_pass_of_the_wrong_count_names_the_step(pack):
    """Stock Balance passes 3 goods left; seat 1 holds 12 and passes only 2."""
    text = error_of(day, pack, {1: {"pass": {"cups": 2}}}, event="stock-balance")
    assert "stock balance: {'cups': 2} is not 3 goods of known items" in text


class GreedyBarterer(RandomLegal):
    """Takes Bartering whenever it is open, then asks for one good more than it gives."""

    def choose_benefit(self, state, seat, options):
        if "bartering" in options:
            return "bartering"
        return super().choose_benefit(state, seat, options)

    def barter(self, state, seat):
        return state.stand(seat).stock.plus({"lemons": 1})


def test_a_barter_that_makes_goods_is_refused_whoever_decides_it(pack):
    from printkit.dice import SeededDice
    from printkit.errors import RuleError
    from printkit.games.lemonade_stall.game import new_game

    state = new_game(pack, 2, SeededDice(3))
    deciders = {1: GreedyBarterer(pack, 1), 2: RandomLegal(pack, 2)}
    with pytest.raises(RuleError, match="barter must swap one for one"):
        play_day(pack, state, deciders, SeededDice(3))


def test_the_day_report_keeps_the_days_first_player_and_forecast(pack):
    """CALM_DAY: seat 1 starts under a sunny 25-degree forecast and plays its $4 card, seat 2
    its $5; the marker then passes."""
    from printkit.games.lemonade_stall.scripted import DayScript, read_day_start, run_script

    given = Field(copy.deepcopy(CALM_DAY), Path("day.yaml"))
    state = read_day_start(pack, given, given.opt("day"))
    script = DayScript("all-calm", given.get("rolls"), given.opt("decisions"), given)
    after, reports, _ = run_script(pack, state, [script])
    assert (reports[0].first_player, reports[0].forecast) == (1, Weather("sunny", 25))
    assert reports[0].prices == (4, 5)
    assert after.first_player == 2


@pytest.mark.parametrize("goods", [{"cups": 2, "ice": 2}, {"cups": 3, "ice": 1}])
def test_event_immunity_goods_are_one_type_of_good(pack, goods):
    """Event Immunity brings 4 goods of one type: cups and ice together are refused."""
    text = error_of(day, pack, {1: {"benefit": "event-immunity", "goods": goods}})
    assert f"immunity goods: {goods!r} must be a single type of good" in text


def test_event_immunity_goods_may_name_other_goods_at_none(pack):
    result = day(pack, {1: {"benefit": "event-immunity", "goods": {"cups": 4, "ice": 0}}})
    assert result["benefits"][0] == "event-immunity"


class TokenPlacer(RandomLegal):
    """Takes Bartering and places its bonus tokens as the goods it was built with."""

    def __init__(self, pack, goods):
        super().__init__(pack, 1)
        self.goods = goods

    def choose_benefit(self, state, seat, options):
        return "bartering"

    def place_goods(self, state, seat, count, one_type, why=""):
        return self.goods


@pytest.mark.parametrize("goods", [{"melons": 1}, {"cups": 2, "ice": -1}])
def test_bonus_tokens_become_known_goods_in_their_number(pack, goods):
    """One token on Bartering: it becomes one good of a known kind, whoever decides it."""
    from dataclasses import replace

    from printkit.dice import SeededDice
    from printkit.errors import RuleError
    from printkit.games.lemonade_stall.game import new_game, step_draft

    state = new_game(pack, 2, SeededDice(3))
    tokens = tuple((b, 1 if b == "bartering" else 0) for b, _ in state.bonus_tokens)
    state = replace(state, bonus_tokens=tokens)
    deciders = {1: TokenPlacer(pack, goods), 2: RandomLegal(pack, 2)}
    with pytest.raises(RuleError, match=re.escape(f"bonus tokens: {goods!r} is not 1 goods")):
        step_draft(pack, state, deciders)


def _step_by_step(pack, state, deciders, dice):
    """One day played a step at a time with the public step functions, each on a frozen state."""
    from printkit.games.lemonade_stall import game as g

    states = [g.step_forecast(pack, state, dice)]
    states.append(g.step_draft(pack, states[-1], deciders))
    states.append(g.step_bonus(states[-1]))
    states.append(g.step_event(pack, states[-1], deciders))
    after, purchases = g.step_purchase(pack, states[-1], deciders)
    states.append(after)
    states.append(g.step_prices(pack, states[-1], deciders))
    states.append(g.step_weather(pack, states[-1], dice))
    after, sales = g.step_sell(pack, states[-1])
    states.append(after)
    after, spoiled = g.step_spoil(pack, states[-1], dice)
    states.append(after)
    states.append(g.step_end(pack, states[-1]))
    return states, purchases, sales, spoiled


@settings(max_examples=15, deadline=None)
@given(lineup=LINEUPS, seed=st.integers(0, 2**40))
def test_each_step_on_its_own_plays_the_day_the_whole_day_plays(pack, lineup, seed):
    """The ten steps, run one at a time (as the rulebook lists them), leave the table as the
    whole day does after each step, with the same purchases, sales and spoilage."""
    from printkit.dice import SeededDice
    from printkit.games.lemonade_stall.game import new_game
    from printkit.simulate.seeds import sub_seed

    def seated():
        return {
            seat: STRATEGIES[name](pack, sub_seed(seed, f"seat-{seat}"))
            for seat, name in enumerate(lineup, start=1)
        }

    players, dice = len(lineup), SeededDice(sub_seed(seed, "dice"))
    whole = new_game(pack, players, dice, first_player=seed % players + 1)
    alone, alone_dice, alone_deciders, deciders = whole, copy.deepcopy(dice), seated(), seated()
    while whole.day < len(pack.days):
        seen: list[GameState] = []
        whole, report = play_day(
            pack, whole, deciders, dice, lambda _, s, seen=seen: seen.append(s)
        )
        states, purchases, sales, spoiled = _step_by_step(pack, alone, alone_deciders, alone_dice)
        assert states == seen
        assert [tuple(goods) for goods, _ in purchases] == list(report.purchases)
        assert [spent for _, spent in purchases] == list(report.spent)
        assert (sales, spoiled) == (report.sales, report.lemons_spoiled)
        alone = states[-1]
    assert alone == whole
