"""Numbers as the kits print them: money, signed changes, ranges, lists in prose.

One set of formats for every board, card and rulebook, so a change reads the
same on a card as in the rules. Pure Python (the rulebook's templates use these
as filters too); a true minus sign (U+2212) throughout, never a hyphen.
"""

from __future__ import annotations

from collections.abc import Iterable

MINUS = "\u2212"
DASH = "\u2013"  # en dash, between the ends of a range


def signed(value: int) -> str:
    """``+2``, ``−1``, ``0``: a change as printed.

    Zero carries no sign: a player reads a bare ``0`` as "no change" at a
    glance, where ``±0`` is algebra and ``−0`` or ``+0`` reads as a misprint.
    """
    if value == 0:
        return "0"
    return f"+{value}" if value > 0 else f"{MINUS}{-value}"


def money(value: int) -> str:
    """``$5``, ``−$3``: an amount of money."""
    return f"${value}" if value >= 0 else f"{MINUS}${-value}"


def signed_money(value: int) -> str:
    """``+$2``, ``−$1``, ``$0``: a change of money, zero unsigned as in `signed`."""
    return f"+${value}" if value > 0 else money(value)


def cents(value: int) -> str:
    """``50¢``: a coin's value where the game counts in cents."""
    return f"{value}¢"


def degrees(value: int) -> str:
    """``25°``."""
    return f"{value}°"


def span(low: int, high: int) -> str:
    """``3`` or ``3–5``: a range of numbers, one number when its ends meet."""
    return str(low) if low == high else f"{low}{DASH}{high}"


def names(values: Iterable[object], last: str = "and") -> str:
    """``a, b and c``: a list in prose, ``last`` joining the final pair."""
    words = [str(v) for v in values]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"
