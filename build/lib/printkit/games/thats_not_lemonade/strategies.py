"""Bots for simulated games: each decides hit or pass from what its seat can see.

The threshold bots ask the question the odds card answers: "is the chance that
the next card is That's Not Lemonade above my limit?". Pitting limits against
each other shows where a player should put the cup down. Any randomness comes
from a bot's own seeded generator, so a game replays exactly from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from printkit.games.thats_not_lemonade.game import Decider, TurnView
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade

THRESHOLDS = (10, 20, 30, 40)  # percent: pass when the chance is above it
PACE_LIMIT = Fraction(40, 100)  # keep-pace never hits above this chance
AHEAD_LIMIT = Fraction(5, 100)  # ... nor above this once it is ahead
HIT_CHANCE = 0.5  # coin-flip hits this often


class Threshold:
    """Hits while the chance of an out card is at or below ``limit`` percent."""

    def __init__(self, pack: ThatsNotLemonade, seed: int, limit: int) -> None:
        self.limit = Fraction(limit, 100)

    def hit(self, view: TurnView) -> bool:
        return view.chance <= self.limit


class KeepPace:
    """Hits while a rival still in may hold more lemons; passes once clearly ahead.

    A rival's lemons are guessed from the cards they hold and the deck's mean
    lemons per safe card, read from the content.
    """

    def __init__(self, pack: ThatsNotLemonade, seed: int) -> None:
        safe = [c for c in pack.cards if not c.out]
        cards = sum(c.copies for c in safe)
        self.per_card = Fraction(sum(c.lemons * c.copies for c in safe), cards)

    def hit(self, view: TurnView) -> bool:
        rivals = [view.held[s - 1] for s in view.seats_in if s != view.seat]
        best_guess = max(rivals, default=0) * self.per_card
        if view.lemons > best_guess:
            return view.chance <= AHEAD_LIMIT
        return view.chance <= PACE_LIMIT


class CoinFlip:
    """Hits or passes at random: the baseline every strategy must beat."""

    def __init__(self, pack: ThatsNotLemonade, seed: int) -> None:
        self._random = random.Random(seed).random

    def hit(self, view: TurnView) -> bool:
        return self._random() < HIT_CHANCE


def _threshold(limit: int) -> Callable[[ThatsNotLemonade, int], Decider]:
    return lambda pack, seed: Threshold(pack, seed, limit)


STRATEGIES: dict[str, Callable[[ThatsNotLemonade, int], Decider]] = {
    **{f"pass-above-{limit}%": _threshold(limit) for limit in THRESHOLDS},
    "keep-pace": KeepPace,
    "coin-flip": CoinFlip,
}


def _percent(chance: Fraction) -> str:
    return f"{float(chance * 100):g}%"


# Each bot in words, with the numbers it plays by ("chance": that the next card
# is That's Not Lemonade), for the balance report.
PLAYS: dict[str, tuple[str, dict[str, float]]] = {
    **{
        f"pass-above-{limit}%": (
            f"hits while the chance is at most {limit}%, passes above it",
            {"pass_above": limit / 100},
        )
        for limit in THRESHOLDS
    },
    "keep-pace": (
        f"hits up to {_percent(PACE_LIMIT)} while a rival may hold more lemons, "
        f"up to {_percent(AHEAD_LIMIT)} once ahead",
        {"pass_above": float(PACE_LIMIT), "pass_above_when_ahead": float(AHEAD_LIMIT)},
    ),
    "coin-flip": (
        f"hits at random, {HIT_CHANCE:.0%} of the time, whatever the chance",
        {"hit_chance": HIT_CHANCE},
    ),
}
