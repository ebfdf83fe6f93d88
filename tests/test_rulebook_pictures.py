"""The rulebooks' teaching pictures, read back from the PDF: where they are, what they say,
that their words follow the content, and that a card's words can be read."""

from __future__ import annotations

import math
from io import BytesIO

import pypdfium2
import pytest
from pypdf import PdfReader

from printkit.games.lemonade_stall.content import load
from printkit.games.sandcastles.content import load as load_sandcastles
from printkit.games.sandcastles.examples import read_castle
from printkit.games.sandcastles.kit.diagrams import CastleMarks, castle_drawing
from printkit.render.theme import Theme
from printkit.render.units import MM
from printkit.rulebook.scenes import readable_scale, smallest_text
from tests.conftest import CONTENT, STALL, edit, pack_copy
from tests.test_rulebook import build, pdf_pages, words

pytestmark = pytest.mark.slow


def drawn_text(page) -> list[tuple[str, float, float, float]]:
    """(text, size as printed, x, y) of every run of text on a page."""
    runs = []

    def visit(text, cm, tm, font, size):
        if not text.strip():
            return
        a = tm[0] * cm[0] + tm[1] * cm[2]
        b = tm[0] * cm[1] + tm[1] * cm[3]
        c = tm[2] * cm[0] + tm[3] * cm[2]
        d = tm[2] * cm[1] + tm[3] * cm[3]
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        runs.append((text.strip(), size * math.sqrt(abs(a * d - b * c)), x, y))

    page.extract_text(visitor_text=visit)
    return runs


def smallest_word(page) -> float:
    """The size of the smallest word a page prints, as printed."""
    return min(size for _, size, *_ in drawn_text(page))


@pytest.fixture(scope="module")
def book() -> bytes:
    return build(STALL)["rulebook.pdf"]


@pytest.fixture(scope="module")
def pages(book) -> list[str]:
    return pdf_pages(book)


def page_with(pages: list[str], *needles: str) -> int:
    found = [i for i, page in enumerate(pages) if all(words(n) in page for n in needles)]
    assert found, f"no page holds all of {needles}"
    return found[0]


def test_every_callout_of_the_board_mat_and_setup_is_printed_in_order(pages):
    """Each callout's words (from words.yaml) stand in the legend, numbered in file order."""
    pack = load(STALL)
    for kind in ("board", "mat", "setup"):
        texts = pack.words.each(f"callout.{kind}")
        assert len(texts) >= 3
        filled = [
            t.format(
                starting_money=pack.starting_money,
                first_day=pack.days[0],
                last_day=pack.days[-1],
                cup_tokens=pack.component("cup-tokens").count,
            )
            for t in texts.values()
        ]
        page = pages[page_with(pages, *(f[:30] for f in filled))]
        positions = [page.index(words(f[:30])) for f in filled]
        assert positions == sorted(positions) or kind in ("board", "setup")  # two columns


def _crosses(a: tuple[float, float], b: tuple[float, float], box) -> bool:
    """Whether the segment a-b passes through the inside of ``box`` (sampled finely)."""
    inside = 0.5 * MM  # a line along an edge, or ending on it, does not cross
    for step in range(1, 200):
        t = step / 200
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if box.x + inside < x < box.right - inside and box.y + inside < y < box.top - inside:
            return True
    return False


