"""That's Not Lemonade: content, engine, examples, odds card, kit and simulation."""

from __future__ import annotations

import io
import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.build.builder import build_game
from printkit.build.parts import render_part
from printkit.check.checker import PackCache, check_pack
from printkit.content.typography import typeset_text
from printkit.dice import SeededDice, shuffle
from printkit.errors import ContentError, RuleError
from printkit.games.thats_not_lemonade.content import load
from printkit.games.thats_not_lemonade.game import play_game, play_round
from printkit.games.thats_not_lemonade.kit import kit
from printkit.games.thats_not_lemonade.kit.reference import odds_cells
from printkit.games.thats_not_lemonade.rules import (
    ALL_PASSED,
    ALL_REVEALED,
    END_CONDITIONS,
    ONE_LEFT,
    deal,
    ice,
    lemons,
    next_card_chance,
    next_dealer,
    odds_table,
    percent,
    round_deck,
    round_end,
    round_winner,
    take_turn,
    trophy_for,
    turn_order,
    whole_percent,
)
from printkit.games.thats_not_lemonade.simulation import explain_game, record_game
from printkit.games.thats_not_lemonade.strategies import STRATEGIES
from printkit.kit import KitOptions
from printkit.registry import plugin_for
from printkit.render.units import PAPERS
from tests.conftest import CONTENT, check_edited_example, edit, load_error, pack_copy, page_text

TNL = CONTENT / "thats-not-lemonade"
OUT = "thats-not-lemonade"


@pytest.fixture(scope="module")
def tnl():
    return load(TNL)


@pytest.fixture
def tnl_copy(tmp_path: Path) -> Path:
    return pack_copy(TNL, tmp_path)


class Script:
    """Hits on the turns listed as True, passes on the rest (then passes forever)."""

    def __init__(self, choices) -> None:
        self.choices = list(choices)

    def hit(self, view) -> bool:
        return self.choices.pop(0) if self.choices else False


# -- content -------------------------------------------------------------------------
def test_the_deck_shrinks_for_small_tables(tnl):
    assert [tnl.out_cards(p) for p in (2, 3, 4, 5, 6)] == [2, 3, 4, 4, 4]
    assert len(tnl.deck(6)) - len(tnl.deck(2)) == 2
    assert Counter(tnl.deck(3))["lemonade"] == Counter(tnl.deck(6))["lemonade"]


def test_source_silent_counts_are_recorded_as_gaps(tnl):
    fields = {g.field for g in tnl.gaps}
    for card in ("lemonade", "double-lemonade", "ice", "thats-not-lemonade"):
        assert f"cards[{card}].copies" in fields
    assert {"characters", "rules_of_play.empty_pile", "rules_of_play.pass_again"} <= fields


def test_gaps_command_lists_the_game():
    from click.testing import CliRunner

    from printkit.cli import cli

    result = CliRunner().invoke(cli, ["gaps", "--content", str(CONTENT), OUT])
    assert result.exit_code == 0, result.output
    assert "cards[thats-not-lemonade].copies" in result.output
    assert "cards.yaml:" in result.output


@pytest.mark.parametrize(
    ("file", "old", "new", "where", "says"),
    [
        (
            "cards.yaml",
            "    lemons: 2\n",
            "    lemons: 2\n    lemmons: 3\n",
            "cards.yaml:",
            "lemmons",
        ),
        ("game.yaml", "{players: 2, remove: 2}", "{players: 2, remove: 4}", "game.yaml:", "every"),
        ("game.yaml", "rounds_to_win: 3", "rounds_to_win: 9", "game.yaml:", "trophies"),
        (
            "game.yaml",
            "  value: [lemonade, double-lemonade]",
            "  value: [lemonade, ice]",
            "game.yaml:",
            "scores no lemons",
        ),  # fmt: skip
        ("cards.yaml", "    out: true\n", "    out: true\n    lemons: 1\n", "cards.yaml:", "out"),
        ("characters.yaml", "symbol: sun", "symbol: moon", "characters.yaml:", "moon"),
        (
            "game.yaml",
            "[lemons, ice, nearest-dealer-left]",
            "[ice, lemons]",
            "game.yaml:",
            "last tie-break",
        ),  # fmt: skip
    ],
)
def test_broken_content_names_file_and_line(tnl_copy, file, old, new, where, says):
    error = load_error(load, tnl_copy, file, old, new)
    message = error.format_message()
    assert where in message and error.location.line is not None
    assert says in message


