"""printkit: a game's canonical data in, a checked print-and-play kit out."""

from __future__ import annotations

__version__ = "0.1.0"
