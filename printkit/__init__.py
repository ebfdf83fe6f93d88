"""printkit: a game's canonical data in, a checked print-and-play kit out."""

from __future__ import annotations

from printkit.lazy_patterns import defer_paragraph_patterns

__version__ = "0.1.0"

defer_paragraph_patterns()  # before anything imports reportlab: a fifth of a short book's time
