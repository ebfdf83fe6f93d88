"""How fast `printkit simulate` plays, this code against another revision, side by side.

Run from the repository root:

    .venv/bin/python benchmarks/simulate.py                  # this tree alone
    .venv/bin/python benchmarks/simulate.py --against main   # and main, alternately
    .venv/bin/python benchmarks/simulate.py --quick          # smaller runs
    .venv/bin/python benchmarks/simulate.py --against main --instructions

Every figure is measured in a fresh process, the versions taking turns in each
round, so a ratio compares runs made moments apart. Two measures: games per
CPU-second in one process (after a warm-up, so the bots' per-pack tables are
full), and the wall and CPU time of a whole run of four-player games with one
worker and with every core, through the same `run` that `printkit simulate`
calls. The machine's load average (`os.getloadavg`) is printed with each
round: the machine may be shared, and a loaded machine slows every figure.

``--instructions`` counts instead of timing: each version plays under
valgrind's cachegrind (``--cache-sim=no``), and the machine instructions a game
costs are the difference between a long and a short run, divided by the games
between them (start-up and imports cancel out). The count does not depend on
the load, so on a shared machine it is the steadiest ratio of two versions; it
is not a time (a cache miss costs more than an instruction), so it comes with
the timed figures, not instead of them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "lemonade-stall"


# -- one measurement, in a process of its own -------------------------------------
def measure_rate(players: int, games: int) -> dict:
    """Games per CPU-second in this process, after a warm-up of a fifth as many."""
    from printkit.simulate.runner import Plan, Source, play_games

    source = Source(_content(), "bundled")
    for _ in play_games(Plan(GAME, (source,), players, max(games // 5, 50), seed=99)):
        pass
    start = time.process_time()
    for _ in play_games(Plan(GAME, (source,), players, games, seed=1)):
        pass
    return {"rate": games / (time.process_time() - start)}


def measure_run(players: int, games: int, workers: int) -> dict:
    """Wall and CPU seconds (this process and its workers) for a whole report."""
    from printkit.simulate.runner import Plan, Source, run

    plan = Plan(GAME, (Source(_content(), "bundled"),), players, games, seed=1, workers=workers)
    start, cpu = time.perf_counter(), _cpu()
    (report,) = run(plan)
    wall, cpu = time.perf_counter() - start, _cpu() - cpu
    assert report.games == games
    return {"wall": wall, "cpu": cpu}


def measure_games(players: int, games: int) -> dict:
    """Just play: the workload whose instructions `count_instructions` counts."""
    from printkit.simulate.runner import Plan, Source, play_games

    for _ in play_games(Plan(GAME, (Source(_content(), "bundled"),), players, games, seed=1)):
        pass
    return {"games": games}


def _content() -> Path:
    import printkit

    return Path(printkit.__file__).resolve().parent / "bundled" / "content" / GAME


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


# -- rounds of measurements, each version in turn -----------------------------------
def export(revision: str, folder: Path) -> Path:
    """The revision's printkit package, unpacked from git, importable from ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "printkit"], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def in_process(root: Path, *args: str) -> dict:
    """One measurement in a fresh interpreter that imports printkit from ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, __file__, "--measure", *args],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
    ).stdout
    return json.loads(out.splitlines()[-1])


SHORT_RUN = 20  # games in the run whose instructions are taken off a long run's


def count_instructions(root: Path, players: int, games: int) -> float:
    """Machine instructions a game costs, from two runs under cachegrind."""
    counts = []
    for played in (SHORT_RUN, games):
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no"]
        command += ["--cachegrind-out-file=/dev/null", sys.executable, __file__]
        command += ["--measure", "games", str(players), str(played)]
        env = {**os.environ, "PYTHONPATH": str(root)}
        run = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root)
        found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        if run.returncode or not found:
            raise SystemExit(f"valgrind failed in {root}:\n{run.stderr[-2000:]}")
        counts.append(int(found.group(1).replace(",", "")))
    return (counts[1] - counts[0]) / (games - SHORT_RUN)


def instructions(versions: dict[str, Path], games: int) -> None:
    """Instructions a game, each version, 2 and 4 players, and the ratio of the two."""
    names = list(versions)
    print(f"\n| millions of instructions a game ({games} games less {SHORT_RUN}) | ", end="")
    print(" | ".join(names) + (" | ratio |" if len(names) == 2 else " |"))
    print("|---" * (len(names) + 1 + (len(names) == 2)) + "|")
    for players in (2, 4):
        counts = [count_instructions(root, players, games) for root in versions.values()]
        cells = [f"{c / 1e6:.2f}" for c in counts]
        if len(counts) == 2:
            cells.append(f"{counts[0] / counts[1]:.2f}x")
        print(f"| {players} players | " + " | ".join(cells) + " |", flush=True)


def spread(values: list[float], digits: int = 0) -> str:
    """Median, then min–max."""
    fmt = f"{{:,.{digits}f}}"
    low, high = min(values), max(values)
    return f"{fmt.format(statistics.median(values))} ({fmt.format(low)}–{fmt.format(high)})"


def load() -> str:
    return "/".join(f"{n:.1f}" for n in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="a git revision to measure alongside")
    parser.add_argument("--quick", action="store_true", help="smaller runs")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions a game (valgrind)"
    )
    parser.add_argument("--measure", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        kind, *numbers = args.measure
        measure = {"rate": measure_rate, "run": measure_run, "games": measure_games}[kind]
        print(json.dumps(measure(*map(int, numbers))))
        return
    rate_games, run_games = (300, 2_000) if args.quick else (1_500, 10_000)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    rounds = "" if args.instructions else f", {args.rounds} rounds"
    print(f"Python {platform.python_version()}, {cores} cores{rounds}")
    with tempfile.TemporaryDirectory() as scratch:
        versions = {"this tree": ROOT}
        if args.against:
            versions = {args.against: export(args.against, Path(scratch)), **versions}
        if args.instructions:
            print(f"load average {load()} (instruction counts do not depend on it)")
            instructions(versions, 100 if args.quick else 300)
            return
        table: dict[str, dict[str, list[float]]] = {v: {} for v in versions}
        for round_ in range(1, args.rounds + 1):
            before = load()
            for name, root in versions.items():
                seen = table[name]
                for players in (2, 4):
                    rate = in_process(root, "rate", str(players), str(rate_games))["rate"]
                    seen.setdefault(f"games/CPU-s, {players} players", []).append(rate)
                for workers in sorted({1, cores}):
                    figures = in_process(root, "run", "4", str(run_games), str(workers))
                    seen.setdefault(f"wall s, {workers} workers", []).append(figures["wall"])
                    seen.setdefault(f"games/CPU-s, {workers} workers", []).append(
                        run_games / figures["cpu"]
                    )
                one, every = seen["wall s, 1 workers"][-1], seen[f"wall s, {cores} workers"][-1]
                seen.setdefault("scaling", []).append(one / every)
            print(f"round {round_}: load average {before} before, {load()} after", flush=True)
        report(table, run_games)


def report(table: dict[str, dict[str, list[float]]], run_games: int) -> None:
    names = list(table)
    print(f"\n| measure ({run_games:,} four-player games a run) | " + " | ".join(names), end="")
    print(" | ratio |" if len(names) == 2 else " |")
    print("|---" * (len(names) + 1 + (len(names) == 2)) + "|")
    for measure in table[names[-1]]:
        digits = 2 if "wall" in measure or measure == "scaling" else 0
        cells = [spread(table[n][measure], digits) for n in names]
        if len(names) == 2:
            old, new = table[names[0]][measure], table[names[1]][measure]
            # each round's own ratio: faster is above 1, for times and rates alike
            per_round = [o / n if "wall" in measure else n / o for o, n in zip(old, new)]
            cells.append(spread(per_round, 2) + "x")
        print(f"| {measure} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
