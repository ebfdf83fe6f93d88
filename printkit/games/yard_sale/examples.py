"""Yard Sale's example rules: each reads an example's ``given`` and asks the engine.

The same functions check the rulebook's worked examples and feed its tables,
so a printed example cannot drift from the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from printkit.content.fields import Field
from printkit.dice import ScriptedDice
from printkit.errors import RuleError
from printkit.games.yard_sale.model import Pitch, YardSale
from printkit.games.yard_sale.play import (
    Move,
    Pile,
    RoundPlay,
    Seller,
    Table,
    TurnError,
    play_round,
)
from printkit.games.yard_sale.rules import (
    Offer,
    Purchase,
    Stall,
    Visit,
    end_round,
    first_round_player,
    next_first_player,
    ranking,
    refill,
    shop,
    turn_order,
    turn_over_shoppers,
    winners,
)
from printkit.registry import ExampleRule, example_rule

T = TypeVar("T")
MAX_SEATS = 10


# -- reading ``given`` -------------------------------------------------------------------
def _pitches(pack: YardSale, node: Field | None) -> tuple[Pitch, ...]:
    if node is None:
        return ()
    ids = [p.id for p in pack.pitches]
    return tuple(pack.pitch(entry.as_choice(ids)) for entry in node.as_list())


def _offers(pack: YardSale, node: Field, players: int | None) -> tuple[Offer, ...]:
    items = [i.id for i in pack.items]
    offers = []
    for entry in node.as_list():
        entry.expect_keys(["item", "seller"], ["pitches"])
        offers.append(
            Offer(
                item=pack.item(entry.get("item").as_choice(items)),
                seller=entry.get("seller").as_int(1, players or MAX_SEATS),
                pitches=_pitches(pack, entry.opt("pitches")),
            )
        )
    return tuple(offers)


def _visit(pack: YardSale, node: Field, key: str = "shopper") -> Visit:
    """A shopper by card id; ``cash`` and ``rounds_left`` default to the card's."""
    shopper = pack.shopper(node.get(key).as_choice([s.id for s in pack.shoppers]))
    cash = node.opt("cash")
    left = node.opt("rounds_left")
    return Visit(
        shopper,
        cash.as_int(0, 100_000) if cash else shopper.cash,
        left.as_int(1, shopper.time) if left else shopper.time,
    )


def _round(pack: YardSale, given: Field) -> int:
    node = given.opt("round")
    return node.as_int(1, pack.rounds) if node else 1


def _players(pack: YardSale, given: Field) -> int | None:
    node = given.opt("players")
    return node.as_int(pack.min_players, pack.max_players) if node else None


def _engine(node: Field, run: Callable[[], T], hint: str = "") -> T:
    """Run the engine; a move the rules forbid is an error in the example, at ``node``."""
    try:
        return run()
    except RuleError as exc:
        raise node.error(str(exc), hint) from None


def _scripted(node: Field | None, run: Callable[[ScriptedDice | None], T], where: Field) -> T:
    """Run with the example's rolls; too few or too many is the example's mistake."""
    rolls = [r.as_int(1, 1000) for r in node.as_list()] if node else []
    dice = ScriptedDice(rolls) if node is not None else None
    result = _engine(node or where, lambda: run(dice), "list one roll per die the rule rolls")
    if dice is not None and dice.unused:
        raise node.error(f"{dice.unused} roll(s) left unused", "list one roll per die rolled")
    return result


# -- results as plain values ----------------------------------------------------------------
def purchase_view(purchase: Purchase, players: int) -> dict[str, Any]:
    """A shopper's purchases as the example keys name them."""
    order = purchase.appraisals
    return {
        "bought": [a.item for a in purchase.bought],
        "paid": [a.price for a in purchase.bought],
        "spent": purchase.spent,
        "cash_left": purchase.cash_left,
        "income": list(purchase.income(players)),
        "order": [a.item for a in order],
        "opinions": {a.item: a.opinion for a in sorted(order, key=lambda a: a.index)},
        "prices": {a.item: a.price for a in sorted(order, key=lambda a: a.index)},
        "outcomes": {a.item: o for a, o in zip(order, purchase.outcomes)},
    }


# -- rules ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ShopGiven:
    """A ``shop`` example's situation, read and checked."""

    visit: Visit
    offers: tuple[Offer, ...]
    pitches: tuple[Pitch, ...]
    round_number: int
    players: int


