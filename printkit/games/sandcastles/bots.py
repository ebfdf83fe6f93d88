"""Seeded complete rounds of Sandcastles: random legal builders and bullies.

The golden playthroughs use them to pin the engine: the same seed gives the
same deal, the same castles card by card and the same smashes. A builder lays
each card at a random legal spot (or keeps it, or throws a drawn card away
when none is legal); the rising tide is a fixed number of draws per player,
taken in turn from random piles, standing in for the five-minute timer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from printkit.dice import SeededDice, shuffle
from printkit.games.sandcastles.building import (
    DISCARD,
    DRAW,
    LAY,
    Build,
    Smash,
    Step,
    WholeRound,
    build_castles,
    play_whole_round,
)
from printkit.games.sandcastles.geometry import neighbour
from printkit.games.sandcastles.model import Placement, Sandcastles
from printkit.games.sandcastles.rules import check_castle, may_smash, score_table
from printkit.simulate.seeds import sub_seed

TIDE_DRAWS = 6  # cards each player takes from the piles before the timer runs out


@dataclass(frozen=True)
class SeededRound:
    hands: tuple[tuple[str, ...], ...]
    steps: tuple[tuple[Step, ...], ...]
    smashes: tuple[Smash, ...]
    played: WholeRound


def legal_spots(pack: Sandcastles, castle: Sequence[Placement], card: str) -> list[Placement]:
    """Every place and turn where ``card`` may be laid in ``castle`` now."""
    if pack.card(card).overlay:
        topped = {p.cell for p in castle if pack.card(p.card).overlay}
        return [
            Placement(card, p.x, p.y)
            for p in castle
            if not pack.card(p.card).overlay and p.cell not in topped
        ]
    if not castle:
        return [Placement(card, 0, 0, turn) for turn in range(4)]
    cells = {p.cell for p in castle}
    free = sorted({neighbour(c, side) for c in cells for side in range(4)} - cells)
    spots = []
    for x, y in free:
        for turn in range(4):
            spot = Placement(card, x, y, turn)
            if check_castle(pack, (*castle, spot))[-1].legal:
                spots.append(spot)
    return spots


class Builder:
    """One player's hand and castle, laying cards at random legal spots."""

    def __init__(self, pack: Sandcastles, hand: Sequence[str], rng: random.Random) -> None:
        self.pack, self.rng = pack, rng
        self.hand = list(hand)
        self.castle: list[Placement] = []
        self.steps: list[Step] = []

    def try_lay(self, card: str) -> bool:
        spots = legal_spots(self.pack, self.castle, card)
        if not spots:
            return False
        spot = self.rng.choice(spots)
        self.hand.remove(card)
        self.castle.append(spot)
        self.steps.append(Step(LAY, card, spot))
        return True

    def lay_what_fits(self) -> None:
        """Lay hand cards until none of them fits anywhere."""
        while any(self.try_lay(card) for card in list(self.hand)):
            pass

    def take(self, card: str) -> None:
        self.hand.append(card)
        self.steps.append(Step(DRAW, card))
        if not self.try_lay(card):
            self.hand.remove(card)
            self.steps.append(Step(DISCARD, card))
        self.lay_what_fits()


def _bully_smashes(pack: Sandcastles, builds: Sequence[Build], rng: random.Random):
    """Each bully smashes a random card of every castle that scored more in the first scoring."""
    table = score_table(pack, [b.castle for b in builds], [b.discards for b in builds])
    smashes = []
    gone: set[tuple[int, tuple[int, int]]] = set()
    for by, targets in enumerate(may_smash(table.totals(pack)), start=1):
        for of in targets:
            kept = [
                p.cell
                for p in table.castles[of - 1].kept
                if not pack.card(p.card).overlay and (of, p.cell) not in gone
            ]
            if kept:
                cell = rng.choice(kept)
                gone.add((of, cell))
                smashes.append(Smash(by, of, cell))
    return tuple(smashes)


def play_seeded_round(pack: Sandcastles, players: int, seed: int) -> SeededRound:
    """The whole round ``seed`` names: deal, building, rising tide, bullying, both scorings."""
    dice = SeededDice(sub_seed(seed, "dice"))
    deck = shuffle(pack.deck(), dice)
    size = pack.hand_size
    hands = tuple(tuple(deck[i * size : (i + 1) * size]) for i in range(players))
    rest = deck[players * size :]
    piles = [list(rest[i :: pack.piles]) for i in range(pack.piles)]
    builders = [
        Builder(pack, hand, random.Random(sub_seed(seed, f"seat-{seat}")))
        for seat, hand in enumerate(hands, start=1)
    ]
    for builder in builders:
        builder.lay_what_fits()
    for _ in range(TIDE_DRAWS):
        for builder in builders:
            open_piles = [p for p in piles if p]
            if open_piles:
                builder.take(builder.rng.choice(open_piles).pop(0))
    steps = tuple(tuple(b.steps) for b in builders)
    builds = build_castles(pack, hands, steps)  # the castles and discards as the engine counts
    smashes = _bully_smashes(pack, builds, random.Random(sub_seed(seed, "bullies")))
    played = play_whole_round(pack, hands, steps, smashes)
    return SeededRound(hands, steps, smashes, played)
