"""Lemonade Stand's example rules: each reads an example's ``given`` and asks the engine.

The same functions check the rulebook's worked examples and feed its
pictures, so a printed example cannot drift from the rules. A move the rules
forbid is reported as a content error at the example's line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printkit.content.fields import Field
from printkit.errors import RuleError
from printkit.games.lemonade_stand.model import CUPS, CUSTOMERS, LemonadeStand
from printkit.games.lemonade_stand.rules import (
    CoinPlay,
    Coins,
    DollarCopy,
    DollarPlay,
    Stall,
    coins_by_id,
    coins_of,
    collect,
    money,
    open_stand,
    pay,
    resolution_order,
    resolve_dollars,
    run_to_mom,
    sales,
    sell,
    todays_weather,
    winners,
    worth,
)
from printkit.registry import ExampleRule, example_rule


# -- reading given values --------------------------------------------------------------
def _coins(pack: LemonadeStand, node: Field) -> Coins:
    counts = {}
    for key, value in node.items():
        if key not in pack.coin_ids():
            raise value.error(f"unknown coin {key!r}", _hint(key, pack.coin_ids()))
        counts[key] = value.as_int(0, 100)
    return coins_of(pack, counts)


def _hint(word: str, options) -> str:
    from printkit.content.fields import suggest

    return suggest(word, list(options))


def _stand(pack: LemonadeStand, node: Field) -> str:
    return node.as_choice([s.id for s in pack.stands])


def _weather(pack: LemonadeStand, node: Field) -> str:
    return node.as_choice([k.id for k in pack.weather])


def _card(pack: LemonadeStand, node: Field) -> DollarCopy:
    """``flyers`` is the first deck's card; ``flyers/B`` the second deck's."""
    text = node.as_str()
    name, _, deck = text.partition("/")
    if deck not in ("", "B"):
        raise node.error(f"{text!r}: only a second-deck card carries a mark, '/B'")
    name = name.strip()
    if name not in [c.id for c in pack.dollars]:
        raise node.error(f"unknown dollar card {name!r}", _hint(name, [c.id for c in pack.dollars]))
    return DollarCopy(name, 2 if deck else 1)


def _name(copy: DollarCopy) -> str:
    return copy.card + ("/B" if copy.deck == 2 else "")


def _plays(pack: LemonadeStand, node: Field) -> tuple[CoinPlay, ...]:
    plays = []
    for entry in node.as_list():
        entry.expect_keys(["coin", "buys"])
        plays.append(
            CoinPlay(
                entry.get("coin").as_choice(pack.coin_ids()),
                entry.get("buys").as_choice([CUPS, CUSTOMERS]),
            )
        )
    return tuple(plays)


def _guard(node: Field, run: Callable[[], Any]) -> Any:
    """Run an engine call; a move the rules forbid points at the example's ``given``."""
    try:
        return run()
    except RuleError as exc:
        raise node.error(str(exc), "the rules forbid this move; fix the example") from None


def _stall(pack: LemonadeStand, node: Field, weather: str) -> Stall:
    node.expect_keys(["stand", "customers", "cups"])
    stand = pack.stand(_stand(pack, node.get("stand")))
    return Stall(
        node.get("customers").as_int(0, 1000),
        node.get("cups").as_int(0, 1000),
        pack.kind(weather).demand,
        stand.price,
    )


# -- rules -----------------------------------------------------------------------------
def run_sales(pack: LemonadeStand, given: Field) -> Mapping[str, Any]:
    """Takings = customers served x the smaller of demand and price."""
    given.expect_keys(["customers", "cups"], ["demand", "weather", "price", "stand"])
    if given.has("weather") == given.has("demand"):
        raise given.error("give either 'weather' or 'demand'")
    if given.has("stand") == given.has("price"):
        raise given.error("give either 'stand' or 'price'")
    weather = given.opt("weather")
    demand = (
        pack.kind(_weather(pack, weather)).demand
        if weather
        else given.get("demand").as_int(0, 1000)
    )
    stand = given.opt("stand")
    price = pack.stand(_stand(pack, stand)).price if stand else given.get("price").as_int(0, 1000)
    sale = sales(
        given.get("customers").as_int(0, 1000), given.get("cups").as_int(0, 1000), demand, price
    )
    return {"served": sale.served, "per_cup": sale.per_cup, "takings": sale.takings}


