"""A balance report as data, its before/after comparison, and its text and JSON forms.

One `Report` feeds the terminal table, the JSON file and the plots, so they
always show the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from printkit.errors import NotFound
from printkit.simulate.records import Bot
from printkit.simulate.stats import Figure, Rate, Spread, p_value, significance

LABEL, INTERVAL, QUARTILES, VERSUS, COUNT = 24, 22, 21, 13, 10  # column widths


@dataclass(frozen=True)
class Row:
    label: str
    figure: Figure


@dataclass(frozen=True)
class Section:
    key: str
    title: str
    rows: tuple[Row, ...]
    reference: str | None = None  # a row label the others are set against ("all days")
    note: str = ""
    role: str = ""  # which tally it is, whatever the game calls it: "score", "kinds", ...
    unit: str = ""  # written before a value in the plots: "$"

    def row(self, label: str) -> Row | None:
        return next((r for r in self.rows if r.label == label), None)


@dataclass(frozen=True)
class Notable:
    """A game worth replaying, with the seed that replays it."""

    label: str
    index: int
    seed: int
    detail: str


@dataclass(frozen=True)
class Report:
    game: str
    title: str
    content: str  # where the content came from, as the user named it
    players: int
    seed: int
    requested: int
    games: int  # games finished: fewer than requested after Ctrl-C
    strategies: tuple[str, ...]
    sections: tuple[Section, ...]
    notable: tuple[Notable, ...] = ()
    bots: tuple[Bot, ...] = ()  # the bots' numbers, when the game states them
    bots_note: str = ""

    @property
    def interrupted(self) -> bool:
        return self.games < self.requested

    def section(self, key: str) -> Section:
        return next(s for s in self.sections if s.key == key)

    def figure(self, key: str, label: str) -> Figure:
        row = self.section(key).row(label)
        if row is None:
            raise NotFound(f"no row {label!r} in section {key!r}")
        return row.figure


@dataclass(frozen=True)
class Change:
    """One figure before and after a content change, with its test."""

    section: str
    title: str
    label: str
    before: Figure | None
    after: Figure | None

    @property
    def difference(self) -> float:
        if self.before is None or self.after is None:
            return math.nan
        return self.after.value - self.before.value

    @property
    def p(self) -> float | None:
        if self.before is None or self.after is None:
            return None
        return p_value(self.before, self.after)


def compare(before: Report, after: Report) -> tuple[Change, ...]:
    """Every figure of both reports paired by section and label, in the after order."""
    changes = []
    for section in after.sections:
        old = next((s for s in before.sections if s.key == section.key), None)
        labels = [r.label for r in section.rows]
        labels += [r.label for r in (old.rows if old else ()) if r.label not in labels]
        for label in labels:
            was = old.row(label) if old else None
            now = section.row(label)
            changes.append(
                Change(
                    section=section.key,
                    title=section.title,
                    label=label,
                    before=was.figure if was else None,
                    after=now.figure if now else None,
                )
            )
    return tuple(changes)


# -- text --------------------------------------------------------------------------
def describe(report: Report) -> str:
    """The run in one line: what was played, on what content, and how far it got."""
    done = f"{report.games:,} games"
    if report.interrupted:
        done = f"{report.games:,} of {report.requested:,} games (interrupted)"
    return (
        f"{report.title}: {done}, {report.players} players, seed {report.seed}, "
        f"content {report.content}"
    )


def format_figure(figure: Figure | None) -> str:
    if figure is None:
        return "-"
    if isinstance(figure, Rate):
        return _percent(figure.value)
    return _mean(figure.value)


def format_interval(figure: Figure) -> str:
    low, high = figure.interval()
    if math.isnan(low):
        return ""
    if isinstance(figure, Rate):
        return f"[{_percent(low)} – {_percent(high)}]"
    return f"[{_mean(low)} – {_mean(high)}]"


def format_difference(change: Change) -> str:
    if math.isnan(change.difference):
        return ""
    if isinstance(change.after, Rate):
        return f"{change.difference * 100:+.1f} pts"
    return f"{change.difference:+.2f}"


def format_table(report: Report) -> list[str]:
    """The report as aligned text: one block per section, intervals at 95%."""
    lines = [describe(report), ""]
    if report.bots:
        lines += [*bot_lines(report.bots, report.bots_note), ""]
    for section in report.sections:
        lines += _section_lines(section)
        lines.append("")
    lines += _notable_lines(report)
    return lines


def bot_lines(bots: tuple[Bot, ...], note: str = "") -> list[str]:
    """Each bot and how it plays, for a game whose bots play by numbers."""
    title = "Bots" + (f"  ({note})" if note else "")
    return [title, *(f"  {bot.name:<{LABEL}}{bot.plays}" for bot in bots)]


def _section_lines(section: Section) -> Iterator[str]:
    """A title, a header and one aligned line per row."""
    yield section.title + (f"  ({section.note})" if section.note else "")
    spreads = any(isinstance(r.figure, Spread) for r in section.rows)
    reference = section.row(section.reference) if section.reference else None
    header = f"  {'':<{LABEL}}{'value':>9}  {'95% interval':<{INTERVAL}}"
    if spreads:
        header += f"{'quartiles':<{QUARTILES}}"
    if reference is not None:
        header += f"{'vs ' + reference.label:>{VERSUS}}"
    yield header + f"{'n':>{COUNT}}"
    for row in section.rows:
        figure = row.figure
        n = figure.trials if isinstance(figure, Rate) else figure.n
        interval = format_interval(figure)
        text = f"  {row.label:<{LABEL}}{format_figure(figure):>9}  {interval:<{INTERVAL}}"
        if spreads:
            quartiles = " / ".join(f"{q:g}" for q in figure.quartiles) if n else "-"
            text += f"{quartiles:<{QUARTILES}}"
        if reference is not None:
            versus = figure.value - reference.figure.value
            shown = "" if row is reference or not n else f"{versus:+.2f}"
            text += f"{shown:>{VERSUS}}"
        yield text + f"{n:>{COUNT},}"


def _notable_lines(report: Report) -> list[str]:
    if not report.notable:
        return []
    replay = f"printkit simulate {report.game} --replay SEED --players {report.players}"
    lines = [f"Games worth a replay ({replay})"]
    for game in report.notable:
        lines.append(f"  {game.label:<{LABEL}}seed {game.seed:<15} {game.detail}")
    return lines


def format_comparison(before: Report, after: Report) -> list[str]:
    """Every figure before → after, with its difference and significance mark."""
    lines = [f"before: {describe(before)}", f"after:  {describe(after)}", ""]
    title = None
    for change in compare(before, after):
        if change.title != title:
            if title is not None:
                lines.append("")
            title = change.title
            lines.append(title)
        mark = significance(change.p)
        lines.append(
            f"  {change.label:<{LABEL}}{format_figure(change.before):>9} → "
            f"{format_figure(change.after):<9}{format_difference(change):>11}  ({mark})"
        )
    return lines


def _percent(value: float) -> str:
    return "-" if math.isnan(value) else f"{value * 100:.1f}%"


def _mean(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.2f}"


# -- JSON ---------------------------------------------------------------------------
def figure_json(figure: Figure | None) -> dict | None:
    if figure is None:
        return None
    low, high = figure.interval()
    data: dict = {"value": _number(figure.value), "low": _number(low), "high": _number(high)}
    if isinstance(figure, Rate):
        data |= {"hits": figure.hits, "trials": figure.trials}
    else:
        sd = math.sqrt(figure.variance) if figure.n > 1 else math.nan
        q1, median, q3 = figure.quartiles
        data |= {
            "n": figure.n,
            "sd": _number(sd),
            "q1": _number(q1),
            "median": _number(median),
            "q3": _number(q3),
            "min": figure.low,
            "max": figure.high,
        }
    return data


def report_json(report: Report) -> dict:
    return {
        "game": report.game,
        "title": report.title,
        "content": report.content,
        "players": report.players,
        "seed": report.seed,
        "requested": report.requested,
        "games": report.games,
        "interrupted": report.interrupted,
        "strategies": list(report.strategies),
        "bots": [
            {"name": b.name, "plays": b.plays, "settings": dict(b.settings)} for b in report.bots
        ],
        "bots_note": report.bots_note,
        "sections": [
            {
                "key": s.key,
                "title": s.title,
                "reference": s.reference,
                "role": s.role,
                "note": s.note,
                "unit": s.unit,
                "rows": [{"label": r.label, **figure_json(r.figure)} for r in s.rows],
            }
            for s in report.sections
        ],
        "notable": [
            {"label": g.label, "index": g.index, "seed": g.seed, "detail": g.detail}
            for g in report.notable
        ],
    }


def comparison_json(before: Report, after: Report) -> dict:
    return {
        "before": report_json(before),
        "after": report_json(after),
        "changes": [
            {
                "section": c.section,
                "label": c.label,
                "before": figure_json(c.before),
                "after": figure_json(c.after),
                "difference": _number(c.difference),
                "p": _number(c.p),
                "mark": significance(c.p),
            }
            for c in compare(before, after)
        ],
    }


def _number(value: float | None) -> float | None:
    """JSON has no NaN: a figure without data is null."""
    if value is None or math.isnan(value):
        return None
    return round(value, 6)
