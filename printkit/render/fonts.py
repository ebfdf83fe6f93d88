"""Embedded fonts (DejaVu: Latin and Cyrillic, freely redistributable) and text fitting."""

from __future__ import annotations

import re
import struct
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache, wraps

import pyphen
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printkit.build.aside import Kept
from printkit.content.typography import typeset_text
from printkit.errors import RenderError
from printkit.render.hyphenation import keep_dictionary
from printkit.resources import font_folder

FONT_DIR = font_folder()
BODY = "PK-Sans"
BOLD = "PK-Sans-Bold"
ITALIC = "PK-Sans-Oblique"
CONDENSED = "PK-SansCondensed-Bold"
FONT_FILES = {
    BODY: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    CONDENSED: "DejaVuSansCondensed-Bold.ttf",
}
PT_PER_MM = 72 / 25.4  # points per millimetre
MIN_CARD_TEXT = 7.0  # points: below this, card text is not legible in print


NUMBERS_KEPT = 1 << 16  # formatted coordinate tuples: a deck repeats its slots' numbers


@cache
def register_fonts() -> None:
    """The fonts, read faster (`read_fonts_faster`); reportlab's number formatting and
    paragraph text widths kept (`keep_number_formatting`, `keep_paragraph_widths`)."""
    keep_number_formatting()
    keep_paragraph_widths()
    read_fonts_faster()
    encode_ascii_directly()
    keep_font_subsets()
    keep_deflated_streams()
    for name, file in FONT_FILES.items():
        path = FONT_DIR / file
        if not path.is_file():
            raise RenderError(f"font file {path} is missing; reinstall printkit")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    pdfmetrics.registerFontFamily(BODY, normal=BODY, bold=BOLD, italic=ITALIC, boldItalic=BOLD)


@cache
def keep_number_formatting() -> None:
    """Format each tuple of numbers in a PDF operator once, in every reportlab module.

    Without its C accelerator reportlab writes every coordinate through a
    pure-Python formatter (a logarithm and a loop per number), a third of the
    time a card sheet takes; sheets repeat their slots' coordinates, so one
    answer per tuple serves hundreds of cards. The same function answers, so
    the bytes are the same.
    """
    from reportlab.lib import rl_accel
    from reportlab.pdfbase import pdfdoc, ttfonts
    from reportlab.pdfgen import canvas, pathobject, textobject

    original = rl_accel.fp_str
    if getattr(original, "kept", False):
        return
    cached = lru_cache(maxsize=NUMBERS_KEPT)(lambda numbers: original(*numbers))

    def fp_str(*numbers):
        if len(numbers) == 1 and not isinstance(numbers[0], (int, float)):
            return original(*numbers)  # one sequence: not a key
        return cached(numbers)

    fp_str.kept = True
    rl_accel.fp_str = fp_str  # modules imported from now on take it too
    for module in (canvas, pathobject, textobject, pdfdoc, ttfonts, sys.modules.get(COLORS)):
        if module is not None and getattr(module, "fp_str", None) is original:
            module.fp_str = fp_str
    for name in PLATYPUS:
        module = sys.modules.get(name)
        if module is not None and getattr(module, "fp_str", None) is original:
            module.fp_str = fp_str


PDFDOC_HOLES = tuple(map(chr, range(0x18, 0x20)))  # ASCII codes PDFDocEncoding reassigns
PDFDOC_HOLE = re.compile("[\x18-\x1f]")  # the same, quicker to ask of a short string


@cache
def encode_ascii_directly() -> None:
    """reportlab encodes every string it writes through a pure-Python codec: about 5 ms for
    each 50 KB content stream, the most of writing a rulebook's picture forms. Where that
    codec maps each character to itself (ASCII outside the codes it reassigns, and it
    refuses those) the bytes are the ASCII bytes; anything else takes the codec, so the
    file is the same."""
    from reportlab.pdfbase import pdfdoc

    original = pdfdoc.pdfdocEnc
    if getattr(original, "kept", False):
        return

    def pdfdoc_encoded(x):
        if isinstance(x, str) and x.isascii():
            if len(x) < 256:
                if PDFDOC_HOLE.search(x) is None:
                    return x.encode("ascii")
            elif not any(hole in x for hole in PDFDOC_HOLES):
                return x.encode("ascii")
        return original(x)

    pdfdoc_encoded.kept = True
    pdfdoc.pdfdocEnc = pdfdoc_encoded


