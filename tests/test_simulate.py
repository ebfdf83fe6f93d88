from __future__ import annotations

import io
import json
import math
import re
import shutil
import statistics
import subprocess
import types
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from pypdf import PdfReader

from printkit.cli.simulate import simulate
from printkit.errors import NotFound
from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.simulation import SIMULATOR, play_seeded
from printkit.games.lemonade_stall.strategies import STRATEGIES, Greedy, RandomLegal
from printkit.registry import plugin_for
from printkit.simulate.records import (
    LENGTH,
    MARGIN,
    TIE_BROKEN,
    Extreme,
    Family,
    GameRecord,
    RoundRecord,
    Score,
    Vocabulary,
)
from printkit.simulate.report import compare, format_table, report_json
from printkit.simulate.runner import Plan, Source, run, spans
from printkit.simulate.seeds import game_seed, lineup_for, lineups
from printkit.simulate.stats import (
    Rate,
    Spread,
    significance,
    student_t_two_sided,
    two_proportion_p,
    welch_p,
    wilson,
)
from printkit.simulate.tally import Tally
from tests.conftest import CONTENT, STALL, edit

GAME = "lemonade-stall"
TNL_GAME = "thats-not-lemonade"
TNL = CONTENT / TNL_GAME
FOUR_PLAYER_ROWS = {
    "sunny: [10, 13, 15, 17, 18]": "sunny: [20, 26, 30, 34, 36]",
    "cloudy: [7, 9, 10, 12, 13]": "cloudy: [14, 18, 20, 24, 26]",
    "rain: [3, 4, 5, 7, 11]": "rain: [6, 8, 10, 14, 22]",
}


def plan_for(
    *folders: Path,
    games: int = 24,
    players: int = 4,
    workers: int = 1,
    seed: int = 7,
    game: str = GAME,
):
    sources = tuple(Source(f, str(f)) for f in folders)
    return Plan(game, sources, players, games, seed, workers)


def double_four_player_limits(content: Path) -> None:
    for old, new in FOUR_PLAYER_ROWS.items():
        edit(content / GAME / "sales.yaml", old, new)


def invoke(*args: str):
    return CliRunner().invoke(simulate, list(args), catch_exceptions=False)


# -- reproducible -------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize(("game", "folder", "players"), [(GAME, STALL, 3), (TNL_GAME, TNL, 5)])
def test_a_seed_fixes_every_figure_whatever_the_workers(game, folder, players):
    assert len(spans(40, 2)) > 2  # the two-worker run really is split
    one = run(plan_for(folder, games=40, players=players, workers=1, game=game))
    two = run(plan_for(folder, games=40, players=players, workers=2, game=game))
    assert report_json(one[0]) == report_json(two[0])
    assert format_table(one[0]) == format_table(two[0])
    other = run(plan_for(folder, games=40, players=players, seed=8, game=game))
    assert report_json(other[0])["sections"] != report_json(one[0])["sections"]


def test_seats_rotate_through_every_seating():
    seatings = lineups(SIMULATOR.strategies, 4)
    assert len(seatings) == 24
    seeds = [game_seed(3, i, len(seatings)) for i in range(48)]
    assert [lineup_for(SIMULATOR.strategies, 4, s) for s in seeds] == list(seatings) * 2
    (report,) = run(plan_for(STALL, games=24))
    for row in report.section("strategies").rows:
        assert row.figure.trials == 24  # each strategy sat once a game, in every seat


def test_every_strategy_is_a_decider_the_engine_accepts(pack):
    assert set(STRATEGIES) >= {"cautious", "greedy", "forecast-reader", "random-legal"}
    lineup = tuple(STRATEGIES)
    result, days = play_seeded(pack, 4, 11, lineup)
    assert len(days) == len(pack.days) and sorted(result.ranking) == [1, 2, 3, 4]


