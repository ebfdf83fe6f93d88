"""Art as content: card pictures, icons and backs come from each pack's art/ folder.

A card face is drawn alone on a fresh canvas and read back: its picture is
vector paths (no image), a swapped SVG changes the bytes, a missing file named
by a card is a content error with file and line.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from printkit.errors import ContentError
from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.kit import cards as stall_cards
from printkit.render.inline import fit_icon_text
from printkit.render.layout import icon_words
from printkit.render.theme import Theme
from printkit.render.units import BLEED, MM, Box
from tests.conftest import CONTENT, STALL, edit, line_of, pack_copy

DPI = 150
CARD = (63 * MM, 88 * MM)


def face_pdf(draw) -> bytes:
    """One card face drawn alone, with its bleed, as a one-page PDF."""
    buffer = io.BytesIO()
    width, height = CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED
    c = Canvas(buffer, pagesize=(width, height), invariant=1)
    draw(c, Box(BLEED, BLEED, *CARD))
    c.showPage()
    c.save()
    return buffer.getvalue()


def raster(pdf: bytes):
    page = pdfium.PdfDocument(pdf)[0]
    return page.render(scale=DPI / 72).to_pil().convert("RGB")


def pixel(image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour ``x_mm`` right of and ``y_mm`` below the trim's top-left corner."""
    scale = DPI / 25.4
    return image.getpixel((round((x_mm + 3) * scale), round((y_mm + 3) * scale)))


def event(pack, event_id: str):
    return next(e for e in pack.events if e.id == event_id)


def event_face(pack, event_id: str) -> bytes:
    piece = next(
        p for p in stall_cards.event_cards(pack, Theme()).pieces if p.label.startswith(event_id)
    )
    return face_pdf(piece.draw)


def curves(pdf: bytes) -> int:
    content = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
    return sum(1 for line in content.splitlines() if line.endswith(" c"))


def test_every_lemonade_stall_card_names_its_picture_by_its_id(pack):
    for card in (*pack.events, *pack.benefits):
        assert card.art is not None and card.art.name == f"{card.id}.svg", card.id
        assert card.art.path.is_file()


def test_an_event_card_draws_its_picture_as_vectors_in_the_space_its_text_leaves(pack):
    with_art = event_face(pack, "bad-lemons")
    bare = replace(pack, events=tuple(replace(e, art=None) for e in pack.events))
    without = event_face(bare, "bad-lemons")
    reader = PdfReader(io.BytesIO(with_art))
    assert "/XObject" not in reader.pages[0]["/Resources"]  # paths, not a pasted raster
    assert curves(with_art) > curves(without) + 20
    # the spoilt lemon's olive (#C9BF52 in bad-lemons.svg), inside the text panel
    assert olive(raster(with_art).crop(panel_px())) > 200
    assert olive(raster(without)) == 0


def olive(image) -> int:
    return near(image, (0xC9, 0xBF, 0x52), 24)


def near(image, rgb: tuple[int, int, int], slack: int) -> int:
    """How many pixels lie within ``slack`` (summed over the channels) of a colour."""
    data = image.tobytes()
    return sum(
        1
        for i in range(0, len(data), 3)
        if sum(abs(data[i + k] - rgb[k]) for k in range(3)) < slack
    )


def panel_px() -> tuple[int, int, int, int]:
    """The card's text panel, in pixels: below the title band, above the codes box."""
    scale = DPI / 25.4
    return tuple(round((v + 3) * scale) for v in (3, 17, 60, 66))  # type: ignore[return-value]


def test_a_card_naming_a_missing_art_file_is_a_content_error_with_file_and_line(tmp_path):
    folder = pack_copy(STALL, tmp_path)
    events = folder / "events.yaml"
    edit(events, "    title: Theft\n", "    title: Theft\n    art: robber.svg\n")
    with pytest.raises(ContentError) as info:
        load(folder)
    error = info.value
    assert "robber.svg" in error.problem
    assert error.location.line == line_of(events, "art: robber.svg")
    assert Path(error.location.file).name == "events.yaml"
    assert "theft.svg" in error.hint  # the card's own picture, by its id


