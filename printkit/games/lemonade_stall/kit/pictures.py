"""Lemonade Stall's rulebook pictures, drawn by the kit's own renderers scaled down.

The components at readable size, the table set up for four players, the board
and a mat with numbered callouts, and the table of a worked day just before
selling. Every word (callouts, captions, alt text) comes from ``words.yaml``;
the positions come from the board's and the mat's own layout functions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from printkit.games.lemonade_stall.kit.board import (
    board,
    board_regions,
    draw_board_parts,
    draw_chart,
    marker_spaces,
    score_space,
)
from printkit.games.lemonade_stall.kit.cards import (
    benefit_cards,
    event_cards,
    price_cards,
    tokens_and_markers,
)
from printkit.games.lemonade_stall.kit.mats import mat_regions, player_mats
from printkit.games.lemonade_stall.model import LemonadeStall
from printkit.render.impose import Piece
from printkit.render.layout import draw_picture
from printkit.render.theme import Theme
from printkit.render.units import MM, PAPERS, PRINT_MARGIN, Box
from printkit.rulebook.pictures import PictureSheet
from printkit.rulebook.scenes import (
    Callout,
    Caption,
    Placed,
    SceneBlock,
    Shown,
    readable_scale,
    shelves,
    spread_in_margin,
)

MEASURE = 150 * MM  # the rulebook's text width: every picture fits it
TABLE = HexColor("#EFE6D2")  # the table top under a set-up picture
TABLE_SCALE = 0.165  # pieces on the table: a sixth of their size (the legend fits a Letter page)
PAGE = PAPERS["a4"]
MAT = Box(0, 0, PAGE.width - 2 * PRINT_MARGIN, PAGE.height - 2 * PRINT_MARGIN - 4 * MM)


@dataclass(frozen=True)
class Seat:
    """One stand at the table: its colour, money, goods, and the cards in front of it."""

    colour: int  # index into the pack's player colours
    money: int
    stock: Mapping[str, int] = field(default_factory=dict)
    price: int | None = None  # the price card turned face up
    benefit: str | None = None  # the benefit card taken today
    cups: int = 0  # cup-sold tokens beside the mat (all of them at set-up)


@dataclass(frozen=True)
class Table:
    """The table at one moment of a day: what the picture shows."""

    seats: tuple[Seat, ...]
    day: int  # index of today in the pack's days
    today: tuple[str, int]  # the weather markers in today's column
    tomorrow: tuple[str, int] | None = None  # forecast markers in tomorrow's column
    first_player: int = 1
    event: str | None = None
    middle: tuple[str, ...] = ()  # benefit cards still in the middle of the table


class Kit:
    """The kit's pieces by label, drawn once and shared by every picture."""

    def __init__(self, pack: LemonadeStall, theme: Theme) -> None:
        self.pack = pack
        self.theme = theme
        self.events = event_cards(pack, theme)
        self.benefits = benefit_cards(pack, theme)
        self.prices = price_cards(pack, theme)
        self.tokens = tokens_and_markers(pack, theme)
        self.markers = self.tokens.also[0]
        self.board = board(pack, theme)
        self.mats = player_mats(pack, theme)
        self.card_scale = readable_scale(
            self.events.pieces[0].draw, self.events.width, self.events.height
        )

    def card(self, deck, label: str, back: bool = False) -> Shown:
        piece = _labelled(deck.pieces, label)
        draw = piece.back if back and piece.back is not None else piece.draw
        return Shown(draw, deck.width, deck.height)

    def token(self, label: str) -> Shown:
        return Shown(
            _labelled(self.tokens.pieces, label).draw, self.tokens.width, self.tokens.height
        )

    def marker(self, label: str) -> Shown:
        piece = _labelled(self.markers.pieces, label)
        return Shown(piece.draw, self.markers.width, self.markers.height)

    def board_shown(self, table: Table | None = None) -> Shown:
        """The board, with the chart, markers and score markers of ``table`` on it.

        The drawing holds only what it shows (not the whole kit): a picture is kept
        under what its drawing holds (`printkit.rulebook.keep`)."""
        board, on_board = self.board, self._on_board(table) if table is not None else None

        def draw(c: Canvas, box: Box) -> None:
            c.saveState()
            c.translate(box.x, box.y)
            board.draw(c)
            if on_board is not None:
                on_board(c)
            c.restoreState()

        return Shown(draw, board.width, board.height, edge=False)

    def _on_board(self, table: Table) -> Callable[[Canvas], None]:
        pack, theme, players = self.pack, self.theme, len(table.seats)
        chart = board_regions(pack)["chart"]
        spaces = marker_spaces(pack)
        columns = [(table.day, table.today)]
        if table.tomorrow is not None and table.day + 1 < len(spaces):
            columns.append((table.day + 1, table.tomorrow))
        placed: list[tuple[Shown, Box]] = []
        for day, (condition, degrees) in columns:
            upper, lower = spaces[day]
            placed.append((self.marker(f"condition-{condition}"), upper))
            placed.append((self.marker(f"temperature-{degrees}"), lower))
        for step, seat in enumerate(table.seats):
            space = score_space(pack, seat.money)
            colour = pack.player_colours[seat.colour].id
            size = self.tokens.width * 0.8
            shift = step * size * 0.25  # markers on one space overlap like a little stack
            spot = Box(space.cx - size / 2 + shift, space.cy - size / 2 + shift, size, size)
            placed.append((self.token(f"score-{colour}"), spot))

        def draw(c: Canvas) -> None:
            draw_chart(c, chart, pack, players, theme)
            for shown, box in placed:
                place_at(c, shown, box)

        return draw

    def mat_shown(self, seat: Seat) -> Shown:
        """A stand's mat with its goods on it: ×3 tokens first, then single ones."""
        mat, pack, size = self.mats.pages[seat.colour], self.pack, self.tokens.width
        resources = {label: self.token(label) for label in ("resource-1", "resource-3")}

        def draw(c: Canvas, box: Box) -> None:
            mat(c, box)
            regions = mat_regions(pack, box)
            for item in pack.items:
                _pile(c, resources, size, regions[f"pile:{item.id}"], seat.stock.get(item.id, 0))

        return Shown(draw, MAT.width, MAT.height)


