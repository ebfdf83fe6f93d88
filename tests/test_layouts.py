"""Layouts as data: every zone kind drawn where layout.yaml puts it, and bad layouts refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from printkit.build.exports import print_pngs
from printkit.errors import ContentError, RenderError
from printkit.games.cards.content import load
from printkit.games.cards.kit import kit
from printkit.kit import KitOptions
from printkit.render.units import PAPERS
from printkit.resources import font_folder
from tests.conftest import edit, new_game, run_cli

DPI = 300
LAYOUT = """\
colours:
  paper: "#FFFFFF"
  red: "#FF0000"
  blue: "#0000FF"
fonts:
  display: fonts/display.ttf
styles:
  title: {font: display, size: 14, min_size: 8, colour: blue, align: center}
  body: {font: body, size: 10, min_size: 7}
faces:
  card:
    background: paper
    zones:
      - shape: rect
        box: [2, 2, 10, 10]
        fill: red
      - shape: circle
        box: [50, 2, 10, 10]
        fill: "{colour}"
      - shape: rounded
        box: [2, 76, 10, 10]
        fill: blue
        radius: 2
      - shape: line
        box: [20, 86, 20, 0]
        stroke: red
        stroke_width: 6
      - image: "art/{image}"
        box: [5, 40, 20, 20]
      - image: art/green.svg
        box: [38, 40, 20, 20]
      - icon: star
        box: [50, 76, 10, 10]
      - text: "{title}"
        style: title
        box: [14, 2, 35, 10]
      - text: "{text}"
        style: body
        box: [5, 62, 53, 12]
"""
GREEN_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">'
    '<rect width="20" height="20" fill="#00FF00"/></svg>'
)
CARDS = """\
cards:
  - id: plum
    title: Plum
    text: "Gain **two** :star: now."
    image: plum.png
    colour: blue
    copies: 2
  - id: pear
    title: Pear
    text: A plain card.
    image: pear.jpg
"""


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = new_game(tmp_path / "content", "fruit-deck")
    (folder / "layout.yaml").write_text(LAYOUT, encoding="utf-8")
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (folder / "fonts").mkdir()
    shutil.copy(font_folder() / "DejaVuSansCondensed-Bold.ttf", folder / "fonts" / "display.ttf")
    Image.new("RGB", (40, 40), "#FFFF00").save(folder / "art" / "plum.png")
    Image.new("RGB", (40, 40), "#FF00FF").save(folder / "art" / "pear.jpg", quality=95)
    (folder / "art" / "green.svg").write_text(GREEN_SVG, encoding="utf-8")
    edit(folder / "examples" / "deck-size.yaml", "cards: 5", "cards: 3")
    return folder


def _pixel(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at a point given in mm from the 63 x 88 mm card's top-left corner, on the
    print-on-demand image (poker size, within 2 % of the card: points sit well inside zones)."""
    scale = DPI / 25.4
    x, y = image.width / 2 + (x_mm - 31.5) * scale, image.height / 2 + (y_mm - 44) * scale
    return image.getpixel((round(x), round(y)))


def _faces(folder: Path) -> dict[str, Image.Image]:
    pngs = print_pngs(kit(load(folder), KitOptions(PAPERS["a4"])))
    from io import BytesIO

    return {Path(n).stem: Image.open(BytesIO(data)).convert("RGB") for n, data in pngs.items()}


