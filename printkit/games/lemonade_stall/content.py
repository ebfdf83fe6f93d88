"""Read and validate a Lemonade Stall content folder into a `LemonadeStall`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

from printkit.content.art import read_art
from printkit.content.cardtext import fill_text
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
    Bool,
    Choice,
    Custom,
    Effect,
    Id,
    Int,
    ListOf,
    Node,
    OrNone,
    Record,
    Size,
    Text,
)
from printkit.content.symbol_names import SYMBOL_NAMES
from printkit.content.words import read_words
from printkit.games.lemonade_stall.model import (
    SAME,
    Benefit,
    BenefitEffect,
    ChangeGroup,
    ChangeOption,
    Condition,
    Event,
    EventEffect,
    ForecastRow,
    Item,
    KitLayout,
    LemonadeStall,
    SalesChart,
    Temperature,
    WeatherChange,
)

COMPONENT_KINDS = ("board", "marker", "mat", "chart", "card", "token", "die", "sheet")
COMPONENT_PER = ("condition", "temperature", "player-colour", "player")
STEP_IDS = (
    "forecast",
    "benefits",
    "bonus",
    "event",
    "buy",
    "prices",
    "weather",
    "sell",
    "spoilage",
    "end",
)  # the day's ten steps, in order; words.yaml names each
CALLOUT_VALUES = ("starting_money", "first_day", "last_day", "cup_tokens")
CALLOUTS = (  # the rulebook's numbered callouts, numbered in this order
    *(f"board.{k}" for k in ("score-track", "time-track", "chart", "sales", "forecast")),
    *(f"board.{k}" for k in ("spoilage", "weather-change", "steps", "costs", "setup", "game-end")),
    *(f"mat.{k}" for k in ("header", "goods", "costs")),
    *(f"setup.{k}" for k in ("board", "chart", "mats", "price-cards", "score-markers")),
    *(f"setup.{k}" for k in ("weather", "supply", "benefits", "events", "first-player")),
    *(f"setup.{k}" for k in ("cup-tokens", "dice")),
    *(f"table.{k}" for k in ("weather", "event", "price-cards", "score-markers", "first-player")),
)
PICTURES = ("components", "cards", "tokens", "back", "board", "mat", "setup", "table")  # alt texts
PICTURES += ("board_top_left", "board_top_right")  # close-ups of the board
WORDS = {f"step.{step}": () for step in STEP_IDS} | {
    "rule.forecast": ("d12",),
    "rule.forecast_skip": ("last_day",),
    "rule.benefits": (),
    "rule.bonus": (),
    "rule.event": (),
    "rule.buy": ("max_per_item",),
    "rule.prices": (),
    "rule.weather": ("d6",),
    "rule.sell": (),
    "rule.melts": ("goods",),
    "rule.spoils": ("d6", "goods"),
    "rule.fridge": ("benefits",),
    "rule.nothing_perishes": (),
    "rule.end": (),
    "rule.end_keeper": ("benefits",),
    "board.steps": ("count",),
    "board.costs": (),
    "board.costs_good": (),
    "board.costs_one": (),
    "board.costs_bulk": ("bulk_size",),
    "board.costs_note": ("max_per_item", "bulk_size"),
    "board.setup": (),
    "board.setup_text": ("starting_money", "first_day"),
    "board.setup_leave_out": ("players", "benefit"),
    "board.game_end": (),
    "board.game_end_text": ("last_day", "first"),
    "board.still_tied": ("then",),
    "board.then": ("earlier", "later"),
    "tie_break.money": (),
    "tie_break.stock": (),
    "tie_break.nearest-first-player": (),
    "card.weather_change": (),
    "marker.any_price": (),
    "marker.price_cap": ("cap",),
    "marker.spoils_on": ("roll",),
    "marker.never_spoils": (),
    "card.no_change": (),
    "card.players_only": ("players",),
    "card.token_space": (),
    "card.tokens_gather": (),
    "card.sells_any_weather": (),
    "card.no_sales_in": ("conditions",),
    "card.or": (),
    **{
        f"deck.{k}": ()
        for k in ("events", "benefits", "prices", "cards_note", "markers", "markers_note")
    },
    "deck.tokens_and_markers": (),
    "deck.tokens": (),
    "mat.title": ("title", "colour"),
    "mat.keep": (),
    "mat.goods_space": ("good",),
    "mat.costs": (),
    "mat.costs_bulk": ("bulk_size",),
    "mat.costs_most": (),
    "mat.costs_note": ("bulk_size",),
    "deck.mats": (),
    "deck.mats_note": (),
    **{f"callout.{key}": CALLOUT_VALUES for key in CALLOUTS},
    **{f"picture.{key}": ("players",) for key in PICTURES},
    **{
        f"deck.{k}": ()
        for k in ("board", "board_note", "charts", "charts_note", "stock", "stock_copies")
    },
    "deck.stock_note": (),
    "board.score_note": ("starting_money", "last_space", "spaces"),
    "board.start": (),
    "board.time_track": (),
    "board.time_intro": ("forecast_step", "weather_step"),
    "board.marker_condition": (),
    "board.marker_temperature": (),
    "board.at_setup": (),
    "board.no_forecast": ("last_day", "step"),
    "board.selling": ("step",),
    "board.chart_space": (),
    "board.chart_space_note": ("players",),
    "board.selling_order_lead": (),
    "board.selling_order": (),
    "board.sales_note": (),
    "board.caps_weather": (),
    "board.caps_top_price": (),
    "board.caps_sure_cups": (),
    "board.caps_any": (),
    "board.sales_table": (),
    "board.sales_space": ("number",),
    "board.sales_overflow": ("most", "events", "bonus"),
    "board.forecast": ("step", "d12"),
    "board.forecast_die": ("d12",),
    "board.forecast_condition": (),
    "board.forecast_temperature": (),
    "board.forecast_same": (),
    "board.two_d6": ("d12", "d6", "below", "high", "adds"),
    "board.spoilage": ("step",),
    "board.spoilage_goods": (),
    "board.spoilage_temperature": (),
    "board.spoilage_roll": ("goods", "d6"),
    "board.spoilage_note": ("d6", "goods"),
    "board.spoilage_melts": ("goods",),
    "board.weather_change": ("step",),
    "board.weather_intro": ("like", "d6"),
    "board.weather_like": ("codes",),
    "board.weather_better": ("best",),
    "board.weather_worse": ("worst",),
    "board.weather_cooler": ("steps", "coolest"),
    "board.weather_warmer": ("steps", "warmest"),
    "board.weather_code": (),
    "board.weather_effect": (),
    "board.ladder_better": (),
    "board.ladder_worse": (),
    "chart.title_one": ("players",),
    "chart.title": ("players",),
    "chart.caption": (),
    "chart.page": ("title",),
    "chart.page_note": (),
    "stock.title": ("title",),
    "stock.fields": (),
    "stock.intro": ("goods",),
    "stock.day": (),
    "stock.after_step": (),
    "stock.money": (),
    "stock.start": (),
    "stock.before": ("first_day",),
}
CODE_RE = re.compile(r"^(C\+|C-|[+-]\d+)\s*\((\d)\+\)$")


def load(folder: Path) -> LemonadeStall:
    ledger = Ledger()
    game = read_document(folder / "game.yaml", ledger)
    docs = {name: read_document(folder / f"{name}.yaml", ledger) for name in DOCUMENTS}
    frame = GAME.values(game)
    weather = WEATHER.values(docs["weather"])
    docs["sales"].expect_keys(["charts"])
    stock = ITEMS.values(docs["items"])
    docs["components"].expect_keys(["components"])
    conditions, temperatures = weather["conditions"], weather["temperatures"]
    condition_ids = [c.id for c in conditions]
    degrees = [t.degrees for t in temperatures]
    step = weather["temperature_step"]
    _check_steps(docs["weather"].get("temperatures"), degrees, step)
    box = box_facts(game)
    min_players, max_players = box["min_players"], box["max_players"]
    charts_node = docs["sales"].get("charts")
    charts = _charts(conditions, len(degrees)).read(charts_node)
    _check_charts(charts_node, charts, range(min_players, max_players + 1))
    benefits = read_card_list(folder, "benefits", ledger)
    events = read_card_list(folder, "events", ledger)
    forecast, d12 = weather["forecast"], weather["d12_from_2d6"]
    art = read_art(folder)
    pack = LemonadeStall(
        folder=folder,
        **box,
        opening_weather=_weather_pair(frame.pop("opening_weather"), condition_ids, degrees),
        player_colours=read_colours(frame.pop("player_colours"), max_players),
        conditions=conditions,
        temperatures=temperatures,
        temperature_step=step,
        condition_forecast=_forecast_table(forecast["condition"], condition_ids + [SAME]),
        temperature_forecast=_forecast_table(forecast["temperature"], degrees + [SAME]),
        d12_high_half_from=d12["high_half_from"],
        d12_high_half_adds=d12["high_half_adds"],
        charts=charts,
        items=stock["items"],
        bulk_size=stock["bulk_size"],
        max_per_item=stock["max_per_item_per_round"],
        benefits=art.for_cards(BENEFITS.read_entries(benefits), benefits, "benefit"),
        events=art.for_cards(_events(step).read_entries(events), events, "event"),
        components=read_components(
            docs["components"].get("components"), COMPONENT_KINDS, COMPONENT_PER
        ),
        kit=KIT.read(docs["kit"]),
        **frame,
        words=read_words(folder / "words.yaml", WORDS, ledger),
        art=art,
        gaps=(),
    )
    _check_deck(game.get("event_deck_size"), pack)
    return _with_gaps(pack, ledger)


def _with_gaps(pack: LemonadeStall, ledger: Ledger) -> LemonadeStall:
    values = {f.name: getattr(pack, f.name) for f in fields(pack)}
    values["gaps"] = tuple(ledger.gaps)
    return LemonadeStall(**values)


# -- schemas -----------------------------------------------------------------
DOCUMENTS = ("weather", "sales", "items", "components", "kit")
GAME = Record(
    dict,
    {
        "starting_money": Int(0, 10_000),
        "days": ListOf(Text(), 1, 100),
        "opening_weather": Node(),
        "forecast_on_last_day": Bool(),
        "selling_prices": Custom(lambda node: _prices(node)),
        "event_deck_size": Int(1, MAX_CARDS),
        "tie_breaks": ListOf(Choice(("money", "stock", "nearest-first-player")), 1),
        "player_colours": Node(),
    },
    rename={"event_deck_size": "deck_size"},
    also=(*BOX_KEYS, "rules_of_play", *PACK_OPTIONAL_KEYS),
)
CONDITIONS = ListOf(
    Record(
        Condition,
        {
            "id": Id(),
            "name": Text(),
            "price_cap": OrNone(Int(0, 1000)),
            "guarantee": Int(0, 100),
            "symbol": Choice(tuple(sorted(SYMBOL_NAMES))),
        },
    ),
    2,
    unique={"id": "condition id"},
)
TEMPERATURES = ListOf(
    Record(Temperature, {"degrees": Int(-50, 60), "spoils_on": OrNone(Int(1, 7))}),
    1,
    unique={"degrees": "temperature"},
)
WEATHER = Record(
    dict,
    {
        "conditions": CONDITIONS,
        "temperatures": TEMPERATURES,
        "temperature_step": Int(1, 50),
        "forecast": Record(dict, {"condition": Node(), "temperature": Node()}),
        "d12_from_2d6": Record(dict, {"high_half_from": Int(2, 6), "high_half_adds": Int(1, 11)}),
    },
)
ITEM = Record(
    Item,
    {
        "id": Id(),
        "name": Text(),
        "unit": Text(),
        "price_one": Int(0, 1000),
        "price_bulk": Int(0, 100_000),
    },
    optional={"perishes": Choice(("spoils", "melts"))},
    defaults={"perishes": None},
)
ITEMS = Record(
    dict,
    {
        "items": ListOf(ITEM, 1, unique={"id": "item id"}),
        "bulk_size": Int(2, 1000),
        "max_per_item_per_round": Int(1, 1000),
        "partial_bulk": Choice(("per-unit",)),
    },
)
SCORE_TRACK = Record(dict, {"spaces": Int(20, 400)})
KIT = Record(
    KitLayout,
    {
        "board": Size(1200),
        "score_track": Custom(lambda node: SCORE_TRACK.values(node)["spaces"]),
        "card": Size(300),
        "sales_chart": Size(400),
        "marker": Size(100),
        "token": Size(100),
    },
    rename={"score_track": "score_spaces"},
)


# -- weather -----------------------------------------------------------------
def _check_steps(node: Field, degrees: list[int], step: int) -> None:
    for a, b in zip(degrees, degrees[1:]):
        if b - a != step:
            raise node.error(
                f"temperatures must rise by temperature_step ({step}); {a} is followed by {b}",
                "list temperatures from coolest to warmest, evenly spaced",
            )


def _weather_pair(node: Field, conditions: list[str], degrees: list[int]) -> tuple[str, int]:
    node.expect_keys(["condition", "temperature"])
    temperature = node.get("temperature")
    value = temperature.as_int()
    if value not in degrees:
        raise temperature.error(f"no temperature {value}", suggest(str(value), map(str, degrees)))
    return node.get("condition").as_choice(conditions), value


def _forecast_table(node: Field, results: list) -> tuple[ForecastRow, ...]:
    row = Record(
        lambda rolls, result: ForecastRow(*rolls, result),
        {"rolls": Custom(_roll_range), "result": Custom(lambda cell: _result(cell, results))},
    )
    rows = ListOf(row, 1).read(node)
    _check_rolls(node, rows)
    return rows


def _result(node: Field, results: list) -> str | int:
    if node.raw not in results:
        raise node.error(
            f"unknown forecast result {node.raw!r}", suggest(str(node.raw), map(str, results))
        )
    return node.raw


def _check_rolls(node: Field, rows: tuple[ForecastRow, ...]) -> None:
    """Each d12 roll, 1 to 12, falls in exactly one row."""
    seen: dict[int, int] = {}
    for entry, row in zip(node.as_list(), rows):
        for roll in range(row.low, row.high + 1):
            if roll in seen:
                raise entry.get("rolls").error(
                    f"roll {roll} is already covered by the row on line {seen[roll]}",
                    "each d12 roll must appear in exactly one row",
                )
            seen[roll] = entry.line or 0
    missing = [r for r in range(1, 13) if r not in seen]
    if missing:
        raise node.error(
            f"d12 rolls {missing} are not covered", "every roll from 1 to 12 needs a row"
        )


def _roll_range(node: Field) -> tuple[int, int]:
    text = node.as_str()
    match = re.fullmatch(r"(\d+)\s*(?:-\s*(\d+))?", text)
    if not match:
        raise node.error(f"{text!r} is not a roll or a range", "write e.g. 4 or 1-3")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if not 1 <= low <= high <= 12:
        raise node.error(f"range {text!r} is not within 1-12 in ascending order")
    return low, high


def parse_change(node: Field, temperature_step: int) -> WeatherChange:
    """Parse a printed weather-change line such as ``C+ (5+) / -5 (3+) -10 (5+)``."""
    text = node.as_str(allow_empty=True)
    groups = []
    if text.strip() not in ("", "-", "—"):
        for part in text.split("/"):
            groups.append(_change_group(node, part.strip(), temperature_step))
    kinds = [g.kind for g in groups]
    if kinds not in ([], ["condition"], ["temperature"], ["condition", "temperature"]):
        raise node.error(
            f"codes {text!r} give groups {kinds}",
            "print at most one condition group (C+/C-) first, then one temperature group",
        )
    return WeatherChange(text, tuple(groups))


def _change_group(node: Field, text: str, step: int) -> ChangeGroup:
    tokens = re.findall(r"\S+\s*\(\d\+\)", text)
    if not tokens or "".join(tokens).replace(" ", "") != text.replace(" ", ""):
        raise node.error(
            f"cannot read weather-change codes {text!r}",
            "write codes like 'C+ (5+)' or '-5 (3+) -10 (5+)'",
        )
    options = []
    for token in tokens:
        match = CODE_RE.match(token.strip())
        if not match:
            raise node.error(f"unknown weather-change code {token!r}", "use C+, C-, +5, -10 ...")
        code, threshold = match.group(1), int(match.group(2))
        if code.startswith("C"):
            options.append(ChangeOption(1 if code == "C+" else -1, threshold, token.strip()))
        else:
            degrees = int(code)
            if degrees == 0 or degrees % step:
                raise node.error(f"temperature change {code} is not a multiple of {step}")
            options.append(ChangeOption(degrees, threshold, token.strip()))
    kinds = {"condition" if o.printed.startswith("C") else "temperature" for o in options}
    if len(kinds) > 1:
        raise node.error(
            f"group {text!r} mixes condition and temperature codes", "separate them with '/'"
        )
    thresholds = [o.threshold for o in options]
    if thresholds != sorted(set(thresholds)) or not all(1 <= t <= 6 for t in thresholds):
        raise node.error(
            f"thresholds in {text!r} must rise from left to right within 1-6",
            "one d6 roll picks the highest threshold it reaches",
        )
    return ChangeGroup(kinds.pop(), tuple(options))


# -- sales charts --------------------------------------------------------------
def _charts(conditions: tuple[Condition, ...], width: int) -> ListOf:
    """sales.yaml's charts: per player count, a row of limits per condition, one per temperature."""
    rows = Record(dict, {c.id: ListOf(Int(0, 10_000), width, width) for c in conditions})

    def limits(node: Field) -> tuple[tuple[str, tuple[int, ...]], ...]:
        values = rows.values(node)
        return tuple((key, values[key]) for key in node.names())  # in the file's order

    def guarantees(node: Field, values: dict) -> None:
        _check_guarantees(node.get("limits"), values["players"], dict(values["limits"]), conditions)

    chart = Record(SalesChart, {"players": Int(1, 10), "limits": Custom(limits)}, check=guarantees)
    return ListOf(chart, 1, unique={"players": "chart player count"})


