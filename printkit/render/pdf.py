"""Deterministic PDF canvases and all-or-nothing file writes."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

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


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename: never a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):  # POSIX: as an ordinary file would get, not mkstemp's 0600
            os.fchmod(handle, 0o666 & ~_umask())
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
