"""reportlab's TrueType reader, sped up, reads every number of the fonts as before."""

from __future__ import annotations

from struct import unpack

import pytest
from reportlab.pdfbase.ttfonts import TTFontFile

from printkit.render.fonts import BODY, FONT_DIR, FONT_FILES, read_fonts_faster


class SlicingReader(TTFontFile):
    """reportlab's own reading: a slice and an unpack per number."""

    def read_ushort(self):
        self._pos += 2
        return unpack(">H", self._ttf_data[self._pos - 2 : self._pos])[0]

    def read_ulong(self):
        self._pos += 4
        return unpack(">L", self._ttf_data[self._pos - 4 : self._pos])[0]


@pytest.mark.parametrize("file", sorted(FONT_FILES.values()))
def test_every_font_parses_to_the_same_metrics(file):
    read_fonts_faster()
    path = str(FONT_DIR / file)
    ours, theirs = TTFontFile(path), SlicingReader(path)
    for name in ("name", "ascent", "descent", "bbox", "charWidths", "charToGlyph", "hmetrics"):
        assert getattr(ours, name) == getattr(theirs, name), name
    assert ours.glyphPos == theirs.glyphPos
    used = {ord(c): 0 for c in "Lemonade Stall: 2–4 players, лимонад"}
    assert ours.makeSubset(used) == theirs.makeSubset(used)


def test_reading_past_the_end_fails_as_before():
    read_fonts_faster()
    font = TTFontFile(str(FONT_DIR / FONT_FILES[BODY]))
    font._pos = len(font._ttf_data) - 1
    with pytest.raises(Exception) as ours:
        font.read_ushort()
    font._pos = len(font._ttf_data) - 1
    with pytest.raises(Exception) as theirs:
        SlicingReader.read_ushort(font)
    assert type(ours.value) is type(theirs.value)
