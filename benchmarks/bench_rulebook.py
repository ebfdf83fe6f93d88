"""Rulebook speed: printkit's build against WeasyPrint typesetting the same Markdown.

Run: .venv/bin/python benchmarks/bench_rulebook.py  (prints a Markdown table)

"printkit" is the whole `render_rulebook` call: the game's context (worked
examples re-run by the engine, card pictures), the Jinja templates, Markdown
parsing, the PDF (every run of pages typeset: nothing is read from the disk
cache) and the HTML page with its card PNGs (all rasterised afresh).
"WeasyPrint" turns that very HTML page, i.e. the same
Markdown already rendered to HTML, into a PDF. Both run in one process with
imports done: the first call of each is shown on its own (printkit compiles
its templates then; a build renders A4 and Letter, so the second paper size
gets them from the cache), then the median of several more. WeasyPrint is a
benchmark-only tool: without it the script reports printkit alone.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RUNS = 5
TARGET = 4.0  # the rulebook must build at least this many times faster


def first_and_median(run: Callable[[], object], runs: int = RUNS) -> tuple[float, float]:
    """The first call (cold caches, late imports) and the median of the calls after it."""
    samples = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return samples[0], statistics.median(samples[1:])


def weasyprint_renderer() -> Callable[[bytes], bytes] | None:
    try:
        import weasyprint
    except (ImportError, OSError) as exc:  # OSError: its system libraries are missing
        print(f"WeasyPrint unavailable ({exc.__class__.__name__}); skipping the comparison")
        return None
    return lambda page: weasyprint.HTML(string=page.decode("utf-8")).write_pdf()


def main() -> int:
    from printkit.build.diskcache import fresh
    from printkit.registry import plugin_for
    from printkit.render.theme import Theme
    from printkit.render.units import PAPERS
    from printkit.rulebook.build import render_rulebook

    plugin = plugin_for("lemonade-stall")
    pack = plugin.load(ROOT / "printkit" / "bundled" / "content" / "lemonade-stall")
    paper = PAPERS["a4"]
    with fresh():  # a full typesetting every time, as a first build or --force does
        ours = first_and_median(lambda: render_rulebook(plugin, pack, paper, Theme()))
    rows = [("printkit: rulebook.pdf + rulebook.html (A4)", *ours)]
    weasy = weasyprint_renderer()
    if weasy is not None:
        page = render_rulebook(plugin, pack, paper, Theme())["rulebook.html"]
        theirs = first_and_median(lambda: weasy(page))
        rows.append(("WeasyPrint: the same rulebook.html to PDF", *theirs))
    print("| task | first call (s) | median of the next runs (s) |\n|---|---:|---:|")
    for name, first, median in rows:
        print(f"| {name} | {first:.2f} | {median:.2f} |")
    if weasy is None:
        return 0
    ratio = theirs[1] / ours[1]
    print(f"\nprintkit is {ratio:.1f}x faster (first calls: {theirs[0] / ours[0]:.1f}x; ", end="")
    print(f"target: at least {TARGET:g}x)")
    return 0 if ratio >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