def test_a_card_may_name_another_picture_and_a_swapped_file_changes_the_card(tmp_path):
    folder = pack_copy(STALL, tmp_path)
    before = event_face(load(folder), "theft")
    assert event_face(load(folder), "theft") == before  # same content, same bytes
    edit(folder / "events.yaml", "    title: Theft\n", "    title: Theft\n    art: neglect.svg\n")
    named = load(folder)
    assert event(named, "theft").art.name == "neglect.svg"
    assert event_face(named, "theft") != before
    edit(folder / "events.yaml", "    art: neglect.svg\n", "")
    shutil.copy(folder / "art" / "hot-weather.svg", folder / "art" / "theft.svg")
    swapped = load(folder)
    assert swapped.events != load(STALL).events  # a part keyed on the cards rebuilds
    assert event_face(swapped, "theft") != before


def test_a_card_without_a_picture_of_its_own_is_drawn_without_one(tmp_path):
    folder = pack_copy(STALL, tmp_path)
    (folder / "art" / "theft.svg").unlink()
    pack = load(folder)
    assert event(pack, "theft").art is None
    assert event_face(pack, "theft")  # still a card, its text panel plain


def test_designed_backs_run_into_the_bleed_and_ink_saver_drops_them(pack):
    deck = stall_cards.event_cards(pack, Theme())
    image = raster(face_pdf(deck.pieces[0].back))
    sky = pixel(image, -2.5, -2.5)  # in the bleed, outside the trim
    assert sky != (255, 255, 255) and sky[2] > sky[0]  # event-back.svg's sky blue
    saver = stall_cards.event_cards(pack, Theme(ink_saver=True))
    assert pixel(raster(face_pdf(saver.pieces[0].back)), -2.5, -2.5) == (255, 255, 255)


def test_goods_named_in_card_text_get_their_icon_and_keep_their_number():
    words = {"cups": "cups", "cup": "cups", "lemons": "lemons"}
    marked = icon_words("Throw away 2 cups; every cup and Lemons, not cupboards.", words)
    assert marked == (
        "Throw away 2\u00a0:cups:cups; every :cups:cup and :lemons:Lemons, not cupboards."
    )


def test_an_icon_wraps_with_its_word_and_its_number(pack):
    icon = STALL / "art" / "cups.svg"
    text = icon_words("aaaa bbbb cccc 2 cups", {"cups": "cups"})
    fitted = fit_icon_text(text, "PK-Sans", (60, 200), (10, 10), lambda name: icon, "test")
    last = fitted.lines[-1]
    assert last == (("2\u00a0", icon, "cups"),)  # one word: never "2" | icon | "cups"


def test_lemonade_stall_card_text_still_reads_as_words(pack):
    text = PdfReader(io.BytesIO(event_face(pack, "poor-quality-cups"))).pages[0].extract_text()
    assert "half of your unused" in text and "cups, rounded down." in text  # runs, not words


def test_lemonade_stand_dollar_texts_show_coins_cups_and_customers():
    from printkit.games.lemonade_stand.content import load as load_stand
    from printkit.games.lemonade_stand.kit.faces import with_icons

    stand = load_stand(CONTENT / "lemonade-stand")
    extra_ice = next(card for card in stand.dollars if card.id == "extra-ice")
    assert ":coin:5¢" in with_icons(stand, extra_ice.text("en"), "en")
    spare = next(card for card in stand.dollars if card.id == "spare-pitcher")
    assert "2\u00a0:cups:стакана" in with_icons(stand, spare.text("ru"), "ru")


def test_every_bundled_game_has_a_cover_and_its_backs_in_its_art_folder():
    for game, names in {
        "lemonade-stall": ("cover", "event-back", "benefit-back"),
        "lemonade-stand": ("cover", "coin-back", "dollar-back", "weather-back"),
        "thats-not-lemonade": ("cover", "back"),
        "yard-sale": ("cover", "item-back", "shopper-back"),
    }.items():
        folder = CONTENT / game
        for name in names:
            assert (folder / "art" / f"{name}.svg").is_file(), (game, name)
        rulebooks = list((folder / "rulebook").rglob("rulebook.md"))
        assert rulebooks and all("](art/cover.svg)" in r.read_text() for r in rulebooks)