def place_at(c: Canvas, shown: Shown, box: Box) -> None:
    """Draw a piece scaled into ``box`` (a marker on its space)."""
    from printkit.rulebook.scenes import place

    place(c, Placed(shown, box.x, box.y, min(box.width / shown.width, box.height / shown.height)))


def _pile(c: Canvas, tokens: Mapping[str, Shown], size: float, box: Box, count: int) -> None:
    triples, singles = divmod(count, 3)
    labels = ["resource-3"] * triples + ["resource-1"] * singles
    step = min(size * 1.05, (box.width - size) / max(len(labels) - 1, 1))
    for i, label in enumerate(labels):
        spot = Box(box.x + i * step, box.cy - size / 2, size, size)
        place_at(c, tokens[label], spot)


def _labelled(pieces: Sequence[Piece], label: str) -> Piece:
    for piece in pieces:
        if piece.label.split("#")[0] == label:
            return piece
    raise LookupError(f"no piece labelled {label!r}")


def _say(pack: LemonadeStall, key: str, players: int | None = None) -> str:
    return pack.words.say(
        key,
        starting_money=pack.starting_money,
        first_day=pack.days[0],
        last_day=pack.days[-1],
        players=pack.max_players if players is None else players,
        cup_tokens=pack.component("cup-tokens").count,
    )


def _callouts(pack: LemonadeStall, kind: str, points: Mapping[str, tuple[float, float]]):
    """The callouts of ``kind`` in words.yaml's order, each at its part's point."""
    return [
        Callout(*points[key], _say(pack, f"callout.{kind}.{key}"))
        for key in pack.words.each(f"callout.{kind}")
        if key in points
    ]


# -- components -----------------------------------------------------------------------
def component_groups(pack: LemonadeStall, component) -> int:
    """How many sets of ``count`` the game holds: one per condition, temperature or colour
    (0 for one per player: the total depends on the table)."""
    per_count = {
        "condition": len(pack.conditions),
        "temperature": len(pack.temperatures),
        "player-colour": len(pack.player_colours[: pack.max_players]),
        "player": 0,
    }
    return per_count.get(component.per or "", 1)


