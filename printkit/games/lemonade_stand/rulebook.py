"""Lemonade Stand's rulebook context in one language: every number the templates print.

The prose lives in ``content/lemonade-stand/rulebook/<lang>/``; this module
hands it the data (stands, weather, coins, dollar cards, components, rulings)
in that language, card pictures drawn by the kit's own faces, and the worked
examples with the engine's results. An example whose ``expect`` disagrees
with the engine stops the build, so a printed number is always the engine's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from printkit.check.checker import Example
from printkit.errors import RenderError
from printkit.games.lemonade_stand.kit import faces, kit
from printkit.games.lemonade_stand.kit.pictures import day_table, setup_table
from printkit.games.lemonade_stand.model import LemonadeStand
from printkit.games.lemonade_stand.text import PLURAL_FORMS, plural
from printkit.registry import GamePlugin
from printkit.render.formats import cents, signed
from printkit.render.formats import names as listed
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.context import Block, Catalog, RulebookContext
from printkit.rulebook.examples import example_view, worked_examples
from printkit.rulebook.keep import watched
from printkit.rulebook.pictures import PictureBlock, PictureSheet
from printkit.rulebook.rulings import Ruling, ruling_function, rulings
from printkit.rulebook.scenes import kit_gallery, legible

CARD_SCALE = 0.6  # a card picture in the rulebook: about 38 x 53 mm
PAIR_GAP = 4 * MM
WORDS = {  # the few joining words the data formatting needs
    "en": {"and": "and", "or": "or", "ruling": "see note", "nothing": "no coins"},
    "ru": {"and": "и", "or": "или", "ruling": "см. пояснение", "nothing": "ни одной монеты"},
}
EXAMPLE_CARDS = {"stand": ("yellow", "street-corner"), "coin": "quarter", "dollar": "copycat"}
EXAMPLE_WEATHER = ("w08", "w02")  # a forecast, and the card whose arrow resolves it


def rulebook(pack: LemonadeStand, theme: Theme, lang: str) -> RulebookContext:
    """The variables, filters, functions and card pictures the ``lang`` templates may use."""
    words = WORDS[lang]

    def names(values: list[str], last: str = "and") -> str:
        return listed(values, words.get(last, last))

    def hand(counts: dict[str, int], numbers: str = "") -> str:
        """``3 quarters and 1 dime``: the coins of a hand, biggest first; in running prose
        the template gives ``numbers`` (``one|two|…``) and reads "three quarters"."""
        held = [
            _spelled(pack.coin(c.id).counted(counts[c.id], lang), counts[c.id], numbers)
            for c in reversed(pack.coins)
            if counts.get(c.id, 0)
        ]
        return names(held) if held else words["nothing"]

    def titles(card_ids: list[str]) -> list[str]:
        """Dollar card titles from ids; a second-deck card (``copycat/B``) takes the deck's mark."""
        out = []
        for card_id in card_ids:
            name, _, deck = str(card_id).partition("/")
            mark = f" ({pack.label('second_mark')(lang)})" if deck else ""
            out.append(pack.dollar(name).title(lang) + mark)
        return out

    def counted(number: int, forms: str) -> str:
        """``4 игрока``: a number and the form of a word (``игрок|игрока|игроков``) it takes."""
        return f"{number} {agree(number, forms)}"

    def agree(number: int, forms: str) -> str:
        """Just the word's form for ``number``: "2–4 игрока" agrees with the 4."""
        words = tuple(forms.split("|"))
        if len(words) != PLURAL_FORMS[lang]:
            raise RenderError(
                f"{forms!r} needs {PLURAL_FORMS[lang]} forms in {lang!r}",
                "write each form of the word, separated by '|'",
            )
        return plural(int(number), words, lang)

    def count(end_id: str, number: int) -> str:
        """``5 cups``, ``1 customer``: a number of what a coin end buys."""
        return pack.end(end_id).counted(int(number), lang)

    gaps = _gaps(pack)
    examples = _examples(pack, lang, hand)
    variables: dict[str, Any] = {
        "game": _game(pack, lang, hand),
        "coins": [_coin(pack, c, lang) for c in pack.coins],
        "coin": Catalog("coin", {c.id: _coin(pack, c, lang) for c in pack.coins}),
        "ends": {e.id: e.name(lang) for e in pack.ends},
        "stands": [_stand(s, lang) for s in pack.stands],
        "stand": Catalog("stand", {s.id: _stand(s, lang) for s in pack.stands}),
        "weather": [_kind(k, lang) for k in pack.weather],
        "kind": Catalog("weather", {k.id: _kind(k, lang) for k in pack.weather}),
        "forecasts": _forecasts(pack),
        "dollars": [_dollar(c, lang) for c in sorted(pack.dollars, key=lambda c: c.strength)],
        "dollar": Catalog("dollar card", {c.id: _dollar(c, lang) for c in pack.dollars}),
        "colours": [c.name(lang) for c in pack.colours],
        "second_mark": pack.label("second_mark")(lang),
        "components": [
            {"name": c.name(lang), "first": c.first_deck, "second": c.second_deck}
            for c in pack.components
        ],
        "examples": Catalog("worked example", examples),
        "players": _players(pack, lang),
        "gaps": gaps,
    }
    return RulebookContext(
        title=pack.title_text(lang),
        subject=pack.tagline(lang),
        variables=variables,
        blocks=_pictures(pack, theme, lang, examples),
        filters={"money": cents, "signed": signed, "names": names, "spell": spell},
        functions={
            "ruling": ruling_function(_by_field_or_file(gaps), words["ruling"]),
            "names": names,
            "hand": hand,
            "titles": titles,
            "count": count,
            "counted": counted,
            "agree": agree,
        },
        template=f"{lang}/rulebook.md",
        language=lang,
    )


