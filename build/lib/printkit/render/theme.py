"""Colours and the ink-saver switch: one place that decides how much ink a kit uses."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, black, white

LEMON = HexColor("#F7D84A")
LEAF = HexColor("#5E9C4B")
SKY = HexColor("#BFE0F2")
INK = HexColor("#222222")
GREY = HexColor("#8A8A8A")
LIGHT = HexColor("#EEEEEE")


def mix(colour: Color, other: Color, amount: float) -> Color:
    """``amount`` of ``other`` blended into ``colour`` (0: colour, 1: other)."""
    return Color(
        colour.red + (other.red - colour.red) * amount,
        colour.green + (other.green - colour.green) * amount,
        colour.blue + (other.blue - colour.blue) * amount,
    )


@dataclass(frozen=True)
class Theme:
    """How a kit spends ink; ``ink_saver`` drops large flood fills to white."""

    ink_saver: bool = False

    def flood(self, colour: Color) -> Color:
        """A large background area: white in ink-saver mode."""
        return white if self.ink_saver else colour

    def pale(self, colour: Color, amount: float = 0.75) -> Color:
        """A light tint for panels (also white in ink-saver mode)."""
        return white if self.ink_saver else mix(colour, white, amount)

    def solid(self, colour: Color) -> Color:
        """Small areas that carry meaning keep their colour."""
        return colour

    @property
    def ink(self) -> Color:
        return INK

    @property
    def line(self) -> Color:
        return black


def hex_colour(value: str) -> Color:
    return HexColor(value)