def run_change(pack: LemonadeStand, given: Field) -> Mapping[str, Any]:
    """Take coins under the hand limit; forced exchanges; Mom's coin for an empty hand."""
    given.expect_keys(["hand", "take"])
    hand = _coins(pack, given.get("hand"))
    result = _guard(given, lambda: collect(pack, hand, given.get("take").as_int(0, 100_000)))
    coins, mom = run_to_mom(pack, result.coins)
    return {
        "coins": coins_by_id(pack, coins),
        "exchanged": result.exchanged,
        "worth": worth(pack, coins),
        "cards": coins.cards,
        "mom": mom,
    }


def run_pay(pack: LemonadeStand, given: Field) -> Mapping[str, Any]:
    """Play coin cards in the morning: what they buy, what is left in hand."""
    given.expect_keys(["hand", "play"])
    hand = _coins(pack, given.get("hand"))
    try:
        left, purchase = pay(pack, hand, _plays(pack, given.get("play")))
    except RuleError as exc:
        return {"legal": False, "reason": str(exc)}
    return {
        "legal": True,
        "cups": purchase.cups,
        "customers": purchase.customers,
        "spent": purchase.spent,
        "hand": coins_by_id(pack, left),
    }


def run_weather(pack: LemonadeStand, given: Field) -> Mapping[str, Any]:
    """The arrow on the revealed card picks the half of the forecast that came true."""
    given.expect_keys(["forecast", "revealed"])
    ids = [c.id for c in pack.weather_cards]
    weather = todays_weather(
        pack, given.get("forecast").as_choice(ids), given.get("revealed").as_choice(ids)
    )
    kind = pack.kind(weather)
    return {"weather": weather, "demand": kind.demand, "customers": kind.customers}


def run_dollars(pack: LemonadeStand, given: Field) -> Mapping[str, Any]:
    """Dollar cards resolve weakest first; returns the order and the stands after them."""
    given.expect_keys(["weather", "stands", "plays"])
    weather = _weather(pack, given.get("weather"))
    stands = given.get("stands").as_list(1, pack.max_players_two_decks)
    stalls = [_stall(pack, node, weather) for node in stands]
    plays = []
    for entry in given.get("plays").as_list():
        entry.expect_keys(["seat", "card"])
        seat = entry.get("seat").as_int(1, len(stalls))
        plays.append(DollarPlay(seat - 1, _card(pack, entry.get("card"))))
    final, _ = _guard(given, lambda: resolve_dollars(pack, stalls, plays))
    day_sales = [sell(s) for s in final]
    return {
        "order": [_name(p.copy) for p in resolution_order(pack, plays)],
        "customers": [s.customers for s in final],
        "cups": [s.cups for s in final],
        "demand": [s.demand for s in final],
        "served": [s.served for s in day_sales],
        "takings": [s.takings for s in day_sales],
    }


