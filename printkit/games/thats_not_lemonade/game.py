"""Whole rounds and whole games, with every hit-or-pass choice left to deciders.

A `Decider` sees only what its player could see at the table: its own hand,
how many cards everyone holds, who is out, who passed, the size of the pile
and how many out cards are still hidden. Shuffles come from a dice source.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from printkit.dice import Dice, shuffle
from printkit.errors import RuleError
from printkit.games.thats_not_lemonade.model import ThatsNotLemonade
from printkit.games.thats_not_lemonade.rules import (
    RoundResult,
    RoundState,
    can_hit,
    deal,
    finish_round,
    next_card_chance,
    round_deck,
    take_turn,
)


@dataclass(frozen=True)
class TurnView:
    """One player's view of the table when it is their turn."""

    seat: int
    hand: tuple[str, ...]
    lemons: int
    cards_left: int
    hidden: int  # out cards not yet turned up
    chance: Fraction  # that the next card is an out card
    held: tuple[int, ...]  # cards each seat holds (face down), seat 1 first
    seats_in: tuple[int, ...]
    last: tuple[str | None, ...]  # each seat's latest choice this round
    wins: tuple[int, ...]  # rounds each seat has won so far
    rounds_to_win: int


class Decider(Protocol):
    """Every choice one seat makes: hit (True) or pass (False)."""

    def hit(self, view: TurnView) -> bool: ...


def view_for(pack: ThatsNotLemonade, state: RoundState, seat: int, wins: Sequence[int]) -> TurnView:
    hand = state.hand(seat)
    return TurnView(
        seat=seat,
        hand=hand,
        lemons=sum(pack.card(c).lemons for c in hand),
        cards_left=len(state.pile),
        hidden=state.hidden,
        chance=next_card_chance(len(state.pile), state.hidden, pack.buried),
        held=tuple(len(h) for h in state.hands),
        seats_in=state.seats_in,
        last=state.last,
        wins=tuple(wins),
        rounds_to_win=pack.rounds_to_win,
    )


def play_round(
    pack: ThatsNotLemonade,
    players: int,
    dealer: int,
    deck: Sequence[str],
    deciders: Mapping[int, Decider],
    won: Sequence[str] = (),
    wins: Sequence[int] = (),
) -> RoundResult:
    """Deal ``deck`` (top first) and ask each seat in turn until the round ends."""
    state = deal(pack, players, dealer, deck)
    wins = tuple(wins) or (0,) * players
    while state.ended_by is None:
        seat = state.turn
        hit = can_hit(pack, state, seat) and deciders[seat].hit(view_for(pack, state, seat, wins))
        state = take_turn(pack, state, hit)
    return finish_round(pack, state, won)


@dataclass(frozen=True)
class GameResult:
    winner: int
    rounds: tuple[RoundResult, ...]
    wins: tuple[int, ...]  # rounds won by each seat, seat 1 first

    @property
    def ranking(self) -> tuple[int, ...]:
        """Seats by rounds won; the winner first, then equal seats in seat order."""
        others = sorted(
            (s for s in range(1, len(self.wins) + 1) if s != self.winner),
            key=lambda s: -self.wins[s - 1],
        )
        return (self.winner, *others)


Script = Callable[[int, int, tuple[str, ...]], tuple[Sequence[str], Mapping[int, Decider]]]


def play_game(
    pack: ThatsNotLemonade,
    players: int,
    deciders: Mapping[int, Decider],
    dice: Dice,
    first_dealer: int = 1,
) -> GameResult:
    """Rounds until a seat has won ``rounds_to_win``; each round's deck shuffled by ``dice``."""
    return play_rounds(
        pack, players, lambda _n, _dealer, cards: (shuffle(cards, dice), deciders), first_dealer
    )


def play_rounds(
    pack: ThatsNotLemonade, players: int, script: Script, first_dealer: int = 1
) -> GameResult:
    """A whole game: ``script(round, dealer, cards)`` gives each round's deck and deciders.

    The cards offered are the table's deck less every trophy won so far; a
    shuffle or a stacked example chooses their order. Each trophy leaves the
    deck, the deal passes left, and the game stops the moment a seat has won
    ``rounds_to_win`` rounds.
    """
    won: list[str] = []
    wins = [0] * players
    rounds: list[RoundResult] = []
    dealer = first_dealer
    while True:
        number = len(rounds) + 1
        deck, deciders = script(number, dealer, round_deck(pack, players, won))
        result = play_round(pack, players, dealer, deck, deciders, won, wins)
        rounds.append(result)
        won.append(result.trophy)
        wins[result.winner - 1] += 1
        if wins[result.winner - 1] >= pack.rounds_to_win:
            return GameResult(result.winner, tuple(rounds), tuple(wins))
        if len(rounds) > pack.most_trophies:
            raise RuleError(f"no winner after {len(rounds)} rounds")
        dealer = result.next_dealer
