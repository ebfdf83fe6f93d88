"""Lemonade Stand: content, engine, properties, examples, glyphs and the bilingual kit."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.check.checker import PackCache, check_pack
from printkit.cli import cli
from printkit.errors import ContentError, RuleError
from printkit.games.lemonade_stand.content import load
from printkit.games.lemonade_stand.game import (
    Bot,
    Player,
    Table,
    dollar_deck,
    give_back,
    play_game,
    take_dollar,
)
from printkit.games.lemonade_stand.model import CUPS, CUSTOMERS
from printkit.games.lemonade_stand.rules import (
    CoinPlay,
    Coins,
    DollarCopy,
    DollarPlay,
    Stall,
    coins_of,
    collect,
    pay,
    resolve_dollars,
    run_to_mom,
    sales,
    todays_weather,
    winners,
    within_limit,
    worth,
)
from printkit.games.lemonade_stand.text import LANGUAGES, Text, plural
from printkit.registry import plugin_for
from tests.conftest import CONTENT, build_kit, edit, line_of, load_error, pack_copy, pdf_words

STAND = CONTENT / "lemonade-stand"


@pytest.fixture(scope="module")
def pack():
    return load(STAND)


@pytest.fixture
def stand_copy(tmp_path: Path) -> Path:
    return pack_copy(STAND, tmp_path)


# -- content ---------------------------------------------------------------------------
def test_the_plugin_prints_russian_and_english():
    plugin = plugin_for("lemonade-stand")
    assert plugin.languages == ("ru", "en")
    assert plugin.kit is not None


def test_pack_holds_the_source_facts(pack):
    assert (pack.min_players, pack.max_players, pack.max_players_two_decks) == (2, 4, 8)
    assert pack.days == 7
    assert [c.value for c in pack.coins] == [5, 10, 25]
    assert (pack.start_coins, pack.start_dollars, pack.hand_limit) == (25, 1, 4)
    assert (pack.min_coin_cards, pack.max_coin_cards) == (1, 3)
    assert pack.mom_coin == "nickel" and pack.exchange_value == 100
    assert pack.component("weather-cards").second_deck == 0  # no extra weather cards


def test_dollar_cards_have_distinct_strengths_and_text_from_their_effect(pack):
    strengths = [c.strength for c in pack.dollars]
    assert len(set(strengths)) == len(strengths)
    flyers = pack.dollar("flyers")
    assert flyers.text.en.startswith(f"{flyers.effect.customers} extra customers")
    assert "2 покупателя" in flyers.text.ru
    assert "1 покупатель" in pack.dollar("chalk-sign").text.ru
    assert pack.buys("quarter", CUPS) == Text(en="+5 cups", ru="+5 стаканов")


def test_every_printed_string_exists_in_both_languages(pack):
    texts = [pack.title_text, pack.tagline]
    texts += [c.name for c in pack.coins] + [e.name for e in pack.ends]
    texts += [s.name for s in pack.stands] + [c.name for c in pack.colours]
    texts += [k.name for k in pack.weather] + [t for _, t in pack.labels]
    texts += [c.title for c in pack.dollars] + [c.text for c in pack.dollars]
    texts += [t for _, _, t in pack.coin_buys] + [c.name for c in pack.components]
    for text in texts:
        assert text.en.strip() and text.ru.strip()
        assert any("а" <= ch <= "я" or ch == "ё" for ch in text.ru.lower()) or text.ru[0] in "+$"


def test_gaps_cover_the_designed_cards_and_rulings(pack):
    fields = {(Path(g.file).name, g.field) for g in pack.gaps}
    for expected in [
        ("dollars.yaml", "cards"),
        ("stands.yaml", "stands"),
        ("weather.yaml", "cards"),
        ("weather.yaml", "kinds"),
        ("game.yaml", "rulings.dollar_deck_empty"),
        ("game.yaml", "rulings.decks"),
        ("game.yaml", "unit_price"),
    ]:
        assert expected in fields
    assert all(g.reason and g.line for g in pack.gaps)


def test_gaps_command_lists_the_game(pack):
    result = CliRunner().invoke(cli, ["gaps", "lemonade-stand", "--content", str(CONTENT)])
    assert result.exit_code == 0, result.output
    assert "Lemonade Stand (lemonade-stand): 23 provisional value(s)" in result.output
    assert "dollars.yaml" in result.output and "why:" in result.output


def _broken(copy: Path, file: str, old: str, new: str) -> ContentError:
    return load_error(load, copy, file, old, new)


def test_a_dollar_card_prints_the_exchange_value_game_yaml_sets(stand_copy):
    """100¢ makes a $1 card; a designer who sets 50¢ gets $0.50 on the face, in both languages."""
    assert load(stand_copy).label("dollar_face")("en") == "$1"
    edit(stand_copy / "game.yaml", "exchange_value: 100", "exchange_value: 50")
    face = load(stand_copy).label("dollar_face")
    assert (face("en"), face("ru")) == ("$0.50", "$0.50")


def test_a_card_missing_its_russian_text_names_file_and_line(stand_copy):
    old = "title: {en: Street Party, ru: Праздник на улице}"
    error = _broken(stand_copy, "dollars.yaml", old, "title: {en: Street Party}")
    assert error.location.file == stand_copy / "dollars.yaml"
    assert error.location.line == line_of(stand_copy / "dollars.yaml", "Street Party")
    assert "Russian" in error.problem and "title" in error.location.field


@pytest.mark.parametrize(
    ("file", "old", "new", "says"),
    [
        ("labels.yaml", "  or: {en: or, ru: или}\n", "", "missing the label 'or'"),
        ("labels.yaml", "price: {en: Price, ru: Цена}", "prise: {en: Price, ru: Цена}", "prise"),
        (
            "dollars.yaml",
            "Every other stand loses {rivals_cups|cup|cups}.",
            "Every other stand loses {rival_cups|cup|cups}.",
            "rival_cups",
        ),
        (
            "dollars.yaml",
            "теряет {rivals_cups|стакан|стакана|стаканов}",
            "теряет {rivals_cups|стакан|стаканов}",
            "Russian needs 3",
        ),
        ("stands.yaml", "price: 15, customers: 2", "price: 17, customers: 2", "multiple of 5"),
        ("game.yaml", "value: {dime: 1, nickel: 3}", "value: {dime: 1, nickel: 2}", "20¢"),
        ("components.yaml", "first_deck: 48", "first_deck: 47", "card lists make 48"),
        (
            "weather.yaml",
            "top: heat, bottom: sun, arrow: up",
            "top: haet, bottom: sun, arrow: up",
            "did you mean 'heat'",
        ),
        ("coins.yaml", "value: 16\n", "value: 15\n", "run dry"),
        ("dollars.yaml", "strength: 12", "strength: 11", "already taken"),
        ("game.yaml", "value: shared", "value: split", "expected one of"),
    ],
)
def test_broken_content_names_file_line_and_problem(stand_copy, file, old, new, says):
    error = _broken(stand_copy, file, old, new)
    message = error.format_message()
    assert says in message
    assert str(error.location.file).endswith(file)
    assert error.location.line is not None


# -- text ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "word"),
    [
        (1, "стакан"),
        (2, "стакана"),
        (4, "стакана"),
        (5, "стаканов"),
        (11, "стаканов"),
        (12, "стаканов"),
        (21, "стакан"),
        (22, "стакана"),
        (0, "стаканов"),
    ],
)
def test_russian_plurals(n, word):
    assert plural(n, ("стакан", "стакана", "стаканов"), "ru") == word


def test_english_plurals():
    assert [plural(n, ("cup", "cups"), "en") for n in (0, 1, 2)] == ["cups", "cup", "cups"]


# -- engine ----------------------------------------------------------------------------
def test_sales_take_the_smaller_of_demand_and_price():
    assert sales(4, 6, 20, 15).takings == 60
    assert sales(6, 5, 15, 25) == sales(5, 5, 15, 15)
    assert sales(0, 9, 25, 25).takings == 0


def test_paying_spends_the_cards_themselves(pack):
    hand = coins_of(pack, {"quarter": 1, "nickel": 2})
    left, bought = pay(pack, hand, [CoinPlay("quarter", CUPS), CoinPlay("nickel", CUSTOMERS)])
    assert (bought.cups, bought.customers, bought.spent) == (5, 1, 30)
    assert left == coins_of(pack, {"nickel": 1})
    with pytest.raises(RuleError, match="no more dime"):
        pay(pack, hand, [CoinPlay("dime", CUPS)])
    with pytest.raises(RuleError, match="1 to 3"):
        pay(pack, hand, [])


def test_collecting_exchanges_only_when_the_coins_cannot_fit(pack):
    full = coins_of(pack, {"quarter": 4, "dime": 4, "nickel": 4})
    assert collect(pack, full, 0).exchanged == 0
    assert collect(pack, full, 5).exchanged == 1
    assert collect(pack, coins_of(pack, {}), 400).exchanged == 3  # 400 = 3 dollars + 100¢


def test_mom_helps_only_a_player_without_coins(pack):
    assert run_to_mom(pack, coins_of(pack, {}))[1] is True
    assert run_to_mom(pack, coins_of(pack, {"nickel": 1}))[1] is False


def test_the_arrow_picks_the_half(pack):
    assert todays_weather(pack, "w08", "w01") == "heat"  # w01 points up
    assert todays_weather(pack, "w08", "w02") == "clouds"  # w02 points down


def test_shield_returns_only_what_weaker_cards_took(pack):
    stalls = [Stall(5, 3, 20, 10), Stall(4, 4, 20, 25)]
    plays = [
        DollarPlay(1, DollarCopy("mom-on-watch")),
        DollarPlay(0, DollarCopy("ants")),
        DollarPlay(0, DollarCopy("lawn-mower")),
    ]
    final, steps = resolve_dollars(pack, stalls, plays)
    assert [s.play.copy.card for s in steps] == ["ants", "lawn-mower", "mom-on-watch"]
    assert steps[1].stalls[1] == Stall(3, 3, 20, 25)
    assert final[1] == Stall(4, 4, 20, 25)


def test_a_rival_card_never_takes_below_zero(pack):
    final, _ = resolve_dollars(
        pack, [Stall(0, 0, 15, 15), Stall(2, 2, 15, 15)], [DollarPlay(1, DollarCopy("ants"))]
    )
    assert final[0].cups == 0


def test_run_out_returns_a_played_card_first(pack):
    player = Player(Coins((0, 0, 0)), (DollarCopy("ants"),), (DollarCopy("rush-hour"),))
    after, card = give_back(pack, player)
    assert card == DollarCopy("rush-hour") and after.hand == (DollarCopy("ants"),)


def test_an_empty_dollar_deck_is_rebuilt_from_every_holder(pack):
    from printkit.dice import SeededDice

    players = (
        Player(Coins((0, 0, 0)), (DollarCopy("ants"),)),
        Player(Coins((0, 0, 0))),
        Player(Coins((0, 0, 0)), (), (DollarCopy("flyers"), DollarCopy("copycat"))),
    )
    table = Table(players, (), ("w01",), "w02")
    after = take_dollar(pack, table, 1, SeededDice(1))
    assert after.returns == 1
    assert after.players[0].dollar_cards == 0
    assert after.players[1].dollar_cards == 1  # took one of the two returned cards
    assert after.players[2].played == (DollarCopy("copycat"),)
    assert len(after.dollar_deck) == 1


def test_equal_money_shares_the_win():
    assert winners([360, 320, 360]) == (1, 3)


# -- properties ------------------------------------------------------------------------
def hands(pack):
    limit = pack.hand_limit
    return st.tuples(*[st.integers(0, limit)] * len(pack.coins)).map(Coins)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_collecting_keeps_the_hand_limit_and_the_money(pack, data):
    hand = data.draw(hands(pack))
    amount = data.draw(st.integers(0, 200)) * pack.unit_price
    result = collect(pack, hand, amount)
    assert within_limit(pack, result.coins)
    assert worth(pack, result.coins) + result.exchanged * pack.exchange_value == (
        worth(pack, hand) + amount
    )
    # no exchange the limit did not force
    assert result.exchanged == 0 or (
        worth(pack, result.coins) + pack.exchange_value > pack.hand_capacity
    )


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_paying_keeps_the_hand_limit_and_the_money(pack, data):
    hand = data.draw(hands(pack))
    held = [c.id for c, n in zip(pack.coins, hand.counts) for _ in range(n)]
    if not held:
        return
    chosen = data.draw(
        st.lists(st.sampled_from(range(len(held))), min_size=1, max_size=3, unique=True)
    )
    plays = [CoinPlay(held[i], data.draw(st.sampled_from([CUPS, CUSTOMERS]))) for i in chosen]
    left, bought = pay(pack, hand, plays)
    assert within_limit(pack, left)
    assert worth(pack, left) == worth(pack, hand) - bought.spent
    assert (bought.cups + bought.customers) * pack.unit_price == bought.spent


@given(
    customers=st.integers(0, 50),
    cups=st.integers(0, 50),
    demand=st.integers(0, 60),
    price=st.integers(0, 60),
)
def test_the_sales_formula(customers, cups, demand, price):
    sale = sales(customers, cups, demand, price)
    assert sale.served == min(customers, cups)
    assert sale.takings == min(customers, cups) * min(demand, price)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 8))
def test_whole_games_keep_every_invariant(pack, seed, players):
    result = play_game(pack, [Bot(seed + i) for i in range(players)], seed)
    decks = pack.decks_for(players)
    table = result.table
    for player in table.players:
        assert within_limit(pack, player.coins)
        assert player.coins.cards >= 1  # Mom saw to that
    for index, _ in enumerate(pack.coins):
        held = sum(p.coins.counts[index] for p in table.players)
        assert held <= pack.coin_copies * decks  # the printed piles never run dry
    held_dollars = sum(p.dollar_cards for p in table.players)
    assert held_dollars + len(table.dollar_deck) == len(pack.dollars) * decks
    # money: start + takings + Mom - spending - returned dollars = the end
    start = players * (pack.start_coins + pack.start_dollars * pack.exchange_value)
    takings = sum(s.takings for day in result.days for s in day.sales)
    spent = sum(p.spent for day in result.days for p in day.purchases)
    mom = sum(day.mom.count(True) for day in result.days) * pack.coin(pack.mom_coin).value
    exchanged = sum(sum(day.exchanged) for day in result.days)
    returned = players * pack.start_dollars + exchanged - held_dollars
    assert sum(result.totals) == start + takings + mom - spent - returned * pack.exchange_value
    assert result.winners


# -- examples --------------------------------------------------------------------------
def test_every_example_passes():
    results = check_pack(PackCache(CONTENT), STAND)
    assert len(results) >= 12
    assert all(r.passed for r in results), [r.example for r in results if not r.passed]
    rules = {r.rule for r in results}
    assert {"sales", "change", "day"} <= rules


# -- glyphs and the kit ----------------------------------------------------------------
def _drawn_strings(monkeypatch, pack, lang: str) -> list[tuple[str, str]]:
    """Every string the kit's parts and guide draw in ``lang``, with its font."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.build.parts import render_fold, render_guide, render_part
    from printkit.games.lemonade_stand.kit import kit
    from printkit.kit import KitOptions
    from printkit.render.units import PAPERS

    seen: list[tuple[str, str]] = []
    for method in ("drawString", "drawCentredString", "drawRightString"):
        original = getattr(Canvas, method)

        def record(self, x, y, text, *args, _original=original, **kwargs):
            seen.append((self._fontname, text))
            return _original(self, x, y, text, *args, **kwargs)

        monkeypatch.setattr(Canvas, method, record)
    options = KitOptions(PAPERS["a4"], lang=lang)
    the_kit = kit(pack, options)
    for part in the_kit.parts:
        render_part(part, the_kit, options)
        if part.fold:
            render_fold(part, the_kit, options)
    render_guide(the_kit, options, [f"fold-{p.id}.pdf" for p in the_kit.parts])
    return seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_printed_glyph_is_in_the_embedded_font(monkeypatch, pack, lang):
    from reportlab.pdfbase import pdfmetrics

    drawn = _drawn_strings(monkeypatch, pack, lang)
    assert len(drawn) > 100
    missing = set()
    for font, text in drawn:
        glyphs = pdfmetrics.getFont(font).face.charToGlyph
        missing |= {(font, ch) for ch in text if not ch.isspace() and ord(ch) not in glyphs}
    assert not missing
    printed = " ".join(text for _, text in drawn).replace("\xa0", " ")
    if lang == "ru":
        assert "Муравьи в сахаре" in printed and "Ants" not in printed
    else:
        assert "Ants in the Sugar" in printed and "Муравьи" not in printed


