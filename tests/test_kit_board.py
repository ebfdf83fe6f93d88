"""The board, the maximum-sales charts and the stock sheet print what the content says.

Each part is rendered to a real PDF and read back: the tests look for the pack's
values in the printed text, edit a copy of the content and watch the print
follow, and rasterise the board to check that home-tiling seams cross nothing
but background.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from printkit.errors import RenderError
from printkit.games.lemonade_stall.content import load
from printkit.games.lemonade_stall.kit import board as kit_board
from printkit.games.lemonade_stall.model import LemonadeStall
from printkit.kit import Pages
from printkit.render.pdf import finish, new_canvas
from printkit.render.theme import Theme
from printkit.render.tiling import seam_bands
from printkit.render.units import MM, PAPERS, PRINT_MARGIN, Box, Paper
from tests.conftest import edit

COLOUR = Theme()
INK_SAVER = Theme(ink_saver=True)


# -- rendering helpers ---------------------------------------------------------------
def render_board(pack: LemonadeStall, path: Path, theme: Theme = COLOUR) -> Path:
    part = kit_board.board(pack, theme)
    c, buffer = new_canvas(part.width, part.height, part.title)
    part.draw(c)
    c.showPage()
    path.write_bytes(finish(c, buffer))
    return path


def printable(paper: Paper) -> Box:
    """The area the kit builder hands a page callable."""
    return Box(
        PRINT_MARGIN,
        PRINT_MARGIN + 4 * MM,
        paper.width - 2 * PRINT_MARGIN,
        paper.height - 2 * PRINT_MARGIN - 4 * MM,
    )


def render_pages(part: Pages, paper: Paper, path: Path) -> Path:
    c, buffer = new_canvas(paper.width, paper.height, part.title)
    for draw in part.pages:
        draw(c, printable(paper))
        c.showPage()
    path.write_bytes(finish(c, buffer))
    return path


def page_texts(path: Path) -> list[str]:
    """Each page's text with whitespace collapsed, so table rows read as one line."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(path).pages]


def board_text(pack: LemonadeStall, tmp_path: Path) -> str:
    (text,) = page_texts(render_board(pack, tmp_path / "board.pdf"))
    return text


def chart_row(pack: LemonadeStall, players: int, condition_id: str) -> str:
    condition = pack.condition(condition_id)
    cells = " ".join(
        f"{limit} ({condition.guarantee})" for limit in pack.chart(players).row(condition_id)
    )
    return f"{condition.name} {cells}"


class RectSpy:
    """Records every stroked rectangle a canvas draws, in the canvas's own units."""

    def __init__(self, canvas) -> None:
        self.stroked: list[tuple[float, float]] = []
        original = canvas.rect

        def rect(x, y, width, height, stroke=1, fill=0):
            if stroke:
                self.stroked.append((width, height))
            return original(x, y, width, height, stroke=stroke, fill=fill)

        canvas.rect = rect

    def count(self, width: float, height: float) -> int:
        return sum(1 for w, h in self.stroked if abs(w - width) < 0.01 and abs(h - height) < 0.01)


# -- the board -------------------------------------------------------------------
def test_board_prints_every_reference_value(pack, tmp_path):
    text = board_text(pack, tmp_path)
    for day in pack.days:
        assert day in text
    for item in pack.items:
        assert f"{item.name} ${item.price_one} ${item.price_bulk}" in text
    assert f"{pack.bulk_size} units" in text
    assert f"At most {pack.max_per_item} of each good" in text
    for row in pack.condition_forecast:
        result = "same as today" if row.result == "same" else pack.condition(row.result).name
        assert f"{row.low}–{row.high} {result}" in text
    for row in pack.temperature_forecast:
        result = "same as today" if row.result == "same" else f"{row.result}°"
        assert f"{row.low}–{row.high} {result}" in text
    for temperature in pack.temperatures:
        roll = "—" if temperature.spoils_on is None else f"{temperature.spoils_on}+"
        assert f"{temperature.degrees}° {roll}" in text
    for cond in pack.conditions:
        cap = "any" if cond.price_cap is None else f"${cond.price_cap}"
        assert f"{cond.name} {cap} {cond.guarantee}" in text
    assert f"never below {pack.min_degrees}°" in text
    assert f"never above {pack.max_degrees}°" in text
    for code in ("\u221210", "\u22125", "+5", "+10"):  # the steps the bundled events print
        assert f" {code} " in text  # a true minus sign, as the typography filter sets it