# -- invariants on every simulated day ------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 4))
def test_every_simulated_day_keeps_the_rules(pack, seed, players):
    lineup = lineup_for(SIMULATOR.strategies, players, seed)
    result, days = play_seeded(pack, players, seed, lineup)
    money = [pack.starting_money] * players
    for day in days:
        _check_money(pack, day, money)
        _check_selling(pack, day)
        for stock in day.stock:
            assert all(count >= 0 for count in stock.values())
        money = list(day.money)
    _check_one_winner(pack, result, days)


def _check_money(pack, day, before):
    """Money moves only by purchases, sales, Bargain Purchase's fee and Petty Theft."""
    bargain = pack.benefit("bargain-purchase").effect
    theft = pack.benefit("petty-theft").effect
    thief = next((i for i, b in enumerate(day.benefits) if b == "petty-theft"), None)
    options = []
    for seat in range(len(before)):
        moved = day.money[seat] - before[seat] - day.sales.income[seat] + day.spent[seat]
        fees = [0]
        if day.benefits[seat] == "bargain-purchase" and before[seat] >= bargain.bargain_cost:
            fees = [bargain.bargain_cost]
            if thief is not None and before[seat] - theft.theft_money < bargain.bargain_cost:
                fees.append(0)  # robbed first, it may no longer afford the fee
        options.append([moved + fee for fee in fees])
    assert any(_is_theft(left, thief, theft.theft_money) for left in _choices(options))
    assert all(m >= 0 for m in day.money)


def _choices(options):
    if not options:
        yield []
        return
    for first in options[0]:
        for rest in _choices(options[1:]):
            yield [first, *rest]


def _is_theft(left, thief, most):
    """What is left is a transfer of up to ``most`` dollars to the thief, or nothing."""
    if sum(left) != 0:
        return False
    moved = [i for i, m in enumerate(left) if m]
    if not moved:
        return True
    return thief is not None and len(moved) == 2 and 0 < left[thief] <= most


def _check_selling(pack, day):
    sales, weather = day.sales, day.weather
    card = pack.event(day.event)
    chart = pack.limit(len(day.money), weather.condition, weather.temperature)
    assert sales.limit == chart + card.effect.limit_bonus
    assert sales.total <= sales.limit
    guarantee = pack.condition(weather.condition).guarantee
    for seat, benefit in enumerate(day.benefits):
        immune = bool(benefit and pack.benefit(benefit).effect.ignores_events and card.immunity)
        owed = 0 if card.effect.no_guarantees and not immune else guarantee
        assert sales.sold[seat] >= min(owed, sales.capacity[seat])
        assert sales.sold[seat] <= sales.capacity[seat]


def _check_one_winner(pack, result, days):
    players = len(days[-1].money)
    assert sorted(result.ranking) == list(range(1, players + 1))
    money = days[-1].money
    winner = result.winner
    assert money[winner - 1] == max(money)
    tied = [s for s in range(1, players + 1) if money[s - 1] == max(money)]
    assert (len(tied) == 1) == (result.decided_by == "money")
    if result.decided_by == "stock":
        stock = {s: days[-1].stock[s - 1].total for s in tied}
        assert stock[winner] > max(v for s, v in stock.items() if s != winner)


# -- the report ----------------------------------------------------------------------------
def test_report_figures_add_up():
    (report,) = run(plan_for(STALL, games=24, players=3))
    seats = report.section("seats").rows
    assert sum(r.figure.hits for r in seats) == report.games == 24
    assert sum(r.figure.hits for r in report.section("ties").rows) == 24
    days = report.figure("limit", "all days")
    assert days.trials == 24 * 7
    assert sum(r.figure.trials for r in report.section("limit").rows) == 2 * days.trials
    income = report.figure("events", "all days")
    assert income.n == 24 * 7 * 3
    events = [r for r in report.section("events").rows if r.label != "all days"]
    assert sum(r.figure.n for r in events) == income.n
    assert sum(r.figure.total for r in events) == income.total
    takes = sum(r.figure.trials for r in report.section("cards").rows)
    assert takes == 24 * 7 * 3  # every seat drafts a card every day


