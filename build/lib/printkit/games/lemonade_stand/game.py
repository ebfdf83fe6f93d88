"""A whole game of Lemonade Stand: setup, seven days, the dollar deck, the winner.

The table is a frozen value; each step returns a new one. Every shuffle comes
from the generator passed in (`printkit.dice.SeededDice`), every choice from a
`Decider`, so a game is a function of its seed and its players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import Protocol

from printkit.dice import SeededDice
from printkit.errors import RuleError
from printkit.games.lemonade_stand.model import CUPS, CUSTOMERS, LemonadeStand
from printkit.games.lemonade_stand.rules import (
    CoinPlay,
    Coins,
    DollarCopy,
    DollarPlay,
    Purchase,
    Sale,
    Stall,
    coins_of,
    collect,
    money,
    open_stand,
    pay,
    resolve_dollars,
    run_to_mom,
    sell,
    todays_weather,
    winners,
)


@dataclass(frozen=True)
class Player:
    coins: Coins
    hand: tuple[DollarCopy, ...] = ()  # dollar cards not yet played
    played: tuple[DollarCopy, ...] = ()  # in front of the player: still money, no effect

    @property
    def dollar_cards(self) -> int:
        return len(self.hand) + len(self.played)


@dataclass(frozen=True)
class Table:
    players: tuple[Player, ...]
    dollar_deck: tuple[DollarCopy, ...]  # top card first
    weather_deck: tuple[str, ...]  # top card first
    forecast: str  # the open weather card: tomorrow's two possible weathers
    day: int = 1
    returns: int = 0  # times the dollar deck ran out and was rebuilt


@dataclass(frozen=True)
class Morning:
    stand: str
    coins: tuple[CoinPlay, ...]


class Decider(Protocol):
    def morning(self, pack: LemonadeStand, table: Table, seat: int) -> Morning: ...

    def dollars(
        self, pack: LemonadeStand, table: Table, seat: int, stalls: tuple[Stall, ...]
    ) -> tuple[DollarCopy, ...]: ...


# -- setup -----------------------------------------------------------------------------
def dollar_deck(pack: LemonadeStand, players: int) -> tuple[DollarCopy, ...]:
    """Every dollar card of the decks in play, in content order."""
    return tuple(
        DollarCopy(card.id, deck)
        for deck in range(1, pack.decks_for(players) + 1)
        for card in pack.dollars
    )


def set_up(pack: LemonadeStand, players: int, rng: SeededDice) -> Table:
    """Shuffle both decks, give everyone the starting coins and dollar cards, open a forecast."""
    if not pack.min_players <= players <= pack.max_players_two_decks:
        raise RuleError(
            f"Lemonade Stand takes {pack.min_players} to {pack.max_players_two_decks} players"
        )
    dollars = rng.shuffle(list(dollar_deck(pack, players)))
    weather = rng.shuffle([c.id for c in pack.weather_cards])
    start = coins_of(pack, dict(pack.start_mix))
    seats = []
    for _ in range(players):
        hand, dollars = tuple(dollars[: pack.start_dollars]), dollars[pack.start_dollars :]
        seats.append(Player(start, hand))
    return Table(tuple(seats), tuple(dollars), tuple(weather[1:]), weather[0])


# -- the dollar deck -------------------------------------------------------------------
def give_back(pack: LemonadeStand, player: Player) -> tuple[Player, DollarCopy | None]:
    """The card a player returns when the deck runs out: a played one first, else the weakest."""

    def strength(copy: DollarCopy) -> tuple[int, int]:
        return (pack.dollar(copy.card).strength, copy.deck)

    if player.played:
        card = min(player.played, key=strength)
        rest = list(player.played)
        rest.remove(card)
        return replace(player, played=tuple(rest)), card
    if player.hand:
        card = min(player.hand, key=strength)
        rest = list(player.hand)
        rest.remove(card)
        return replace(player, hand=tuple(rest)), card
    return player, None


def rebuild_dollar_deck(pack: LemonadeStand, table: Table, rng: SeededDice) -> Table:
    """Every player holding a dollar card, played or not, returns one; they are shuffled."""
    players, returned = [], []
    for player in table.players:
        player, card = give_back(pack, player)
        players.append(player)
        if card is not None:
            returned.append(card)
    if not returned:
        raise RuleError("the dollar deck is empty and no player holds a dollar card")
    deck = tuple(rng.shuffle(returned))
    return replace(table, players=tuple(players), dollar_deck=deck, returns=table.returns + 1)


def take_dollar(pack: LemonadeStand, table: Table, seat: int, rng: SeededDice) -> Table:
    """The top dollar card into a player's hand; an empty deck is rebuilt first."""
    if not table.dollar_deck:
        table = rebuild_dollar_deck(pack, table, rng)
    card, deck = table.dollar_deck[0], table.dollar_deck[1:]
    player = table.players[seat]
    player = replace(player, hand=player.hand + (card,))
    return replace(table, players=_swap(table.players, seat, player), dollar_deck=deck)


def _swap(players: tuple[Player, ...], seat: int, player: Player) -> tuple[Player, ...]:
    return players[:seat] + (player,) + players[seat + 1 :]


# -- one day ---------------------------------------------------------------------------
@dataclass(frozen=True)
class DayLog:
    day: int
    forecast: str
    revealed: str
    weather: str
    stands: tuple[str, ...]
    purchases: tuple[Purchase, ...]
    dollars: tuple[DollarPlay, ...]
    sales: tuple[Sale, ...]
    exchanged: tuple[int, ...]
    mom: tuple[bool, ...]