# -- seats, deck, trophies -------------------------------------------------------------
def test_turns_start_at_the_dealers_left():
    assert turn_order(4, 2) == (3, 4, 1, 2)
    assert next_dealer(4, 4) == 1


def test_won_cards_leave_the_deck(tnl):
    deck = round_deck(tnl, 4, ["lemonade", "lemonade"])
    assert len(deck) == len(tnl.deck(4)) - 2
    assert Counter(deck)["lemonade"] == tnl.card("lemonade").copies - 2


def test_trophy_is_a_single_until_none_is_left(tnl):
    singles = tnl.card("lemonade").copies
    assert trophy_for(tnl, ["lemonade"] * (singles - 1)) == "lemonade"
    assert trophy_for(tnl, ["lemonade"] * singles) == "double-lemonade"
    with pytest.raises(RuleError):
        trophy_for(tnl, ["lemonade"] * singles + ["double-lemonade"] * 99)


# -- a round ----------------------------------------------------------------------------
def test_a_busted_player_never_wins_even_with_most_lemons(tnl):
    deck = ["ice", "double-lemonade", "lemonade", "thats-not-lemonade", "thats-not-lemonade"]
    result = play_round(tnl, 2, 2, deck, {1: Script([True, True]), 2: Script([True])})
    assert result.state.out == (1,)
    assert result.winner == 2 and result.ended_by == ONE_LEFT


def test_a_pass_covers_one_turn_only(tnl):
    state = deal(tnl, 3, 3, ["ice"] + ["lemonade"] * 10)
    state = take_turn(tnl, state, False)  # seat 1 passes
    state = take_turn(tnl, state, True)
    state = take_turn(tnl, state, True)
    state = take_turn(tnl, state, True)  # seat 1 hits after passing
    assert state.hand(1) == ("lemonade",)


def test_an_empty_pile_forces_a_pass(tnl):
    state = deal(tnl, 2, 2, ["thats-not-lemonade", "lemonade"])
    state = take_turn(tnl, state, True)
    assert state.pile == ()
    state = take_turn(tnl, state, True)  # seat 2 cannot hit
    state = take_turn(tnl, state, True)  # nor can seat 1: every cup is upside down
    assert state.ended_by == ALL_PASSED
    assert state.hand(2) == ()


def test_all_revealed_ends_the_round_at_once(tnl):
    deck = ["ice"] + ["thats-not-lemonade"] * 4 + ["lemonade"] * 3
    state = deal(tnl, 6, 6, deck)
    for _ in range(4):
        state = take_turn(tnl, state, True)
    assert state.ended_by == ALL_REVEALED and len(state.seats_in) == 2
    with pytest.raises(RuleError):
        take_turn(tnl, state, True)


def test_ties_go_to_ice_then_the_dealers_left(tnl):
    deck = ["ice", "lemonade", "lemonade", "lemonade", "ice"]
    result = play_round(
        tnl, 3, 3, deck, {1: Script([True, True]), 2: Script([True]), 3: Script([True])}
    )
    assert (result.winner, result.decided_by) == (1, "ice")
    tied = play_round(
        tnl, 3, 1, ["ice", "lemonade", "lemonade"], {s: Script([True]) for s in (1, 2, 3)}
    )
    assert (tied.winner, tied.decided_by) == (2, "nearest-dealer-left")


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(2, 6),
    dealer_index=st.integers(0, 5),
    seed=st.integers(0, 10_000),
    choices=st.lists(st.booleans(), min_size=1, max_size=60),
)
def test_round_properties(tnl, players, dealer_index, seed, choices):
    dealer = dealer_index % players + 1
    won = ["lemonade"] * (seed % 4)
    deck = shuffle(round_deck(tnl, players, won), SeededDice(seed))
    moves = iter(choices)
    state = deal(tnl, players, dealer, deck)
    while state.ended_by is None:
        state = take_turn(tnl, state, next(moves, False))
    # the deck is conserved: every card is in the pile, buried, in a hand or face up
    face_up = ["thats-not-lemonade"] * len(state.out)
    held = [c for hand in state.hands for c in hand]
    assert Counter(state.pile) + Counter(state.buried) + Counter(held) + Counter(face_up) == (
        Counter(deck)
    )
    assert state.ended_by in END_CONDITIONS and round_end(state) == state.ended_by
    winner, _ = round_winner(tnl, state)
    assert winner not in state.out
    order = state.seats_in  # exactly one winner: every other seat still in ranks below it

    def score(seat: int) -> tuple[int, int]:
        return lemons(tnl, state.hand(seat)), ice(tnl, state.hand(seat))

    for seat in order:
        if seat != winner:
            ahead = score(winner) > score(seat)
            assert ahead or score(winner) == score(seat) and order.index(winner) < order.index(seat)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_a_game_ends_at_three_wins_and_conserves_cards(tnl, players, seed):
    bots = {s: STRATEGIES["keep-pace"](tnl, s) for s in range(1, players + 1)}
    result = play_game(tnl, players, bots, SeededDice(seed), first_dealer=players)
    assert result.wins[result.winner - 1] == tnl.rounds_to_win
    assert sorted(result.wins)[-2] < tnl.rounds_to_win
    assert [r.state.dealer for r in result.rounds[:2]] == [players, 1][: len(result.rounds)]
    for index, r in enumerate(result.rounds):
        dealt = len(r.state.pile) + len(r.state.buried) + sum(map(len, r.state.hands))
        assert dealt + len(r.state.out) == len(tnl.deck(players)) - index