def test_every_content_string_has_its_glyphs(pack):
    from reportlab.pdfbase import pdfmetrics

    from printkit.render.fonts import BODY, BOLD, CONDENSED, register_fonts

    register_fonts()
    strings = [t(lang) for _, t in pack.labels for lang in LANGUAGES]
    strings += [c.text(lang) for c in pack.dollars for lang in LANGUAGES]
    strings += [c.title(lang) for c in pack.dollars for lang in LANGUAGES]
    for font in (BODY, BOLD, CONDENSED):
        glyphs = pdfmetrics.getFont(font).face.charToGlyph
        assert not {ch for s in strings for ch in s if not ch.isspace() and ord(ch) not in glyphs}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_kit("lemonade-stand", tmp_path_factory.mktemp("out"))


def _text(path: Path) -> str:
    """A PDF's text, spaces collapsed, typographic apostrophes made plain."""
    return _words(pdf_words(path))


def _words(text: str) -> str:
    """Printed text as plain words: non-breaking spaces and curly apostrophes made plain."""
    return " ".join(text.split()).replace("’", "'")


@pytest.mark.slow
def test_the_kit_builds_in_both_languages(built, pack):
    assert {p.name for p in built.iterdir()} == {"a4-ru", "a4-en"}
    for lang in LANGUAGES:
        folder = built / f"a4-{lang}"
        dollars = _text(folder / "02-coin-cards.pdf")  # coins, dollars and weather share sheets
        for card in pack.dollars:
            assert _words(card.title(lang)) in dollars
        stands = _text(folder / "01-stand-cards.pdf")
        assert all(_words(s.name(lang)) in stands for s in pack.stands)
        assert _words(pack.title_text(lang)) in _text(folder / "00-printing-guide.pdf")
    ru = _text(built / "a4-ru" / "02-coin-cards.pdf")
    assert "сбылось" in ru and "Жара" in ru and "came true" not in ru
    assert "Second deck" in _text(built / "a4-en" / "00-printing-guide.pdf")


