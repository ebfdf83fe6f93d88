"""Lemonade Stand's rules as pure functions over small frozen values.

Every number comes from the `LemonadeStand` pack; every shuffle comes from a
generator passed in (see `game.py`). Money is in cents. Nothing here knows
about files or PDF.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from printkit.errors import RuleError
from printkit.games.lemonade_stand.model import CUPS, CUSTOMERS, UP, LemonadeStand


# -- coins in hand ---------------------------------------------------------------------
@dataclass(frozen=True)
class Coins:
    """Coin cards in one hand: how many of each coin, in the pack's order (smallest first)."""

    counts: tuple[int, ...]

    def __post_init__(self) -> None:
        if any(n < 0 for n in self.counts):
            raise RuleError(f"a hand cannot hold a negative number of coins: {self.counts}")

    @property
    def cards(self) -> int:
        return sum(self.counts)


def coins_of(pack: LemonadeStand, by_id: Mapping[str, int]) -> Coins:
    """Coins from ``{coin id: cards}``; an unknown coin is a RuleError."""
    ids = pack.coin_ids()
    for coin_id in by_id:
        if coin_id not in ids:
            raise RuleError(f"no coin {coin_id!r}; the coins are {', '.join(ids)}")
    return Coins(tuple(by_id.get(i, 0) for i in ids))


def coins_by_id(pack: LemonadeStand, coins: Coins) -> dict[str, int]:
    return dict(zip(pack.coin_ids(), coins.counts))


def worth(pack: LemonadeStand, coins: Coins) -> int:
    """What the coin cards are worth, in cents."""
    return sum(c.value * n for c, n in zip(pack.coins, coins.counts))


def within_limit(pack: LemonadeStand, coins: Coins) -> bool:
    return all(n <= pack.hand_limit for n in coins.counts)


@cache
def _fewest(values: tuple[int, ...], limit: int, total: int) -> tuple[int, ...] | None:
    """The fewest cards worth ``total`` with at most ``limit`` of each value.

    Ties prefer bigger coins. The search space is tiny ((limit+1) ** coins).
    """
    best: tuple[int, ...] | None = None
    best_key: tuple | None = None
    for counts in product(range(limit + 1), repeat=len(values)):
        if sum(v * n for v, n in zip(values, counts)) != total:
            continue
        key = (sum(counts), tuple(-n for n in reversed(counts)))
        if best_key is None or key < best_key:
            best, best_key = counts, key
    return best


def tidy(pack: LemonadeStand, total: int) -> Coins | None:
    """``total`` cents in as few coin cards as the hand limit allows, or None if impossible."""
    found = _fewest(tuple(c.value for c in pack.coins), pack.hand_limit, total)
    return None if found is None else Coins(found)


# -- paying in the morning -------------------------------------------------------------
@dataclass(frozen=True)
class CoinPlay:
    """One coin card played in the morning, and the end of it that faces away."""

    coin: str
    buys: str  # CUPS or CUSTOMERS


@dataclass(frozen=True)
class Purchase:
    cups: int
    customers: int
    spent: int  # cents


def pay(pack: LemonadeStand, coins: Coins, plays: Sequence[CoinPlay]) -> tuple[Coins, Purchase]:
    """Play coin cards from a hand: the hand without them, and what they buy.

    Every ``unit_price`` cents of a card buy one unit of what its far end
    shows. No change is given: the card itself is spent.
    """
    if not pack.min_coin_cards <= len(plays) <= pack.max_coin_cards:
        raise RuleError(
            f"play {pack.min_coin_cards} to {pack.max_coin_cards} coin cards a day, "
            f"not {len(plays)}"
        )
    ids = pack.coin_ids()
    counts = list(coins.counts)
    cups = customers = spent = 0
    for play in plays:
        if play.coin not in ids:
            raise RuleError(f"no coin {play.coin!r}; the coins are {', '.join(ids)}")
        if play.buys not in (CUPS, CUSTOMERS):
            raise RuleError(f"a coin card buys {CUPS} or {CUSTOMERS}, not {play.buys!r}")
        index = ids.index(play.coin)
        if counts[index] == 0:
            raise RuleError(f"the hand holds no more {play.coin} cards to play")
        counts[index] -= 1
        units = pack.units(play.coin)
        spent += pack.coin(play.coin).value
        if play.buys == CUPS:
            cups += units
        else:
            customers += units
    return Coins(tuple(counts)), Purchase(cups, customers, spent)


# -- taking coins ----------------------------------------------------------------------
@dataclass(frozen=True)
class Collection:
    """A hand after taking coins: its coin cards and the dollar cards the exchange forced."""

    coins: Coins
    exchanged: int  # dollar cards taken, each for ``exchange_value`` cents of coins


def collect(pack: LemonadeStand, coins: Coins, amount: int) -> Collection:
    """Take ``amount`` cents into a hand, making change with the piles under the hand limit.

    The coins held and taken are counted together and held in the fewest cards
    the limit allows. If they cannot fit, ``exchange_value`` cents of them are
    traded for a dollar card, as often as needed. Money is never lost: coins
    plus exchanged dollars are worth the old coins plus ``amount``.
    """
    if amount < 0:
        raise RuleError(f"cannot take {amount}¢")
    total = worth(pack, coins) + amount
    exchanged = 0
    while (held := tidy(pack, total)) is None:
        if total < pack.exchange_value:
            raise RuleError(f"{total}¢ cannot be held in coin cards under the hand limit")
        total -= pack.exchange_value
        exchanged += 1
    return Collection(held, exchanged)