def test_board_leaders_cross_no_other_panel_and_letters_run_down_each_margin():
    """A leader that crossed another panel would seem to name it too, and a margin read
    C above B would send a reader to the wrong line of the legend."""
    from printkit.games.lemonade_stall.kit import pictures
    from printkit.games.lemonade_stall.kit.board import board_regions
    from printkit.rulebook.pictures import PictureSheet

    pack = load(CONTENT / "lemonade-stall")
    kit = pictures.Kit(pack, Theme())
    block = pictures.board_callouts(pack, kit, PictureSheet())
    scale = (pictures.MEASURE - 2 * pictures.MARGIN) / kit.board.width
    regions = board_regions(pack)
    panels = {
        key: box.__class__(
            pictures.MARGIN + box.x * scale, box.y * scale, box.width * scale, box.height * scale
        )
        for key, box in regions.items()
        if key not in ("board", "score-track", "first-condition", "first-temperature")
    }
    for callout in block.callouts:
        x, y = callout.to
        named = {k for k, b in panels.items() if b.x <= x <= b.right and b.y <= y <= b.top}
        points = [(callout.x, callout.y), *([callout.via] if callout.via else []), callout.to]
        for a, b in zip(points, points[1:]):
            crossed = [k for k, box in panels.items() if k not in named and _crosses(a, b, box)]
            assert not crossed, f"the leader of {callout.text[:30]!r} crosses {crossed}"
    for side in (min, max):
        column = [c.y for c in block.callouts if c.x == side(d.x for d in block.callouts)]
        assert column == sorted(column, reverse=True), "letters run top to bottom"


def test_the_board_and_a_mat_are_drawn_where_the_callouts_are(book, pages):
    """The callout page draws the board itself: its title and a score-track number at
    the board's scale, not a screenshot."""
    pack = load(STALL)
    score = pack.words.each("callout.board")["score-track"].split(":")[0]
    index = page_with(pages, score, pack.title)
    runs = drawn_text(PdfReader(BytesIO(book)).pages[index])
    board_titles = [size for text, size, *_ in runs if text == pack.title and size < 15]
    assert board_titles, "the board's own title is drawn, scaled down, on the callout page"


def test_the_boards_close_ups_print_its_words_at_reading_size(book, pages):
    """After the whole board, its top half close up: every day name, the price caps' heading
    and every condition's top price can be read, and no word there prints under 5.9 pt."""
    pack = load(STALL)
    index = page_with(pages, pack.words.say("picture.board_top_left"))
    runs = drawn_text(PdfReader(BytesIO(book)).pages[index])
    shown = {text for text, *_ in runs}
    assert set(pack.days) <= shown
    heads = [pack.words.say(f"board.caps_{k}") for k in ("weather", "top_price", "sure_cups")]
    assert {word for head in heads for word in head.split()} <= shown  # two lines a heading
    assert {f"${c.price_cap}" for c in pack.conditions if c.price_cap is not None} <= shown
    assert min(size for _, size, *_ in runs) >= 5.9


def test_the_mat_picture_prints_the_mats_own_labels(book, pages):
    """The mat is shown at the text's width: its goods, its buying table and its note print
    as on the mat, not left out as too small."""
    pack = load(STALL)
    index = page_with(pages, pack.words.each("callout.mat")["goods"])
    runs = drawn_text(PdfReader(BytesIO(book)).pages[index])
    shown = {text for text, *_ in runs}
    assert {item.name for item in pack.items} <= shown
    assert pack.words.say("mat.costs") in shown
    assert min(size for _, size, *_ in runs) >= 5.9
    assert words(pack.words.say("mat.keep")) in pages[index]


def test_the_set_up_names_each_stands_cup_sold_tokens_and_the_dice(pages):
    """Step 2 hands every stand its cup-sold tokens and step 6 keeps the dice beside the
    board: the set-up's legend names both, with the count the components list gives."""
    pack = load(STALL)
    index = page_with(pages, pack.words.each("callout.setup")["benefits"])
    count = pack.component("cup-tokens").count
    cups = pack.words.each("callout.setup")["cup-tokens"].format(cup_tokens=count)
    assert words(cups) in pages[index]
    assert words(pack.words.each("callout.setup")["dice"]) in pages[index]


def test_the_set_up_shows_four_stands_round_the_board(book, pages):
    """Every colour's stand is named in the set-up picture; the mats' own titles, a
    quarter of their size there, are left out rather than printed as specks."""
    pack = load(STALL)
    index = page_with(pages, pack.words.each("callout.setup")["benefits"])
    text = pages[index]
    for colour in pack.player_colours[:4]:
        assert words(colour.name) in text
        assert words(pack.words.say("mat.title", title=pack.title, colour=colour.name)) not in text
    assert smallest_word(PdfReader(BytesIO(book)).pages[index]) >= 6.0 - 0.1