def test_card_counts_follow_the_content(built, pack):
    folder = built / "a4-en"
    cards = pack.coin_copies * len(pack.coins) + len(pack.dollars) + len(pack.weather_cards)
    shared = PdfReader(folder / "02-coin-cards.pdf").pages  # the three decks run on, 9 a sheet
    assert len(shared) == 2 * -(-cards // 9)  # fronts and backs
    alone = sum(
        -(-n // 9)
        for n in (
            cards - len(pack.dollars) - len(pack.weather_cards),
            len(pack.dollars),
            len(pack.weather_cards),
        )
    )
    assert len(shared) < 2 * alone  # sharing saves card stock


# -- rulebooks ------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rulebook_source_has_every_glyph(pack, lang):
    from reportlab.pdfbase import pdfmetrics

    from printkit.render.fonts import BODY, BOLD, ITALIC, register_fonts
    from printkit.render.theme import Theme
    from printkit.rulebook.build import rulebook_context, rulebook_markdown

    plugin = plugin_for("lemonade-stand")
    context = rulebook_context(plugin, pack, Theme(), lang)
    assert context.language == lang
    source = rulebook_markdown(plugin, pack, context)
    register_fonts()
    for font in (BODY, BOLD, ITALIC):
        glyphs = pdfmetrics.getFont(font).face.charToGlyph
        assert not {ch for ch in source if not ch.isspace() and ord(ch) not in glyphs}


def test_the_rulebooks_print_the_engines_numbers_in_their_language(built, pack):
    ru = _text(built / "a4-ru" / "rulebook.pdf")
    en = _text(built / "a4-en" / "rulebook.pdf")
    for card in pack.dollars:
        assert card.title.ru in ru and card.title.en in en
    assert "Ants in the Sugar" not in ru and "Муравьи" not in en
    assert "Выручка: 4 × 15¢ = 60¢" in ru and "Takings: 4 × 15¢ = 60¢" in en
    assert "Приложение: пояснения к правилам" in ru
    assert f"{len(pack.gaps)}." in ru  # every ruling has its Russian note
    assert "rulebook.pdf" in _text(built / "a4-ru" / "00-printing-guide.pdf")


RU_SHORT_WORDS = frozenset(
    [
        "в",
        "во",
        "и",
        "а",
        "у",
        "к",
        "о",
        "с",
        "за",
        "из",
        "на",
        "по",
        "от",
        "до",
        "не",
        "ни",
        "но",
        "об",
        "без",
        "для",
        "при",
        "под",
        "над",
        "про",
        "или",
    ]
)


@cache  # the built kit is only read: each file's lines are taken from it once
def _lines(path: Path) -> list[str]:
    return [
        line.strip()
        for page in PdfReader(path).pages
        for line in (page.extract_text() or "").splitlines()
        if line.strip()
    ]


def _set_lines(path: Path) -> list[tuple[str, float, float, float]]:
    """Each printed line as a reader finds it: its text, left and right edges, and the right
    edge it would have without its last word (points)."""
    import pypdfium2 as pdfium

    found = []
    for page in pdfium.PdfDocument(path):
        text = page.get_textpage()
        chars = [
            (text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())
        ]
        line: list[tuple[str, tuple]] = []
        for char, box in [*chars, ("\n", None)]:
            if char not in "\r\n":
                line.append((char, box))
                continue
            if line:
                words = "".join(c for c, _ in line).strip()
                inked = [b for c, b in line if not c.isspace()]
                last_space = max((k for k, (c, _) in enumerate(line) if c.isspace()), default=0)
                before = [b for c, b in line[:last_space] if not c.isspace()]
                right_before = max((b[2] for b in before), default=inked[0][0])
                found.append((words, inked[0][0], max(b[2] for b in inked), right_before))
            line = []
    return found


@pytest.mark.parametrize("sheet", ["rulebook.pdf", "02-coin-cards.pdf", "03-reference-cards.pdf"])
def test_no_russian_line_ends_with_a_short_word_or_opens_with_a_dash(built, sheet):
    """As a Russian editor checks a proof: no preposition left hanging, no line opened by a
    dash. A short word ends a line only where keeping it with the next word would have left
    that line far (more than 15 %) short of the widest line set from the same left edge."""
    lines = _lines(built / "a4-ru" / sheet)
    assert len(lines) > 20
    set_lines = _set_lines(built / "a4-ru" / sheet)
    hanging = [  # a one-word line is a label in a card picture, not a wrapped sentence
        (words, left, before)
        for words, left, _, before in set_lines
        if " " in words and words.split()[-1].lower() in RU_SHORT_WORDS
    ]
    unwarranted = []
    for words, left, before in hanging:
        measure = max(r for _, x, r, _ in set_lines if abs(x - left) < 1) - left
        if before - left > 0.85 * measure:
            unwarranted.append(words)
    assert not unwarranted
    if sheet != "rulebook.pdf":  # a card's narrow column keeps every short word with the next
        assert not hanging
    assert not [line for line in lines if line.startswith(("— ", "– "))]  # "—" alone: a cell


def test_the_russian_rulebook_hyphenates_long_words(built):
    """Wrapped Russian text breaks long words at their syllables, as pyphen's dictionary allows."""
    lines = _lines(built / "a4-ru" / "rulebook.pdf")
    broken = [line for line in lines if line.endswith("-") and line[-2].isalpha()]
    assert broken
    assert all(line[-2].lower() in "абвгдеёжзийклмнопрстуфхцчшщъыьэюя" for line in broken)


@pytest.mark.parametrize("players", [2, 6])
def test_a_seed_replays_the_same_game(pack, players):
    """Same seed, same bots: the same game, day by day (a game from a seed can be shown again)."""
    first = play_game(pack, [Bot(7 + i) for i in range(players)], 7)
    again = play_game(pack, [Bot(7 + i) for i in range(players)], 7)
    assert first == again
    others = {play_game(pack, [Bot(s + i) for i in range(players)], s).days for s in range(8)}
    assert len(others) > 1  # and the seed is what decides it


def test_beyond_the_one_deck_player_count_every_dollar_card_comes_twice_marked_by_deck(pack):
    one = dollar_deck(pack, pack.max_players)
    assert [(c.card, c.deck) for c in one] == [(card.id, 1) for card in pack.dollars]
    two = dollar_deck(pack, pack.max_players + 1)
    assert sorted((c.card, c.deck) for c in two) == sorted(
        (card.id, deck) for card in pack.dollars for deck in (1, 2)
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_components_gallery_is_laid_out_at_the_text_width(pack, lang):
    """Drawn at the width the book prints it, not wider and shrunk: no piece's words come
    out smaller than the gallery chose (and so none is dropped as unreadable)."""
    from printkit.games.lemonade_stand.rulebook import rulebook
    from printkit.render.theme import Theme
    from printkit.rulebook.styles import MAX_MEASURE

    gallery = rulebook(pack, Theme(), lang).blocks["components:kit"]
    assert gallery.scenes
    assert {(scene.width, scene.scale) for scene in gallery.scenes} == {(MAX_MEASURE, 1.0)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_dollar_card_shows_the_icon_of_the_goods_it_counts(pack, lang):
    """A card that gives or takes cups or customers names them in a form the icons know
    (a Russian case the forms lack would print the number without its picture)."""
    from printkit.games.lemonade_stand.kit.faces import with_icons

    for card in pack.dollars:
        text = with_icons(pack, card.text(lang), lang)
        effect = card.effect
        for good, counts in (
            ("cups", ("cups", "rivals_cups")),
            ("customers", ("customers", "rivals_customers")),
        ):
            if any(getattr(effect, name) for name in counts):
                assert f":{good}:" in text, (card.id, text)