SUBSETS_KEPT = 1024  # every typeface's: a kit's files and a few watch rounds' edits
SubsetKey = tuple[str, tuple[int, ...]]  # the typeface's digest, its characters in order
_SUBSETS: Kept[SubsetKey, bytes] = Kept("font-subsets", SUBSETS_KEPT)


@cache
def keep_font_subsets() -> None:
    """Each font subset a PDF embeds made once per process, not once per file.

    reportlab rebuilds a subset (a TrueType file of the glyphs a document used)
    every time a document is saved: about a fifth of saving a card sheet, and the
    fold sheet, the reprint sheet and the HTML page's pictures embed the same few.
    A subset is a function of its typeface's file and its characters in order, so it
    is kept under them: the same bytes. What a child beside a build makes (the
    rulebook's, seeded with every character it can print) comes back with its files.
    """
    from reportlab.pdfbase.ttfonts import TTFontFile

    original = TTFontFile.makeSubset
    if getattr(original, "kept", False):
        return

    TTFontFile.makeSubset = _kept_method(original, _subset_key, _SUBSETS.get, _SUBSETS.put)


def _subset_key(face, subset) -> SubsetKey:
    return face_digest(face), tuple(subset)


def _kept_method(original, key_of, get, put):
    """``original(self, arg)`` answered from a memo (``get``/``put`` by ``key_of(self, arg)``)
    while the disk cache is read: a build from scratch (--force) keeps nothing."""
    from printkit.build.diskcache import reading

    @wraps(original)
    def kept(self, arg):
        if not reading():
            return original(self, arg)
        key = key_of(self, arg)
        found = get(key)
        if found is None:
            found = original(self, arg)
            put(key, found)
        return found

    kept.kept = True
    return kept


def face_digest(face) -> str:
    """What a typeface's subsets are made from: its file's bytes and which font of the
    file it is, summed up once per face (a pack's font edited is another face)."""
    found = face.__dict__.get("_printkit_digest")
    if found is None:
        import hashlib

        found = hashlib.sha256(face._ttf_data).hexdigest() + repr(face.subfontNameX)
        face._printkit_digest = found
    return found


def forget_subsets() -> None:
    """No subset kept, as in a new process."""
    _SUBSETS.forget()


DEFLATED_KEPT = 32_000_000  # characters of stream text kept with their compressed bytes
_STREAMS: dict[str | bytes, bytes] = {}  # a stream's text -> its compressed bytes
_STREAMS_NEW: dict[str | bytes, bytes] = {}  # compressed in a child beside a build: sent back
_STREAMS_SIZE = [0]  # characters of text in _STREAMS


@cache
def keep_deflated_streams() -> None:
    """Each PDF stream compressed once per process: kept by its text.

    A kit drawn again after an edit writes mostly streams it wrote before: the
    sheets' pages that did not change, the backs, the font subsets
    (`keep_font_subsets`), the rulebook's unchanged pages and pictures. zlib gives
    the same bytes for the same text, so the file is the same. What a child beside
    a build compresses (the rulebook) comes back with its files.
    """
    from reportlab.pdfbase.pdfdoc import PDFStreamFilterZCompress

    original = PDFStreamFilterZCompress.encode
    if getattr(original, "kept", False):
        return

    from printkit.build.aside import carried_back, in_child

    def put(text: str | bytes, deflated: bytes) -> None:
        _keep_streams({text: deflated})
        if in_child():
            _STREAMS_NEW[text] = deflated

    PDFStreamFilterZCompress.encode = _kept_method(original, _stream_key, _STREAMS.get, put)
    carried_back("deflated-streams", lambda: _STREAMS_NEW, _streams_given)


def _stream_key(_, text: str | bytes) -> str | bytes:
    return text


def _keep_streams(entries: Mapping[str | bytes, bytes]) -> None:
    """Kept beside what was kept before; all forgotten first past ``DEFLATED_KEPT``."""
    for text, deflated in entries.items():
        if _STREAMS_SIZE[0] + len(text) > DEFLATED_KEPT:
            _STREAMS.clear()
            _STREAMS_SIZE[0] = 0
        if text not in _STREAMS:
            _STREAMS_SIZE[0] += len(text)
        _STREAMS[text] = deflated