def _component_caption(pack: LemonadeStall, component_id: str) -> str:
    c = pack.component(component_id)
    return f"{c.name} ×{c.count * component_groups(pack, c)}"


def components_large(pack: LemonadeStall, kit: Kit, sheet: PictureSheet) -> SceneBlock:
    """The board, a mat and a sales chart: the big pieces."""
    board_scale = MEASURE / kit.board.width
    theme = kit.theme  # the drawing holds the theme, not the whole kit
    chart = Shown(
        lambda c, box: draw_chart(c, box, pack, pack.max_players, theme),
        pack.kit.sales_chart.width * MM,
        pack.kit.sales_chart.height * MM,
    )
    mat = kit.mat_shown(Seat(0, pack.starting_money))
    items = [
        (kit.board_shown(), board_scale, _component_caption(pack, "board")),
        (mat, 0.32, _component_caption(pack, "player-mats")),  # under its heading on Letter
        (chart, 0.45, _component_caption(pack, "sales-charts")),
    ]
    placed, captions, height = shelves(items, MEASURE)
    return SceneBlock(placed, MEASURE, height, _say(pack, "picture.components"), sheet, captions)


def components_cards(pack: LemonadeStall, kit: Kit, sheet: PictureSheet) -> SceneBlock:
    """One card of each deck (and the event deck's back) at a size whose words can be read."""
    s = kit.card_scale
    first = pack.player_colours[0].id
    event, benefit, price = pack.events[0].id, pack.benefits[0].id, pack.selling_prices[0]
    shown = [
        (kit.card(kit.events, event), s, "event-cards"),
        (kit.card(kit.events, event, back=True), s, ""),
        (kit.card(kit.benefits, benefit), s, "benefit-cards"),
        (kit.card(kit.prices, f"{first}-{price}"), s, "price-cards"),
    ]
    return _gallery(pack, shown, sheet, "picture.cards")


def components_tokens(pack: LemonadeStall, kit: Kit, sheet: PictureSheet) -> SceneBlock:
    """One of each marker and token, at printed size."""
    first = pack.player_colours[0].id
    condition, degrees = pack.opening_weather
    shown = [
        (kit.marker(f"condition-{condition}"), 1.0, "condition-markers"),
        (kit.marker(f"temperature-{degrees}"), 1.0, "temperature-markers"),
        (kit.marker("first-player"), 1.0, "first-player-marker"),
        (kit.token(f"score-{first}"), 1.0, "score-markers"),
        (kit.token(f"lap-{first}"), 1.0, "lap-tokens"),
        (kit.token(f"cup-{first}"), 1.0, "cup-tokens"),
        (kit.token("resource-1"), 1.0, "resource-tokens"),
        (kit.token("resource-3"), 1.0, "resource-tokens-3"),
        (kit.token("item-token"), 1.0, "item-tokens"),
    ]
    return _gallery(pack, shown, sheet, "picture.tokens")


def _gallery(
    pack: LemonadeStall, shown: list[tuple[Shown, float, str]], sheet: PictureSheet, alt: str
) -> SceneBlock:
    """Pieces in rows, each captioned with its component's name and count (a blank id:
    the back of the piece before it)."""
    back = _say(pack, "picture.back")
    items = [(p, k, _component_caption(pack, c) if c else back) for p, k, c in shown]
    placed, captions, height = shelves(items, MEASURE, gap=4 * MM)
    return SceneBlock(placed, MEASURE, height, _say(pack, alt), sheet, captions)


# -- the board and a mat with callouts ------------------------------------------------
MARGIN = 8 * MM  # the strip either side of a picture where its lettered discs stand
DISC_GAP = 6.5 * MM  # between two discs in one margin


