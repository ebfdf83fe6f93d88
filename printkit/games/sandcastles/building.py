"""A Sandcastles round as the table plays it: cards laid one by one, draws, discards, smashes.

Each player's castle grows step by step from the five cards dealt and the
cards taken from the piles in the rising tide; the finished castles go to the
same scoring, bullying and second scoring as `rules.play_round`. Every step is
checked against the rules of play, so an impossible script is an error that
names the step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from printkit.errors import RuleError
from printkit.games.sandcastles.model import Placement, Sandcastles
from printkit.games.sandcastles.rules import (
    Cell,
    RoundResult,
    check_castle,
    may_smash,
    play_round,
    score_table,
)

LAY, DRAW, DISCARD = "lay", "draw", "discard"
STEP_KINDS = (LAY, DRAW, DISCARD)


@dataclass(frozen=True)
class Step:
    """One thing a player does: lay a card from their hand, take one from a pile, discard one."""

    kind: str
    card: str
    placement: Placement | None = None  # for LAY


@dataclass(frozen=True)
class Build:
    """One player's castle in the making."""

    hand: tuple[str, ...]  # cards held: dealt and not yet laid, or just drawn
    castle: tuple[Placement, ...] = ()  # in the order laid
    discarded: tuple[str, ...] = ()
    drawn: str | None = None  # taken from a pile and not yet laid or discarded
    draws: tuple[str, ...] = ()  # every card taken from the piles

    @property
    def discards(self) -> int:
        """Discards when the tide comes in: cards thrown away plus cards still held."""
        return len(self.discarded) + len(self.hand)


def start_build(pack: Sandcastles, hand: Sequence[str]) -> Build:
    if len(hand) != pack.hand_size:
        raise RuleError(f"{len(hand)} cards dealt; every player is dealt {pack.hand_size}")
    return Build(tuple(hand))


def _held(build: Build, card: str) -> tuple[str, ...]:
    if card not in build.hand:
        held = ", ".join(build.hand) or "nothing"
        raise RuleError(f"{card} is not in the hand (it holds {held})")
    hand = list(build.hand)
    hand.remove(card)
    return tuple(hand)


def take_step(pack: Sandcastles, build: Build, step: Step) -> Build:
    """The build after one step, or a RuleError saying which rule of play it breaks."""
    if step.kind == DRAW:
        if build.drawn is not None:
            raise RuleError(
                f"takes {step.card} while still holding the {build.drawn} taken before: "
                "lay it or discard it first"
            )
        bad = [v for v in check_castle(pack, build.castle) if not v.legal]
        if bad:
            raise RuleError(
                f"takes {step.card} while card {bad[0].number} of the castle is illegal "
                f"({bad[0].reason}): a new card only once the castle is legal"
            )
        return replace(
            build, hand=build.hand + (step.card,), drawn=step.card, draws=build.draws + (step.card,)
        )
    hand = _held(build, step.card)
    drawn = None if build.drawn == step.card else build.drawn
    if step.kind == DISCARD:
        return replace(build, hand=hand, drawn=drawn, discarded=build.discarded + (step.card,))
    assert step.placement is not None
    return replace(build, hand=hand, drawn=drawn, castle=build.castle + (step.placement,))


@dataclass(frozen=True)
class Smash:
    """A bully smashes one card of a castle that scored more: at a cell, or just its rider."""

    by: int  # seat, 1-based
    of: int
    cell: Cell
    card: str | None = None  # a Feather or Shell alone


@dataclass(frozen=True)
class WholeRound:
    builds: tuple[Build, ...]
    result: RoundResult


class StepError(RuleError):
    """An impossible step, with the seat and the step's number (1-based) it happened at."""

    def __init__(self, seat: int, number: int, message: str, bullying: bool = False) -> None:
        super().__init__(message)
        self.seat, self.number, self.bullying = seat, number, bullying


def build_castles(
    pack: Sandcastles, hands: Sequence[Sequence[str]], steps: Sequence[Sequence[Step]]
) -> tuple[Build, ...]:
    """Every player's castle, step by step; the table never holds more copies than the deck."""
    copies = Counter({card.id: card.copies for card in pack.cards})
    dealt = Counter(card for hand in hands for card in hand)
    for card, count in dealt.items():
        if count > copies[card]:
            raise StepError(0, 0, f"{count} {card} cards are dealt; the deck has {copies[card]}")
    builds = []
    for seat, (hand, script) in enumerate(zip(hands, steps), start=1):
        build = start_build(pack, hand)
        for number, step in enumerate(script, start=1):
            if step.kind == DRAW:
                dealt[step.card] += 1
                if dealt[step.card] > copies[step.card]:
                    raise StepError(
                        seat,
                        number,
                        f"takes a {step.card}, but all {copies[step.card]} of the deck's "
                        "copies are already at the table",
                    )
            try:
                build = take_step(pack, build, step)
            except StepError:
                raise
            except RuleError as exc:
                raise StepError(seat, number, str(exc)) from None
        builds.append(build)
    return tuple(builds)


def _victims(
    pack: Sandcastles, builds: Sequence[Build], smashes: Sequence[Smash]
) -> list[list[tuple[Cell, str | None]]]:
    """Each castle's smashed cards, once every bully is checked against the first scoring."""
    castles = [b.castle for b in builds]
    table = score_table(pack, castles, [b.discards for b in builds])
    first = table.totals(pack)
    rights = may_smash(first)
    seen: set[tuple[int, int]] = set()
    victims: list[list[tuple[Cell, str | None]]] = [[] for _ in builds]
    for number, smash in enumerate(smashes, start=1):
        for seat in (smash.by, smash.of):
            if not 1 <= seat <= len(builds):
                raise StepError(
                    0, number, f"seat {seat} is not at a {len(builds)}-player table", True
                )
        if smash.of not in rights[smash.by - 1]:
            raise StepError(
                smash.by,
                number,
                f"may not smash seat {smash.of}'s castle: it scored {first[smash.of - 1]} "
                f"in the first scoring, not more than seat {smash.by}'s {first[smash.by - 1]}",
                True,
            )
        if (smash.by, smash.of) in seen:
            raise StepError(
                smash.by, number, f"smashes seat {smash.of}'s castle twice: one card each", True
            )
        gone = victims[smash.of - 1]
        kept = [p for p in table.castles[smash.of - 1].kept if (p.cell, None) not in gone]
        kept = [p for p in kept if (p.cell, p.card) not in gone]
        if not any(p.cell == smash.cell and (smash.card in (None, p.card)) for p in kept):
            what = smash.card or "card"
            raise StepError(
                smash.by,
                number,
                f"smashes the {what} at {smash.cell[0]},{smash.cell[1]} of seat {smash.of}'s "
                "castle, but no such card is left there (after the first scoring and any "
                "earlier smash)",
                True,
            )
        seen.add((smash.by, smash.of))
        victims[smash.of - 1].append((smash.cell, smash.card))
    return victims


def play_whole_round(
    pack: Sandcastles,
    hands: Sequence[Sequence[str]],
    steps: Sequence[Sequence[Step]],
    smashes: Sequence[Smash] = (),
    keeps: Sequence[Cell | None] | None = None,
) -> WholeRound:
    """From the cards dealt, each player's steps and the bullies' smashes to the final scores."""
    builds = build_castles(pack, hands, steps)
    victims = _victims(pack, builds, smashes)
    castles = [b.castle for b in builds]
    result = play_round(pack, castles, [b.discards for b in builds], victims, keeps)
    return WholeRound(builds, result)
