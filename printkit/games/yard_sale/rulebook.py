"""Yard Sale's rulebook context: every number the templates print, from the pack.

The templates in ``content/yard-sale/rulebook/`` hold the prose; this module
hands them the data (cards, components, the designer's rulings) and the
worked examples with the engine's own results, down to why each item was or
was not bought. An example whose ``expect`` disagrees with the engine stops
the build, so the printed numbers are always the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import asdict
from typing import Any

from printkit.check.checker import Example, plain
from printkit.content.fields import Field, Gap
from printkit.games.yard_sale.examples import read_move, read_round, read_shop, read_table
from printkit.games.yard_sale.kit import cards as kit_cards
from printkit.games.yard_sale.kit import kit, pictures
from printkit.games.yard_sale.kit.cards import target_text
from printkit.games.yard_sale.model import Item, Pitch, Shopper, YardSale
from printkit.games.yard_sale.play import Move, play_round
from printkit.games.yard_sale.rules import (
    Appraisal,
    Offer,
    Purchase,
    end_round,
    reaches,
    shop,
)
from printkit.registry import GamePlugin
from printkit.render.formats import money, names, signed, signed_money
from printkit.render.theme import Theme
from printkit.render.units import MM
from printkit.rulebook.assemble import rulebook_context
from printkit.rulebook.context import Block, Catalog, RulebookContext
from printkit.rulebook.examples import example_view, worked_examples
from printkit.rulebook.keep import watched
from printkit.rulebook.pictures import PictureBlock, PictureSheet
from printkit.rulebook.rulings import field_words, list_entry, rulings
from printkit.rulebook.scenes import kit_gallery, legible
from printkit.rulebook.variables import frame

CARD_SCALE = 0.6  # a card picture in the rulebook: about 38 x 53 mm


def rulebook(pack: YardSale, theme: Theme) -> RulebookContext:
    """The variables, filters, functions and card pictures the templates may use."""
    gaps = _gaps(pack)
    examples = worked_examples(pack, _example_view)
    variables: dict[str, Any] = {
        "game": _game(pack),
        "subjects": [_subject(pack, s.id) for s in pack.subjects],
        "subject": Catalog("subject", {s.id: _subject(pack, s.id) for s in pack.subjects}),
        "items": [_item(pack, i) for i in pack.items],
        "item": Catalog("item", {i.id: _item(pack, i) for i in pack.items}),
        "rule_kinds": _rule_kinds(pack),
        "shoppers": [_shopper(pack, s) for s in pack.shoppers],
        "shopper": Catalog("shopper", {s.id: _shopper(pack, s) for s in pack.shoppers}),
        "pitches": [_pitch(pack, p) for p in pack.pitches],
        "pitch": Catalog("pitch", {p.id: _pitch(pack, p) for p in pack.pitches}),
        "cash": [asdict(d) for d in pack.cash],
        "components": [_component(pack, c) for c in pack.components],
        "component": Catalog("component", {c.id: _component(pack, c) for c in pack.components}),
        "colours": [c.name for c in pack.player_colours[: pack.max_players]],
        "times": [{"round": n, "time": pack.clock(n)} for n in range(1, pack.rounds + 1)],
        "examples": Catalog("worked example", examples),
    }
    blocks = CardPictures(pack, theme, examples)
    return rulebook_context(pack, variables, blocks, gaps, {"money": money, "signed": signed})


# -- the pack as template data ----------------------------------------------------------
def _game(pack: YardSale) -> dict[str, Any]:
    return {
        **frame(pack),
        "rounds": pack.rounds,
        "minutes": pack.minutes_per_round,
        "hours": pack.rounds * pack.minutes_per_round // 60,
        "opening": pack.clock(1),
        "closing": pack.closing_time,
        "display": pack.display_shoppers,
        "item_hand": pack.item_hand,
        "pitch_hand": pack.pitch_hand,
        "bonus": pack.sell_out_bonus,
        "favourite": pack.favourite_opinion,
        "dislike": pack.dislike_opinion,
        "neutral": pack.neutral_opinion,
        "lowest_price": pack.lowest_price,
        "tie_breaks": list(pack.tie_breaks),
        "item_count": len(pack.items),
        "shopper_count": len(pack.shoppers),
        "pitch_count": pack.pitch_deck_size,
        "cash_total": pack.cash_total,
        "cash_count": sum(d.count for d in pack.cash),
        "longest_stay": max(s.time for s in pack.shoppers),
        "richest": max(s.cash for s in pack.shoppers),
        "poorest": min(s.cash for s in pack.shoppers),
        "cheapest": min(i.price for i in pack.items),
        "dearest": max(i.price for i in pack.items),
        "seller_tokens": pack.component("seller-tokens").count,
    }


def _subject(pack: YardSale, subject_id: str) -> dict[str, Any]:
    subject = pack.subject(subject_id)
    return {
        "id": subject.id,
        "name": subject.name,
        "symbol": subject.symbol,
        "item_names": [i.name for i in pack.items if i.subject == subject_id],
        "fans": [s.name for s in pack.shoppers if s.favourite == subject_id],
        "haters": [s.name for s in pack.shoppers if s.dislike == subject_id],
    }


def _item(pack: YardSale, item: Item) -> dict[str, Any]:
    return {
        "id": item.id,
        "name": item.name,
        "subject": pack.subject(item.subject).name,
        "price": item.price,
        "kind": item.rule.kind,
        "text": item.text,
        "card": f"card:{item.id}",
    }


def _rule_kinds(pack: YardSale) -> dict[str, list[str]]:
    """Each kind of item rule the deck uses, with the items that carry it."""
    kinds: dict[str, list[str]] = {}
    for item in pack.items:
        kinds.setdefault(item.rule.kind, []).append(item.name)
    return kinds


def _shopper(pack: YardSale, shopper: Shopper) -> dict[str, Any]:
    return {
        "id": shopper.id,
        "name": shopper.name,
        "cash": shopper.cash,
        "favourite": pack.subject(shopper.favourite).name,
        "dislike": pack.subject(shopper.dislike).name,
        "max": shopper.max_purchases,
        "time": shopper.time,
        "card": f"card:{shopper.id}",
    }


def _pitch(pack: YardSale, pitch: Pitch) -> dict[str, Any]:
    return {
        "id": pitch.id,
        "title": pitch.title,
        "target": pitch.target,
        "on": target_text(pack, pitch),
        "opinion": pitch.opinion,
        "price": pitch.price,
        "effect": _effect_words(pitch),
        "text": pitch.text,
        "copies": pitch.copies,
        "card": f"card:{pitch.id}",
    }


def _effect_words(pitch: Pitch) -> str:
    parts = []
    if pitch.opinion:
        parts.append(f"{signed(pitch.opinion)} opinion")
    if pitch.price:
        parts.append(f"{signed_money(pitch.price)} price")
    return ", ".join(parts)


def _component(pack: YardSale, component) -> dict[str, Any]:
    groups = len(pack.player_colours[: pack.max_players]) if component.per else 1
    return {**asdict(component), "total": component.count * groups, "groups": groups}


# -- card pictures ------------------------------------------------------------------------
GALLERY = "components:kit"  # every part of the kit, one piece of each deck
SETUP = "setup:table"  # the sale laid out for four sellers
BUYING = "buying:"  # + a shop example's name: that shopper's row, as the example decides it
ROUND = "round:"  # + a whole-round example's name: the table after its last turn


class CardPictures(Mapping[str, Block]):
    """``card:<id>`` for every item, shopper and pitch, drawn by the kit's card renderer;
    ``buying:<example>`` for every one-shopper example and ``round:<example>`` for every
    whole round, drawn from its checked view.

    Pictures are made on first use, so the screen version rasterises only the
    cards the rulebook shows.
    """

    def __init__(
        self, pack: YardSale, theme: Theme, examples: Mapping[str, dict[str, Any]]
    ) -> None:
        pack = watched(pack)  # each picture is kept under the values it reads
        self.pack = pack
        self.sheet = PictureSheet()
        self._made: dict[str, Block] = {}
        self._faces: dict[str, tuple[Callable[[], Any], str]] = {}
        for name, view in examples.items():
            if view["rule"] == "shop":
                self._faces[BUYING + name] = (
                    lambda v=view: pictures.buying_row(pack, theme, v["shop"], PictureSheet()),
                    "",
                )
            if view["rule"] == "whole-round":
                self._faces[ROUND + name] = (
                    lambda v=view: pictures.round_table(pack, theme, v, PictureSheet()),
                    "",
                )
        for item in pack.items:
            self._faces[f"card:{item.id}"] = (
                lambda i=item: kit_cards.item_face(pack, i, theme),
                f"The {item.name} item card",
            )
        longest = max(s.time for s in pack.shoppers)
        for shopper in pack.shoppers:
            self._faces[f"card:{shopper.id}"] = (
                lambda s=shopper: kit_cards.shopper_face(pack, s, theme, longest),
                f"The {shopper.name} shopper card",
            )
        for pitch in pack.pitches:
            self._faces[f"card:{pitch.id}"] = (
                lambda p=pitch: kit_cards.pitch_face(pack, p, theme),
                f"The {pitch.title} pitch card",
            )
        self.theme = theme

    def __getitem__(self, key: str) -> Block:
        if key == GALLERY and key not in self._made:
            self._made[key] = kit_gallery(kit, self.pack, self.theme)
        if key == SETUP and key not in self._made:
            self._made[key] = pictures.setup_table(self.pack, self.theme, PictureSheet())
        if key.startswith((BUYING, ROUND)) and key not in self._made:
            self._made[key] = self._faces[key][0]()
        if key not in self._made:
            face, alt = self._faces[key]
            size = self.pack.kit.card
            draw, w, h = face(), size.width * MM, size.height * MM
            self._made[key] = PictureBlock(
                draw, w, h, legible(draw, w, h, CARD_SCALE), alt, self.sheet
            )
        return self._made[key]

    def __iter__(self) -> Iterator[str]:
        return iter([*self._faces, GALLERY, SETUP])

    def __len__(self) -> int:
        return len(self._faces) + 2

    def __contains__(self, key: object) -> bool:
        return key in self._faces or key in (GALLERY, SETUP)


# -- the designer's rulings ----------------------------------------------------------------
def _gaps(pack: YardSale) -> list[dict[str, Any]]:
    components = {c.id: c.name for c in pack.components}
    return rulings(pack.gaps, lambda gap: _topic(gap, components))


TOPICS = {
    "players": "Number of players",
    "play_time_minutes": "Playing time",
    "opening_time": "The clock",
    "opinion.neutral": "Neither loved nor disliked",
    "lowest_price": "The lowest price",
    "tie_breaks": "The last tie-break",
    "subjects": "The subjects",
    "items": "The item cards",
    "shoppers": "The shopper cards",
    "pitches": "The sales pitch cards",
    "denominations": "How much cash",
}


def _topic(gap: Gap, components: dict[str, str]) -> str:
    if gap.field in TOPICS:
        return TOPICS[gap.field]
    key = list_entry(gap.field)[0]
    return components.get(key, key) if key else field_words(gap.field)


# -- worked examples ------------------------------------------------------------------------
def _example_view(plugin: GamePlugin, pack: YardSale, example: Example) -> dict[str, Any]:
    view = example_view(plugin, pack, example)
    if example.rule == "shop":
        case = read_shop(pack, example.given)
        purchase = shop(pack, case.visit, case.offers, case.pitches, case.round_number)
        view["shop"] = _shop_table(pack, case.visit, case.offers, case.pitches, purchase)
        view["shop"]["round"] = case.round_number
    elif example.rule == "round-end":
        case = read_round(pack, example.given)
        result = end_round(pack, case.players, case.stalls, case.table, case.round_number)
        view["stalls"] = [
            _shop_table(pack, stall.visit, stall.offers, (*stall.pitches, *case.table), purchase)
            | {"pitches": [p.title for p in stall.pitches]}
            for stall, purchase in zip(case.stalls, result.purchases)
        ]
        view["table_pitches"] = [p.title for p in case.table]
    elif example.rule == "whole-round":
        view.update(_whole_round(pack, example.given))
    return view


def _whole_round(pack: YardSale, given: Field) -> dict[str, Any]:
    """A played round for print: each turn in words, each shopper's decision, each refill."""
    table = read_table(pack, given)
    nodes = given.get("turns").as_list()
    played = play_round(pack, table, [read_move(pack, n, table.players) for n in nodes])
    sellers = plain(given.get("sellers").raw)
    name = {seat: s.get("name", f"Seat {seat}") for seat, s in enumerate(sellers, start=1)}
    table_pitches = tuple(pack.pitch(p) for p in played.table_pitches)
    stalls = [
        _shop_table(pack, st.visit, st.offers, (*st.pitches, *table_pitches), purchase)
        | {"pitches": [p.title for p in st.pitches], "own_pitch_cards": [p.id for p in st.pitches]}
        for st, purchase in zip(played.stalls, played.result.purchases)
        if st.offers
    ]
    return {
        "names": name,
        "turn_rows": [
            [n, name[m.seat], _move_words(pack, m)] for n, m in enumerate(played.moves, 1)
        ],
        "stalls": stalls,
        "table_pitches": [p.title for p in table_pitches],
        "table_pitch_cards": [p.id for p in table_pitches],
        "quiet": [
            v.shopper.name
            for v in table.display
            if not any(st.offers for st in played.stalls if st.visit.shopper.id == v.shopper.id)
        ],
        "refill_rows": [
            [
                name[r.seat],
                names([pack.pitch(c).title for c in r.pitches]) or "nothing",
                names([pack.item(c).name for c in r.items]) or "nothing",
            ]
            for r in played.refills
        ],
        "leaving": [pack.shopper(s).name for s in played.leaving],
        "arriving": [pack.shopper(s).name for s in played.arriving],
    }


