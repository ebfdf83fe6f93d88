"""Render a game's kit into PDFs: a guide page first, then every part, for one paper size.

All files are rendered in memory first and written only when every part has
rendered, each through a temporary file and a rename: an error never leaves a
half-written kit.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from printkit.guide import GuideRow, draw_guide
from printkit.kit import Board, Deck, Kit, KitOptions, Pages, Part
from printkit.render.impose import (
    draw_duplex,
    draw_gutterfold,
    footer,
    grid_for,
    gutterfold_grid,
    sheets,
)
from printkit.render.pdf import finish, new_canvas, write_atomic
from printkit.render.tiling import draw_board_form, draw_tiles, plan_tiles
from printkit.render.units import LARGE_PAPERS, MM, PRINT_MARGIN, Box, Paper

KIT_FILE = "kit.pdf"
FOLD_FILE = "cards-fold-and-glue.pdf"


@dataclass(frozen=True)
class BuiltFile:
    path: Path
    pages: int


def page_count(part: Part, paper: Paper) -> int:
    if isinstance(part, Deck):
        grid = grid_for(paper, part.width, part.height)
        count = len(sheets(part.pieces, grid.per_sheet))
        return count * (2 if any(p.back for p in part.pieces) else 1)
    if isinstance(part, Board):
        return len(plan_tiles(part.width, part.height, paper)[1])
    return len(part.pages)


def _how(part: Part) -> tuple[str, str]:
    if isinstance(part, Deck):
        if any(p.back for p in part.pieces):
            return "double-sided, flip on the long edge, card stock", part.note
        return "single-sided, card stock", part.note
    if isinstance(part, Board):
        return (
            "single-sided, card stock or paper glued to card",
            "trim, overlap the grey strips, glue; " + part.note,
        )
    return "single-sided", part.note


def guide_rows(kit: Kit, paper: Paper, first_page: int) -> list[GuideRow]:
    rows, page = [], first_page
    for part in kit.parts:
        count = page_count(part, paper)
        how, note = _how(part)
        pages = str(page) if count == 1 else f"{page}–{page + count - 1}"
        copies = part.copies if isinstance(part, Pages) else "1"
        rows.append(GuideRow(part.title, pages, copies, how, note))
        page += count
    return rows


def _draw_pages(c: Canvas, part: Pages, paper: Paper) -> None:
    page = paper.landscape if part.landscape else paper
    for number, draw in enumerate(part.pages, start=1):
        c.setPageSize((page.width, page.height))
        box = Box(
            PRINT_MARGIN,
            PRINT_MARGIN + 4 * MM,
            page.width - 2 * PRINT_MARGIN,
            page.height - 2 * PRINT_MARGIN - 4 * MM,
        )
        draw(c, box)
        footer(c, page, f"{part.title} — page {number} of {len(part.pages)}")
        c.showPage()


def _draw_part(c: Canvas, part: Part, options: KitOptions, kit: Kit) -> None:
    paper = options.paper
    if isinstance(part, Deck):
        c.setPageSize((paper.width, paper.height))
        draw_duplex(
            c,
            grid_for(paper, part.width, part.height),
            part.pieces,
            part.title,
            options.back_offset,
        )
    elif isinstance(part, Board):
        form = f"{kit.game_id}-{part.id}"
        draw_board_form(c, form, part.draw)
        draw_tiles(c, form, part.width, part.height, paper, part.title)
    else:
        _draw_pages(c, part, paper)


def render_kit(kit: Kit, options: KitOptions) -> bytes:
    """The home-printing PDF: the printing guide, then every part in order."""
    paper = options.paper
    c, buffer = new_canvas(
        paper.width, paper.height, f"{kit.title} — print-and-play kit ({paper.name})"
    )
    rows = guide_rows(kit, paper, first_page=2)
    draw_guide(c, kit, paper, rows, _other_files(kit, paper))
    for part in kit.parts:
        _draw_part(c, part, options, kit)
    return finish(c, buffer)


def _other_files(kit: Kit, paper: Paper) -> list[tuple[str, str]]:
    files = []
    large = LARGE_PAPERS[paper.id]
    for part in kit.parts:
        if isinstance(part, Board):
            files.append(
                (
                    f"{part.id}-{large.id}.pdf",
                    f"{part.title} on one {large.name} sheet, for a print shop",
                )
            )
    if any(isinstance(p, Deck) and p.fold for p in kit.parts):
        files.append((FOLD_FILE, "all cards as fold-and-glue sheets, for printers without duplex"))
    return files


def render_large_board(board: Board, kit: Kit, paper: Paper) -> bytes:
    large = LARGE_PAPERS[paper.id]
    page = large if board.height > board.width else large.landscape
    c, buffer = new_canvas(page.width, page.height, f"{kit.title} — {board.title} ({large.name})")
    c.saveState()
    c.translate((page.width - board.width) / 2, (page.height - board.height) / 2)
    board.draw(c)
    c.restoreState()
    c.showPage()
    return finish(c, buffer)


def render_fold(kit: Kit, paper: Paper) -> bytes:
    c, buffer = new_canvas(
        paper.landscape.width,
        paper.landscape.height,
        f"{kit.title} — fold-and-glue cards ({paper.name})",
    )
    for part in kit.parts:
        if isinstance(part, Deck) and part.fold:
            draw_gutterfold(
                c, gutterfold_grid(paper, part.width, part.height), part.pieces, part.title
            )
    return finish(c, buffer)


def render_files(kit: Kit, options: KitOptions) -> dict[str, bytes]:
    """Every file of one paper size, by name, rendered in memory."""
    files = {KIT_FILE: render_kit(kit, options)}
    large = LARGE_PAPERS[options.paper.id]
    for part in kit.parts:
        if isinstance(part, Board):
            files[f"{part.id}-{large.id}.pdf"] = render_large_board(part, kit, options.paper)
    if any(isinstance(p, Deck) and p.fold for p in kit.parts):
        files[FOLD_FILE] = render_fold(kit, options.paper)
    return files


def write_files(folder: Path, files: dict[str, bytes]) -> list[Path]:
    written = []
    for name, data in files.items():
        path = folder / name
        write_atomic(path, data)
        written.append(path)
    return written


# -- orchestration -------------------------------------------------------------
def output_folder(out: Path, game_id: str, paper: Paper, ink_saver: bool) -> Path:
    return out / game_id / (paper.id + ("-ink-saver" if ink_saver else ""))


def build_pack(plugin, pack, out: Path, options: KitOptions, ink_saver: bool = False) -> list[Path]:
    """Render one game for one paper size, then write its files."""
    if plugin.kit is None:
        from printkit.errors import UsageError

        raise UsageError(f"game {pack.id!r} has no kit renderer registered")
    kit = plugin.kit(pack, options)
    files = render_files(kit, options)
    return write_files(output_folder(out, pack.id, options.paper, ink_saver), files)


def build_exports(plugin, pack, out: Path, options: KitOptions, png: bool, tts: bool) -> list[Path]:
    """PNG and Tabletop Simulator exports; they do not depend on the paper size."""
    from printkit.exports import print_pngs, tts_sheets

    kit = plugin.kit(pack, options)
    files: dict[str, bytes] = {}
    if png:
        files.update(print_pngs(kit))
    if tts:
        files.update(tts_sheets(kit))
    return write_files(out / pack.id, files)