@pytest.mark.parametrize("kind", ["bridge", "feather", "shell"])
def test_no_sand_grain_runs_through_a_special_cards_words(kind):
    from printkit.games.sandcastles.content import load as load_castles
    from printkit.games.sandcastles.kit.art import SAND, WALL_DARK, draw_card
    from printkit.render.theme import mix

    castles = load_castles(CONTENT / "sandcastles")
    card = next(c for c in castles.cards if c.kind == kind)
    side = castles.kit.card * MM
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(side, side), invariant=1)
    draw_card(c, Box(0, 0, side, side), card, Theme())
    c.save()
    image = raster(buffer.getvalue())
    grain = mix(SAND, WALL_DARK, 0.25)
    rgb = tuple(round(v * 255) for v in (grain.red, grain.green, grain.blue))
    w, h = image.size
    band = image.crop((round(w * 0.2), round(h * 0.72), round(w * 0.8), round(h * 0.86)))  # rule
    title = image.crop((round(w * 0.35), round(h * 0.04), round(w * 0.65), round(h * 0.1)))
    assert near(band, rgb, 12) == 0 and near(title, rgb, 12) == 0


MARK = (0xFF, 0x00, 0xFF)  # a magenta no bundled picture or panel uses
MARK_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
    '<rect x="0" y="0" width="10" height="10" fill="#FF00FF"/></svg>'
)


def marked(draw, width: float, height: float, scale: float = 1.0) -> int:
    """How many pixels of ``draw``'s page (width x height points) are the marker green."""
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(width, height), invariant=1)
    draw(c, Box(0, 0, width, height))
    c.showPage()
    c.save()
    page = pdfium.PdfDocument(buffer.getvalue())[0]
    return near(page.render(scale=scale).to_pil().convert("RGB"), MARK, 24)


def test_every_lemonade_stall_event_and_benefit_card_shows_its_picture(pack):
    """However long its text, a card keeps room for its picture (drawn as curves)."""
    bare = replace(
        pack,
        events=tuple(replace(e, art=None) for e in pack.events),
        benefits=tuple(replace(b, art=None) for b in pack.benefits),
    )
    for deck in ("event_cards", "benefit_cards"):
        with_art = getattr(stall_cards, deck)(pack, Theme()).pieces
        without = getattr(stall_cards, deck)(bare, Theme()).pieces
        for drawn, plain in zip(with_art, without):
            assert curves(face_pdf(drawn.draw)) > curves(face_pdf(plain.draw)), drawn.label


def test_the_board_and_the_mats_draw_weather_and_goods_from_the_art_folder(tmp_path):
    from printkit.games.lemonade_stall.kit.board import board
    from printkit.games.lemonade_stall.kit.mats import player_mats

    folder = pack_copy(STALL, tmp_path)
    original = load(STALL)  # pictures are read when drawn: the bundled files
    (folder / "art" / "sunny.svg").write_text(MARK_SVG)
    (folder / "art" / "ice.svg").write_text(MARK_SVG)
    swapped = load(folder)

    def board_draw(pack):
        made = board(pack, Theme())
        return lambda c, box: made.draw(c), made.width, made.height

    for pack, expect in ((original, False), (swapped, True)):
        draw, w, h = board_draw(pack)
        assert (marked(draw, w, h, 0.5) > 0) is expect  # Sunny's picture on the board
        mat = player_mats(pack, Theme()).pages[0]
        assert (marked(mat, 180 * MM, 260 * MM) > 0) is expect  # Ice's goods space


def test_stand_pitch_and_cash_cards_draw_their_pictures_from_the_art_folder(tmp_path):
    from printkit.games.lemonade_stand.content import load as load_stand
    from printkit.games.lemonade_stand.kit import faces
    from printkit.games.yard_sale.content import load as load_yard_sale
    from printkit.games.yard_sale.kit import cards as yard_cards

    stand_folder = pack_copy(CONTENT / "lemonade-stand", tmp_path)
    yard_folder = pack_copy(CONTENT / "yard-sale", tmp_path)
    for name in ("garden-gate", "street-corner", "shady-porch", "park-kiosk"):
        assert (stand_folder / "art" / f"{name}.svg").is_file()
    (stand_folder / "art" / "park-kiosk.svg").write_text(MARK_SVG)
    first, second = load_yard_sale(yard_folder).pitches[:2]
    (yard_folder / "art" / f"{first.id}.svg").write_text(MARK_SVG)  # the pitch's own picture
    (yard_folder / "art" / f"{second.id}.svg").unlink()  # ... else the deck's
    (yard_folder / "art" / "cash.svg").write_text(MARK_SVG)
    stand_pack, yard = load_stand(stand_folder), load_yard_sale(yard_folder)
    colour = stand_pack.colours[0]
    kiosk, gate = stand_pack.stand("park-kiosk"), stand_pack.stand("garden-gate")
    assert marked(faces.stand_face(stand_pack, kiosk, colour, "en", Theme()), *CARD) > 0
    assert marked(faces.stand_face(stand_pack, gate, colour, "ru", Theme()), *CARD) == 0
    pitches = {p.label.split("#")[0]: p for p in yard_cards.pitch_cards(yard, Theme()).pieces}
    assert marked(pitches[first.id].draw, *CARD) > 0
    assert marked(pitches[second.id].draw, *CARD) == 0  # the bundled pitch.svg
    (yard_folder / "art" / "pitch.svg").write_text(MARK_SVG)
    yard = load_yard_sale(yard_folder)
    pitches = {p.label.split("#")[0]: p for p in yard_cards.pitch_cards(yard, Theme()).pieces}
    assert marked(pitches[second.id].draw, *CARD) > 0
    assert marked(pitches[first.id].draw, *CARD) > 0
    cash = yard_cards.cash_cards(yard, Theme())
    assert marked(cash.pieces[0].draw, cash.width, cash.height) > 0


