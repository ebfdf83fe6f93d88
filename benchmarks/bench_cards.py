"""900 poker cards three ways, side by side: printkit, bare reportlab, protograf.

Run from the repository root:

    .venv/bin/python benchmarks/bench_cards.py            # 5 rounds
    .venv/bin/python benchmarks/bench_cards.py --rounds 3
    git archive main printkit | tar -x -C /tmp/before     # and main's printkit alongside:
    .venv/bin/python benchmarks/bench_cards.py --before /tmp/before

Every figure is a fresh process (interpreter start-up and imports included), timed
whole: wall, and CPU of the process (user + system). In each round the subjects
take turns, so their ratios compare runs made moments apart; the table gives the
median of the rounds with min-max, and each ratio as the median of the rounds' own
ratios. The deck: 900 distinct cards, a title, two or three wrapped lines, a
rounded frame on a flood that runs into the bleed, one shared back.

- printkit: loads a plain card game (`engine: cards`) from a folder, checks it,
  builds its kit and renders what a build prints for the deck: the duplex card
  sheets (fronts, mirrored backs, bleed, crop marks, 9-up) and the fold-and-glue
  file. Preflight, the guide and the rulebook are not part of it.
- bare reportlab: the same faces and backs drawn straight onto a canvas in a
  loop, 9-up, one file: the floor for drawing these cards with reportlab.
- protograf (optional, `.venv/bin/pip install protograf`): the same fronts
  through its `Deck`/`Card` API, one file.
"""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

CARDS = 900
ROOT = Path(__file__).resolve().parent.parent

PRINTKIT = """
import os, sys
from pathlib import Path
if os.environ.get("PRINTKIT_TREE"):  # another revision's printkit, ahead of this checkout's
    sys.meta_path[:] = [f for f in sys.meta_path if "ditable" not in repr(f)]
    sys.path.insert(0, os.environ["PRINTKIT_TREE"])
from printkit.build.parts import render_fold, render_part
from printkit.games.cards.content import load
from printkit.games.cards.kit import kit
from printkit.kit import KitOptions
from printkit.render.units import PAPERS
pack = load(Path(sys.argv[1]))
options = KitOptions(PAPERS["a4"])
made = kit(pack, options)
deck = made.parts[0]
Path(sys.argv[2], "cards.pdf").write_bytes(render_part(deck, made, options))
Path(sys.argv[2], "fold.pdf").write_bytes(render_fold(deck, made, options))
"""

REPORTLAB = """
import sys
from pathlib import Path
from reportlab.lib.colors import HexColor, black, white
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from printkit.resources import font_folder
fonts = font_folder()
pdfmetrics.registerFont(TTFont("Sans", str(fonts / "DejaVuSans.ttf")))
pdfmetrics.registerFont(TTFont("Sans-Bold", str(fonts / "DejaVuSans-Bold.ttf")))
W, H, BLEED = 63 * mm, 88 * mm, 3 * mm
X0, Y0 = (A4[0] - 3 * W) / 2, (A4[1] - 3 * H) / 2
c = Canvas(str(Path(sys.argv[2], "cards.pdf")), pagesize=A4, invariant=1)

def wrap(text, width):
    lines, line = [], ""
    for word in text.split():
        trial = (line + " " + word).strip()
        if line and pdfmetrics.stringWidth(trial, "Sans", 9) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line]

def front(n, x, y):
    c.setFillColor(HexColor("#BFE0F2"))
    c.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColor(white)
    c.setStrokeColor(black)
    c.roundRect(x + 3 * mm, y + 3 * mm, W - 6 * mm, H - 6 * mm, 3 * mm, stroke=1, fill=1)
    c.setFillColor(black)
    c.setFont("Sans-Bold", 13)
    c.drawCentredString(x + W / 2, y + H - 12 * mm, f"Card {n}")
    c.setFont("Sans", 9)
    top = y + H - 20 * mm
    text = f"Card {n} does something useful to the player on its left, twice."
    for i, line in enumerate(wrap(text, W - 12 * mm)):
        c.drawString(x + 6 * mm, top - i * 11, line)

def back(x, y):
    c.setFillColor(HexColor("#222222"))
    c.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setFillColor(white)
    c.setFont("Sans-Bold", 14)
    c.drawCentredString(x + W / 2, y + H / 2, "Deck")

for start in range(0, int(sys.argv[3]), 9):
    for side in ("front", "back"):
        for i in range(9):
            row, col = divmod(i, 3)
            if side == "back":
                col = 2 - col
            x, y = X0 + col * W, Y0 + (2 - row) * H
            c.saveState()
            p = c.beginPath()
            p.rect(x - BLEED, y - BLEED, W + 2 * BLEED, H + 2 * BLEED)
            c.clipPath(p, stroke=0, fill=0)
            front(start + i + 1, x, y) if side == "front" else back(x, y)
            c.restoreState()
        c.showPage()
c.save()
"""

