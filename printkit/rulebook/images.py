"""Pictures a rulebook's Markdown names (``![A full table](art/table.png)``), from the pack.

A paragraph that is one image becomes a picture block: printed in the PDF at
the page's width at most (SVG drawn as vectors) and embedded in the HTML page.
An image inside a line of text is an icon as tall as the text. A missing
file, or one outside the pack or on the web, is an error naming it, never a
silently printed alt text.
"""

from __future__ import annotations

import base64
from copy import copy
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path

from markdown_it.token import Token
from reportlab.platypus import Flowable

from printkit.content.packs import is_inside
from printkit.errors import RenderError
from printkit.rulebook.markdown import Node, plain

SUFFIXES = {
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".svg": "image/svg+xml",
}
PRINT_DPI = 150  # a raster image's natural printed size: its pixels at this resolution
CSS_PX_PER_PT = 96 / 72


@dataclass(frozen=True)
class ImageBlock:
    """A picture file of the pack, as a rulebook `Block`."""

    path: Path
    alt: str

    def _size(self) -> tuple[float, float]:
        if self.path.suffix.lower() == ".svg":
            from printkit.render.layout import svg_size

            return svg_size(self.path)
        from PIL import Image

        with Image.open(self.path) as image:
            w, h = image.size
        return w * 72 / PRINT_DPI, h * 72 / PRINT_DPI

    def flowables(self, width: float) -> list[Flowable]:
        natural_w, natural_h = self._size()
        scale = min(1.0, width / natural_w)
        if self.path.suffix.lower() == ".svg":
            drawing = _svg(self.path).copy()  # scaled here: the kept drawing stays as read
            drawing.initialFontName = _svg(self.path).initialFontName
            drawing.scale(scale, scale)
            drawing.width, drawing.height = natural_w * scale, natural_h * scale
            return [drawing]
        from reportlab.platypus import Image

        return [Image(str(self.path), natural_w * scale, natural_h * scale)]

    def html(self) -> str:
        data = base64.b64encode(self.path.read_bytes()).decode("ascii")
        mime = SUFFIXES[self.path.suffix.lower()]
        w = round(self._size()[0] * CSS_PX_PER_PT)
        return (
            f'<img src="data:{mime};base64,{data}" style="max-width:100%;width:{w}px" '
            f'alt="{escape(self.alt)}">'
        )


def _svg(path: Path):
    """The file's drawing, read once per content (svglib is slow; the cover is big)."""
    from printkit.render.layout import svg_drawing

    return svg_drawing(path)


def place_images(nodes: list[Node], folder: Path) -> tuple[list[Node], dict[str, ImageBlock]]:
    """The tree with each image paragraph turned into a picture block, and those blocks."""
    blocks: dict[str, ImageBlock] = {}
    return [_place(node, folder, blocks) for node in nodes], blocks


def _place(node: Node, folder: Path, blocks: dict[str, ImageBlock]) -> Node:
    images = [t for t in _tokens(node.inline) if t.type == "image"] if node.inline else []
    if images:
        line = f" (rulebook line {node.line})" if node.line else ""
        alone = [t for t in node.inline if t.type != "image" and (t.content or "").strip()] == []
        if alone and len(images) == 1 and node.kind == "paragraph":
            src = str(images[0].attrs.get("src", ""))
            key = f"image:{src}"
            blocks[key] = ImageBlock(_find(src, folder, line), plain(images[0].children or []))
            return Node("directive", name="block", arg=key, line=node.line)
        node = replace(node, inline=_with_icons(node.inline, folder, line))  # icons in a line
    children = [_place(c, folder, blocks) for c in node.children]
    if any(new is not old for new, old in zip(children, node.children)):
        return replace(node, children=children)
    return node  # nothing placed inside: the node as it is


def _with_icons(tokens: list[Token], folder: Path, line: str) -> list[Token]:
    """The tokens with each image's icon found: new tokens where they change, so a tree
    sharing the parsed tokens (kept by `markdown.parse`) is never edited."""
    out = []
    for token in tokens:
        inner = _with_icons(token.children, folder, line) if token.children else token.children
        if token.type == "image" or inner != token.children:
            token = copy(token)
            token.children = inner
            if token.type == "image":
                icon = _icon(_find(str(token.attrs.get("src", "")), folder, line))
                token.meta = {**token.meta, "icon": icon}
        out.append(token)
    return out


def _tokens(tokens):
    for token in tokens:
        yield token
        yield from _tokens(token.children or [])


def _icon(path: Path) -> dict[str, str]:
    """An inline picture for both writers: a PNG file for Paragraph, a data URI for HTML."""
    from printkit.render.layout import raster_icon

    png = raster_icon(path) if path.suffix.lower() == ".svg" else path
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return {"png": str(png), "uri": f"data:{SUFFIXES[path.suffix.lower()]};base64,{data}"}


def _find(src: str, folder: Path, line: str) -> Path:
    if "://" in src:
        raise RenderError(
            f"rulebook: the image {src!r}{line} is on the web",
            "save it into the game's folder and name it by its path there",
        )
    if Path(src).suffix.lower() not in SUFFIXES:
        raise RenderError(f"rulebook: the image {src!r}{line} is not a PNG, JPEG or SVG file")
    for base in (folder / "rulebook", folder):
        path = base / src
        if path.is_file() and is_inside(path, folder):
            return path
    raise RenderError(
        f"rulebook: no image file {src!r}{line} in {folder}",
        "paths are relative to the game's folder (or its rulebook/ folder)",
    )
