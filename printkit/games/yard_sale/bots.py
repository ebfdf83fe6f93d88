"""Seeded complete games of Yard Sale: random legal sellers playing the whole sale.

The golden playthroughs use them to pin the engine: the same seed always
gives the same shuffles, the same turns and the same takings. A seller picks
at random among the moves the rules allow; every card offered or pitched
leaves its hand, so every round ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from printkit.dice import SeededDice, shuffle
from printkit.games.yard_sale.model import YardSale
from printkit.games.yard_sale.play import (
    Laid,
    Move,
    Pile,
    RoundPlay,
    Seller,
    Table,
    make_move,
    play_round,
)
from printkit.games.yard_sale.rules import arrive, draw, first_round_player, winners
from printkit.simulate.seeds import sub_seed

PASS_CHANCE = 0.3  # a seller passes this often even with cards to play
OFFER_CHANCE = 0.8  # ... otherwise offers an item this often
PITCH_CHANCE = 0.5  # ... and plays a pitch this often


@dataclass(frozen=True)
class SaleRecord:
    rounds: tuple[RoundPlay, ...]
    final: Table
    winners: tuple[int, ...]


def open_sale(pack: YardSale, players: int, dice: SeededDice) -> Table:
    """Shuffled decks, five pitches and five items each, the display, round 1's first player."""
    items = shuffle([i.id for i in pack.items], dice)
    pitches = shuffle([p.id for p in pack.pitches for _ in range(p.copies)], dice)
    shoppers = shuffle([s.id for s in pack.shoppers], dice)
    sellers = []
    for _ in range(players):
        hand = draw(pitches, (), pack.pitch_hand)
        front = draw(items, (), pack.item_hand)
        pitches, items = hand.deck, front.deck
        sellers.append(Seller(front.cards, hand.cards))
    shown = draw(shoppers, (), pack.display_shoppers)
    first = first_round_player([0] * players, dice).first  # nobody says what they carry
    return Table(
        round=1,
        first=first,
        sellers=tuple(sellers),
        display=tuple(arrive(pack.shopper(s)) for s in shown.cards),
        items=Pile(items),
        pitches=Pile(pitches),
        shoppers=Pile(shown.deck),
    )


def choose_move(pack: YardSale, table: Table, laid: Laid, seat: int, rng: random.Random) -> Move:
    """A random legal move for ``seat``: an offer, a pitch, both, or a pass."""
    seller = table.sellers[seat - 1]
    if rng.random() < PASS_CHANCE or not (seller.items or seller.pitches):
        return Move(seat)
    offer = None
    if seller.items and table.display and rng.random() < OFFER_CHANCE:
        offer = (rng.choice(seller.items), rng.choice(table.display).shopper.id)
    pitch = None
    if seller.pitches and rng.random() < PITCH_CHANCE:
        pitch = _pitch_for(pack, table, laid, seat, offer, rng)
    return Move(seat, offer, pitch)


def _pitch_for(
    pack: YardSale,
    table: Table,
    laid: Laid,
    seat: int,
    offer: tuple[str, str] | None,
    rng: random.Random,
) -> tuple[str, str | None] | None:
    rows = [o for row in laid.offers.values() for o in row]
    own = [o.item.id for o in rows if o.seller == seat] + ([offer[0]] if offer else [])
    rival = [o.item.id for o in rows if o.seller != seat]
    shoppers = [v.shopper.id for v in table.display]
    targets: dict[str, list[str | None]] = {
        "own-item": list(own),
        "rival-item": list(rival),
        "shopper": list(shoppers),
        "subject": [None],
    }
    playable = [p for p in table.sellers[seat - 1].pitches if targets[pack.pitch(p).target]]
    if not playable:
        return None
    card = rng.choice(playable)
    return card, rng.choice(targets[pack.pitch(card).target])


def play_seeded_sale(pack: YardSale, players: int, seed: int) -> SaleRecord:
    """The whole sale ``seed`` names: shuffles, every seller's moves, all the rounds."""
    dice = SeededDice(sub_seed(seed, "dice"))
    rngs = {s: random.Random(sub_seed(seed, f"seat-{s}")) for s in range(1, players + 1)}
    table = open_sale(pack, players, dice)
    rounds = []
    while table.round <= pack.rounds:
        moves = _round_moves(pack, table, rngs)
        played = play_round(pack, table, moves, dice)
        rounds.append(played)
        table = played.after
    return SaleRecord(tuple(rounds), table, winners([s.cash for s in table.sellers]))


def _round_moves(pack: YardSale, table: Table, rngs: dict[int, random.Random]) -> list[Move]:
    """Moves clockwise from the first player until every seller passes in a row."""
    laid, moves, passes = Laid(), [], 0
    seat = table.first
    while passes < table.players:
        move = choose_move(pack, table, laid, seat, rngs[seat])
        table = make_move(pack, table, laid, move)
        moves.append(move)
        passes = passes + 1 if move.passes else 0
        seat = seat % table.players + 1
    return moves