def test_doubling_the_four_player_limits_moves_the_figures(content_copy):
    double_four_player_limits(content_copy)
    after, before = run(plan_for(content_copy / GAME, STALL, games=48))
    money = {c.label: c for c in compare(before, after) if c.section == "money"}
    assert money["all stands"].difference > 0
    assert money["all stands"].p < 0.01
    binds = next(c for c in compare(before, after) if c.label == "all days")
    assert binds.difference < 0 and binds.p < 0.01


def test_a_change_of_nothing_is_not_significant():
    after, before = run(plan_for(STALL, STALL, games=24))
    changes = compare(before, after)
    assert changes and all(c.difference == 0 or math.isnan(c.difference) for c in changes)
    assert {significance(c.p) for c in changes} <= {"n.s.", "n/a"}


def test_ctrl_c_keeps_the_games_already_finished(monkeypatch):
    def stop_after_first_span(done: int) -> None:
        raise KeyboardInterrupt

    (report,) = run(plan_for(STALL, games=40, workers=2), stop_after_first_span)
    assert report.interrupted and report.games == 0 and report.requested == 40

    seen = []

    def stop_later(done: int) -> None:
        seen.append(done)
        if len(seen) == 3:
            raise KeyboardInterrupt

    (report,) = run(plan_for(STALL, games=40, workers=2), stop_later)
    assert report.games == sum(seen[:2])
    assert sum(r.figure.hits for r in report.section("seats").rows) == report.games


# -- each game's report in its own words -------------------------------------------------------
LEMONADE_STALL_WORDS = ("money", "sales limit", "income", "stand", "benefit", "tie broken", "day")


def tnl_report(games: int = 36, players: int = 4):
    (report,) = run(plan_for(TNL, games=games, players=players, game=TNL_GAME))
    return report


def test_thats_not_lemonade_reports_rounds_in_its_own_words():
    report = tnl_report()
    table = "\n".join(format_table(report))
    data = report_json(report)
    for text in (table, json.dumps(data)):
        text = text.replace(str(TNL), "").lower()  # the content's path is the user's
        for word in LEMONADE_STALL_WORDS:
            assert word not in text, word
    keys = [s["key"] for s in data["sections"]]
    assert keys == ["seats", "strategies", "round-wins", "rounds", "endings", "won-on"]
    for title in (
        "Win rate by seat  (seat 1 deals the first round, so seat 2 plays first)",
        "Win rate by strategy",
        "Round wins per game  (mean, 95% interval of the mean, quartiles)",
        "Rounds per game",
        "How rounds ended  (share of rounds)",
        "Rounds won on",
    ):
        assert f"\n{title}" in table, title
    assert "\n  pass-above-20%          hits while the chance is at most 20%, passes above" in table
    bots = {b["name"]: b["settings"] for b in data["bots"]}
    assert list(bots) == list(report.strategies)
    assert bots["pass-above-20%"] == {"pass_above": 0.2}
    assert next(s for s in data["sections"] if s["role"] == "score")["key"] == "round-wins"


def test_thats_not_lemonade_figures_add_up():
    report = tnl_report(games=36, players=4)
    rounds = report.figure("rounds", "all games")
    assert rounds.n == 36 and rounds.low >= 3
    endings = report.section("endings").rows
    assert [r.label for r in endings] == ["all-revealed", "one-left", "all-passed"]
    assert {r.figure.trials for r in endings} == {rounds.total}
    assert sum(r.figure.hits for r in endings) == rounds.total
    won_on = report.section("won-on").rows
    assert "lemons" in [r.label for r in won_on]
    assert sum(r.figure.hits for r in won_on) == rounds.total
    wins = report.figure("round-wins", "all players")
    assert wins.n == 36 * 4 and wins.total == rounds.total  # every round has one winner
    assert wins.high == 3  # first to three
    assert sum(r.figure.hits for r in report.section("strategies").rows) == 36
    # no game needs a tie-break, so none is offered as one
    assert [g.label for g in report.notable] == ["widest winning margin", "longest game"]
    assert report.notable[1].detail.endswith(f"won after {rounds.high} rounds")


