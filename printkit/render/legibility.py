"""Pictures without words too small to read.

A rulebook shows whole boards, mats and tables at a fraction of their size: their
words would print at 1–3 pt, grey specks no one can read. Dropping them leaves the
shapes, colours and art, and the picture's callouts or caption say what is where.
The filter works on the operators the drawing wrote, so any kit renderer's drawing
can be shown this way without knowing about it.

A picture may ask for the dropped words to be *greeked* instead: each becomes a
thin bar of a quiet colour where its letters stood, so a board shown whole still
reads as a board full of headings, numbers and rules, only too small to read.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.render.units import Box

DrawFn = Callable[[Canvas, Box], None]

TOKEN = re.compile(
    r"""\((?:\\.|[^\\)])*\)            # a string; reportlab escapes the parentheses inside
      | \[(?:\((?:\\.|[^\\)])*\)|[^\]()])*\]   # an array (TJ's operand)
      | <<|>>|<[0-9A-Fa-f\s]*>          # dictionary marks, a hex string
      | /[^\s/\[\]()<>{}%]+             # a name
      | [-+]?(?:\d+\.?\d*|\.\d+)         # a number
      | [A-Za-z'"*]+                     # an operator""",
    re.VERBOSE | re.DOTALL,
)
SHOWS = frozenset({"Tj", "TJ", "'", '"'})
NEXT_LINE = frozenset({"T*", "'", '"'})  # operators that start a new line first
EM = 0.55  # a letter's average width, in ems: how long a greeked word's bar is
BAR = (0.08, 0.42)  # a greeked bar's bottom and height, in ems above the baseline
STRING_CHAR = re.compile(r"\\(?:[0-7]{1,3}|.)|.", re.DOTALL)  # one character of a (string)
# A line naming none of these operators (and holding no string or array) changes
# neither the scale nor the font and shows no text: most lines, paths and fills, pass
# through without being read token by token.
STATEFUL = re.compile(r"(?<!\S)(?:q|Q|cm|BT|ET|Tm|Td|TD|T\*|TL|Tf|Tj|TJ|'|\")(?!\S)")


def without_small_text(draw: DrawFn, least: float, greek: Color | None = None) -> DrawFn:
    """``draw``, but any word it prints under ``least`` points as placed on the page
    (its font size times every scale around it) is left out, or with ``greek`` drawn
    as a bar of that colour where it stood."""

    def drawn(c: Canvas, box: Box) -> None:
        start = len(c._code)
        scale = _area_scale(c._currentMatrix[:4])
        size = c._fontsize
        draw(c, box)
        c._code[start:] = drop_small_text(c._code[start:], scale, size, least, greek)

    return drawn


def drop_small_text(
    code: Sequence[str], scale: float, size: float, least: float, greek: Color | None = None
) -> list[str]:
    """The content-stream lines with every text-showing operator whose text would
    print under ``least`` points removed (or, with ``greek``, replaced by a bar after
    its text object); ``scale`` and ``size`` are the scale and font size in force
    before the first line."""
    reader = _Reader(scale, size, least, greek)
    out = []
    for line in code:
        if line.startswith("BI") or not (  # an inline image: data, not operators
            "(" in line or "[" in line or STATEFUL.search(line)
        ):
            out.append(line)
            continue
        out.append(_edited(line, reader.edits(line)))
    return out


