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
CROP_GAP = 2 * MM
CROP_LENGTH = 6 * MM


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
