"""Lemonade Stall's rulebook context: every number the templates print, from the pack.

The templates in ``content/lemonade-stall/rulebook/`` hold the prose; this
module hands them the data (charts as rows, cards, components, the designer's
rulings) and the worked examples with the engine's own results. An example
whose ``expect`` disagrees with the engine stops the build, so the printed
numbers are always the engine's.
"""

from __future__ import annotations

import re
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from printkit.check.checker import Example
from printkit.content.fields import Gap
from printkit.errors import ContentError, Location
from printkit.games.lemonade_stall.kit import pictures
from printkit.games.lemonade_stall.model import (
    SAME,
    Benefit,
    Event,
    ForecastRow,
    LemonadeStall,
)
from printkit.games.lemonade_stall.rules import (
    NO_EVENT,
    Offer,
    Stock,
    Weather,
    effect_for,
    is_immune,
    purchase_cost,
    sell,
)
from printkit.registry import GamePlugin
from printkit.render.formats import degrees, money, signed
from printkit.render.theme import Theme
from printkit.render.units import MM
from printkit.rulebook.assemble import rulebook_context
from printkit.rulebook.context import Block, Catalog, RulebookContext
from printkit.rulebook.examples import example_view, worked_examples
from printkit.rulebook.keep import watched
from printkit.rulebook.pictures import PictureBlock, PictureSheet
from printkit.rulebook.rulings import (
    field_words,
    list_entry,
    rulings,
    unquoted,
)
from printkit.rulebook.variables import frame

DAY_EXAMPLE = "whole-day-four-players"  # the worked day whose table is drawn
DAY_STEP = 7  # the table is shown after this step: prices up, weather settled, before selling


def rulebook(pack: LemonadeStall, theme: Theme) -> RulebookContext:
    """The variables, filters, functions and pictures the templates may use."""
    seen = watched(pack)  # what each picture reads is what it is kept under
    kit = pictures.Kit(seen, theme)
    sheet = PictureSheet()
    blocks = _card_blocks(pack, kit, sheet)
    gaps = _gaps(pack)
    examples = Catalog("worked example", worked_examples(pack, _example_view))
    blocks |= _pictures(seen, kit, examples)
    variables: dict[str, Any] = {
        "game": _game(pack),
        "steps": list(pack.step_titles),
        "conditions": [_condition(c) for c in pack.conditions],
        "condition": Catalog("condition", {c.id: _condition(c) for c in pack.conditions}),
        "temperatures": [_temperature(t.degrees, t.spoils_on) for t in pack.temperatures],
        "forecast": {
            "condition": [_forecast_row(pack, r) for r in pack.condition_forecast],
            "temperature": [_forecast_row(pack, r) for r in pack.temperature_forecast],
        },
        "d12": {
            "high_from": pack.d12_high_half_from,
            "low_to": pack.d12_high_half_from - 1,
            "adds": pack.d12_high_half_adds,
        },
        "change_codes": _change_codes(pack),
        "charts": [_chart(pack, c.players) for c in pack.charts],
        "items": [_item(i) for i in pack.items],
        "item": Catalog("good", {i.id: _item(i) for i in pack.items}),
        "events": Catalog("event card", {e.id: _event(pack, e) for e in pack.events}),
        "benefits": Catalog("benefit card", {b.id: _benefit(b) for b in pack.benefits}),
        "components": [_component(pack, c) for c in pack.components],
        "component": Catalog("component", {c.id: _component(pack, c) for c in pack.components}),
        "colours": [c.name for c in pack.player_colours[: pack.max_players]],
        "examples": examples,
        "chosen_lines": [gap.field for gap in pack.gaps if is_card_line(gap)],
    }
    return rulebook_context(
        pack, variables, blocks, gaps, {"money": money, "deg": degrees, "signed": signed}
    )


# -- formatting filters ------------------------------------------------------------
# -- the pack as template data -----------------------------------------------------
def _game(pack: LemonadeStall) -> dict[str, Any]:
    condition, temperature = pack.opening_weather
    return {
        **frame(pack),
        "starting_money": pack.starting_money,
        "days": list(pack.days),
        "first_day": pack.days[0],
        "last_day": pack.days[-1],
        "opening": {"condition": pack.condition(condition).name, "temperature": temperature},
        "forecast_on_last_day": pack.forecast_on_last_day,
        "prices": list(pack.selling_prices),
        "bulk_size": pack.bulk_size,
        "max_per_item": pack.max_per_item,
        "deck_size": pack.deck_size,
        "score_spaces": pack.kit.score_spaces,
        "tie_breaks": list(pack.tie_breaks),
        "min_degrees": pack.min_degrees,
        "max_degrees": pack.max_degrees,
        "temperature_step": pack.temperature_step,
        "best_condition": pack.conditions[-1].name,
        "worst_condition": pack.conditions[0].name,
    }