def _move_words(pack: YardSale, move: Move) -> str:
    """'Offers the Yo-yo to the Busy Parent and plays Sweet Talk on the Yo-yo', or 'Passes'."""
    parts = []
    if move.offer is not None:
        item, shopper = move.offer
        parts.append(f"offers the {pack.item(item).name} to the {pack.shopper(shopper).name}")
    if move.pitch is not None:
        card, target = move.pitch
        title = pack.pitch(card).title
        if target is None:
            parts.append(f"plays {title} on the table")
        elif pack.pitch(card).on_item:
            parts.append(f"plays {title} on the {pack.item(target).name}")
        else:
            parts.append(f"plays {title} beside the {pack.shopper(target).name}")
    words = " and ".join(parts) or "passes"
    return words[0].upper() + words[1:]


def _shop_table(
    pack: YardSale, visit, offers: tuple[Offer, ...], pitches: tuple[Pitch, ...], purchase: Purchase
) -> dict[str, Any]:
    """One shopper's decision, row by row in buying order, with the reasons for each number."""
    shopper = visit.shopper
    rows = []
    cash = visit.cash
    for appraisal, outcome in zip(purchase.appraisals, purchase.outcomes):
        offer = offers[appraisal.index]
        before = cash
        if outcome == "bought":
            cash -= appraisal.price
        rows.append(
            {
                "item": pack.item(appraisal.item).name,
                "seller": appraisal.seller,
                "subject": pack.subject(appraisal.subject).name,
                "price": _price_words(pack, offer, pitches, appraisal),
                "opinion": _opinion_words(pack, shopper, appraisal),
                "value": appraisal.opinion,
                "outcome": _outcome_words(pack, outcome),
                "result": outcome,
                "card": appraisal.item,
                "pitch_cards": [p.id for p in offer.pitches],
                "paid": appraisal.price,
                "cash_before": before,
                "cash_after": cash,
            }
        )
    return {
        "shopper": shopper.name,
        "card": shopper.id,
        "pitch_cards": [p.id for p in pitches],
        "favourite": pack.subject(shopper.favourite).name,
        "dislike": pack.subject(shopper.dislike).name,
        "cash": visit.cash,
        "max": shopper.max_purchases,
        "rounds_left": visit.rounds_left,
        "pitches": [p.title for p in pitches],
        "rows": rows,
        "spent": purchase.spent,
        "cash_left": purchase.cash_left,
        "bought": [pack.item(a.item).name for a in purchase.bought],
    }


