"""One event title edited in Lemonade Stall: an A4 build, in process, as `watch` runs it.

Run: .venv/bin/python benchmarks/bench_regenerate.py [runs]  (prints median and min-max)
Each run edits one event's title, builds A4 (the kit and the rulebook; code and fonts
already loaded, as in `printkit watch`), and says what was drawn again. The machine's
load average is printed with the figures: on a shared VM it moves them a lot.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from printkit.build.builder import build_game
from printkit.check.checker import PackCache
from printkit.kit import KitOptions
from printkit.render.units import PAPERS
from printkit.resources import bundled_content

GAME = "lemonade-stall"


def main(runs: int = 5) -> None:
    work = Path(tempfile.mkdtemp())
    content, out = work / "content", work / "out"
    shutil.copytree(bundled_content() / GAME, content / GAME)
    events = content / GAME / "events.yaml"
    original = events.read_text()

    def build():
        plugin, pack = PackCache(content).load(content / GAME)
        start = time.perf_counter()
        report = build_game(plugin, pack, out, KitOptions(PAPERS["a4"]))
        return time.perf_counter() - start, report

    build()
    samples = []
    for run in range(runs):
        events.write_text(original.replace("title: Strange Weather", f"title: Odd Weather {run}"))
        seconds, report = build()
        samples.append(seconds)
    print(f"rebuilt: {', '.join(report.rebuilt)}; reprint: {[s.caption for s in report.reprinted]}")
    print(
        f"one event title, A4 build: median {statistics.median(samples):.2f} s, "
        f"min-max {min(samples):.2f}-{max(samples):.2f} s over {runs} runs; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    shutil.rmtree(work)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
