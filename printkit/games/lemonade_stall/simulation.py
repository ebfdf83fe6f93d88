"""Lemonade Stall's hook for `printkit simulate`: one seeded game, as a record or a log.

Both go through `play_seeded`, which calls the rules engine's `play_game`, so
the balance report and a replayed game can never disagree. A day is one
`RoundRecord`: its kind is the actual weather condition, its flag whether the
sales limit bound, its group the event card, its amounts each stand's income
and its picks the benefits drafted; `REPORT` names the sections they feed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from printkit.dice import SeededDice
from printkit.games.lemonade_stall.game import DayReport, Watch, play_game
from printkit.games.lemonade_stall.model import LemonadeStall
from printkit.games.lemonade_stall.rules import Result, Stock, build, is_priced_out
from printkit.games.lemonade_stall.strategies import STRATEGIES
from printkit.simulate.records import (
    MARGIN,
    TIE_BROKEN,
    TOP,
    Extreme,
    Family,
    GameRecord,
    RoundRecord,
    Score,
    Simulator,
    Vocabulary,
)
from printkit.simulate.seeds import sub_seed


def play_seeded(
    pack: LemonadeStall,
    players: int,
    seed: int,
    lineup: Sequence[str],
    watch: Watch | None = None,
) -> tuple[Result, list[DayReport]]:
    """The whole game ``seed`` names: its dice and each seat's bot seeded from it."""
    deciders = {
        seat: STRATEGIES[name](pack, sub_seed(seed, f"seat-{seat}"))
        for seat, name in enumerate(lineup, start=1)
    }
    return play_game(pack, players, deciders, SeededDice(sub_seed(seed, "dice")), watch=watch)


def record_game(
    pack: LemonadeStall, players: int, seed: int, lineup: Sequence[str], index: int = 0
) -> GameRecord:
    result, days = play_seeded(pack, players, seed, lineup)
    return GameRecord(
        index=index,
        seed=seed,
        lineup=tuple(lineup),
        ranking=result.ranking,
        decided_by=result.decided_by,
        scores=days[-1].money,
        rounds=tuple(_rounds(days)),
    )


def _rounds(days: list[DayReport]) -> list[RoundRecord]:
    """Each day as the report counts it (built field by field: a frozen dataclass's
    ``__init__`` sets each through ``object.__setattr__``)."""
    rounds = []
    for day in days:
        sales = day.sales
        rounds.append(
            build(
                RoundRecord,
                kind=day.weather.condition,
                flag=sales.limit_binds,
                group=day.event,
                amounts=sales.income,
                picks=day.benefits,
            )
        )
    return rounds


def explain_game(pack: LemonadeStall, players: int, seed: int, lineup: Sequence[str]) -> list[str]:
    """The game day by day, as a person would tell it: what each stand did and why it paid."""
    result, days = play_seeded(pack, players, seed, lineup)
    condition, degrees = pack.opening_weather
    lines = [
        f"{pack.title}: game seed {seed}, {players} players",
        "Seats: " + ", ".join(f"{seat} {name}" for seat, name in enumerate(lineup, start=1)),
        f"Every stand starts with ${pack.starting_money}; "
        f"{pack.days[0]} is forecast {condition} {degrees}°.",
    ]
    for day in days:
        lines += ["", *_explain_day(pack, day, lineup)]
    winner = result.winner
    money = days[-1].money
    lines += [
        "",
        f"Result: seat {winner} ({lineup[winner - 1]}) wins with ${money[winner - 1]}, "
        f"decided by {result.decided_by}.",
        "Ranking: " + ", ".join(f"seat {s} ${money[s - 1]}" for s in result.ranking),
    ]
    return lines


def _explain_day(pack: LemonadeStall, day: DayReport, lineup: Sequence[str]) -> list[str]:
    sales = day.sales
    event = pack.event(day.event)
    tomorrow = f"; tomorrow's forecast {day.tomorrow}" if day.tomorrow else ""
    turned = "held" if day.weather == day.forecast else f"turned {day.weather}"
    cap = pack.condition(day.weather.condition).price_cap
    lines = [
        f"{day.day} (first player: seat {day.first_player})",
        f"  forecast {day.forecast}{tomorrow}",
        f"  event {event.title}; the weather {turned}; "
        f"price cap {'none' if cap is None else f'${cap}'}; the table may sell {sales.limit} cups",
        f"  {'seat':<5}{'strategy':<17}{'benefit':<18}{'bought':<38}{'paid':>5}"
        f"{'price':>6}{'sold/made':>11}{'income':>7}{'money':>7}  left",
    ]
    for i, name in enumerate(lineup):
        benefit = pack.benefit(day.benefits[i]).title if day.benefits[i] else "-"
        priced_out = is_priced_out(pack, day.weather.condition, day.prices[i])
        sold = "priced out" if priced_out else f"{sales.sold[i]}/{sales.capacity[i]}"
        lines.append(
            f"  {i + 1:<5}{name:<17}{benefit:<18}{_goods(dict(day.purchases[i])):<38}"
            f"{'$' + str(day.spent[i]):>5}{'$' + str(day.prices[i]):>6}{sold:>11}"
            f"{'$' + str(sales.income[i]):>7}{'$' + str(day.money[i]):>7}  {_goods(day.stock[i])}"
        )
    demand = sum(sales.capacity)
    binds = "the limit binds" if sales.limit_binds else "every cup on offer sells"
    spoiled = "lemons spoiled overnight" if day.lemons_spoiled else "lemons kept overnight"
    lines.append(f"  {demand} cups on offer, {sales.total} sold: {binds}; {spoiled}")
    return lines


def _goods(goods: Mapping[str, int] | Stock) -> str:
    shown = [f"{n} {item}" for item, n in goods.items() if n]
    return ", ".join(shown) or "-"


ALL_DAYS = "all days"
REPORT = Vocabulary(
    seats_note="seat 1 holds the first-player marker on day one",
    score=Score(
        "money",
        "Final money",
        everything="all stands",
        name="final money",
        unit="$",
        decided_by="money",
    ),  # fmt: skip
    flags=Family(
        "limit",
        "Sales limit binds",
        "share of days the stands could make more than the table may sell",
        ALL_DAYS,
    ),
    picks=Family("cards", "Benefit win rate when taken", "share of takes by the game's winner"),
    amounts=Family(
        "events",
        "Income per stand on event days",
        "mean income a stand takes on a day with that event",
        ALL_DAYS,
    ),
    decided=Family("ties", "Games decided by", "the first tie-break that separated the top two"),
    extremes=(
        Extreme("highest final money", TOP, "{winner} finished on {top}"),
        Extreme("widest winning margin", MARGIN, "{winner} won by {margin}"),
        Extreme("a tie broken", TIE_BROKEN, "{winner} won on {rule}"),
    ),
)

SIMULATOR = Simulator(
    strategies=tuple(STRATEGIES),
    play=record_game,
    explain=explain_game,
    report=REPORT,
)