# -- odds ----------------------------------------------------------------------------------
def _brute_force(deck: tuple[str, ...], buried: int) -> dict[tuple[int, int], Fraction]:
    """P(next card is out | cards left, out cards unseen) over every order of ``deck``."""
    hits: Counter = Counter()
    seen: Counter = Counter()
    total_out = deck.count("x")
    for order in set(itertools.permutations(deck)):
        pile = order[buried:]
        for dealt in range(len(pile)):
            unseen_out = total_out - pile[:dealt].count("x")
            key = (len(pile) - dealt, unseen_out)
            seen[key] += 1
            hits[key] += pile[dealt] == "x"
    return {key: Fraction(hits[key], n) for key, n in seen.items()}


@pytest.mark.parametrize("deck", [("x", "x", "a", "a", "a", "b"), ("x", "a", "a", "b", "b")])
def test_odds_match_brute_force_enumeration(deck):
    for (left, unseen), chance in _brute_force(deck, 1).items():
        assert next_card_chance(left, unseen, 1) == chance


def test_odds_table_covers_the_largest_deck(tnl):
    table = odds_table(tnl)
    assert table.cards_left == tuple(range(1, len(tnl.deck(6))))
    assert table.hidden == (1, 2, 3, 4)
    assert table.chance(27, 4) == Fraction(4, 28)
    assert table.chance(1, 3) is None
    assert percent(Fraction(1, 8)) == "13%" and whole_percent(Fraction(2, 3)) == 67


# -- examples and simulation ------------------------------------------------------------------
def test_every_example_passes():
    results = check_pack(PackCache(CONTENT), TNL)
    assert len(results) >= 10
    assert [r.example for r in results if not r.passed] == []
    rules = {r.rule for r in results}
    assert {"round", "odds", "trophy", "deck", "game-end"} <= rules


def test_example_that_hits_past_its_stack_is_refused(tnl_copy):
    path = tnl_copy / "examples" / "end-one-left.yaml"
    edit(path, "lemonade, thats-not-lemonade]", "lemonade]")
    with pytest.raises(ContentError, match="past the stack"):
        check_pack(PackCache(tnl_copy.parent), tnl_copy)


def test_simulated_games_replay_from_their_seed(tnl):
    lineup = tuple(STRATEGIES)[:4]
    first = record_game(tnl, 4, 77, lineup)
    assert first == record_game(tnl, 4, 77, lineup)
    assert first.money[first.winner - 1] == tnl.rounds_to_win
    assert plugin_for(OUT).simulate is not None
    log = explain_game(tnl, 4, 77, lineup)
    assert log[-1].startswith("Result: seat")


# -- the kit ---------------------------------------------------------------------------------
def _pdf_text(path: Path) -> str:
    return "\n".join(page_text(page) for page in PdfReader(path).pages)


def _odds_rows(table) -> list[str]:
    """Each printed row as the PDF reads it: the pile count, then every cell."""
    rows = []
    for left in table.cards_left:
        cells = [table.chance(left, k) for k in table.hidden]
        shown = ["–" if c is None else str(whole_percent(c)) for c in cells]
        rows.append("\n".join([str(left), *shown]))
    return rows


@pytest.fixture(scope="module")
def built(tmp_path_factory, tnl):
    out = tmp_path_factory.mktemp("tnl-kit")
    report = build_game(plugin_for(OUT), tnl, out, KitOptions(PAPERS["a4"]))
    return report.folder