def test_the_worked_day_shows_each_stands_price_card_turned_up(book, pages):
    """After step 7 of the whole day every stand's price is face up: $5, $4, $6 and $5."""
    pack = load(STALL)
    index = page_with(pages, pack.words.say("picture.table"))
    prices = [t for t, *_ in drawn_text(PdfReader(BytesIO(book)).pages[index]) if t.startswith("$")]
    for price in ("$5", "$4", "$6"):
        assert price in prices


def test_card_pictures_print_their_words_at_six_points_or_more(book, pages):
    """A card's smallest words (its weather-change label) are readable wherever a card is
    shown for itself; only the pictures of a whole table show cards smaller."""
    pack = load(STALL)
    label = pack.words.say("card.weather_change")
    tables = {page_with(pages, pack.words.say("picture.table"))}
    tables.add(page_with(pages, pack.words.say("picture.setup", players=pack.max_players)))
    sizes = [
        size
        for number, page in enumerate(PdfReader(BytesIO(book)).pages)
        if number not in tables
        for text, size, *_ in drawn_text(page)
        if text == label
    ]
    assert len(sizes) >= len({e.id for e in pack.events})
    assert min(sizes) >= 6.0 - 0.01


def test_callout_words_follow_the_content(tmp_path):
    """Edit one callout in a copy of the content: the rulebook prints the new words."""
    folder = pack_copy(STALL, tmp_path)
    old = "Every stand starts on {starting_money}."
    edit(folder / "words.yaml", old, "The Zebra Ledger counts from {starting_money}.")
    files = build(folder)
    text = " ".join(pdf_pages(files["rulebook.pdf"]))
    assert f"the zebra ledger counts from {load(folder).starting_money}." in text
    assert "every stand starts on" not in text
    assert "The Zebra Ledger counts from" in files["rulebook.html"].decode("utf-8")


def test_a_picture_word_missing_from_words_yaml_is_named(tmp_path):
    folder = pack_copy(STALL, tmp_path)
    edit(folder / "words.yaml", "callout.mat.goods:", "callout.mat.good:")
    from printkit.errors import ContentError

    with pytest.raises(ContentError) as error:
        load(folder)
    assert "callout.mat.good" in str(error.value)


def test_readable_scale_brings_the_smallest_text_to_six_points():
    def draw(c, box):
        c.setFont("Helvetica", 12)
        c.drawString(0, 20, "big")
        c.setFont("Helvetica", 4)
        c.drawString(0, 5, "small")

    assert smallest_text(draw, 100, 100) == 4
    assert readable_scale(draw, 100, 100) * 4 == pytest.approx(6, abs=0.01)


def test_sandcastles_cards_resting_on_one_card_are_both_seen(tmp_path):
    """'What may lie on what': a Feather and a Shell on one card get numbers far apart,
    and no number sits in the axis band where the column labels are."""
    pack = load_sandcastles(CONTENT / "sandcastles")
    castle = read_castle(pack, _overlaps_castle(pack))
    draw, width, height = castle_drawing(
        pack, castle, Theme(), CastleMarks(numbers=True, illegal=(3, 4, 6, 7), structures=False)
    )
    from reportlab.pdfgen.canvas import Canvas

    from printkit.render.fonts import register_fonts
    from printkit.render.units import Box

    register_fonts()
    out = BytesIO()
    c = Canvas(out, pagesize=(width, height))
    draw(c, Box(0, 0, width, height))
    c.showPage()
    c.save()
    runs = drawn_text(PdfReader(BytesIO(out.getvalue())).pages[0])
    badges = {t: (x, y) for t, size, x, y in runs if t in {"5", "6"} and y > 3 * MM}
    (x5, y5), (x6, y6) = badges["5"], badges["6"]
    assert math.hypot(x5 - x6, y5 - y6) > 4.2 * MM  # two badge diameters: neither hides
    labels = [(x, y) for t, size, x, y in runs if y < 3 * MM and t.isdigit()]
    assert len(labels) == 4  # the columns 0 to 3
    image = pypdfium2.PdfDocument(out.getvalue())[0].render(scale=4).to_pil().convert("RGB")
    for x, y in labels:  # no red cross or frame over a column label
        left, top = round((x - 1 * MM) * 4), round((height - y - 3 * MM) * 4)
        patch = image.crop((left, top, left + round(4 * MM * 4), top + round(3.5 * MM * 4)))
        data = patch.tobytes()
        pixels = zip(data[0::3], data[1::3], data[2::3])
        red = [p for p in pixels if p[0] > 150 and p[1] < 90 and p[2] < 90]
        assert not red, f"a red mark covers the column label at x={x / MM:.0f} mm"


