"""The games bundled with printkit; importing this registers each of them."""

from __future__ import annotations

from printkit.games import cards, lemonade_stall  # noqa: F401
from printkit.games import sandcastles  # noqa: F401
from printkit.games import yard_sale  # noqa: F401
from printkit.games import thats_not_lemonade  # noqa: F401
