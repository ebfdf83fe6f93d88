"""Render each kind of kit part into its own PDF: decks, boards, pages, guide, reprint."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from printkit.kit import Board, Deck, Kit, KitOptions, Pages, Part, part_file
from printkit.render import calibration, formats
from printkit.render.guide import GuideRow, draw_guide, draw_reprint_note
from printkit.render.impose import (
    MarkRoom,
    cut_marks,
    draw_gutterfold,
    draw_layout,
    draw_marks,
    fold_grid,
    footer,
    gutterfold_grid,
    house_paper,
    layout_sheets,
)
from printkit.render.labels import labels_for, say
from printkit.render.pdf import clear_boxes, finish, new_canvas, set_boxes
from printkit.render.tiling import draw_board_form, draw_tiles, plan_tiles
from printkit.render.units import BLEED, LARGE_PAPERS, MM, PRINT_MARGIN, Box, Paper


def page_count(part: Part, paper: Paper) -> int:
    if isinstance(part, Deck):
        return len(layout_sheets(part.sizes(), paper)) * sides(part)
    if isinstance(part, Board):
        return len(plan_tiles(part.width, part.height, paper)[1])
    return len(part.pages)


def sides(deck: Deck) -> int:
    """Pages per sheet: a front, and a back when any piece of the file has one; a sheet
    of companions without backs gets a blank one, so a file printed double-sided stays
    in step."""
    return 2 if any(p.back for p in deck.every_piece) else 1


def _mm(points: float) -> str:
    return f"{round(points / MM, 1):g}"


def can_fold(deck: Deck, options: KitOptions) -> bool:
    """Whether a deck also prints as fold-and-glue sheets on this paper."""
    return fold_grid(options.paper, deck.width, deck.height) is not None


def folds(deck: Deck, options: KitOptions) -> bool:
    """Whether a deck gets its own fold-and-glue file (as the builder plans them)."""
    return deck.fold and can_fold(deck, options)


def unfolded_pages(deck: Deck, options: KitOptions) -> tuple[list[int], list[int]]:
    """The pages of a deck's file a fold-and-glue printer still needs, for the companions no
    fold-and-glue file holds (fronts, and backs when they have them), and the pages among
    those that hold the deck's own pieces as well: spares for that printer. Counted from
    the sheets as the file lays them out."""
    loose = {id(p) for d in deck.also if not folds(d, options) for p in d.pieces}
    backs = any(p.back for d in deck.also if not folds(d, options) for p in d.pieces)
    per_sheet = sides(deck)
    needed, spare = [], []
    for index, bands in enumerate(layout_sheets(deck.sizes(), options.paper)):
        on_sheet = [p for band in bands for p in band.pieces]
        if not any(id(p) in loose for p in on_sheet):
            continue
        front = index * per_sheet + 1
        needed += [front, front + 1] if backs and per_sheet == 2 else [front]
        if any(id(p) not in loose for p in on_sheet):
            spare.append(front)
    return needed, spare


def fold_rest(deck: Deck, options: KitOptions, labels) -> str:
    """For a deck printed on fold-and-glue sheets instead: which pages of its own file still
    to print, and how, for the companions those sheets leave out ("" when none)."""
    if not folds(deck, options):
        return ""
    needed, spare = unfolded_pages(deck, options)
    if not needed:
        return ""
    loose = [d for d in deck.also if not folds(d, options)]
    backs = any(p.back for d in loose for p in d.pieces)
    spares = say(labels, "fold.spares", pages=_pages(spare, labels, "at")) if spare else ""
    return say(
        labels,
        "how.fold_rest",
        file=f"fold-{deck.id}.pdf",
        pages=_pages(needed, labels, "print"),
        sides=say(labels, "fold.double" if backs else "fold.single"),
        parts=", ".join(d.title for d in loose),
        spares=spares,
    )


def _pages(numbers: Sequence[int], labels, case: str) -> str:
    """'page 7' or 'pages 7 and 9', in the sentence's case (Russian inflects it)."""
    listed = formats.names(numbers, say(labels, "fold.and"))
    return say(labels, f"fold.{case}_{'one' if len(numbers) == 1 else 'many'}", pages=listed)


def _sentences(first: str, then: str) -> str:
    """A note after a finished sentence starts as a sentence ("… dashed line. The chart …")."""
    if first.rstrip().endswith(".") and then:
        then = then[:1].upper() + then[1:]
    return f"{first} {then}".strip()


def _how(part: Part, options: KitOptions, labels) -> tuple[str, str]:
    if isinstance(part, Deck):
        if any(p.back for p in part.pieces):
            if part.fold and not can_fold(part, options):
                size = {"width": _mm(part.width), "height": _mm(part.height)}
                note = say(labels, "note.nofold", paper=options.paper.name, **size)
                return say(labels, "how.duplex"), f"{part.note} {note}".strip()
            how = say(labels, "how.duplex")
            return _sentences(how + ".", fold_rest(part, options, labels)).rstrip("."), part.note
        return say(labels, "how.cardstock"), part.note
    if isinstance(part, Board):
        return say(labels, "how.board"), _sentences(say(labels, "note.board"), part.note)
    return say(labels, "how.cardstock" if part.card_stock else "how.pages"), part.note


def guide_rows(kit: Kit, options: KitOptions) -> list[GuideRow]:
    labels = labels_for(options.lang)
    rows = []
    for index, part in enumerate(kit.parts, start=1):
        how, note = _how(part, options, labels)
        copies = getattr(part, "copies", "1")
        pages = say(labels, "guide.pages", count=page_count(part, options.paper))
        rows.append(GuideRow(part.title, f"{part_file(index, part)} ({pages})", copies, how, note))
    return rows