def _condition(c) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "cap": c.price_cap,
        "capped": c.price_cap is not None,
        "guarantee": c.guarantee,
    }


def _temperature(degrees_: int, spoils_on: int | None) -> dict[str, Any]:
    return {"degrees": degrees_, "spoils_on": spoils_on, "spoils": spoils_on is not None}


def _forecast_row(pack: LemonadeStall, row: ForecastRow) -> dict[str, Any]:
    rolls = str(row.low) if row.low == row.high else f"{row.low}–{row.high}"
    result: dict[str, Any] = {"rolls": rolls, "same": row.result == SAME}
    if isinstance(row.result, int):
        result["result"] = degrees(row.result)
    elif row.result != SAME:
        result["result"] = pack.condition(str(row.result)).name
    return result


def _change_codes(pack: LemonadeStall) -> dict[str, Any]:
    """The codes the deck prints, so the reference table explains exactly those."""
    groups = [g for e in pack.events for g in e.change.groups if g.kind == "temperature"]
    steps = sorted({o.step for g in groups for o in g.options})
    return {
        "temperature": [{"code": f"{s:+d}", "step": s, "size": abs(s)} for s in steps],
        "order": [c.name for c in pack.conditions],
    }


def _chart(pack: LemonadeStall, players: int) -> dict[str, Any]:
    """One maximum-sales chart, best weather first, as the board shows it."""
    chart = pack.chart(players)
    rows = [
        {"condition": c.name, "guarantee": c.guarantee, "limits": list(chart.row(c.id))}
        for c in reversed(pack.conditions)
    ]
    temperatures = [t.degrees for t in pack.temperatures]
    return {"players": players, "temperatures": temperatures, "rows": rows}


def _item(item) -> dict[str, Any]:
    return {
        "id": item.id,
        "name": item.name,
        "unit": item.unit,
        "single": item.price_one,
        "bulk": item.price_bulk,
        "perishes": item.perishes or "",
    }


def _effect(effect: Any) -> dict[str, Any]:
    return {f.name: getattr(effect, f.name) for f in fields(effect)}


def _event(pack: LemonadeStall, event: Event) -> dict[str, Any]:
    return {
        "id": event.id,
        "title": event.title,
        "text": event.text,
        "copies": event.copies,
        "codes": event.change.printed,
        "immunity": event.immunity,
        "effect": _effect(event.effect),
        "card": f"card:{event.id}",
    }


def _benefit(benefit: Benefit) -> dict[str, Any]:
    return {
        "id": benefit.id,
        "title": benefit.title,
        "text": benefit.text,
        "min_players": benefit.min_players,
        "effect": _effect(benefit.effect),
        "card": f"card:{benefit.id}",
    }


def _component(pack: LemonadeStall, component) -> dict[str, Any]:
    groups = pictures.component_groups(pack, component)
    return {
        **asdict(component),
        "total": component.count * groups if groups else None,
        "groups": groups,
    }


# -- pictures ------------------------------------------------------------------------
def _card_blocks(pack: LemonadeStall, kit: pictures.Kit, sheet: PictureSheet) -> dict[str, Block]:
    """Each distinct card face, drawn by the kit's own card renderer at a readable size."""
    width, height = pack.kit.card.width * MM, pack.kit.card.height * MM
    titles = {e.id: e.title for e in pack.events} | {b.id: b.title for b in pack.benefits}
    blocks: dict[str, Block] = {}
    for deck in (kit.events, kit.benefits):
        for piece in deck.pieces:
            card_id = piece.label.split("#")[0]
            key = f"card:{card_id}"
            if key not in blocks:
                alt = f"The {titles[card_id]} card"
                blocks[key] = PictureBlock(piece.draw, width, height, kit.card_scale, alt, sheet)
    return blocks


