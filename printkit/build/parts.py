"""Render each kind of kit part into its own PDF: decks, boards, pages, guide, reprint."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from printkit.kit import Board, Deck, Kit, KitOptions, Pages, Part, part_file
from printkit.render.guide import GuideRow, draw_guide
from printkit.render.impose import (
    draw_duplex,
    draw_gutterfold,
    draw_sheet,
    fold_grid,
    footer,
    grid_for,
    gutterfold_grid,
    sheets,
)
from printkit.render.labels import labels_for, say
from printkit.render.pdf import finish, new_canvas
from printkit.render.tiling import draw_board_form, draw_tiles, plan_tiles
from printkit.render.units import LARGE_PAPERS, MM, PRINT_MARGIN, Box, Paper


def page_count(part: Part, paper: Paper) -> int:
    if isinstance(part, Deck):
        grid = grid_for(paper, part.width, part.height)
        count = len(sheets(part.pieces, grid.per_sheet))
        return count * (2 if any(p.back for p in part.pieces) else 1)
    if isinstance(part, Board):
        return len(plan_tiles(part.width, part.height, paper)[1])
    return len(part.pages)


def _mm(points: float) -> str:
    return f"{round(points / MM, 1):g}"


def can_fold(deck: Deck, options: KitOptions) -> bool:
    """Whether a deck also prints as fold-and-glue sheets on this paper."""
    return fold_grid(options.paper, deck.width, deck.height) is not None


def _how(part: Part, options: KitOptions, labels) -> tuple[str, str]:
    if isinstance(part, Deck):
        if any(p.back for p in part.pieces):
            if part.fold and not can_fold(part, options):
                size = {"width": _mm(part.width), "height": _mm(part.height)}
                note = say(labels, "note.nofold", paper=options.paper.name, **size)
                return say(labels, "how.duplex"), f"{part.note} {note}".strip()
            return say(labels, "how.duplex"), part.note
        return say(labels, "how.cardstock"), part.note
    if isinstance(part, Board):
        return say(labels, "how.board"), f"{say(labels, 'note.board')} {part.note}".strip()
    return say(labels, "how.pages"), part.note


def guide_rows(kit: Kit, options: KitOptions) -> list[GuideRow]:
    labels = labels_for(options.lang)
    rows = []
    for index, part in enumerate(kit.parts, start=1):
        how, note = _how(part, options, labels)
        copies = getattr(part, "copies", "1")
        pages = say(labels, "guide.pages", count=page_count(part, options.paper))
        rows.append(GuideRow(part.title, f"{part_file(index, part)} ({pages})", copies, how, note))
    return rows


def _new(kit: Kit, paper: Paper, what: str) -> tuple[Canvas, object]:
    return new_canvas(paper.width, paper.height, f"{kit.title} — {what} ({paper.name})")


def render_guide(kit: Kit, options: KitOptions, files: Sequence[str], reprint: Sequence) -> bytes:
    labels = labels_for(options.lang)
    c, buffer = _new(kit, options.paper, "printing guide")
    kinds = {"fold-": "file.fold", "board-": "file.board", "rulebook": "file.rulebook"}
    others = [
        (name, say(labels, key))
        for name in files
        for prefix, key in kinds.items()
        if name.startswith(prefix)
    ]
    replaced = [_replaced(sheet) for sheet in reprint]
    draw_guide(c, kit, options.paper, guide_rows(kit, options), others, replaced, labels)
    return finish(c, buffer)


def _replaced(sheet) -> str:
    """'Event cards, sheet 2 (theft, all-calm)': the cards a reprinted sheet replaces."""
    names = dict.fromkeys(label.split("#")[0] for label in sheet.labels)
    return sheet.caption + (f" ({', '.join(names)})" if names else "")


def _draw_pages(c: Canvas, part: Pages, paper: Paper, labels) -> None:
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
        footer(
            c,
            page,
            say(labels, "page.footer", title=part.title, number=number, total=len(part.pages)),
        )
        c.showPage()


def render_part(part: Part, kit: Kit, options: KitOptions) -> bytes:
    paper = options.paper
    labels = labels_for(options.lang)
    c, buffer = _new(kit, paper, part.title)
    if isinstance(part, Deck):
        grid = grid_for(paper, part.width, part.height)
        draw_duplex(c, grid, part.pieces, part.title, options.back_offset, labels)
    elif isinstance(part, Board):
        form = f"{kit.game_id}-{part.id}"
        draw_board_form(c, form, part.draw, part.width, part.height)
        draw_tiles(c, form, part.width, part.height, paper, part.title, labels)
    else:
        _draw_pages(c, part, paper, labels)
    return finish(c, buffer)


def large_board_file(board: Board, options: KitOptions) -> str:
    return f"{board.id}-{LARGE_PAPERS[options.paper.id].id}.pdf"


def render_large_board(board: Board, kit: Kit, options: KitOptions) -> bytes:
    large = LARGE_PAPERS[options.paper.id]
    page = large if board.height > board.width else large.landscape
    c, buffer = new_canvas(page.width, page.height, f"{kit.title} — {board.title} ({large.name})")
    c.saveState()
    c.translate((page.width - board.width) / 2, (page.height - board.height) / 2)
    board.draw(c)
    c.restoreState()
    c.showPage()
    return finish(c, buffer)


def render_fold(deck: Deck, kit: Kit, options: KitOptions) -> bytes:
    land = options.paper.landscape
    c, buffer = new_canvas(land.width, land.height, f"{kit.title} — {deck.title}, fold-and-glue")
    grid = gutterfold_grid(options.paper, deck.width, deck.height)
    draw_gutterfold(c, grid, deck.pieces, deck.title, labels_for(options.lang))
    return finish(c, buffer)


def render_reprint(kit: Kit, options: KitOptions, changed: Sequence) -> bytes:
    """Just the sheets whose content changed: decks sheet by sheet, other parts whole."""
    paper = options.paper
    labels = labels_for(options.lang)
    c, buffer = _new(kit, paper, "reprint")
    parts = {part.id: part for part in kit.parts}
    for sheet in changed:
        part = parts[sheet.part]
        if isinstance(part, Deck):
            grid = grid_for(paper, part.width, part.height)
            chunk = sheets(part.pieces, grid.per_sheet)[sheet.index]
            where = {"title": part.title, "number": sheet.index + 1}
            c.setPageSize((paper.width, paper.height))
            draw_sheet(c, grid, chunk, say(labels, "reprint.front", **where))
            if any(p.back for p in chunk):
                back = say(labels, "reprint.back", **where)
                draw_sheet(c, grid, chunk, back, backs=True, offset=options.back_offset)
        elif isinstance(part, Board):
            form = f"{kit.game_id}-{part.id}-reprint"
            draw_board_form(c, form, part.draw, part.width, part.height)
            title = say(labels, "reprint.front", title=part.title, number=1)
            draw_tiles(c, form, part.width, part.height, paper, title, labels)
        else:
            _draw_pages(c, part, paper, labels)
    return finish(c, buffer)
