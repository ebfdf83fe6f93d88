"""What a simulated game leaves behind, and the hook a game offers to be simulated.

Records are small, picklable and game-neutral, so worker processes can send
them back and the statistics can be computed without the game's own types.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class DayRecord:
    condition: str  # the day's actual weather condition
    limit_binds: bool  # the stands could make more than the table may sell
    event: str
    income: tuple[int, ...]  # per seat
    cards: tuple[str | None, ...]  # the card each seat drafted


@dataclass(frozen=True)
class GameRecord:
    index: int  # the game's place in the run
    seed: int  # replays the game on its own
    lineup: tuple[str, ...]  # the strategy in each seat, seat 1 first
    ranking: tuple[int, ...]  # seats, winner first
    decided_by: str  # the tie-break that separated the top two, or the main score
    money: tuple[int, ...]  # final score per seat
    days: tuple[DayRecord, ...]

    @property
    def winner(self) -> int:
        return self.ranking[0]


@dataclass(frozen=True)
class Simulator:
    """A game's entry point for `printkit simulate`.

    ``play`` and ``explain`` must be module-level functions: worker processes
    look the hook up through the registry and call them with a loaded pack.
    """

    strategies: tuple[str, ...]  # the bots' names, in a fixed order
    players: Callable[[Any], range]  # (pack) -> the player counts the game takes
    play: Callable[[Any, int, int, Sequence[str], int], GameRecord]  # (pack, players, seed,
    # lineup, index)
    explain: Callable[[Any, int, int, Sequence[str]], list[str]]  # the same game as a log
