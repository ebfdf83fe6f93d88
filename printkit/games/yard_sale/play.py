"""A Yard Sale round as the table plays it: turn by turn, then buying, departures and refills.

`play_round` takes the table at the start of a round and each turn's moves in
order and returns the table at the start of the next, with a record of every
turn. It chains the rules in `rules` — `check_pitch`, `end_round`,
`turn_over_shoppers`, `refill`, `draw`, `next_first_player` — so an example
of a whole round is checked by the same engine as its parts. Any shuffle (an
empty deck taking its discard pile) comes from a dice source passed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from printkit.dice import Dice
from printkit.errors import RuleError
from printkit.games.yard_sale.model import YardSale
from printkit.games.yard_sale.rules import (
    Offer,
    RoundResult,
    Stall,
    Visit,
    check_pitch,
    draw,
    end_round,
    next_first_player,
    refill,
    turn_order,
    turn_over_shoppers,
)


@dataclass(frozen=True)
class Seller:
    """One player: items in front of them, pitches in hand, cash raised so far."""

    items: tuple[str, ...]
    pitches: tuple[str, ...]
    cash: int = 0


@dataclass(frozen=True)
class Pile:
    """A deck (top first) and its discard pile."""

    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class Table:
    """Everything on the table between rounds."""

    round: int
    first: int  # the seat that starts this round
    sellers: tuple[Seller, ...]
    display: tuple[Visit, ...]
    items: Pile = Pile()
    pitches: Pile = Pile()
    shoppers: Pile = Pile()

    @property
    def players(self) -> int:
        return len(self.sellers)


@dataclass(frozen=True)
class Move:
    """One turn: optionally offer an item to a shopper, optionally play a pitch; neither passes.

    A pitch goes ``on`` an item on offer (item pitches), beside a shopper
    (shopper pitches), or on the table (subject pitches: ``on`` is None).
    """

    seat: int
    offer: tuple[str, str] | None = None  # (item, shopper)
    pitch: tuple[str, str | None] | None = None  # (pitch, item or shopper)

    @property
    def passes(self) -> bool:
        return self.offer is None and self.pitch is None


@dataclass
class Laid:
    """What lies at the shoppers while a round is played: it grows turn by turn."""

    offers: dict[str, list[Offer]] = field(default_factory=dict)  # shopper -> row of offers
    beside: dict[str, list[str]] = field(default_factory=dict)  # shopper -> shopper pitches
    table: list[str] = field(default_factory=list)  # subject pitches


@dataclass(frozen=True)
class Refilled:
    seat: int
    items: tuple[str, ...]
    pitches: tuple[str, ...]
    bonus: bool
    short: bool = False  # a deck and its discard pile ran out before the hand was full


@dataclass(frozen=True)
class RoundPlay:
    """A played round: the turns, the buying, who left and came, what each seat drew."""

    moves: tuple[Move, ...]
    result: RoundResult
    sold: tuple[int, ...]  # items each seat sold
    leaving: tuple[str, ...]
    arriving: tuple[str, ...]
    refills: tuple[Refilled, ...]  # in dealing order
    after: Table
    stalls: tuple[Stall, ...] = ()  # each shopper with what was laid there
    table_pitches: tuple[str, ...] = ()  # subject pitches on the table


class TurnError(RuleError):
    """A move the rules forbid, with the turn (1-based) and seat it came from."""

    def __init__(self, turn: int, seat: int, message: str) -> None:
        super().__init__(message)
        self.turn, self.seat = turn, seat


# -- turns ---------------------------------------------------------------------------------
def _take(held: tuple[str, ...], card: str, what: str) -> tuple[str, ...]:
    if card not in held:
        raise RuleError(f"has no {card} {what} (holds {', '.join(held) or 'none'})")
    rest = list(held)
    rest.remove(card)
    return tuple(rest)


def _find_offer(laid: Laid, item: str) -> Offer | None:
    return next((o for row in laid.offers.values() for o in row if o.item.id == item), None)


def make_move(pack: YardSale, table: Table, laid: Laid, move: Move) -> Table:
    """Lay the move's item and pitch: the seller's cards leave their hand and join ``laid``."""
    seller = table.sellers[move.seat - 1]
    items, pitches = seller.items, seller.pitches
    on_display = {v.shopper.id for v in table.display}
    if move.offer is not None:
        item, shopper = move.offer
        if shopper not in on_display:
            raise RuleError(f"offers {item} to {shopper}, who is not on display")
        items = _take(items, item, "item in front of them")
        row = laid.offers.setdefault(shopper, [])
        row.append(Offer(pack.item(item), move.seat))
    if move.pitch is not None:
        card, target = move.pitch
        pitches = _take(pitches, card, "pitch in hand")
        _lay_pitch(pack, laid, move.seat, card, target, on_display)
    sellers = list(table.sellers)
    sellers[move.seat - 1] = replace(seller, items=items, pitches=pitches)
    return replace(table, sellers=tuple(sellers))


def _lay_pitch(
    pack: YardSale, laid: Laid, seat: int, card: str, target: str | None, on_display: set[str]
) -> None:
    pitch = pack.pitch(card)
    if pitch.on_item:
        offer = _find_offer(laid, target or "")
        if offer is None:
            raise RuleError(f"plays {pitch.title} on {target}, which is not on offer")
        check_pitch(pitch, seat, offer)
        for row in laid.offers.values():
            for i, o in enumerate(row):
                if o is offer:
                    row[i] = replace(o, pitches=o.pitches + (pitch,))
        return
    check_pitch(pitch, seat, None)
    if pitch.target == "shopper":
        if target not in on_display:
            raise RuleError(f"plays {pitch.title} beside {target}, who is not on display")
        laid.beside.setdefault(target, []).append(card)
    elif target is not None:
        raise RuleError(f"{pitch.title} lies on the table, not on {target}")
    else:
        laid.table.append(card)


def play_turns(
    pack: YardSale, table: Table, moves: Sequence[Move]
) -> tuple[Table, Laid, tuple[Move, ...]]:
    """Turns clockwise from the first player until every player passes one after another."""
    order = turn_order(table.players, table.first)
    laid = Laid()
    passes = 0
    for number, move in enumerate(moves, start=1):
        due = order[(number - 1) % table.players]
        if passes >= table.players:
            raise TurnError(
                number,
                move.seat,
                f"the round ended after turn {number - 1}, when every player had passed in a row",
            )
        if move.seat != due:
            raise TurnError(number, move.seat, f"turn {number} is seat {due}'s")
        try:
            table = make_move(pack, table, laid, move)
        except RuleError as exc:
            raise TurnError(number, move.seat, str(exc)) from None
        passes = passes + 1 if move.passes else 0
    if passes < table.players:
        raise TurnError(
            len(moves) + 1,
            order[len(moves) % table.players],
            f"the round goes on: only {passes} player(s) passed since the last move",
        )
    return table, laid, tuple(moves)


# -- the end of the round ------------------------------------------------------------------------
def _deal(pile: Pile, count: int, dice: Dice | None) -> tuple[tuple[str, ...], Pile]:
    """Cards from the top; without dice no discard pile can be shuffled and a deal stops short."""
    if dice is None:
        dealt = draw(pile.deck, (), count)
        return dealt.cards, Pile(dealt.deck, pile.discard)
    dealt = draw(pile.deck, pile.discard, count, dice)
    return dealt.cards, Pile(dealt.deck, dealt.discard)


def close_round(pack: YardSale, table: Table, laid: Laid, dice: Dice | None = None) -> RoundPlay:
    """Shoppers buy, sellers collect, clocks move, the display and every hand refill."""
    stalls = [
        Stall(
            v,
            tuple(laid.offers.get(v.shopper.id, ())),
            tuple(pack.pitch(p) for p in laid.beside.get(v.shopper.id, ())),
        )
        for v in table.display
    ]
    table_pitches = tuple(pack.pitch(p) for p in laid.table)
    result = end_round(pack, table.players, stalls, table_pitches, table.round)
    bought = [a.item for p in result.purchases for a in p.bought]
    offered = [o for row in laid.offers.values() for o in row]
    sold = [0] * table.players
    returned: list[list[str]] = [[] for _ in table.sellers]
    for offer in offered:
        if offer.item.id in bought:
            sold[offer.seller - 1] += 1
        else:
            returned[offer.seller - 1].append(offer.item.id)
    played = [p.id for o in offered for p in o.pitches]
    played += [p for row in laid.beside.values() for p in row] + list(laid.table)
    items = replace(table.items, discard=table.items.discard + tuple(bought))
    pitches = replace(table.pitches, discard=table.pitches.discard + tuple(played))
    turnover = turn_over_shoppers(
        pack, result.visits, table.shoppers.deck, table.shoppers.discard, dice
    )
    first = next_first_player(table.players, table.first, result.income)
    sellers = [
        replace(s, items=s.items + tuple(back), cash=s.cash + income)
        for s, back, income in zip(table.sellers, returned, result.income)
    ]
    refills = []
    for seat in turn_order(table.players, first):
        seller = sellers[seat - 1]
        need = refill(pack, len(seller.items), sold[seat - 1], len(seller.pitches))
        new_pitches, pitches = _deal(pitches, need.pitches, dice)
        new_items, items = _deal(items, need.items, dice)
        sellers[seat - 1] = replace(
            seller, items=seller.items + new_items, pitches=seller.pitches + new_pitches
        )
        short = len(new_items) < need.items or len(new_pitches) < need.pitches
        refills.append(Refilled(seat, new_items, new_pitches, need.bonus, short))
    after = Table(
        round=table.round + 1,
        first=first,
        sellers=tuple(sellers),
        display=turnover.display,
        items=items,
        pitches=pitches,
        shoppers=Pile(turnover.deck, turnover.discard),
    )
    return RoundPlay(
        moves=(),
        result=result,
        sold=tuple(sold),
        leaving=tuple(v.shopper.id for v in turnover.leaving),
        arriving=tuple(v.shopper.id for v in turnover.arriving),
        refills=tuple(refills),
        after=after,
        stalls=tuple(stalls),
        table_pitches=tuple(laid.table),
    )


def play_round(
    pack: YardSale, table: Table, moves: Sequence[Move], dice: Dice | None = None
) -> RoundPlay:
    """A whole round: every turn in order, then the end of the round."""
    if table.round > pack.rounds:
        raise RuleError(f"the sale ends after round {pack.rounds}")
    played, laid, done = play_turns(pack, table, moves)
    return replace(close_round(pack, played, laid, dice), moves=done)