def _overlaps_castle(pack):
    from printkit.check.checker import read_example

    example = read_example(CONTENT / "sandcastles" / "examples" / "overlaps.yaml")
    return example.given.get("castle")


def test_a_new_game_shows_its_own_cards_and_previews_a_rulebook_page(tmp_path):
    """`printkit new` gives a rulebook whose Components chapter draws the game's cards;
    `printkit preview --page` writes that page for the README, and names a wrong one."""
    from tests.conftest import new_game, run_cli

    content = tmp_path / "content"
    folder = new_game(content, "moon-cards")
    out = tmp_path / "out"
    built = run_cli(
        "build", "moon-cards", "--content", str(content), "--out", str(out), "--paper", "a4"
    )
    assert built.exit_code == 0, built.output
    book = PdfReader(out / "moon-cards" / "a4" / "rulebook.pdf")
    pages = [words(p.extract_text() or "") for p in book.pages]
    first_card = (folder / "cards.yaml").read_text(encoding="utf-8")
    index = next(i for i, p in enumerate(pages) if "components" in p and "contents" not in p)
    runs = {text for text, *_ in drawn_text(book.pages[index])}
    titles = [line.split(":", 1)[1].strip() for line in first_card.splitlines() if "title:" in line]
    assert titles[0] in runs  # the first card's face, drawn by the kit's own renderer
    dest = tmp_path / "img"
    shown = run_cli(
        "preview", "moon-cards", "--out", str(out), "--to", str(dest), "--page", "Components"
    )
    assert shown.exit_code == 0, shown.output
    assert (dest / "moon-cards-rulebook-components.png").read_bytes().startswith(b"\x89PNG")
    wrong = run_cli("preview", "moon-cards", "--out", str(out), "--to", str(dest), "--page", "Nope")
    assert wrong.exit_code == 2
    assert "'Nope'" in wrong.output and "Components" in wrong.output


def _book_pages(game: str, lang: str = "") -> tuple[list, list[str]]:
    from printkit.registry import plugin_for
    from printkit.render.units import PAPERS
    from printkit.rulebook.build import render_rulebook

    plugin = plugin_for(game)
    pack = plugin.load(CONTENT / game)
    data = render_rulebook(plugin, pack, PAPERS["a4"], Theme(), lang)["rulebook.pdf"]
    reader = PdfReader(BytesIO(data))
    return reader.pages, pdf_pages(data)


def test_sandcastles_set_up_numbers_the_hands_piles_and_reference_cards():
    pack = load_sandcastles(CONTENT / "sandcastles")
    _, pages = _book_pages("sandcastles")
    values = {"hand_size": pack.hand_size, "piles": pack.piles}
    texts = [t.format(**values) for t in pack.words.each("callout.setup").values()]
    index = page_with(pages, *texts)
    assert words(pack.words.say("picture.setup", players=4)) in pages[index]


