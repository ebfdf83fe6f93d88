"""Chance as explicit outcomes: every roll comes from a dice source passed in.

An example gives its rolls as a list; play uses a seeded generator. The rules
never touch a global random state, so a game is a function of its seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from printkit.errors import RuleError

T = TypeVar("T")


class Dice(Protocol):
    def roll(self, sides: int) -> int: ...


class SeededDice:
    """Fair dice from a seeded generator: same seed, same game."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        """``randint(1, sides)``'s very numbers, without its three layers of calls.

        CPython draws ``randint`` as below (``_randbelow``): the seeded games
        played before this shortcut play the same now.
        """
        if sides < 1:
            raise RuleError(f"a die needs at least one side, not {sides}")
        bits, draw = sides.bit_length(), self._rng.getrandbits
        value = draw(bits)
        while value >= sides:
            value = draw(bits)
        return value + 1

    def choice(self, options: list) -> object:
        return self._rng.choice(options)

    def shuffle(self, items: list) -> list:
        shuffled = list(items)
        self._rng.shuffle(shuffled)
        return shuffled


class ScriptedDice:
    """Rolls fixed in advance, as an example states them; running out is an error."""

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        self._used = 0

    def roll(self, sides: int) -> int:
        if self._used >= len(self._rolls):
            raise RuleError(f"needs roll #{self._used + 1} but only {len(self._rolls)} given")
        value = self._rolls[self._used]
        if not 1 <= value <= sides:
            raise RuleError(f"roll #{self._used + 1} is {value}, not a d{sides} result")
        self._used += 1
        return value

    @property
    def unused(self) -> int:
        return len(self._rolls) - self._used


def shuffle(items: Sequence[T], dice: Dice) -> tuple[T, ...]:
    """Fisher-Yates through the dice source, so a shuffle is a function of the rolls.

    Each swap draws ``dice.roll(i + 1)``: a seed (or an example's scripted
    rolls) gives the same order in every game that shuffles this way.
    """
    deck = list(items)
    for i in range(len(deck) - 1, 0, -1):
        j = dice.roll(i + 1) - 1
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)
