"""A pack's card layouts as data: ``layout.yaml`` read into frozen values.

A designer lays out faces and backs without Python: zones of text, images,
icons and shapes, placed in millimetres from a card's top-left corner and
bound to the card's fields with templates (``{title}``, ``{cost}``). Colours
and text styles are named once. Only reading and checking happens here; the
drawing is `printkit.render.layout` (checking content never needs reportlab).
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from printkit.content.fields import COLOUR_RE, Field, suggest
from printkit.content.packs import read_document
from printkit.errors import ContentError, Location

LAYOUT_FILE = "layout.yaml"
ICON_FOLDER = "icons"
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
ICON_SUFFIXES = (".svg", ".png")
FONT_SUFFIXES = (".ttf", ".otf")
BUILT_IN_FONTS = ("body", "bold", "italic")
ALIGNS = ("left", "center", "right", "justify")
SHAPES = ("rect", "rounded", "circle", "line")
KINDS = ("text", "image", "icon", "shape")
TEMPLATE = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
INLINE_ICON = re.compile(r":([a-z0-9][a-z0-9-]*):")
DEFAULT_FACE = "card"


@dataclass(frozen=True)
class Style:
    """How a text zone's words look; ``size`` shrinks towards ``min_size`` to fit."""

    font: str  # a built-in name (body, bold, italic) or one of the layout's fonts
    size: float
    min_size: float
    colour: str
    align: str = "left"
    leading: float = 1.2


@dataclass(frozen=True)
class Zone:
    """One thing drawn on a face, in millimetres from the trim's top-left corner."""

    kind: str  # text, image, icon, shape
    box: tuple[float, float, float, float]  # x, y, width, height
    content: str = ""  # the text, image file or icon name: a template
    style: str = ""
    shape: str = ""
    fill: str = ""  # colour templates: a name, #RRGGBB or {field}
    stroke: str = ""
    stroke_width: float = 0.5  # points
    radius: float = 3.0  # millimetres, for rounded rectangles
    valign: str = "top"
    line: int | None = None

    @property
    def fields(self) -> tuple[str, ...]:
        """The card fields this zone names: it is drawn only on cards that give them all."""
        texts = (self.content, self.fill, self.stroke)
        return tuple(dict.fromkeys(name for t in texts for name in TEMPLATE.findall(t)))


@dataclass(frozen=True)
class Face:
    background: str  # a colour template, flooded into the bleed
    zones: tuple[Zone, ...]


@dataclass(frozen=True)
class Layout:
    """Everything a pack's cards are drawn from, plus a digest of the files it may use."""

    folder: Path
    colours: tuple[tuple[str, str], ...]
    fonts: tuple[tuple[str, str], ...]  # name, file relative to the pack
    styles: tuple[tuple[str, Style], ...]
    faces: tuple[tuple[str, Face], ...]
    back: Face | None
    design: tuple[float, float] | None  # the card size (mm) the boxes are measured on
    files: str  # digest of the pack's art, icons and fonts: an edited picture rebuilds

    @property
    def digest(self) -> str:
        """Names the whole look (zones, styles, files): a sheet to reprint when it changes."""
        return hashlib.sha256(repr(self).encode("utf-8")).hexdigest()[:20]

    def face(self, name: str) -> Face:
        return dict(self.faces)[name]

    def style(self, name: str) -> Style:
        return dict(self.styles)[name]

    def colour(self, value: str) -> str | None:
        """``#RRGGBB`` for a colour name or hex value; None when it is neither."""
        if COLOUR_RE.fullmatch(value):
            return value
        return dict(self.colours).get(value)

    def icon_file(self, name: str) -> Path | None:
        return icon_file(self.folder, name)

    @property
    def fields(self) -> frozenset[str]:
        """Every card field the faces name (a back is drawn from the game, not a card)."""
        return frozenset(
            name for _, face in self.faces for zone in face.zones for name in zone.fields
        )

    def check_fields_used(self, given: Iterable[str]) -> None:
        """Refuse a zone naming a field no card gives but one close to it (``{titel}``): the
        typo would hide the zone on every card. A field no card gives yet hides it quietly."""
        given = sorted(set(given))
        for _, face in self.faces:
            for zone in face.zones:
                for name in zone.fields:
                    close = difflib.get_close_matches(name, given, n=1, cutoff=0.75)
                    if name not in given and close:
                        raise ContentError(
                            Location(self.folder / LAYOUT_FILE, line=zone.line),
                            f"the zone names {{{name}}}, which no card gives",
                            f"did you mean {{{close[0]}}}?",
                        )


def fill(template: str, values: Mapping[str, object]) -> str:
    """A template with each ``{field}`` replaced by the card's value."""
    return TEMPLATE.sub(lambda m: str(values[m.group(1)]), template)


def icon_file(folder: Path, name: str) -> Path | None:
    for suffix in ICON_SUFFIXES:
        path = folder / ICON_FOLDER / f"{name}{suffix}"
        if path.is_file():
            return path
    return None


