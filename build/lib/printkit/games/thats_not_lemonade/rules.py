"""That's Not Lemonade's rules as pure functions over small frozen values.

A round is a `RoundState` moved on one turn at a time by `take_turn`; the deck
order is given (shuffled through a dice source in play, stacked in an
example), so a round is a function of its deck and the players' choices.
Every count comes from the `ThatsNotLemonade` pack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from printkit.errors import RuleError
from printkit.games.thats_not_lemonade.model import MUST_PASS, ThatsNotLemonade

HIT, PASS = "hit", "pass"
ALL_REVEALED, ONE_LEFT, ALL_PASSED = "all-revealed", "one-left", "all-passed"
END_CONDITIONS = (ALL_REVEALED, ONE_LEFT, ALL_PASSED)  # reported in this order when several hold
ONLY_PLAYER = "only-player-left"


# -- seats ---------------------------------------------------------------------
def turn_order(players: int, dealer: int) -> tuple[int, ...]:
    """Seats (1..players, clockwise) from the dealer's left round to the dealer."""
    return tuple((dealer + i) % players + 1 for i in range(players))


def next_dealer(players: int, dealer: int) -> int:
    """The deal passes to the dealer's left after every round."""
    return dealer % players + 1


# -- the deck ------------------------------------------------------------------
def round_deck(pack: ThatsNotLemonade, players: int, won: Sequence[str] = ()) -> tuple[str, ...]:
    """The cards shuffled for a round: the table's deck less every trophy won so far."""
    if players not in pack.player_counts:
        raise RuleError(f"{players} players: the game takes {pack.min_players}-{pack.max_players}")
    counts = Counter(pack.counts(players))
    for card in won:
        if counts[card] < 1:
            raise RuleError(f"no {card!r} card is left in the deck to have been won")
        counts[card] -= 1
    return tuple(c.id for c in pack.cards for _ in range(counts[c.id]))


def trophy_for(pack: ThatsNotLemonade, won: Sequence[str]) -> str:
    """The card a round winner takes: a single Lemonade while any is left, else the next."""
    taken = Counter(won)
    for card in pack.trophies:
        if pack.card(card).copies > taken[card]:
            return card
    raise RuleError(f"every trophy card has been won ({len(won)} rounds)")


# -- odds ------------------------------------------------------------------------
def next_card_chance(cards_left: int, hidden: int, buried: int = 1) -> Fraction:
    """The chance the next card dealt is a That's Not Lemonade card.

    The buried card is unseen too: the ``hidden`` out cards not yet turned up
    lie anywhere among the pile and the buried card, every order equally
    likely, so the top of the pile is one of ``cards_left + buried`` places.
    """
    unseen = cards_left + buried
    if cards_left < 1 or not 0 <= hidden <= unseen:
        raise RuleError(f"{hidden} hidden out cards cannot lie among {unseen} unseen cards")
    return Fraction(hidden, unseen)


@dataclass(frozen=True)
class OddsTable:
    """The odds card: a chance for each count of cards left and of out cards hidden."""

    cards_left: tuple[int, ...]  # rows, fewest first
    hidden: tuple[int, ...]  # columns
    buried: int

    def chance(self, cards_left: int, hidden: int) -> Fraction | None:
        """None where the counts cannot happen (more out cards than unseen cards)."""
        if hidden > cards_left + self.buried:
            return None
        return next_card_chance(cards_left, hidden, self.buried)


def odds_table(pack: ThatsNotLemonade) -> OddsTable:
    """Every situation the largest deck can reach, from its first deal to its last card."""
    return OddsTable(
        cards_left=tuple(range(1, pack.largest_deck - pack.buried + 1)),
        hidden=tuple(range(1, pack.most_out_cards + 1)),
        buried=pack.buried,
    )


def whole_percent(chance: Fraction) -> int:
    """A chance in whole per cent, halves rounded up: what the odds card prints."""
    return int(chance * 100 + Fraction(1, 2))


def percent(chance: Fraction) -> str:
    return f"{whole_percent(chance)}%"


# -- a round ---------------------------------------------------------------------
@dataclass(frozen=True)
class Turn:
    """One turn as the table saw it: who, hit or pass, and the card taken (if any)."""

    seat: int
    choice: str  # HIT or PASS
    card: str = ""


@dataclass(frozen=True)
class RoundState:
    players: int
    dealer: int
    pile: tuple[str, ...]  # face down, top first
    buried: tuple[str, ...]
    out_in_deck: int  # That's Not Lemonade cards among pile and buried at the deal
    hands: tuple[tuple[str, ...], ...]  # the safe cards each seat took, seat 1 first
    out: tuple[int, ...] = ()  # seats put out, in the order they went out
    last: tuple[str | None, ...] = ()  # each seat's latest choice this round
    turn: int = 0  # the seat to act
    ended_by: str | None = None
    log: tuple[Turn, ...] = ()  # every turn so far, in order

    @property
    def seats_in(self) -> tuple[int, ...]:
        return tuple(s for s in turn_order(self.players, self.dealer) if s not in self.out)

    @property
    def hidden(self) -> int:
        """Out cards not yet turned up: in the pile or buried."""
        return self.out_in_deck - len(self.out)

    def hand(self, seat: int) -> tuple[str, ...]:
        return self.hands[seat - 1]