def _check_guarantees(
    limits: Field, players: int, rows: dict, conditions: tuple[Condition, ...]
) -> None:
    for condition in conditions:
        for index, limit in enumerate(rows[condition.id]):
            if condition.guarantee * players > limit:
                cell = limits.get(condition.id).as_list()[index]
                raise cell.error(
                    f"{players} players x guaranteed {condition.guarantee} cups in "
                    f"{condition.id} weather is {condition.guarantee * players}, "
                    f"above this limit of {limit}",
                    "raise the limit or lower the condition's guarantee",
                )


def _check_charts(node: Field, charts: tuple[SalesChart, ...], counts: range) -> None:
    have = {c.players for c in charts}
    for players in counts:
        if players not in have:
            raise node.error(f"no maximum-sales chart for {players} players")


# -- items, cards, components ------------------------------------------------
def _prices(node: Field) -> tuple[int, ...]:
    prices = tuple(p.as_int(0, 1000) for p in node.as_list(1, 50))
    if list(prices) != sorted(set(prices)):
        raise node.error("selling prices must rise and not repeat")
    return prices


def _card(make: type) -> Callable[..., Any]:
    """A card whose text may show its effect's numbers; its picture is looked up after."""

    def card(text: Field, effect: tuple[Any, dict], art: Field | None = None, **values: Any) -> Any:
        return make(**values, text=fill_text(text, effect[1]), effect=effect[0])

    return card