def _margin_callouts(
    pack: LemonadeStall,
    kind: str,
    targets: Mapping[str, tuple[float, float]],
    width: float,
    height: float,
    middle: float,
    vias: Mapping[str, tuple[float, float]] | None = None,
) -> list[Callout]:
    """Discs in the left and right margins (a part left of ``middle`` on the left), each
    with a leader to its part; lettered down the left margin, then down the right, in
    the order the discs stand (a leader that bends runs at its bend's height)."""
    vias = vias or {}
    named = [key for key in pack.words.each(f"callout.{kind}") if key in targets]
    low, high = DISC_GAP / 2, height - DISC_GAP / 2
    out: list[Callout] = []
    for is_right, x in ((False, MARGIN / 2), (True, width - MARGIN / 2)):
        keys = [key for key in named if (targets[key][0] >= middle) == is_right]
        keys.sort(key=lambda key: -vias.get(key, targets[key])[1])
        wanted = [vias.get(key, targets[key])[1] for key in keys]
        heights = spread_in_margin(wanted, low, high, DISC_GAP)
        for key, y in zip(keys, heights):
            text = _say(pack, f"callout.{kind}.{key}")
            out.append(Callout(x, y, text, to=targets[key], via=vias.get(key)))
    return out


def _round_about(
    regions: Mapping[str, Box], targets: Mapping[str, tuple[float, float]], scale: float, middle
) -> list[tuple[str, float, float]]:
    """Panels with another panel between them and their margin (the left margin for a
    panel whose heading lies left of ``middle``): each leader runs along the gap above
    the panel, then drops to its heading (board heights)."""
    out = []
    for key, box in regions.items():
        if key not in targets:
            continue
        right = (targets[key][0] - MARGIN) / scale >= middle
        y = targets[key][1] / scale
        between = [
            r
            for r in regions.values()
            if (r.x >= box.right if right else r.right <= box.x) and r.y < y < r.top
        ]
        above = [
            r.y for r in regions.values() if r.y >= box.top and r.x < box.right and r.right > box.x
        ]
        if between and above:
            out.append((key, targets[key][0], (box.top + min(above)) / 2))
    return out


def board_callouts(pack: LemonadeStall, kit: Kit, sheet: PictureSheet) -> SceneBlock:
    """The whole board at the text's width, its parts lettered in the margins: where each
    part lies (the close-ups after it show their words at reading size). Its words,
    too small to read here, are greeked: the board keeps its look of headings and rules."""
    scale = (MEASURE - 2 * MARGIN) / kit.board.width
    regions = board_regions(pack)
    inset = 5 * MM

    def heading(box: Box) -> tuple[float, float]:  # a panel heading's empty right end
        return MARGIN + (box.right - inset) * scale, (box.top - inset) * scale

    targets = {key: heading(box) for key, box in regions.items()}
    start = regions["score-track"]
    targets["score-track"] = (MARGIN + start.cx * scale, start.cy * scale)
    shown = Placed(kit.board_shown(), MARGIN, 0, scale)
    height = shown.footprint.height
    vias = {
        key: (x, y * scale)
        for key, x, y in _round_about(regions, targets, scale, kit.board.width / 2)
    }
    callouts = _margin_callouts(pack, "board", targets, MEASURE, height, MEASURE / 2, vias)
    alt = _say(pack, "picture.board")
    return SceneBlock([shown], MEASURE, height, alt, sheet, callouts=callouts, greeked=True)


def board_close_up(
    pack: LemonadeStall, kit: Kit, sheet: PictureSheet, parts: Sequence[str], alt: str
) -> SceneBlock:
    """The board's ``parts`` at the text's width, large enough for their words to be read."""
    regions = board_regions(pack)
    pad = 2 * MM
    boxes = [regions[key] for key in parts]
    x0, y0 = min(b.x for b in boxes) - pad, min(b.y for b in boxes) - pad
    x1, y1 = max(b.right for b in boxes) + pad, max(b.top for b in boxes) + pad
    theme = kit.theme  # the drawing holds the theme, not the whole kit

    def draw(c: Canvas, box: Box) -> None:
        c.saveState()
        c.translate(box.x - x0, box.y - y0)
        draw_board_parts(c, pack, theme, parts)
        c.restoreState()

    crop = Shown(draw, x1 - x0, y1 - y0)
    scale = MEASURE / crop.width
    placed = Placed(crop, 0, 0, scale)
    height = placed.footprint.height
    return SceneBlock([placed], MEASURE, height, _say(pack, alt), sheet, caption=True)