def test_lemonade_stall_keeps_its_own_words():
    (report,) = run(plan_for(STALL, games=24, players=3))
    table = format_table(report)
    assert [line for line in table[1:] if line and not line.startswith(" ")] == [
        "Win rate by seat  (seat 1 holds the first-player marker on day one)",
        "Win rate by strategy",
        "Final money  (mean, 95% interval of the mean, quartiles)",
        "Sales limit binds  (share of days the stands could make more than the table may sell)",
        "Benefit win rate when taken  (share of takes by the game's winner)",
        "Income per stand on event days  (mean income a stand takes on a day with that event)",
        "Games decided by  (the first tie-break that separated the top two)",
        "Games worth a replay (printkit simulate lemonade-stall --replay SEED --players 3)",
    ]
    assert "  all stands  " in "\n".join(table) and "  all days  " in "\n".join(table)
    data = report_json(report)
    keys = [s["key"] for s in data["sections"]]
    assert keys == ["seats", "strategies", "money", "limit", "cards", "events", "ties"]
    assert data["bots"] == []
    money = next(s for s in data["sections"] if s["key"] == "money")
    assert (money["role"], money["unit"]) == ("score", "$")
    labels = [g.label for g in report.notable]
    assert labels[:2] == ["highest final money", "widest winning margin"]
    ties = report.section("ties")
    broken = next((g for g in report.notable if g.label == "a tie broken"), None)
    assert (broken is None) == (ties.row("money").figure.hits == report.games)


def test_a_game_reports_only_the_sections_it_names():
    words = Vocabulary(
        score=Score("points", "Points", everything="everyone", decided_by="points"),
        amounts=Family("takings", "Takings per turn", everything="every turn"),
        extremes=(
            Extreme("a tie broken", TIE_BROKEN, "{winner} won on {rule}"),
            Extreme("longest", LENGTH, "{winner} won after {rounds} turns"),
            Extreme("widest", MARGIN, "{winner} won {top}-{second}"),
        ),
    )

    def game(index, scores, amounts, decided_by="points"):
        ranking = tuple(sorted((1, 2), key=lambda seat: -scores[seat - 1]))
        turns = tuple(RoundRecord("turn", amounts=a) for a in amounts)
        return GameRecord(index, 100 + index, ("a", "b"), ranking, decided_by, scores, turns)

    tally = Tally(2, ("a", "b"), words)
    tally.add(game(0, (5, 3), [(1, 2), (4, 0)]))
    tally.add(game(1, (2, 2), [(0, 0)], decided_by="coin"))
    sections = tally.sections()
    assert [s.key for s in sections] == ["seats", "strategies", "points", "takings"]
    takings = sections[-1]
    assert takings.reference == "every turn" and [r.label for r in takings.rows] == ["every turn"]
    assert (takings.rows[0].figure.n, takings.rows[0].figure.total) == (6, 7)
    notable = {g.label: (g.index, g.detail) for g in tally.notable()}
    assert notable == {
        "a tie broken": (1, "seat 1 (a) won on coin"),
        "longest": (0, "seat 1 (a) won after 2 turns"),
        "widest": (0, "seat 1 (a) won 5-3"),
    }
    with pytest.raises(NotFound, match="no measure"):
        Extreme("shortest", "shortest", "")