def deal(pack: ThatsNotLemonade, players: int, dealer: int, deck: Sequence[str]) -> RoundState:
    """Bury the top card(s) and hand the first turn to the dealer's left."""
    if not 1 <= dealer <= players:
        raise RuleError(f"dealer {dealer} is not a seat of {players}")
    out_cards = sum(1 for card in deck if pack.card(card).out)
    return RoundState(
        players=players,
        dealer=dealer,
        pile=tuple(deck[pack.buried :]),
        buried=tuple(deck[: pack.buried]),
        out_in_deck=out_cards,
        hands=((),) * players,
        last=(None,) * players,
        turn=turn_order(players, dealer)[0],
    )


def can_hit(pack: ThatsNotLemonade, state: RoundState, seat: int) -> bool:
    """Whether ``seat`` has a choice at all: a card to take, and no binding pass."""
    if not state.pile and pack.empty_pile == MUST_PASS:
        return False
    return pack.pass_again or state.last[seat - 1] != PASS


def take_turn(pack: ThatsNotLemonade, state: RoundState, hit: bool) -> RoundState:
    """The seat to act hits or passes; then the round ends or the turn moves left."""
    if state.ended_by is not None:
        raise RuleError(f"the round is over ({state.ended_by})")
    seat = state.turn
    hit = hit and can_hit(pack, state, seat)
    last = list(state.last)
    last[seat - 1] = HIT if hit else PASS
    turn = Turn(seat, HIT, state.pile[0]) if hit else Turn(seat, PASS)
    state = replace(state, last=tuple(last), log=state.log + (turn,))
    if hit:
        state = _draw(pack, state, seat)
    ended = round_end(state)
    if ended is not None:
        return replace(state, ended_by=ended)
    return replace(state, turn=_next_in(state, seat))


def _draw(pack: ThatsNotLemonade, state: RoundState, seat: int) -> RoundState:
    card, pile = state.pile[0], state.pile[1:]
    if pack.card(card).out:
        return replace(state, pile=pile, out=state.out + (seat,))
    hands = list(state.hands)
    hands[seat - 1] = hands[seat - 1] + (card,)
    return replace(state, pile=pile, hands=tuple(hands))


def _next_in(state: RoundState, seat: int) -> int:
    for step in range(1, state.players + 1):
        candidate = (seat - 1 + step) % state.players + 1
        if candidate not in state.out:
            return candidate
    raise RuleError("no player is left in the round")


def round_end(state: RoundState) -> str | None:
    """Which of the three endings holds now, if any (the first listed when several do)."""
    seats_in = state.seats_in
    if state.out_in_deck and len(state.out) == state.out_in_deck:
        return ALL_REVEALED
    if len(seats_in) <= 1:
        return ONE_LEFT
    if all(state.last[s - 1] == PASS for s in seats_in):
        return ALL_PASSED
    return None


# -- scoring ---------------------------------------------------------------------
def lemons(pack: ThatsNotLemonade, hand: Sequence[str]) -> int:
    return sum(pack.card(c).lemons for c in hand)


def ice(pack: ThatsNotLemonade, hand: Sequence[str]) -> int:
    return sum(1 for c in hand if pack.card(c).ice)


def round_winner(pack: ThatsNotLemonade, state: RoundState) -> tuple[int, str]:
    """The winner among the seats still in, and the rule that separated the top two."""
    order = state.seats_in
    if not order:
        raise RuleError("every player is out: nobody can win the round")
    if len(order) == 1:
        return order[0], ONLY_PLAYER
    nearness = {seat: -i for i, seat in enumerate(order)}

    def key_of(seat: int, breaker: str) -> int:
        if breaker == "lemons":
            return lemons(pack, state.hand(seat))
        if breaker == "ice":
            return ice(pack, state.hand(seat))
        return nearness[seat]

    ranked = sorted(order, key=lambda s: [key_of(s, b) for b in pack.tie_breaks], reverse=True)
    first, second = ranked[0], ranked[1]
    decided_by = next(b for b in pack.tie_breaks if key_of(first, b) != key_of(second, b))
    return first, decided_by


@dataclass(frozen=True)
class RoundResult:
    """A finished round: who won it, how it ended, what the winner takes."""

    state: RoundState
    winner: int
    decided_by: str
    trophy: str
    next_dealer: int

    @property
    def ended_by(self) -> str:
        assert self.state.ended_by is not None
        return self.state.ended_by


def finish_round(pack: ThatsNotLemonade, state: RoundState, won: Sequence[str]) -> RoundResult:
    """Score an ended round; ``won`` lists every trophy taken in earlier rounds."""
    if state.ended_by is None:
        raise RuleError("the round has not ended")
    winner, decided_by = round_winner(pack, state)
    return RoundResult(
        state, winner, decided_by, trophy_for(pack, won), next_dealer(state.players, state.dealer)
    )
