"""Play a run of seeded games on every core and hand the records back in game order.

Each game's seed comes from the master seed and the game's index, workers
play contiguous spans of games and return their records, and the spans are
read back in order, so a run is the same with one worker or many. Every
content version in a run (the current one, a baseline) plays the same seeds
in the same worker, so an interrupted run still compares like with like.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from printkit.errors import PrintkitError, UsageError
from printkit.registry import plugin_for
from printkit.simulate.records import GameRecord, Simulator
from printkit.simulate.report import Report
from printkit.simulate.seeds import game_seed, lineups
from printkit.simulate.tally import Tally

SPANS_PER_WORKER = 16  # enough spans to keep every core busy to the end
SPAN_LIMITS = (8, 100)  # games per span: a short tail when one core finishes first

Progress = Callable[[int], None]
T = TypeVar("T")


@dataclass(frozen=True)
class Source:
    """One content version: its game folder and how the user named it."""

    folder: Path
    label: str


@dataclass(frozen=True)
class Plan:
    game: str
    sources: tuple[Source, ...]  # content versions, each playing the same seeds
    players: int
    games: int
    seed: int
    workers: int = 1
    engine: str = ""  # the rules the game plays by, when its pack names them (``engine:``)
    scheduler: str = ""  # a Dask scheduler's address: play on that cluster instead of here

    @property
    def rules(self) -> str:
        return self.engine or self.game


def simulator_for(game: str) -> Simulator:
    load = plugin_for(game).simulate
    if load is None:
        raise UsageError(f"game {game!r} has no bots to simulate it with")
    return load()


def default_workers() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def worker_count(asked: int | None, games: int) -> int:
    """Workers for a run: as asked, but never more than the cores or the spans to play."""
    cores = default_workers()
    wanted = cores if asked is None else asked
    return max(1, min(wanted, cores, len(spans(games, min(wanted, cores)))))


def spans(games: int, workers: int) -> list[range]:
    """The run cut into contiguous spans of games, in order."""
    low, high = SPAN_LIMITS
    size = min(max(games // (workers * SPANS_PER_WORKER), low), high)
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


class _Player:
    """Plays spans of a plan in one process, with each content version loaded once."""

    def __init__(self, plan: Plan) -> None:
        plugin = plugin_for(plan.rules)
        self.plan = plan
        self.simulator = simulator_for(plan.rules)
        self.packs = tuple(plugin.load(source.folder) for source in plan.sources)
        self.cycle = len(lineups(self.simulator.strategies, plan.players))
        self.seatings = lineups(self.simulator.strategies, plan.players)

    def play(self, span: range) -> list[tuple[GameRecord, ...]]:
        plan, play = self.plan, self.simulator.play
        games = []
        for index in span:
            seed = game_seed(plan.seed, index, self.cycle)
            lineup = self.seatings[seed % self.cycle]
            records = (play(pack, plan.players, seed, lineup, index) for pack in self.packs)
            games.append(tuple(records))
        return games

    def tally(self, span: range) -> tuple[Tally, ...]:
        """The span played and counted here, one tally per content version.

        A worker sends its counts back rather than every game's record: the
        parent then merges a few tallies instead of unpickling and counting
        each game, and stays out of the workers' way.
        """
        simulator = self.simulator
        tallies = tuple(
            Tally(self.plan.players, simulator.strategies, simulator.report) for _ in self.packs
        )
        for records in self.play(span):
            for tally, record in zip(tallies, records):
                tally.add(record)
        return tallies


_PLAYER: _Player | None = None
_FAILED: list[str] = []  # why this worker could not start


def _start_worker(plan: Plan) -> None:
    """Ctrl-C is the parent's to handle: a worker just stops when told.

    A worker that cannot load the content must not die: the pool would start
    another, forever. It keeps the reason and fails its first span instead.
    """
    global _PLAYER
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        _PLAYER = _Player(plan)
    except Exception as exc:  # noqa: BLE001 - reported by the span, in the parent
        _FAILED.append(exc.format_message() if isinstance(exc, PrintkitError) else repr(exc))


def _started() -> _Player:
    if _PLAYER is None:  # plain PrintkitError: it survives the trip to the parent
        raise PrintkitError(f"a simulation worker could not start: {'; '.join(_FAILED)}")
    return _PLAYER


def _play_span(span: range) -> list[tuple[GameRecord, ...]]:
    return _started().play(span)


def _tally_span(span: range) -> tuple[Tally, ...]:
    return _started().tally(span)


def play_games(plan: Plan, progress: Progress | None = None) -> Iterator[tuple[GameRecord, ...]]:
    """Each game's records (one per content version), in game order."""
    for games in _by_span(plan, progress, _Player.play, _play_span):
        yield from games