def icon_names(folder: Path) -> list[str]:
    icons = folder / ICON_FOLDER
    if not icons.is_dir():
        return []
    return sorted({p.stem for p in icons.iterdir() if p.suffix.lower() in ICON_SUFFIXES})


# -- reading ---------------------------------------------------------------------
def read_layout(folder: Path, face_names: Iterable[str] = (DEFAULT_FACE,)) -> Layout | None:
    """The pack's layout.yaml, checked against itself and the pack's files; None if absent."""
    path = folder / LAYOUT_FILE
    if not path.exists():
        return None
    root = read_document(path)
    root.expect_keys(["faces"], ["colours", "fonts", "styles", "back", "designed_for"])
    colours = _colours(root.opt("colours"))
    fonts = _fonts(root.opt("fonts"), folder)
    known = {"colours": colours, "fonts": [*BUILT_IN_FONTS, *fonts], "folder": folder}
    styles = _styles(root.opt("styles"), known)
    known["styles"] = styles
    faces_node = root.get("faces")
    faces = {name: _face(node, known) for name, node in faces_node.items()}
    if not faces:
        raise faces_node.error("no faces", f"add a face named {DEFAULT_FACE!r}")
    back = root.opt("back")
    return Layout(
        folder=folder,
        colours=tuple(colours.items()),
        fonts=tuple(fonts.items()),
        styles=tuple(styles.items()),
        faces=tuple(faces.items()),
        back=_face(back, known) if back else None,
        design=_design(root.opt("designed_for")),
        files=_files_digest(folder),
    )


def _design(node: Field | None) -> tuple[float, float] | None:
    """``designed_for: [63, 88]``: boxes stretch with the card when game.yaml's size differs."""
    if node is None:
        return None
    width, height = (_number(item, 20, 300) for item in node.as_list(2, 2))
    return (width, height)


def _colours(node: Field | None) -> dict[str, str]:
    if node is None:
        return {}
    return {name: value.as_colour() for name, value in node.items()}


def _fonts(node: Field | None, folder: Path) -> dict[str, str]:
    result: dict[str, str] = {}
    for name, value in node.items() if node else []:
        if name in BUILT_IN_FONTS:
            raise value.error(f"font name {name!r} is built in", "give your font another name")
        result[name] = _pack_file(value, folder, FONT_SUFFIXES, "font")
    return result


def _pack_file(node: Field, folder: Path, suffixes: tuple[str, ...], what: str) -> str:
    """A file named relative to the pack, which must exist, stay inside it and fit ``suffixes``."""
    name = node.as_str()
    path = folder / name
    if Path(name).suffix.lower() not in suffixes:
        raise node.error(f"{what} {name!r} is not a {'/'.join(suffixes)} file")
    if not path.is_file():
        present = sorted(str(p.relative_to(folder)) for p in folder.rglob(f"*{Path(name).suffix}"))
        hint = suggest(name, present) if present else f"put the file in {folder}"
        raise node.error(f"no {what} file {name!r} in the pack", hint)
    if ".." in Path(name).parts or Path(name).is_absolute():
        raise node.error(f"{what} {name!r} lies outside the pack", "name a file inside it")
    return name


def _styles(node: Field | None, known: dict) -> dict[str, Style]:
    result: dict[str, Style] = {}
    for name, value in node.items() if node else []:
        value.expect_keys(["size"], ["font", "min_size", "colour", "align", "leading"])
        size = _number(value.get("size"), 4, 72)
        least = value.opt("min_size")
        result[name] = Style(
            font=value.get("font").as_choice(known["fonts"]) if value.has("font") else "body",
            size=size,
            min_size=_number(least, 4, size) if least else size,
            colour=_colour(value.opt("colour"), known, "#222222"),
            align=value.get("align").as_choice(ALIGNS) if value.has("align") else "left",
            leading=_number(value.get("leading"), 1, 3) if value.has("leading") else 1.2,
        )
    return result


def _number(node: Field, least: float, most: float) -> float:
    value = node.raw
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise node.error(f"expected a number, got {value!r}")
    if not least <= value <= most:
        raise node.error(f"{value:g} is outside {least:g}..{most:g}")
    return float(value)


def _colour(node: Field | None, known: dict, default: str = "") -> str:
    """A colour name, ``#RRGGBB`` or a template naming a card field."""
    if node is None:
        return default
    value = node.as_str()
    if TEMPLATE.search(value) or COLOUR_RE.fullmatch(value) or value in known["colours"]:
        return value
    names = list(known["colours"])
    hint = suggest(value, names) if names else "write #RRGGBB or name it under colours:"
    raise node.error(f"unknown colour {value!r}", hint)


def _face(node: Field, known: dict) -> Face:
    node.expect_keys([], ["background", "zones"])
    zones = node.opt("zones")
    return Face(
        background=_colour(node.opt("background"), known, "#FFFFFF"),
        zones=tuple(_zone(z, known) for z in zones.as_list()) if zones else (),
    )


