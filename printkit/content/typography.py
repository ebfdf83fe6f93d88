"""Typographic rules per language, applied to every printed text.

Pure string rules (no PDF here): a non-breaking space where a line break would
strand a word, the language's quotes and dashes. Each rule only rewrites plain
ASCII spaces and straight quotes, so applying it twice changes nothing.

Russian (as a Russian editor sets type): short words (``в``, ``и``, ``за``,
``на``…) and numbers are glued to the word after them, particles (``же``,
``ли``, ``бы``) to the word before, a spaced dash becomes an em dash with a
non-breaking space before it (no line starts with a dash), straight quotes
become «ёлочки». English: typographic apostrophes and quotes, en dashes in
number ranges (2–4), numbers glued to their nouns, no line starting with a dash.
Both: the true minus sign (U+2212) where a hyphen stands for one ("−5", "C−").
"""

from __future__ import annotations

import re
from collections.abc import Callable

NBSP = "\u00a0"
EM_DASH = "\u2014"
EN_DASH = "\u2013"

# A word of one or two letters (or a number), or one of the short prepositions and
# conjunctions a Russian editor also keeps off a line's end; glued to the next word.
RU_LONGER = "(?i:без|для|при|под|над|про|или)"
RU_SHORT = re.compile(  # and "см." as in "(см. пояснение 4)", which never gives way
    rf"(?<![\w\-\u2010])(?!(?:же|ли|бы)(?!\w))(\w{{1,2}}|\d+(?:[.,]\d+)*|{RU_LONGER}|(?i:см)\.)"
    r" +(?=\S|$)"
)
RU_PARTICLE = re.compile(r"(?<=\w) +(же|ли|бы)(?!\w)")
# The glue RU_SHORT puts after a short word, told apart from the glue a number keeps with
# its unit, a dash with the word before it, a particle with its word and a word with the
# short number ending its phrase: only this one may give way when keeping it would leave
# a line far short of its measure (before a word, or a number with its unit).
LOOSE_HEAD = re.compile(rf"[(«„\"]*(?:[^\W\d_]{{1,2}}|{RU_LONGER})")
LOOSE_TAIL = re.compile(r"[(«„\"]*(?:(?!(?:же|ли|бы)(?!\w))[^\W\d_]|\d+(?:[.,]\d+)*\u00a0)")
# A short number ending a phrase after a word ("место 1.", "(step 5)") stays with it; one
# followed by its noun ("2 cups") goes with the noun instead (NUMBER, RU_SHORT).
COUNTED = re.compile(r"(?<=[^\W\d_]) (?=\d{1,3}(?:[.,;:)!?]|\s*$))")
NUMBER = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*) +(?=\S|$)")
SPACED_DASH = re.compile(r" +(?:-{1,3}|\u2013|\u2014)(?= |$)")
RANGE = re.compile(r"(?<![\w.,\-])(\d+)-(\d+)(?![\w\-])")
RU_OPEN_QUOTE = re.compile(r'(^|[\s(\[\u00a0\-\u2014«„])"')
EN_OPEN_DOUBLE = re.compile(r'(^|[\s(\[\u00a0\u2013\u2014])"')
EN_OPEN_SINGLE = re.compile(r"(^|[\s(\[\u00a0\u2013\u2014\u201c])'")
# A hyphen-minus that is a sign: before a number ("-5", "−" not "2-4") or after a lone
# capital that is a weather code ("C- (4+)"); typeset as the true minus sign.
MINUS = "\u2212"
SIGN = re.compile(r"(?<![\w\-\u2010])-(?=\d)|(?<=(?<![\w\-])[A-Z])-(?=[\s),;:]|$)")


def russian(text: str) -> str:
    """Russian type: «ёлочки», em dashes that never open a line, short words kept with the next."""
    text = RU_OPEN_QUOTE.sub(lambda m: m.group(1) + "«", text).replace('"', "»")
    text = SIGN.sub(MINUS, RANGE.sub(rf"\1{EN_DASH}\2", text))
    text = SPACED_DASH.sub(NBSP + EM_DASH, text)
    text = RU_SHORT.sub(lambda m: m.group(1) + NBSP, COUNTED.sub(NBSP, text))
    return RU_PARTICLE.sub(lambda m: NBSP + m.group(1), text)


def may_loosen(head: str, tail: str) -> bool:
    """Whether the glue between ``head`` and ``tail`` (a word either side of a no-break space)
    is a short word's, which a typesetter breaks rather than leave a line far short."""
    return bool(LOOSE_HEAD.fullmatch(head) and LOOSE_TAIL.match(tail))


def english(text: str) -> str:
    """English type: curly apostrophes and quotes, en-dash ranges, no dash opening a line."""
    text = EN_OPEN_DOUBLE.sub(lambda m: m.group(1) + "\u201c", text).replace('"', "\u201d")
    text = EN_OPEN_SINGLE.sub(lambda m: m.group(1) + "\u2018", text).replace("'", "\u2019")
    text = SIGN.sub(MINUS, RANGE.sub(rf"\1{EN_DASH}\2", text))
    text = SPACED_DASH.sub(lambda m: NBSP + _english_dash(m.group(0)), text)
    return NUMBER.sub(lambda m: m.group(1) + NBSP, COUNTED.sub(NBSP, text))


def _english_dash(spaced: str) -> str:
    dash = spaced.strip()
    return EM_DASH if dash in ("---", EM_DASH) else EN_DASH


RULES: dict[str, Callable[[str], str]] = {"ru": russian, "en": english}
HYPHENATION = {"ru": "ru_RU", "en": "en_US"}  # pyphen's dictionary for each language


def typeset_text(text: str, language: str) -> str:
    """``text`` set by ``language``'s rules; a language without rules is left as it is."""
    rule = RULES.get(language.split("-")[0].lower())
    return rule(text) if rule and text else text


TAG = re.compile(r"(<[^>]*>)")
QUOTE_ENTITIES = {"&#x27;": "'", "&#39;": "'", "&quot;": '"'}


def typeset_markup(markup: str, language: str) -> str:
    """Paragraph markup (``<b>``, escaped text) set like `typeset_text`, its tags untouched;
    escaped quotes are set too, since outside a tag they are only text."""
    return "".join(
        part if part.startswith("<") else typeset_text(_unquoted(part), language)
        for part in TAG.split(markup)
    )


def _unquoted(text: str) -> str:
    for entity, quote in QUOTE_ENTITIES.items():
        text = text.replace(entity, quote)
    return text


def hyphenation_language(language: str) -> str:
    """pyphen's dictionary name for ``language`` ("" when it has none)."""
    return HYPHENATION.get(language.split("-")[0].lower(), "")