def marked_box(draw, width: float, height: float) -> tuple[int, int, int, int] | None:
    """The bounding box, in pixels at 72 dpi, of the marker magenta on ``draw``'s page."""
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(width, height), invariant=1)
    draw(c, Box(0, 0, width, height))
    c.showPage()
    c.save()
    image = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=1).to_pil().convert("RGB")
    return _magenta(image).getbbox()


def _magenta(image):
    """A black-and-white mask: white where ``image`` is the marker magenta."""
    from PIL import Image

    data = image.tobytes()
    mask = bytes(
        255 if sum(abs(data[i + k] - MARK[k]) for k in range(3)) < 24 else 0
        for i in range(0, len(data), 3)
    )
    return Image.frombytes("L", image.size, mask)


def test_every_yard_sale_item_and_pitch_has_a_picture_of_its_own():
    from printkit.games.yard_sale.content import load as load_yard_sale

    yard = load_yard_sale(CONTENT / "yard-sale")
    for thing in (*yard.items, *yard.pitches):
        assert yard.art.get(thing.id) is not None, thing.id
    digests = [yard.art.get(thing.id).digest for thing in (*yard.items, *yard.pitches)]
    assert len(set(digests)) == len(digests)  # no two share one drawing


def test_an_item_card_shows_its_own_picture_not_its_subjects(tmp_path):
    from printkit.games.yard_sale.content import load as load_yard_sale
    from printkit.games.yard_sale.kit import cards as yard_cards

    folder = pack_copy(CONTENT / "yard-sale", tmp_path)
    items = load_yard_sale(folder).items
    first = items[0]
    neighbour = next(i for i in items if i.subject == first.subject and i.id != first.id)
    (folder / "art" / f"{first.id}.svg").write_text(MARK_SVG)
    (folder / "art" / f"{first.subject}.svg").write_text(MARK_SVG)  # the subject's is unused
    pieces = yard_cards.item_cards(load_yard_sale(folder), Theme()).pieces
    faces = {p.label.split("#")[0]: p for p in pieces}
    assert marked(faces[first.id].draw, *CARD) > 0
    assert marked(faces[neighbour.id].draw, *CARD) == 0


def test_every_lemonade_stand_dollar_card_prints_its_picture_at_one_size(tmp_path):
    """A short text and the longest Russian text leave the picture the same box."""
    from printkit.games.lemonade_stand.content import load as load_stand
    from printkit.games.lemonade_stand.kit import faces

    folder = pack_copy(CONTENT / "lemonade-stand", tmp_path)
    for card in load_stand(folder).dollars:
        (folder / "art" / f"{card.id}.svg").write_text(MARK_SVG)
    pack = load_stand(folder)
    longest = max(pack.dollars, key=lambda card: len(card.text("ru")))
    shortest = min(pack.dollars, key=lambda card: len(card.text("en")))
    boxes = {
        (card.id, lang): marked_box(faces.dollar_face(pack, card, 1, lang, Theme()), *CARD)
        for card, lang in ((longest, "ru"), (shortest, "en"))
    }
    sizes = {(box[2] - box[0], box[3] - box[1]) for box in boxes.values() if box}
    assert len(boxes) == 2 and None not in boxes.values() and len(sizes) == 1, boxes
    width, height = sizes.pop()
    assert width == height  # the square marker, fitted by height: not squeezed by the text