def mat_callouts(pack: LemonadeStall, kit: Kit, sheet: PictureSheet) -> SceneBlock:
    """A mat as wide as the text allows, its words at reading size, lettered in the left
    margin with leaders to the parts (never on the colour symbol a disc names)."""
    scale = (MEASURE - MARGIN) / MAT.width
    regions = mat_regions(pack, MAT)
    seat = Seat(0, pack.starting_money, {i.id: 3 + n for n, i in enumerate(pack.items)})
    shown = Placed(kit.mat_shown(seat), MARGIN, 0, scale)

    def at(x: float, y: float) -> tuple[float, float]:
        return MARGIN + x * scale, y * scale

    head, goods = regions["header"], regions[f"goods:{pack.items[0].id}"]
    costs = regions["costs"]
    targets = {
        "header": at(head.x + 2 * MM, head.cy),  # on the band, left of the symbol
        "goods": at(goods.x + 2.5 * MM, goods.top - 2.5 * MM),
        "costs": at(costs.x + 2 * MM, costs.top - 2 * MM),
    }
    height = MAT.height * scale
    callouts = _margin_callouts(pack, "mat", targets, MEASURE, height, MEASURE)
    return SceneBlock([shown], MEASURE, height, _say(pack, "picture.mat"), sheet, callouts=callouts)


