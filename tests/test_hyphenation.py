"""Lazily read hyphenation dictionaries break every word where pyphen's own reading does."""

from __future__ import annotations

from functools import cache

import pyphen
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.render.hyphenation import keep_dictionary, lazy_dictionary, pattern_values

LANGUAGES = ["en_US", "ru_RU"]  # the dictionaries printkit's languages use
WORDS = {
    "en_US": ["hyphenation", "lemonade", "refrigerator", "unbelievable", "strawberries"],
    "ru_RU": ["лимонадная", "переворачивается", "достопримечательность", "гривенники"],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_pattern_reads_as_pyphen_reads_it(lang):
    path = pyphen.LANGUAGES[lang]
    lazy, own = lazy_dictionary(path), pyphen.HyphDict(path)
    assert lazy is not None
    keys = set(dict.keys(lazy.patterns)) | set(own.patterns)
    assert {k: lazy.patterns.get(k) or None for k in keys} == {k: own.patterns.get(k) for k in keys}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_words_break_at_the_same_places(lang):
    path = pyphen.LANGUAGES[lang]
    lazy, own = lazy_dictionary(path), pyphen.HyphDict(path)
    for word in WORDS[lang]:
        assert lazy.positions(word) == own.positions(word), word
        assert lazy.positions(word), f"{word} has somewhere to break"


@cache
def pyphens_own(lang: str) -> pyphen.HyphDict:
    """pyphen's own reading of a dictionary, parsed once: the reference never changes."""
    return pyphen.HyphDict(pyphen.LANGUAGES[lang])


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(LANGUAGES), st.text(alphabet="abcdefghilmnorstuабвгдеилнорст", min_size=1))
def test_any_word_breaks_at_the_same_places(lang, word):
    path = pyphen.LANGUAGES[lang]
    assert lazy_dictionary(path).positions(word) == pyphens_own(lang).positions(word)


def test_a_pattern_keeps_pyphens_offset_and_values():
    assert pattern_values("a1b") == (1, (1,))  # a 1 between the letters: offset 1
    assert pattern_values(".ach4") == (4, (4,))
    assert pattern_values("2b1a") == (0, (2, 1))
    assert pattern_values("abc") == ()  # all zeros: pyphen drops it


def test_a_dictionary_only_pyphen_can_read_is_left_to_it(tmp_path):
    escaped = tmp_path / "hyph_xx.dic"
    escaped.write_text("UTF-8\n^^e9a1b\n", encoding="utf-8")
    twice = tmp_path / "hyph_yy.dic"
    twice.write_text("UTF-8\na1b\na2b\n", encoding="utf-8")
    assert lazy_dictionary(escaped) is None
    assert lazy_dictionary(twice) is None


def test_keeping_a_dictionary_hyphenates_as_before():
    keep_dictionary("en_US")
    ours = pyphen.Pyphen(lang="en_US")
    own = pyphen.Pyphen(filename=pyphen.LANGUAGES["en_US"], cache=False)
    for word in WORDS["en_US"]:
        assert ours.inserted(word) == own.inserted(word)