ZONE_KEYS = {
    "text": ["style", "valign"],
    "image": [],
    "icon": ["fill"],
    "shape": ["fill", "stroke", "stroke_width", "radius"],
}


def _zone(node: Field, known: dict) -> Zone:
    kinds = [k for k in KINDS if node.has(k)]
    if len(kinds) != 1:
        raise node.error(
            "a zone is one of text, image, icon or shape",
            "write e.g. '- text: \"{title}\"' with its box: [x, y, width, height]",
        )
    kind = kinds[0]
    node.expect_keys([kind, "box"], ZONE_KEYS[kind])
    content = node.get(kind)
    zone = Zone(
        kind=kind,
        box=_box(node.get("box"), line=kind == "shape" and content.raw == "line"),
        content=content.as_choice(SHAPES) if kind == "shape" else content.as_str(),
        style=node.get("style").as_choice(known["styles"]) if node.has("style") else "",
        fill=_colour(node.opt("fill"), known),
        stroke=_colour(node.opt("stroke"), known),
        stroke_width=_number(node.get("stroke_width"), 0, 20) if node.has("stroke_width") else 0.5,
        radius=_number(node.get("radius"), 0, 50) if node.has("radius") else 3.0,
        valign=node.get("valign").as_choice(["top", "middle", "bottom"])
        if node.has("valign")
        else "top",
        line=node.line,
    )
    if kind == "text" and not zone.style:
        raise node.error("a text zone needs a style", suggest("", known["styles"]) or "")
    if kind == "image" and not TEMPLATE.search(zone.content):
        _pack_file(content, known["folder"], IMAGE_SUFFIXES, "image")
    if kind == "icon" and not TEMPLATE.search(zone.content):
        _check_icon(content, zone.content, known["folder"])
    return zone


def _box(node: Field, line: bool = False) -> tuple[float, float, float, float]:
    """``[x, y, width, height]`` in mm; a line runs corner to corner and may be flat."""
    items = node.as_list(4, 4) if isinstance(node.raw, list) else None
    if items is None:
        raise node.error(f"expected [x, y, width, height] in mm, got {node.raw!r}")
    x, y, w, h = (_number(item, -10, 400) for item in items)
    if (w < 0 or h < 0 or w + h == 0) if line else (w <= 0 or h <= 0):
        raise node.error("a box needs a positive width and height")
    return (x, y, w, h)


def _check_icon(node: Field, name: str, folder: Path) -> None:
    if icon_file(folder, name) is None:
        names = icon_names(folder)
        hint = suggest(name, names) if names else f"add {ICON_FOLDER}/{name}.svg to the pack"
        raise node.error(f"no icon {name!r} in {ICON_FOLDER}/", hint)


def _files_digest(folder: Path) -> str:
    h = hashlib.sha256()
    suffixes = (*IMAGE_SUFFIXES, *FONT_SUFFIXES)
    for path in sorted(p for p in folder.rglob("*") if p.suffix.lower() in suffixes):
        h.update(str(path.relative_to(folder)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:20]


# -- binding cards to the layout ----------------------------------------------
def check_card(layout: Layout, face: str, values: Mapping[str, Field], at: Field) -> None:
    """Refuse, at the card's own field, a value the layout cannot draw: a missing image or
    icon, an unknown colour, an inline ``:icon:`` the pack lacks."""
    plain = {k: v.raw for k, v in values.items()}
    for zone in layout.face(face).zones:
        if not all(name in values for name in zone.fields):
            continue
        node = values[zone.fields[0]] if zone.fields else at
        _check_zone(layout, zone, plain, node)
    for node in values.values():
        if isinstance(node.raw, str):
            check_inline_icons(layout.folder, node.raw, node)


def _check_zone(layout: Layout, zone: Zone, values: Mapping[str, object], node: Field) -> None:
    if zone.kind == "image" and zone.fields:
        name = fill(zone.content, values)
        if Path(name).suffix.lower() not in IMAGE_SUFFIXES or not (layout.folder / name).is_file():
            raise node.error(f"no image file {name!r} in the pack", "a PNG, JPEG or SVG file")
    if zone.kind == "icon" and zone.fields:
        _check_icon(node, fill(zone.content, values), layout.folder)
    for colour in (zone.fill, zone.stroke):
        if colour and TEMPLATE.search(colour) and layout.colour(fill(colour, values)) is None:
            names = [n for n, _ in layout.colours]
            raise node.error(
                f"{fill(colour, values)!r} is not a colour", suggest(fill(colour, values), names)
            )


def check_inline_icons(folder: Path, text: str, node: Field) -> None:
    """Every ``:name:`` in a printed text must be an icon file of the pack."""
    for name in INLINE_ICON.findall(text):
        _check_icon(node, name, folder)