def _pictures(pack: LemonadeStall, kit: pictures.Kit, examples: Catalog) -> dict[str, Block]:
    """The components, the set-up table, the board and a mat with callouts, a worked day.

    Each has a sheet of its own: a picture is rasterised for the screen page only
    when a template places it.
    """
    if DAY_EXAMPLE not in examples:
        raise ContentError(
            Location(pack.folder / "examples"),
            f"the rulebook draws the table of example {DAY_EXAMPLE!r}, which is missing",
        )
    return {
        "components:board": pictures.components_large(pack, kit, PictureSheet()),
        "components:cards": pictures.components_cards(pack, kit, PictureSheet()),
        "components:tokens": pictures.components_tokens(pack, kit, PictureSheet()),
        "board:callouts": pictures.board_callouts(pack, kit, PictureSheet()),
        "board:top-left": pictures.board_close_up(
            pack, kit, PictureSheet(), ("title", "time-track"), "picture.board_top_left"
        ),
        "board:top-right": pictures.board_close_up(
            pack, kit, PictureSheet(), ("sales",), "picture.board_top_right"
        ),
        "mat:callouts": pictures.mat_callouts(pack, kit, PictureSheet()),
        "setup:table": pictures.setup_table(pack, kit, PictureSheet(), pack.max_players),
        "day:table": pictures.day_table(pack, kit, PictureSheet(), examples[DAY_EXAMPLE], DAY_STEP),
    }


# -- the designer's rulings ------------------------------------------------------------
def _gaps(pack: LemonadeStall) -> list[dict[str, Any]]:
    """The rulings a player reads; the event cards' weather-change lines are left to
    ``printkit gaps`` (the card prints its line, the rulebook says once that they are chosen)."""
    titles = {e.id: e.title for e in pack.events} | {b.id: b.title for b in pack.benefits}
    components = {c.id: c.name for c in pack.components}
    shown = [gap for gap in pack.gaps if not is_card_line(gap)]
    return rulings(shown, lambda gap: _topic(gap, titles, components), _shown_value)


def is_card_line(gap: Gap) -> bool:
    """Whether the gap is an event card's weather-change line (``events[theft].codes``)."""
    return gap.field.startswith("events[") and list_entry(gap.field)[1] == "codes"


ASPECTS = {"codes": "weather-change line", "copies": "copies in the deck", "effect": "effect"}


def _topic(gap: Gap, titles: dict[str, str], components: dict[str, str]) -> str:
    key, aspect = list_entry(gap.field)
    if not key:
        return field_words(gap.field)
    name = titles.get(key) or components.get(key) or key
    return f"{name}: {ASPECTS.get(aspect, aspect)}" if aspect else name


PRINTABLE = re.compile(r"[C\d+\-() /]+")  # a weather-change line as the card prints it


def _shown_value(gap: Gap) -> str:
    """A card's weather-change line; a number or a choice among named options is left to its
    reason, which says it in words (a player never reads the content's option names)."""
    value = unquoted(gap).strip("[]")
    return value if PRINTABLE.fullmatch(value) and "(" in value else ""


# -- worked examples ---------------------------------------------------------------
def _example_view(plugin: GamePlugin, pack: LemonadeStall, example: Example) -> dict[str, Any]:
    view = example_view(plugin, pack, example)
    if example.rule == "sell":
        view["sale"] = _sale(pack, view["given"], view["result"], example.path)
    elif example.rule == "purchase":
        view["purchase"] = _purchase(pack, view["given"])
    elif example.rule == "day":
        view["day"] = _day(pack, view["given"], view["result"], example.path)
    elif example.rule == "game":
        view["seats"] = _seat_names(pack, view["given"]["stands"])
    return view


def _seat_names(pack: LemonadeStall, stands: list[dict]) -> list[str]:
    """Each seat by its colour where the example gives one."""
    colours = {c.id: c.name for c in pack.player_colours}
    return [colours.get(s.get("colour", ""), f"Seat {i}") for i, s in enumerate(stands, 1)]


