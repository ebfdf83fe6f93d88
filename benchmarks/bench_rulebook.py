"""Rulebook speed: printkit against WeasyPrint on the same text, side by side.

Run from the repository root (WeasyPrint is a benchmark-only peer:
`.venv/bin/pip install -e '.[bench]'`; it needs Pango, Debian's `libpango-1.0-0`
and `libpangoft2-1.0-0`; without it the script times printkit alone):

    .venv/bin/python benchmarks/bench_rulebook.py            # 5 rounds
    .venv/bin/python benchmarks/bench_rulebook.py --rounds 3
    git archive main printkit | tar -x -C /tmp/before     # and main's printkit alongside,
    .venv/bin/python benchmarks/bench_rulebook.py --before /tmp/before   # on the Markdown

Every figure is a fresh process timed whole (interpreter start-up and imports
included): wall, and CPU of the process (user + system). In each round the
subjects take turns, so every ratio compares runs made moments apart; the table
gives the median of the rounds with min-max, each ratio as the median of the
rounds' own ratios, and the load average is printed with every round. printkit
reads nothing from a disk cache (an empty ``XDG_CACHE_HOME`` and ``fresh()``).
printkit's modules are byte-compiled before the first round, as pip compiles an
installed package (WeasyPrint's were when it was installed): with
``PYTHONDONTWRITEBYTECODE`` set, as on the project's machines, an editable
checkout would otherwise compile its source in every fresh process.

Three texts, each typeset to an A4 PDF by both:

- **with pictures**: Lemonade Stall's whole rulebook build (`render_rulebook`:
  the game's context, every worked example re-run by the engine, the Jinja
  templates, the PDF and the HTML page with its card PNGs) against WeasyPrint
  typesetting that very HTML page, card PNGs included;
- **no pictures**: Lemonade Stall's rulebook Markdown (templates filled in),
  made plain CommonMark: pictures and figures' pictures dropped, a boxed example
  a block quote under its bold title, the cover, contents and page breaks left
  out. printkit typesets it with its rulebook typesetter (parse, typography,
  layout, PDF); WeasyPrint gets it as markdown-it-py renders it to HTML (the
  same parser and extensions printkit uses), styled by the rulebook's own page CSS;
- **plain text**: only the headings, paragraphs and lists of that Markdown.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 4.0  # printkit must be at least this many times faster without pictures
GAME = "lemonade-stall"

BOOK = f"""
import sys
from pathlib import Path
from printkit.build.diskcache import fresh
from printkit.registry import plugin_for
from printkit.render.theme import Theme
from printkit.render.units import PAPERS
from printkit.rulebook.build import render_rulebook
plugin = plugin_for({GAME!r})
pack = plugin.load(Path("printkit/bundled/content/{GAME}"))
with fresh():
    files = render_rulebook(plugin, pack, PAPERS["a4"], Theme())
for name, data in files.items():
    Path(sys.argv[2], name).write_bytes(data)
"""

MARKDOWN = """
import sys
from pathlib import Path
from printkit.build.diskcache import fresh
from printkit.render.units import PAPERS
from printkit.rulebook.context import RulebookContext
from printkit.rulebook.markdown import apply_typography, check_links_and_outline, parse
from printkit.rulebook.typeset import typeset
nodes = parse(Path(sys.argv[1]).read_text(encoding="utf-8"))
check_links_and_outline(nodes)
apply_typography(nodes, "en")
with fresh():
    pdf = typeset(nodes, RulebookContext(title="Rules", variables={}), PAPERS["a4"])
