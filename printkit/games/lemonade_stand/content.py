"""Read and validate a Lemonade Stand content folder into a `LemonadeStand`.

Every error names the file, the line and the field. Beyond types and ranges,
loading checks what a balance edit could break: a coin buys whole units, the
hand limit can hold the starting coins, the weather deck lasts the game, the
component list agrees with the card lists, and every printed string exists in
both languages.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from printkit.content.art import read_art
from printkit.content.fields import Field, Ledger, suggest
from printkit.content.packs import PACK_OPTIONAL_KEYS, read_document
from printkit.content.schema import (
    MAX_CARDS,
    MAX_COPIES,
    Choice,
    Colour,
    Custom,
    Effect,
    Id,
    Int,
    ListOf,
    Node,
    Record,
    Size,
    read_rulings,
)
from printkit.content.symbol_names import SYMBOL_NAMES
from printkit.games.lemonade_stand.model import (
    CUPS,
    CUSTOMERS,
    DOWN,
    UP,
    Coin,
    CoinEnd,
    Component,
    DollarCard,
    DollarEffect,
    LemonadeStand,
    PlayerColour,
    Rulings,
    Stand,
    WeatherCard,
    WeatherKind,
)
from printkit.games.lemonade_stand.text import (
    LANGUAGE_NAMES,
    LANGUAGES,
    PLURAL_FORMS,
    Text,
    read_text,
)

MIN_MM = 20  # a printed piece smaller than this is a typo
SYMBOLS = (*sorted(SYMBOL_NAMES), "triangle", "person")  # and the shapes the kit draws
RULINGS = {
    "decks": ["separate"],
    "coins_played": ["face-down"],
    "making_change": ["swap-freely"],
    "exchange": ["only-when-forced"],
    "collect_order": ["seat-order"],
    "dollar_deck_empty": ["no-refund"],
    "dollar_deck_empty_when": ["on-draw"],
    "returned_card": ["played-first"],
    "broke": ["no-coins"],
    "equal_strength": ["first-deck-first"],
    "tie": ["shared"],
}
LABELS = [
    "kind_stand",
    "kind_coin",
    "kind_dollar",
    "kind_weather",
    "kind_reference",
    "price",
    "customers",
    "demand",
    "came_true",
    "dollar_face",
    "or",
    "strength",
    "resolves",
    "second_deck",
    "second_mark",
    "coin_hint",
    "part_stands",
    "part_coins",
    "part_dollars",
    "part_weather",
    "part_shared",
    "note_shared",
    "part_reference",
    "part_second",
    "note_cards",
    "note_reference",
    "copies_reference",
    "note_second",
    "ref_day",
    "ref_step_1_title",
    "ref_step_1",
    "ref_step_2_title",
    "ref_step_2",
    "ref_step_3_title",
    "ref_step_3",
    "ref_step_4_title",
    "ref_step_4",
    "ref_step_5_title",
    "ref_step_5",
    "ref_money",
    "ref_money_1",
    "ref_money_2",
    "ref_money_3",
    "ref_money_4",
    "ref_money_5",
    "ref_weather",
    "callout_setup_stands",
    "callout_setup_hand",
    "callout_setup_bank",
    "callout_setup_dollars",
    "callout_setup_weather",
    "picture_setup",
    "day_players",
    "day_players_whose",
    "day_forecast",
    "day_next",
    "picture_day",
]


def load(folder: Path) -> LemonadeStand:
    ledger = Ledger()
    game = read_document(folder / "game.yaml", ledger)
    docs = {name: read_document(folder / f"{name}.yaml", ledger) for name in DOCUMENTS}
    for name, keys in DOCUMENTS.items():
        docs[name].expect_keys(keys)
    coins_doc, stands_doc, weather_doc = docs["coins"], docs["stands"], docs["weather"]
    frame = GAME.values(game)
    min_players, max_players, two_decks = frame["players"]
    unit, hand_limit = frame["unit_price"], frame["hand_limit"]["cards"]
    coins = _coins(unit).read(coins_doc.get("coins"))
    _check_coin_order(coins_doc.get("coins"), coins)
    coin_ids = [c.id for c in coins]
    min_cards, max_cards = frame["coin_cards_per_day"]
    start = frame["start"]
    start_coins = start["coins"]
    mix = _start_mix(start["coin_mix"], coins, start_coins, hand_limit)
    exchange = frame["exchange_value"]
    exchange_value = exchange.as_int(1, 100_000)
    if exchange_value > hand_limit * sum(c.value for c in coins):
        raise exchange.error(
            f"{exchange_value}¢ is more than a full hand of coins can pay",
            "lower exchange_value or raise the hand limit",
        )
    if exchange_value % coins[0].value:
        raise exchange.error(f"{exchange_value}¢ cannot be paid in {coins[0].value}¢ steps")
    days = frame["days"]
    mom = frame["mom_coin"].as_choice(coin_ids)
    ends = ENDS.read(coins_doc.get("ends"))
    weather_kinds = WEATHER_KINDS.read(weather_doc.get("kinds"))
    values = {
        "min_coins": min_cards,
        "max_coins": max_cards,
        "unit": unit,
        "limit": hand_limit,
        "exchange": exchange_value,
        "dollars": f"{exchange_value / 100:.2f}" if exchange_value % 100 else exchange_value // 100,
        "days": days,
        "players": max_players,
    }
    pack = LemonadeStand(
        folder=folder,
        id=frame["id"],
        title=frame["title"].en,
        title_text=frame["title"],
        tagline=frame["tagline"],
        min_players=min_players,
        max_players=max_players,
        max_players_two_decks=two_decks,
        play_time_minutes=frame["play_time_minutes"],
        age=frame["age"],
        days=days,
        start_coins=start_coins,
        start_mix=mix,
        start_dollars=start["dollars"],
        hand_limit=hand_limit,
        exchange_value=exchange_value,
        min_coin_cards=min_cards,
        max_coin_cards=max_cards,
        unit_price=unit,
        mom_coin=mom,
        coins=coins,
        coin_copies=coins_doc.get("copies").as_int(1, MAX_COPIES),
        ends=ends,
        coin_buys=_coin_buys(coins, ends, unit),
        stands=_stands(unit).read(stands_doc.get("stands")),
        colours=_colours(two_decks).read(stands_doc.get("colours")),
        weather=weather_kinds,
        weather_cards=_weather_cards(weather_doc.get("cards"), weather_kinds, days),
        dollars=DOLLARS.read(docs["dollars"].get("cards")),
        components=COMPONENTS.read(docs["components"].get("components")),
        labels=_labels(docs["labels"].get("labels"), values, coins, mom),
        rulings=frame["rulings"],
        card=SIZE.read(docs["kit"].get("card")),
        reference=SIZE.read(docs["kit"].get("reference")),
        art=read_art(folder),
    )
    _check_copies(coins_doc.get("copies"), pack)
    _check_strengths(docs["dollars"].get("cards"), pack.dollars)
    _check_components(docs["components"].get("components"), pack)
    return replace(pack, gaps=tuple(ledger.gaps))


# -- game.yaml ---------------------------------------------------------------------------
def _players(node: Field) -> tuple[int, int, int]:
    """The table sizes one deck plays, and how far a second deck stretches them."""
    node.expect_keys(["min", "max", "max_with_second_deck"])
    low = node.get("min").as_int(1, 20)
    high = node.get("max").as_int(low, 20)
    return low, high, node.get("max_with_second_deck").as_int(high, 2 * high)


def _per_day(node: Field) -> tuple[int, int]:
    node.expect_keys(["min", "max"])
    low = node.get("min").as_int(0, 20)
    return low, node.get("max").as_int(max(low, 1), 20)


BILINGUAL = Custom(read_text)
GAME = Record(
    dict,
    {
        "id": Id(),
        "title": BILINGUAL,
        "tagline": BILINGUAL,
        "players": Custom(_players),
        "play_time_minutes": Int(1, 1000),
        "age": Int(1, 99),
        "days": Int(1, 100),
        "start": Record(dict, {"coins": Int(0, 10_000), "coin_mix": Node(), "dollars": Int(0, 10)}),
        "hand_limit": Record(dict, {"cards": Int(1, 50), "applies_to": Choice(("coins",))}),
        "exchange_value": Node(),
        "coin_cards_per_day": Custom(_per_day),
        "unit_price": Int(1, 100),
        "mom_coin": Node(),
        "rulings": Custom(lambda node: Rulings(**read_rulings(node, RULINGS))),
    },
    also=PACK_OPTIONAL_KEYS,
)
DOCUMENTS = {
    "coins": ["coins", "copies", "ends"],
    "stands": ["stands", "colours"],
    "weather": ["kinds", "cards"],
    "dollars": ["cards"],
    "components": ["components"],
    "labels": ["labels"],
    "kit": ["card", "reference"],
}
SIZE = Size(300, MIN_MM)


# -- coins -----------------------------------------------------------------------------
def _coins(unit: int) -> ListOf:
    """coins.yaml's coins: each buys whole units of ``unit``¢."""

    def whole_units(node: Field, values: dict[str, Any]) -> None:
        if values["value"] % unit:
            raise node.get("value").error(
                f"a {values['value']}¢ coin does not buy whole units of {unit}¢",
                "make every coin a multiple of unit_price",
            )

    coin = Record(
        Coin,
        {"id": Id(), "value": Int(1, 10_000), "name": BILINGUAL, "forms": Custom(_forms)},
        check=whole_units,
    )
    return ListOf(coin, 1, 10, unique={"id": "coin id"})


