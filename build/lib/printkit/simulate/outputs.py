"""Write a finished run to disk: JSON for machines, a one-page PDF and a PNG for people."""

from __future__ import annotations

import json
from pathlib import Path

from printkit.simulate.plots import write_pdf, write_png
from printkit.simulate.report import Report, comparison_json, report_json


def report_data(report: Report, before: Report | None = None) -> dict:
    """The JSON document: the report, or both reports and every change between them."""
    return comparison_json(before, report) if before else report_json(report)


def write_outputs(report: Report, out: Path, before: Report | None = None) -> list[Path]:
    """``<game>-<players>p-balance.{json,pdf,png}`` in ``out``; returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"{report.game}-{report.players}p-balance"
    data = stem.with_suffix(".json")
    data.write_text(json.dumps(report_data(report, before), indent=2) + "\n", encoding="utf-8")
    pdf = write_pdf(report, stem.with_suffix(".pdf"), before)
    png = write_png(pdf, stem.with_suffix(".png"))
    return [data, pdf, png]