def test_lemonade_stand_coins_do_not_show_yellows_symbol():
    """One symbol, one meaning: the lemon marks Yellow's stand, so no coin face draws one."""
    from printkit.games.lemonade_stand.content import load as load_stand

    pack = load_stand(CONTENT / "lemonade-stand")
    yellow = next(colour for colour in pack.colours if colour.symbol == "lemon")
    lemon_yellow = "#F7D84A"
    for coin in pack.coins:
        art = pack.art.get(coin.id)
        if art is not None:
            assert lemon_yellow not in art.path.read_text().upper(), (coin.id, yellow.id)


def test_the_cup_signals_picture_draws_the_three_signal_files_with_their_words(tmp_path):
    from printkit.games.thats_not_lemonade.content import load as load_tnl
    from printkit.games.thats_not_lemonade.kit.pictures import SIGNALS, cup_signals
    from printkit.rulebook.pictures import PictureSheet

    folder = pack_copy(CONTENT / "thats-not-lemonade", tmp_path)
    (folder / "art" / "signal-out.svg").write_text(MARK_SVG)
    pack = load_tnl(folder)
    block = cup_signals(pack, PictureSheet())
    assert [caption.text for caption in block.captions] == [
        pack.words.say(f"signal.{key}") for key in SIGNALS
    ]
    box = marked_box(block.draw, block.width, block.height)
    assert box is not None and box[0] > block.width * 2 / 3 * 0.9  # the rightmost picture only
    (folder / "art" / "signal-out.svg").unlink()
    with pytest.raises(ContentError, match="signal-out.svg"):
        cup_signals(load_tnl(folder), PictureSheet())


def test_lemonade_stall_board_mats_and_price_cards_draw_the_stand_and_glass_files(tmp_path):
    from printkit.games.lemonade_stall.kit.board import board
    from printkit.games.lemonade_stall.kit.mats import player_mats

    folder = pack_copy(STALL, tmp_path)
    (folder / "art" / "stand.svg").write_text(MARK_SVG)
    (folder / "art" / "price-card.svg").write_text(MARK_SVG)
    swapped, original = load(folder), load(STALL)
    for pack, expect in ((original, False), (swapped, True)):
        made = board(pack, Theme())
        assert (
            marked(lambda c, box, m=made: m.draw(c), made.width, made.height, 0.5) > 0
        ) is expect
        mat = player_mats(pack, Theme()).pages[0]
        assert (marked(mat, 180 * MM, 260 * MM) > 0) is expect
        face = stall_cards.price_cards(pack, Theme()).pieces[0].draw
        assert (marked(face, *CARD) > 0) is expect


def _drawn(drawing) -> bytes:
    from printkit.render.layout import _draw_drawing

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    _draw_drawing(canvas, Box(0, 0, 100, 100), drawing, False)
    canvas.save()
    return buffer.getvalue()


def test_an_svg_kept_on_disk_draws_as_read_and_an_edit_or_damage_is_a_miss(tmp_path, private_cache):
    """A fresh process reads each picture's drawing from the disk cache: it draws the bytes
    svglib's reading gives; an edited file is read again, a damaged entry is a miss."""
    from printkit.build import diskcache
    from printkit.render import layout

    art = tmp_path / "art.svg"
    shutil.copy(STALL / "art" / "cover.svg", art)
    expected = _drawn(layout.read_svg(art))
    layout._svg_of.cache_clear()  # as a new process: only the disk remembers
    assert _drawn(layout.svg_drawing(art)) == expected
    layout._svg_of.cache_clear()
    assert _drawn(layout.svg_drawing(art)) == expected  # served from the disk
    for entry in diskcache.cache_folder(layout.SVG_KIND).iterdir():
        entry.write_bytes(entry.read_bytes()[:40])
    layout._svg_of.cache_clear()
    assert _drawn(layout.svg_drawing(art)) == expected
    art.write_text(re.sub(r'fill="#\w{6}"', 'fill="#123456"', art.read_text(), count=1))
    layout._svg_of.cache_clear()
    assert _drawn(layout.svg_drawing(art)) != expected