def test_yard_sale_set_up_shows_the_shoppers_on_display_and_one_sellers_place():
    """The picture draws the middle of the table and the first colour's place, named: the
    shoppers on display at a third of their size print their cash on hand but leave out
    their names rather than print them as specks, and the seller's items theirs, even one
    short enough to fit (a row names all its cards or none); the turn track prints its
    round numbers."""
    from printkit.games.yard_sale.content import load as load_yard_sale

    pack = load_yard_sale(CONTENT / "yard-sale")
    raw, pages = _book_pages("yard-sale")
    index = page_with(pages, pack.words.say("picture.setup"))
    runs = drawn_text(raw[index])
    drawn = [text for text, *_ in runs]
    assert pack.player_colours[0].name in drawn  # the seller's caption, a run of its own
    for shopper in pack.shoppers[: pack.display_shoppers]:
        assert f"${shopper.cash}" in drawn
        assert shopper.name not in " ".join(drawn)
    assert not {item.name for item in pack.items} & set(drawn)  # all wordless, none named
    assert {str(n) for n in range(2, pack.rounds + 1)} <= set(drawn)  # 1 lies under the marker
    assert smallest_word(raw[index]) >= 6.0 - 0.1


def test_yard_sale_set_up_numbers_the_track_shoppers_decks_bank_and_a_sellers_pieces():
    from printkit.games.yard_sale.content import load as load_yard_sale

    pack = load_yard_sale(CONTENT / "yard-sale")
    _, pages = _book_pages("yard-sale")
    numbers = {
        "opening": pack.clock(1),
        "display": pack.display_shoppers,
        "items": pack.item_hand,
        "pitches": pack.pitch_hand,
        "tokens": pack.component("seller-tokens").count,
    }
    texts = list(pack.words.each("callout.setup").values())
    assert len(texts) == 7
    index = page_with(pages, *(t.format_map(numbers) for t in texts))
    assert words(f"{pack.display_shoppers} face up in a row") in pages[index]


def test_thats_not_lemonade_set_up_seats_four_characters_round_the_whole_deck():
    """Four different character tiles round the deck, which at four players keeps every
    card: the copies of each card, summed. The seats share one scale, too small for a
    tile's words, which they leave out rather than print specks; the near seat's tile is
    drawn again beside the table, named as a close-up, at the size its words read, with the
    card a round's winner takes tucked under it."""
    from printkit.games.thats_not_lemonade.content import load as load_tnl
    from printkit.games.thats_not_lemonade.rules import trophy_for

    pack = load_tnl(CONTENT / "thats-not-lemonade")
    raw, pages = _book_pages("thats-not-lemonade")
    whole_deck = sum(card.copies for card in pack.cards) - pack.removed(4)
    texts = [
        t.format(cards=whole_deck, players=4) for t in pack.words.each("callout.setup").values()
    ]
    index = page_with(pages, *texts, pack.words.say("picture.setup", players=4))
    drawn = " ".join(text for text, *_ in drawn_text(raw[index]))
    near, *others = pack.characters[:4]
    assert near.name in drawn and near.motto in drawn
    assert pack.words.say("picture.setup_close") in drawn
    won = next(c for c in pack.cards if c.id == trophy_for(pack, ()))
    assert " ".join(won.text.split()) in " ".join(drawn.split())  # tucked under the close-up
    for character in others:
        assert character.name not in drawn
    assert smallest_word(raw[index]) >= 6.0 - 0.1


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lemonade_stand_set_up_numbers_stands_hand_bank_and_decks(lang):
    """The callouts and the description print in the book's own language, on one page
    that prints no word under 6 pt."""
    from printkit.games.lemonade_stand.content import load as load_stand

    pack = load_stand(CONTENT / "lemonade-stand")
    raw, pages = _book_pages("lemonade-stand", lang)
    keys = ("stands", "hand", "bank", "dollars", "weather")
    texts = [pack.label(f"callout_setup_{key}")(lang) for key in keys]
    index = page_with(pages, *texts, pack.label("picture_setup")(lang))
    assert words(str(pack.max_players)) in pack.label("picture_setup")(lang)
    assert smallest_word(raw[index]) >= 6.0 - 0.1  # the cards' words are left out


