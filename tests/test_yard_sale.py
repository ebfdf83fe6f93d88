"""Yard Sale: content, the buying engine's invariants, worked examples, broken input, the kit."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.check.checker import PackCache, check_pack
from printkit.cli import cli
from printkit.dice import ScriptedDice, SeededDice, shuffle
from printkit.errors import ContentError, RuleError
from printkit.games.yard_sale.content import load
from printkit.games.yard_sale.examples import RULES
from printkit.games.yard_sale.rules import (
    BOUGHT,
    DONE,
    FULL,
    TOO_DEAR,
    UNWANTED,
    Offer,
    Stall,
    Visit,
    check_pitch,
    draw,
    end_round,
    first_round_player,
    next_first_player,
    refill,
    shop,
    turn_order,
    winners,
)
from tests.conftest import (
    CONTENT,
    build_kit,
    check_edited_example,
    edit,
    line_of,
    load_error,
    pack_copy,
    page_text,
    pdf_words,
)

YARD = CONTENT / "yard-sale"
PACK = load(YARD)


# -- content -----------------------------------------------------------------------------------
def test_pack_holds_the_source_numbers():
    assert PACK.rounds == 16 and PACK.minutes_per_round == 15
    assert (PACK.clock(1), PACK.closing_time) == ("8:00", "12:00")
    assert (PACK.item_hand, PACK.pitch_hand, PACK.sell_out_bonus) == (5, 5, 2)
    assert PACK.display_shoppers == 5
    assert (PACK.favourite_opinion, PACK.dislike_opinion) == (1, -1)
    assert [d.value for d in PACK.cash] == [1, 5, 10, 20]


def test_every_subject_reference_resolves():
    subjects = set(PACK.subject_ids)
    for shopper in PACK.shoppers:
        assert {shopper.favourite, shopper.dislike} <= subjects
        assert shopper.favourite != shopper.dislike
    for item in PACK.items:
        assert item.subject in subjects
        assert item.rule.subject in subjects | {None}
    assert {p.subject for p in PACK.pitches if p.target == "subject"} == subjects


def test_card_text_prints_the_rule_numbers():
    robot = PACK.item("tin-robot")
    assert f"+{robot.rule.opinion} opinion" in robot.text and f"${robot.rule.cash}" in robot.text
    assert "Kitchen" in PACK.item("church-cookbook").text
    assert "$2 off" in PACK.pitch("markdown").text


def test_the_undecided_is_marked_provisional():
    fields = {(Path(g.file).name, g.field) for g in PACK.gaps}
    for wanted in [
        ("items.yaml", "items"),
        ("shoppers.yaml", "shoppers"),
        ("pitches.yaml", "pitches"),
        ("cash.yaml", "denominations"),
        ("game.yaml", "rules_of_play.first_round"),
        ("game.yaml", "tie_breaks"),
    ]:
        assert wanted in fields
    assert all(g.reason and g.line for g in PACK.gaps)


def test_gaps_command_lists_yard_sale():
    result = CliRunner().invoke(cli, ["gaps", "--content", str(CONTENT), "yard-sale"])
    assert result.exit_code == 0, result.output
    assert "Yard Sale (yard-sale)" in result.output
    assert "yard-sale/items.yaml" in result.output


# -- worked examples -----------------------------------------------------------------------------
def test_every_example_passes():
    results = check_pack(PackCache(CONTENT), YARD)
    assert results and all(r.passed for r in results), [r for r in results if not r.passed]


def test_examples_cover_every_rule_and_outcome():
    results = check_pack(PackCache(CONTENT), YARD)
    # golden playthroughs live in tests/golden, outside the pack (tests/test_golden.py)
    assert {r.rule for r in results} == set(RULES) - {"playthrough"}
    outcomes = Counter(
        o for r in results if r.rule == "shop" for o in r.actual["outcomes"].values()
    )
    assert set(outcomes) == {BOUGHT, TOO_DEAR, FULL, UNWANTED, DONE}
    names = {r.example for r in results}
    for tie in ("tie-favourite-wins", "tie-cheaper-wins", "tie-both-favoured", "tie-both-bought"):
        assert tie in names


# -- the buying engine: properties ---------------------------------------------------------------
ITEM_PITCHES = [p for p in PACK.pitches if p.on_item]
TABLE_PITCHES = [p for p in PACK.pitches if not p.on_item]


@st.composite
def visits(draw_):
    shopper = draw_(st.sampled_from(PACK.shoppers))
    cash = draw_(st.integers(0, 60))
    left = draw_(st.integers(1, shopper.time))
    return Visit(shopper, cash, left)


@st.composite
def offer_rows(draw_):
    items = draw_(st.lists(st.sampled_from(PACK.items), max_size=8, unique_by=lambda i: i.id))
    return tuple(
        Offer(
            item,
            draw_(st.integers(1, PACK.max_players)),
            tuple(draw_(st.lists(st.sampled_from(ITEM_PITCHES), max_size=2))),
        )
        for item in items
    )


table_pitches = st.lists(st.sampled_from(TABLE_PITCHES), max_size=3).map(tuple)
rounds = st.integers(1, PACK.rounds)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(visits(), offer_rows(), table_pitches, rounds)
def test_a_shopper_never_overspends_overbuys_or_buys_the_unloved(visit, offers, pitches, round_):
    purchase = shop(PACK, visit, offers, pitches, round_)
    bought = purchase.bought
    assert purchase.spent <= visit.cash and purchase.cash_left >= 0
    assert len(bought) <= visit.shopper.max_purchases
    assert all(a.opinion > 0 for a in bought)
    assert all(a.price >= PACK.lowest_price for a in purchase.appraisals)
    assert len({a.item for a in bought}) == len(bought)
    assert {a.item for a in bought} <= {o.item.id for o in offers}


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(visits(), offer_rows(), table_pitches, rounds)
def test_money_moves_from_shopper_to_sellers_and_nowhere_else(visit, offers, pitches, round_):
    purchase = shop(PACK, visit, offers, pitches, round_)
    income = purchase.income(PACK.max_players)
    assert sum(income) == purchase.spent == visit.cash - purchase.cash_left
    for seat, amount in enumerate(income, start=1):
        assert amount == sum(a.price for a in purchase.bought if a.seller == seat)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(visits(), offer_rows(), table_pitches, rounds)
def test_buying_is_greedy_in_opinion_order(visit, offers, pitches, round_):
    purchase = shop(PACK, visit, offers, pitches, round_)
    opinions = [a.opinion for a in purchase.appraisals]
    assert opinions == sorted(opinions, reverse=True)
    full = len(purchase.bought) == visit.shopper.max_purchases
    stopped = DONE in purchase.outcomes
    for appraisal, outcome in zip(purchase.appraisals, purchase.outcomes):
        if outcome == TOO_DEAR:  # skipped only because it did not fit the cash left then
            assert appraisal.price > purchase.cash_left
        if appraisal.opinion > 0 and outcome != BOUGHT:
            assert full or stopped or appraisal.price > purchase.cash_left


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(visits(), offer_rows()), min_size=1, max_size=5), table_pitches)
def test_a_round_conserves_money_across_every_shopper(stalls, pitches):
    seen: set[str] = set()
    unique = []
    for visit, offers in stalls:  # an item card lies under one shopper only
        row = tuple(o for o in offers if o.item.id not in seen)
        seen |= {o.item.id for o in row}
        unique.append(Stall(visit, row))
    subject_pitches = tuple(p for p in pitches if p.target == "subject")
    result = end_round(PACK, PACK.max_players, unique, subject_pitches)
    spent = sum(s.visit.cash - v.cash for s, v in zip(unique, result.visits))
    assert sum(result.income) == spent
    assert all(v.cash >= 0 for v in result.visits)


def test_a_misplaced_pitch_is_refused():
    item = PACK.item("yo-yo")
    with pytest.raises(RuleError, match="beside the shopper"):
        shop(
            PACK,
            Visit(PACK.shopper("teenager"), 10, 1),
            [Offer(item, 1, (PACK.pitch("free-lemonade"),))],
        )
    with pytest.raises(RuleError, match="your own item"):
        check_pitch(PACK.pitch("sweet-talk"), 2, Offer(item, 1))
    with pytest.raises(RuleError, match="a rival's item"):
        check_pitch(PACK.pitch("it-wobbles"), 1, Offer(item, 1))


# -- turn order, refills, decks ------------------------------------------------------------------
@given(
    st.integers(2, 5).flatmap(
        lambda n: st.tuples(
            st.just(n), st.integers(1, n), st.lists(st.integers(0, 50), min_size=n, max_size=n)
        )
    )
)
def test_the_biggest_taker_starts_and_everyone_plays_once(case):
    players, first, income = case
    starter = next_first_player(players, first, income)
    assert income[starter - 1] == max(income)
    order = turn_order(players, starter)
    assert sorted(order) == list(range(1, players + 1)) and order[0] == starter
    if len(set(income)) == 1:
        assert starter == first


@given(st.lists(st.integers(0, 3), min_size=2, max_size=5), st.integers(0, 10_000))
def test_round_one_goes_to_a_deepest_pocket(pocket, seed):
    chosen = first_round_player(pocket, SeededDice(seed))
    assert pocket[chosen.first - 1] == max(pocket)


def test_first_round_ties_need_dice():
    with pytest.raises(RuleError, match="roll #1"):
        first_round_player([500, 500], ScriptedDice([]))


@given(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9))
def test_refill_reaches_the_hand_size(left, sold, held):
    result = refill(PACK, left, sold, held)
    assert left + result.items >= PACK.item_hand
    assert result.bonus == (sold > 0 and left == 0)
    if result.bonus:
        assert left + result.items == PACK.item_hand + PACK.sell_out_bonus
    assert held + result.pitches == max(held, PACK.pitch_hand)


@given(
    st.lists(st.sampled_from([i.id for i in PACK.items]), max_size=12),
    st.lists(st.sampled_from([i.id for i in PACK.items]), max_size=12),
    st.integers(0, 30),
    st.integers(0, 1000),
)
def test_drawing_neither_loses_nor_makes_cards(deck, discard, count, seed):
    result = draw(deck, discard, count, SeededDice(seed))
    before = Counter(deck) + Counter(discard)
    after = Counter(result.cards) + Counter(result.deck) + Counter(result.discard)
    assert before == after
    assert len(result.cards) == min(count, len(deck) + len(discard))
    assert tuple(result.cards[: len(deck)]) == tuple(deck[:count])


def test_shuffle_is_a_permutation_driven_by_the_dice():
    cards = [s.id for s in PACK.shoppers]
    assert sorted(shuffle(cards, SeededDice(3))) == sorted(cards)
    assert shuffle(cards, SeededDice(3)) == shuffle(cards, SeededDice(3))


def test_ties_at_the_top_share_the_win():
    assert winners([40, 55, 55]) == (2, 3)


# -- broken content and examples -------------------------------------------------------------------
@pytest.fixture
def yard_copy(tmp_path: Path) -> Path:
    return pack_copy(YARD, tmp_path)


@pytest.mark.parametrize(
    ("file", "old", "new", "says"),
    [
        (
            "shoppers.yaml",
            "favourite: books, dislike: toys",
            "favourite: bokks, dislike: toys",
            "did you mean 'books'",
        ),
        (
            "shoppers.yaml",
            "cash: 8, favourite: books, dislike: kitchen",
            "cash: 8, favourite: kitchen, dislike: kitchen",
            "both loves and dislikes",
        ),
        (
            "shoppers.yaml",
            "max_purchases: 1, time: 3}",
            "max_purchase: 1, time: 3}",
            "did you mean 'max_purchases'",
        ),
        (
            "items.yaml",
            "rule: {bargain: {opinion: 1}}",
            "rule: {bargin: {opinion: 1}}",
            "did you mean 'bargain'",
        ),
        (
            "items.yaml",
            "rule: {fans: {subject: kitchen, opinion: 1}}",
            "rule: {fans: {subject: kitchn, opinion: 1}}",
            "did you mean 'kitchen'",
        ),
        (
            "items.yaml",
            'text: "+{opinion} opinion with a shopper who has ${cash} or more."',
            'text: "+{opinion} opinion with a shopper who has $25 or more."',
            "does not print {cash}",
        ),
        ("items.yaml", "price: 12", "price: twelve", "whole number"),
        ("pitches.yaml", "target: own-item", "target: own-itme", "did you mean 'own-item'"),
        (
            "pitches.yaml",
            "{id: toy-craze, title: Toy Craze, target: subject, subject: toys,",
            "{id: toy-craze, title: Toy Craze, target: subject,",
            "must name it",
        ),
        ("components.yaml", "count: 40, kind: card", "count: 41, kind: card", "there are 40 items"),
        (
            "game.yaml",
            "display_shoppers: 5",
            "display_shopers: 5",
            "did you mean 'display_shoppers'",
        ),
        ("cash.yaml", "{value: 5, count: 20", "{value: 1, count: 20", "rise and not repeat"),
    ],
)
def test_broken_content_names_file_line_and_fix(yard_copy, file, old, new, says):
    line = line_of(yard_copy / file, old)
    error = load_error(load, yard_copy, file, old, new)
    assert says in error.format_message()
    assert Path(error.location.file).name == file
    assert error.location.line is not None
    assert abs(error.location.line - line) <= 2, (error.location.line, line)


def _check(folder: Path):
    return CliRunner().invoke(cli, ["check", str(folder), "--content", str(folder.parent)])


def test_an_example_naming_an_unknown_item_is_refused(yard_copy):
    example = yard_copy / "examples" / "solo-item.yaml"
    line = line_of(example, "rocking-horse, seller: 2")
    edit(example, "{item: rocking-horse,", "{item: rocking-hose,")
    result = _check(yard_copy)
    assert result.exit_code == 2
    assert f"solo-item.yaml:{line}" in result.output
    assert "did you mean 'rocking-horse'" in result.output


def test_an_example_with_a_misplaced_pitch_is_refused(yard_copy):
    example = yard_copy / "examples" / "solo-item.yaml"
    edit(example, "pitches: [show-how-it-works]", "pitches: [free-lemonade]")
    result = _check(yard_copy)
    assert result.exit_code == 2
    assert "solo-item.yaml" in result.output and "beside the shopper" in result.output


def test_a_wrong_expectation_fails_with_exit_1(yard_copy):
    edit(yard_copy / "examples" / "solo-item.yaml", "cash_left: 15", "cash_left: 14")
    result = _check(yard_copy)
    assert result.exit_code == 1
    assert "expected 14, engine says 15" in result.output


# -- the kit ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def kit_folder(tmp_path_factory) -> Path:
    return build_kit("yard-sale", tmp_path_factory.mktemp("out")) / "a4"


@pytest.mark.slow
def test_every_shopping_time_section_holds_a_clock_marker(kit_folder):
    """Each shopper card draws as many sections as the longest stay, and a clock marker
    lies inside any of them (the space the rules put it on)."""
    from printkit.render.preflight import read_record

    def placed(name: str):
        return [p for page in PdfReader(kit_folder / name).pages for p in read_record(page).pieces]

    spaces = [
        s
        for page in PdfReader(kit_folder / "01-item-cards.pdf").pages
        for s in read_record(page).spaces
        if s.holds == "clock"
    ]
    longest = max(s.time for s in PACK.shoppers)
    shopper_ids = {s.id for s in PACK.shoppers}
    fronts = [
        p for p in placed("01-item-cards.pdf") if p.side == "front" and p.label in shopper_ids
    ]
    assert len(spaces) == longest * len(fronts) == longest * len(PACK.shoppers)
    clock = next(p for p in placed("06-tokens.pdf") if p.token == "clock")
    size = sorted((clock.box[2] - clock.box[0], clock.box[3] - clock.box[1]))
    for space in spaces:
        room = sorted((space.box[2] - space.box[0], space.box[3] - space.box[1]))
        assert room[0] >= size[0] and room[1] >= size[1], (space.label, room, size)


@pytest.mark.slow
def test_the_token_circles_are_the_punch_the_guide_names(kit_folder):
    """A 3/8 in punch cuts 9.5 mm: the guide names it and the printed circle's size."""
    guide = pdf_words(kit_folder / "00-printing-guide.pdf")
    assert "punch the 9.5 mm circles with a 3/8 in punch" in " ".join(guide.split())