def _outcome_words(pack: YardSale, outcome: str) -> str:
    """The table's word for a decision, from words.yaml; what was bought stands out."""
    words = pack.words.say(f"outcome.{outcome}")
    return f"**{words}**" if outcome == "bought" else words


def _price_words(pack: YardSale, offer: Offer, pitches, appraisal: Appraisal) -> str:
    """'$9', or '$9 − $2 (Markdown) = $7', or '$12 (firm)'."""
    tag = offer.item.price
    changes = [p for p in offer.pitches if p.price] + [
        p for p in pitches if p.price and reaches(p, offer)
    ]
    if not changes:
        return money(tag)
    if offer.item.rule.kind == "firm_price":
        return f"{money(tag)} (firm)"
    steps = " ".join(f"{signed_money(p.price)} ({p.title})" for p in changes)
    floor = (
        f", not below {money(pack.lowest_price)}"
        if tag + sum(p.price for p in changes) < pack.lowest_price
        else ""
    )
    return f"{money(tag)} {steps}{floor} = {money(appraisal.price)}"


def _opinion_words(pack: YardSale, shopper: Shopper, appraisal: Appraisal) -> str:
    """'+1 loves Books, +1 Sweet Talk = 2'."""
    label = {
        "neutral": lambda: "to start",
        "favourite": lambda: f"loves {pack.subject(shopper.favourite).name}",
        "dislike": lambda: f"dislikes {pack.subject(shopper.dislike).name}",
        "rule": lambda: "its own rule",
    }
    parts = []
    item = pack.item(appraisal.item)
    if item.rule.kind == "forgiving" and item.subject == shopper.dislike:
        parts.append(f"no {signed(pack.dislike_opinion)}: its own rule")
    for key, value in appraisal.reasons:
        if key.startswith("pitch:"):
            words = pack.pitch(key.partition(":")[2]).title
        else:
            words = label[key]()
        parts.append(f"{signed(value)} {words}")
    total = appraisal.opinion
    if not parts:
        return "0"
    shown = str(total) if total >= 0 else f"−{-total}"
    return f"{', '.join(parts)} = {shown}"
