"""Card sizes by name or in millimetres, as a designer writes them in game.yaml.

``card: tarot`` or ``card: {width: 70, height: 120}`` (millimetres, halves
allowed). The names are the sizes card makers and print shops sell.
"""

from __future__ import annotations

from printkit.content.fields import Field, Size, suggest

CARD_SIZES: dict[str, Size] = {
    "poker": Size(63, 88),
    "bridge": Size(56, 88),
    "mini": Size(44, 63),
    "tarot": Size(70, 120),
    "square": Size(70, 70),
}
SMALLEST, LARGEST = 20, 300  # millimetres


def read_card_size(node: Field) -> Size:
    """A card size: one of `CARD_SIZES` by name, or ``{width, height}`` in millimetres."""
    if isinstance(node.raw, str):
        name = node.as_str()
        if name not in CARD_SIZES:
            sizes = ", ".join(f"{k} ({v.width:g} x {v.height:g} mm)" for k, v in CARD_SIZES.items())
            raise node.error(
                f"unknown card size {name!r}",
                f"{suggest(name, CARD_SIZES)}; sizes by name: {sizes}; or write "
                "{width: 63, height: 88} in millimetres",
            )
        return CARD_SIZES[name]
    node.expect_keys(["width", "height"])
    return Size(_millimetres(node.get("width")), _millimetres(node.get("height")))


def _millimetres(node: Field) -> float:
    value = node.raw
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise node.error(f"expected millimetres, got {value!r}", "write a number such as 63")
    if not SMALLEST <= value <= LARGEST:
        raise node.error(
            f"{value:g} mm is outside {SMALLEST}..{LARGEST} mm", "card sizes are in millimetres"
        )
    return float(value)
