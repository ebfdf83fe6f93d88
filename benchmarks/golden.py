"""Write Lemonade Stall's golden playthroughs: seeded bot games, every step's table.

The files are pinned references, like a PDF library's reference renders: they
are written from the engine once, reviewed, and checked by tests/test_golden.py
(or `printkit check tests/golden/lemonade-stall/*.yaml`) ever
after. A rule change that alters play fails them at the first step where play
diverges. They live outside the content pack, so a test that edits a copy of
the content is not tripped by them. Run again only to accept such a change on
purpose:

    .venv/bin/python benchmarks/golden.py
"""

from __future__ import annotations

from pathlib import Path

import yaml

from printkit.content.fields import Field
from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.examples import run_playthrough
from printkit.resources import bundled_content

GAMES = (  # (seed, lineup): one game for each table size, a mix of bots
    (11, ("cautious", "greedy")),
    (23, ("forecast-reader", "random-legal", "greedy")),
    (37, ("greedy", "forecast-reader", "cautious", "random-legal")),
)


GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "lemonade-stall"


def write_golden(folder: Path, target: Path = GOLDEN) -> list[Path]:
    pack = load(folder)
    written = []
    for seed, lineup in GAMES:
        given = {"seed": seed, "lineup": list(lineup)}
        result = run_playthrough(pack, Field(given, folder / "golden"))
        name = f"golden-{len(lineup)}p-seed-{seed}"
        document = {
            "game": pack.id,
            "example": name,
            "rule": "playthrough",
            "title": f"Golden playthrough: {len(lineup)} bots, seed {seed}",
            "given": given,
            "expect": dict(result),
        }
        path = target / f"{name}.yaml"
        header = "# Written by benchmarks/golden.py from the engine: a pinned reference.\n"
        path.write_text(
            header + yaml.safe_dump(document, sort_keys=False, width=100, default_flow_style=None)
        )
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_golden(bundled_content() / "lemonade-stall"):
        print(f"wrote {path}")
