"""Small counts in words in card and rulebook prose: "twice", "two of one good"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit.content.numbers import SMALL, in_words, times
from printkit.games.lemonade_stall.content import load
from tests.conftest import STALL, edit, load_error, pack_copy

STRANGE = "Roll for the weather change {weather_checks:times} today"


@given(st.integers(1, 9))
def test_a_count_up_to_nine_is_a_word(number):
    assert in_words(number).isalpha()
    assert SMALL.index(in_words(number)) == number - 1


@given(st.integers(10, 10_000))
def test_ten_and_more_stay_digits(number):
    assert in_words(number) == str(number)
    assert times(number) == f"{number} times"


def test_how_often_reads_as_an_editor_writes_it():
    assert [times(n) for n in (1, 2, 3, 7)] == ["once", "twice", "three times", "seven times"]


@pytest.mark.parametrize("flag", [True, 2.0, "2"])
def test_only_a_whole_number_is_spelled(flag):
    with pytest.raises(ValueError, match="whole number"):
        in_words(flag)


def _card(pack, card_id: str):
    return next(c for c in (*pack.events, *pack.benefits) if c.id == card_id)


def test_card_prose_spells_its_counts_and_keeps_money_in_digits():
    pack = load(STALL)
    assert "weather change twice today" in _card(pack, "strange-weather").text
    assert "takes two of one good" in _card(pack, "discover").text
    assert _card(pack, "petty-theft").text.startswith("Take up to three goods and $1 ")
    assert "take 10 of one good" in _card(pack, "bargain-purchase").text  # ten and more: digits


def test_a_card_count_follows_its_effect(tmp_path):
    folder = pack_copy(STALL, tmp_path)
    edit(folder / "events.yaml", "effect: {weather_checks: 2}", "effect: {weather_checks: 3}")
    assert "weather change three times today" in _card(load(folder), "strange-weather").text


def test_an_unknown_way_of_printing_a_count_is_a_clear_error(tmp_path):
    folder = pack_copy(STALL, tmp_path)
    error = load_error(load, folder, "events.yaml", STRANGE, STRANGE.replace(":times}", ":thrice}"))
    assert "{weather_checks:thrice}" in error.problem and "events.yaml" in str(error.location)
    assert "times" in error.hint