def test_board_tracks_number_every_space(pack, tmp_path):
    numbers = board_text(pack, tmp_path).split()
    spaces = pack.kit.score_spaces
    assert all(str(n) in numbers for n in range(spaces))
    assert f"starts on {pack.starting_money} (START)" in " ".join(numbers)
    assert f"it adds {spaces}" in " ".join(numbers)
    most = max(v for chart in pack.charts for _, row in chart.limits for v in row)
    sales = " ".join(numbers).split("Sales table")[1]
    assert " ".join(str(n) for n in range(1, most + 1)) in sales
    assert f"Past {most}? Holiday Crowds can add up to 4 cups" in " ".join(numbers)


def test_board_follows_the_content(content_copy, tmp_path):
    stall = content_copy / "lemonade-stall"
    edit(stall / "items.yaml", "price_bulk: 7", "price_bulk: 6")
    edit(stall / "sales.yaml", "sunny: [10, 13, 15, 17, 18]", "sunny: [10, 13, 15, 17, 21]")
    edit(stall / "game.yaml", "forecast_on_last_day: false", "forecast_on_last_day: true")
    edit(stall / "kit.yaml", "spaces: 100", "spaces: 120")
    edit(stall / "game.yaml", "Sunday]", "Funday]")
    pack = load(stall)
    text = board_text(pack, tmp_path)
    assert "Lemons $1 $6" in text and "Lemons $1 $7" not in text
    assert "Past 21?" in text and "Past 18?" not in text
    assert "18 19 20 21 Past 21?" in text
    assert "No forecast" not in text and "Skip this step" not in text
    assert "it adds 120" in text and "119" in text.split()
    assert "Funday" in text and "Sunday" not in text


def test_board_without_a_bonus_event_has_no_overflow_note(content_copy, tmp_path):
    stall = content_copy / "lemonade-stall"
    edit(stall / "events.yaml", "effect: {limit_bonus: 4}", "effect: {}")
    edit(stall / "events.yaml", "may sell {limit_bonus:words} more", "may sell more")
    text = board_text(load(stall), tmp_path)
    assert "Past 18?" not in text


def test_board_sales_chart_space_is_exactly_chart_sized(pack):
    part = kit_board.board(pack, Theme())
    c, _ = new_canvas(part.width, part.height, part.title)
    spy = RectSpy(c)
    part.draw(c)
    size = pack.kit.sales_chart
    assert spy.count(size.width * MM, size.height * MM) == 1


def test_too_many_days_fail_instead_of_clipping(content_copy):
    stall = content_copy / "lemonade-stall"
    edit(stall / "game.yaml", "Sunday]", "Sunday, Moonday, Starday, Sunday2]")
    part = kit_board.board(load(stall), Theme())
    c, _ = new_canvas(part.width, part.height, part.title)
    with pytest.raises(RenderError, match="time track"):
        part.draw(c)


# -- seams ------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS.values(), ids=lambda p: p.id)
def test_quadrants_stay_off_every_seam(pack, paper):
    from printkit.render.tiling import OVERLAP, plan_tiles

    layout = kit_board._board_layout(pack)
    _, tiles = plan_tiles(layout.board.width, layout.board.height, paper)
    assert len(tiles) > 1
    inner = layout.board.inset(layout.depth)
    for quad in layout.quadrants:
        assert inner.x <= quad.x and quad.right <= inner.right
        assert inner.y <= quad.y and quad.top <= inner.top
        for tile in tiles:
            if tile.glue_right:
                a, b = tile.region.right - OVERLAP, tile.region.right
                assert quad.right < a or quad.x > b
            if tile.glue_bottom:
                a, b = tile.region.y, tile.region.y + OVERLAP
                assert quad.top < a or quad.y > b


def raster(path: Path):
    page = pdfium.PdfDocument(str(path))[0]
    return page.render(scale=1).to_pil().convert("RGB")


