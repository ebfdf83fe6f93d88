"""The games bundled with printkit; importing this registers each of them."""

from __future__ import annotations

from printkit.games import cards, lemonade_stall, sandcastles, yard_sale  # noqa: F401
