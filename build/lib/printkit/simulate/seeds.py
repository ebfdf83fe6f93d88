"""Seeds and seating: every game is a function of the master seed and its index.

A game's seed also fixes its line-up, so ``--replay SEED`` needs nothing else,
and consecutive games rotate through every seating of the strategies, so a
seat's effect and a strategy's effect can be told apart.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Sequence

SEED_BYTES = 5  # game seeds stay short enough to type


def lineups(strategies: Sequence[str], players: int) -> tuple[tuple[str, ...], ...]:
    """Every seating of distinct strategies (or with repeats, if there are too few)."""
    if players <= len(strategies):
        return tuple(itertools.permutations(strategies, players))
    return tuple(itertools.product(strategies, repeat=players))


def lineup_for(strategies: Sequence[str], players: int, seed: int) -> tuple[str, ...]:
    seatings = lineups(strategies, players)
    return seatings[seed % len(seatings)]


def game_seed(master: int, index: int, cycle: int) -> int:
    """A well-mixed seed for game ``index`` that is ``index`` modulo ``cycle``.

    The residue picks the line-up, so games 0, 1, 2, ... walk the seatings in
    order while their dice stay independent.
    """
    mixed = sub_seed(master, f"game-{index}")
    return mixed - mixed % cycle + index % cycle


def sub_seed(seed: int, role: str) -> int:
    """An independent seed for one role in a game (its dice, a seat's bot)."""
    digest = hashlib.blake2b(f"{seed}/{role}".encode(), digest_size=SEED_BYTES).digest()
    return int.from_bytes(digest, "big")
