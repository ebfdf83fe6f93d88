"""List the designer's provisional choices: values the source rules do not state."""

from __future__ import annotations

from pathlib import Path

from printkit.content.fields import Gap


def relative(gap: Gap, root: Path) -> str:
    try:
        return str(Path(gap.file).resolve().relative_to(root.resolve()))
    except ValueError:
        return gap.file


def format_gaps(title: str, gaps: tuple[Gap, ...], root: Path) -> list[str]:
    lines = [f"{title}: {len(gaps)} provisional value(s)"]
    for gap in gaps:
        where = relative(gap, root) + (f":{gap.line}" if gap.line else "")
        lines.append(f"  {where}  {gap.field} = {gap.value}")
        lines.append(f"      why: {gap.reason}")
        if not gap.appendix:
            lines.append("      (appendix: false, so the rulebook does not print it)")
    return lines


def gaps_as_json(game: str, title: str, gaps: tuple[Gap, ...], root: Path) -> dict:
    """One game's provisional values for machines: where each is, its value and why."""
    return {
        "game": game,
        "title": title,
        "gaps": [
            {
                "file": relative(gap, root),
                "line": gap.line,
                "field": gap.field,
                "value": gap.value,
                "reason": gap.reason,
                "appendix": gap.appendix,
            }
            for gap in gaps
        ],
    }