# -- the pack as template data ----------------------------------------------------------
def _game(pack: LemonadeStand, lang: str, hand: Callable[[dict[str, int]], str]) -> dict:
    return {
        "title": pack.title_text(lang),
        "tagline": pack.tagline(lang),
        "min_players": pack.min_players,
        "max_players": pack.max_players,
        "max_players_two_decks": pack.max_players_two_decks,
        "play_time": pack.play_time_minutes,
        "age": pack.age,
        "days": pack.days,
        "start_coins": pack.start_coins,
        "start_mix": dict(pack.start_mix),
        "full_hand": hand({c.id: pack.hand_limit for c in pack.coins}),
        "start_dollars": pack.start_dollars,
        "hand_limit": pack.hand_limit,
        "capacity": pack.hand_capacity,
        "exchange": pack.exchange_value,
        "min_coins": pack.min_coin_cards,
        "max_coins": pack.max_coin_cards,
        "unit": pack.unit_price,
        "mom": pack.coin(pack.mom_coin).name(lang).lower(),
        "mom_value": pack.coin(pack.mom_coin).value,
        "weather_cards": len(pack.weather_cards),
        "dollar_cards": len(pack.dollars),
        "coin_copies": pack.coin_copies,
    }


def _players(pack: LemonadeStand, lang: str) -> list[dict[str, str]]:
    """The examples' players in seat order, named once in ``labels.yaml`` (the whole day's
    picture reads the same names): each name, and the same saying whose."""
    names = pack.label("day_players")(lang).split("|")
    whose = pack.label("day_players_whose")(lang).split("|")
    if len(whose) != len(names):
        raise RenderError(
            f"labels.yaml: day_players_whose ({lang}) names {len(whose)} players, "
            f"day_players {len(names)}: {whose!r}",
            "write one form for each player, in the same order, separated by '|'",
        )
    return [{"name": name, "whose": form} for name, form in zip(names, whose)]


def _coin(pack: LemonadeStand, coin, lang: str) -> dict[str, Any]:
    return {
        "id": coin.id,
        "name": coin.name(lang),
        "value": coin.value,
        "units": pack.units(coin.id),
        "buys": {e.id: e.counted(pack.units(coin.id), lang) for e in pack.ends},
    }


def _stand(stand, lang: str) -> dict[str, Any]:
    return {
        "id": stand.id,
        "name": stand.name(lang),
        "price": stand.price,
        "customers": stand.customers,
    }


def _kind(kind, lang: str) -> dict[str, Any]:
    return {
        "id": kind.id,
        "name": kind.name(lang),
        "demand": kind.demand,
        "customers": kind.customers,
    }


def _forecasts(pack: LemonadeStand) -> dict[str, int]:
    cards = pack.weather_cards
    return {
        "total": len(cards),
        "up": sum(c.arrow == "up" for c in cards),
        "down": sum(c.arrow == "down" for c in cards),
        "sure": sum(c.top == c.bottom for c in cards),
    }


def _dollar(card, lang: str) -> dict[str, Any]:
    return {
        "id": card.id,
        "strength": card.strength,
        "title": card.title(lang),
        "text": card.text(lang),
    }


# -- card pictures ---------------------------------------------------------------------
def _pictures(
    pack: LemonadeStand, theme: Theme, lang: str, examples: dict[str, dict[str, Any]]
) -> dict[str, Block]:
    """A stand, a coin, a dollar card, a forecast with the card that resolves it, the set-up,
    and each ``day`` example's morning (``day:<example>``)."""
    pack = watched(pack)  # each picture is kept under the values it reads
    width, height = pack.card.width * MM, pack.card.height * MM
    colour_id, stand_id = EXAMPLE_CARDS["stand"]
    colour, stand = pack.colour(colour_id), pack.stand(stand_id)
    coin, dollar = pack.coin(EXAMPLE_CARDS["coin"]), pack.dollar(EXAMPLE_CARDS["dollar"])
    forecast, revealed = (pack.weather_card(w) for w in EXAMPLE_WEATHER)
    sheet = PictureSheet()
    pictures = {
        "card:stand": (faces.stand_face(pack, stand, colour, lang, theme), stand.name(lang)),
        "card:coin": (faces.coin_face(pack, coin, lang, theme), coin.name(lang)),
        "card:dollar": (faces.dollar_face(pack, dollar, 1, lang, theme), dollar.title(lang)),
    }
    blocks: dict[str, Block] = {
        key: PictureBlock(draw, width, height, legible(draw, width, height, CARD_SCALE), alt, sheet)
        for key, (draw, alt) in pictures.items()
    }
    pair = _side_by_side(
        faces.weather_face(pack, forecast, lang, theme),
        faces.weather_face(pack, revealed, lang, theme),
        width,
        height,
    )
    alt = f"{pack.kind(forecast.top).name(lang)} / {pack.kind(forecast.bottom).name(lang)}"
    blocks["card:weather-pair"] = PictureBlock(
        pair, 2 * width + PAIR_GAP, height, legible(pair, width, height, CARD_SCALE), alt, sheet
    )
    blocks["components:kit"] = kit_gallery(kit, pack, theme, lang)
    blocks["setup:table"] = setup_table(pack, theme, lang, PictureSheet())
    for name, view in examples.items():
        if view["rule"] == "day":
            blocks[f"day:{name}"] = day_table(pack, theme, lang, view, PictureSheet())
    return blocks


