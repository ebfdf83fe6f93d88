"""Lemonade Stand's print-and-play kit in one language: which decks, drawn from what.

One deck (stands in four colours, coins, dollars, weather) serves 2-4 players;
a second deck without weather cards adds colours five to eight. Each part is
made with `made`, so the content values it reads are recorded as what it
depends on: a changed dollar card rebuilds the decks that print it.
"""

from __future__ import annotations

from dataclasses import replace

from printkit.games.lemonade_stand.kit import faces
from printkit.games.lemonade_stand.model import LemonadeStand, PlayerColour
from printkit.games.lemonade_stand.text import LANGUAGES
from printkit.kit import Deck, Kit, KitOptions, made, sized_deck
from printkit.render.impose import Piece
from printkit.render.theme import Theme


def kit(pack: LemonadeStand, options: KitOptions) -> Kit:
    lang = options.lang or LANGUAGES[0]
    theme = options.theme

    def first() -> tuple[PlayerColour, ...]:
        return pack.colours[: pack.max_players]

    def second() -> tuple[PlayerColour, ...]:
        return pack.colours[pack.max_players : pack.max_players_two_decks]

    def deck(deck_id: str, title: str, pieces, note: str = "note_cards"):
        return lambda: _deck(pack, lang, deck_id, title, pieces(), note)

    makers = (
        deck("stand-cards", "part_stands", lambda: stand_pieces(pack, first(), lang, theme)),
        lambda: shared_deck(
            _deck(pack, lang, "coin-cards", "part_coins", coin_pieces(pack, lang, theme)),
            _deck(pack, lang, "dollar-cards", "part_dollars", dollar_pieces(pack, 1, lang, theme)),
            _deck(pack, lang, "weather-cards", "part_weather", weather_pieces(pack, lang, theme)),
            pack=pack,
            lang=lang,
        ),
        lambda: reference_deck(pack, lang, theme),
        deck(
            "second-deck",
            "part_second",
            lambda: (
                stand_pieces(pack, second(), lang, theme)
                + coin_pieces(pack, lang, theme)
                + dollar_pieces(pack, 2, lang, theme)
            ),
            note="note_second",
        ),
    )
    return Kit(pack.id, pack.title_text(lang), tuple(made(make) for make in makers))


def _deck(
    pack: LemonadeStand,
    lang: str,
    deck_id: str,
    title: str,
    pieces: tuple[Piece, ...],
    note: str = "note_cards",
) -> Deck:
    return sized_deck(
        deck_id, pack.label(title)(lang), pack.card, pieces, note=pack.label(note)(lang)
    )


def shared_deck(first: Deck, *others: Deck, pack: LemonadeStand, lang: str) -> Deck:
    """Coins, dollars and weather on the same sheets: each deck alone leaves its last
    sheet a third full, together they save two sheets of card stock."""
    title, note = pack.label("part_shared")(lang), pack.label("note_shared")(lang)
    return replace(first, title=title, note=note, also=others, name=first.title)


def stand_pieces(
    pack: LemonadeStand, colours: tuple[PlayerColour, ...], lang: str, theme: Theme
) -> tuple[Piece, ...]:
    """Every stand in every colour, colour by colour."""
    return tuple(
        Piece(
            f"{colour.id}-{stand.id}",
            faces.stand_face(pack, stand, colour, lang, theme),
            faces.stand_back(pack, colour, lang, theme),
            fields=(
                ("name", stand.name(lang)),
                ("colour", colour.name(lang)),
                ("price", str(stand.price)),
                ("customers", str(stand.customers)),
            ),
        )
        for colour in colours
        for stand in pack.stands
    )


def coin_pieces(pack: LemonadeStand, lang: str, theme: Theme) -> tuple[Piece, ...]:
    back = faces.coin_back(pack, lang, theme)
    pieces = []
    for coin in pack.coins:
        face = faces.coin_face(pack, coin, lang, theme)
        fields = (
            ("name", coin.name(lang)),
            ("value", str(coin.value)),
            *((end.id, pack.buys(coin.id, end.id)(lang)) for end in pack.ends),
        )
        pieces += [
            Piece(f"{coin.id}#{n + 1}", face, back, fields=fields) for n in range(pack.coin_copies)
        ]
    return tuple(pieces)


def dollar_pieces(pack: LemonadeStand, deck: int, lang: str, theme: Theme) -> tuple[Piece, ...]:
    back = faces.dollar_back(pack, lang, theme)
    mark = "" if deck == 1 else "-b"
    return tuple(
        Piece(
            f"{card.id}{mark}",
            faces.dollar_face(pack, card, deck, lang, theme),
            back,
            fields=(
                ("title", card.title(lang)),
                ("text", card.text(lang)),
                ("strength", str(card.strength) + ("B" if deck == 2 else "")),
            ),
        )
        for card in pack.dollars
    )


def weather_pieces(pack: LemonadeStand, lang: str, theme: Theme) -> tuple[Piece, ...]:
    back = faces.weather_back(pack, lang, theme)
    return tuple(
        Piece(
            card.id,
            faces.weather_face(pack, card, lang, theme),
            back,
            fields=(("top", card.top), ("bottom", card.bottom), ("arrow", card.arrow)),
        )
        for card in pack.weather_cards
    )


def reference_deck(pack: LemonadeStand, lang: str, theme: Theme) -> Deck:
    """One double-sided reference card per player of the first deck."""
    front = faces.reference_front(pack, lang, theme)
    back = faces.reference_back(pack, lang, theme)
    text = tuple((key, text(lang)) for key, text in pack.labels if key.startswith("ref_"))
    pieces = tuple(
        Piece(f"reference#{n + 1}", front, back, fields=text)
        for n in range(pack.component("reference-cards").first_deck)
    )
    width, height = faces.reference_piece_size(pack)
    return Deck(
        "reference-cards",
        pack.label("part_reference")(lang),
        width,
        height,
        pieces,
        note=pack.label("note_reference")(lang),
        copies=pack.label("copies_reference")(lang),
        fold=False,
    )