EVERY_SECTION = Vocabulary(
    score=Score("points", "Points", everything="everyone", decided_by="points"),
    length=Family("length", "Length"),
    kinds=Family("kinds", "Kinds", order=("b",)),
    flags=Family("flags", "Flags"),
    groups=Family("groups", "Groups"),
    picks=Family("picks", "Picks"),
    amounts=Family("amounts", "Amounts"),
    decided=Family("decided", "Decided by"),
    extremes=(
        Extreme("a tie broken", TIE_BROKEN, "{winner} won on {rule}"),
        Extreme("longest", LENGTH, "{winner} won after {rounds} turns"),
        Extreme("widest", MARGIN, "{winner} won {top}-{second}"),
    ),
)
ROUNDS = st.builds(
    RoundRecord,
    kind=st.sampled_from("abc"),
    flag=st.booleans(),
    group=st.sampled_from(["", "x", "y"]),
    amounts=st.tuples(st.integers(0, 9), st.integers(0, 9)),
    picks=st.tuples(st.sampled_from([None, "p", "q"]), st.sampled_from([None, "p", "q"])),
)
GAMES = st.lists(
    st.tuples(
        st.tuples(st.integers(0, 9), st.integers(0, 9)),
        st.sampled_from(["points", "coin"]),
        st.sampled_from([("a", "b"), ("b", "a")]),
        st.lists(ROUNDS, min_size=1, max_size=4),
    ),
    min_size=1,
    max_size=12,
)


@settings(max_examples=60, deadline=None)
@given(games=GAMES, cuts=st.lists(st.integers(0, 12), max_size=4))
def test_spans_counted_apart_and_merged_in_order_report_as_one_tally(games, cuts):
    """Workers count their own spans (`Tally.merge` joins them): the report must read as
    if the parent had counted every game itself, ties among notable games included."""
    records = [
        GameRecord(i, 100 + i, lineup, (1, 2) if scores[0] >= scores[1] else (2, 1), rule,
                   scores, tuple(rounds))
        for i, (scores, rule, lineup, rounds) in enumerate(games)
    ]  # fmt: skip
    whole = Tally(2, ("a", "b"), EVERY_SECTION)
    for record in records:
        whole.add(record)
    merged = Tally(2, ("a", "b"), EVERY_SECTION)
    edges = sorted({0, len(records), *[c for c in cuts if c < len(records)]})
    for start, end in zip(edges, edges[1:]):
        span = Tally(2, ("a", "b"), EVERY_SECTION)
        for record in records[start:end]:
            span.add(record)
        merged.merge(span)
    assert merged.games == whole.games == len(records)
    assert merged.sections() == whole.sections()
    assert merged.notable() == whole.notable()


def test_the_shared_machinery_names_no_game():
    import printkit.cli.simulate as command
    import printkit.simulate as machinery
    from printkit.registry import plugins

    names = [n.lower() for p in plugins().values() if p.simulate for n in (p.id, p.title)]
    files = [*Path(machinery.__file__).parent.glob("*.py"), Path(command.__file__)]
    for path in files:
        text = path.read_text(encoding="utf-8").lower()
        assert not [n for n in names if n in text], path


# -- statistics ------------------------------------------------------------------------------
def test_wilson_and_the_tests_match_known_values():
    low, high = wilson(27, 100)
    assert (round(low, 4), round(high, 4)) == (0.1927, 0.3643)
    assert wilson(0, 50)[0] == pytest.approx(0.0) and wilson(50, 50)[1] == pytest.approx(1.0)
    assert wilson(0, 50)[1] > 0.05  # honest: no hits in 50 leaves room for a few percent
    assert student_t_two_sided(2.0, 10) == pytest.approx(0.073388, abs=1e-6)
    assert student_t_two_sided(1.0, 1) == pytest.approx(0.5)
    assert two_proportion_p(Rate(50, 100), Rate(50, 100)) == 1.0
    assert two_proportion_p(Rate(271, 1000), Rate(314, 1000)) == pytest.approx(0.0345, abs=1e-4)
    same = Spread.of({1: 5, 2: 5})
    assert welch_p(same, same) == pytest.approx(1.0)
    assert significance(0.004) == "p<0.01" and significance(0.2) == "n.s."