Path(sys.argv[2], "rules.pdf").write_bytes(pdf)
"""

WEASY_HTML = """
import sys
from pathlib import Path
import weasyprint
weasyprint.HTML(filename=sys.argv[1]).write_pdf(str(Path(sys.argv[2], "weasy.pdf")))
"""

WEASY_MARKDOWN = """
import sys
from pathlib import Path
import weasyprint
from markdown_it import MarkdownIt
from printkit.rulebook.htmlpage import CSS
md = MarkdownIt("commonmark", {"typographer": True}).enable(
    ["table", "strikethrough", "replacements", "smartquotes"]
)
body = md.render(Path(sys.argv[1]).read_text(encoding="utf-8"))
page = (
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Rules</title>'
    f"<style>@page {{ size: A4; margin: 22mm 20mm 20mm }}\\n{CSS}</style></head>"
    f"<body><main>{body}</main></body></html>"
)
weasyprint.HTML(string=page).write_pdf(str(Path(sys.argv[2], "weasy.pdf")))
"""

FENCE = re.compile(r"^(`{3,})(\w*)[ \t]*(.*)$")
DROPPED = frozenset({"block", "contents", "pagebreak"})  # directives left out with their body
PLAIN = frozenset({"heading_open", "paragraph_open", "bullet_list_open", "ordered_list_open"})


def pictureless(markdown: str) -> str:
    """The rulebook's Markdown as plain CommonMark: no pictures, no layout directives."""
    from printkit.rulebook.markdown import DIRECTIVES

    out: list[str] = []
    stack: list[tuple[str, str]] = []  # (fence, directive name or "" for code)
    for line in markdown.splitlines():
        found = FENCE.match(line)
        quote = "> " * sum(name == "aside" for _, name in stack)
        dropping = any(name in DROPPED for _, name in stack)
        code = bool(stack) and stack[-1][1] == ""
        if found and stack and found[1] == stack[-1][0] and not found[2] and not found[3]:
            _, name = stack.pop()
            if name == "" and not dropping:
                out.append(quote + line)
            continue
        if found and not code:
            name = found[2] if found[2] in DIRECTIVES else ""
            stack.append((found[1], name))
            if dropping or name in DROPPED:
                continue
            if name == "aside":
                title = f"**{found[3]}**" if found[3] else ""
                out += [quote + "> " + title, quote + ">"] if title else []
            elif name == "":
                out.append(quote + line)
            continue
        if dropping or line.lstrip().startswith("!["):
            continue
        out.append(quote + line)
    return "\n".join(out) + "\n"


def plain_text(markdown: str) -> str:
    """Only the top-level headings, paragraphs and lists of ``markdown``."""
    from printkit.rulebook.markdown import markdown_parser

    lines = markdown.splitlines()
    kept = [
        "\n".join(lines[t.map[0] : t.map[1]])
        for t in markdown_parser().parse(markdown)
        if t.level == 0 and t.type in PLAIN and t.map
    ]
    return "\n\n".join(kept) + "\n"


def write_texts(folder: Path) -> dict[str, Path]:
    """The three inputs: the HTML page of a build, and the two Markdown texts."""
    subprocess.run(
        [sys.executable, "-c", BOOK, "", str(folder)], check=True, cwd=ROOT, env=quiet_env(folder)
    )
    from printkit.registry import plugin_for
    from printkit.render.theme import Theme
    from printkit.rulebook.build import rulebook_context, rulebook_markdown

    plugin = plugin_for(GAME)
    pack = plugin.load(ROOT / "printkit" / "bundled" / "content" / GAME)
    source = rulebook_markdown(plugin, pack, rulebook_context(plugin, pack, Theme()))
    texts = {"no pictures": pictureless(source)}
    texts["plain text"] = plain_text(texts["no pictures"])
    paths = {"with pictures": folder / "rulebook.html"}
    for name, text in texts.items():
        paths[name] = folder / f"{name.replace(' ', '-')}.md"
        paths[name].write_text(text, encoding="utf-8")
    return paths


def quiet_env(folder: Path) -> dict[str, str]:
    """An empty disk cache of its own for every printkit process."""
    cache = Path(tempfile.mkdtemp(dir=folder, prefix="cache-"))
    return {**os.environ, "XDG_CACHE_HOME": str(cache)}


