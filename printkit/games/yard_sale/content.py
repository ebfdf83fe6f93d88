"""Read and validate a Yard Sale content folder into a `YardSale`.

Every value is checked where it is read, so an error names its file, line and
field; cross-references (a shopper's favourite subject, an item rule's
subject) must name something the pack defines, with a "did you mean".
"""

from __future__ import annotations

import re
from dataclasses import fields, replace
from pathlib import Path

from printkit.content.art import read_art
from printkit.content.cardtext import PLACEHOLDER, fill_text
from printkit.content.components import read_colours, read_components
from printkit.content.fields import (
    CARD_ID_HINT,
    Field,
    Ledger,
    check_unique,
    read_copies,
    read_size,
    suggest,
)
from printkit.content.packs import PACK_OPTIONAL_KEYS, box_facts, read_card_list, read_document
from printkit.errors import ContentError, Location
from printkit.games.yard_sale.model import (
    RULE_KINDS,
    TARGETS,
    TIE_BREAKS,
    Denomination,
    Item,
    ItemRule,
    KitLayout,
    Pitch,
    Shopper,
    Subject,
    YardSale,
)

MAX_CARDS = 500  # a deck larger than this is a typo, not a design
MIN_MM = 10  # a printed piece smaller than this is a typo
GAME_KEYS = [
    "id",
    "title",
    "tagline",
    "players",
    "play_time_minutes",
    "age",
    "rounds",
    "minutes_per_round",
    "opening_time",
    "display_shoppers",
    "hands",
    "sell_out_bonus",
    "opinion",
    "lowest_price",
    "tie_breaks",
    "player_colours",
    "rules_of_play",
]
# The designer's rulings the engine implements, each with the values it knows.
RULINGS: dict[str, tuple[str, ...]] = {
    "first_round": ("most-pocket-money",),
    "turn_order_tie": ("earliest-last-round",),
    "round_end": ("everyone-passes",),
    "pitch_refill": ("up-to-hand",),
    "sell_out": ("table-cleared",),
    "reshuffle": ("discard-pile",),
    "offers_stay": ("until-round-end",),
    "unsold_items": ("back-to-seller",),
    "shopper_cash": ("cash-on-the-card",),
    "shopping_time": ("marker-per-round",),
    "game_end_tie": ("shared",),
    "refill_order": ("next-first-player",),
}
# The parameters each kind of item rule reads (all whole numbers but `subject`).
RULE_PARAMETERS: dict[str, tuple[str, ...]] = {
    "fans": ("subject", "opinion"),
    "set": ("subject", "opinion"),
    "bargain": ("opinion",),
    "last_call": ("opinion",),
    "early": ("rounds", "opinion"),
    "late": ("from_round", "opinion"),
    "wealthy": ("cash", "opinion"),
    "forgiving": (),
    "firm_price": (),
    "solo": (),
}
# Symbols the kit draws: its own subject pictures and printkit's shared set.
SUBJECT_SYMBOLS = ("book", "ball", "pot", "shirt", "hammer")
SHARED_SYMBOLS = ("sun", "heart", "drop", "leaf", "star", "cloud", "cup", "cube", "coin")
TIME_RE = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")
COMPONENT_KINDS = ("card", "cash", "track", "token", "timer", "die")


