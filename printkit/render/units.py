"""Paper sizes and print geometry, in PDF points."""

from __future__ import annotations

from dataclasses import dataclass

MM = 72 / 25.4  # points per millimetre (reportlab's mm)
INCH = 72.0


@dataclass(frozen=True)
class Paper:
    id: str
    name: str
    width: float
    height: float

    @property
    def landscape(self) -> Paper:
        return Paper(self.id, self.name, max(self.width, self.height), min(self.width, self.height))

    @property
    def portrait(self) -> Paper:
        return Paper(self.id, self.name, min(self.width, self.height), max(self.width, self.height))


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210 * MM, 297 * MM),
    "letter": Paper("letter", "US Letter", 8.5 * INCH, 11 * INCH),
}
LARGE_PAPERS: dict[str, Paper] = {
    "a4": Paper("a2", "A2", 420 * MM, 594 * MM),
    "letter": Paper("arch-c", "ARCH C", 18 * INCH, 24 * INCH),
}

BLEED = 3 * MM
SAFE = 3 * MM
PRINT_MARGIN = 6 * MM  # what most home printers cannot reach
PRINT_EDGE = 5 * MM  # nothing is painted closer to the paper edge than this
CROP_GAP = 2 * MM  # crop marks start this far outside the cut
CROP_LENGTH = 6 * MM
TOKEN_ROOM = 1 * MM  # a space made to hold a token is this much larger than the token
MIN_CROP = 3 * MM  # a shorter mark is not one a player can follow
CAPTION_SIZE = 6.5  # points: sheet captions and footers
CAPTION_BASE = PRINT_EDGE + 1 * MM  # baseline: the descenders stay clear of the edge
CAPTION_TOP = CAPTION_BASE + 3 * MM  # marks above the caption end here


PUNCHES = (  # the usual craft punches: what a player can buy, and its cutting diameter
    ("3/8 in", 9.5 * 72 / 25.4),
    ("1/2 in", 12.7 * 72 / 25.4),
    ("5/8 in", 15.9 * 72 / 25.4),
    ("3/4 in", 19.1 * 72 / 25.4),
    ("1 in", 25.4 * 72 / 25.4),
    ("1 1/4 in", 31.8 * 72 / 25.4),
    ("1 1/2 in", 38.1 * 72 / 25.4),
    ("2 in", 50.8 * 72 / 25.4),
)


def punch_for(diameter: float, square: float) -> str | None:
    """The largest punch that cuts the printed circle (within half a millimetre) and
    stays inside its square; None when no usual punch fits."""
    fitting = [name for name, d in PUNCHES if d <= min(diameter + 0.5 * MM, square)]
    return fitting[-1] if fitting else None


@dataclass(frozen=True)
class Box:
    """A rectangle: x, y of its lower-left corner, width and height."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def cx(self) -> float:
        return self.x + self.width / 2

    @property
    def cy(self) -> float:
        return self.y + self.height / 2

    def inset(self, d: float, dy: float | None = None) -> Box:
        dy = d if dy is None else dy
        return Box(self.x + d, self.y + dy, self.width - 2 * d, self.height - 2 * dy)

    def outset(self, d: float) -> Box:
        return self.inset(-d)

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.right, self.top)

    def split_top(self, height: float) -> tuple[Box, Box]:
        """The top ``height`` of this box, and the rest below it."""
        return (
            Box(self.x, self.top - height, self.width, height),
            Box(self.x, self.y, self.width, self.height - height),
        )

    def columns(self, n: int, gap: float = 0) -> list[Box]:
        w = (self.width - gap * (n - 1)) / n
        return [Box(self.x + i * (w + gap), self.y, w, self.height) for i in range(n)]

    def rows(self, n: int, gap: float = 0) -> list[Box]:
        """Rows from top to bottom."""
        h = (self.height - gap * (n - 1)) / n
        return [Box(self.x, self.top - (i + 1) * h - i * gap, self.width, h) for i in range(n)]
