"""Rulebook speed: printkit's build against WeasyPrint typesetting the same Markdown.

Run: .venv/bin/python benchmarks/bench_rulebook.py  (prints a Markdown table)

"printkit" is the whole `render_rulebook` call: the game's context (worked
examples re-run by the engine, card pictures), the Jinja templates, Markdown
parsing, the PDF (three layout passes for the table of contents) and the HTML
page with its card PNGs. "WeasyPrint" turns that very HTML page, i.e. the same
Markdown already rendered to HTML, into a PDF. Both run in one warm process;
each figure is the median of several runs. WeasyPrint is a benchmark-only
tool: without it the script reports printkit alone.
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


def median_time(run: Callable[[], object], runs: int = RUNS) -> float:
    run()  # warm-up: imports, font registration, template compilation
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def weasyprint_renderer() -> Callable[[bytes], bytes] | None:
    try:
        import weasyprint
    except (ImportError, OSError) as exc:  # OSError: its system libraries are missing
        print(f"WeasyPrint unavailable ({exc.__class__.__name__}); skipping the comparison")
        return None
    return lambda page: weasyprint.HTML(string=page.decode("utf-8")).write_pdf()


def main() -> int:
    from printkit.registry import plugin_for
    from printkit.render.theme import Theme
    from printkit.render.units import PAPERS
    from printkit.rulebook.build import render_rulebook

    plugin = plugin_for("lemonade-stall")
    pack = plugin.load(ROOT / "content" / "lemonade-stall")
    files = render_rulebook(plugin, pack, PAPERS["a4"], Theme())
    ours = median_time(lambda: render_rulebook(plugin, pack, PAPERS["a4"], Theme()))
    rows = [("printkit: rulebook.pdf + rulebook.html (A4)", ours)]
    weasy = weasyprint_renderer()
    if weasy is not None:
        theirs = median_time(lambda: weasy(files["rulebook.html"]))
        rows.append(("WeasyPrint: the same rulebook.html to PDF", theirs))
    print("| task | median seconds |\n|---|---:|")
    for name, seconds in rows:
        print(f"| {name} | {seconds:.2f} |")
    if weasy is None:
        return 0
    ratio = theirs / ours
    print(f"\nprintkit is {ratio:.1f}x faster (target: at least {TARGET:g}x)")
    return 0 if ratio >= TARGET else 1


if __name__ == "__main__":
    raise SystemExit(main())
