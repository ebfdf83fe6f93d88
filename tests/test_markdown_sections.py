"""A rulebook's Markdown is parsed a section at a time (issue 15): each section must parse as
it would inside the whole text, whatever blocks meet at a cut."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.rulebook import markdown
from printkit.rulebook.markdown import (
    Anchors,
    _name_headings,
    _parse_tree,
    markdown_parser,
    parse,
    sections,
)

BLOCKS = [
    "# Setting up",
    "## Setting up",  # the same heading twice: ids numbered in document order
    'Plain words with *emphasis* and "quotes".',
    "A paragraph\nthat runs on a second line",
    "- one\n- two",
    "- loose\n\n- list",
    "1. first\n2. second",
    "3) third",
    "  indented two",
    "    indented code",
    "> a quote\n> goes on",
    "| a | b |\n|---|---|\n| 1 | 2 |",
    "```\n# not a heading\n\nstill code\n```",
    "````aside Example\n# Inside\n\n```small\nsmall words\n```\n\nAfter\n````",
    "```figure card:x\n### Card\n\n*italic*\n```",
    "~~~\ncode\n~~~",
    "---",
    "Title\n=====",
    "+ plus item",
    "text right after",  # joined to the block before when no blank line parts them
]


def whole(text: str, language: str = "en") -> list:
    """The text parsed in one piece, headings named in one pass: what a section must match."""
    nodes = _parse_tree(text, markdown_parser(language))
    _name_headings(nodes, Anchors())
    return nodes


documents = st.lists(
    st.tuples(st.sampled_from(BLOCKS), st.sampled_from(["\n", "\n\n", "\n\n\n"])),
    min_size=1,
    max_size=14,
).map(lambda parts: "".join(block + gap for block, gap in parts))


@settings(max_examples=300, deadline=None)
@given(documents, st.sampled_from(["en", "ru"]), st.sampled_from([1, markdown.SPREAD]))
def test_sections_parse_as_the_whole_text_does(text, language, spread):
    """``spread`` 1 cuts at every safe place, not only the few chosen by their text."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(markdown, "SPREAD", spread)
        assert repr(parse(text, md=markdown_parser(language))) == repr(whole(text, language))


def test_cuts_fall_only_where_a_block_starts_after_a_blank_line():
    text = "# A\n\npara\n\n- item\n\n- item\n\n```\n# code\n\n# code\n```\n\n## B\n"
    starts = [section.splitlines()[0] for _, section in sections(text)]
    assert starts[0] == "# A" and "## B" in starts
    assert "- item" not in starts and "# code" not in starts


def test_a_text_with_link_references_is_parsed_whole():
    text = "# A\n\nSee [the rules][r].\n\n# B\n\n[r]: https://example.org\n"
    assert sections(text) == [(0, text)]
    assert repr(parse(text)) == repr(whole(text))


def test_a_damaged_kept_section_is_parsed_again(private_cache, monkeypatch):
    text = "# A\n\nSome *words*.\n\n## B\n\n- one\n- two\n"
    first = repr(parse(text))
    monkeypatch.setattr(markdown, "_PARSED", {})  # as a new process: only the disk remembers
    entries = list((private_cache / "printkit" / "markdown").iterdir())
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:-7] + b"garbage")
    assert entries and repr(parse(text)) == first


@settings(max_examples=150, deadline=None)
@given(documents, st.sampled_from(["en", "ru"]))
def test_a_typeset_parse_is_parse_then_typography_kept_or_not(text, language):
    """Headings named from their words as parsed, then every text set: the same tree
    whether its sections are made now, kept from before, or made without the cache."""
    from printkit.build import diskcache
    from printkit.rulebook.markdown import apply_typography

    md = markdown_parser(language)
    expected = repr(apply_typography(parse(text, md=md), language))
    assert repr(parse(text, md=md, language=language)) == expected
    assert repr(parse(text, md=md, language=language)) == expected  # kept
    with diskcache.fresh():
        assert repr(parse(text, md=md, language=language)) == expected


def test_a_typeset_section_kept_on_disk_reads_back_as_made_and_damage_is_a_miss(
    private_cache, monkeypatch
):
    """A fresh process reads each section's typeset tree from the disk: the tree typesetting
    gives; a torn entry is made again; an edited section is typeset afresh."""
    text = '# Setting "up"\n\nSome *words* -- and "quotes".\n\n## Next\n\n- one\n- two\n'
    expected = repr(parse(text, language="en"))
    monkeypatch.setattr(markdown, "_TYPESET", {})  # as a new process: only the disk remembers
    assert repr(parse(text, language="en")) == expected
    entries = list((private_cache / "printkit" / markdown.TYPESET_KIND).iterdir())
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[: len(entry.read_bytes()) // 2])
    monkeypatch.setattr(markdown, "_TYPESET", {})
    assert entries and repr(parse(text, language="en")) == expected
    monkeypatch.setattr(markdown, "_TYPESET", {})
    edited = repr(parse(text.replace("words", "other words"), language="en"))
    assert "other words" in edited and edited != expected


def _tokens_of(nodes) -> list:
    return [t for n in markdown._walk_nodes(nodes) for t in n.inline]


def test_an_edit_makes_its_section_again_and_keeps_the_others():
    """Sections whose text is unchanged hand out their kept tokens (never edited after,
    so each tree has nodes of its own over them); the edited section is made again."""
    text = "# Alpha\n\nThe *first* words.\n\n# Beta\n\nThe second words.\n"
    first = parse(text, language="en")
    again = parse(text.replace("second", "other"), language="en")
    assert all(a is not b for a, b in zip(markdown._walk_nodes(first), markdown._walk_nodes(again)))
    kept = {id(t) for t in _tokens_of(first)}
    alpha, beta = again[:2], again[2:]
    assert all(id(t) in kept for t in _tokens_of(alpha))
    assert not any(id(t) in kept for t in _tokens_of(beta))
    assert [n.anchor for n in again if n.kind == "heading"] == ["alpha", "beta"]
    again[0].anchor = "changed"  # a tree's own nodes: the next parse is not affected
    assert parse(text, language="en")[0].anchor == "alpha"


def test_placing_icons_leaves_the_kept_tokens_as_parsed(tmp_path):
    """An icon found in one pack folder is never carried into the next tree made from the
    same text (another pack's folder may hold another picture under that name)."""
    from printkit.rulebook.images import place_images

    (tmp_path / "coin.png").write_bytes(_PNG)
    text = "# Money\n\nPay one ![coin](coin.png) each.\n"
    placed, _ = place_images(parse(text, language="en"), tmp_path)
    icons = [t for t in _tokens_of(placed) if t.type == "image"]
    assert icons and icons[0].meta["icon"]["png"] == str(tmp_path / "coin.png")
    kept = [t for t in _tokens_of(parse(text, language="en")) if t.type == "image"]
    assert kept and "icon" not in kept[0].meta


_PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082"
)