def run_to_mom(pack: LemonadeStand, coins: Coins) -> tuple[Coins, bool]:
    """A player left without a coin card gets Mom's coin; returns the hand and whether she paid."""
    if coins.cards:
        return coins, False
    return coins_of(pack, {pack.mom_coin: 1}), True


# -- weather ---------------------------------------------------------------------------
def todays_weather(pack: LemonadeStand, forecast: str, revealed: str) -> str:
    """The weather that came true: the half of the forecast card the revealed card's arrow picks."""
    card = pack.weather_card(forecast)
    return card.top if pack.weather_card(revealed).arrow == UP else card.bottom


# -- a stand's day ---------------------------------------------------------------------
@dataclass(frozen=True)
class Stall:
    """One open stand as sales read it: customers, cups, what they pay at most, its price."""

    customers: int
    cups: int
    demand: int
    price: int


def open_stand(pack: LemonadeStand, stand_id: str, weather: str, purchase: Purchase) -> Stall:
    """The stand card, the weather and the coins' purchase; customers never drop below zero."""
    stand, kind = pack.stand(stand_id), pack.kind(weather)
    customers = max(0, stand.customers + kind.customers + purchase.customers)
    return Stall(customers, purchase.cups, kind.demand, stand.price)


@dataclass(frozen=True)
class DollarCopy:
    """One physical dollar card: which card, and from which deck (2 prints a B)."""

    card: str
    deck: int = 1


@dataclass(frozen=True)
class DollarPlay:
    seat: int  # index into the table's stands
    copy: DollarCopy


def resolution_order(pack: LemonadeStand, plays: Sequence[DollarPlay]) -> list[DollarPlay]:
    """Weakest strength first; equal strength (two decks) resolves the first deck's card first."""
    return sorted(plays, key=lambda p: (pack.dollar(p.copy.card).strength, p.copy.deck, p.seat))


@dataclass(frozen=True)
class Resolved:
    """The table after each dollar card, in order: what the rulebook's example prints."""

    play: DollarPlay
    stalls: tuple[Stall, ...]


def resolve_dollars(
    pack: LemonadeStand, stalls: Sequence[Stall], plays: Sequence[DollarPlay]
) -> tuple[tuple[Stall, ...], tuple[Resolved, ...]]:
    """Apply the played dollar cards, weakest first; returns the stands and every step.

    A card that takes from rivals takes only what they have; what it took is
    remembered, so a later shield card can give it back.
    """
    table = [[s.customers, s.cups, s.demand] for s in stalls]
    taken = [[0, 0] for _ in stalls]
    steps = []
    for play in resolution_order(pack, plays):
        if not 0 <= play.seat < len(stalls):
            raise RuleError(f"seat {play.seat + 1} is not at the table")
        effect = pack.dollar(play.copy.card).effect
        own = table[play.seat]
        own[0] += effect.customers
        own[1] += effect.cups
        own[2] += effect.demand
        for seat, other in enumerate(table):
            if seat == play.seat:
                continue
            lost = (min(effect.rivals_customers, other[0]), min(effect.rivals_cups, other[1]))
            other[0] -= lost[0]
            other[1] -= lost[1]
            taken[seat][0] += lost[0]
            taken[seat][1] += lost[1]
        if effect.match_best:
            rivals = [t[0] for i, t in enumerate(table) if i != play.seat]
            own[0] = max([own[0], *rivals])
        if effect.shield:
            own[0] += taken[play.seat][0]
            own[1] += taken[play.seat][1]
            taken[play.seat] = [0, 0]
        if effect.double_customers:
            own[0] *= 2
        steps.append(Resolved(play, _stalls(stalls, table)))
    return _stalls(stalls, table), tuple(steps)


def _stalls(stalls: Sequence[Stall], table: list[list[int]]) -> tuple[Stall, ...]:
    return tuple(Stall(c, u, d, s.price) for s, (c, u, d) in zip(stalls, table))


# -- selling ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Sale:
    served: int  # customers who got a cup
    per_cup: int  # the smaller of demand and price
    takings: int  # cents


def sales(customers: int, cups: int, demand: int, price: int) -> Sale:
    """Each customer buys one cup while cups last, paying the smaller of demand and price.

    Takings = customers served x min(demand, price).
    """
    if min(customers, cups, demand, price) < 0:
        raise RuleError("customers, cups, demand and price cannot be negative")
    served = min(customers, cups)
    per_cup = min(demand, price)
    return Sale(served, per_cup, served * per_cup)


def sell(stall: Stall) -> Sale:
    return sales(stall.customers, stall.cups, stall.demand, stall.price)


# -- the end ---------------------------------------------------------------------------
def money(pack: LemonadeStand, coins: Coins, dollar_cards: int) -> int:
    """A player's money: coin cards plus every dollar card, played or not."""
    return worth(pack, coins) + dollar_cards * pack.exchange_value


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """Seats (1-based) with the most money; equal money shares the win."""
    if not totals:
        raise RuleError("a game needs players")
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals, start=1) if total == best)