NESTED = {
    "sales_bonus": ("per_cup", "cups"),
    "bargain": ("cost", "goods"),
    "theft": ("goods", "money"),
}
CARD = {"id": Id(), "title": Text(), "text": Node()}
BENEFITS = ListOf(
    Record(
        _card(Benefit),
        {**CARD, "effect": Effect(BenefitEffect, -1000, 1000, NESTED)},
        optional={"min_players": Int(1, 10), "art": Node()},
    ),
    unique={"id": "card id"},
    hint=CARD_ID_HINT,
)


def _events(step: int) -> ListOf:
    """events.yaml's cards: their weather-change codes step by ``step`` degrees."""
    event = Record(
        _card(Event),
        {
            **CARD,
            "effect": Effect(EventEffect, -1000, 1000),
            "codes": Custom(lambda node: parse_change(node, step)),
        },
        optional={"copies": Int(1, MAX_CARDS), "immunity": Bool(), "art": Node()},
        rename={"codes": "change"},
    )
    return ListOf(event, unique={"id": "card id"}, hint=CARD_ID_HINT)


def _check_deck(node: Field, pack: LemonadeStall) -> None:
    total = sum(e.copies for e in pack.events)
    if total != pack.deck_size:
        raise node.error(
            f"the event cards add up to {total} (copies included) but the deck holds "
            f"{pack.deck_size}",
            "change an event's copies or event_deck_size",
        )
