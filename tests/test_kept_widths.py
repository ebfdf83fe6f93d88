"""Paragraph text widths measured once per text, font and size answer as reportlab measures."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Paragraph, paragraph
from reportlab.platypus.paragraph import _SHYStr

from printkit.render.fonts import BODY, BOLD, register_fonts
from printkit.rulebook.styles import make_styles


@settings(deadline=None)
@given(st.text(alphabet="aeilmnorst ёжлмнор.,-", max_size=30), st.sampled_from([BODY, BOLD]))
def test_a_kept_width_is_reportlabs_width(text, font):
    register_fonts()
    for size in (9, 10.0, 12.5):
        assert paragraph.stringWidth(text, font, size) == pdfmetrics.stringWidth(text, font, size)


def test_a_soft_hyphenated_word_is_measured_by_its_letters():
    register_fonts()
    word = _SHYStr("lemon\xadade")
    assert paragraph.stringWidth(word, BODY, 10) == pdfmetrics.stringWidth("lemonade", BODY, 10)


def test_each_line_leaves_the_room_its_words_leave():
    """The room left on each wrapped line is the width less its words, measured afresh."""
    style = make_styles(language="en").body
    text = "Every stand opens with twenty dollars and sells lemonade all week long. " * 6
    para = Paragraph(text, style)
    para.wrap(200, 1000)
    lines = para.blPara.lines
    assert len(lines) > 3
    for room, words in lines:
        width = pdfmetrics.stringWidth(" ".join(words), style.fontName, style.fontSize)
        assert abs(room - (200 - width)) < 1e-6