@given(st.lists(st.integers(-50, 300), min_size=2, max_size=60))
def test_spread_matches_the_statistics_module(values):
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    spread = Spread.of(counts)
    assert spread.value == pytest.approx(statistics.fmean(values))
    assert spread.variance == pytest.approx(statistics.variance(values))
    expected = statistics.quantiles(values, n=4, method="inclusive")
    assert list(spread.quartiles) == pytest.approx(expected)


# -- strategies read the pack --------------------------------------------------------------
def test_bots_take_their_numbers_from_the_content(content_copy):
    edit(
        content_copy / GAME / "game.yaml",
        "selling_prices: [3, 4, 5, 6, 7, 8]",
        "selling_prices: [2, 5, 9]",
    )
    pack = load(content_copy / GAME)
    state = _state(pack, "rain")
    cap = pack.condition("rain").price_cap
    assert Greedy(pack, 1).set_price(state, 1) == max(p for p in (2, 5, 9) if p <= cap)
    (report,) = run(plan_for(content_copy / GAME, games=12))
    assert report.games == 12  # every bot played only cards the engine accepts


def _state(pack, condition):
    from printkit.dice import SeededDice
    from printkit.games.lemonade_stall.game import new_game
    from printkit.games.lemonade_stall.rules import Weather

    state = new_game(pack, 4, SeededDice(1))
    return type(state)(**{**state.__dict__, "forecast": Weather(condition, 25)})


def test_random_legal_still_buys_only_legal_goods(pack):
    from printkit.games.lemonade_stall.rules import NO_EVENT, is_legal_purchase

    state = _state(pack, "sunny")
    bot = RandomLegal(pack, 5)
    for _ in range(50):
        assert is_legal_purchase(pack, bot.buy(state, 1, NO_EVENT), NO_EVENT, 20)


# -- the command -------------------------------------------------------------------------------
def test_cli_prints_the_table_and_writes_json_pdf_png(tmp_path):
    out = tmp_path / "out"
    result = invoke(
        GAME,
        "--content",
        str(CONTENT),
        "--games",
        "12",
        "--players",
        "2",
        "--workers",
        "1",
        "--out",
        str(out),
    )
    assert result.exit_code == 0, result.output
    assert "Win rate by seat" in result.output and "Games decided by" in result.output
    data = json.loads((out / f"{GAME}-2p-balance.json").read_text())
    assert data["games"] == 12 and data["players"] == 2
    pdf = PdfReader(out / f"{GAME}-2p-balance.pdf")
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    for title in (
        "Final money",
        "Sales limit binds",
        "Income per stand",
        "Games decided by: money",
    ):
        assert title in text, title
    with Image.open(out / f"{GAME}-2p-balance.png") as image:
        assert image.width > 1000 and image.height > image.width


def test_cli_json_goes_to_stdout(tmp_path):
    result = invoke(
        GAME, "--content", str(CONTENT), "--games", "8", "--json", "--out", str(tmp_path)
    )
    data = json.loads(result.stdout)
    assert {s["key"] for s in data["sections"]} >= {"seats", "strategies", "money", "limit"}