def _near(actual: tuple[int, int, int], wanted: str, slack: int = 24) -> bool:
    want = tuple(int(wanted[i : i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - w) <= slack for a, w in zip(actual, want))


def test_each_zone_is_drawn_in_its_box(game):
    face = _faces(game)["plum-x2"]
    assert _near(_pixel(face, 7, 7), "#FF0000")  # rect
    assert _near(_pixel(face, 55, 7), "#0000FF")  # circle filled from the card's colour
    assert _near(_pixel(face, 7, 81), "#0000FF")  # rounded rectangle
    assert _near(_pixel(face, 30, 86), "#FF0000")  # the line along the box's top edge
    assert _near(_pixel(face, 15, 50), "#FFFF00")  # the card's PNG
    assert _near(_pixel(face, 48, 50), "#00FF00")  # SVG art
    assert _near(_pixel(face, 55, 81), "#F2B705", 40)  # the scaffold's star icon, its centre
    assert _near(_pixel(face, 30, 30), "#FFFFFF")  # the background elsewhere
    pear = _faces(game)["pear-x1"]
    assert _near(_pixel(pear, 15, 50), "#FF00FF")  # a JPEG
    assert _near(_pixel(pear, 55, 7), "#FFFFFF")  # no colour on this card: no circle


def test_the_pdf_embeds_the_pack_font_the_images_and_the_text(game, tmp_path):
    result = run_cli(
        "build", "fruit-deck", "--content", str(game.parent), "--out", str(tmp_path / "o")
    )
    assert result.exit_code == 0, result.output
    folder = next((tmp_path / "o" / "fruit-deck").iterdir())
    page = PdfReader(folder / "01-cards.pdf").pages[0]
    text = page.extract_text()
    assert text.count("Plum") == 2 and text.count("Pear") == 1
    assert "Gain two" in text and "A plain card." in text
    fonts = {str(f["/BaseFont"]) for f in page["/Resources"]["/Font"].values()}
    display = [f for f in fonts if f.endswith("DejaVuSansCondensed-Bold")]
    assert display, fonts
    descriptor = next(
        f.get_object()["/FontDescriptor"]
        for f in page["/Resources"]["/Font"].values()
        if str(f.get_object()["/BaseFont"]).endswith("DejaVuSansCondensed-Bold")
    )
    assert "/FontFile2" in descriptor  # embedded, not merely named
    sizes = {(x["/Width"], x["/Height"]) for x in _images(page["/Resources"])}
    assert (40, 40) in sizes  # the card art, at its own pixels


def _images(resources) -> list:
    """Every image XObject of a page, also those inside form XObjects (a face drawn once)."""
    found = []
    for ref in (resources.get("/XObject") or {}).values():
        x = ref.get_object()
        if x.get("/Subtype") == "/Image":
            found.append(x)
        elif x.get("/Subtype") == "/Form" and "/Resources" in x:
            found += _images(x["/Resources"])
    return found


def test_bold_and_italic_and_inline_icons():
    from printkit.render.layout import rich_markup

    markup = rich_markup("**Win** *now* :star: & 2 < 3", lambda name: f"[{name}]")
    assert markup == "<b>Win</b> <i>now</i> [star] &amp; 2 &lt; 3"


LAYOUT_ERRORS = [
    ("style: body", "style: bdy", "unknown id 'bdy'", "did you mean 'body'?"),
    ("fill: red", "fill: rde", "unknown colour 'rde'", "did you mean 'red'?"),
    ("art/green.svg", "art/gren.svg", "no image file 'art/gren.svg'", "'art/green.svg'"),
    ("icon: star", "icon: stra", "no icon 'stra'", "did you mean 'star'?"),
    ("shape: circle", "shape: oval", "unknown id 'oval'", "expected one of"),
    ("radius: 2", "radus: 2", "unknown field 'radus'", "did you mean 'radius'?"),
    ("box: [2, 2, 10, 10]", "box: [2, 2, 10]", "at least 4", ""),
    ("fonts/display.ttf", "fonts/display.woff", "not a .ttf/.otf file", ""),
    ('"{title}"', '"{titel}"', "names {titel}, which no card gives", "did you mean {title}?"),
]
CARD_ERRORS = [
    ("image: plum.png", "image: plum.gif", "no image file 'art/plum.gif'", ""),
    ("colour: blue", "colour: bleu", "'bleu' is not a colour", "did you mean 'blue'?"),
    (":star:", ":sta:", "no icon 'sta'", "did you mean 'star'?"),
    ("colour: blue", "color: blue", "unknown field 'color'", "did you mean 'colour'?"),
]


@pytest.mark.parametrize(
    ("file", "old", "new", "says", "hint"),
    [("layout.yaml", *case) for case in LAYOUT_ERRORS]
    + [("cards.yaml", *case) for case in CARD_ERRORS],
)
def test_bad_layouts_and_undrawable_cards_name_file_and_line(game, file, old, new, says, hint):
    edit(game / file, old, new)
    with pytest.raises(ContentError) as info:
        load(game)
    error = info.value
    assert Path(error.location.file).name == file
    assert says in error.problem and hint in error.hint
    line = (game / file).read_text().splitlines()[error.location.line - 1]
    if file == "cards.yaml":
        assert error.location.field.startswith("cards[plum]")
        assert new.split(":")[0] in line or line.startswith("  - id: plum")
    else:
        assert new.split(":")[0].strip('"') in line or "box" in new


def test_text_that_cannot_fit_fails_the_build_naming_the_card(game, tmp_path):
    edit(game / "cards.yaml", "text: A plain card.", "text: " + "A very long rule. " * 40)
    with pytest.raises(RenderError) as info:
        _faces(game)
    assert "card 'pear'" in str(info.value) and "minimum size of 7 pt" in str(info.value)
    result = run_cli(
        "build", "fruit-deck", "--content", str(game.parent), "--out", str(tmp_path / "o")
    )
    assert result.exit_code == 2 and "card 'pear'" in result.output


def _cff_font(path: Path) -> None:
    """A small OpenType font with PostScript (cubic) outlines: every ASCII letter a blob."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    letters = [chr(c) for c in range(0x21, 0x7F)]
    names = [".notdef", "space"] + [f"g{ord(ch)}" for ch in letters]
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({32: "space"} | {ord(ch): f"g{ord(ch)}" for ch in letters})
    charstrings = {}
    for name in names:
        pen = T2CharStringPen(500, None)
        if name != "space":
            pen.moveTo((50, 0))
            pen.lineTo((450, 0))
            pen.curveTo((450, 400), (250, 700), (50, 700))  # a cubic: must become quadratics
            pen.closePath()
        charstrings[name] = pen.getCharString()
    builder.setupCFF("PkBlob", {"FullName": "Pk Blob"}, charstrings, {})
    builder.setupHorizontalMetrics({name: (500, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Pk Blob", "styleName": "Regular"})
    builder.setupOS2()
    builder.setupPost()
    builder.save(str(path))


def test_a_postscript_outline_otf_font_is_embedded(game, tmp_path):
    _cff_font(game / "fonts" / "display.otf")
    assert (game / "fonts" / "display.otf").read_bytes()[:4] == b"OTTO"
    edit(game / "layout.yaml", "fonts/display.ttf", "fonts/display.otf")
    result = run_cli(
        "build", "fruit-deck", "--content", str(game.parent), "--out", str(tmp_path / "o")
    )
    assert result.exit_code == 0, result.output
    folder = next((tmp_path / "o" / "fruit-deck").iterdir())
    page = PdfReader(folder / "01-cards.pdf").pages[0]
    fonts = [f.get_object() for f in page["/Resources"]["/Font"].values()]
    blob = [f for f in fonts if str(f["/BaseFont"]).endswith("+Pk-Blob")]
    assert blob, [str(f["/BaseFont"]) for f in fonts]
    assert "/FontFile2" in blob[0]["/FontDescriptor"]  # embedded as TrueType outlines
    assert page.extract_text().count("Plum") == 2  # the titles set in it still read as text


def test_a_broken_font_file_is_a_clear_error(game, tmp_path):
    (game / "fonts" / "display.ttf").write_bytes(b"OTTO" + b"\0" * 64)
    result = run_cli(
        "build", "fruit-deck", "--content", str(game.parent), "--out", str(tmp_path / "o")
    )
    assert result.exit_code == 2, result.output
    assert "display.ttf" in result.output and "cannot embed this font" in result.output
    assert "Traceback" not in result.output


def test_a_font_swapped_under_the_same_file_name_prints_in_the_next_build(game, tmp_path):
    """A watch session builds again in the same process: the new font, not the one it had."""

    def base_fonts() -> list[str]:
        result = run_cli(
            "build",
            "fruit-deck",
            "--content",
            str(game.parent),
            "--out",
            str(tmp_path / "o"),
            "--paper",
            "a4",  # one target builds in this process, as watch does
        )
        assert result.exit_code == 0, result.output
        folder = next((tmp_path / "o" / "fruit-deck").iterdir())
        page = PdfReader(folder / "01-cards.pdf").pages[0]
        return [str(f.get_object()["/BaseFont"]) for f in page["/Resources"]["/Font"].values()]

    assert not any(name.endswith("+Pk-Blob") for name in base_fonts())
    _cff_font(game / "fonts" / "display.ttf")  # same path, another font
    assert any(name.endswith("+Pk-Blob") for name in base_fonts())