@pytest.mark.slow
def test_item_cards_print_every_name_and_price(kit_folder):
    text = pdf_words(kit_folder / "01-item-cards.pdf")
    for item in PACK.items:
        assert item.name in text
        assert f"${item.price}" in text
    assert text.count("ITEM") >= len(PACK.items)


@pytest.mark.slow
def test_shoppers_pitches_and_cash_print_their_data(kit_folder):
    shoppers = pdf_words(kit_folder / "01-item-cards.pdf")
    for shopper in PACK.shoppers:
        assert shopper.name in shoppers and f"${shopper.cash}" in shoppers
    pitches = pdf_words(kit_folder / "02-pitch-cards.pdf")
    for pitch in PACK.pitches:
        assert pitch.title.replace("'", "") in pitches.replace("'", "").replace("’", "")
    cash = pdf_words(kit_folder / "03-cash-cards.pdf")
    for note in PACK.cash:
        assert f"${note.value}" in cash
    track = pdf_words(kit_folder / "04-turn-track.pdf")
    assert PACK.clock(PACK.rounds) in track and str(PACK.rounds) in track


@pytest.mark.slow
def test_every_card_deck_has_backs_and_the_guide_lists_every_file(kit_folder):
    files = sorted(p.name for p in kit_folder.glob("0*.pdf"))
    guide = pdf_words(kit_folder / "00-printing-guide.pdf")
    for name in files[1:]:
        assert name in guide
    for deck in (
        "01-item-cards",
        "02-pitch-cards",
        "03-cash-cards",
        "05-reference-cards",
    ):
        text = pdf_words(kit_folder / f"{deck}.pdf")
        assert "back (print double-sided" in text
    pages = len(PdfReader(kit_folder / "01-item-cards.pdf").pages)
    cards = len(PACK.items) + len(PACK.shoppers)  # the shoppers run on after the items
    assert (
        pages == 2 * -(-cards // 9) < 2 * (-(-len(PACK.items) // 9) + -(-len(PACK.shoppers) // 9))
    )


# -- the rulebook ----------------------------------------------------------------------------------
def _rulebook(folder: Path = YARD) -> dict[str, bytes]:
    from printkit.registry import plugin_for
    from printkit.render.theme import Theme
    from printkit.render.units import PAPERS
    from printkit.rulebook.build import render_rulebook

    plugin = plugin_for("yard-sale")
    return render_rulebook(plugin, plugin.load(folder), PAPERS["a4"], Theme())


@pytest.fixture(scope="module")
def rulebook_text() -> str:
    from io import BytesIO

    pdf = _rulebook()["rulebook.pdf"]
    return " ".join(" ".join(page_text(p).split()) for p in PdfReader(BytesIO(pdf)).pages)


@pytest.mark.slow
def test_the_rulebook_prints_the_data(rulebook_text):
    for item in PACK.items:
        assert item.name in rulebook_text
    for shopper in PACK.shoppers:
        assert shopper.name in rulebook_text and f"${shopper.cash}" in rulebook_text
    assert f"{PACK.rounds} rounds of {PACK.minutes_per_round} minutes" in rulebook_text
    left_out = {gap.field for gap in PACK.gaps if not gap.appendix}  # only `printkit gaps` lists
    notes = {"players", "play_time_minutes", "subjects", "items", "shoppers", "pitches"}
    parts = {f"components[{c}]" for c in ("reference-cards", "round-marker", "clock-markers")}
    assert left_out == notes | parts  # design notes and pieces that explain themselves
    for gap in PACK.gaps:
        if not gap.appendix:
            assert gap.reason[:40] not in rulebook_text
    shown = len(PACK.gaps) - len(left_out)
    assert f"R{shown} ·" in rulebook_text and f"R{shown + 1} ·" not in rulebook_text


def test_the_rulebook_prints_the_engines_answers(rulebook_text):
    results = {r.example: r for r in check_pack(PackCache(CONTENT), YARD)}
    for name in ("highest-opinion-first", "next-that-fits", "markdown-income"):
        bought = [PACK.item(i).name for i in results[name].actual["bought"]]
        assert bought[0] in rulebook_text
        assert f"${results[name].actual['cash_left']} left on the card" in rulebook_text
    for result in results.values():
        if result.rule == "playthrough":
            continue  # a golden playthrough pins the engine; the rulebook does not print it
        title = read_title(result.file)
        assert title.replace("'", "’")[:30] in rulebook_text.replace("'", "’")


def read_title(path: str) -> str:
    from printkit.check.checker import read_example

    return read_example(Path(path)).title


def test_a_misspelt_template_variable_names_its_file_and_line(yard_copy):
    template = yard_copy / "rulebook" / "ending.md"
    line = line_of(template, "{{ game.closing }}")
    edit(template, "{{ game.closing }}", "{{ game.closng }}")
    with pytest.raises(ContentError) as info:
        _rulebook(yard_copy)
    assert Path(info.value.location.file).name == "ending.md"
    assert info.value.location.line == line


def test_every_symbol_the_content_may_name_is_drawn():
    from printkit.games.yard_sale.content import SHARED_SYMBOLS, SUBJECT_SYMBOLS
    from printkit.games.yard_sale.kit.art import ART
    from printkit.render.symbols import SYMBOLS

    assert set(SUBJECT_SYMBOLS) <= set(ART)
    assert set(SHARED_SYMBOLS) <= set(SYMBOLS)


# -- a whole round, turn by turn ----------------------------------------------------------------
WHOLE = "whole-round.yaml"
TURN_1 = "    - {seat: 2, offer: {item: wooden-train-set, to: busy-parent}}\n"


@pytest.mark.parametrize(
    "old, new, says",
    [
        (TURN_1, TURN_1.replace("seat: 2", "seat: 3"), "turn 1, seat 3: turn 1 is seat 2's"),
        (
            TURN_1,
            TURN_1.replace("wooden-train-set", "yo-yo"),
            "turn 1, seat 2: has no yo-yo item in front of them",
        ),
        (
            TURN_1,
            TURN_1.replace("busy-parent", "newlyweds"),
            "turn 1, seat 2: offers wooden-train-set to newlyweds, who is not on display",
        ),
        (
            "pitch: {card: sweet-talk, target: jar-of-marbles}",
            "pitch: {card: sweet-talk, target: yo-yo}",
            "turn 3, seat 1: Sweet Talk may only go on your own item",
        ),
        (
            "pitch: {card: is-that-a-stain, target: wooden-train-set}",
            "pitch: {card: is-that-a-stain, target: claw-hammer}",
            "turn 2, seat 3: plays Is That a Stain? on claw-hammer, which is not on offer",
        ),
        (
            "    - {seat: 3, pass: true}\nexpect",
            "    - {seat: 3, pass: true}\n    - {seat: 1, pass: true}\nexpect",
            "turn 12, seat 1: the round ended after turn 11",
        ),
        (
            "    - {seat: 3, pass: true}\nexpect",
            "expect",
            "turn 11, seat 3: the round goes on: only 2 player(s) passed",
        ),
        (
            "items: [rocking-horse, egg-cups,",
            "items: [yo-yo, egg-cups,",
            "the item yo-yo is at the table twice",
        ),
        (
            ", paint-brushes, crossword-books]",
            ", paint-brushes]",
            "seat 1's refill runs past the decks the example stacks",
        ),
    ],
)
def test_an_impossible_round_names_the_turn_and_seat(tmp_path, old, new, says):
    assert says in check_edited_example(YARD, tmp_path, WHOLE, old, new)


def test_unsold_items_go_back_and_a_seller_who_sold_out_draws_the_bonus():
    from printkit.games.yard_sale.play import Move, Pile, Seller, Table, play_round
    from printkit.games.yard_sale.rules import arrive

    parent = arrive(PACK.shopper("busy-parent"))  # loves toys, dislikes books
    table = Table(
        round=1,
        first=1,
        sellers=(
            Seller(("jar-of-marbles",), ("sweet-talk",) * 5),  # one toy: sold, and sold out
            Seller(("paperback-mystery",), ("it-wobbles",) * 5),
        ),
        display=(parent,),
        items=Pile(
            tuple(i.id for i in PACK.items if i.id not in ("jar-of-marbles", "paperback-mystery"))
        ),
    )
    moves = [
        Move(1, offer=("jar-of-marbles", "busy-parent")),
        Move(2, offer=("paperback-mystery", "busy-parent")),  # a book: disliked, never bought
        Move(1),
        Move(2),
    ]
    played = play_round(PACK, table, moves)
    ana, ben = played.after.sellers
    assert played.sold == (1, 0) and played.result.income == (1, 0)
    # Ana sold her only item: five items back plus two for selling out
    assert len(ana.items) == PACK.item_hand + PACK.sell_out_bonus
    # Ben's book comes back to him and he draws up to five
    assert ben.items[0] == "paperback-mystery" and len(ben.items) == PACK.item_hand
    assert played.after.first == 1 and played.after.round == 2


def test_a_round_records_what_lay_where_and_discards_what_sold_and_every_pitch_played():
    """Round 1, Ana first, the Busy Parent (loves toys, dislikes books) and the Tea Lover.

    Ana offers her Jar of Marbles ($1, a toy, +1 early) to the parent with Sweet Talk on it;
    Ben offers a Paperback Mystery ($1, a book, +1 as no rival item is cheaper) and lays Toy
    Craze on the table; Ana lays Sudden Shower (-1) beside the parent. Marbles: 1 + 1 + 1 + 1
    - 1 = 3, bought for $1. The paperback: -1 + 1 - 1 = -1, back to Ben. Nothing lies at the
    Tea Lover. With no dice nothing is shuffled: the marbles join the item discard pile on
    top of the yo-yo already there, the three pitches join the lowball on the pitch pile.
    Ana took the most and starts round 2 and refills first: she sold out, so 5 + 2 items and
    2 pitches (3 left of 5); then Ben: 4 items beside his paperback, 1 pitch.
    """
    from printkit.games.yard_sale.play import (
        Move,
        Pile,
        Refilled,
        Seller,
        Table,
        close_round,
        play_round,
        play_turns,
    )
    from printkit.games.yard_sale.rules import arrive

    parent, tea = arrive(PACK.shopper("busy-parent")), arrive(PACK.shopper("tea-lover"))
    ana_pitches = ("sweet-talk", "sudden-shower", "it-wobbles", "it-wobbles", "lowball")
    ben_pitches = ("toy-craze", "it-wobbles", "it-wobbles", "lowball", "markdown")
    in_play = {"jar-of-marbles", "paperback-mystery", "yo-yo"}
    deck = tuple(i.id for i in PACK.items if i.id not in in_play)
    table = Table(
        round=1,
        first=1,
        sellers=(
            Seller(("jar-of-marbles",), ana_pitches),
            Seller(("paperback-mystery",), ben_pitches),
        ),
        display=(parent, tea),
        items=Pile(deck, ("yo-yo",)),
        pitches=Pile(("markdown", "free-lemonade", "born-haggler", "markdown"), ("lowball",)),
    )
    moves = [
        Move(1, offer=("jar-of-marbles", "busy-parent"), pitch=("sweet-talk", "jar-of-marbles")),
        Move(2, offer=("paperback-mystery", "busy-parent"), pitch=("toy-craze", None)),
        Move(1, pitch=("sudden-shower", "busy-parent")),
        Move(2),
        Move(1),
    ]
    played = play_round(PACK, table, moves)
    marbles = Offer(PACK.item("jar-of-marbles"), 1, (PACK.pitch("sweet-talk"),))
    paperback = Offer(PACK.item("paperback-mystery"), 2)
    assert played.stalls == (
        Stall(parent, (marbles, paperback), (PACK.pitch("sudden-shower"),)),
        Stall(tea),
    )
    assert played.table_pitches == ("toy-craze",)
    assert played.sold == (1, 0) and played.result.income == (1, 0)
    after = played.after
    assert after.items.discard == ("yo-yo", "jar-of-marbles")
    assert after.items.deck == deck[11:]
    assert after.pitches.discard[0] == "lowball"
    assert sorted(after.pitches.discard[1:]) == ["sudden-shower", "sweet-talk", "toy-craze"]
    assert after.pitches.deck == ("markdown",)
    assert played.refills == (
        Refilled(1, deck[:7], ("markdown", "free-lemonade"), bonus=True),
        Refilled(2, deck[7:11], ("born-haggler",), bonus=False),
    )
    # the end of the round on its own records no turns; play_round adds them
    turns_played, laid, _ = play_turns(PACK, table, moves)
    closed = close_round(PACK, turns_played, laid)
    assert closed.moves == () and played.moves == tuple(moves)


def test_a_pitch_not_in_hand_cannot_be_played():
    from printkit.games.yard_sale.play import Laid, Move, Seller, Table, make_move

    table = Table(1, 1, (Seller(("yo-yo",), ("lowball",)),) * 2, ())
    with pytest.raises(RuleError, match=r"has no markdown pitch in hand \(holds lowball\)"):
        make_move(PACK, table, Laid(), Move(1, pitch=("markdown", "yo-yo")))


@settings(max_examples=8, deadline=None)
@given(st.integers(PACK.min_players, PACK.max_players), st.integers(0, 10_000))
def test_a_seeded_sale_conserves_cards_and_money(players, seed):
    """Whatever random legal sellers do, no card or dollar appears or vanishes."""
    from printkit.games.yard_sale.bots import play_seeded_sale

    sale = play_seeded_sale(PACK, players, seed)
    spent = sum(p.spent for r in sale.rounds for p in r.result.purchases)
    final = sale.final
    assert sum(s.cash for s in final.sellers) == spent
    items = [i for s in final.sellers for i in s.items] + [*final.items.deck, *final.items.discard]
    assert sorted(items) == sorted(i.id for i in PACK.items)
    shoppers = [v.shopper.id for v in final.display]
    shoppers += [*final.shoppers.deck, *final.shoppers.discard]
    assert sorted(shoppers) == sorted(s.id for s in PACK.shoppers)
    pitches = [p for s in final.sellers for p in s.pitches]
    pitches += [*final.pitches.deck, *final.pitches.discard]
    assert len(pitches) == PACK.pitch_deck_size
    assert len(sale.rounds) == PACK.rounds and final.round == PACK.rounds + 1
    for played in sale.rounds:  # every round ends with every seller passing in a row
        assert all(m.passes for m in played.moves[-players:])