def run_day(pack: LemonadeStand, given: Field) -> Mapping[str, Any]:
    """One whole day at the table, from the morning's coins to the coins in hand at night."""
    given.expect_keys(["forecast", "revealed", "players"])
    ids = [c.id for c in pack.weather_cards]
    weather = todays_weather(
        pack, given.get("forecast").as_choice(ids), given.get("revealed").as_choice(ids)
    )
    players = given.get("players").as_list(pack.min_players, pack.max_players_two_decks)
    stalls, hands, plays = [], [], []
    for seat, node in enumerate(players):
        node.expect_keys(["hand", "stand", "coins"], ["dollars"])
        hand, purchase = _guard(
            node,
            lambda n=node: pay(pack, _coins(pack, n.get("hand")), _plays(pack, n.get("coins"))),
        )
        hands.append(hand)
        stalls.append(open_stand(pack, _stand(pack, node.get("stand")), weather, purchase))
        dollars = node.opt("dollars")
        for card in dollars.as_list() if dollars else []:
            plays.append(DollarPlay(seat, _card(pack, card)))
    final, _ = _guard(given, lambda: resolve_dollars(pack, stalls, plays))
    day_sales = [sell(s) for s in final]
    collections = [collect(pack, h, s.takings) for h, s in zip(hands, day_sales)]
    evening = [run_to_mom(pack, c.coins) for c in collections]
    return {
        "weather": weather,
        "customers": [s.customers for s in final],
        "cups": [s.cups for s in final],
        "served": [s.served for s in day_sales],
        "takings": [s.takings for s in day_sales],
        "exchanged": [c.exchanged for c in collections],
        "mom": [m for _, m in evening],
        "coins": [coins_by_id(pack, c) for c, _ in evening],
        "worth": [worth(pack, c) for c, _ in evening],
    }


def run_run_out(pack: LemonadeStand, given: Field) -> Mapping[str, Any]:
    """The dollar deck is empty: who returns which card, and how big the new deck is."""
    from printkit.games.lemonade_stand.game import Player, give_back

    given.expect_keys(["players"])
    returned, left = [], []
    for node in given.get("players").as_list(pack.min_players, pack.max_players_two_decks):
        node.expect_keys([], ["hand", "played"])
        hand = tuple(_card(pack, c) for c in node.get("hand").as_list()) if node.has("hand") else ()
        played = (
            tuple(_card(pack, c) for c in node.get("played").as_list())
            if node.has("played")
            else ()
        )
        after, card = give_back(pack, Player(Coins((0,) * len(pack.coins)), hand, played))
        returned.append(_name(card) if card else None)
        left.append(after.dollar_cards)
    return {
        "returned": returned,
        "deck": sum(r is not None for r in returned),
        "dollar_cards": left,
    }


def run_winner(pack: LemonadeStand, given: Field) -> Mapping[str, Any]:
    """Money after the last day: coins plus every dollar card; equal money shares the win."""
    given.expect_keys(["players"])
    totals = []
    for node in given.get("players").as_list(1, pack.max_players_two_decks):
        node.expect_keys(["coins", "dollar_cards"])
        totals.append(
            money(pack, _coins(pack, node.get("coins")), node.get("dollar_cards").as_int(0, 100))
        )
    return {"money": totals, "winners": list(winners(totals))}


RULES: dict[str, ExampleRule] = dict(
    [
        example_rule(
            "sales",
            "takings: customers served x the smaller of demand and price",
            run_sales,
            "served per_cup takings",
        ),
        example_rule(
            "change",
            "taking coins under the hand limit, with forced exchanges and Mom's coin",
            run_change,
            "coins exchanged worth cards mom",
        ),
        example_rule(
            "pay",
            "coin cards played in the morning, or why they may not be",
            run_pay,
            "legal reason cups customers spent hand",
        ),
        example_rule(
            "weather",
            "the arrow on the revealed card picks the forecast's half",
            run_weather,
            "weather demand customers",
        ),
        example_rule(
            "dollars",
            "dollar cards resolved from the weakest to the strongest",
            run_dollars,
            "order customers cups demand served takings",
        ),
        example_rule(
            "day",
            "one whole day at the table",
            run_day,
            "weather customers cups served takings exchanged mom coins worth",
        ),
        example_rule(
            "run-out",
            "the dollar deck runs out: everyone holding one returns one",
            run_run_out,
            "returned deck dollar_cards",
        ),
        example_rule(
            "winner", "money after the last day, and who wins", run_winner, "money winners"
        ),
    ]
)