class _Reader:
    """The state a content stream carries from operator to operator: scale and font size
    (saved and restored by q and Q), and inside a text object where its line stands."""

    def __init__(self, scale: float, size: float, least: float, greek: Color | None) -> None:
        self.scale, self.size, self.least, self.greek = scale, size, least, greek
        self.stack: list[tuple[float, float]] = []
        self.text_scale = 1.0
        self.line = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]  # the text line matrix
        self.advance = 0.0  # how far along its line the next word starts (text space)
        self.leading = 0.0
        self.bars: list[str] = []  # greeked words, drawn once their text object ends

    def edits(self, line: str) -> list[tuple[int, int, str]]:
        """(begin, end, replacement) for the operators of ``line`` that change."""
        operands: list[str] = []
        out: list[tuple[int, int, str]] = []
        begin = None
        for token in TOKEN.finditer(line):
            word = token.group()
            if begin is None:
                begin = token.start()
            if not word[0].isalpha() and word not in ("'", '"'):
                operands.append(word)
                continue
            edit = self.operator(word, operands)
            if edit is not None:
                out.append(
                    (begin, token.end(), edit) if edit == "" else (token.end(), token.end(), edit)
                )
            operands, begin = [], None
        return out

    def operator(self, word: str, operands: list[str]) -> str | None:
        """Take in one operator; "" to leave it out, text to add after it, else None."""
        if word == "q":
            self.stack.append((self.scale, self.size))
        elif word == "Q" and self.stack:
            self.scale, self.size = self.stack.pop()
        elif word == "cm" and len(operands) >= 6:
            self.scale *= _area_scale([float(v) for v in operands[-6:-2]])
        elif word == "BT":
            self.text_scale, self.line, self.advance = 1.0, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], 0.0
        elif word == "ET" and self.bars:
            bars, self.bars = self.bars, []
            return " " + " ".join(bars)
        elif word == "Tm" and len(operands) >= 6:
            self.line = [float(v) for v in operands[-6:]]
            self.text_scale = _area_scale(self.line[:4])
            self.advance = 0.0
        elif word in ("Td", "TD") and len(operands) >= 2:
            self._move(float(operands[-2]), float(operands[-1]))
            self.leading = -float(operands[-1]) if word == "TD" else self.leading
        elif word == "TL" and operands:
            self.leading = float(operands[-1])
        elif word == "Tf" and operands:
            self.size = abs(float(operands[-1]))
        elif word in NEXT_LINE:
            self._move(0.0, -self.leading)
        return self._show(word, operands) if word in SHOWS else None

    def _move(self, x: float, y: float) -> None:
        a, b, c, d, e, f = self.line
        self.line = [a, b, c, d, e + x * a + y * c, f + x * b + y * d]
        self.advance = 0.0

    def _show(self, word: str, operands: list[str]) -> str | None:
        small = self.size * self.text_scale * self.scale < self.least
        if self.greek is None:
            return "" if small else None
        width = _letters(operands[-1] if operands else "") * EM * self.size
        at, self.advance = self.advance, self.advance + width
        if not small:
            return None
        if width > 0:
            self.bars.append(_bar(self.line, at, width, self.size, self.greek))
        return ""


def _letters(operand: str) -> int:
    """How many letters a show's operand holds: a (string), a <hex string> or an array."""
    strings = re.findall(r"\((?:\\.|[^\\)])*\)", operand) or [operand]
    count = 0
    for string in strings:
        if string.startswith("<"):
            count += len(re.sub(r"[^0-9A-Fa-f]", "", string)) // 2
        elif string.startswith("("):
            count += len(STRING_CHAR.findall(string[1:-1]))
    return count


def _bar(line: Sequence[float], at: float, width: float, size: float, colour: Color) -> str:
    """A greeked word: a bar in the text's own space, where its letters stood."""
    bottom, height = BAR
    matrix = " ".join(_number(v) for v in line)
    box = " ".join(_number(v) for v in (at, bottom * size, width, height * size))
    fill = " ".join(_number(v) for v in colour.rgb())
    return f"q {matrix} cm {fill} rg {box} re f Q"


def _number(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"


def _area_scale(m: Sequence[float]) -> float:
    """How much a 2 × 2 matrix ``a b c d`` scales lengths (the root of its area scale)."""
    a, b, c, d = m
    return math.sqrt(abs(a * d - b * c))


def _edited(line: str, edits: list[tuple[int, int, str]]) -> str:
    """``line`` with each (begin, end) span replaced by its text."""
    if not edits:
        return line
    kept, at = [], 0
    for begin, end, text in edits:
        kept.append(line[at:begin] + text)
        at = end
    kept.append(line[at:])
    return "".join(kept)