def read_shop(pack: YardSale, given: Field) -> ShopGiven:
    given.expect_keys(["shopper", "offers"], ["cash", "rounds_left", "round", "players", "pitches"])
    declared = _players(pack, given)
    offers = _offers(pack, given.get("offers"), declared)
    return ShopGiven(
        visit=_visit(pack, given),
        offers=offers,
        pitches=_pitches(pack, given.opt("pitches")),
        round_number=_round(pack, given),
        players=declared or max((o.seller for o in offers), default=1),
    )


def run_shop(pack: YardSale, given: Field) -> Mapping[str, Any]:
    case = read_shop(pack, given)
    purchase = _engine(
        given, lambda: shop(pack, case.visit, case.offers, case.pitches, case.round_number)
    )
    return purchase_view(purchase, case.players)


@dataclass(frozen=True)
class RoundGiven:
    """A ``round-end`` example's situation, read and checked."""

    players: int
    stalls: tuple[Stall, ...]
    table: tuple[Pitch, ...]
    round_number: int
    first: int


def read_round(pack: YardSale, given: Field) -> RoundGiven:
    given.expect_keys(["players", "shoppers"], ["round", "first_player", "pitches"])
    players = given.get("players").as_int(pack.min_players, pack.max_players)
    stalls = []
    for entry in given.get("shoppers").as_list(1, pack.display_shoppers):
        entry.expect_keys(["shopper"], ["cash", "rounds_left", "offers", "pitches"])
        offers = entry.opt("offers")
        stalls.append(
            Stall(
                _visit(pack, entry),
                _offers(pack, offers, players) if offers else (),
                _pitches(pack, entry.opt("pitches")),
            )
        )
    first_node = given.opt("first_player")
    return RoundGiven(
        players=players,
        stalls=tuple(stalls),
        table=_pitches(pack, given.opt("pitches")),
        round_number=_round(pack, given),
        first=first_node.as_int(1, players) if first_node else 1,
    )


def run_round_end(pack: YardSale, given: Field) -> Mapping[str, Any]:
    case = read_round(pack, given)
    result = _engine(
        given,
        lambda: end_round(pack, case.players, case.stalls, case.table, case.round_number),
    )
    starter = next_first_player(case.players, case.first, result.income)
    return {
        "bought": {p.shopper: [a.item for a in p.bought] for p in result.purchases},
        "cash_left": {p.shopper: p.cash_left for p in result.purchases},
        "income": list(result.income),
        "next_first": starter,
        "next_order": list(turn_order(case.players, starter)),
    }


def run_turn_order(pack: YardSale, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["players"], ["pocket_money", "rolls", "first_player", "income"])
    players = given.get("players").as_int(pack.min_players, pack.max_players)
    if given.has("pocket_money"):
        if given.has("income") or given.has("first_player"):
            raise given.error(
                "give pocket_money (round 1) or first_player and income (later rounds), not both"
            )
        cents = [
            c.as_int(0, 10_000_000) for c in given.get("pocket_money").as_list(players, players)
        ]
        chosen = _scripted(given.opt("rolls"), lambda dice: first_round_player(cents, dice), given)
        return {
            "first": chosen.first,
            "order": list(turn_order(players, chosen.first)),
            "rolls": [roll for _, roll in chosen.rolls],
        }
    given.expect_keys(["players", "first_player", "income"])
    first = given.get("first_player").as_int(1, players)
    income = [i.as_int(0, 100_000) for i in given.get("income").as_list(players, players)]
    starter = next_first_player(players, first, income)
    return {"first": starter, "order": list(turn_order(players, starter)), "rolls": []}


def run_refill(pack: YardSale, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["items_left", "items_sold", "pitches_held"])
    left = given.get("items_left").as_int(0, 100)
    held = given.get("pitches_held").as_int(0, 100)
    result = refill(pack, left, given.get("items_sold").as_int(0, 100), held)
    return {
        "draw_items": result.items,
        "draw_pitches": result.pitches,
        "items": left + result.items,
        "pitches": held + result.pitches,
        "bonus": result.bonus,
    }


def run_shoppers(pack: YardSale, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["display", "deck"], ["discard", "rolls"])
    visits = []
    for entry in given.get("display").as_list(0, pack.display_shoppers):
        entry.expect_keys(["shopper"], ["cash", "rounds_left"])
        visits.append(_visit(pack, entry))
    ids = [s.id for s in pack.shoppers]
    deck = [c.as_choice(ids) for c in given.get("deck").as_list()]
    discard_node = given.opt("discard")
    discard = [c.as_choice(ids) for c in discard_node.as_list()] if discard_node else []
    result = _scripted(
        given.opt("rolls"),
        lambda dice: turn_over_shoppers(pack, visits, deck, discard, dice),
        given,
    )
    return {
        "leaving": [v.shopper.id for v in result.leaving],
        "staying": {v.shopper.id: v.rounds_left for v in result.staying},
        "arriving": [v.shopper.id for v in result.arriving],
        "display": [v.shopper.id for v in result.display],
        "reshuffled": result.reshuffled,
    }


