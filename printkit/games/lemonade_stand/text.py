"""Printed text in two languages, with numbers and plural words filled from data.

Every string Lemonade Stand prints is an ``{en: ..., ru: ...}`` mapping; a
missing language is a content error naming the file and line, so a kit can
never print a blank where a translation was forgotten.

Placeholders: ``{name}`` prints a value; ``{name|cup|cups}`` prints a number
and the word that agrees with it. English takes two forms (one, other),
Russian three (1 стакан, 2 стакана, 5 стаканов).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from printkit.content.fields import Field, suggest
from printkit.errors import UsageError

LANGUAGES = ("ru", "en")
LANGUAGE_NAMES = {"ru": "Russian", "en": "English"}
PLURAL_FORMS = {"en": 2, "ru": 3}
PLACEHOLDER = re.compile(r"\{([a-z_]+)((?:\|[^{}|]+)*)\}")


@dataclass(frozen=True)
class Text:
    """One printed string in every language the game is printed in."""

    en: str
    ru: str

    def __call__(self, lang: str) -> str:
        """The string in ``lang``; an unknown language is a programming error."""
        if lang not in LANGUAGES:
            raise UsageError(
                f"Lemonade Stand is printed in {', '.join(LANGUAGES)}, not {lang!r}",
                f"choose one of {', '.join(LANGUAGES)}",
            )
        return getattr(self, lang)


def plural(number: int, forms: tuple[str, ...], lang: str) -> str:
    """The form of a counted word that agrees with ``number`` in ``lang``."""
    if lang == "ru":
        last, last_two = abs(number) % 10, abs(number) % 100
        if last == 1 and last_two != 11:
            return forms[0]
        if 2 <= last <= 4 and not 12 <= last_two <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if abs(number) == 1 else forms[1]


def fill(node: Field, text: str, lang: str, values: Mapping[str, object]) -> str:
    """``text`` with its placeholders replaced; a bad placeholder names the file and line."""

    def replace(match: re.Match) -> str:
        name, forms = match.group(1), match.group(2)
        if name not in values:
            known = sorted(values)
            raise node.error(
                f"{LANGUAGE_NAMES[lang]} text names {{{name}}}, which is not a value here",
                suggest(name, known) if known else "this text takes no placeholders",
            )
        value = values[name]
        if not forms:
            return str(value)
        words = tuple(forms[1:].split("|"))
        if len(words) != PLURAL_FORMS[lang]:
            raise node.error(
                f"{{{name}|...}} gives {len(words)} word form(s); {LANGUAGE_NAMES[lang]} "
                f"needs {PLURAL_FORMS[lang]}",
                "English: {n|cup|cups}; Russian: {n|стакан|стакана|стаканов}",
            )
        if not isinstance(value, int):
            raise node.error(f"{{{name}|...}} counts {value!r}, which is not a number")
        return f"{value} {plural(value, words, lang)}"

    filled = PLACEHOLDER.sub(replace, text)
    if "{" in filled or "}" in filled:
        raise node.error(
            f"{LANGUAGE_NAMES[lang]} text has an unmatched brace",
            "write placeholders as {name} or {name|form|form}",
        )
    return filled


def read_text(node: Field, values: Mapping[str, object] | None = None) -> Text:
    """A bilingual string: both languages present, non-empty, placeholders filled."""
    if not isinstance(node.raw, dict):
        raise node.error(
            f"expected the text in every language, got {node.raw!r}",
            "write {en: ..., ru: ...}",
        )
    for key in node.names():
        if key not in LANGUAGES:
            raise node.get(key).error(f"unknown language {key!r}", suggest(key, LANGUAGES))
    texts = {}
    for lang in LANGUAGES:
        if not node.has(lang):
            raise node.error(
                f"missing the {LANGUAGE_NAMES[lang]} text {lang!r}",
                f"add '{lang}: ...' beside the other language",
            )
        child = node.get(lang)
        texts[lang] = fill(child, child.as_str(), lang, values or {})
    return Text(**texts)
