"""One digest of many seeded Lemonade Stall games, to prove an engine change plays the same.

Run from the repository root, before and after a change, and compare:

    .venv/bin/python benchmarks/digest.py

2, 3 and 4 players, every lineup of the bots (repeats allowed: 16, 64 and 256),
15, 5 and 2 seeds each: 1,072 games. The digest covers the result, every field of
every day's report (each stand's stock also sorted, so a change of dict order shows)
and the record the simulator keeps. From d036f37 through issue-20e it is
9a1365e30eab7d2d44b607017880195cb96a45e5a49c40c106cf018981b9df70.
"""

from __future__ import annotations

import hashlib
import itertools
from pathlib import Path

import printkit
from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.simulation import play_seeded, record_game
from printkit.games.lemonade_stall.strategies import STRATEGIES

SEEDS = {2: 15, 3: 5, 4: 2}  # seeds per lineup, by players


def digest() -> tuple[int, str]:
    pack = load(Path(printkit.__file__).parent / "bundled" / "content" / "lemonade-stall")
    seen, games = hashlib.sha256(), 0
    for players, seeds in SEEDS.items():
        for lineup in itertools.product(STRATEGIES, repeat=players):
            for _ in range(seeds):
                seed = (players * 1000003 + games * 7919) % 2**31
                result, days = play_seeded(pack, players, seed, lineup)
                seen.update(repr(result).encode())
                for day in days:
                    seen.update(repr(day).encode())
                    seen.update(repr([sorted(stock.items()) for stock in day.stock]).encode())
                seen.update(repr(record_game(pack, players, seed, lineup, games)).encode())
                games += 1
    return games, seen.hexdigest()


if __name__ == "__main__":
    print(*digest())