@pytest.mark.parametrize("theme", [Theme(), INK_SAVER], ids=["colour", "ink-saver"])
def test_seams_cross_nothing_but_background(pack, tmp_path, theme):
    image = raster(render_board(pack, tmp_path / "board.pdf", theme))
    layout = kit_board._board_layout(pack)
    height = layout.board.height
    inside = layout.board.inset(layout.depth + 1)
    background = image.getpixel((int(inside.cx), int(height - inside.y - 2)))
    if theme.ink_saver:
        assert background == (255, 255, 255)
    else:
        assert background != (255, 255, 255)
    x_bands, y_bands = seam_bands(layout.board.width, height)
    assert x_bands and y_bands
    for a, b in x_bands:
        for x in range(int(a), int(b) + 1):
            for y in range(int(inside.y), int(inside.top)):
                assert image.getpixel((x, int(height - y))) == background, (x, y)
    for a, b in y_bands:
        for y in range(int(a), int(b) + 1):
            for x in range(int(inside.x), int(inside.right)):
                assert image.getpixel((x, int(height - y))) == background, (x, y)


# -- maximum-sales charts --------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS.values(), ids=lambda p: p.id)
def test_sales_charts_print_every_cell(pack, tmp_path, paper):
    part = kit_board.sales_charts(pack, Theme())
    texts = page_texts(render_pages(part, paper, tmp_path / "charts.pdf"))
    assert len(texts) == 1  # the three bundled charts share one page on both papers
    text = texts[0]
    for chart in pack.charts:
        assert f"{chart.players} players" in text
        section = text.split(f"{chart.players} players")[1]
        for cond in pack.conditions:
            assert chart_row(pack, chart.players, cond.id) in section
    for t in pack.temperatures:
        assert f"{t.degrees}°" in text


def test_sales_charts_follow_the_content(content_copy, tmp_path):
    stall = content_copy / "lemonade-stall"
    edit(stall / "sales.yaml", "sunny: [10, 13, 15, 17, 18]", "sunny: [10, 13, 15, 17, 21]")
    pack = load(stall)
    paper = PAPERS["a4"]
    (text,) = page_texts(
        render_pages(kit_board.sales_charts(pack, Theme()), paper, tmp_path / "c.pdf")
    )
    assert "Sunny 10 (2) 13 (2) 15 (2) 17 (2) 21 (2)" in text
    assert "18 (2)" not in text


def test_sales_charts_are_cut_at_exactly_their_board_size(pack):
    part = kit_board.sales_charts(pack, Theme())
    paper = PAPERS["letter"]
    c, _ = new_canvas(paper.width, paper.height, part.title)
    spy = RectSpy(c)
    for draw in part.pages:
        draw(c, printable(paper))
        c.showPage()
    size = pack.kit.sales_chart
    assert spy.count(size.width * MM, size.height * MM) == len(pack.charts)


def test_taller_charts_spread_over_more_pages(content_copy):
    stall = content_copy / "lemonade-stall"
    edit(
        stall / "kit.yaml",
        "sales_chart: {width: 150, height: 70}",
        "sales_chart: {width: 150, height: 100}",
    )
    part = kit_board.sales_charts(load(stall), Theme())
    assert len(part.pages) == 2


# -- stock sheet ------------------------------------------------------------------------
def test_stock_sheet_has_a_row_per_day_and_a_column_per_item(pack, tmp_path):
    part = kit_board.stock_sheet(pack, Theme())
    assert "player" in part.copies
    for paper in PAPERS.values():
        (text,) = page_texts(render_pages(part, paper, tmp_path / f"{paper.id}.pdf"))
        header = " ".join(["Day", "After step", *(i.name for i in pack.items), "Money"])
        assert header in text
        zeros = " ".join("0" for _ in pack.items)
        assert f"before {pack.days[0]} {zeros} ${pack.starting_money}" in text
        steps = "2–4 benefits, bonus, event 5 buy supplies 8 sell 9 spoilage"
        for day in pack.days:
            assert f"{day} {steps}" in text


def test_stock_sheet_follows_the_content(content_copy, tmp_path):
    stall = content_copy / "lemonade-stall"
    edit(stall / "items.yaml", "name: Ice,", "name: Frost,")
    edit(stall / "game.yaml", "starting_money: 20", "starting_money: 25")
    edit(stall / "game.yaml", "Sunday]", "Funday]")
    part = kit_board.stock_sheet(load(stall), Theme())
    (text,) = page_texts(render_pages(part, PAPERS["a4"], tmp_path / "sheet.pdf"))
    assert "Lemons Frost Money" in text and " Ice " not in text
    assert "$25" in text and "$20" not in text
    assert "Funday" in text and "Sunday" not in text
