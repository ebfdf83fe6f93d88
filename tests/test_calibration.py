"""The calibration page as a player reads it: each scale's numbers beside their own lines."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from printkit.build.parts import render_calibration
from printkit.kit import Kit, KitOptions
from printkit.render.calibration import REACH
from printkit.render.impose import house_paper
from printkit.render.units import MM, PAPERS


def _words(paper: str, lang: str = "") -> list[tuple[str, float, float]]:
    """Each string drawn on the front, with where it starts (points)."""
    options = KitOptions(PAPERS[paper], lang=lang)
    page = PdfReader(io.BytesIO(render_calibration(Kit("g", "G", ()), options))).pages[0]
    found: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            found.append((text.strip(), tm[4], tm[5]))

    page.extract_text(visitor_text=visit)
    return found


def _number(text: str) -> int | None:
    try:
        return int(text.replace("\u2212", "-"))
    except ValueError:
        return None


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_number_sits_beside_its_own_line(paper):
    """X numbers in one row under the grid, each within 3 mm across of its line; Y numbers
    in one column left of the grid, each level with its line (upside down: the line
    10 mm above the centre reads −10); no Y number shares the X row."""
    sheet = house_paper(PAPERS[paper])
    cx, cy = sheet.width / 2, sheet.height / 2
    numbers = [(n, x, y) for text, x, y in _words(paper) if (n := _number(text)) is not None]
    below = [(n, x, y) for n, x, y in numbers if y < cy - REACH * MM]
    beside = [(n, x, y) for n, x, y in numbers if y >= cy - REACH * MM - 1 * MM]
    assert sorted(n for n, _, _ in below) == [-20, -10, 0, 10, 20]
    assert sorted(n for n, _, _ in beside) == [-20, -10, 0, 10, 20]
    row = {round(y, 1) for _, _, y in below}
    assert len(row) == 1 and not row & {round(y, 1) for _, _, y in beside}
    for n, x, _ in below:  # a centred number starts left of its line, by under half its width
        assert 0 <= cx + n * MM - x < 3 * MM
    for n, x, y in beside:
        assert abs(y - (cy - n * MM)) < 2 * MM  # the baseline sits just under the line
        assert cx - REACH * MM - 12 * MM < x < cx - REACH * MM


def test_the_page_speaks_the_kits_language():
    words = " ".join(text for text, _, _ in _words("a4", "ru"))
    assert "Калибровка" in words and "просвет" in words and "Duplex" not in words