def load(folder: Path) -> YardSale:
    ledger = Ledger()
    game = read_document(folder / "game.yaml", ledger)
    subjects_doc = read_document(folder / "subjects.yaml", ledger)
    cash_doc = read_document(folder / "cash.yaml", ledger)
    components_doc = read_document(folder / "components.yaml", ledger)
    kit_doc = read_document(folder / "kit.yaml", ledger)
    game.expect_keys(GAME_KEYS, PACK_OPTIONAL_KEYS)
    subjects_doc.expect_keys(["subjects"])
    cash_doc.expect_keys(["denominations"])
    components_doc.expect_keys(["components"])

    box = box_facts(game)
    max_players = box["max_players"]
    rounds = game.get("rounds").as_int(1, 100)
    subjects = _subjects(subjects_doc.get("subjects"))
    subject_ids = [s.id for s in subjects]
    hands = game.get("hands")
    hands.expect_keys(["items", "pitches"])
    opinion = game.get("opinion")
    opinion.expect_keys(["favourite", "dislike", "neutral"])
    lowest_price = game.get("lowest_price").as_int(0, 100)

    pack = YardSale(
        folder=folder,
        **box,
        rounds=rounds,
        minutes_per_round=game.get("minutes_per_round").as_int(1, 240),
        opening_minute=_clock(game.get("opening_time")),
        display_shoppers=game.get("display_shoppers").as_int(1, 12),
        item_hand=hands.get("items").as_int(1, 20),
        pitch_hand=hands.get("pitches").as_int(0, 20),
        sell_out_bonus=game.get("sell_out_bonus").as_int(0, 20),
        favourite_opinion=opinion.get("favourite").as_int(1, 10),
        dislike_opinion=opinion.get("dislike").as_int(-10, -1),
        neutral_opinion=opinion.get("neutral").as_int(-10, 10),
        lowest_price=lowest_price,
        tie_breaks=_tie_breaks(game.get("tie_breaks")),
        rulings=_rulings(game.get("rules_of_play")),
        player_colours=read_colours(game.get("player_colours"), max_players, SHARED_SYMBOLS),
        subjects=subjects,
        items=_items(read_card_list(folder, "items", ledger), subjects, rounds, lowest_price),
        shoppers=_shoppers(read_card_list(folder, "shoppers", ledger), subject_ids, rounds),
        pitches=_pitches(read_card_list(folder, "pitches", ledger), subjects),
        cash=_cash(cash_doc.get("denominations")),
        components=read_components(
            components_doc.get("components"), COMPONENT_KINDS, ["player-colour"], optional=False
        ),
        kit=_kit_layout(kit_doc),
        art=read_art(folder),
    )
    _check_components(components_doc.get("components"), pack)
    _check_decks(game, pack)
    return replace(pack, gaps=tuple(ledger.gaps))


# -- the frame -------------------------------------------------------------------
def _clock(node: Field) -> int:
    match = TIME_RE.fullmatch(node.as_str())
    if not match:
        raise node.error(f"{node.raw!r} is not a time of day", 'write it as "8:00" or "13:30"')
    return int(match.group(1)) * 60 + int(match.group(2))


def _tie_breaks(node: Field) -> tuple[str, ...]:
    values = tuple(entry.as_choice(TIE_BREAKS) for entry in node.as_list(1))
    if sorted(values) != sorted(TIE_BREAKS) or values[-1] != "offered-first":
        raise node.error(
            f"tie-breaks {list(values)} must list each of {list(TIE_BREAKS)} once",
            "put 'offered-first' last: it is the only one that always decides",
        )
    return values


def _rulings(node: Field) -> tuple[tuple[str, str], ...]:
    node.expect_keys(list(RULINGS))
    return tuple((name, node.get(name).as_choice(options)) for name, options in RULINGS.items())


def _subjects(node: Field) -> tuple[Subject, ...]:
    result = []
    for entry in node.as_list(2):
        entry.expect_keys(["id", "name", "colour", "symbol"])
        result.append(
            Subject(
                id=entry.get("id").as_id(),
                name=entry.get("name").as_str(),
                colour=entry.get("colour").as_colour(),
                symbol=entry.get("symbol").as_choice(SUBJECT_SYMBOLS),
            )
        )
    check_unique(node, [s.id for s in result], "subject id")
    check_unique(node, [s.symbol for s in result], "subject symbol")
    return tuple(result)


# -- items -------------------------------------------------------------------------
def _items(
    entries: list[Field], subjects: tuple[Subject, ...], rounds: int, lowest_price: int
) -> tuple[Item, ...]:
    names = {s.id: s.name for s in subjects}
    result = []
    for entry in entries:
        entry.expect_keys(["id", "name", "subject", "price", "rule", "text"])
        subject = entry.get("subject").as_choice(names)
        rule = _item_rule(entry.get("rule"), list(names), rounds)
        values: dict[str, object] = {
            "opinion": rule.opinion,
            "cash": rule.cash,
            "subject": names[rule.subject or subject],
        }
        if rule.kind == "early":
            values["rounds"] = rule.rounds
        if rule.kind == "late":
            values["from_round"] = rule.rounds
        wanted = [p for p in RULE_PARAMETERS[rule.kind] if p != "subject"]
        if rule.subject:
            wanted.append("subject")
        text = entry.get("text")
        _require_placeholders(text, wanted, {k: values[k] for k in wanted})
        result.append(
            Item(
                id=entry.get("id").as_id(),
                name=entry.get("name").as_str(),
                subject=subject,
                price=entry.get("price").as_int(lowest_price, 1000),
                rule=rule,
                text=fill_text(text, {k: values[k] for k in wanted + ["subject"]}),
            )
        )
        check_unique(entry.get("id"), [i.id for i in result], "card id", CARD_ID_HINT)
    return tuple(result)


