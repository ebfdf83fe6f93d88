"""pyphen's dictionaries read lazily: each pattern parsed when a word first looks it up.

pyphen parses every pattern of a dictionary before it hyphenates one word
(11,000 for English, about 0.1 s): a sixth of typesetting a short rulebook in
a fresh process, where a book looks up a few hundred of them. `keep_dictionary`
puts a dictionary into pyphen's own cache whose patterns are the file's lines,
each turned into pyphen's ``(offset, values)`` on first use, so reportlab's
Paragraph and `fonts.hyphenator` hyphenate exactly as before. A dictionary
using what only pyphen's parser reads (``^^hh`` escapes, non-standard
``/`` alternatives, a pattern given twice) is left to pyphen.
"""

from __future__ import annotations

import re
from functools import cache

import pyphen

DIGITS = re.compile(r"\d")
NOT_DIGIT = re.compile(r"\D")
PYPHEN_ONLY = re.compile(r"\^\^|/|\d\d")  # escapes, alternatives, digit runs


class LazyPatterns(dict):
    """Pattern letters -> pyphen's ``(offset, values)``, read from the line when first asked."""

    def get(self, key, default=None):
        value = dict.get(self, key, default)
        if value.__class__ is str:
            value = self[key] = pattern_values(value)
        return value


def pattern_values(pattern: str) -> tuple:
    """One pattern as pyphen keeps it: ``"a1b"`` -> ``(1, (1,))``; ``()`` if all zeros
    (pyphen drops those; an empty value is skipped just the same)."""
    values = [int(v) if v else 0 for v in NOT_DIGIT.split(pattern)]
    if not any(values):
        return ()
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return start, tuple(values[start:end])


@cache
def keep_dictionary(name: str) -> None:
    """pyphen's dictionary ``name`` (e.g. "en_US") read lazily from now on in this process."""
    found = pyphen.language_fallback(name) if name else None
    path = pyphen.LANGUAGES.get(found) if found else None
    if path is None or path in pyphen.hdcache:
        return
    hd = lazy_dictionary(path)
    if hd is not None:
        pyphen.hdcache[path] = hd


def lazy_dictionary(path) -> pyphen.HyphDict | None:
    """The dictionary at ``path`` with lazy patterns, or None where pyphen must parse it."""
    with path.open("rb") as fd:
        encoding = fd.readline().decode()
    if encoding.lower() == "microsoft-cp1251":  # as pyphen reads it
        encoding = "cp1251"
    lines = path.read_text(encoding).split("\n")[1:]
    lines = [line for line in map(str.strip, lines) if line and not line.startswith(pyphen.ignored)]
    text = "\n".join(lines)
    if not lines or PYPHEN_ONLY.search(text):
        return None
    patterns = LazyPatterns(zip(DIGITS.sub("", text).split("\n"), lines))
    if len(patterns) < len(lines):  # a pattern given twice: pyphen's order of reading decides
        return None
    hd = pyphen.HyphDict.__new__(pyphen.HyphDict)
    hd.patterns = patterns
    hd.cache = {}
    hd.maxlen = max(map(len, patterns))  # all-zero ones included: a few more look-ups, no more
    return hd
