"""Build-loop benchmarks: cold kit, no-op rebuild, one-card change, check, card throughput.

Run: .venv/bin/python benchmarks/bench_build.py  (prints a Markdown table)
Each figure is the median of several runs of the real CLI in a fresh process,
so interpreter start-up and imports are included, as a designer would see them.
The watch figure is the time from saving a content file to `printkit watch`
reporting both paper sizes rebuilt (file-system notification included).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRINTKIT = [sys.executable, "-m", "printkit"]
RUNS = 5


def timed(args: list[str], cwd: Path, cache: Path) -> float:
    """One CLI run; ``cache`` is its XDG cache folder (empty for a truly cold build)."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    start = time.perf_counter()
    subprocess.run(PRINTKIT + args, cwd=cwd, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def median(samples: list[float]) -> float:
    return statistics.median(samples)


def bench_kit(work: Path) -> dict[str, float]:
    content = work / "content"
    shutil.copytree(ROOT / "printkit" / "bundled" / "content", content)
    out = work / "output"
    build = ["build", "lemonade-stall", "--content", str(content), "--out", str(out)]
    cold, noop, one_card, check = [], [], [], []
    events = content / "lemonade-stall" / "events.yaml"
    original = events.read_text()
    for run in range(RUNS):
        shutil.rmtree(out, ignore_errors=True)
        cache = work / f"cache-{run}"  # a new, empty cache: nothing kept from earlier runs
        cold.append(timed(build, work, cache))
        noop.append(timed(build, work, cache))
        events.write_text(original.replace("happens today.", f"happens today{'!' * (run + 1)}"))
        one_card.append(timed(build, work, cache))
        events.write_text(original)
        timed(build, work, cache)
        check.append(timed(["check", str(content / "lemonade-stall")], work, cache))
    return {
        "cold build, both paper sizes": median(cold),
        "no-op rebuild": median(noop),
        "one event card's text changed": median(one_card),
        "printkit check (39 examples)": median(check),
    }


def bench_watch(work: Path) -> float:
    """Save an event card's text while `printkit watch` runs; time until both papers report."""
    content = work / "content-watch"
    shutil.copytree(ROOT / "printkit" / "bundled" / "content", content)
    events = content / "lemonade-stall" / "events.yaml"
    original = events.read_text()
    args = ["watch", "lemonade-stall", "--content", str(content), "--out", str(work / "out-w")]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "XDG_CACHE_HOME": str(work / "cache-watch")}
    pipe = subprocess.PIPE
    watcher = subprocess.Popen(PRINTKIT + args, cwd=work, stdout=pipe, text=True, env=env)
    try:
        await_line(watcher, "waiting for the next save")  # built once and warmed up
        samples = []
        for run in range(RUNS + 2):
            time.sleep(0.5)  # let the watcher settle between saves
            marks = "!" * (run + 1)
            events.write_text(original.replace("happens today.", f"happens today{marks}."))
            start = time.perf_counter()
            await_line(watcher, "ready in")
            samples.append(time.perf_counter() - start)
        return median(samples)
    finally:
        watcher.terminate()
        watcher.wait()


def await_line(watcher: subprocess.Popen, text: str) -> None:
    """Read the watcher's output up to a line holding ``text``."""
    while True:
        line = watcher.stdout.readline()
        if not line:
            raise SystemExit("printkit watch stopped")
        if text in line:
            return


def bench_cards() -> tuple[float, int]:
    """The 900-card deck of `bench_cards.py` (sheets and fold file) in a fresh process:
    its CPU seconds and the sheets' size."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_cards import PRINTKIT, run, write_deck

    with tempfile.TemporaryDirectory() as tmp:
        game, out = write_deck(Path(tmp)), Path(tmp, "out")
        out.mkdir()
        seconds = run(PRINTKIT, game, out)["cpu"]
        return seconds, (out / "cards.pdf").stat().st_size


def main() -> None:
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        results = bench_kit(Path(tmp))
        results["one event card's text changed, printkit watch running"] = bench_watch(Path(tmp))
    print("| benchmark | median (s) | target |")
    print("|---|---|---|")
    targets = ["< 1.5 s", "< 0.3 s", "< 0.5 s", "< 0.5 s", "< 0.5 s"]
    for (name, seconds), target in zip(results.items(), targets):
        print(f"| {name} | {seconds:.2f} | {target} |")
    seconds, size = median_cards()
    print(
        f"| 900 poker cards (sheets and fold file, fresh process, CPU) | {seconds:.2f} "
        f"({900 / seconds:,.0f} cards per CPU-s, {size / 1024:.0f} KiB) | > 1,000 cards/s |"
    )


def median_cards() -> tuple[float, int]:
    runs = [bench_cards() for _ in range(RUNS)]
    return median([r[0] for r in runs]), runs[0][1]


if __name__ == "__main__":
    main()