def _item_rule(node: Field, subjects: list[str], rounds: int) -> ItemRule:
    names = node.names()
    if len(names) != 1:
        raise node.error(
            f"an item has exactly one rule, got {len(names)}: {names}",
            "write e.g. rule: {bargain: {opinion: 1}}",
        )
    kind = names[0]
    body = node.get(kind)
    if kind not in RULE_KINDS:
        raise body.error(f"unknown item rule {kind!r}", suggest(kind, RULE_KINDS))
    parameters = RULE_PARAMETERS[kind]
    if not parameters:
        if body.as_bool() is not True:
            raise body.error(f"'{kind}: false' gives the item no rule", f"write {kind}: true")
        return ItemRule(kind)
    body.expect_keys(parameters)
    opinion = body.get("opinion").as_int(-10, 10)
    if opinion == 0:
        raise body.get("opinion").error("a rule that changes opinion by 0 does nothing")
    subject = body.get("subject").as_choice(subjects) if "subject" in parameters else None
    first = body.get("rounds") if kind == "early" else body.opt("from_round")
    cash = body.get("cash").as_int(1, 1000) if kind == "wealthy" else 0
    return ItemRule(
        kind=kind,
        opinion=opinion,
        subject=subject,
        rounds=first.as_int(1, rounds) if first is not None else 0,
        cash=cash,
    )


def _require_placeholders(text: Field, wanted: list[str], values: dict[str, object]) -> None:
    """Card text prints every value the engine reads, so a balance edit shows on the card."""
    present = {m.group(2) for m in PLACEHOLDER.finditer(text.as_str())}
    for name in wanted:
        if name not in present:
            raise text.error(
                f"the card text does not print {{{name}}} ({values[name]})",
                f"write {{{name}}} where the card states it, so the print follows the data",
            )


# -- shoppers ------------------------------------------------------------------------
def _shoppers(entries: list[Field], subjects: list[str], rounds: int) -> tuple[Shopper, ...]:
    keys = ["id", "name", "cash", "favourite", "dislike", "max_purchases", "time"]
    result = []
    for entry in entries:
        entry.expect_keys(keys)
        favourite = entry.get("favourite").as_choice(subjects)
        dislike = entry.get("dislike").as_choice(subjects)
        if dislike == favourite:
            raise entry.get("dislike").error(
                f"the shopper both loves and dislikes {favourite!r}",
                "pick a different subject to dislike",
            )
        result.append(
            Shopper(
                id=entry.get("id").as_id(),
                name=entry.get("name").as_str(),
                cash=entry.get("cash").as_int(1, 1000),
                favourite=favourite,
                dislike=dislike,
                max_purchases=entry.get("max_purchases").as_int(1, 20),
                time=entry.get("time").as_int(1, min(rounds, 8)),
            )
        )
        check_unique(entry.get("id"), [s.id for s in result], "card id", CARD_ID_HINT)
    for subject in subjects:
        if not any(s.favourite == subject for s in result):
            raise ContentError(
                Location(entries[0].file, "shoppers"),
                f"no shopper loves {subject!r}, so its items sell only through pitches",
                "give the subject at least one fan",
            )
    return tuple(result)


# -- pitches ---------------------------------------------------------------------------
def _pitches(entries: list[Field], subjects: tuple[Subject, ...]) -> tuple[Pitch, ...]:
    names = {s.id: s.name for s in subjects}
    result = []
    for entry in entries:
        entry.expect_keys(["id", "title", "target", "effect", "text"], ["subject", "copies"])
        target = entry.get("target").as_choice(TARGETS)
        subject_node = entry.opt("subject")
        if target == "subject" and subject_node is None:
            raise entry.error("a pitch aimed at a subject must name it", "add 'subject: <id>'")
        if target != "subject" and subject_node is not None:
            raise subject_node.error(
                f"only a pitch with target 'subject' names a subject, not {target!r}",
                "remove 'subject' or set target: subject",
            )
        subject = subject_node.as_choice(names) if subject_node else None
        effect = entry.get("effect")
        effect.expect_keys([], ["opinion", "price"])
        opinion = effect.get("opinion").as_int(-10, 10) if effect.has("opinion") else 0
        price = effect.get("price").as_int(-100, 100) if effect.has("price") else 0
        if not opinion and not price:
            raise effect.error("the pitch changes neither opinion nor price")
        values: dict[str, object] = {"opinion": opinion, "price": price}
        if subject:
            values["subject"] = names[subject]
        result.append(
            Pitch(
                id=entry.get("id").as_id(),
                title=entry.get("title").as_str(),
                target=target,
                opinion=opinion,
                price=price,
                text=fill_text(entry.get("text"), values),
                subject=subject,
                copies=read_copies(entry, MAX_CARDS),
            )
        )
        check_unique(entry.get("id"), [p.id for p in result], "card id", CARD_ID_HINT)
    return tuple(result)


