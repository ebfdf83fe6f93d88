"""Running counts over game records, turned into a report's sections.

Records arrive in game order and only integer counts are kept, so memory stays
flat however many games run and the figures are exact. What each count is
called, and whether it is reported at all, is the game's `Vocabulary`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from printkit.simulate.records import (
    LENGTH,
    MARGIN,
    TIE_BROKEN,
    TOP,
    Extreme,
    Family,
    GameRecord,
    Vocabulary,
)
from printkit.simulate.report import Notable, Row, Section
from printkit.simulate.stats import Rate, Spread


@dataclass
class _Best:
    """The first game that scored highest on one measure."""

    score: float
    record: GameRecord


_COUNTS = (
    "seat_wins",
    "strategy_wins",
    "strategy_seats",
    "scores",
    "lengths",
    "flagged",
    "rounds_by_kind",
    "rounds_by_group",
    "pick_wins",
    "pick_takes",
    "amounts",
    "decided_by",
)  # a Tally's Counters, which `Tally.merge` adds up
_COUNTS_BY = ("scores_by_strategy", "amounts_by_group")  # its Counters per label


class Tally:
    def __init__(
        self, players: int, strategies: Sequence[str], words: Vocabulary | None = None
    ) -> None:
        self.players = players
        self.strategies = tuple(strategies)
        self.words = words or Vocabulary()
        self.games = 0
        self.seat_wins = Counter[int]()
        self.strategy_wins = Counter[str]()
        self.strategy_seats = Counter[str]()
        self.scores = Counter[int]()
        self.scores_by_strategy: defaultdict[str, Counter[int]] = defaultdict(Counter)
        self.lengths = Counter[int]()
        self.flagged = Counter[str]()
        self.rounds_by_kind = Counter[str]()
        self.rounds_by_group = Counter[str]()
        self.pick_wins = Counter[str]()
        self.pick_takes = Counter[str]()
        self.amounts = Counter[int]()
        self.amounts_by_group: defaultdict[str, Counter[int]] = defaultdict(Counter)
        self.decided_by = Counter[str]()
        self.best: dict[str, _Best] = {}
        self._amounts = self.words.amounts is not None  # per-seat counts only when reported
        self._picks = self.words.picks is not None

    def add(self, record: GameRecord) -> None:
        self.games += 1
        winner = record.winner
        self.seat_wins[winner] += 1
        self.strategy_wins[record.lineup[winner - 1]] += 1
        self.decided_by[record.decided_by] += 1
        self.lengths[len(record.rounds)] += 1
        for strategy, score in zip(record.lineup, record.scores):
            self.strategy_seats[strategy] += 1
            self.scores[score] += 1
            self.scores_by_strategy[strategy][score] += 1
        amounts, picks = self._amounts, self._picks
        for part in record.rounds:
            self.rounds_by_kind[part.kind] += 1
            self.flagged[part.kind] += part.flag
            self.rounds_by_group[part.group] += 1
            if amounts:
                self.amounts.update(part.amounts)
                self.amounts_by_group[part.group].update(part.amounts)
            if picks:
                for seat, pick in enumerate(part.picks, start=1):
                    if pick is not None:
                        self.pick_takes[pick] += 1
                        self.pick_wins[pick] += seat == winner
        self._note_extremes(record)

    def merge(self, later: Tally) -> None:
        """Add the counts of games played after these (a worker's span), as if added here.

        Counters keep the order labels first came in, and a notable game is
        replaced only by a strictly higher one, so spans merged in game order
        give the very tally of their records added one by one.
        """
        self.games += later.games
        for name in _COUNTS:
            getattr(self, name).update(getattr(later, name))
        for name in _COUNTS_BY:
            mine = getattr(self, name)
            for key, counts in getattr(later, name).items():
                mine[key].update(counts)
        for label, best in later.best.items():
            known = self.best.get(label)
            if known is None or best.score > known.score:
                self.best[label] = best

    def _note_extremes(self, record: GameRecord) -> None:
        for extreme in self.words.extremes:
            score = self._measure(extreme.measure, record)
            if score is None:
                continue
            best = self.best.get(extreme.label)
            if best is None or score > best.score:
                self.best[extreme.label] = _Best(score, record)

    def _measure(self, measure: str, record: GameRecord) -> float | None:
        """How much of ``measure`` the game has; None when it has none at all."""
        if measure == TOP:
            return record.scores[record.winner - 1]
        if measure == MARGIN:
            top, second = _top_two(record)
            return top - second
        if measure == TIE_BROKEN:
            return 0 if record.decided_by != self.words.score.decided_by else None
        assert measure == LENGTH, measure  # `Extreme` admits no other
        return len(record.rounds)

    # -- the report's sections ---------------------------------------------------
    def sections(self) -> tuple[Section, ...]:
        words = self.words
        parts: list[Section | None] = [
            Section(
                "seats",
                "Win rate by seat",
                tuple(
                    Row(f"seat {s}", Rate(self.seat_wins[s], self.games))
                    for s in range(1, self.players + 1)
                ),
                note=words.seats_note,
                role="seats",
            ),
            Section(
                "strategies",
                "Win rate by strategy",
                tuple(
                    Row(name, Rate(self.strategy_wins[name], self.strategy_seats[name]))
                    for name in self.strategies
                    if self.strategy_seats[name]
                ),
                role="strategies",
            ),
            Section(
                words.score.key,
                words.score.title,
                (Row(words.score.everything, Spread.of(self.scores)),)
                + tuple(
                    Row(name, Spread.of(self.scores_by_strategy[name]))
                    for name in self.strategies
                    if self.strategy_seats[name]
                ),
                note=words.score.note,
                role="score",
                unit=words.score.unit,
            ),
            _section(words.length, "length", [Row(_all(words.length), Spread.of(self.lengths))]),
            _section(words.kinds, "kinds", _shares(words.kinds, self.rounds_by_kind, self.rounds)),
            _section(
                words.flags,
                "flags",
                [
                    Row(kind, Rate(self.flagged[kind], rounds))
                    for kind, rounds in sorted(self.rounds_by_kind.items())
                ]
                + [Row(_all(words.flags), Rate(sum(self.flagged.values()), self.rounds))],
            ),
            _section(
                words.groups, "groups", _shares(words.groups, self.rounds_by_group, self.rounds)
            ),
            _section(
                words.picks,
                "picks",
                [
                    Row(pick, Rate(self.pick_wins[pick], takes))
                    for pick, takes in sorted(self.pick_takes.items())
                ],
            ),
            _section(
                words.amounts,
                "amounts",
                [Row(_all(words.amounts), Spread.of(self.amounts))]
                + [
                    Row(group, Spread.of(amounts))
                    for group, amounts in sorted(self.amounts_by_group.items())
                    if group  # "" is no group at all
                ],
                reference=_all(words.amounts),
            ),
            _section(words.decided, "decided", _shares(words.decided, self.decided_by, self.games)),
        ]
        return tuple(section for section in parts if section is not None)

    @property
    def rounds(self) -> int:
        return sum(self.rounds_by_kind.values())

    def notable(self) -> tuple[Notable, ...]:
        found = []
        for extreme in self.words.extremes:
            best = self.best.get(extreme.label)
            if best is not None:
                record = best.record
                found.append(
                    Notable(extreme.label, record.index, record.seed, _detail(extreme, record))
                )
        return tuple(found)


def _section(
    family: Family | None, role: str, rows: Iterable[Row], reference: str | None = None
) -> Section | None:
    """The family's section, or None when the game does not report it."""
    if family is None:
        return None
    return Section(family.key, family.title, tuple(rows), reference, family.note, role)


def _all(family: Family | None) -> str:
    return family.everything if family and family.everything else "all"


def _shares(family: Family | None, counts: Mapping[str, int], total: int) -> list[Row]:
    """Each label's share of ``total``: the family's own order first, then the most common."""
    if family is None:
        return []
    rows = [Row(label, Rate(counts.get(label, 0), total)) for label in family.order]
    rest = sorted(
        ((label, n) for label, n in counts.items() if label and label not in family.order),
        key=lambda kv: -kv[1],
    )
    return rows + [Row(label, Rate(n, total)) for label, n in rest]


def _top_two(record: GameRecord) -> tuple[int, int]:
    top = record.scores[record.ranking[0] - 1]
    second = record.scores[record.ranking[1] - 1] if len(record.ranking) > 1 else top
    return top, second


def _detail(extreme: Extreme, record: GameRecord) -> str:
    top, second = _top_two(record)
    winner = record.winner
    return extreme.detail.format(
        winner=f"seat {winner} ({record.lineup[winner - 1]})",
        top=top,
        second=second,
        margin=top - second,
        rule=record.decided_by,
        rounds=len(record.rounds),
    )