def tally_games(plan: Plan, progress: Progress | None = None) -> Iterator[tuple[Tally, ...]]:
    """Each span's tallies (one per content version), in game order: `play_games`, counted."""
    yield from _by_span(plan, progress, _Player.tally, _tally_span)


def _by_span(
    plan: Plan,
    progress: Progress | None,
    here: Callable[[_Player, range], T],
    there: Callable[[range], T],
) -> Iterator[T]:
    """What each span gives, in order: played ``here`` in this process, or by a pool of workers.

    Workers are forked, so each starts with this process's imports; each loads the
    content once (`_start_worker`) and plays span after span.
    """
    parts = spans(plan.games, plan.workers)
    if plan.workers <= 1 or len(parts) <= 1:
        player = _Player(plan)
        for span in parts:
            result = here(player, span)
            if progress:
                progress(len(span))
            yield result
        return
    pool = multiprocessing.get_context().Pool(plan.workers, _start_worker, (plan,))
    try:
        for span, result in zip(parts, pool.imap(there, parts)):
            if progress:
                progress(len(span))
            yield result
    finally:
        pool.terminate()
        pool.join()


Play = Callable[[Plan, "Progress | None"], Iterator[tuple[GameRecord, ...]]]


def run(
    plan: Plan, progress: Progress | None = None, play: Play | None = None
) -> tuple[Report, ...]:
    """Play the plan and report on each content version; Ctrl-C ends with what finished.

    By default the games are played on this machine's cores and each span comes
    back already counted (`tally_games`); ``play`` plays them elsewhere and hands
    back every game's records (`printkit.simulate.cluster.play_on_cluster`).
    """
    simulator = simulator_for(plan.rules)
    words = simulator.report
    tallies = [Tally(plan.players, simulator.strategies, words) for _ in plan.sources]
    if play is None:  # here: each span comes back counted, every version in one piece
        with closing(tally_games(plan, progress)) as parts:
            try:
                for counted in parts:
                    for tally, part in zip(tallies, counted):
                        tally.merge(part)
            except KeyboardInterrupt:
                pass
    else:
        _count(play(plan, progress), tallies)
    return _reports(plan, simulator, tallies)


def _count(games: Iterator[tuple[GameRecord, ...]], tallies: list[Tally]) -> None:
    """Count each game's records as they come; Ctrl-C ends with what finished."""
    records: tuple[GameRecord, ...] = ()
    with closing(games):
        try:
            for records in games:
                for tally, record in zip(tallies, records):
                    tally.add(record)
        except KeyboardInterrupt:
            finished = max(t.games for t in tallies)
            for tally, record in zip(tallies, records):  # every version ends on the same game
                if tally.games < finished:
                    tally.add(record)


def _reports(plan: Plan, simulator: Simulator, tallies: list[Tally]) -> tuple[Report, ...]:
    words = simulator.report
    title = plugin_for(plan.rules).title
    return tuple(
        Report(
            game=plan.game,
            title=title,
            content=source.label,
            players=plan.players,
            seed=plan.seed,
            requested=plan.games,
            games=tally.games,
            strategies=simulator.strategies,
            sections=tally.sections(),
            notable=tally.notable(),
            bots=words.bots,
            bots_note=words.bots_note,
        )
        for tally, source in zip(tallies, plan.sources)
    )
