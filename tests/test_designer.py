"""A designer's own deck: card lists from spreadsheets, and any card size on A4 and Letter."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook
from pypdf import PdfReader

from printkit.errors import ContentError
from printkit.games.cards.content import load
from tests.conftest import edit, new_game, run_cli

HEADER = ["id", "title", "text", "cost", "image", "copies"]
ROWS = [
    ["sun", "Sun", "Draw two cards; then discard one.", 1, "meadow.svg", 3],
    ["moon", "Moon", "Every player passes a card left.", 2, "night.svg", 2],
]


run = run_cli


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return new_game(tmp_path / "content", "star-deck")


def _csv(rows: list[list], delimiter: str) -> str:
    return "\r\n".join(delimiter.join(_cell(v, delimiter) for v in row) for row in rows) + "\r\n"


def _cell(value, delimiter: str) -> str:
    text = str(value)
    return f'"{text}"' if delimiter in text or ";" in text or "," in text else text


def _xlsx(path: Path, rows: list[list], title: str = "Cards") -> None:
    book = Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    book.save(path)


def _use(game: Path, name: str) -> Path:
    (game / "cards.yaml").unlink()
    return game / name


@pytest.mark.parametrize(
    ("name", "write"),
    [
        ("cards.csv", lambda p: p.write_text(_csv([HEADER, *ROWS], ","), encoding="utf-8")),
        ("cards.csv", lambda p: p.write_text(_csv([HEADER, *ROWS], ","), encoding="utf-8-sig")),
        ("cards.csv", lambda p: p.write_text(_csv([HEADER, *ROWS], ";"), encoding="utf-8-sig")),
        ("cards.xlsx", lambda p: _xlsx(p, [HEADER, *ROWS])),
    ],
    ids=["csv", "csv-bom", "semicolon-bom", "xlsx"],
)
def test_yaml_csv_and_xlsx_give_the_same_deck(game, name, write):
    (game / "cards.yaml").write_text(
        "cards:\n"
        + "".join(
            f"  - {{id: {i}, title: {t}, text: '{x}', cost: {k}, image: {m}, copies: {c}}}\n"
            for i, t, x, k, m, c in ROWS
        ),
        encoding="utf-8",
    )
    from_yaml = load(game)
    write(_use(game, name))
    from_sheet = load(game)
    assert from_sheet.cards == from_yaml.cards
    assert [(c.id, c.copies) for c in from_sheet.cards] == [("sun", 3), ("moon", 2)]
    assert from_sheet.cards[0].text == "Draw two cards; then discard one."
    assert from_sheet.cards[1].values["cost"] == "2"


def test_an_xlsx_error_names_sheet_row_and_column(game):
    bad = ["moon", "Moon", "Pass.", 2, "night.svg", "two"]
    _xlsx(_use(game, "cards.xlsx"), [HEADER, ROWS[0], bad], "Deck")
    with pytest.raises(ContentError) as info:
        load(game)
    message = info.value.format_message()
    assert "cards.xlsx:3 (sheet 'Deck', row 3, column F)" in message
    assert "expected a whole number, got 'two'" in message


def test_a_semicolon_csv_error_names_row_and_column(game):
    rows = [HEADER, ROWS[0], ["moon", "Moon", "Pass.", 2, "night.svg", 2, "extra"]]
    _use(game, "cards.csv").write_text(_csv(rows, ";"), encoding="utf-8-sig")
    with pytest.raises(ContentError) as info:
        load(game)
    assert "cards.csv:3 (row 3, column G)" in info.value.format_message()


def test_a_misspelt_column_is_named_with_a_suggestion(game):
    header = ["id", "title", "text", "cost", "image", "copeis"]
    _use(game, "cards.csv").write_text(_csv([header, *ROWS], ","), encoding="utf-8-sig")
    with pytest.raises(ContentError) as info:
        load(game)
    assert "row 2, column F" in info.value.format_message()
    assert "did you mean 'copies'?" in info.value.hint


def test_two_card_lists_are_refused(game):
    _xlsx(game / "cards.xlsx", [HEADER, *ROWS])
    with pytest.raises(ContentError) as info:
        load(game)
    assert "both cards.yaml and cards.xlsx exist" in info.value.problem


@pytest.mark.parametrize(
    ("written", "width", "height"),
    [
        ("poker", 63, 88),
        ("bridge", 56, 88),
        ("tarot", 70, 120),
        ("{width: 89, height: 146}", 89, 146),
        ("{width: 63.5, height: 88.9}", 63.5, 88.9),
    ],
)
def test_card_sizes_by_name_or_millimetres(game, written, width, height):
    edit(game / "game.yaml", "card: {width: 63, height: 88}", f"card: {written}")
    pack = load(game)
    assert (pack.card_width, pack.card_height) == (width, height)


def test_an_unknown_card_size_suggests_the_names(game):
    edit(game / "game.yaml", "card: {width: 63, height: 88}", "card: taro")
    with pytest.raises(ContentError) as info:
        load(game)
    assert "unknown card size 'taro'" in info.value.problem
    assert "did you mean 'tarot'?" in info.value.hint


def _build(game: Path, out: Path, paper: str) -> Path:
    result = run(
        "build", "star-deck", "--content", str(game.parent), "--out", str(out), "--paper", paper
    )
    assert result.exit_code == 0, result.output
    return out / "star-deck" / paper


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["tarot", "{width: 89, height: 146}", "mini"])
def test_any_card_size_builds_on_a4_and_letter(game, tmp_path, paper, size):
    edit(game / "game.yaml", "card: {width: 63, height: 88}", f"card: {size}")
    folder = _build(game, tmp_path / "out", paper)
    cards = PdfReader(folder / "01-cards.pdf")
    assert " ".join(p.extract_text() for p in cards.pages).count("First Card") == 3
    guide = PdfReader(folder / "00-printing-guide.pdf").pages[0].extract_text()
    fold = folder / "fold-cards.pdf"
    if size == "{width: 89, height: 146}":
        # a front and its back need 2 x 146 mm plus bleed: more than either side of the paper
        assert not fold.exists()
        assert "too large to fold and glue" in " ".join(guide.split())
    else:
        reader = PdfReader(fold)
        assert "First Card" in reader.pages[0].extract_text()
        assert "too large" not in guide


def _many_cards(game: Path, count: int) -> None:
    entries = "".join(
        f"  - {{id: card-{n}, title: Card {n}, text: Draw {n}., cost: {n % 3}, "
        f"image: meadow.svg, copies: {1 + n % 2}}}\n"
        for n in range(count)
    )
    (game / "cards.yaml").write_text("cards:\n" + entries, encoding="utf-8")
    deck = sum(1 + n % 2 for n in range(count))
    edit(game / "examples" / "deck-size.yaml", "cards: 5", f"cards: {deck}")
    edit(game / "examples" / "deck-size.yaml", "distinct: 2", f"distinct: {count}")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "pixels"),
    [("poker", (825, 1125)), ("bridge", (750, 1125)), ("tarot", (900, 1500))],
)
def test_exports_one_png_per_face_at_print_on_demand_size_and_a_tts_deck(
    game, tmp_path, size, pixels
):
    import json

    from PIL import Image

    edit(game / "game.yaml", "card: {width: 63, height: 88}", f"card: {size}")
    _many_cards(game, 12)
    result = run(
        "build",
        "star-deck",
        "--content",
        str(game.parent),
        "--out",
        str(tmp_path),
        "--png",
        "--tts",
    )
    assert result.exit_code == 0, result.output
    out = tmp_path / "star-deck"
    pngs = sorted(p.name for p in (out / "png" / "cards").iterdir())
    # 12 distinct faces, odd-numbered cards twice; one back for all 18 cards
    assert pngs == sorted([f"card-{n}-x{1 + n % 2}.png" for n in range(12)] + ["back-1-x18.png"])
    assert Image.open(out / "png" / "cards" / "card-0-x1.png").size == pixels
    sheet = Image.open(out / "tts" / "cards-faces-1.png")
    assert max(sheet.size) <= 4096
    saved = json.loads((out / "tts" / "cards.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]
    assert len(deck["DeckIDs"]) == 18 and len(deck["ContainedObjects"]) == 18
    faces = deck["CustomDeck"]["1"]
    assert (faces["NumWidth"], faces["NumHeight"]) == (10, 2)
    assert sheet.size[0] // 10 == Image.open(out / "tts" / "cards-back.png").size[0]
    for url in (faces["FaceURL"], faces["BackURL"]):
        assert Path(url.removeprefix("file://")).is_file()
    # TTS draws every card poker-shaped (2.5 x 3.5 in) at scale 1: the deck carries its shape
    card_w, card_h = pixels[0] - 75, pixels[1] - 75  # the service size less 1/8 in bleed a side
    for transform in [deck["Transform"]] + [c["Transform"] for c in deck["ContainedObjects"]]:
        shape = (transform["scaleX"] * 2.5) / (transform["scaleZ"] * 3.5)
        assert shape == pytest.approx(card_w / card_h, rel=0.03)


def _rulebook_with(game: Path, line: str) -> None:
    edit(game / "rulebook" / "rulebook.md", "![A morning meadow](art/meadow.svg)", line)


def _xobjects(page) -> list:
    found = page["/Resources"].get("/XObject") or {}
    return [x.get_object() for x in found.values()]


def test_rulebook_images_print_from_the_pack(game, tmp_path):
    from PIL import Image

    Image.new("RGB", (300, 150), "#336699").save(game / "art" / "table.png")
    _rulebook_with(game, "![The table, set up](art/table.png)")
    folder = _build(game, tmp_path / "out", "a4")
    reader = PdfReader(folder / "rulebook.pdf")
    images = [x for page in reader.pages for x in _xobjects(page) if x.get("/Subtype") == "/Image"]
    assert (300, 150) in {(x["/Width"], x["/Height"]) for x in images}
    assert "The table, set up" not in " ".join(p.extract_text() for p in reader.pages)
    html = (folder / "rulebook.html").read_text(encoding="utf-8")
    assert 'alt="The table, set up"' in html and "data:image/png;base64," in html
    # the scaffold's card text names :star:, drawn inside its line in the rulebook too
    assert 'class="icon"' in html and "data:image/svg+xml;base64," in html


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("![Art](art/missing.png)", "no image file 'art/missing.png'"),
        ("![Art](https://example.com/a.png)", "is on the web"),
        ("![Art](../outside.png)", "no image file '../outside.png'"),
        ("![Art](cards.yaml)", "not a PNG, JPEG or SVG file"),
    ],
)
def test_a_rulebook_image_that_cannot_print_is_an_error(game, tmp_path, line, says):
    (game.parent / "outside.png").write_bytes((game / "icons" / "star.svg").read_bytes())
    _rulebook_with(game, line)
    result = run("build", "star-deck", "--content", str(game.parent), "--out", str(tmp_path))
    assert result.exit_code == 2
    assert says in result.output and "rulebook line" in result.output
    assert "Traceback" not in result.output