def test_an_svg_s_operators_kept_on_disk_are_the_renderer_s_and_damage_is_a_miss(
    tmp_path, private_cache, monkeypatch
):
    """A fresh process appends each picture's operators an earlier one kept on disk instead
    of running svglib's renderer again, and draws a file from them without reading its
    drawing: the same bytes; within ``fresh()``, after an edit or with a damaged entry, the
    file is read and the renderer runs again."""
    from reportlab.graphics import renderPDF

    from printkit.build import diskcache
    from printkit.render import layout

    art = tmp_path / "art.svg"
    shutil.copy(STALL / "art" / "cover.svg", art)
    renders, reads = [], []
    real_draw, real_read = renderPDF.draw, layout.read_svg
    monkeypatch.setattr(renderPDF, "draw", lambda *a, **k: renders.append(1) or real_draw(*a, **k))
    monkeypatch.setattr(layout, "read_svg", lambda path: reads.append(1) or real_read(path))

    def new_process(draw) -> bytes:
        layout._svg_of.cache_clear()  # as a new process: only the disk remembers
        layout._SVG_OPS.clear()
        layout._file_ops().forget()
        return draw()

    def by_drawing() -> bytes:
        return _drawn(layout.svg_drawing(art))

    def by_file() -> bytes:
        buffer = io.BytesIO()
        canvas = Canvas(buffer, invariant=1)
        layout.draw_picture(canvas, Box(0, 0, 100, 100), art)
        canvas.save()
        return buffer.getvalue()

    expected = new_process(by_drawing)
    assert len(renders) == 1 and list(diskcache.cache_folder(layout.SVG_OPS_KIND).iterdir())
    assert new_process(by_drawing) == expected and len(renders) == 1  # served from the disk
    for entry in diskcache.cache_folder(layout.SVG_KIND).iterdir():
        entry.unlink()  # the drawing is not read: its entry is not needed
    assert new_process(by_file) == expected and (len(renders), len(reads)) == (1, 1)
    with diskcache.fresh():
        assert new_process(by_file) == expected and (len(renders), len(reads)) == (2, 2)
    for entry in diskcache.cache_folder(layout.SVG_OPS_KIND).iterdir():
        entry.write_bytes(entry.read_bytes()[:40])
    assert new_process(by_file) == expected and len(renders) == 3
    assert new_process(by_file) == expected and len(renders) == 3  # kept again
    art.write_text(re.sub(r'fill="#\w{6}"', 'fill="#123456"', art.read_text(), count=1))
    assert new_process(by_file) != expected and len(renders) == 4


def test_an_svg_s_size_is_kept_on_disk_and_read_without_its_drawing(
    tmp_path, private_cache, monkeypatch
):
    """The HTML page sizes an SVG picture from the size kept on disk beside its drawing: a
    fresh process reads no drawing for it; a damaged entry or an edit reads it again."""
    from printkit.build import diskcache
    from printkit.render import layout

    art = tmp_path / "art.svg"
    shutil.copy(STALL / "art" / "cover.svg", art)
    drawing = layout.read_svg(art)
    loaded = []
    real = layout._svg_of
    monkeypatch.setattr(layout, "_svg_of", lambda *a: loaded.append(1) or real(*a))

    def new_process() -> tuple[float, float]:
        layout._sizes().forget()  # as a new process: only the disk remembers
        return layout.svg_size(art)

    assert new_process() == (drawing.width, drawing.height) and len(loaded) == 1
    assert new_process() == (drawing.width, drawing.height) and len(loaded) == 1
    for entry in diskcache.cache_folder(layout.SVG_SIZE_KIND).iterdir():
        entry.write_bytes(entry.read_bytes()[:40])
    assert new_process() == (drawing.width, drawing.height) and len(loaded) == 2
    art.write_text(art.read_text().replace('width="', 'width="1', 1))
    assert new_process() != (drawing.width, drawing.height) and len(loaded) == 3


def test_the_raster_and_preflight_keys_name_the_versions_importlib_metadata_finds():
    """The libraries that rasterise and measure are named by `code_digest`'s own reading of
    their METADATA, the versions importlib.metadata gives, without importing it."""
    from importlib.metadata import version

    from printkit.render.drawing import raster_versions
    from printkit.render.preflight import _measuring

    assert raster_versions()[1:] == (version("pypdfium2"), version("pillow"))
    assert _measuring()[1] == version("pypdf")
    script = (
        "import sys\n"
        "from printkit.render.drawing import raster_versions\n"
        "from printkit.render.preflight import _measuring\n"
        "raster_versions(), _measuring()\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]


def test_drawing_code_imports_fonttools_only_to_convert_a_pack_s_font():
    """A build whose packs bring no PostScript-outline font of their own never needs
    fontTools' converters: loading the drawing code leaves them unimported."""
    script = (
        "import sys\n"
        "import printkit.render.layout\n"
        "print(any(m.startswith('fontTools') for m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]