@pytest.mark.slow
def test_kit_prints_cards_tiles_and_the_engines_odds(built, tnl):
    cards = _pdf_text(built / "01-cards.pdf")
    for card in tnl.cards:
        assert typeset_text(card.title, "en") in cards and card.text.split()[0] in cards
    tiles = _pdf_text(built / "02-character-tiles.pdf")
    assert all(c.name.split()[0] in tiles for c in tnl.characters)
    odds = _pdf_text(built / "03-odds-cards.pdf")
    for row in _odds_rows(odds_table(tnl)):
        assert row in odds


@pytest.mark.slow
def test_each_tile_names_the_three_cup_signals_above_its_rules(built, tnl):
    """Hit, Pass and Out stand in a row above "Your turn" on every tile, in that order."""
    reader = PdfReader(str(built / "02-character-tiles.pdf"))
    signals = [tnl.words.say(f"tile.signal_{key}") for key in ("hit", "pass", "out")]
    turn = tnl.words.say("tile.turn").split("</b>")[0].removeprefix("<b>")
    row = "\n".join([*signals, turn])
    tiles = 0
    for page in reader.pages:
        lines = page.extract_text()
        tiles += lines.count(row)
        assert lines.count(row) == lines.count(turn)  # on every tile of the page
    assert tiles == len(tnl.characters)


def test_kit_parts_name_what_they_print(tnl):
    from printkit.build.builder import kit_for
    from printkit.registry import plugins

    parts = kit_for(plugins()[tnl.id], tnl, KitOptions(PAPERS["letter"])).parts
    assert [p.id for p in parts] == ["cards", "character-tiles", "odds-cards"]
    assert "cards[lemonade].title" in parts[0].reads  # what each part read, recorded
    assert not any(path.startswith("characters") for path in parts[0].reads)
    assert len(parts[0].pieces) == len(tnl.deck(tnl.max_players))
    assert all(piece.back is not None and piece.fields for piece in parts[0].pieces)


def test_a_deck_change_changes_the_odds_card(tnl_copy, tnl):
    card = "    out: true\n    copies:\n"
    edit(tnl_copy / "cards.yaml", card + "      value: 4", card + "      value: 5")
    changed = load(tnl_copy)
    before, after = odds_table(tnl), odds_table(changed)
    assert after.hidden == (1, 2, 3, 4, 5) and after.cards_left[-1] == 28
    assert odds_cells(before) != odds_cells(after)
    options = KitOptions(PAPERS["a4"])
    changed_kit = kit(changed, options)
    odds_part = next(p for p in changed_kit.parts if p.id == "odds-cards")
    pdf = PdfReader(io.BytesIO(render_part(odds_part, changed_kit, options)))
    text = "\n".join(page_text(page) for page in pdf.pages)
    assert "\n".join(["28", "3", "7", "10", "14", "17"]) in text  # 5 hidden among 29: 17%


# -- the rulebook ------------------------------------------------------------------------------
def _markdown(pack) -> str:
    from printkit.render.theme import Theme
    from printkit.rulebook.build import rulebook_context, rulebook_markdown

    plugin = plugin_for(OUT)
    return rulebook_markdown(plugin, pack, rulebook_context(plugin, pack, Theme()))


def test_rulebook_prints_the_engines_numbers(tnl):
    text = _markdown(tnl)
    for t in (3, 2):
        row = f"| {t} | {tnl.removed(t)} | {tnl.out_cards(t)} | {len(tnl.deck(t))} |"
        assert row in text
    # 4 to 6 players remove nothing: one row says so, not three rows alike
    assert f"| 4–6 | none | {tnl.out_cards(6)} | {len(tnl.deck(6))} |" in text
    assert "| 5 | none |" not in text
    assert "**Seat 3 wins the round** with the most lemons" in text  # end-all-revealed
    assert "The chance is 2/7: **29%**" in text
    text = text.replace("'", "’")
    assert "(see\u00a0R4)" in text and "R10 · That’s Not Lemonade cards in the deck: 4.**" in text
    assert "Our ruling" not in text  # a ruling is stated as a rule, as in every game
    # the odds chapter's first-card table: 4 to 6 players deal the same deck, one row
    first = f"| 4–6 | {len(tnl.deck(6))} | {tnl.out_cards(6)} | "
    assert first in text and f"| 5 | {len(tnl.deck(5))} |" not in text


