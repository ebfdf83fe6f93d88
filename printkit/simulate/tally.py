"""Running counts over game records, turned into a report's sections.

Records arrive in game order and only integer counts are kept, so memory stays
flat however many games run and the figures are exact.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.simulate.records import GameRecord
from printkit.simulate.report import Notable, Row, Section
from printkit.simulate.stats import Rate, Spread

ALL_STANDS = "all stands"
ALL_DAYS = "all days"


@dataclass
class _Best:
    """The first game that scored highest on one measure."""

    score: float
    record: GameRecord
    detail: str


class Tally:
    def __init__(self, players: int, strategies: Sequence[str]) -> None:
        self.players = players
        self.strategies = tuple(strategies)
        self.games = 0
        self.seat_wins = Counter[int]()
        self.strategy_wins = Counter[str]()
        self.strategy_seats = Counter[str]()
        self.money = Counter[int]()
        self.money_by_strategy: defaultdict[str, Counter[int]] = defaultdict(Counter)
        self.binding = Counter[str]()
        self.days_by_condition = Counter[str]()
        self.card_wins = Counter[str]()
        self.card_takes = Counter[str]()
        self.income = Counter[int]()
        self.income_by_event: defaultdict[str, Counter[int]] = defaultdict(Counter)
        self.decided_by = Counter[str]()
        self.best: dict[str, _Best] = {}

    def add(self, record: GameRecord) -> None:
        self.games += 1
        winner = record.winner
        self.seat_wins[winner] += 1
        self.strategy_wins[record.lineup[winner - 1]] += 1
        self.decided_by[record.decided_by] += 1
        for strategy, money in zip(record.lineup, record.money):
            self.strategy_seats[strategy] += 1
            self.money[money] += 1
            self.money_by_strategy[strategy][money] += 1
        for day in record.days:
            self.days_by_condition[day.condition] += 1
            self.binding[day.condition] += day.limit_binds
            for seat, (card, income) in enumerate(zip(day.cards, day.income), start=1):
                self.income[income] += 1
                self.income_by_event[day.event][income] += 1
                if card is not None:
                    self.card_takes[card] += 1
                    self.card_wins[card] += seat == winner
        self._note_extremes(record)

    def _note_extremes(self, record: GameRecord) -> None:
        ranked = [record.money[s - 1] for s in record.ranking]
        top = ranked[0]
        margin = top - ranked[1] if len(ranked) > 1 else 0
        winner = f"seat {record.winner} ({record.lineup[record.winner - 1]})"
        self._keep("highest final money", top, record, f"{winner} finished on {top}")
        self._keep("widest winning margin", margin, record, f"{winner} won by {margin}")
        if record.decided_by != "money":
            self._keep("a tie broken", 0, record, f"{winner} won on {record.decided_by}")

    def _keep(self, label: str, score: float, record: GameRecord, detail: str) -> None:
        best = self.best.get(label)
        if best is None or score > best.score:
            self.best[label] = _Best(score, record, detail)

    # -- the report's sections ---------------------------------------------------
    def sections(self) -> tuple[Section, ...]:
        return (
            Section(
                "seats",
                "Win rate by seat",
                tuple(
                    Row(f"seat {s}", Rate(self.seat_wins[s], self.games))
                    for s in range(1, self.players + 1)
                ),
                note="seat 1 holds the first-player marker on day one",
            ),
            Section(
                "strategies",
                "Win rate by strategy",
                tuple(
                    Row(name, Rate(self.strategy_wins[name], self.strategy_seats[name]))
                    for name in self.strategies
                    if self.strategy_seats[name]
                ),
            ),
            Section(
                "money",
                "Final money",
                (Row(ALL_STANDS, Spread.of(self.money)),)
                + tuple(
                    Row(name, Spread.of(self.money_by_strategy[name]))
                    for name in self.strategies
                    if self.strategy_seats[name]
                ),
                note="mean, 95% interval of the mean, quartiles",
            ),
            Section(
                "limit",
                "Sales limit binds",
                tuple(
                    Row(condition, Rate(self.binding[condition], days))
                    for condition, days in sorted(self.days_by_condition.items())
                )
                + (Row(ALL_DAYS, Rate(sum(self.binding.values()), self.days)),),
                note="share of days the stands could make more than the table may sell",
            ),
            Section(
                "cards",
                "Benefit win rate when taken",
                tuple(
                    Row(card, Rate(self.card_wins[card], takes))
                    for card, takes in sorted(self.card_takes.items())
                ),
                note="share of takes by the game's winner",
            ),
            Section(
                "events",
                "Income per stand on event days",
                (Row(ALL_DAYS, Spread.of(self.income)),)
                + tuple(
                    Row(event, Spread.of(incomes))
                    for event, incomes in sorted(self.income_by_event.items())
                ),
                reference=ALL_DAYS,
                note="mean income a stand takes on a day with that event",
            ),
            Section(
                "ties",
                "Games decided by",
                tuple(
                    Row(rule, Rate(count, self.games))
                    for rule, count in sorted(self.decided_by.items(), key=lambda kv: -kv[1])
                ),
                note="the first tie-break that separated the top two",
            ),
        )

    @property
    def days(self) -> int:
        return sum(self.days_by_condition.values())

    def notable(self) -> tuple[Notable, ...]:
        return tuple(
            Notable(label, best.record.index, best.record.seed, best.detail)
            for label, best in self.best.items()
        )
