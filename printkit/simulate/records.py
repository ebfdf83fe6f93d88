"""What a simulated game leaves behind, the words its report uses, and the hook a game offers.

Records are small, picklable and game-neutral, so worker processes can send
them back and the statistics can be computed without the game's own types. A
game's `Vocabulary` says what the neutral fields mean at its table: what the
score is called, which tallies of its rounds are worth a section and how each
one reads. The machinery only counts; the game names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from printkit.errors import NotFound

SPREAD_NOTE = "mean, 95% interval of the mean, quartiles"

# What a notable game is the most of (`Extreme.measure`).
TOP = "top"  # the winner's final score
MARGIN = "margin"  # the winner's lead over the runner-up
TIE_BROKEN = "tie-broken"  # the first game the main score did not decide
LENGTH = "length"  # the number of rounds played
MEASURES = (TOP, MARGIN, TIE_BROKEN, LENGTH)


@dataclass(frozen=True)
class RoundRecord:
    """One round of a game (a day, a hand, ...): the few facts the report counts.

    What each field stands for is the game's to say, in its `Vocabulary`; a
    field no section reads can keep its default.
    """

    kind: str  # a category of the round: the day's weather, how the round ended
    flag: bool = False  # a yes/no counted per kind: the sales limit binds
    group: str = ""  # a second category: the day's event, the rule that won the round
    amounts: tuple[int, ...] = ()  # a whole number per seat: the day's income
    picks: tuple[str | None, ...] = ()  # what each seat picked: the benefit drafted


@dataclass(frozen=True)
class GameRecord:
    index: int  # the game's place in the run
    seed: int  # replays the game on its own
    lineup: tuple[str, ...]  # the strategy in each seat, seat 1 first
    ranking: tuple[int, ...]  # seats, winner first
    decided_by: str  # the tie-break that separated the top two, or the main score's name
    scores: tuple[int, ...]  # final score per seat
    rounds: tuple[RoundRecord, ...]

    @property
    def winner(self) -> int:
        return self.ranking[0]

    @property
    def money(self) -> tuple[int, ...]:
        """The final scores under their first name, for callers written before `scores`."""
        return self.scores


# -- the report's vocabulary ----------------------------------------------------------
@dataclass(frozen=True)
class Family:
    """One section of the report: its JSON key, its title, a note on how to read it.

    ``everything`` labels the row over every round (or player, or game);
    ``order`` lists rows to show first and always, even at zero.
    """

    key: str
    title: str
    note: str = ""
    everything: str = ""
    order: tuple[str, ...] = ()


@dataclass(frozen=True)
class Score(Family):
    """The number that ranks the players when the game ends."""

    note: str = SPREAD_NOTE
    name: str = "final score"  # "final money", "round wins"
    unit: str = ""  # written before a value: "$"
    decided_by: str = "score"  # the `GameRecord.decided_by` that means no tie-break was needed


@dataclass(frozen=True)
class Extreme:
    """A kind of game worth a replay: the first game that is the most of ``measure``.

    ``detail`` is a `str.format` template over ``winner`` ("seat 2 (greedy)"),
    ``top`` and ``second`` (the two best scores), ``margin``, ``rule`` (what
    decided the game) and ``rounds``.
    """

    label: str
    measure: str  # TOP, MARGIN, TIE_BROKEN or LENGTH
    detail: str

    def __post_init__(self) -> None:
        if self.measure not in MEASURES:
            raise NotFound(
                f"notable game {self.label!r}: no measure {self.measure!r}",
                f"use one of {', '.join(MEASURES)}",
            )


@dataclass(frozen=True)
class Bot:
    """A bot as the report introduces it, with the numbers it plays by."""

    name: str
    plays: str  # one line: how it decides
    settings: tuple[tuple[str, float], ...] = ()  # e.g. (("pass_above", 0.2),)


@dataclass(frozen=True)
class Vocabulary:
    """What a game's report says: its sections, in this order, and how each is worded.

    Win rates by seat and by strategy and the final score are in every report;
    each other section appears when the game names it:

    - ``length``: rounds per game;
    - ``kinds``: the share of rounds of each ``RoundRecord.kind``;
    - ``flags``: how often ``RoundRecord.flag`` holds, by kind and over all rounds;
    - ``groups``: the share of rounds in each ``RoundRecord.group``;
    - ``picks``: of all the times a seat picked something, how often it won the game;
    - ``amounts``: ``RoundRecord.amounts`` per seat, by group, against all rounds;
    - ``decided``: how often the main score decided the game, and each tie-break.
    """

    seats_note: str = "seat 1 plays first"
    score: Score = Score("score", "Final score", everything="all players")
    length: Family | None = None
    kinds: Family | None = None
    flags: Family | None = None
    groups: Family | None = None
    picks: Family | None = None
    amounts: Family | None = None
    decided: Family | None = None
    extremes: tuple[Extreme, ...] = (
        Extreme("highest final score", TOP, "{winner} finished on {top}"),
        Extreme("widest winning margin", MARGIN, "{winner} won by {margin}"),
    )
    bots: tuple[Bot, ...] = ()  # shown when the bots play by numbers worth stating
    bots_note: str = ""  # what the bots' numbers are of


def table_sizes(pack: Any) -> range:
    """Every player count the box names, fewest to most."""
    return range(pack.min_players, pack.max_players + 1)


@dataclass(frozen=True)
class Simulator:
    """A game's entry point for `printkit simulate`.

    ``play`` and ``explain`` must be module-level functions: worker processes
    look the hook up through the registry and call them with a loaded pack.
    """

    strategies: tuple[str, ...]  # the bots' names, in a fixed order
    play: Callable[[Any, int, int, Sequence[str], int], GameRecord]  # (pack, players, seed,
    # lineup, index)
    explain: Callable[[Any, int, int, Sequence[str]], list[str]]  # the same game as a log
    report: Vocabulary = field(default_factory=Vocabulary)  # how the game's report reads
    players: Callable[[Any], range] = table_sizes  # (pack) -> the player counts the game takes