def run_game_end(pack: YardSale, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["cash"])
    cash = [
        c.as_int(0, 10_000_000)
        for c in given.get("cash").as_list(pack.min_players, pack.max_players)
    ]
    best = winners(cash)
    return {"winners": list(best), "shared": len(best) > 1, "ranking": list(ranking(cash))}


# -- a whole round -----------------------------------------------------------------------------
def _ids(node: Field | None, ids: list[str]) -> tuple[str, ...]:
    return tuple(c.as_choice(ids) for c in node.as_list()) if node else ()


def read_table(pack: YardSale, given: Field) -> Table:
    """The table at the start of a round: sellers, display, decks (top first), first player."""
    sellers_node = given.get("sellers")
    items, pitches = [i.id for i in pack.items], [p.id for p in pack.pitches]
    sellers = []
    for entry in sellers_node.as_list(pack.min_players, pack.max_players):
        entry.expect_keys(["items", "pitches"], ["cash", "name"])
        cash = entry.opt("cash")
        sellers.append(
            Seller(
                _ids(entry.get("items"), items),
                _ids(entry.get("pitches"), pitches),
                cash.as_int(0, 100_000) if cash else 0,
            )
        )
    display = []
    for entry in given.get("display").as_list(0, pack.display_shoppers):
        entry.expect_keys(["shopper"], ["cash", "rounds_left"])
        display.append(_visit(pack, entry))
    decks = given.opt("decks")
    if decks is not None:
        decks.expect_keys([], ["items", "pitches", "shoppers"])
    shopper_ids = [s.id for s in pack.shoppers]
    table = Table(
        round=_round(pack, given),
        first=given.get("first_player").as_int(1, len(sellers)),
        sellers=tuple(sellers),
        display=tuple(display),
        items=Pile(_ids(decks.opt("items") if decks else None, items)),
        pitches=Pile(_ids(decks.opt("pitches") if decks else None, pitches)),
        shoppers=Pile(_ids(decks.opt("shoppers") if decks else None, shopper_ids)),
    )
    _check_cards(pack, given, table)
    return table


def _check_cards(pack: YardSale, given: Field, table: Table) -> None:
    """No card is at the table more often than the decks hold it."""
    items = [i for s in table.sellers for i in s.items] + list(table.items.deck)
    shoppers = [v.shopper.id for v in table.display] + list(table.shoppers.deck)
    pitches = Counter([p for s in table.sellers for p in s.pitches] + list(table.pitches.deck))
    for what, cards in (("item", items), ("shopper", shoppers)):
        twice = sorted(c for c, n in Counter(cards).items() if n > 1)
        if twice:
            raise given.error(
                f"the {what} {twice[0]} is at the table twice; there is one card of each {what}"
            )
    for card, count in sorted(pitches.items()):
        if count > pack.pitch(card).copies:
            raise given.error(
                f"{count} {card} pitches are at the table; the deck has {pack.pitch(card).copies}"
            )


def read_move(pack: YardSale, node: Field, players: int) -> Move:
    """``{seat, offer: {item, to}, pitch: {card, target}}``, or ``{seat, pass: true}``."""
    node.expect_keys(["seat"], ["offer", "pitch", "pass"])
    seat = node.get("seat").as_int(1, players)
    offer = node.opt("offer")
    pitch = node.opt("pitch")
    passes = node.opt("pass")
    if passes is not None and (not passes.as_bool() or offer or pitch):
        raise passes.error("a turn passes (pass: true) or moves, not both")
    if passes is None and offer is None and pitch is None:
        raise node.error("a turn offers an item, plays a pitch, or passes", "write pass: true")
    move = Move(seat)
    if offer is not None:
        offer.expect_keys(["item", "to"])
        move = replace(move, offer=(offer.get("item").as_id(), offer.get("to").as_id()))
    if pitch is not None:
        pitch.expect_keys(["card"], ["target"])
        target = pitch.opt("target")
        card = pitch.get("card").as_choice([p.id for p in pack.pitches])
        move = replace(move, pitch=(card, target.as_id() if target else None))
    return move


