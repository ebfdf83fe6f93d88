"""Deterministic PDF canvases and all-or-nothing file writes."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printkit.build.files import write_atomic  # noqa: F401 - re-exported
from printkit.render.fonts import BODY, register_fonts
from printkit.render.units import Box


def new_canvas(
    width: float, height: float, title: str, author: str = "printkit"
) -> tuple[Canvas, io.BytesIO]:
    """A canvas in reportlab's invariant mode: no timestamps, no random ids."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(width, height),
        invariant=1,
        pageCompression=1,
        initialFontName=BODY,  # never an unembedded base-14 font, even on a blank page
        initialFontSize=10,
    )
    canvas.setTitle(title)
    canvas.setAuthor(author)
    canvas.setCreator("printkit")
    canvas.setProducer("printkit")
    return canvas, buffer


def set_boxes(canvas: Canvas, trim: Box, bleed: Box) -> None:
    """TrimBox and BleedBox for the page about to be drawn (print shops read them)."""
    canvas.setTrimBox(trim.as_tuple())
    canvas.setBleedBox(bleed.as_tuple())


def clear_boxes(canvas: Canvas) -> None:
    canvas.setTrimBox(None)
    canvas.setBleedBox(None)


def finish(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    canvas.save()
    return buffer.getvalue()
