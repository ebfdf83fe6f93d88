"""Sandcastles' rulebook context: the numbers, the cards and the scored castles.

The templates in ``content/sandcastles/rulebook/`` hold the prose. This module
hands them every number from the pack, a picture of each card type, and each
worked example with the engine's own result and a diagram of its castle drawn
by the kit's card art. An example the engine disagrees with stops the build.
"""

from __future__ import annotations

from typing import Any

from printkit.check.checker import Example, plain
from printkit.errors import ContentError, Location
from printkit.games.sandcastles.examples import built_castle, read_castle
from printkit.games.sandcastles.kit import pictures
from printkit.games.sandcastles.kit.art import draw_card
from printkit.games.sandcastles.kit.diagrams import CastleMarks, GalleryBlock, castle_block
from printkit.games.sandcastles.model import BRIDGE, FEATHER, SHELL, CardType, Sandcastles
from printkit.registry import GamePlugin
from printkit.render.formats import signed
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.assemble import rulebook_context
from printkit.rulebook.context import Block, Catalog, RulebookContext
from printkit.rulebook.examples import example_view, worked_examples
from printkit.rulebook.pictures import PictureBlock, PictureSheet
from printkit.rulebook.rulings import field_words, rulings, unquoted
from printkit.rulebook.scenes import legible
from printkit.rulebook.variables import frame

CARD_SCALE = 0.42  # a card picture in the rulebook: about 26 mm square
GALLERY_COLUMNS = 7  # the wordless cards: two rows; those with words get a row of their own
ROUND_SCALE = 1.15  # the whole round's castles, above their steps: 17 mm a card, to follow them on
WIDE_SCALE = 2.2  # a castle shown across the measure: scaled down to fit it
COVER_EXAMPLE = "fortress"  # the castle on the title page
# Rulings about the printed kit that a player learns nothing from (the printing guide gives
# the card sizes); ``printkit gaps`` still lists them for the designer.
LEFT_TO_GAPS = frozenset({"card", "reference_cards"})
BONUS_NAMES = {
    "most_cards": "Most cards",
    "biggest_courtyard": "Biggest courtyard",
    "longest_wall": "Longest wall",
}


def rulebook(pack: Sandcastles, theme: Theme) -> RulebookContext:
    """The variables, filters, functions and pictures the templates may use."""
    sheet = PictureSheet()
    blocks: dict[str, Block] = {}
    cards = _cards(pack, theme, sheet, blocks)
    blocks["setup:table"] = pictures.setup_table(pack, theme, PictureSheet())
    shown = [gap for gap in pack.gaps if gap.field not in LEFT_TO_GAPS]
    gaps = rulings(shown, lambda gap: field_words(gap.field), unquoted)
    variables: dict[str, Any] = {
        "game": _game(pack),
        "scoring": _scoring(pack),
        "cards": cards,
        "card": Catalog("card", {c["id"]: c for c in cards}),
        "examples": Catalog("worked example", _examples(pack, theme, sheet, blocks)),
        "bonus_names": BONUS_NAMES,
    }
    return rulebook_context(pack, variables, blocks, gaps, {"signed": signed})


def _game(pack: Sandcastles) -> dict[str, Any]:
    return {
        **frame(pack),
        "hand_size": pack.hand_size,
        "piles": pack.piles,
        "timer": pack.timer_minutes,
        "deck_size": pack.deck_size,
        "card_mm": pack.kit.card,
        "reference_cards": pack.kit.reference_cards,
        "rounds": pack.rulings.rounds,
    }


def _scoring(pack: Sandcastles) -> dict[str, Any]:
    s = pack.scoring
    return {
        "tower": s.tower,
        "courtyard": s.courtyard,
        "illegal": -s.illegal,
        "discard": -s.discard,
        "most_cards": s.most_cards,
        "biggest_courtyard": s.biggest_courtyard,
        "longest_wall": s.longest_wall,
        "bridge": s.special(BRIDGE),
        "feather": s.special(FEATHER),
        "shell": s.special(SHELL),
    }


# -- cards ---------------------------------------------------------------------------
def _card_picture(pack: Sandcastles, card: CardType, theme: Theme, sheet: PictureSheet):
    side = pack.kit.card * MM

    def draw(c, box: Box) -> None:
        draw_card(c, box, card, theme)

    scale = legible(draw, side, side, CARD_SCALE)
    return PictureBlock(draw, side, side, scale, f"The {card.name} card", sheet)


def _cards(
    pack: Sandcastles, theme: Theme, sheet: PictureSheet, blocks: dict[str, Block]
) -> list[dict[str, Any]]:
    out = []
    gallery = []
    for card in pack.cards:
        picture = _card_picture(pack, card, theme, sheet)
        key = f"card:{card.id}"
        blocks[key] = picture
        gallery.append((picture, f"{card.name} ×{card.copies}"))
        face = card.face
        out.append(
            {
                "id": card.id,
                "name": card.name,
                "kind": card.kind,
                "copies": card.copies,
                "text": card.text,
                "picture": key,
                "towers": len(face.towers),
                "walls": len(face.routes),
                "gaps": sum(1 for r in face.routes if r.end is None),
            }
        )
    blocks["cards:all"] = GalleryBlock(gallery, "Every card in the deck", GALLERY_COLUMNS)
    return out