def test_yard_sale_buying_picture_lays_the_items_out_in_buying_order():
    """The Kid with Allowance loves toys (+1): the Tin Robot with Show How It Works (+2)
    rates 3 but costs $12 of the kid's $8; the Wooden Train Set, a second toy on offer
    (+1 by its own rule), rates 2 at $5; the Jar of Marbles rates 1 at $1. So the row
    reads +3, +2, +1 left to right, and under it: too dear at $12, bought at $5, bought at
    $1. Every word the picture's page prints is 6 pt or more."""
    from printkit.games.yard_sale.content import load as load_yard_sale

    pack = load_yard_sale(CONTENT / "yard-sale")
    raw, pages = _book_pages("yard-sale")
    caption = pack.words.say("picture.buying", shopper="Kid with Allowance")
    index = page_with(pages, caption)
    runs = drawn_text(raw[index])
    badges = [
        text
        for text, *_ in sorted(
            (r for r in runs if r[0] in ("+3", "+2", "+1") and abs(r[1] - 10) < 0.1),
            key=lambda r: r[2],
        )
    ]
    assert badges == ["+3", "+2", "+1"]
    sold = [("too-dear", "$12"), ("bought", "$5"), ("bought", "$1")]
    words = [
        pack.words.say("picture.item_result", outcome=pack.words.say(f"outcome.{o}"), price=p)
        for o, p in sold
    ]
    under = [r for r in runs if r[0] in words and abs(r[1] - 7.5) < 0.1]
    assert [text for text, *_ in sorted(under, key=lambda r: r[2])] == words
    assert smallest_word(raw[index]) >= 6.0 - 0.1


def test_yard_sale_whole_round_picture_shows_the_table_after_the_last_turn():
    """Round 4 of the whole-round example: the Busy Parent ($24) buys the marbles ($1), the
    yo-yo ($2) and the train set ($5), so $16 is left; Price Tag Mix-up adds $4 to the
    $3 Claw Hammer, which the Handyman buys at $7; Toy Craze lies on the table. The picture
    says so under each card, and its page prints no word under 6 pt."""
    from printkit.games.yard_sale.content import load as load_yard_sale

    pack = load_yard_sale(CONTENT / "yard-sale")
    raw, pages = _book_pages("yard-sale")
    index = page_with(pages, pack.words.say("picture.round", turns=11)[:40])
    shown = {text for text, *_ in drawn_text(raw[index])}
    bought = pack.words.say("outcome.bought")
    result = "picture.item_result"
    assert pack.words.say(result, outcome=bought, price="$7") in shown
    assert {"Busy Parent", "Claw Hammer", "Toy Craze"} <= shown
    assert pack.words.say("picture.round_left", left="$16") in shown
    assert pack.words.say("picture.round_table") in shown
    assert smallest_word(raw[index]) >= 6.0 - 0.1


def test_yard_sale_whole_round_picture_puts_each_shoppers_clock_on_its_section(monkeypatch):
    """As in the set-up picture, each shopper offered something has a clock marker, here on
    the time section the engine's run says it stands on (first section = full time left);
    those on their last shaded section are exactly the ones the example sends home."""
    from printkit.check.checker import read_example
    from printkit.games.yard_sale.content import load as load_yard_sale
    from printkit.games.yard_sale.kit import pictures
    from printkit.games.yard_sale.kit.cards import time_sections
    from printkit.games.yard_sale.rulebook import _whole_round
    from printkit.render.theme import Theme
    from printkit.render.units import MM, Box
    from printkit.rulebook.pictures import PictureSheet

    pack = load_yard_sale(CONTENT / "yard-sale")
    example = read_example(CONTENT / "yard-sale" / "examples" / "whole-round.yaml")
    view = _whole_round(pack, example.given)
    clocks: set[int] = set()
    token = pictures._token

    def spy(marks, label):
        shown = token(marks, label)
        if label == "clock":
            clocks.add(id(shown))
        return shown

    monkeypatch.setattr(pictures, "_token", spy)
    monkeypatch.setattr(pictures, "BoxedScene", lambda placed, *rest, **named: placed)
    placed = pictures.round_table(pack, Theme(), view, PictureSheet())
    at = [i for i, p in enumerate(placed) if id(p.shown) in clocks]
    assert len(at) == len(view["stalls"])
    card = (pack.kit.card.width * MM, pack.kit.card.height * MM)
    longest = max(s.time for s in pack.shoppers)
    on_last = set()
    for i, stall in zip(at, view["stalls"]):
        face, clock = placed[i - 1].footprint, placed[i].footprint
        shopper = pack.shopper(stall["card"])
        section = shopper.time - stall["rounds_left"]
        cell = time_sections(Box(0, 0, *card), longest)[section]
        scale = face.width / card[0]
        assert math.isclose(clock.cx, face.x + cell.cx * scale, abs_tol=0.01)
        assert math.isclose(clock.cy, face.y + cell.cy * scale, abs_tol=0.01)
        if section == shopper.time - 1:
            on_last.add(shopper.name)
    assert on_last and on_last == set(view["leaving"]) & {s["shopper"] for s in view["stalls"]}