def _check_coin_order(node: Field, coins: tuple[Coin, ...]) -> None:
    values = [c.value for c in coins]
    if values != sorted(set(values)):
        raise node.error("list the coins from the smallest value up, each value once")


def _forms(node: Field) -> Text:
    """A counted word's forms, as many as the language's plural rule needs."""
    forms = read_text(node)
    for lang in LANGUAGES:
        count = len(forms(lang).split("|"))
        if count != PLURAL_FORMS[lang] or "" in forms(lang).split("|"):
            raise node.get(lang).error(
                f"{LANGUAGE_NAMES[lang]} needs {PLURAL_FORMS[lang]} forms, got {count}",
                "English: nickel|nickels; Russian: пятак|пятака|пятаков",
            )
    return forms


def _start_mix(
    node: Field, coins: tuple[Coin, ...], total: int, limit: int
) -> tuple[tuple[str, int], ...]:
    """How many of each coin a player starts with (none where the mix names none)."""
    ids = [c.id for c in coins]
    mix = Record(dict, {}, dict.fromkeys(ids, Int(0, limit)), defaults=dict.fromkeys(ids, 0))
    counts = mix.values(node)
    worth = sum(c.value * counts[c.id] for c in coins)
    if worth != total:
        raise node.error(
            f"the starting coins are worth {worth}¢, not {total}¢",
            "change the mix or start.coins",
        )
    return tuple(counts.items())


