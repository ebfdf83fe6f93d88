"""Typography per language: the rules on strings, as an editor would set them by hand."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from printkit.content.typography import (
    EM_DASH,
    EN_DASH,
    NBSP,
    english,
    hyphenation_language,
    may_loosen,
    russian,
    typeset_text,
)
from printkit.render.fonts import wrap


def test_russian_short_words_stay_with_the_next_word():
    assert russian("Положите карту в стопку и за ней") == (
        f"Положите карту в{NBSP}стопку и{NBSP}за{NBSP}ней"
    )
    assert russian("Это не помещается") == f"Это не{NBSP}помещается"


def test_russian_see_stays_with_what_it_points_to():
    assert russian("правило (см. пояснение 4)") == f"правило (см.{NBSP}пояснение{NBSP}4)"


def test_russian_particles_stay_with_the_word_before():
    assert russian("Можно ли так же") == f"Можно{NBSP}ли так{NBSP}же"


def test_russian_numbers_stay_with_their_nouns_and_units():
    assert russian("Купите 1 стакан за 5 $ или 125 центов") == (
        f"Купите 1{NBSP}стакан за{NBSP}5{NBSP}$ или{NBSP}125{NBSP}центов"
    )


def test_russian_quotes_are_guillemets():
    assert russian('Карта "Час пик" сильнее') == "Карта «Час пик» сильнее"
    assert russian('"Мама" в начале') == "«Мама» в\u00a0начале"


def test_russian_dash_is_an_em_dash_that_never_opens_a_line():
    for dash in ("-", "--", EN_DASH, EM_DASH):
        assert russian(f"Стакан {dash} это товар") == f"Стакан{NBSP}{EM_DASH} это товар"


def test_ranges_take_an_en_dash_and_words_keep_their_hyphens():
    assert russian("для 5-8 игроков") == f"для{NBSP}5{EN_DASH}8{NBSP}игроков"
    assert english("2-4 players") == f"2{EN_DASH}4{NBSP}players"
    assert english("a well-known card") == "a well-known card"
    assert english("track 0-99, id card-12") == f"track 0{EN_DASH}99, id card-12"


def test_english_apostrophes_and_quotes_are_typographic():
    assert english("That's Not Lemonade") == "That\u2019s Not Lemonade"
    assert english('"They don\'t make them," she said.') == (
        "\u201cThey don\u2019t make them,\u201d she said."
    )
    assert english("the 'best' stand") == "the \u2018best\u2019 stand"


def test_english_spaced_dashes_never_open_a_line():
    assert english("one stand - one price") == f"one stand{NBSP}{EN_DASH} one price"
    assert english(f"rain {EM_DASH} or sun") == f"rain{NBSP}{EM_DASH} or sun"


def test_a_language_without_rules_is_left_alone():
    assert typeset_text('a "b" - 2-4', "de") == 'a "b" - 2-4'
    assert hyphenation_language("ru") == "ru_RU" and hyphenation_language("xx") == ""


TEXT = st.text(alphabet="ав иза нпо12$ -\"'.,—–«»abcd", max_size=60)


@given(TEXT, st.sampled_from(["ru", "en"]))
def test_typesetting_twice_changes_nothing(text, language):
    once = typeset_text(text, language)
    assert typeset_text(once, language) == once


@given(TEXT, st.sampled_from(["ru", "en"]))
def test_typesetting_keeps_the_words(text, language):
    """Only spaces, quotes and dashes change: the letters and digits read as before."""
    kept = [c for c in text if c.isalnum()]
    assert [c for c in typeset_text(text, language) if c.isalnum()] == kept


def test_the_card_wrapper_never_breaks_at_a_non_breaking_space():
    text = russian("Каждый покупатель в очереди платит за 1 стакан")
    lines = wrap(text, "PK-Sans", 10, 60)
    assert len(lines) > 1
    for line in lines:
        assert not line.endswith((" в", " за", " 1")), lines


def test_a_short_number_ending_a_phrase_stays_with_the_word_before_it():
    assert russian("Место 1") == f"Место{NBSP}1"
    assert english("Step 5: buy") == f"Step{NBSP}5: buy"
    # a number followed by its noun goes with the noun, so no run of three words is unbreakable
    assert english("Seat 2 deals") == f"Seat 2{NBSP}deals"
    assert english("in 2026 there") == f"in 2026{NBSP}there"  # a year is no count


def test_signs_take_the_true_minus_and_hyphens_stay():
    """A temperature or score below zero and a weather code one step worse print with
    U+2212; a hyphenated word, a range and a command-line dash do not."""
    minus = "\u2212"
    assert english("C- (4+) / -5 (4+)").startswith(f"C{minus} (4+) / {minus}5")
    assert russian("Счёт -1").endswith(f" {minus}1")
    assert english("fold-and-glue") == "fold-and-glue"
    assert english("2-4") == f"2{EN_DASH}4"


def test_markup_is_set_outside_its_tags_only():
    from printkit.content.typography import typeset_markup

    set_text = typeset_markup('<font color="#fff">That&#x27;s</font> it', "en")
    assert set_text == '<font color="#fff">That\u2019s</font> it'


def test_only_a_short_words_glue_may_give_way():
    """A line far short may break after 'или' or '«У', never inside '5 стаканов', before a
    dash or a particle, or between a word and the short number ending its phrase."""
    assert may_loosen("или", "покупателей") and may_loosen("«У", "калитки»")
    assert may_loosen("или", f"5{NBSP}покупателей")
    assert not may_loosen("до", "3.")
    assert not may_loosen("(см.", "пояснение")
    assert not may_loosen("5", "стаканов")
    assert not may_loosen("он", EM_DASH)
    assert not may_loosen("он", "же")
    assert not may_loosen("место", "1.")
    assert not may_loosen("покупает", "стаканы")
