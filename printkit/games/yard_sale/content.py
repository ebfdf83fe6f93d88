"""Read and validate a Yard Sale content folder into a `YardSale`.

Every value is checked where it is read, so an error names its file, line and
field; cross-references (a shopper's favourite subject, an item rule's
subject) must name something the pack defines, with a "did you mean".
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from printkit.content.art import read_art
from printkit.content.cardtext import PLACEHOLDER, fill_text
from printkit.content.components import read_colours, read_components
from printkit.content.fields import CARD_ID_HINT, Field, Ledger, suggest
from printkit.content.packs import (
    BOX_KEYS,
    PACK_OPTIONAL_KEYS,
    box_facts,
    read_card_list,
    read_document,
)
from printkit.content.schema import (
    MAX_CARDS,
    Choice,
    Colour,
    Custom,
    Id,
    Int,
    ListOf,
    Node,
    Record,
    Rulings,
    Size,
    Text,
)
from printkit.content.words import read_words
from printkit.errors import ContentError, Location
from printkit.games.yard_sale.model import (
    OUTCOMES,
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

MIN_MM = 10  # a printed piece smaller than this is a typo
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
FACTS = ("title", "display", "items", "pitches", "bonus", "favourite", "dislike", "lowest")
FACTS += ("rounds", "minutes", "opening", "closing", "tokens")  # kit/cards.py `facts`
_EXTRA = {
    "deck.tokens_note": ("per", "cutting"),
    **{f"target.{t}": ("subject",) for t in TARGETS},
    **{f"shopper.{k}": ("count",) for k in ("items_one", "items", "time_one", "time")},
    "reference.ties": ("ties",),
    "shopper.clock_space": ("number",),
    "picture.buying": ("shopper",),
    "picture.buying_shopper": ("cash",),
    "picture.buying_left": ("left",),
    "picture.round": ("turns",),
    "picture.item_result": ("outcome", "price"),
    "picture.round_left": ("left",),
    "deck.items_and_shoppers": ("item_cards", "shopper_cards"),
}
_SENTENCES = [
    *(f"deck.{d}{n}" for d in ("items", "shoppers", "pitches", "cash", "reference", "track")
      for n in ("", "_note")),
    "deck.items_and_shoppers", "deck.items_and_shoppers_note",
    "deck.tokens", "deck.tokens_note", *(f"target.{t}" for t in TARGETS),
    *(f"shopper.{k}" for k in ("cash", "buys", "items_one", "items", "time_one", "time")),
    "shopper.clock_space",
    *(f"tie.{t}" for t in TIE_BREAKS), "tie.then", "reference.front", "reference.back",
    *(f"reference.{k}{h}" for k in ("turn", "end", "opinion", "buying", "ties")
      for h in ("_heading", "")),
    "track.title", "track.span", "track.steps_heading",
    *(f"track.{k}{h}" for k in ("buy", "clocks", "refill", "next")
      for h in ("_heading", "")),
    "back.title",
    *(f"callout.setup.{k}" for k in ("track", "shoppers", "decks", "bank", "items", "pitches",
      "sellers")),
    *(f"back.{k}{h}" for k in ("setup", "turn", "start", "opinion", "end")
      for h in ("_heading", "")),
    *(f"outcome.{o}" for o in OUTCOMES),
    "picture.setup", "picture.buying", "picture.buying_shopper", "picture.buying_left",
    "picture.round", "picture.item_result", "picture.round_left", "picture.round_table",
]  # fmt: skip
WORDS = {key: FACTS + _EXTRA.get(key, ()) for key in _SENTENCES}  # the kit's, in words.yaml
COMPONENT_KINDS = ("card", "cash", "track", "token", "timer", "die")


def load(folder: Path) -> YardSale:
    ledger = Ledger()
    game = read_document(folder / "game.yaml", ledger)
    docs = {name: read_document(folder / f"{name}.yaml", ledger) for name in [*DOCUMENTS, "kit"]}
    for name, keys in DOCUMENTS.items():
        docs[name].expect_keys(keys)
    frame = GAME.values(game)
    box = box_facts(game)
    rounds, lowest_price = frame["rounds"], frame["lowest_price"]
    subjects = SUBJECTS.read(docs["subjects"].get("subjects"))
    hands, opinion = frame.pop("hands"), frame.pop("opinion")
    pack = YardSale(
        folder=folder,
        **box,
        **frame,
        item_hand=hands["items"],
        pitch_hand=hands["pitches"],
        favourite_opinion=opinion["favourite"],
        dislike_opinion=opinion["dislike"],
        neutral_opinion=opinion["neutral"],
        player_colours=read_colours(game.get("player_colours"), box["max_players"], SHARED_SYMBOLS),
        subjects=subjects,
        items=_items(read_card_list(folder, "items", ledger), subjects, rounds, lowest_price),
        shoppers=_shoppers(read_card_list(folder, "shoppers", ledger), subjects, rounds),
        pitches=_pitches(read_card_list(folder, "pitches", ledger), subjects),
        cash=_cash(docs["cash"].get("denominations")),
        components=read_components(
            docs["components"].get("components"), COMPONENT_KINDS, ["player-colour"], False
        ),
        kit=KIT.read(docs["kit"]),
        words=read_words(folder / "words.yaml", WORDS, ledger),
        art=read_art(folder),
    )
    _check_components(docs["components"].get("components"), pack)
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


GAME = Record(
    dict,
    {
        "rounds": Int(1, 100),
        "minutes_per_round": Int(1, 240),
        "opening_time": Custom(_clock),
        "display_shoppers": Int(1, 12),
        "hands": Record(dict, {"items": Int(1, 20), "pitches": Int(0, 20)}),
        "sell_out_bonus": Int(0, 20),
        "opinion": Record(
            dict, {"favourite": Int(1, 10), "dislike": Int(-10, -1), "neutral": Int(-10, 10)}
        ),
        "lowest_price": Int(0, 100),
        "tie_breaks": Custom(_tie_breaks),
        "rules_of_play": Custom(lambda node: tuple(Rulings(RULINGS).read(node).items())),
    },
    rename={"opening_time": "opening_minute", "rules_of_play": "rulings"},
    also=(*BOX_KEYS, "player_colours", *PACK_OPTIONAL_KEYS),
)
SUBJECTS = ListOf(
    Record(
        Subject,
        {"id": Id(), "name": Text(), "colour": Colour(), "symbol": Choice(SUBJECT_SYMBOLS)},
    ),
    2,
    unique={"id": "subject id", "symbol": "subject symbol"},
)
DOCUMENTS = {"subjects": ["subjects"], "cash": ["denominations"], "components": ["components"]}


# -- items -------------------------------------------------------------------------
def _items(
    entries: list[Field], subjects: tuple[Subject, ...], rounds: int, lowest_price: int
) -> tuple[Item, ...]:
    names = {s.id: s.name for s in subjects}

    def make(text: Field, **values: Any) -> Item:
        rule = values["rule"]
        shown: dict[str, object] = {
            "opinion": rule.opinion,
            "cash": rule.cash,
            "subject": names[rule.subject or values["subject"]],
            "rounds": rule.rounds,
            "from_round": rule.rounds,
        }
        wanted = [p for p in RULE_PARAMETERS[rule.kind] if p != "subject"]
        if rule.subject:
            wanted.append("subject")
        _require_placeholders(text, wanted, {k: shown[k] for k in wanted})
        return Item(**values, text=fill_text(text, {k: shown[k] for k in wanted + ["subject"]}))

    item = Record(
        make,
        {
            "id": Id(),
            "name": Text(),
            "subject": Choice(tuple(names)),
            "price": Int(lowest_price, 1000),
            "rule": Custom(lambda node: _item_rule(node, list(names), rounds)),
            "text": Node(),
        },
    )
    return tuple(ListOf(item, unique=CARD_IDS, hint=CARD_ID_HINT).read_entries(entries))


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
def _shoppers(
    entries: list[Field], subjects: tuple[Subject, ...], rounds: int
) -> tuple[Shopper, ...]:
    ids = tuple(s.id for s in subjects)

    def check(node: Field, values: dict[str, Any]) -> None:
        if values["dislike"] == values["favourite"]:
            raise node.get("dislike").error(
                f"the shopper both loves and dislikes {values['favourite']!r}",
                "pick a different subject to dislike",
            )

    shopper = Record(
        Shopper,
        {
            "id": Id(),
            "name": Text(),
            "cash": Int(1, 1000),
            "favourite": Choice(ids),
            "dislike": Choice(ids),
            "max_purchases": Int(1, 20),
            "time": Int(1, min(rounds, 8)),
        },
        check=check,
    )
    result = ListOf(shopper, unique=CARD_IDS, hint=CARD_ID_HINT).read_entries(entries)
    for subject in ids:
        if not any(s.favourite == subject for s in result):
            raise ContentError(
                Location(entries[0].file, "shoppers"),
                f"no shopper loves {subject!r}, so its items sell only through pitches",
                "give the subject at least one fan",
            )
    return tuple(result)


# -- pitches ---------------------------------------------------------------------------
def _check_effect(node: Field, values: dict[str, Any]) -> None:
    if not values["opinion"] and not values["price"]:
        raise node.error("the pitch changes neither opinion nor price")


EFFECT = Record(
    dict,
    {},
    optional={"opinion": Int(-10, 10), "price": Int(-100, 100)},
    defaults={"opinion": 0, "price": 0},
    check=_check_effect,
)


def _check_pitch(node: Field, values: dict[str, Any]) -> None:
    target, subject = values["target"], node.opt("subject")
    if target == "subject" and subject is None:
        raise node.error("a pitch aimed at a subject must name it", "add 'subject: <id>'")
    if target != "subject" and subject is not None:
        raise subject.error(
            f"only a pitch with target 'subject' names a subject, not {target!r}",
            "remove 'subject' or set target: subject",
        )


def _pitches(entries: list[Field], subjects: tuple[Subject, ...]) -> tuple[Pitch, ...]:
    names = {s.id: s.name for s in subjects}

    def make(effect: dict[str, int], text: Field, **values: Any) -> Pitch:
        subject = values.get("subject")
        shown = {**effect, **({"subject": names[subject]} if subject else {})}
        return Pitch(**values, **effect, text=fill_text(text, shown))

    pitch = Record(
        make,
        {
            "id": Id(),
            "title": Text(),
            "target": Choice(TARGETS),
            "effect": EFFECT,
            "text": Node(),
        },
        optional={"subject": Choice(tuple(names)), "copies": Int(1, MAX_CARDS)},
        check=_check_pitch,
    )
    return tuple(ListOf(pitch, unique=CARD_IDS, hint=CARD_ID_HINT).read_entries(entries))


# -- cash, components, kit -------------------------------------------------------------
DENOMINATION = Record(
    Denomination, {"value": Int(1, 10_000), "count": Int(1, MAX_CARDS), "colour": Colour()}
)


def _cash(node: Field) -> tuple[Denomination, ...]:
    result = ListOf(DENOMINATION, 1).read(node)
    values = [d.value for d in result]
    if values != sorted(set(values)):
        raise node.error("cash values must rise and not repeat", "list them smallest first")
    if values[0] != 1:
        raise node.error("the smallest note must be $1", "every price is a whole dollar")
    return result


KIT = Record(
    KitLayout,
    {
        "card": Size(150, MIN_MM),
        "cash": Size(150, MIN_MM),
        "track": Size(190, MIN_MM),
        "token": Size(60, MIN_MM),
    },
)
CARD_IDS = {"id": "card id"}


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