ENDS = ListOf(
    Record(
        CoinEnd,
        {
            "id": Choice((CUPS, CUSTOMERS)),
            "name": BILINGUAL,
            "forms": Custom(_forms),
            "symbol": Choice(SYMBOLS),
        },
    ),
    2,
    2,
    unique={"id": "coin end"},
)


def _coin_buys(
    coins: tuple[Coin, ...], ends: tuple[CoinEnd, ...], unit: int
) -> tuple[tuple[str, str, Text], ...]:
    """What each end of each coin prints: "+5 cups", the word agreeing with the number."""
    return tuple(
        (
            coin.id,
            end.id,
            Text(**{lang: f"+{end.counted(coin.value // unit, lang)}" for lang in LANGUAGES}),
        )
        for end in ends
        for coin in coins
    )


def _check_copies(node: Field, pack: LemonadeStand) -> None:
    """The piles must outlast every hand at the limit: players x limit of each coin."""
    if pack.coin_copies < pack.max_players * pack.hand_limit:
        raise node.error(
            f"{pack.coin_copies} of each coin cannot fill {pack.max_players} hands of "
            f"{pack.hand_limit}; the piles could run dry",
            f"print at least {pack.max_players * pack.hand_limit}",
        )


# -- stands and colours ----------------------------------------------------------------
def _stands(unit: int) -> ListOf:
    """stands.yaml's stands: each price a whole number of ``unit``¢."""

    def whole_units(node: Field, values: dict[str, Any]) -> None:
        if values["price"] % unit:
            raise node.get("price").error(
                f"a price of {values['price']}¢ is not a multiple of {unit}¢"
            )

    stand = Record(
        Stand,
        {"id": Id(), "name": BILINGUAL, "price": Int(1, 10_000), "customers": Int(0, 100)},
        check=whole_units,
    )
    return ListOf(stand, 1, 12, unique={"id": "stand id"})


def _colours(needed: int) -> ListOf:
    colour = Record(
        PlayerColour,
        {"id": Id(), "name": BILINGUAL, "colour": Colour(), "symbol": Choice(SYMBOLS)},
    )
    return ListOf(colour, needed, 20, unique={"id": "colour id", "symbol": "colour symbol"})


# -- weather ---------------------------------------------------------------------------
WEATHER_KINDS = ListOf(
    Record(
        WeatherKind,
        {
            "id": Id(),
            "name": BILINGUAL,
            "demand": Int(0, 10_000),
            "customers": Int(-100, 100),
            "symbol": Choice(SYMBOLS),
        },
    ),
    1,
    12,
    unique={"id": "weather id"},
)