def _side_by_side(
    left: Callable[[Canvas, Box], None],
    right: Callable[[Canvas, Box], None],
    width: float,
    height: float,
) -> Callable[[Canvas, Box], None]:
    """Two cards laid next to each other, as on the table: yesterday's left, today's right."""

    def draw(c: Canvas, box: Box) -> None:
        for index, face in enumerate((left, right)):
            trim = Box(box.x + index * (width + PAIR_GAP), box.y, width, height)
            c.saveState()
            clip = c.beginPath()
            clip.roundRect(trim.x, trim.y, trim.width, trim.height, 2.5 * MM)
            c.clipPath(clip, stroke=0, fill=0)
            face(c, trim)
            c.restoreState()
        c.setFillColorRGB(1, 1, 1)
        c.rect(box.x + width, box.y, PAIR_GAP, height, stroke=0, fill=1)

    return draw


# -- the designer's rulings ----------------------------------------------------------------
def _gaps(pack: LemonadeStand) -> list[Ruling]:
    """Numbered 1, 2, ...; ``key`` (file and field) names each in the Russian notes."""
    return [{**r, "key": f"{r['file']}:{r['field']}"} for r in rulings(pack.gaps, prefix="")]


def _by_field_or_file(gaps: list[Ruling]) -> dict[str, Ruling]:
    """``ruling("rulings.tie")`` finds its entry; a field two files share needs its file."""
    fields = [g["field"] for g in gaps]
    entries = {g["key"]: g for g in gaps}
    return entries | {g["field"]: g for g in gaps if fields.count(g["field"]) == 1}


# -- worked examples ---------------------------------------------------------------------
def _examples(
    pack: LemonadeStand, lang: str, hand: Callable[[dict[str, int]], str]
) -> dict[str, dict[str, Any]]:
    def view(plugin: GamePlugin, pack: LemonadeStand, example: Example) -> dict[str, Any]:
        shown = example_view(plugin, pack, example)
        if example.rule == "day":
            shown["players"] = _day(pack, shown["given"], shown["result"], lang, hand)
        return shown

    return worked_examples(pack, view)


def _day(
    pack: LemonadeStand,
    given: dict,
    result: dict,
    lang: str,
    hand: Callable[[dict[str, int]], str],
) -> list[dict[str, Any]]:
    """Each seat of a day example as table cells: what they held, bought, sold and kept."""
    seats = []
    for index, player in enumerate(given["players"]):
        bought = {"cups": 0, "customers": 0}
        for play in player["coins"]:
            bought[play["buys"]] += pack.units(play["coin"])
        seats.append(
            {
                "hand": hand(player["hand"]),
                "worth": sum(pack.coin(c).value * n for c, n in player["hand"].items()),
                "stand": pack.stand(player["stand"]).name(lang),
                "price": pack.stand(player["stand"]).price,
                "regulars": pack.stand(player["stand"]).customers,
                "cups_bought": bought["cups"],
                "customers_bought": bought["customers"],
                "bought": ", ".join(pack.end(k).counted(n, lang) for k, n in bought.items()),
                "spent": sum(pack.coin(p["coin"]).value for p in player["coins"]),
                "dollars": [pack.dollar(d).title(lang) for d in player.get("dollars", [])],
                "customers": result["customers"][index],
                "cups": result["cups"][index],
                "served": result["served"][index],
                "takings": result["takings"][index],
                "exchanged": result["exchanged"][index],
                "mom": result["mom"][index],
                "evening": hand(result["coins"][index]),
                "evening_worth": sum(
                    pack.coin(c).value * n for c, n in result["coins"][index].items()
                ),
            }
        )
    return seats


def spell(number: int, words: str) -> str:
    """A small number in words: ``words`` lists one to ten (``один|два|…``) in the form
    the sentence needs; a larger number stays in digits."""
    spelled = words.split("|")
    return spelled[number - 1] if 1 <= number <= len(spelled) else str(number)


def _spelled(counted: str, number: int, numbers: str) -> str:
    """``3 пятака`` with its number in words from ``numbers``, if given."""
    if not numbers:
        return counted
    return spell(number, numbers) + counted[len(str(number)) :]
