"""Sandcastles' rulebook context: the numbers, the cards and the scored castles.

The templates in ``content/sandcastles/rulebook/`` hold the prose. This module
hands them every number from the pack, a picture of each card type, and each
worked example with the engine's own result and a diagram of its castle drawn
by the kit's card art. An example the engine disagrees with stops the build.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from printkit.checker import Example, check_example, example_files, read_example, run_example
from printkit.errors import ContentError, Location
from printkit.fields import Field
from printkit.games.sandcastles.art import draw_card
from printkit.games.sandcastles.diagrams import CastleMarks, GalleryBlock, castle_block
from printkit.games.sandcastles.examples import read_castle
from printkit.games.sandcastles.model import BRIDGE, FEATHER, SHELL, CardType, Sandcastles
from printkit.registry import plugin_for
from printkit.render.theme import Theme
from printkit.render.units import MM, Box
from printkit.rulebook.context import Block, Catalog, RulebookContext
from printkit.rulebook.pictures import PictureBlock, PictureSheet

CARD_SCALE = 0.42  # a card picture in the rulebook: about 26 mm square
GALLERY_COLUMNS = 6
COVER_EXAMPLE = "fortress"  # the castle on the title page
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
    gaps = _gaps(pack)
    variables: dict[str, Any] = {
        "game": _game(pack),
        "scoring": _scoring(pack),
        "cards": cards,
        "card": Catalog("card", {c["id"]: c for c in cards}),
        "examples": Catalog("worked example", _examples(pack, theme, sheet, blocks)),
        "bonus_names": BONUS_NAMES,
        "gaps": gaps,
    }
    return RulebookContext(
        title=pack.title,
        subject=f"{pack.title} rules",
        variables=variables,
        blocks=blocks,
        filters={"signed": signed, "names": names},
        functions={"ruling": _ruling_function(gaps), "names": names},
    )


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("0" if value == 0 else f"−{-value}")


def names(values: list[str], last: str = "and") -> str:
    values = [str(v) for v in values]
    if len(values) < 2:
        return "".join(values)
    return f"{', '.join(values[:-1])} {last} {values[-1]}"


def _game(pack: Sandcastles) -> dict[str, Any]:
    return {
        "title": pack.title,
        "tagline": pack.tagline,
        "min_players": pack.min_players,
        "max_players": pack.max_players,
        "play_time": pack.play_time_minutes,
        "age": pack.age,
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

    return PictureBlock(draw, side, side, CARD_SCALE, f"The {card.name} card", sheet)


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


# -- the designer's rulings ------------------------------------------------------------
def _gaps(pack: Sandcastles) -> list[dict[str, Any]]:
    out = []
    for number, gap in enumerate(pack.gaps, start=1):
        last = gap.field.rsplit(".", 1)[-1]
        out.append(
            {
                "ref": f"R{number}",
                "file": Path(gap.file).name,
                "line": gap.line or 0,
                "field": gap.field,
                "topic": last.replace("_", " ").capitalize(),
                "value": gap.value.replace("'", "").strip('"'),
                "reason": gap.reason,
            }
        )
    return out


def _ruling_function(gaps: list[dict[str, Any]]):
    by_field = Catalog("designer's ruling", {g["field"]: g for g in gaps})

    def ruling(field: str) -> str:
        return f"(ruling {by_field[field]['ref']})"

    return ruling


# -- worked examples ---------------------------------------------------------------------
def _examples(
    pack: Sandcastles, theme: Theme, sheet: PictureSheet, blocks: dict[str, Block]
) -> dict[str, dict[str, Any]]:
    plugin = plugin_for(pack.id)
    out = {}
    for path in example_files(pack.folder):
        example = read_example(path)
        _require_passing(plugin, pack, example)
        view = _view(plugin, pack, example)
        view["pictures"] = _pictures(pack, example, view, theme, sheet, blocks)
        out[example.name] = view
        if example.name == COVER_EXAMPLE:
            castle = read_castle(pack, example.given.get("castle"))
            marks = CastleMarks(structures=False, axes=False)
            alt = f"A castle of {pack.title}"
            blocks["cover"] = castle_block(pack, castle, theme, marks, alt, sheet, 1.8, True)
    if "cover" not in blocks:
        raise ContentError(
            Location(pack.folder / "examples"),
            f"the rulebook's cover shows example {COVER_EXAMPLE!r}, which is missing",
        )
    return out


def _require_passing(plugin, pack: Sandcastles, example: Example) -> None:
    result = check_example(plugin, pack, example)
    if result.passed:
        return
    first = result.mismatches[0]
    raise ContentError(
        Location(example.path, first.field),
        f"the rulebook prints this example, but the engine says {first.actual!r} "
        f"where it expects {first.expected!r}",
        "fix the example (printkit check shows every disagreement)",
    )


def plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _view(plugin, pack: Sandcastles, example: Example) -> dict[str, Any]:
    given = plain(example.given.raw)
    result = plain(run_example(plugin, pack, example))
    view: dict[str, Any] = {
        "name": example.name,
        "title": example.title or example.name.replace("-", " ").capitalize(),
        "prose": example.prose,
        "rule": example.rule,
        "given": given,
        "result": result,
    }
    if example.rule == "legal":
        castle = given["castle"]
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


def _castles(example: Example) -> list[tuple[Field, Field]]:
    """(the player's node, its castle node) for each castle an example shows."""
    given = example.given
    if given.has("castle"):
        return [(given, given.get("castle"))]
    if given.has("players"):
        return [(p, p.get("castle")) for p in given.get("players").as_list()]
    return []


def _pictures(
    pack: Sandcastles,
    example: Example,
    view: dict[str, Any],
    theme: Theme,
    sheet: PictureSheet,
    blocks: dict[str, Block],
) -> list[str]:
    keys = []
    for seat, (player, node) in enumerate(_castles(example), start=1):
        castle = read_castle(pack, node)
        smashed = player.opt("smashed")
        marks = CastleMarks(
            numbers=example.rule == "legal",
            illegal=tuple(view["result"]["illegal"]) if example.rule == "legal" else (),
            smashed=tuple(tuple(plain(s.raw)) for s in smashed.as_list() if isinstance(s.raw, list))
            if smashed
            else (),
            structures=example.rule != "legal",
        )
        if example.rule in ("score",) and view["result"]["illegal"]:
            marks = CastleMarks(illegal=_illegal_numbers(pack, castle), structures=True)
        key = f"castle:{example.name}:{seat}"
        blocks[key] = castle_block(
            pack, castle, theme, marks, f"The castle of example {view['title']!r}", sheet
        )
        keys.append(key)
    return keys


def _illegal_numbers(pack: Sandcastles, castle) -> tuple[int, ...]:
    from printkit.games.sandcastles.rules import check_castle

    return tuple(v.number for v in check_castle(pack, castle) if not v.legal)