def run_whole_round(pack: YardSale, given: Field) -> Mapping[str, Any]:
    """A whole round: every turn, the buying, shoppers leaving and arriving, each refill."""
    given.expect_keys(["first_player", "sellers", "display", "turns"], ["round", "decks"])
    table = read_table(pack, given)
    nodes = given.get("turns").as_list(1)
    moves = [read_move(pack, n, table.players) for n in nodes]
    try:
        played = play_round(pack, table, moves)
    except TurnError as exc:
        where = nodes[exc.turn - 1] if exc.turn <= len(nodes) else given.get("turns")
        raise where.error(
            f"turn {exc.turn}, seat {exc.seat}: {exc}",
            "turns go clockwise from the first player; a round ends when all pass in a row",
        ) from None
    except RuleError as exc:
        raise given.error(str(exc)) from None
    short = [r.seat for r in played.refills if r.short]
    if short:
        raise given.get("turns").error(
            f"seat {short[0]}'s refill runs past the decks the example stacks",
            "list enough cards under decks: items and pitches",
        )
    return whole_round_view(played)


def whole_round_view(played: RoundPlay) -> dict[str, Any]:
    after, result = played.after, played.result
    return {
        "turns": len(played.moves),
        "bought": {p.shopper: [a.item for a in p.bought] for p in result.purchases},
        "paid": {p.shopper: [a.price for a in p.bought] for p in result.purchases},
        "income": list(result.income),
        "cash": [s.cash for s in after.sellers],
        "sold": list(played.sold),
        "leaving": list(played.leaving),
        "arriving": list(played.arriving),
        "display": [v.shopper.id for v in after.display],
        "drawn_items": {r.seat: list(r.items) for r in played.refills},
        "drawn_pitches": {r.seat: list(r.pitches) for r in played.refills},
        "bonus": [r.seat for r in played.refills if r.bonus],
        "items": [list(s.items) for s in after.sellers],
        "pitches": [list(s.pitches) for s in after.sellers],
        "next_first": after.first,
        "next_round": after.round,
    }


# -- golden playthroughs -------------------------------------------------------------------------
def run_playthrough(pack: YardSale, given: Field) -> Mapping[str, Any]:
    """A seeded sale by random legal sellers, every turn and every round's end."""
    from printkit.games.yard_sale.bots import play_seeded_sale

    given.expect_keys(["players", "seed"])
    players = given.get("players").as_int(pack.min_players, pack.max_players)
    sale = play_seeded_sale(pack, players, given.get("seed").as_int(0, 2**63))
    steps: list[dict[str, Any]] = []
    for played in sale.rounds:
        number = played.after.round - 1
        for move in played.moves:
            steps.append(
                {
                    "round": number,
                    "seat": move.seat,
                    "offer": list(move.offer) if move.offer else None,
                    "pitch": list(move.pitch) if move.pitch else None,
                }
            )
        steps.append(
            {
                "round": number,
                "bought": [a.item for p in played.result.purchases for a in p.bought],
                "income": list(played.result.income),
                "cash": [s.cash for s in played.after.sellers],
                "leaving": list(played.leaving),
                "arriving": list(played.arriving),
                "held": [[len(s.items), len(s.pitches)] for s in played.after.sellers],
                "next_first": played.after.first,
            }
        )
    return {
        "steps": steps,
        "cash": [s.cash for s in sale.final.sellers],
        "winners": list(sale.winners),
    }


RULES: dict[str, ExampleRule] = dict(
    [
        example_rule(
            "shop",
            "one shopper's purchases at the end of a round",
            run_shop,
            "bought paid spent cash_left income order opinions prices outcomes",
        ),
        example_rule(
            "round-end",
            "every shopper buys; each seller's takings; who starts next",
            run_round_end,
            "bought cash_left income next_first next_order",
        ),
        example_rule(
            "turn-order",
            "who starts a round: pocket money in round 1, takings after",
            run_turn_order,
            "first order rolls",
        ),
        example_rule(
            "refill",
            "the cards a player draws at the end of a round",
            run_refill,
            "draw_items draw_pitches items pitches bonus",
        ),
        example_rule(
            "shoppers",
            "shoppers whose time is up leave; the display refills",
            run_shoppers,
            "leaving staying arriving display reshuffled",
        ),
        example_rule(
            "whole-round",
            "a whole round turn by turn, then the buying, the shoppers leaving and arriving, "
            "and each refill",
            run_whole_round,
            "turns bought paid income cash sold leaving arriving display drawn_items "
            "drawn_pitches bonus items pitches next_first next_round",
        ),
        example_rule(
            "playthrough",
            "a golden playthrough: a seeded sale, every turn and every round's end",
            run_playthrough,
            "steps cash winners",
        ),
        example_rule(
            "game-end", "the winner after the last round", run_game_end, "winners shared ranking"
        ),
    ]
)