def _new(kit: Kit, paper: Paper, what: str, lang: str = "") -> tuple[Canvas, object]:
    return new_canvas(
        paper.width, paper.height, f"{kit.title} — {what} ({paper.name})", language=lang
    )


def render_guide(kit: Kit, options: KitOptions, files: Sequence[str]) -> bytes:
    """The printing guide: drawn from the kit and its file names alone."""
    labels = labels_for(options.lang)
    c, buffer = _new(kit, options.paper, "printing guide", options.lang)
    draw_guide(c, kit, options.paper, guide_rows(kit, options), other_files(files, labels), labels)
    return finish(c, buffer)


OTHER_FILES = {
    "calibration": "file.calibration",
    "board-": "file.board",
    "rulebook.html": "file.rulebook_html",
    "rulebook": "file.rulebook",
}


def other_files(files: Sequence[str], labels) -> list[str]:
    """The guide's line for each file outside the parts table; the fold-and-glue files,
    one per deck, share one sentence."""
    folds = [name for name in files if name.startswith("fold-")]
    lines = [say(labels, "file.folds", files=", ".join(folds))] if folds else []
    for name in files:
        key = next((k for prefix, k in OTHER_FILES.items() if name.startswith(prefix)), None)
        if key:
            lines.append(f"{name}: {say(labels, key)}")
    return lines


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
        c.note_page("pages")
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
    c, buffer = _new(kit, paper, part.title, options.lang)
    if isinstance(part, Deck):
        _draw_deck(c, part, paper, options, labels)
    elif isinstance(part, Board):
        form = f"{kit.game_id}-{part.id}"
        draw_board_form(c, form, part.draw, part.width, part.height)
        draw_tiles(c, form, part.width, part.height, paper, part.title, labels)
    else:
        _draw_pages(c, part, paper, labels)
    return finish(c, buffer)


def _draw_deck(c: Canvas, deck: Deck, paper: Paper, options: KitOptions, labels) -> None:
    """Fronts, each followed by its back when the file prints double-sided; a deck with
    companions shares its last sheet with them."""
    layouts = layout_sheets(deck.sizes(), paper)
    for number, bands in enumerate(layouts, start=1):
        where = {"title": deck.title, "number": number, "total": len(layouts)}
        draw_layout(c, bands, say(labels, "sheet.front", **where))
        if sides(deck) == 2:
            back = say(labels, "sheet.back", **where)
            draw_layout(c, bands, back, backs=True, offset=options.back_offset)


def large_board_file(board: Board, options: KitOptions) -> str:
    return f"{board.id}-{LARGE_PAPERS[options.paper.id].id}.pdf"


def render_large_board(board: Board, kit: Kit, options: KitOptions) -> bytes:
    """The board on one large sheet for a print shop: TrimBox, BleedBox and crop marks
    at its four corners tell the shop where to cut."""
    large = LARGE_PAPERS[options.paper.id]
    page = large if board.height > board.width else large.landscape
    c, buffer = new_canvas(
        page.width,
        page.height,
        f"{kit.title} — {board.title} ({large.name})",
        language=options.lang,
    )
    trim = Box(
        (page.width - board.width) / 2, (page.height - board.height) / 2, board.width, board.height
    )
    set_boxes(c, trim, trim.outset(BLEED))
    c.note_page("print-shop")
    c.saveState()
    c.translate(trim.x, trim.y)
    board.draw(c)
    c.restoreState()
    draw_marks(c, cut_marks(page, trim, (trim.x, trim.right), (trim.y, trim.top), MarkRoom()))
    c.showPage()
    clear_boxes(c)
    return finish(c, buffer)


def render_calibration(kit: Kit, options: KitOptions) -> bytes:
    """A duplex test: a millimetre grid on the front, a cross on the back. Held to the
    light, the cross shows the printer's shift as the X,Y to move the backs by; the back
    is drawn with the current offset, so a corrected build prints the cross dead centre."""
    paper = house_paper(options.paper)  # as the card sheets print, so one offset fits them
    labels = labels_for(options.lang)
    c, buffer = _new(kit, paper, "calibration", options.lang)
    c.setPageSize((paper.width, paper.height))
    c.note_page("pages")
    calibration.draw_front(c, paper, labels, options.lang or "en")
    c.showPage()
    c.note_page("pages")
    calibration.draw_back(c, paper, labels, options.back_offset)
    c.showPage()
    return finish(c, buffer)


def render_fold(deck: Deck, kit: Kit, options: KitOptions) -> bytes:
    """The deck's own pieces as fold-and-glue sheets, named by them: companions sharing
    its sheets print from the deck's file."""
    land = options.paper.landscape
    title = deck.pieces_title
    c, buffer = new_canvas(
        land.width, land.height, f"{kit.title} — {title}, fold-and-glue", language=options.lang
    )
    grid = gutterfold_grid(options.paper, deck.width, deck.height)
    draw_gutterfold(c, grid, deck.pieces, title, labels_for(options.lang))
    return finish(c, buffer)


def render_reprint(kit: Kit, options: KitOptions, changed: Sequence[tuple]) -> bytes:
    """A first page saying which sheets (and cards) it replaces, then those sheets' pages
    exactly as the kit's files print them: ``changed`` holds (sheet, its file's bytes)."""
    import io

    from pypdf import PdfReader, PdfWriter

    from printkit.build.pages import pypdf_reader

    labels = labels_for(options.lang)
    c, buffer = _new(kit, options.paper, "reprint", options.lang)
    draw_reprint_note(c, kit, options.paper, [_replaced(sheet) for sheet, _ in changed], labels)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(finish(c, buffer))))
    for sheet, pdf in changed:
        reader = pypdf_reader(pdf)  # pypdf's pages, for its writer to clone
        for number in sheet.pages:
            writer.add_page(reader.pages[number])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