def _day(pack: LemonadeStall, given: dict, result: dict, path: Path) -> dict[str, Any]:
    """A whole day step by step: each mat before and after, and what each step did.

    Every number is the engine's (the example's trace); the template words it.
    """
    stands = given["stands"]
    seats = _seat_names(pack, stands)
    dawn = {
        "money": [int(s["money"]) for s in stands],
        "stock": [{i: int(s.get("stock", {}).get(i, 0)) for i in pack.item_ids} for s in stands],
        "tokens": {b.id: 0 for b in pack.benefits_for(len(stands))}
        | {k: int(v) for k, v in given.get("tokens", {}).items()},
        "first_player": int(given["first_player"]),
    }
    steps, before = [], dawn
    for number, title in enumerate(pack.step_titles, start=1):
        after = result["trace"][str(number)]
        steps.append(
            {
                "number": number,
                "title": title,
                "changed": _mats(before) != _mats(after),
                "rows": _mat_rows(pack, seats, before, after),
                "before": before,
                "after": after,
                "spent": [b - a for b, a in zip(before["money"], after["money"])],
            }
        )
        before = after
    order = [(int(given["first_player"]) - 1 + i) % len(stands) + 1 for i in range(len(stands))]
    return {
        "seats": seats,
        "order": order,
        "decisions": given.get("decisions", [{}] * len(stands)),
        "header": ["Stand", "Money"] + [i.name for i in pack.items],
        "dawn": _mat_rows(pack, seats, dawn, dawn),
        "summary": _mat_rows(pack, seats, dawn, steps[-1]["after"]),
        "steps": steps,
        "selling": _day_sale(pack, given, result, path),
    }


def _mats(state: dict) -> tuple:
    return state["money"], state["stock"]


def _mat_rows(pack: LemonadeStall, seats: list[str], before: dict, after: dict) -> list[list[str]]:
    """One row per mat: each number as it was, with an arrow to what it became."""

    def cell(old: int, new: int, show=str) -> str:
        return show(new) if old == new else f"{show(old)} → **{show(new)}**"

    rows = []
    for seat, name in enumerate(seats):
        row = [name, cell(before["money"][seat], after["money"][seat], money)]
        for item in pack.item_ids:
            row.append(cell(before["stock"][seat][item], after["stock"][seat][item]))
        rows.append(row)
    return rows


def _day_sale(pack: LemonadeStall, given: dict, result: dict, path: Path) -> dict[str, Any]:
    """Step 8 of a day as the selling table of a `sell` example prints it."""
    table = result["trace"]["7"]
    sale_given = {
        "weather": table["weather"],
        "first_player": table["first_player"],
        "event": given["event"],
        "stands": [
            {"stock": stock, "price": price, "benefit": benefit}
            for stock, price, benefit in zip(table["stock"], table["prices"], table["benefits"])
        ],
    }
    sold = {"sold": result["sold"], "income": result["income"]}
    sale = _sale(pack, sale_given, sold, path) | {"names": _seat_names(pack, given["stands"])}
    return {
        "given": sale_given,
        "prose": "",
        "sale": sale,
        "result": {
            "capacity": result["capacity"],
            "limit": result["limit"],
            "sold": result["sold"],
            "income": result["income"],
            "total": sum(result["sold"]),
        },
    }


def _purchase(pack: LemonadeStall, given: dict) -> dict[str, Any]:
    """What the buy costs and which limit it breaks, for a printed verdict."""
    effect = NO_EVENT
    if "event" in given:
        card = pack.event(given["event"])
        immune = is_immune(pack, given.get("benefit"), card.immunity)
        effect = effect_for(pack, card.effect, immune)
    buy = {k: int(v) for k, v in given["buy"].items()}
    cost = purchase_cost(pack, buy, effect)
    cap = effect.purchase_total_cap
    if any(n > pack.max_per_item for n in buy.values()):
        reason = "per_item"
    elif cap is not None and sum(buy.values()) > cap:
        reason = "total_cap"
    elif "money" in given and cost > int(given["money"]):
        reason = "money"
    else:
        reason = ""
    return {"cost": cost, "reason": reason, "cap": cap if cap is not None else 0}


def _sale(pack: LemonadeStall, given: dict, result: dict, path: Path) -> dict[str, Any]:
    """Step 8 phase by phase, for the example's table; cross-checked with the example rule."""
    offers = [Offer(Stock(s["stock"]), int(s["price"]), s.get("benefit")) for s in given["stands"]]
    weather = Weather(given["weather"]["condition"], int(given["weather"]["temperature"]))
    first = int(given.get("first_player", 1))
    sales = sell(pack, weather, first, offers, given.get("event"))
    if list(sales.sold) != result["sold"] or list(sales.income) != result["income"]:
        raise ContentError(Location(path), "the selling table disagrees with the example rule")
    return {
        "first_player": first,
        "names": [],
        "seats": list(range(1, len(offers) + 1)),
        "prices": [o.price for o in offers],
        "benefits": [o.benefit or "" for o in offers],
        "steps": [
            {"phase": s.phase, "price": s.price or 0, "cups": list(s.cups), "total": s.total}
            for s in sales.steps
        ],
    }