def _streams_given(entries: object) -> None:
    """A child's compressed streams, kept for the files this process writes next."""
    if isinstance(entries, dict):
        kept = {t: z for t, z in entries.items() if isinstance(t, str | bytes)}
        _keep_streams({t: z for t, z in kept.items() if isinstance(z, bytes)})


def forget_streams() -> None:
    """No stream kept, as in a new process."""
    _STREAMS.clear()
    _STREAMS_NEW.clear()
    _STREAMS_SIZE[0] = 0


@cache
def read_fonts_faster() -> None:
    """reportlab's TrueType reader takes its numbers in place, and its character tables whole.

    Parsing the four DejaVu files reads about 100,000 numbers one call at a time, a
    tenth of a short rulebook's whole process. A precompiled ``struct`` reads single
    numbers in place, and the character map, widths and glyph offsets are unpacked
    table by table (`read_character_tables`). The same numbers, and the same errors
    past the end of a file.
    """
    from reportlab.pdfbase.ttfonts import TTFontFile, TTFontParser

    ushort, ulong = struct.Struct(">H").unpack_from, struct.Struct(">L").unpack_from

    def read_ushort(self):
        position = self._pos
        self._pos = position + 2
        return ushort(self._ttf_data, position)[0]

    def read_ulong(self):
        position = self._pos
        self._pos = position + 4
        return ulong(self._ttf_data, position)[0]

    TTFontParser.read_ushort = read_ushort
    TTFontParser.read_ulong = read_ulong
    original = TTFontFile.extractInfo

    @wraps(original)
    def extract_info(self, charInfo=1):  # noqa: N803 (reportlab's name)
        original(self, 0)  # names, head, OS/2, post, hhea, maxp: all but the characters
        if charInfo and not read_character_tables(self):
            original(self, charInfo)  # another map format, or a quirk: reportlab's way

    TTFontFile.extractInfo = extract_info


def read_character_tables(font) -> bool:
    """What reportlab's ``extractInfo`` reads after the font's headers (characters to glyphs,
    widths, glyph offsets), each table unpacked at once; False, with nothing set, for
    anything but a format-4 or -12 character map in a whole, well-formed file."""
    data, table = font._ttf_data, font.table
    if not {"head", "hhea", "cmap", "hmtx", "loca"} <= table.keys():
        return False
    index_format, glyph_format = struct.unpack_from(">HH", data, table["head"]["offset"] + 50)
    metrics = struct.unpack_from(">H", data, table["hhea"]["offset"] + 34)[0]
    glyphs, loca = font.numGlyphs, table["loca"]["offset"]
    hmtx, count = table["hmtx"]["offset"], max(font.numGlyphs - metrics, 0)
    loca_end = loca + (glyphs + 1) * (2 if index_format == 0 else 4)
    if glyph_format != 0 or index_format not in (0, 1) or metrics > glyphs:
        return False
    if max(loca_end, hmtx + 4 * metrics + 2 * count) > len(data):
        return False
    found = character_map(data, table["cmap"]["offset"])
    if found is None:
        return False
    char_to_glyph, glyph_to_char = found
    pairs = struct.unpack_from(f">{2 * metrics}H", data, hmtx)
    bearings = struct.unpack_from(f">{count}H", data, hmtx + 4 * metrics)
    scale = font._pdfScale
    widths = list(map(scale, pairs[0::2]))
    last = widths[-1]
    font.hmetrics = list(zip(pairs[0::2], pairs[1::2])) + [(last, lsb) for lsb in bearings]
    font.defaultWidth = widths[0]
    in_order = sorted(g for g in glyph_to_char if g < glyphs)  # reportlab's order
    font.charWidths = char_widths = {
        char: widths[glyph] if glyph < metrics else last
        for glyph in in_order
        for char in glyph_to_char[glyph]
    }
    code = "H" if index_format == 0 else "L"
    offsets = struct.unpack_from(f">{glyphs + 1}{code}", data, loca)
    font.glyphPos = [o << 1 for o in offsets] if index_format == 0 else list(offsets)
    font.charToGlyph, font.glyphToChar, font._pos = char_to_glyph, glyph_to_char, loca_end
    for space, other in ((0x20, 0xA0), (0xA0, 0x20)):
        if space in char_to_glyph:
            char_to_glyph[other] = char_to_glyph[space]
            char_widths[other] = char_widths[space]
            break
    return True


