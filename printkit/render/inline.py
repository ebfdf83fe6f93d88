"""Card text with icons inline, drawn as vectors: ``Tonight your :lemons:lemons spoil``.

Layout zones set rich text with reportlab's Paragraph, which places an icon as
a raster image and may break a line between an icon and the word it leads. A
game's own card faces use this instead: an icon glued to its word wraps with
it, sits on the baseline at the text's size, and is the pack's SVG drawn as
paths, so it prints as crisply as the text. Lines break only at plain spaces:
a no-break space keeps a number with its word.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit.content.layout import INLINE_ICON
from printkit.content.typography import typeset_text
from printkit.errors import RenderError
from printkit.render.fonts import PT_PER_MM, width
from printkit.render.layout import draw_picture
from printkit.render.theme import INK
from printkit.render.units import Box

ICON_SIZE = 1.35  # an icon file's side, in text sizes (its drawing leaves a margin)
ICON_DROP = 0.28  # how far its box reaches below the baseline, in text sizes
ICON_GAP = 0.05  # between an icon and its word, in text sizes

Part = str | Path  # a run of text, or an icon file


@dataclass(frozen=True)
class IconText:
    """Fitted text: lines of words, each word a tuple of text runs and icons."""

    lines: tuple[tuple[tuple[Part, ...], ...], ...]
    font: str
    size: float
    leading: float

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


def _word(token: str, icon_file: Callable[[str], Path | None], what: str) -> tuple[Part, ...]:
    parts: list[Part] = []
    at = 0
    for match in INLINE_ICON.finditer(token):
        if match.start() > at:
            parts.append(token[at : match.start()])
        path = icon_file(match.group(1))
        if path is None:
            raise RenderError(f"{what}: no icon {match.group(1)!r} for {token!r}")
        parts.append(path)
        at = match.end()
    if at < len(token):
        parts.append(token[at:])
    return tuple(parts)


def word_width(word: tuple[Part, ...], font: str, size: float) -> float:
    total = 0.0
    for i, part in enumerate(word):
        if isinstance(part, Path):
            total += size * ICON_SIZE + (size * ICON_GAP if i + 1 < len(word) else 0)
        else:
            total += width(part, font, size)
    return total


def _wrap(paragraphs, font: str, size: float, room: float) -> list[tuple[tuple[Part, ...], ...]]:
    space = width(" ", font, size)
    lines = []
    for words in paragraphs:
        line: list[tuple[Part, ...]] = []
        used = 0.0
        for word in words:
            w = word_width(word, font, size)
            if line and used + space + w > room:
                lines.append(tuple(line))
                line, used = [], 0.0
            used += (space if line else 0.0) + w
            line.append(word)
        lines.append(tuple(line))
    return lines


def fit_icon_text(
    text: str,
    font: str,
    box: tuple[float, float],
    sizes: tuple[float, float],
    icon_file: Callable[[str], Path | None],
    what: str,
    leading: float = 1.2,
    language: str = "en",
) -> IconText:
    """The largest size from ``sizes[0]`` down to ``sizes[1]`` at which the text, its
    ``:icon:`` names drawn from ``icon_file``, fits a box of (width, height) points.

    The text is set by ``language``'s typographic rules first ("" for text already set);
    lines break only at plain spaces, so a non-breaking space holds its words together."""
    text = typeset_text(text, language)
    paragraphs = [
        [_word(token, icon_file, what) for token in line.split(" ") if token]
        for line in text.split("\n")
    ]
    size, least = sizes
    while size >= least - 1e-6:
        lines = _wrap(paragraphs, font, size, box[0])
        widest = max((_line_width(line, font, size) for line in lines), default=0.0)
        if len(lines) * size * leading <= box[1] + 0.01 and widest <= box[0] + 0.01:
            return IconText(tuple(lines), font, size, size * leading)
        size -= 0.5
    raise RenderError(
        f"{what}: text does not fit its box at the minimum size of {least:g} pt: {text!r}",
        f"shorten the text (the box is {box[0] / PT_PER_MM:.0f} x {box[1] / PT_PER_MM:.0f} mm)",
    )


def _line_width(line, font: str, size: float) -> float:
    space = width(" ", font, size)
    return sum(word_width(w, font, size) for w in line) + space * max(len(line) - 1, 0)


def draw_icon_text(c: Canvas, fitted: IconText, x: float, top: float, colour: Color = INK) -> None:
    """Draw fitted lines left-aligned downward from ``top``; the words between two icons go
    out as one string, and a line's strings as one text object after its icons, so the
    PDF's text reads as the sentence it is (an icon does not end the line for a reader)."""
    size, font = fitted.size, fitted.font
    baseline = top - size
    for line in fitted.lines:
        cursor = x
        text = c.beginText()
        text.setFont(font, size)
        text.setFillColor(colour)
        for run in _runs(line, size):
            if isinstance(run, float):
                cursor += run
            elif isinstance(run, Path):
                side = size * ICON_SIZE
                draw_picture(c, Box(cursor, baseline - size * ICON_DROP, side, side), run)
                cursor += side
            else:
                text.setTextOrigin(cursor, baseline)
                text.textOut(run)
                cursor += width(run, font, size)
        c.drawText(text)
        baseline -= fitted.leading


def _runs(line: tuple[tuple[Part, ...], ...], size: float) -> list[Part | float]:
    """A line as text runs, icons and the gaps (points) after icons inside a word: the
    words and spaces between two icons joined into one string."""
    runs: list[Part | float] = []
    for index, word in enumerate(line):
        for i, part in enumerate(word):
            if isinstance(part, Path):
                runs.append(part)
                if i + 1 < len(word):
                    runs.append(size * ICON_GAP)
            elif runs and isinstance(runs[-1], str):
                runs[-1] += part
            else:
                runs.append(part)
        if index + 1 < len(line):
            if runs and isinstance(runs[-1], str):
                runs[-1] += " "
            else:
                runs.append(" ")
    return runs
