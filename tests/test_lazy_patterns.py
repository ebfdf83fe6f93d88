"""reportlab's URL pattern is compiled only for a word it could match; splits are unchanged."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus import paragraph

from printkit.lazy_patterns import LazyPattern, only_with_scheme

PIECES = "://|http|HTTPS|www.|Example|.com|/|-|.|:|8080|?a=1|#top|lemon|ade|стол|@|[::1]|127.0.0.1"
PIECES += "|localhost|xn--p1ai| "


def reportlab_split(uri: str):
    """reportlab's own splitter, with the pattern compiled as reportlab compiles it."""
    original = paragraph._uri_split_pairs.__wrapped__
    pattern = paragraph.uri_pat
    if isinstance(pattern, LazyPattern):
        paragraph.uri_pat = re.compile(pattern.source, pattern.flags)
    try:
        return original(uri)
    finally:
        paragraph.uri_pat = pattern


@settings(deadline=None)  # the first word compiles reportlab's pattern for the reference
@given(st.lists(st.sampled_from(PIECES.split("|")), max_size=8).map("".join) | st.text(max_size=30))
def test_words_split_as_reportlab_splits_them(word):
    assert paragraph._uri_split_pairs(word) == reportlab_split(word)
    assert only_with_scheme(reportlab_split)(word) == reportlab_split(word)


def test_a_url_still_splits_at_its_slashes():
    assert paragraph._uri_split_pairs("https://example.com/rules/setup") == [
        ("https://example.com/rules/", "setup"),
        ("https://example.com/", "rules/setup"),
        ("https://", "example.com/rules/setup"),
    ]


HYPHENATE = """
import json, sys
import printkit
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import paragraph
from printkit.render.fonts import BODY, hyphen_language, register_fonts
register_fonts()
style = ParagraphStyle("p", fontName=BODY, fontSize=10, hyphenationLang=hyphen_language("en"))
words = "Unquestionably extraordinary lemonade-stand entrepreneurship flourishes"
lines = paragraph.Paragraph(words, style).breakLines([60]).lines
before = paragraph.uri_pat.compiled is None
paragraph.Paragraph("see https://example.com/a/long/address/here", style).wrap(60, 500)
print(json.dumps([len(lines), before, paragraph.uri_pat.compiled is None]))
"""


def test_hyphenating_words_without_a_url_never_compiles_the_pattern():
    done = subprocess.run(
        [sys.executable, "-c", HYPHENATE], capture_output=True, text=True, check=True, timeout=120
    )
    lines, untouched_before, untouched_after = json.loads(done.stdout.splitlines()[-1])
    assert lines > 3  # the words did not fit 60 pt: they were broken, and hyphenated
    assert untouched_before
    assert not untouched_after  # a word with "://" compiled it, on first use