def character_map(data: bytes, start: int) -> tuple[dict, dict] | None:
    """The Unicode map reportlab chooses, if of format 4 or 12: (char -> glyph, glyph -> chars)."""
    version, tables = struct.unpack_from(">HH", data, start)
    if tables == 0 and version != 0:
        tables = version
    chosen, kind = None, 0
    for n in range(tables):
        platform, encoding, offset = struct.unpack_from(">HHL", data, start + 4 + 8 * n)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, kind = offset, 1
        elif platform == 1 and encoding == 0 and kind != 1:
            chosen, kind = offset, 2
    if chosen is None:
        return None
    at = start + chosen
    fmt = struct.unpack_from(">H", data, at)[0]
    read = {4: segment_map, 12: group_map}.get(fmt)
    return None if read is None else read(data, at)


def segment_map(data: bytes, at: int) -> tuple[dict, dict] | None:
    """A format-4 map: segments of characters, by delta or through a glyph array."""
    _, length, _, doubled = struct.unpack_from(">HHHH", data, at)
    segments = int(doubled / 2.0)
    if at + 16 + 8 * segments > len(data):
        return None
    ends = struct.unpack_from(f">{segments}H", data, at + 14)
    starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
    ranges_at = at + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, ranges_at)
    limit, ushort = at + length, struct.Struct(">H").unpack_from
    char_to_glyph: dict[int, int] = {}
    glyph_to_char: dict[int, list[int]] = {}
    for n, (first, last, delta, ranged) in enumerate(zip(starts, ends, deltas, ranges)):
        for char in range(first, last + 1):
            if ranged == 0:
                glyph = (char + delta) & 0xFFFF
            else:
                offset = ranges_at + 2 * n + (char - first) * 2 + ranged
                glyph = 0 if offset >= limit else ushort(data, offset)[0]
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            char_to_glyph[char] = glyph
            glyph_to_char.setdefault(glyph, []).append(char)
    return char_to_glyph, glyph_to_char


def group_map(data: bytes, at: int) -> tuple[dict, dict] | None:
    """A format-12 map: groups of consecutive characters on consecutive glyphs."""
    count = struct.unpack_from(">L", data, at + 12)[0]
    if at + 16 + 12 * count > len(data):
        return None
    groups = struct.unpack_from(f">{3 * count}L", data, at + 16)
    chars: list[int] = []
    glyphs: list[int] = []
    for first, last, glyph in zip(groups[0::3], groups[1::3], groups[2::3]):
        chars += range(first, last + 1)
        glyphs += range(glyph, glyph + last + 1 - first)
    return dict(zip(chars, glyphs)), chars_by_glyph(chars, glyphs)


def chars_by_glyph(chars: list[int], glyphs: list[int]) -> dict[int, list[int]]:
    """Glyph -> its characters in map order (one each, when no two characters share one)."""
    if len(set(glyphs)) == len(glyphs):
        return {glyph: [char] for char, glyph in zip(chars, glyphs)}
    found: dict[int, list[int]] = {}
    for char, glyph in zip(chars, glyphs):
        found.setdefault(glyph, []).append(char)
    return found


WIDTHS_KEPT = 1 << 16  # (text, font, size) of words and lines: a rulebook repeats its words


@cache
def keep_paragraph_widths() -> None:
    """Measure each word once per font and size in reportlab's Paragraph.

    Breaking a paragraph's lines measures every word in pure Python, a tenth of
    a rulebook's layout; books repeat their words. A width is a function of the
    text, font and size (fonts are registered once, under fixed names), so the
    lines and the bytes are the same.
    """
    from reportlab.platypus import paragraph

    original = paragraph.stringWidth
    if getattr(original, "kept", False):
        return
    cached = lru_cache(maxsize=WIDTHS_KEPT)(original)

    def string_width(text, font_name, font_size, encoding="utf8"):
        return cached(text, font_name, font_size, encoding)

    string_width.kept = True
    paragraph.stringWidth = string_width


COLORS = "reportlab.lib.colors"
PLATYPUS = ("reportlab.platypus.flowables", "reportlab.platypus.tables", "reportlab.platypus.para")