def play_day(
    pack: LemonadeStand, table: Table, deciders: Sequence[Decider], rng: SeededDice
) -> tuple[Table, DayLog]:
    """Forecast and choices, reveal, weather, dollar cards, sales, collecting."""
    forecast = table.forecast
    mornings = [deciders[s].morning(pack, table, s) for s in range(len(table.players))]
    players, purchases = [], []
    for player, morning in zip(table.players, mornings):
        pack.stand(morning.stand)  # an unknown stand is a KeyError, not a silent zero
        coins, purchase = pay(pack, player.coins, morning.coins)
        players.append(replace(player, coins=coins))
        purchases.append(purchase)
    if not table.weather_deck:
        raise RuleError("the weather deck ran out")
    revealed = table.weather_deck[0]
    weather = todays_weather(pack, table.forecast, revealed)
    table = replace(
        table,
        players=tuple(players),
        weather_deck=table.weather_deck[1:],
        forecast=revealed,
    )
    stalls = tuple(open_stand(pack, m.stand, weather, p) for m, p in zip(mornings, purchases))
    plays = []
    for seat, player in enumerate(table.players):
        chosen = deciders[seat].dollars(pack, table, seat, stalls)
        hand = list(player.hand)
        for copy in chosen:
            if copy not in hand:
                raise RuleError(f"seat {seat + 1} plays {copy.card!r}, which is not in hand")
            hand.remove(copy)
            plays.append(DollarPlay(seat, copy))
        player = replace(player, hand=tuple(hand), played=player.played + tuple(chosen))
        table = replace(table, players=_swap(table.players, seat, player))
    final, _ = resolve_dollars(pack, stalls, plays)
    day_sales = tuple(sell(stall) for stall in final)
    table, exchanged, mom = collect_takings(pack, table, [s.takings for s in day_sales], rng)
    log = DayLog(
        table.day,
        forecast,
        revealed,
        weather,
        tuple(m.stand for m in mornings),
        tuple(purchases),
        tuple(plays),
        day_sales,
        exchanged,
        mom,
    )
    return replace(table, day=table.day + 1), log


def collect_takings(
    pack: LemonadeStand, table: Table, takings: Sequence[int], rng: SeededDice
) -> tuple[Table, tuple[int, ...], tuple[bool, ...]]:
    """Each player in seat order takes their takings, exchanging and running to Mom as needed."""
    exchanged, mom = [], []
    for seat, amount in enumerate(takings):
        player = table.players[seat]
        collection = collect(pack, player.coins, amount)
        coins, helped = run_to_mom(pack, collection.coins)
        table = replace(table, players=_swap(table.players, seat, replace(player, coins=coins)))
        for _ in range(collection.exchanged):
            table = take_dollar(pack, table, seat, rng)
        exchanged.append(collection.exchanged)
        mom.append(helped)
    return table, tuple(exchanged), tuple(mom)


# -- a whole game ----------------------------------------------------------------------
@dataclass(frozen=True)
class GameResult:
    table: Table
    days: tuple[DayLog, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # seats, 1-based


def play_game(pack: LemonadeStand, deciders: Sequence[Decider], seed: int) -> GameResult:
    rng = SeededDice(seed)
    table = set_up(pack, len(deciders), rng)
    logs = []
    for _ in range(pack.days):
        table, log = play_day(pack, table, deciders, rng)
        logs.append(log)
    totals = tuple(money(pack, p.coins, p.dollar_cards) for p in table.players)
    return GameResult(table, tuple(logs), totals, winners(totals))


# -- a simple player, for simulations and property tests -------------------------------
class Bot:
    """Reads the forecast, picks the stand and purchase with the best even-odds profit.

    ``whim`` is the chance of a random legal morning instead, so games vary.
    """

    def __init__(self, seed: int, whim: float = 0.2) -> None:
        self.rng = SeededDice(seed)
        self.whim = whim

    def morning(self, pack: LemonadeStand, table: Table, seat: int) -> Morning:
        options = list(_mornings(pack, table.players[seat].coins))
        if self.rng.roll(100) <= self.whim * 100:
            return self.rng.choice(options)  # type: ignore[return-value]
        card = pack.weather_card(table.forecast)
        return max(options, key=lambda m: _expected(pack, m, (card.top, card.bottom)))

    def dollars(
        self, pack: LemonadeStand, table: Table, seat: int, stalls: tuple[Stall, ...]
    ) -> tuple[DollarCopy, ...]:
        chosen = []
        for copy in table.players[seat].hand:
            alone, _ = resolve_dollars(pack, stalls, [DollarPlay(seat, copy)])
            if sell(alone[seat]).takings > sell(stalls[seat]).takings:
                chosen.append(copy)
        return tuple(chosen)


def _mornings(pack: LemonadeStand, coins: Coins):
    kinds = [(c.id, end) for c in pack.coins for end in (CUPS, CUSTOMERS)]
    held = dict(zip(pack.coin_ids(), coins.counts))
    for n in range(pack.min_coin_cards, pack.max_coin_cards + 1):
        for combo in combinations_with_replacement(kinds, n):
            if all(sum(1 for c, _ in combo if c == coin) <= held[coin] for coin in held):
                plays = tuple(CoinPlay(c, end) for c, end in combo)
                for stand in pack.stands:
                    yield Morning(stand.id, plays)


def _expected(pack: LemonadeStand, morning: Morning, weathers: tuple[str, str]) -> float:
    spent = sum(pack.coin(p.coin).value for p in morning.coins)
    purchase = Purchase(
        sum(pack.units(p.coin) for p in morning.coins if p.buys == CUPS),
        sum(pack.units(p.coin) for p in morning.coins if p.buys == CUSTOMERS),
        spent,
    )
    takings = [sell(open_stand(pack, morning.stand, w, purchase)).takings for w in weathers]
    return sum(takings) / len(takings) - spent
