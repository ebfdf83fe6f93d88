"""Pictures without words too small to read.

A rulebook shows whole boards, mats and tables at a fraction of their size: their
words would print at 1–3 pt, grey specks no one can read. Dropping them leaves the
shapes, colours and art, and the picture's callouts or caption say what is where.
The filter works on the operators the drawing wrote, so any kit renderer's drawing
can be shown this way without knowing about it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence

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
# A line naming none of these operators (and holding no string or array) changes
# neither the scale nor the font and shows no text: most lines, paths and fills, pass
# through without being read token by token.
STATEFUL = re.compile(r"(?<!\S)(?:q|Q|cm|BT|Tm|Tf|Tj|TJ|'|\")(?!\S)")


def without_small_text(draw: DrawFn, least: float) -> DrawFn:
    """``draw``, but any word it prints under ``least`` points as placed on the page
    (its font size times every scale around it) is left out."""

    def drawn(c: Canvas, box: Box) -> None:
        start = len(c._code)
        scale = _area_scale(c._currentMatrix[:4])
        size = c._fontsize
        draw(c, box)
        c._code[start:] = drop_small_text(c._code[start:], scale, size, least)

    return drawn


def drop_small_text(code: Sequence[str], scale: float, size: float, least: float) -> list[str]:
    """The content-stream lines with every text-showing operator whose text would
    print under ``least`` points removed; ``scale`` and ``size`` are the scale and
    font size in force before the first line."""
    stack: list[tuple[float, float]] = []
    text_scale = 1.0
    out = []
    for line in code:
        if line.startswith("BI") or not (  # an inline image: data, not operators
            "(" in line or "[" in line or STATEFUL.search(line)
        ):
            out.append(line)
            continue
        operands: list[str] = []
        cut: list[tuple[int, int]] = []
        begin = None
        for token in TOKEN.finditer(line):
            word = token.group()
            if begin is None:
                begin = token.start()
            if not word[0].isalpha() and word not in ("'", '"'):
                operands.append(word)
                continue
            if word == "q":
                stack.append((scale, size))
            elif word == "Q" and stack:
                scale, size = stack.pop()
            elif word == "cm" and len(operands) >= 6:
                scale *= _area_scale([float(v) for v in operands[-6:-2]])
            elif word == "BT":
                text_scale = 1.0
            elif word == "Tm" and len(operands) >= 6:
                text_scale = _area_scale([float(v) for v in operands[-6:-2]])
            elif word == "Tf" and operands:
                size = abs(float(operands[-1]))
            elif word in SHOWS and size * text_scale * scale < least:
                cut.append((begin, token.end()))
            operands, begin = [], None
        out.append(_without(line, cut))
    return out


def _area_scale(m: Sequence[float]) -> float:
    """How much a 2 × 2 matrix ``a b c d`` scales lengths (the root of its area scale)."""
    a, b, c, d = m
    return math.sqrt(abs(a * d - b * c))


def _without(line: str, cuts: list[tuple[int, int]]) -> str:
    if not cuts:
        return line
    kept, at = [], 0
    for begin, end in cuts:
        kept.append(line[at:begin])
        at = end
    kept.append(line[at:])
    return "".join(kept)