def test_rulebook_refuses_an_example_the_engine_disagrees_with(tnl_copy):
    edit(tnl_copy / "examples" / "tie-broken-by-ice.yaml", "  winner: 2", "  winner: 1")
    with pytest.raises(ContentError, match="the rulebook prints this example"):
        _markdown(load(tnl_copy))


def test_kit_folder_holds_the_rulebook(built):
    text = _pdf_text(built / "rulebook.pdf")
    assert "Pushing your luck" in text and "Appendix" in text
    assert (built / "rulebook.html").stat().st_size > 0


def test_text_too_long_for_a_tile_fails_the_build(tnl_copy):
    from printkit.errors import RenderError

    edit(tnl_copy / "characters.yaml", "Squeezes every last drop out of a round.", "Squeezes " * 40)
    pack = load(tnl_copy)
    options = KitOptions(PAPERS["a4"])
    tiles_part = kit(pack, options).parts[1]
    with pytest.raises(RenderError, match="tile 'rosa' motto"):
        render_part(tiles_part, kit(pack, options), options)


# -- a whole game from stacked decks ----------------------------------------------------------
WHOLE_GAME = "whole-game.yaml"
ROUND_3_SEAT_1 = "        - [hit, pass, pass]\n        - [hit, hit, pass]\n        - [hit, pass]\n"


def _check_game_file(path: Path):
    from click.testing import CliRunner

    from printkit.cli import cli

    return CliRunner().invoke(cli, ["check", str(path)])


@pytest.mark.parametrize(
    "old, new, says",
    [
        (  # seat 1 runs out of choices in round 3
            ROUND_3_SEAT_1,
            "        - [hit, pass]\n        - [hit, hit, pass]\n        - [hit, pass]\n",
            "round 3: seat 1 has a turn #3 but no choice for it",
        ),
        (  # round 4's stack stops one card short of seat 1's second hit
            "[ice, double-lemonade, lemonade, lemonade, lemonade, thats-not-lemonade]",
            "[ice, double-lemonade, lemonade, lemonade, lemonade]",
            "round 4: seat 1 hits on turn #2 past the stack",
        ),
        (  # seat 2 keeps a choice for a turn round 4 never gives it
            "        - [hit, pass, pass]\n        - [hit, hit, pass]\nexpect",
            "        - [hit, pass, pass, hit]\n        - [hit, hit, pass]\nexpect",
            "round 4: seat 2 lists 4 choices but has 3 turns",
        ),
        (  # a fifth round after seat 2's third win
            "expect:",
            "    - deck: [ice]\n      decisions: [[pass], [pass], [pass]]\nexpect:",
            "round 5 is never played: seat 2 had won 3 rounds after round 4",
        ),
        (  # a game that stops before anyone has three wins
            "    - deck: [ice, double-lemonade",
            "    - deck: [ice, double-lemonade, lemonade, lemonade, lemonade, thats-not-lemonade]\n"
            "      decisions: [[hit, hit], [pass, pass], [hit, hit, pass]]\n"
            "    - deck: [ice, double-lemonade",
            "round 4: seat 2 has a turn #3 but no choice for it",
        ),
    ],
)
def test_an_impossible_whole_game_names_the_round_and_seat(tmp_path, old, new, says):
    assert says in check_edited_example(TNL, tmp_path, WHOLE_GAME, old, new)


def test_a_game_listing_too_few_rounds_asks_for_the_next(tnl_copy):
    path = tnl_copy / "examples" / WHOLE_GAME
    text = path.read_text(encoding="utf-8")
    start, end = text.index("    - deck: [ice, double-lemonade"), text.index("expect:")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    result = _check_game_file(path)
    assert result.exit_code == 2
    assert "round 4: no seat has won 3 rounds after the 3 listed" in result.output


def test_a_whole_game_plays_the_rounds_the_simulator_would(tnl):
    """Stacking each round's deck as a shuffle would deal it gives the simulated game."""
    from printkit.games.thats_not_lemonade.game import play_rounds

    bots = {seat: STRATEGIES["pass-above-20%"](tnl, seat) for seat in range(1, 5)}
    simulated = play_game(tnl, 4, bots, SeededDice(7))
    dice = SeededDice(7)
    replayed = play_rounds(tnl, 4, lambda n, dealer, cards: (shuffle(cards, dice), bots))
    assert replayed == simulated
    assert replayed.wins[replayed.winner - 1] == tnl.rounds_to_win
