"""How fast `printkit simulate` plays: games per second per core, and a full run.

Run from the repository root:

    .venv/bin/python benchmarks/simulate.py            # per-core rates and 10,000 4-player games
    .venv/bin/python benchmarks/simulate.py --quick    # smaller runs

Per-core rates play in this one process and count CPU time, so a busy machine
disturbs them less; the full run is wall-clock time on every core, as a user
would see it. Both go through the same runner `printkit simulate` uses.
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path

from printkit.simulate.runner import Plan, Source, default_workers, play_games, run

CONTENT = (
    Path(__file__).resolve().parent.parent / "printkit" / "bundled" / "content" / "lemonade-stall"
)
GAME = "lemonade-stall"


def per_core(players: int, games: int, repeats: int) -> float:
    """Best games per CPU-second in this process, after a warm-up run."""
    source = Source(CONTENT, "bundled")
    for _ in play_games(Plan(GAME, (source,), players, games // 4, seed=99)):
        pass
    best = 0.0
    for repeat in range(repeats):
        plan = Plan(GAME, (source,), players, games, seed=repeat + 1)
        start = time.process_time()
        for _ in play_games(plan):
            pass
        best = max(best, games / (time.process_time() - start))
    return best


def full_run(players: int, games: int, workers: int) -> float:
    """Wall-clock seconds for a whole report, workers started and records tallied."""
    plan = Plan(GAME, (Source(CONTENT, "bundled"),), players, games, seed=1, workers=workers)
    start = time.perf_counter()
    (report,) = run(plan)
    assert report.games == games
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    args = parser.parse_args()
    games, repeats, total = (300, 2, 2_000) if args.quick else (1_500, 3, 10_000)
    workers = default_workers()
    print(f"Python {platform.python_version()}, {workers} cores")
    print("| players | games/s per core | ms per game |")
    print("|---|---|---|")
    for players in (2, 3, 4):
        rate = per_core(players, games, repeats)
        print(f"| {players} | {rate:,.0f} | {1000 / rate:.2f} |")
    seconds = full_run(4, total, workers)
    print(
        f"\n{total:,} four-player games on {workers} workers: {seconds:.1f} s "
        f"({total / seconds:,.0f} games/s)"
    )


if __name__ == "__main__":
    main()
