"""reportlab's TrueType reader, sped up, reads every number of the fonts as before."""

from __future__ import annotations

import os
from struct import unpack

import pytest
from reportlab.pdfbase.ttfonts import TTFontFile

from printkit.render.fonts import BODY, FONT_DIR, FONT_FILES, read_fonts_faster

read_fonts_faster()


class SlicingReader(TTFontFile):
    """reportlab's own reading: a slice and an unpack per number, table after table."""

    extractInfo = TTFontFile.extractInfo.__wrapped__

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
    assert vars(ours).keys() == vars(theirs).keys()
    for name, value in vars(theirs).items():
        if name != "_pdfScale":  # a lambda made per font
            assert getattr(ours, name) == value, name
    assert list(ours.charWidths) == list(theirs.charWidths)  # in the same order, too
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


def patched(file: str, offset_in_cmap: int, value: bytes) -> bytes:
    """The font's bytes with ``value`` written into its chosen character map."""
    font = TTFontFile(str(FONT_DIR / file))
    data = bytearray(font._ttf_data)
    cmap = font.table["cmap"]["offset"]
    tables = unpack(">H", data[cmap + 2 : cmap + 4])[0]
    chosen = max(unpack(">L", data[cmap + 8 + 8 * n : cmap + 12 + 8 * n])[0] for n in range(tables))
    at = cmap + chosen + offset_in_cmap
    data[at : at + len(value)] = value
    return bytes(data)


def outcome(reader: type, path) -> object:
    try:
        font = reader(str(path))
    except Exception as exc:  # what reportlab raises is the expectation
        return type(exc)
    return font.charToGlyph, font.charWidths, font.hmetrics, font.glyphPos


@pytest.mark.parametrize(
    "where, value",
    [(0, b"\x00\x06"), (0, b"\x00\x0c"), (2, b"\x00\x10"), (6, b"\xff\xfe"), (20, b"\xff\xff")],
    ids=["format 6", "format 12", "short length", "huge segment count", "odd segment"],
)
def test_an_odd_character_map_reads_as_reportlab_reads_it(where, value, tmp_path):
    path = tmp_path / "odd.ttf"
    path.write_bytes(patched(FONT_FILES[BODY], where, value))
    assert outcome(TTFontFile, path) == outcome(SlicingReader, path)


def test_a_cut_font_fails_as_before(tmp_path):
    data = (FONT_DIR / FONT_FILES[BODY]).read_bytes()
    loca = TTFontFile(str(FONT_DIR / FONT_FILES[BODY])).table["loca"]["offset"]
    path = tmp_path / "cut.ttf"
    path.write_bytes(data[: loca + 100])
    assert outcome(TTFontFile, path) == outcome(SlicingReader, path)


def test_a_format_4_map_reads_as_reportlab_reads_it(tmp_path):
    """DejaVu's chosen map is format 12 (Windows, full Unicode); with that record renamed to
    one reportlab skips, it reads the format-4 (Windows, BMP) map instead."""
    data = bytearray((FONT_DIR / FONT_FILES[BODY]).read_bytes())
    cmap = TTFontFile(str(FONT_DIR / FONT_FILES[BODY])).table["cmap"]["offset"]
    records = [cmap + 4 + 8 * n for n in range(unpack(">H", data[cmap + 2 : cmap + 4])[0])]
    full = [r for r in records if data[r : r + 4] == b"\x00\x03\x00\x0a"]
    assert len(full) == 1
    data[full[0] : full[0] + 4] = b"\x00\x00\x00\x05"  # platform 0, encoding 5: skipped
    path = tmp_path / "bmp.ttf"
    path.write_bytes(bytes(data))
    ours, theirs = outcome(TTFontFile, path), outcome(SlicingReader, path)
    assert ours == theirs
    assert ours[0][ord("л")] == TTFontFile(str(FONT_DIR / FONT_FILES[BODY])).charToGlyph[ord("л")]


def test_a_font_subset_is_made_once_per_process_and_is_reportlabs_own():
    """A subset is kept under its typeface and its characters in order: the same bytes
    reportlab makes, made once however many files embed it; other characters, another."""
    from reportlab.pdfbase import pdfmetrics

    from printkit.render.fonts import register_fonts

    register_fonts()
    face = pdfmetrics.getFont(BODY).face
    original = TTFontFile.makeSubset.__wrapped__
    chars = [ord(c) for c in "Odd Weather 4f2c9a"]
    first = face.makeSubset(chars)
    assert first == original(face, chars)
    assert face.makeSubset(list(chars)) is first  # kept: not made again
    more = [*chars, ord("!")]
    assert face.makeSubset(more) == original(face, more) != first
    from printkit.build.diskcache import fresh

    with fresh():  # --force: made afresh, the same bytes
        again = face.makeSubset(chars)
        assert again == first and again is not first


def test_a_stream_is_compressed_once_per_process_to_zlibs_own_bytes():
    """A PDF stream's compressed bytes are kept by its text: zlib's bytes for that text,
    as text or bytes; other text is compressed afresh."""
    import zlib

    from reportlab.pdfbase.pdfdoc import PDFZCompress

    from printkit.render.fonts import register_fonts

    register_fonts()
    page = "BT /F1 12 Tf 72 720 Td (Odd Weather 7c1e) Tj ET\n" * 40
    first = PDFZCompress.encode(page)
    assert first == zlib.compress(page.encode("utf8"))
    assert PDFZCompress.encode(page) is first  # kept: not compressed again
    assert PDFZCompress.encode(page.encode()) == first
    from printkit.build.diskcache import fresh

    with fresh():  # --force: compressed afresh, the same bytes
        again = PDFZCompress.encode(page)
        assert again == first and again is not first
    other = page.replace("7c1e", "7c1f")
    assert PDFZCompress.encode(other) == zlib.compress(other.encode()) != first


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a child beside the build needs fork")
def test_a_subset_made_beside_a_build_is_kept_here(monkeypatch):
    """The rulebook's subsets are made in the child beside a build: they come back with its
    files, so the next child (a `watch` round) finds them made, reportlab's own bytes."""
    from reportlab.pdfbase import pdfmetrics

    from printkit.build import aside
    from printkit.render import fonts

    monkeypatch.setattr(aside, "_cores", lambda: 2)
    fonts.register_fonts()
    face = pdfmetrics.getFont(BODY).face
    chars = [ord(c) for c in "Made beside 7e1d"]
    fonts.forget_subsets()
    job = ("subset", lambda: face.makeSubset(chars))
    with aside.beside([job], lambda name, data: None) as child:
        assert child is not None
        made = child.collect()
    assert made is not None
    key = (fonts.face_digest(face), tuple(chars))
    kept = fonts._SUBSETS.get(key)
    assert kept is not None
    assert kept == made["subset"][0] == TTFontFile.makeSubset.__wrapped__(face, chars)
    assert face.makeSubset(chars) is kept