def _weather_cards(
    node: Field, kinds: tuple[WeatherKind, ...], days: int
) -> tuple[WeatherCard, ...]:
    ids = tuple(k.id for k in kinds)
    card = Record(
        WeatherCard,
        {"id": Id(), "top": Choice(ids), "bottom": Choice(ids), "arrow": Choice((UP, DOWN))},
    )
    result = ListOf(card, 1, MAX_CARDS, unique={"id": "weather card id"}).read(node)
    if len(result) < days + 1:
        raise node.error(
            f"{len(result)} weather cards cannot last {days} days",
            f"a game reveals the first forecast and one card a day: {days + 1} at least",
        )
    return tuple(result)


# -- dollar cards ----------------------------------------------------------------------
def _dollar(text: Field, effect: tuple[DollarEffect, dict], **values: Any) -> DollarCard:
    """A dollar card, its text filled with its effect's numbers."""
    numbers = {k: v for k, v in effect[1].items() if not isinstance(v, bool)}
    return DollarCard(**values, text=read_text(text, numbers), effect=effect[0])


DOLLARS = ListOf(
    Record(
        _dollar,
        {
            "id": Id(),
            "strength": Int(1, 1000),
            "title": BILINGUAL,
            "text": Node(),
            "effect": Effect(DollarEffect, 0, 100),
        },
    ),
    1,
    MAX_CARDS,
    unique={"id": "dollar card id"},
)


def _check_strengths(node: Field, cards: tuple[DollarCard, ...]) -> None:
    """Every card of a deck has its own strength, so the order of play is never tied."""
    taken: set[int] = set()
    for entry, card in zip(node.as_list(), cards):
        if card.strength in taken:
            raise entry.get("strength").error(
                f"strength {card.strength} is already taken",
                "give every card of a deck its own strength, so the order of play is never tied",
            )
        taken.add(card.strength)


# -- components, labels, rulings ------------------------------------------------------
COMPONENTS = ListOf(
    Record(
        Component,
        {"id": Id(), "name": BILINGUAL, "first_deck": Int(0, 1000), "second_deck": Int(0, 1000)},
    ),
    1,
    50,
    unique={"id": "component id"},
)


def _check_components(node: Field, pack: LemonadeStand) -> None:
    """The component list must count what the card lists make; weather comes once."""
    players = pack.max_players
    second = pack.max_players_two_decks - players
    expected = {
        "stand-cards": (len(pack.stands) * players, len(pack.stands) * second),
        "coin-cards": (pack.coin_copies * len(pack.coins),) * 2,
        "dollar-cards": (len(pack.dollars),) * 2,
        "weather-cards": (len(pack.weather_cards), 0),
        "reference-cards": (players, second),
    }
    by_id = {c.id: c for c in pack.components}
    for entry in node.as_list():
        component_id = entry.get("id").as_str()
        if component_id not in expected:
            raise entry.get("id").error(
                f"the kit prints no component {component_id!r}", suggest(component_id, expected)
            )
        component = by_id[component_id]
        first, second_count = expected[component_id]
        for key, have, want in (
            ("first_deck", component.first_deck, first),
            ("second_deck", component.second_deck, second_count),
        ):
            if have != want:
                raise entry.get(key).error(
                    f"{component_id} counts {have} but the card lists make {want}",
                    "fix the count, or the card list it comes from",
                )
    for component_id in expected:
        if component_id not in by_id:
            raise node.error(f"missing the component {component_id!r}")


def _labels(
    node: Field, values: dict[str, object], coins: tuple[Coin, ...], mom: str
) -> tuple[tuple[str, Text], ...]:
    result = []
    for key in node.names():
        if key not in LABELS:
            raise node.get(key).error(f"unknown label {key!r}", suggest(key, LABELS))
    for key in LABELS:
        if not node.has(key):
            raise node.error(f"missing the label {key!r}", f"add '{key}: {{en: ..., ru: ...}}'")
        mom_name = next(c.name for c in coins if c.id == mom)
        result.append((key, _fill_each(node.get(key), dict(values, mom=mom_name))))
    return tuple(result)


def _fill_each(node: Field, values: dict[str, object]) -> Text:
    """A label whose text values differ by language (a coin's name, lower-cased)."""
    texts = {}
    for lang in LANGUAGES:
        local = {k: (v(lang).lower() if isinstance(v, Text) else v) for k, v in values.items()}
        texts[lang] = getattr(read_text(node, local), lang)
    return Text(**texts)