# -- the table ------------------------------------------------------------------------
def table_scene(
    pack: LemonadeStall, kit: Kit, table: Table, sheet: PictureSheet, alt: str, setup: bool
) -> SceneBlock:
    """Four stands round the board, two on the near side, two on the far side (turned).

    Seats run clockwise from the near left: 1 near left, 2 far left, 3 far right,
    4 near right; a player's left is the next seat.
    """
    s = TABLE_SCALE
    card_w, card_h = kit.prices.width * s, kit.prices.height * s
    mat_w, mat_h = MAT.width * s, MAT.height * s
    board_w, board_h = kit.board.width * s, kit.board.height * s
    gap = 3 * MM
    near = CAPTION_ROOM
    middle = near + mat_h + gap
    far = middle + board_h + gap
    height = far + mat_h + CAPTION_ROOM
    seat_w = mat_w + gap + card_w * 2 + gap
    edge = 2 * MM  # the seats' pieces clear of the table's edge
    lefts = [edge, edge, MEASURE - seat_w - edge, MEASURE - seat_w - edge]
    placed: list[Placed] = []
    points: dict[str, tuple[float, float]] = {}
    captions: list[Caption] = []
    for index, seat in enumerate(table.seats[:4]):
        is_far = index in (1, 2)
        x = lefts[index]
        y = far if is_far else near
        mat_x = x + (card_w * 2 + gap * 2 if is_far else 0)
        placed.append(Placed(kit.mat_shown(seat), mat_x, y, s, 180 if is_far else 0))
        cards_x = x if is_far else x + mat_w + gap
        colour = pack.player_colours[seat.colour]
        card_y = y + (mat_h - card_h if is_far else 0)
        placed += _seat_cards(pack, kit, seat, cards_x, card_y)
        cups_x = cards_x + card_w + 1.5 * MM
        cups = _cup_tokens(kit, pack.player_colours[seat.colour].id, seat.cups, cups_x, y, is_far)
        placed += cups
        label_y = y - 0.5 * MM if not is_far else y + mat_h + CAPTION_ROOM - 0.5 * MM
        captions.append(Caption(mat_x + mat_w / 2, label_y, mat_w, colour.name))
        if index == 0:
            points["mats"] = (mat_x + mat_w - 4 * MM, y + mat_h - 4 * MM)
            if cups:
                top = max(p.footprint.top for p in cups)
                points["cup-tokens"] = (max(p.footprint.right for p in cups), top)
            points["price-cards"] = (cards_x + card_w, y + card_h)  # clear of the marker
        if index + 1 == table.first_player:  # the marker lies above (or below) the price cards
            fp = kit.markers.width * s * 1.4
            fy = y + card_h + 3 * MM if not is_far else y + mat_h - card_h - 3 * MM - fp
            placed.append(Placed(kit.marker("first-player"), cards_x, fy, fp / kit.markers.width))
            points["first-player"] = (cards_x + fp + 2 * MM, fy + fp)
    board_x = (MEASURE - board_w) / 2
    placed.append(Placed(kit.board_shown(table), board_x, middle, s))
    regions = board_regions(pack)
    chart = regions["chart"]
    points["board"] = (board_x + 6 * MM, middle + board_h - 6 * MM)
    points["chart"] = (board_x + chart.cx * s, middle + chart.cy * s)
    day = marker_spaces(pack)[table.day][0]
    points["weather"] = (board_x + day.cx * s, middle + day.top * s + 2 * MM)
    start = score_space(pack, table.seats[0].money)
    points["score-markers"] = (board_x + start.cx * s, middle + start.y * s - 2.5 * MM)
    side = (MEASURE - board_w) / 2 - 2 * gap  # room either side of the board
    deck_x = (side - card_w) / 2 + gap / 2
    deck_y = middle + board_h - card_h - 2 * MM
    placed += _deck(kit, deck_x, deck_y, s)
    points["events"] = (deck_x + card_w, deck_y + card_h)
    if table.event is not None:
        placed.append(Placed(kit.card(kit.events, table.event), deck_x, deck_y - card_h - gap, s))
        points["event"] = (deck_x + card_w, deck_y - gap)
    supply_y = middle + 2 * MM
    placed += _supply(kit, gap, supply_y, side, s)
    points["supply"] = (gap + 2 * MM, supply_y + 12 * MM)
    dice = pack.art.get("dice")
    if setup and dice is not None:  # step 6: the dice and the other markers wait here
        spare = _spare_markers(pack, kit, table, gap, supply_y + 16 * MM, s)
        placed += spare
        dice_w = 11 * MM
        dice_y = max(p.footprint.top for p in spare) + 2 * MM if spare else supply_y + 16 * MM
        placed.append(Placed(_picture(dice.path, dice_w, dice_w * 24 / 52), gap, dice_y))
        points["dice"] = (gap + dice_w + 2.5 * MM, dice_y + 3 * MM)
    cascade_x = MEASURE - (side + card_w) / 2 - gap / 2
    step = min(6 * MM, (board_h - card_h) / max(len(table.middle) - 1, 1))
    for i, benefit in enumerate(table.middle):
        y = middle + board_h - card_h - i * step
        placed.append(Placed(kit.card(kit.benefits, benefit), cascade_x, y, s))
    if table.middle:
        points["benefits"] = (cascade_x + card_w, middle + board_h)
    kind = "setup" if setup else "table"
    callouts = _callouts(pack, kind, points)
    return SceneBlock(
        placed, MEASURE, height, alt, sheet, captions, callouts, ground=TABLE, caption=True
    )


CAPTION_ROOM = 4 * MM


def _seat_cards(pack: LemonadeStall, kit: Kit, seat: Seat, x: float, y: float) -> list[Placed]:
    """A stand's price cards (a face-down pile, or the card turned up) and benefit card."""
    s = TABLE_SCALE
    colour = pack.player_colours[seat.colour].id
    card_w = kit.prices.width * s
    out = []
    if seat.price is None:
        for i in range(len(pack.selling_prices)):
            label = f"{colour}-{pack.selling_prices[i]}"
            out.append(Placed(kit.card(kit.prices, label, back=True), x + i * 0.6 * MM, y, s))
    else:
        out.append(Placed(kit.card(kit.prices, f"{colour}-{seat.price}"), x, y, s))
    if seat.benefit is not None:
        out.append(Placed(kit.card(kit.benefits, seat.benefit), x + card_w + 1.5 * MM, y, s))
    return out


CUP_ROWS = 7  # a stand's cup-sold tokens in columns this tall