# -- cash, components, kit -------------------------------------------------------------
def _cash(node: Field) -> tuple[Denomination, ...]:
    result = []
    for entry in node.as_list(1):
        entry.expect_keys(["value", "count", "colour"])
        result.append(
            Denomination(
                value=entry.get("value").as_int(1, 10_000),
                count=entry.get("count").as_int(1, MAX_CARDS),
                colour=entry.get("colour").as_colour(),
            )
        )
    values = [d.value for d in result]
    if values != sorted(set(values)):
        raise node.error("cash values must rise and not repeat", "list them smallest first")
    if values[0] != 1:
        raise node.error("the smallest note must be $1", "every price is a whole dollar")
    return tuple(result)


REQUIRED_COMPONENTS = (
    "item-cards",
    "shopper-cards",
    "pitch-cards",
    "cash-cards",
    "turn-track",
    "reference-cards",
    "round-marker",
    "clock-markers",
    "seller-tokens",
)


def _check_components(node: Field, pack: YardSale) -> None:
    """The component list must agree with the card lists it counts."""
    have = {c.id for c in pack.components}
    for wanted in REQUIRED_COMPONENTS:
        if wanted not in have:
            raise node.error(f"no component {wanted!r}", "the kit prints it; list it here")
    counted = {
        "item-cards": (len(pack.items), "items in items.yaml"),
        "shopper-cards": (len(pack.shoppers), "shoppers in shoppers.yaml"),
        "pitch-cards": (pack.pitch_deck_size, "pitch cards in pitches.yaml (copies included)"),
        "cash-cards": (sum(d.count for d in pack.cash), "cash cards in cash.yaml"),
    }
    minimum = {
        "clock-markers": (pack.display_shoppers, "shoppers on display"),
        "seller-tokens": (pack.item_hand + pack.sell_out_bonus, "items a full hand can hold"),
        "reference-cards": (1, "reference card"),
    }
    for entry, component in zip(node.as_list(), pack.components):
        if component.id in counted:
            total, what = counted[component.id]
            if component.count != total:
                raise entry.get("count").error(
                    f"{component.name} counts {component.count}, but there are {total} {what}",
                    "make the two agree",
                )
        if component.id in minimum and component.count < minimum[component.id][0]:
            least, what = minimum[component.id]
            raise entry.get("count").error(
                f"{component.name} counts {component.count}, fewer than the {least} {what}"
            )


def _check_decks(game: Field, pack: YardSale) -> None:
    """Setup must be dealable at the most players: items, pitches and shoppers."""
    most = pack.max_players
    needs = [
        (len(pack.items), most * (pack.item_hand + pack.sell_out_bonus), "item cards", "items"),
        (pack.pitch_deck_size, most * pack.pitch_hand, "pitch cards", "pitches"),
        (len(pack.shoppers), pack.display_shoppers + 1, "shopper cards", "display_shoppers"),
    ]
    for have, need, what, key in needs:
        if have < need:
            node = game.get("hands") if key in ("items", "pitches") else game.get(key)
            raise node.error(
                f"{most} players need {need} {what} to deal from, but the pack has {have}",
                f"add {what} or lower the hand size or player count",
            )


def _kit_layout(doc: Field) -> KitLayout:
    doc.expect_keys([f.name for f in fields(KitLayout)])
    return KitLayout(
        card=read_size(doc.get("card"), 150, MIN_MM),
        cash=read_size(doc.get("cash"), 150, MIN_MM),
        track=read_size(doc.get("track"), 190, MIN_MM),
        token=read_size(doc.get("token"), 60, MIN_MM),
    )
