"""The games bundled with printkit; importing this registers each of them."""

from __future__ import annotations

from printkit.games import (  # noqa: F401
    cards,
    lemonade_stall,
    lemonade_stand,
    sandcastles,
    thats_not_lemonade,
    yard_sale,
)