@lru_cache(maxsize=65_536)
def width(text: str, font: str, size: float) -> float:
    """Measured once per text, font and size: a deck repeats its texts, and wrapping re-measures."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size)


@cache
def hyphenator(lang: str) -> pyphen.Pyphen:
    """pyphen's dictionary for ``lang`` ("en", "ru", "en_GB"...): Latin and Cyrillic alike."""
    found = pyphen.language_fallback(lang.replace("-", "_"))
    if found is None:
        raise RenderError(
            f"no hyphenation dictionary for the language {lang!r}",
            "use a language code such as 'en' or 'ru'",
        )
    keep_dictionary(found)
    return pyphen.Pyphen(lang=found)


def hyphen_language(lang: str) -> str:
    """The dictionary name reportlab's Paragraph hyphenates ``lang`` with ('' for none)."""
    name = pyphen.language_fallback(lang.replace("-", "_")) or "" if lang else ""
    keep_dictionary(name)
    return name


def _pieces(word: str, lang: str) -> Iterator[tuple[str, str]]:
    """Where ``word`` may break, longest head first: ("lemon-", "ade")."""
    if lang and len(word) >= 5:
        for head, tail in hyphenator(lang).iterate(word):
            yield f"{head}-", tail


def wrap(text: str, font: str, size: float, max_width: float, lang: str = "") -> list[str]:
    """Greedy word wrap at plain spaces (a non-breaking space holds its words together),
    hyphenating a word that overruns when ``lang`` is given; a word that still does not
    fit stays whole (and fails the fit)."""
    return list(_wrap(text, font, size, max_width, lang))


@lru_cache(maxsize=8_192)
def _wrap(text: str, font: str, size: float, max_width: float, lang: str) -> tuple[str, ...]:
    """`wrap`, once per text, font, size, width and language (a tuple: it is shared)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        words = [w for w in paragraph.split(" ") if w]
        while words:
            word = words.pop(0)
            trial = f"{line} {word}".strip()
            if width(trial, font, size) <= max_width or not (line or lang):
                line = trial
                continue
            head = next(
                (
                    (h, t)
                    for h, t in _pieces(word, lang)
                    if width(f"{line} {h}".strip(), font, size) <= max_width
                ),
                None,
            )
            if head is not None:
                lines.append(f"{line} {head[0]}".strip())
                line = ""
                words.insert(0, head[1])
            elif line:
                lines.append(line)
                line = ""
                words.insert(0, word)
            else:
                line = word
        lines.append(line)
    return tuple(lines)


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    font: str
    size: float
    leading: float

    def bottom(self, top: float) -> float:
        """Where the lines set from ``top`` end, as `draw_fitted` returns it."""
        return top - 2 * self.size - (len(self.lines) - 1) * self.leading


def fit(
    text: str,
    font: str,
    max_width: float,
    max_height: float,
    size: float,
    min_size: float = MIN_CARD_TEXT,
    what: str = "text",
    leading: float = 1.2,
    lang: str = "",
    language: str = "en",
) -> FittedText:
    """The largest size from ``size`` down to ``min_size`` at which the text fits,
    hyphenated in ``lang`` when given (``language`` names the typographic rules the text
    is set by; "" for text already set, such as a bilingual pack's).

    The text is set by ``language``'s typographic rules first. Never clips or
    shrinks past legibility: if it cannot fit, the build fails naming the
    component and the text.
    """
    text = typeset_text(text, language)
    current = size
    while current >= min_size - 1e-6:
        lines = wrap(text, font, current, max_width, lang)
        tallest = len(lines) * current * leading
        widest = max((width(line, font, current) for line in lines), default=0)
        if tallest <= max_height and widest <= max_width:
            return FittedText(tuple(lines), font, current, current * leading)
        current -= 0.5
    box = f"{max_width / PT_PER_MM:.0f} x {max_height / PT_PER_MM:.0f} mm"
    raise RenderError(
        f"{what}: text does not fit its box at the minimum size of {min_size:g} pt: {text!r}",
        f"shorten the text (the box is {box})",
    )


def draw_fitted(
    canvas, fitted: FittedText, x: float, top: float, align: str = "left", box_width: float = 0
) -> float:
    """Draw fitted lines downward from ``top``; returns the y below the last line."""
    canvas.setFont(fitted.font, fitted.size)
    y = top - fitted.size
    for line in fitted.lines:
        if align == "center":
            canvas.drawCentredString(x + box_width / 2, y, line)
        elif align == "right":
            canvas.drawRightString(x + box_width, y, line)
        else:
            canvas.drawString(x, y, line)
        y -= fitted.leading
    return y + fitted.leading - fitted.size