def test_yard_sale_whole_round_picture_prints_each_cards_name_in_its_bar():
    """Every shopper, item and pitch the whole-round picture names under a card is named in
    the card's own bar too, at 6 pt or more (a name bar is never drawn blank): the caption
    prints at 7.5 pt, the bar a size of its own."""
    from printkit.games.yard_sale.content import load as load_yard_sale
    from printkit.rulebook.scenes import CAPTION_SIZE, LEAST_TEXT

    pack = load_yard_sale(CONTENT / "yard-sale")
    raw, pages = _book_pages("yard-sale")
    index = page_with(pages, pack.words.say("picture.round", turns=11)[:40])
    runs = drawn_text(raw[index])
    names = {s.name for s in pack.shoppers} | {i.name for i in pack.items}
    names |= {p.title for p in pack.pitches}
    captioned = {text for text, size, *_ in runs if text in names and size == CAPTION_SIZE}
    in_bars = {text for text, size, *_ in runs if text in names and LEAST_TEXT - 0.01 <= size < 7}
    assert len(captioned) >= 8  # four shoppers and their items, a pitch on the table
    assert captioned <= in_bars
    assert "Sweet Talk" in in_bars  # tucked under the marbles: its title band shows


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lemonade_stand_day_picture_shows_each_coin_turned_to_what_it_buys(lang):
    """Ann plays a quarter for cups and a dime and a nickel for customers; at 5¢ a unit
    those buy 5 cups, 2 customers and 1 customer. So her coins' captions read +5 cups,
    +2 customers, +1 customer, the two customer coins lie upside down (their values print
    turned half round), and the page prints no word under 6 pt."""
    from printkit.games.lemonade_stand.content import load as load_stand

    pack = load_stand(CONTENT / "lemonade-stand")
    raw, pages = _book_pages("lemonade-stand", lang)
    index = page_with(pages, pack.label("picture_day")(lang)[:40])
    runs = drawn_text(raw[index])
    cups, customers = pack.end("cups"), pack.end("customers")
    expected = ["+" + cups.counted(5, lang), "+" + customers.counted(2, lang)]
    expected.append("+" + customers.counted(1, lang))
    drawn = [text for text, *_ in runs]
    assert all(e in drawn for e in expected)
    captions = [r for r in runs if r[0] in expected]
    top = max(r[3] for r in captions)  # Ann's row is the first
    ann = sorted((r for r in captions if abs(r[3] - top) < 0.5), key=lambda r: r[2])
    assert [r[0] for r in ann] == expected  # left to right
    assert smallest_word(raw[index]) >= 6.0 - 0.1


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lemonade_stand_whole_day_prints_its_picture_table_and_prose_on_one_page(lang):
    """The day's picture, the table it explains and the prose after it share one page; the
    players the picture names (labels.yaml, read once) head the table's columns, and the
    prose says whose stand is whose in the same words."""
    from printkit.games.lemonade_stand.content import load as load_stand

    pack = load_stand(CONTENT / "lemonade-stand")
    _, pages = _book_pages("lemonade-stand", lang)
    index = page_with(pages, pack.label("picture_day")(lang)[:40])
    page = pages[index]
    for name in pack.label("day_players")(lang).split("|"):
        assert page.count(words(name)) >= 2  # its row in the picture, its column in the table
    assert words(pack.label("day_players_whose")(lang).split("|")[0]) in page
    assert words({"en": "runs to Mom.", "ru": "бежит к маме."}[lang]) in page  # the prose's end