PROTOGRAF = """
import os, sys
os.chdir(sys.argv[2])
sys.argv = sys.argv[:1]
from protograf import Card, Create, Deck, Save, rectangle, text
n = int(os.environ["CARDS"])
Create(filename="protograf.pdf", paper="A4", margin=0.5)
Deck(cards=n, card_size="poker", grid_marks=True, bleed_fill="#BFE0F2")
for i in range(1, n + 1):
    Card(
        str(i),
        rectangle(x=0.3, y=0.3, width=5.7, height=8.2, rounded=0.3, fill="white"),
        text(text=f"Card {i}", x=3.15, y=1.2, font_size=12, stroke="black"),
        text(
            text=f"Card {i} does something useful to the player on its left, twice.",
            x=0.6, y=1.8, width=5.1, height=3, wrap=True, font_size=9, stroke="black",
            align="left",
        ),
    )
Save()
"""


def write_deck(folder: Path) -> Path:
    """A plain card game of CARDS distinct cards, as `printkit new` lays one out."""
    game = folder / "deck"
    game.mkdir()
    (game / "game.yaml").write_text(
        textwrap.dedent(
            """\
            id: deck
            engine: cards
            title: Deck
            players: {min: 2, max: 4}
            card: {width: 63, height: 88}
            """
        )
    )
    with (game / "cards.csv").open("w", newline="") as out:
        rows = csv.writer(out)
        rows.writerow(["id", "title", "text"])
        for n in range(1, CARDS + 1):
            text = f"Card {n} does something useful to the player on its left, twice."
            rows.writerow([f"card-{n}", f"Card {n}", text])
    return game


def run(script: str, game: Path, out: Path, before_tree: str = "") -> dict[str, float]:
    """Wall and CPU seconds of one fresh process running ``script``."""
    env = {**os.environ, "CARDS": str(CARDS)}
    if before_tree:
        env["PRINTKIT_TREE"] = before_tree
    before = os.times()
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", script, str(game), str(out), str(CARDS)],
        check=True,
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return {"wall": wall, "cpu": cpu}


def has_protograf() -> bool:
    probe = [sys.executable, "-c", "import protograf"]
    return subprocess.run(probe, capture_output=True).returncode == 0


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--before", metavar="FOLDER", help="also time the printkit package unpacked in FOLDER"
    )
    args = parser.parse_args()
    subjects = {"printkit": PRINTKIT, "bare reportlab": REPORTLAB}
    if args.before:
        subjects["printkit before"] = PRINTKIT
        os.environ["BEFORE_TREE"] = args.before
    if has_protograf():
        subjects["protograf"] = PROTOGRAF
    else:
        print("protograf is not installed: its column is left out")
    results: dict[str, list[dict[str, float]]] = {name: [] for name in subjects}
    with tempfile.TemporaryDirectory() as tmp:
        game = write_deck(Path(tmp))
        for number in range(1, args.rounds + 1):
            for name, script in subjects.items():
                out = Path(tmp, f"{name}-{number}".replace(" ", "-"))
                out.mkdir()
                tree = os.environ.get("BEFORE_TREE", "") if name == "printkit before" else ""
                results[name].append(run(script, game, out, tree))
            load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
            line = ", ".join(f"{n} {r[-1]['cpu']:.2f} CPU-s" for n, r in results.items())
            print(f"round {number}: {line}; load average {load}")
    print(f"\n{CARDS} cards, median of {args.rounds} rounds (min–max):\n")
    print("| subject | CPU s | wall s | cards per CPU-s |")
    print("|---|---:|---:|---:|")
    for name, runs in results.items():
        cpu = [r["cpu"] for r in runs]
        rate = [CARDS / c for c in cpu]
        wall = [r["wall"] for r in runs]
        print(f"| {name} | {spread(cpu)} | {spread(wall)} | {spread(rate)} |")
    mine = [r["cpu"] for r in results["printkit"]]
    for name in results:
        if name != "printkit":
            ratios = [r["cpu"] / m for r, m in zip(results[name], mine)]
            print(f"\n{name} / printkit, CPU per round: {spread(ratios)}x")


if __name__ == "__main__":
    main()