def test_cli_baseline_folder_shows_every_change(content_copy, tmp_path):
    double_four_player_limits(content_copy)
    result = invoke(
        GAME,
        "--content",
        str(content_copy),
        "--baseline",
        str(CONTENT),
        "--games",
        "48",
        "--workers",
        "2",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    money = next(line for line in lines if line.strip().startswith("all stands"))
    assert "→" in money and re.search(r"\+\d+\.\d\d  \(p<0\.0?01\)", money), money
    data = json.loads((tmp_path / f"{GAME}-4p-balance.json").read_text())
    assert data["before"]["content"] == str(CONTENT)
    assert len(data["changes"]) > 20


@pytest.mark.slow
def test_cli_baseline_git_revision_leaves_the_work_tree_alone(tmp_path):
    repo = tmp_path / "repo"
    shutil.copytree(CONTENT, repo / "content")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "content"], check=True)
    double_four_player_limits(repo / "content")
    status = subprocess.run([*git, "status", "--porcelain"], capture_output=True, check=True)
    result = invoke(
        GAME,
        "--content",
        str(repo / "content"),
        "--baseline",
        "HEAD",
        "--games",
        "48",
        "--json",
        "--out",
        str(tmp_path / "out"),
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["before"]["content"] == "HEAD (git)"
    money = next(c for c in data["changes"] if c["label"] == "all stands")
    assert money["difference"] > 0 and money["mark"] == "p<0.001"
    after = subprocess.run([*git, "status", "--porcelain"], capture_output=True, check=True)
    assert after.stdout == status.stdout  # nothing checked out, nothing left behind


def test_cli_thats_not_lemonade_table_comparison_and_page(tmp_path):
    args = ["--content", str(CONTENT), "--games", "24", "--players", "3", "--workers", "1"]
    result = invoke(TNL_GAME, *args, "--baseline", str(CONTENT), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    shown = result.stdout
    assert shown.startswith("before: That's Not Lemonade: 24 games, 3 players")
    for title in ("\nRound wins per game\n", "\nHow rounds ended\n", "\nRounds won on\n"):
        assert title in shown
    assert re.search(r"\n  all players +\d\.\d\d → \d\.\d\d +\+0\.00  \(n\.s\.\)\n", shown)
    data = json.loads((tmp_path / f"{TNL_GAME}-3p-balance.json").read_text())
    assert {c["section"] for c in data["changes"]} == {
        "seats", "strategies", "round-wins", "rounds", "endings", "won-on"
    }  # fmt: skip
    text = PdfReader(tmp_path / f"{TNL_GAME}-3p-balance.pdf").pages[0].extract_text()
    for title in ("Round wins per game", "Rounds per game", "How rounds ended", "Rounds won on"):
        assert title in text, title
    assert "pass-above-30%: hits while the chance is at most 30%" in text
    assert "longest game: seed" in text
    for word in LEMONADE_STALL_WORDS:
        assert word not in (shown + text).replace(str(CONTENT), "").lower(), word


def test_cli_rejects_an_unknown_baseline_without_a_traceback(tmp_path):
    result = invoke(
        GAME,
        "--content",
        str(CONTENT),
        "--baseline",
        "no-such-rev-xyz",
        "--games",
        "4",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 2
    assert "neither a folder nor a git revision" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["lemonade-stal"], "did you mean 'lemonade-stall'?"),
        ([GAME, "--players", "5"], "takes 2-4 players, not 5"),
    ],
)
def test_cli_bad_arguments_exit_2(args, says, tmp_path):
    result = invoke(*args, "--content", str(CONTENT), "--games", "4", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert says in result.output and "Traceback" not in result.output


def test_replay_tells_a_notable_game_day_by_day(tmp_path):
    (report,) = run(plan_for(STALL, games=24, players=3))
    richest = next(g for g in report.notable if g.label == "highest final money")
    result = invoke(
        GAME, "--content", str(CONTENT), "--replay", str(richest.seed), "--players", "3"
    )
    assert result.exit_code == 0
    pack = plugin_for(GAME).load(STALL)
    for day in pack.days:
        assert f"\n{day} (first player: seat" in result.output
    top = int(richest.detail.rsplit(" ", 1)[1])
    assert f"wins with ${top}," in result.output


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("extra, shown", [((), True), (("--quiet",), False)])
def test_a_progress_bar_for_a_person_at_a_terminal_unless_quiet(
    monkeypatch, tmp_path, extra, shown
):
    import printkit.cli.simulate as command

    screen = _Terminal()
    monkeypatch.setattr(command, "sys", types.SimpleNamespace(stderr=screen))
    args = ["lemonade-stall", "--games", "12", "--workers", "1", "--json"]
    result = invoke(*args, "--out", str(tmp_path), *extra)
    assert result.exit_code == 0, result.output
    assert json.JSONDecoder().raw_decode(result.output)[0]  # the report comes either way
    assert ("playing" in screen.getvalue()) is shown
