"""One event title edited in Lemonade Stall: what an A4 rebuild costs, three ways.

Run: .venv/bin/python benchmarks/bench_regenerate.py [runs]  (default 5)

- in process: `build_game` for A4 with the code and fonts loaded (as `watch` runs it),
  wall and CPU seconds of the build alone (the child that draws the rulebook beside
  the kit included), and its critical path in CPU seconds: this process up to the
  child's start, then the longer of the two sides, then this process after it (what
  the wall time would be on two idle cores, so a figure the machine's load hardly moves),
  and the median of each of those four parts;
- `printkit build --paper a4`: the real CLI in a fresh process, start-up included;
- a `printkit watch --paper a4` round: from saving events.yaml to the watcher's
  "ready" line (file-system notice included).

Every run gives the event a title never printed before, and the disk cache is a new,
empty folder for this script (filled by the first build), so no run is served a page
an earlier run of the script typeset. Medians with min-max; the machine's load average
is printed with the figures: on a shared VM it moves them a lot. The fresh processes
load printkit from bytecode, as an installed printkit does, whatever
PYTHONDONTWRITEBYTECODE says in the shell that runs the script.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from bench_build import await_line  # run as a script: benchmarks/ is on the path

GAME = "lemonade-stall"
PRINTKIT = [sys.executable, "-m", "printkit"]
OLD = "title: Strange Weather"


def titled(original: str) -> str:
    return original.replace(OLD, f"title: Odd Weather {uuid.uuid4().hex[:6]}")


def summary(name: str, samples: list[float]) -> str:
    return (
        f"{name}: median {statistics.median(samples):.2f} s, "
        f"min-max {min(samples):.2f}-{max(samples):.2f} s over {len(samples)} runs"
    )


class Overlap:
    """This process's CPU seconds before the child beside the build starts, while it runs
    (until this process waits for it) and after: with the child's CPU seconds, the length
    of the build's critical path on two idle cores, whatever else loads the machine."""

    def __init__(self) -> None:
        self.marks: list[float] = []
        try:
            from printkit.build import aside
        except ImportError:  # a printkit that builds in one process
            return
        start, collect = aside._start, aside.Aside.collect

        def timed_start(*args):
            self.marks.append(time.process_time())
            return start(*args)

        def timed_collect(child):
            self.marks.append(time.process_time())
            try:
                return collect(child)
            finally:
                self.marks.append(time.process_time())

        aside._start, aside.Aside.collect = timed_start, timed_collect

    def critical(self, begun: float, ended: float, child: float) -> float:
        if len(self.marks) != 3:  # no child this build: everything ran here
            return ended - begun + child
        forked, waits, collected = self.marks
        return (forked - begun) + max(waits - forked, child) + (ended - collected)

    def sides(self, begun: float, ended: float, child: float) -> tuple[float, ...] | None:
        """(before the fork, this process's side, the child's, after collecting)."""
        if len(self.marks) != 3:
            return None
        forked, waits, collected = self.marks
        return (forked - begun, waits - forked, child, ended - collected)


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def in_process(content: Path, out: Path, runs: int) -> tuple[list[float], ...]:
    from printkit.build.builder import build_game
    from printkit.check.checker import PackCache
    from printkit.kit import KitOptions
    from printkit.render.units import PAPERS

    events = content / GAME / "events.yaml"
    original = events.read_text()

    def build():
        plugin, pack = PackCache(content).load(content / GAME)
        return build_game(plugin, pack, out, KitOptions(PAPERS["a4"]))

    build()
    overlap = Overlap()
    wall, cpu, critical, sides = [], [], [], []
    for _ in range(runs):
        events.write_text(titled(original))
        overlap.marks.clear()
        start, start_cpu, start_child = time.perf_counter(), time.process_time(), _children_cpu()
        report = build()
        wall.append(time.perf_counter() - start)
        ended, child = time.process_time(), _children_cpu() - start_child
        cpu.append(ended - start_cpu + child)
        critical.append(overlap.critical(start_cpu, ended, child))
        sides.append(overlap.sides(start_cpu, ended, child))
    events.write_text(original)
    if all(sides):
        parts = zip(["before the fork", "this side", "the child's", "after"], zip(*sides))
        print("in process, CPU s, median: " + ", ".join(
            f"{name} {statistics.median(values):.3f}" for name, values in parts
        ))  # fmt: skip
    return wall, cpu, critical, report


def cli_builds(content: Path, out: Path, env: dict, runs: int) -> list[float]:
    events = content / GAME / "events.yaml"
    original = events.read_text()
    args = [*PRINTKIT, "build", GAME, "--paper", "a4", "--content", str(content)]
    args += ["--out", str(out)]
    subprocess.run(args, check=True, capture_output=True, env=env)
    samples = []
    for _ in range(runs):
        events.write_text(titled(original))
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True, env=env)
        samples.append(time.perf_counter() - start)
    events.write_text(original)
    return samples


def watch_rounds(content: Path, out: Path, env: dict, runs: int) -> list[float]:
    events = content / GAME / "events.yaml"
    original = events.read_text()
    args = [*PRINTKIT, "watch", GAME, "--paper", "a4", "--content", str(content)]
    args += ["--out", str(out)]
    watcher = subprocess.Popen(
        args, stdout=subprocess.PIPE, text=True, env={**env, "PYTHONUNBUFFERED": "1"}
    )
    try:
        await_line(watcher, "waiting for the next save")  # built once and warmed up
        samples = []
        for _ in range(runs):
            time.sleep(0.5)  # let the watcher settle between saves
            events.write_text(titled(original))
            start = time.perf_counter()
            await_line(watcher, "ready in")
            samples.append(time.perf_counter() - start)
        return samples
    finally:
        watcher.terminate()
        watcher.wait()
        events.write_text(original)


def main(runs: int = 5) -> None:
    from printkit.resources import bundled_content

    work = Path(tempfile.mkdtemp(prefix="bench-regenerate-"))
    os.environ["XDG_CACHE_HOME"] = str(work / "cache")  # this process's builds too
    env = {**os.environ}
    # A fresh process as an installed printkit runs: modules loaded from their bytecode
    # (a shell with PYTHONDONTWRITEBYTECODE compiles all of printkit again, ~0.3 s each run;
    # the untimed first build of each figure writes the bytecode).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    content = work / "content"
    shutil.copytree(bundled_content() / GAME, content / GAME)
    try:
        wall, cpu, critical, report = in_process(content, work / "out", runs)
        print(f"rebuilt: {', '.join(report.rebuilt)}")
        print(f"reprint: {[s.caption for s in report.reprinted]}")
        print(summary("one event title, A4 build in process (wall)", wall))
        print(summary("one event title, A4 build in process (CPU, child beside included)", cpu))
        print(summary("one event title, A4 build in process (critical path, CPU)", critical))
        print(
            summary(
                "one event title, printkit build --paper a4",
                cli_builds(content, work / "out-cli", env, runs),
            )
        )
        print(
            summary(
                "one event title, printkit watch --paper a4 round",
                watch_rounds(content, work / "out-w", env, runs),
            )
        )
        print(
            f"load average {', '.join(f'{v:.1f}' for v in os.getloadavg())} "
            f"on {os.cpu_count()} cores"
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