# -- worked examples ---------------------------------------------------------------------
def _examples(
    pack: Sandcastles, theme: Theme, sheet: PictureSheet, blocks: dict[str, Block]
) -> dict[str, dict[str, Any]]:
    """The checked examples, each with its castle drawn; the cover shows one of them."""

    def view(plugin: GamePlugin, pack: Sandcastles, example: Example) -> dict[str, Any]:
        shown = _view(plugin, pack, example)
        shown["pictures"] = _pictures(pack, example, shown, theme, sheet, blocks)
        if example.name == COVER_EXAMPLE:
            castle = read_castle(pack, example.given.get("castle"))
            marks = CastleMarks(structures=False, axes=False)
            alt = f"A castle of {pack.title}"
            blocks["cover"] = castle_block(pack, castle, theme, marks, alt, sheet, 1.8, True)
        return shown

    out = worked_examples(pack, view)
    if "cover" not in blocks:
        raise ContentError(
            Location(pack.folder / "examples"),
            f"the rulebook's cover shows example {COVER_EXAMPLE!r}, which is missing",
        )
    return out


def _view(plugin: GamePlugin, pack: Sandcastles, example: Example) -> dict[str, Any]:
    view = example_view(plugin, pack, example)
    if example.rule == "whole-round":
        view["steps"] = [_steps(pack, p) for p in view["given"]["players"]]
    if example.rule == "legal":
        castle, result = view["given"]["castle"], view["result"]
        view["verdicts"] = [
            {
                "number": number,
                "name": pack.card(castle[number - 1]["card"]).name,
                "at": "{},{}".format(*castle[number - 1]["at"]),
                "reason": reason,
            }
            for number, reason in zip(result["illegal"], result["reasons"])
        ]
    return view


def _steps(pack: Sandcastles, player: dict[str, Any]) -> list[str]:
    """A player's steps in words: what they laid where, took from the piles or threw away;
    a card taken and at once laid or thrown away is one step."""
    say, words = pack.words.say, []
    steps = [next(iter(step.items())) for step in player["steps"]]
    taken = ""
    for n, (kind, what) in enumerate(steps):
        if kind == "draw":
            following = steps[n + 1] if n + 1 < len(steps) else ("", "")
            if _same_card(following, what):
                taken = "draw_"
                continue
            words.append(say("step.draw", card=pack.card(what).name))
            continue
        card = pack.card(what["card"] if kind == "lay" else what)
        if kind == "lay":
            turned = say("step.turned", turn=what["turn"]) if what.get("turn") else ""
            at = "{},{}".format(*what["at"])
            key = "rest" if card.overlay else "lay"
            words.append(say(f"step.{taken}{key}", card=card.name, at=at, turned=turned))
        else:
            words.append(say(f"step.{taken}discard", card=card.name))
        taken = ""
    return words


def _same_card(step: tuple[str, Any], card: str) -> bool:
    """Whether ``step`` lays or throws away a ``card``."""
    kind, what = step
    return (kind == "lay" and what["card"] == card) or (kind == "discard" and what == card)


def _castles(pack: Sandcastles, example: Example) -> list[tuple[tuple, tuple]]:
    """(the castle as laid, the cells smashed in it) for each castle an example shows."""
    given = example.given
    if given.has("castle"):
        return [(read_castle(pack, given.get("castle")), ())]
    if not given.has("players"):
        return []
    if example.rule == "whole-round":
        smashes = plain(given.get("smashes").raw) if given.has("smashes") else []
        return [
            (
                built_castle(pack, player.get("steps")),
                tuple(tuple(s["at"]) for s in smashes if s["of"] == seat),
            )
            for seat, player in enumerate(given.get("players").as_list(), start=1)
        ]
    shown = []
    for player in given.get("players").as_list():
        smashed = player.opt("smashed")
        entries = smashed.as_list() if smashed else []
        cells = tuple(tuple(plain(s.raw)) for s in entries if isinstance(s.raw, list))
        shown.append((read_castle(pack, player.get("castle")), cells))
    return shown


def _pictures(
    pack: Sandcastles,
    example: Example,
    view: dict[str, Any],
    theme: Theme,
    sheet: PictureSheet,
    blocks: dict[str, Block],
) -> list[str]:
    keys = []
    for seat, (castle, smashed) in enumerate(_castles(pack, example), start=1):
        marks = CastleMarks(
            numbers=example.rule == "legal",
            illegal=tuple(view["result"]["illegal"]) if example.rule == "legal" else (),
            smashed=smashed,
            structures=example.rule != "legal",
        )
        if example.rule in ("score",) and view["result"]["illegal"]:
            marks = CastleMarks(illegal=_illegal_numbers(pack, castle), structures=True)
        key = f"castle:{example.name}:{seat}"
        alt = f"The castle of example {view['title']!r}"
        scale = ROUND_SCALE if example.rule == "whole-round" else 1.0
        blocks[key] = castle_block(pack, castle, theme, marks, alt, sheet, scale)
        if example.rule == "whole-round":
            blocks[key].space_after = 1.5 * MM  # clear of the steps under it
        if example.rule == "legal":  # the template may show it across the measure instead
            blocks[f"{key}:wide"] = castle_block(pack, castle, theme, marks, alt, sheet, WIDE_SCALE)
        keys.append(key)
    return keys


def _illegal_numbers(pack: Sandcastles, castle) -> tuple[int, ...]:
    from printkit.games.sandcastles.rules import check_castle

    return tuple(v.number for v in check_castle(pack, castle) if not v.legal)