def run(script: str, source: Path, folder: Path, tree: Path = ROOT) -> dict[str, float]:
    """Wall and CPU seconds of one fresh process running ``script`` on ``source``, with the
    printkit package of ``tree`` (``-c`` puts the working folder first on the path)."""
    out = Path(tempfile.mkdtemp(dir=folder, prefix="out-"))
    env = quiet_env(folder)
    before = os.times()
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", script, str(source), str(out)],
        check=True,
        cwd=tree,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = os.times()
    cpu = after.children_user - before.children_user
    cpu += after.children_system - before.children_system
    return {"wall": wall, "cpu": cpu}


def has_weasyprint() -> bool:
    probe = [sys.executable, "-c", "import weasyprint"]
    return subprocess.run(probe, capture_output=True).returncode == 0


def spread(values: list[float], digits: int = 2) -> str:
    return (
        f"{statistics.median(values):.{digits}f} "
        f"({min(values):.{digits}f}–{max(values):.{digits}f})"
    )


BEFORE = "printkit before"


def print_ratios(results: dict[tuple[str, str], list[dict[str, float]]], who: str) -> dict:
    """Each text's ``who`` / printkit as the median of the rounds' own ratios (printed with
    their min-max); returns the CPU medians by text."""
    print(f"\n| text | {who} / printkit, CPU | wall |\n|---|---:|---:|")
    medians = {}
    for text in dict.fromkeys(t for t, w in results if w == who):
        ours, theirs = results[text, "printkit"], results[text, who]
        cpu = [t["cpu"] / o["cpu"] for o, t in zip(ours, theirs)]
        wall = [t["wall"] / o["wall"] for o, t in zip(ours, theirs)]
        print(f"| {text} | {spread(cpu)}x | {spread(wall)}x |")
        medians[text] = statistics.median(cpu)
    return medians


SUBJECTS = {  # (text, who) -> script
    ("with pictures", "printkit"): BOOK,
    ("with pictures", "WeasyPrint"): WEASY_HTML,
    ("no pictures", "printkit"): MARKDOWN,
    ("no pictures", "WeasyPrint"): WEASY_MARKDOWN,
    ("plain text", "printkit"): MARKDOWN,
    ("plain text", "WeasyPrint"): WEASY_MARKDOWN,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--before", metavar="FOLDER", type=Path,
        help="also time the printkit package unpacked in FOLDER on the Markdown texts",
    )  # fmt: skip
    args = parser.parse_args()
    weasy = has_weasyprint()
    if not weasy:
        print("WeasyPrint is not installed: its rows are left out")
    subjects = {k: v for k, v in SUBJECTS.items() if weasy or k[1] == "printkit"}
    trees = {who: ROOT for _, who in subjects}
    if args.before:
        trees[BEFORE] = args.before.resolve()
        subjects |= {(text, BEFORE): MARKDOWN for text in ("no pictures", "plain text")}
    for tree in set(trees.values()):
        compileall.compile_dir(tree / "printkit", quiet=1)  # as an installed printkit is
    results: dict[tuple[str, str], list[dict[str, float]]] = {k: [] for k in subjects}
    loads: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sources = write_texts(folder)
        for number in range(1, args.rounds + 1):
            for (text, who), script in subjects.items():
                results[text, who].append(run(script, sources[text], folder, trees[who]))
            loads.append(os.getloadavg()[0])
            line = ", ".join(f"{t}/{w} {r[-1]['cpu']:.2f}" for (t, w), r in results.items())
            print(f"round {number} (CPU s): {line}; load average {os.getloadavg()[0]:.2f}")
    print(f"\nmedian of {args.rounds} rounds (min–max), load average {spread(loads, 1)}:\n")
    print("| text | typesetter | CPU s | wall s |\n|---|---|---:|---:|")
    for (text, who), runs in results.items():
        cpu, wall = [r["cpu"] for r in runs], [r["wall"] for r in runs]
        print(f"| {text} | {who} | {spread(cpu)} | {spread(wall)} |")
    if args.before:
        print_ratios(results, BEFORE)
    if not weasy:
        return 0
    medians = print_ratios(results, "WeasyPrint")
    met = all(ratio >= TARGET for text, ratio in medians.items() if text != "with pictures")
    print(f"\ntarget without pictures: at least {TARGET:g}x ({'met' if met else 'not met'})")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
