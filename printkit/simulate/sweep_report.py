"""A sweep's reports side by side: each metric per variant, as text and as JSON.

Every variant played the same seeds, so a difference between two rows comes
from the value changed, not from the dice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from printkit.simulate.report import Report, Section, figure_json, format_figure, report_json
from printkit.simulate.stats import Rate
from printkit.simulate.sweep import Axis

CELL = 15  # width of one figure column: "25.3% ±4.9" and room


def sweep_title(report: Report, axes: Sequence[Axis], variants: int) -> str:
    swept = " × ".join(f"{a.path} ({len(a.values)} values)" for a in axes)
    return (
        f"{report.title}: sweep of {swept}, {variants} variants × {report.requested:,} games, "
        f"{report.players} players, seed {report.seed}"
    )


def format_sweep(
    axes: Sequence[Axis], labels: Sequence[str], reports: Sequence[Report]
) -> list[str]:
    """One block per section: a row per variant (its values), a column per line of the report.

    Each figure shows the half-width of its 95% interval, so a designer can
    tell a real difference between two rows from noise.
    """
    lines = [sweep_title(reports[0], axes, len(reports)), ""]
    head = " × ".join(a.path for a in axes)
    width = max(len(head), *(len(label) for label in labels)) + 4
    for key in section_keys(reports[0]):
        sections = [section_of(r, key) for r in reports]
        columns = [row.label for row in sections[0].rows]
        lines.append(sections[0].title)
        lines.append(f"  {head:<{width - 2}}" + "".join(f"{_clip(c):>{CELL}}" for c in columns))
        for label, section in zip(labels, sections):
            cells = [_cell(_figure(section, c)) for c in columns]
            lines.append(f"  {label:<{width - 2}}" + "".join(f"{c:>{CELL}}" for c in cells))
        lines.append("")
    return lines


def _cell(figure) -> str:
    text = format_figure(figure)
    if figure is None or math.isnan(figure.value):
        return text
    low, high = figure.interval()
    if math.isnan(low):
        return text
    half = (high - low) / 2
    return f"{text} ±{half * 100:.1f}" if isinstance(figure, Rate) else f"{text} ±{half:.1f}"


def sweep_json(axes: Sequence[Axis], labels: Sequence[str], reports: Sequence[Report]) -> dict:
    first = reports[0]
    return {
        "game": first.game,
        "title": first.title,
        "players": first.players,
        "seed": first.seed,
        "games_per_variant": first.requested,
        "axes": [{"path": a.path, "values": list(a.values)} for a in axes],
        "variants": [
            {"label": label, "report": report_json(report)}
            for label, report in zip(labels, reports)
        ],
        "metrics": {
            key: {
                row.label: [figure_json(_figure(section_of(r, key), row.label)) for r in reports]
                for row in section_of(first, key).rows
            }
            for key in section_keys(first)
        },
    }


def section_keys(report: Report) -> list[str]:
    return [s.key for s in report.sections if s.rows]


def section_of(report: Report, key: str) -> Section:
    return next(s for s in report.sections if s.key == key)


def _figure(section: Section, label: str):
    row = section.row(label)
    return row.figure if row else None


def _clip(label: str) -> str:
    return label if len(label) < CELL - 1 else label[: CELL - 3] + "…"