def _cup_tokens(kit: Kit, colour: str, count: int, x: float, y: float, far: bool) -> list[Placed]:
    """A stand's cup-sold tokens in a small grid beside its price cards (from the mat's
    near edge: the bottom for a near seat, the top for a far one)."""
    size = kit.tokens.width * TABLE_SCALE
    pitch = size + 0.3 * MM
    token = kit.token(f"cup-{colour}")
    out = []
    for n in range(count):
        col, row = divmod(n, CUP_ROWS)
        ty = y + row * pitch if not far else y + MAT.height * TABLE_SCALE - (row + 1) * pitch
        out.append(Placed(token, x + col * pitch, ty, TABLE_SCALE))
    return out


def _spare_markers(
    pack: LemonadeStall, kit: Kit, table: Table, x: float, y: float, s: float
) -> list[Placed]:
    """The weather markers not on the board, in two stepped piles: conditions, temperatures."""
    condition, degrees = table.today
    piles = [
        [f"condition-{c.id}" for c in pack.conditions if c.id != condition],
        [f"temperature-{t.degrees}" for t in pack.temperatures if t.degrees != degrees],
    ]
    size = kit.markers.width * s
    out = []
    for n, labels in enumerate(piles):
        for i, label in enumerate(labels):
            step = i * 0.6 * MM
            out.append(Placed(kit.marker(label), x + n * (size + 3 * MM) + step, y + step, s))
    return out


def _picture(path: Path, width: float, height: float) -> Shown:
    """A picture from the pack's art, drawn in its box (no cut edge: it is not a piece)."""
    return Shown(lambda c, box: draw_picture(c, box, path), width, height, edge=False)


def _deck(kit: Kit, x: float, y: float, s: float) -> list[Placed]:
    """The event deck, face down: a few backs stepped to look like a pile."""
    label = kit.events.pieces[0].label.split("#")[0]
    back = kit.card(kit.events, label, back=True)
    return [Placed(back, x + i * 0.5 * MM, y + i * 0.5 * MM, s) for i in range(3)]


def _supply(kit: Kit, x: float, y: float, width: float, s: float) -> list[Placed]:
    """The shared supply: a heap of resource tokens, single and ×3."""
    size = kit.tokens.width * s
    per_row = max(int(width // (size * 1.1)), 1)
    out = []
    for i in range(per_row * 3):
        label = "resource-3" if i % 3 == 2 else "resource-1"
        row, col = divmod(i, per_row)
        out.append(Placed(kit.token(label), x + col * size * 1.1, y + row * size * 1.1, s))
    return out


def setup_table(pack: LemonadeStall, kit: Kit, sheet: PictureSheet, players: int) -> SceneBlock:
    """The table as the rules' set-up leaves it, for ``players`` stands."""
    cups = pack.component("cup-tokens").count
    seats = tuple(Seat(i, pack.starting_money, cups=cups) for i in range(players))
    condition, degrees = pack.opening_weather
    middle = tuple(b.id for b in pack.benefits_for(players))
    table = Table(seats, 0, (condition, degrees), middle=middle)
    alt = _say(pack, "picture.setup", players)
    return table_scene(pack, kit, table, sheet, alt, setup=True)


def day_table(
    pack: LemonadeStall, kit: Kit, sheet: PictureSheet, example: dict, step: int
) -> SceneBlock:
    """The table of a worked day (a ``day`` example's view) after ``step``."""
    day = example["given"]
    after = example["day"]["steps"][step - 1]["after"]
    colours = {c.id: i for i, c in enumerate(pack.player_colours)}
    seats = tuple(
        Seat(
            colours.get(stand.get("colour", ""), i),
            after["money"][i],
            after["stock"][i],
            after["prices"][i],
            after["benefits"][i],
        )
        for i, stand in enumerate(day["stands"])
    )
    weather = after["weather"] or after["forecast"]
    tomorrow = after["tomorrow"]
    taken = set(after["benefits"])
    middle = tuple(b.id for b in pack.benefits_for(len(seats)) if b.id not in taken)
    table = Table(
        seats,
        pack.days.index(day["day"]),
        (weather["condition"], weather["temperature"]),
        (tomorrow["condition"], tomorrow["temperature"]) if tomorrow else None,
        after["first_player"],
        after["event"],
        middle,
    )
    return table_scene(pack, kit, table, sheet, _say(pack, "picture.table"), setup=False)