def test_lemonade_stand_day_picture_turns_customer_coins_upside_down():
    """The dime Ann plays for customers is drawn turned half round: its value's text runs
    right to left on the page (a 180° turn), while the quarter bought for cups reads upright."""
    from printkit.games.lemonade_stand.content import load as load_stand

    pack = load_stand(CONTENT / "lemonade-stand")
    raw, pages = _book_pages("lemonade-stand", "en")
    index = page_with(pages, pack.label("picture_day")("en")[:40])
    turned = {}

    def visit(text, cm, tm, font, size):
        if text.strip() in ("25¢", "10¢"):
            turned.setdefault(text.strip(), tm[0] * cm[0] + tm[1] * cm[2] < 0)

    raw[index].extract_text(visitor_text=visit)
    assert turned == {"25¢": False, "10¢": True}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lemonade_stand_set_up_fans_the_near_hand_face_up(lang):
    """The suggested start is 25¢ as one dime and three nickels, plus one dollar card: the
    near hand shows three 5¢ faces, one 10¢ face and a $1 card, each value readable, in
    sight of the set-up steps: on their page, or on the page facing it (steps on a left,
    even page, the picture after them on the right)."""
    from printkit.games.lemonade_stand.content import load as load_stand

    pack = load_stand(CONTENT / "lemonade-stand")
    raw, pages = _book_pages("lemonade-stand", lang)
    index = page_with(pages, pack.label("picture_setup")(lang).split("{")[0])
    runs = [r for r in drawn_text(raw[index]) if r[1] >= 6.0 - 0.1]
    row = next(y for text, _, _, y in runs if text == "5¢")  # the coin values of one row
    hand = sorted((x, text) for text, _, x, y in runs if abs(y - row) < 0.5)
    assert sorted(text for _, text in hand) == sorted(["10¢", "5¢", "5¢", "5¢"])
    assert "$1" in [text for text, *_ in runs]
    heading = words({"en": "Setting up", "ru": "Подготовка к игре"}[lang])
    steps = max(n for n, page in enumerate(pages[: index + 1]) if heading in page)
    assert index == steps or (index == steps + 1 and (steps + 1) % 2 == 0)


def test_the_whole_board_reads_as_a_board_its_small_words_greeked():
    """The board shown whole prints a grey bar for each word too small to read (so its
    panels still look written on); the close-ups, at reading size, keep their words."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.games.lemonade_stall.rulebook import rulebook
    from printkit.render.units import Box
    from printkit.rulebook.scenes import GREEKED

    grey = " ".join(f"{v:.3f}".rstrip("0").rstrip(".") for v in GREEKED.rgb()) + " rg"
    blocks = rulebook(load(STALL), Theme()).blocks

    def bars(key: str) -> int:
        block, c = blocks[key], Canvas(None)
        block.draw(c, Box(0, 0, block.width, block.height))
        return " ".join(c._code).count(grey)

    assert bars("board:callouts") > 100
    assert bars("board:top-left") == bars("board:top-right") == 0


def test_the_components_pictures_show_every_printed_piece():
    """Each component the kit prints (all but the dice a player brings) is drawn in the
    components pictures under its name: a piece the rules use, such as the lap token, is
    never missing from them."""
    from printkit.games.lemonade_stall.kit import pictures
    from printkit.rulebook.pictures import PictureSheet

    pack = load(CONTENT / "lemonade-stall")
    kit = pictures.Kit(pack, Theme())
    drawn = [pictures.components_large, pictures.components_cards, pictures.components_tokens]
    captions = " ".join(c.text for draw in drawn for c in draw(pack, kit, PictureSheet()).captions)
    shown = [c.name for c in pack.components if c.printable and c.kind != "sheet"]
    assert "Lap tokens" in shown
    assert [name for name in shown if name not in captions] == []
