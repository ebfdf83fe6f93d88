"""Sandcastles: card geometry, legality, scoring, content validation, the kit."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from printkit.check.checker import PackCache, check_pack
from printkit.cli import cli
from printkit.errors import ContentError
from printkit.games.sandcastles.content import load
from printkit.games.sandcastles.geometry import mismatches, neighbour, regions
from printkit.games.sandcastles.model import Face, Placement, Route
from printkit.games.sandcastles.rules import check_castle, score_castle, structures
from printkit.render.impose import grid_for
from printkit.render.units import MM, PAPERS
from tests.conftest import (
    CONTENT,
    build_kit,
    check_edited_example,
    load_error,
    pack_copy,
    page_text,
)

PACK_DIR = CONTENT / "sandcastles"
PACK = load(PACK_DIR)
CASTLE_IDS = [c.id for c in PACK.cards if not c.overlay]
ALL_IDS = [c.id for c in PACK.cards]


# -- geometry ------------------------------------------------------------------
faces = st.sampled_from([c.face for c in PACK.cards])


@given(faces, st.integers(-8, 8))
def test_four_quarter_turns_are_no_turn(face: Face, start: int):
    turned = face.turned(start)
    assert turned.turned(1).turned(1).turned(1).turned(1) == turned
    assert face.turned(4) == face


@given(faces, st.integers(0, 3), st.integers(0, 3))
def test_turns_add_up(face: Face, a: int, b: int):
    assert face.turned(a).turned(b) == face.turned(a + b)


def test_a_bend_splits_its_card_into_two_patches():
    bend = PACK.card("bend").face
    labels = regions(bend)
    assert len(set(labels)) == 2
    assert labels[0] == labels[1]  # both half-edges next to the NE corner lie inside the bend
    assert labels[0] != labels[4]


def test_every_card_continues_a_turned_copy_of_itself_where_it_should():
    straight = PACK.card("straight").face
    assert not mismatches(straight, 1, straight)  # east edge to west edge: wall meets wall
    assert mismatches(straight, 0, straight.turned(1))  # blank north meets a wall


# -- random castles ----------------------------------------------------------------
steps = st.lists(
    st.tuples(st.sampled_from(ALL_IDS), st.integers(0, 3), st.integers(0, 10_000)),
    min_size=1,
    max_size=18,
)


def build_legal(recipe: list[tuple[str, int, int]]) -> list[Placement]:
    """A castle grown card by card, each placement legal when laid (else skipped)."""
    castle: list[Placement] = []
    ground: dict[tuple[int, int], Placement] = {}
    topped: set[tuple[int, int]] = set()
    for card_id, turn, pick in recipe:
        if PACK.card(card_id).overlay:
            free = sorted(set(ground) - topped)
            if free:
                cell = free[pick % len(free)]
                castle.append(Placement(card_id, *cell, 0))
                topped.add(cell)
            continue
        frontier = sorted({neighbour(c, s) for c in ground for s in range(4)} - set(ground)) or [
            (0, 0)
        ]
        cell = frontier[pick % len(frontier)]
        p = Placement(card_id, *cell, turn)
        face = PACK.face(p)
        if all(
            not mismatches(face, s, PACK.face(ground[neighbour(cell, s)]))
            for s in range(4)
            if neighbour(cell, s) in ground
        ):
            castle.append(p)
            ground[cell] = p
    return castle


def turn_castle(castle: list[Placement]) -> list[Placement]:
    """The whole castle turned a quarter clockwise: north becomes east."""
    return [Placement(p.card, p.y, -p.x, (p.turn + 1) % 4) for p in castle]


def shift_castle(castle: list[Placement], dx: int, dy: int) -> list[Placement]:
    return [Placement(p.card, p.x + dx, p.y + dy, p.turn) for p in castle]


def summary(castle: list[Placement]) -> tuple:
    s = score_castle(PACK, castle, discards=2)
    return (s.total, s.points, s.towers, s.courtyards, s.biggest_courtyard, s.longest_wall)


@settings(max_examples=60, deadline=None)
@given(steps)
def test_a_grown_castle_is_legal_and_stays_legal_turned(recipe):
    castle = build_legal(recipe)
    assert all(v.legal for v in check_castle(PACK, castle))
    turned = castle
    for _ in range(4):
        turned = turn_castle(turned)
        assert all(v.legal for v in check_castle(PACK, turned))
    assert turned == castle


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(ALL_IDS), st.integers(-2, 2), st.integers(-2, 2), st.integers(0, 3)
        ),
        min_size=1,
        max_size=10,
    )
)
def test_verdicts_and_scores_do_not_depend_on_the_castle_turning(cards):
    castle = [Placement(card, x, y, turn) for card, x, y, turn in cards]
    turned = turn_castle(castle)
    assert [v.legal for v in check_castle(PACK, castle)] == [
        v.legal for v in check_castle(PACK, turned)
    ]
    assert summary(castle) == summary(turned)


@settings(max_examples=60, deadline=None)
@given(steps, st.integers(-20, 20), st.integers(-20, 20))
def test_scores_do_not_depend_on_where_the_castle_stands(recipe, dx, dy):
    castle = build_legal(recipe)
    assert summary(castle) == summary(shift_castle(castle, dx, dy))


def test_four_quarters_make_one_tower_and_the_sand_inside_a_ring_is_a_courtyard():
    ring = [
        Placement("tower-bend", 0, 0, 0),
        Placement("tower-bend", 1, 0, 3),
        Placement("tower-bend", 1, 1, 2),
        Placement("tower-bend", 0, 1, 1),
    ]
    found = structures(PACK, ring)
    assert len(found.complete_towers) == 1
    assert [c.size for c in found.courtyards] == [4]
    assert not structures(PACK, ring[:3]).courtyards  # one card short: the sand runs out


RING_ROUND_A_HOLE = [  # a 3 x 3 square of walled cards with the middle left empty
    Placement("bend", 0, 0, 0),
    Placement("straight", 1, 0, 0),
    Placement("bend", 2, 0, 3),
    Placement("straight", 2, 1, 1),
    Placement("bend", 2, 2, 2),
    Placement("straight", 1, 2, 0),
    Placement("bend", 0, 2, 1),
    Placement("straight", 0, 1, 1),
]


def test_a_hole_closed_in_by_walled_cards_is_part_of_one_courtyard():
    found = structures(PACK, RING_ROUND_A_HOLE)
    assert [c.size for c in found.courtyards] == [8]
    assert (1, 1) not in found.courtyards[0].cells  # no card lies in the hole
    assert score_castle(PACK, RING_ROUND_A_HOLE).points[1] == ("courtyards", 5)


def test_a_hole_open_to_the_sea_or_a_gap_in_the_ring_lets_the_sand_out():
    breach = [p if p.cell != (1, 2) else Placement("breach", 1, 2, 0) for p in RING_ROUND_A_HOLE]
    assert all(v.legal for v in check_castle(PACK, breach))
    assert not structures(PACK, breach).courtyards
    no_corner = [p for p in RING_ROUND_A_HOLE if p.cell != (2, 2)]
    assert not structures(PACK, no_corner).courtyards
    no_side = [p for p in RING_ROUND_A_HOLE if p.cell != (1, 2)]  # the hole reaches the sea
    assert not structures(PACK, no_side).courtyards


def test_the_holes_ruling_is_listed_as_a_gap():
    holes = next(g for g in PACK.gaps if g.field == "rulings.holes")
    assert holes.value.strip("'") == "enclosed" and "hole" in holes.reason


def test_the_owner_may_keep_a_smaller_part():
    castle = [
        Placement("bend", 0, 0, 0),
        Placement("bend", 1, 0, 3),
        Placement("bend", 1, 1, 2),
        Placement("bend", 0, 1, 1),
        Placement("straight", 2, 0, 0),  # illegal: splits off the two beyond it
        Placement("straight", 3, 0, 0),
        Placement("bend", 3, 1, 0),
    ]
    best = score_castle(PACK, castle)
    chosen = score_castle(PACK, castle, keep=(3, 0))
    assert (best.cards, best.split_off) == (4, 2)
    assert (chosen.cards, chosen.split_off, chosen.courtyards) == (2, 4, 0)


# -- content ---------------------------------------------------------------------
def test_the_deck_holds_the_source_numbers():
    assert len(PACK.deck()) == 100
    assert (PACK.min_players, PACK.max_players) == (2, 6)
    assert (PACK.hand_size, PACK.piles, PACK.timer_minutes) == (5, 5, 5)
    s = PACK.scoring
    assert (s.tower, s.courtyard, s.illegal, s.discard) == (2, 5, -3, -1)
    assert (s.most_cards, s.biggest_courtyard, s.longest_wall) == (3, 3, 3)
    assert {c.kind for c in PACK.cards} == {"castle", "bridge", "feather", "shell"}


def test_gaps_record_the_designed_card_list_and_the_grid():
    fields = {(Path(g.file).name, g.field) for g in PACK.gaps}
    assert ("game.yaml", "card_list") in fields
    assert ("game.yaml", "rulings.placement") in fields
    assert ("game.yaml", "scoring.specials.bridge") in fields
    placement = next(g for g in PACK.gaps if g.field == "rulings.placement")
    assert "offset" in placement.reason


def test_examples_agree_with_the_engine():
    results = check_pack(PackCache(CONTENT), PACK_DIR)
    assert len(results) >= 10
    assert all(r.passed for r in results), [r for r in results if not r.passed]


@pytest.fixture
def castles_copy(tmp_path: Path) -> Path:
    return pack_copy(PACK_DIR, tmp_path)


def _broken(folder: Path, file: str, old: str, new: str) -> ContentError:
    return load_error(load, folder, file, old, new)


@pytest.mark.parametrize(
    ("file", "old", "new", "says", "line"),
    [
        (
            "cards.csv",
            "straight,Straight wall,castle,.w.w",
            "straight,Straight wall,castle,.x.w",
            "four codes",
            2,
        ),
        (
            "cards.csv",
            "bend,Bend,castle,ww..,....,N-E",
            "bend,Bend,castle,ww..,....,N-S",
            "shows nothing",
            3,
        ),
        (
            "cards.csv",
            "double-bend,Double bend,castle,wwww,....,N-E S-W",
            "double-bend,Double bend,castle,wwww,....,N-S E-W",
            "cross",
            4,
        ),
        (
            "cards.csv",
            "breach,Breach,castle,.w.w,....,E-x W-x",
            "breach,Breach,castle,.w.w,....,E-x",
            "exactly one route",
            6,
        ),
        (
            "cards.csv",
            "falling-wall,Wall falling from a tower,castle,.w..,...t,E-NW",
            "falling-wall,Wall falling from a tower,castle,.w..,..t.,E-SW",
            "turned 180",
            14,
        ),
        ("cards.csv", "keep,Keep,castle", "keep,Keep,castel", "did you mean 'castle'", 10),
        ("game.yaml", "hand_size: 5", "hand_sise: 5", "unknown field 'hand_sise'", None),
        ("game.yaml", "courtyard: 5", "courtyard: five", "whole number", None),
    ],
)
def test_broken_content_names_file_line_and_problem(castles_copy, file, old, new, says, line):
    error = _broken(castles_copy, file, old, new)
    assert says in error.problem + error.hint
    assert Path(error.location.file).name == file
    assert error.location.line is not None
    if line is not None:
        assert error.location.line == line


@pytest.mark.parametrize(
    ("file", "old", "new", "total"),
    [
        ("game.yaml", "deck_size: 100", "deck_size: 99", 100),
        (
            "cards.csv",
            "sand,Open sand,castle,....,....,,4",
            "sand,Open sand,castle,....,....,,5",
            101,
        ),
    ],
)
def test_the_deck_count_is_checked_at_deck_size(castles_copy, file, old, new, total):
    error = _broken(castles_copy, file, old, new)
    assert f"add up to {total}" in error.problem
    assert Path(error.location.file).name == "game.yaml"
    text = (castles_copy / "game.yaml").read_text().splitlines()
    assert text[error.location.line - 1].startswith("deck_size")


def test_an_example_naming_an_unknown_card_fails_with_its_line(tmp_path):
    example = tmp_path / "bad.yaml"
    example.write_text(
        "game: sandcastles\nexample: bad\nrule: score\ngiven:\n  castle:\n"
        "    - {card: bendd, at: [0, 0]}\nexpect:\n  total: 0\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["check", str(example), "--content", str(CONTENT)])
    assert result.exit_code == 2
    assert "bad.yaml:6" in result.output and "did you mean 'bend'" in result.output


# -- the kit -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return build_kit("sandcastles", tmp_path_factory.mktemp("out")) / "a4"


@pytest.mark.slow
def test_the_kit_prints_every_card_with_a_back(built):
    side = PACK.kit.card * MM
    grid = grid_for(PAPERS["a4"], side, side)
    sheets = math.ceil(len(PACK.deck()) / grid.per_sheet)
    pages = PdfReader(built / "01-castle-cards.pdf").pages
    assert len(pages) == 2 * sheets
    texts = [page_text(page) or "" for page in pages]
    assert sum("front" in t for t in texts) == sheets
    assert sum("back" in t for t in texts) == sheets


def test_the_kit_has_a_reference_card_and_a_guide(built):
    names = {p.name for p in built.glob("*.pdf")}
    assert {"00-printing-guide.pdf", "01-castle-cards.pdf", "02-reference-cards.pdf"} <= names
    guide = PdfReader(built / "00-printing-guide.pdf").pages[0].extract_text()
    assert "5-minute timer" in guide
    reference = PdfReader(built / "02-reference-cards.pdf").pages[0].extract_text()
    assert "+5" in reference and "−3" in reference  # a true minus, as the rulebook prints it


def test_card_faces_follow_the_data():
    from printkit.games.sandcastles.kit import card_fields

    fields = dict(card_fields(PACK.card("bastion")))
    assert (fields["edges"], fields["corners"], fields["walls"]) == ("..ww", "t...", "NE-S NE-W")
    assert Route(1, 4).code == "NE-S"


def test_smashing_a_card_topples_its_rider_but_a_rider_can_go_alone():
    from printkit.games.sandcastles.rules import smash

    castle = [Placement("bend", 0, 0, 0), Placement("feather", 0, 0, 0)]
    assert smash(PACK, castle, [((0, 0), None)]) == ()
    assert smash(PACK, castle, [((0, 0), "feather")]) == (castle[0],)


@pytest.mark.slow
def test_the_rulebook_prints_every_example_with_its_castle(built):
    from printkit.check.checker import example_files, read_example

    pdf = PdfReader(built / "rulebook.pdf")
    text = " ".join(" ".join(page_text(page).split()) for page in pdf.pages)
    printed = [read_example(p) for p in example_files(PACK_DIR)]
    titles = [e.title for e in printed if e.rule != "playthrough"]  # goldens pin, not print
    assert all(title in text for title in titles), [t for t in titles if t not in text]
    assert "+21" in text  # the specials example's total, as the engine scores it
    html = (built / "rulebook.html").read_text(encoding="utf-8")
    castles = sum(1 for e in printed if "castle" in e.path.read_text() and e.rule != "playthrough")
    assert html.count("<img") >= len(PACK.cards) + castles


# -- a whole round, step by step --------------------------------------------------------------
WHOLE = "whole-round.yaml"


@pytest.mark.parametrize(
    "old, new, says",
    [
        (
            "hand: [bend, bend, bend, straight, keep]",
            "hand: [bend, bend, straight, straight, keep]",
            "seat 1 (Ana), step 4: bend is not in the hand (it holds straight, keep)",
        ),
        (  # Cas has laid every card she held
            "        - lay: {card: crumbled-end, at: [6, 0]}\n",
            "        - lay: {card: crumbled-end, at: [6, 0]}\n        - discard: bend\n",
            "seat 3 (Cas), step 10: bend is not in the hand (it holds nothing)",
        ),
        (  # laying a card from the hand does not put away the card just drawn
            "        - lay: {card: bend, at: [2, 1], turn: 180}\n        - draw: straight\n"
            "        - lay: {card: straight, at: [1, 1]}\n",
            "        - draw: straight\n        - lay: {card: bend, at: [2, 1], turn: 180}\n",
            "seat 1 (Ana), step 6: takes bend while still holding the straight taken before",
        ),
        (  # nor does discarding one
            "        - lay: {card: straight, at: [1, 1]}\n        - draw: bend",
            "        - discard: keep\n        - draw: bend",
            "seat 1 (Ana), step 7: takes bend while still holding the straight taken before",
        ),
        (  # Ana holds one Keep; Ben draws the other, throws it away and draws a third
            "        - draw: bend\n        - discard: bend",
            "        - draw: keep\n        - discard: keep\n        - draw: keep",
            "seat 2 (Ben), step 10: takes a keep, but all 2 of the deck's copies are already "
            "at the table",
        ),
        (
            "        - draw: bend\n        - discard: bend",
            "        - draw: bend\n        - draw: keep",
            "seat 2 (Ben), step 9: takes keep while still holding the bend taken before",
        ),
        (
            "        - lay: {card: straight, at: [3, 0]}\n        - draw: bend",
            "        - lay: {card: straight, at: [3, 1]}\n        - draw: bend",
            "seat 2 (Ben), step 8: takes bend while card 6 of the castle is illegal",
        ),
        (
            "hand: [straight, straight, straight, straight, crumbled-end]",
            "hand: [straight, straight, straight, keep, keep]",
            "3 keep cards are dealt; the deck has 2",
        ),
        (
            "{by: 3, of: 1, at: [0, 1]}",
            "{by: 3, of: 2, at: [0, 0]}",
            "bullying, smash 3: seat 3 (Cas) may not smash seat 2's castle: it scored 1 in the "
            "first scoring, not more than seat 3's 6",
        ),
        (
            "{by: 3, of: 1, at: [0, 1]}",
            "{by: 2, of: 1, at: [0, 1]}",
            "bullying, smash 3: seat 2 (Ben) smashes seat 1's castle twice",
        ),
        (
            "{by: 3, of: 1, at: [0, 1]}",
            "{by: 3, of: 1, at: [5, 4]}",
            "smashes the card at 5,4 of seat 1's castle, but no such card is left there",
        ),
        (  # two bullies cannot smash the same card
            "{by: 3, of: 1, at: [0, 1]}",
            "{by: 3, of: 1, at: [1, 1]}",
            "bullying, smash 3: seat 3 (Cas) smashes the card at 1,1 of seat 1's castle",
        ),
    ],
)
def test_an_impossible_round_names_the_step_and_seat(tmp_path, old, new, says):
    assert says in check_edited_example(PACK_DIR, tmp_path, WHOLE, old, new)


def test_cards_never_laid_count_as_discards_and_a_drawn_card_may_be_thrown_away():
    from printkit.games.sandcastles.building import DISCARD, DRAW, LAY, Step, build_castles

    hand = ["straight"] * 4 + ["keep"]
    steps = [
        Step(LAY, "straight", Placement("straight", 0, 0)),
        Step(DRAW, "bend"),
        Step(DISCARD, "bend"),
        Step(DRAW, "bend"),
    ]
    (build,) = build_castles(PACK, [hand], [steps])
    # three straights and the keep never laid, one bend thrown away, one still held
    assert (len(build.castle), build.discards, build.draws) == (1, 6, ("bend", "bend"))


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.integers(PACK.min_players, PACK.max_players), st.integers(0, 10_000))
@example(5, 240)  # bullies once judged the first scoring without the discarded drawn cards
def test_a_seeded_round_builds_legal_castles_and_adds_both_scorings(players, seed):
    from collections import Counter

    from printkit.games.sandcastles.bots import play_seeded_round

    done = play_seeded_round(PACK, players, seed)
    result = done.played.result
    for build, hand in zip(done.played.builds, done.hands):
        assert all(v.legal for v in check_castle(PACK, build.castle))
        laid = Counter(p.card for p in build.castle)
        out = laid + Counter(build.discarded) + Counter(build.hand)
        assert out == Counter(hand) + Counter(build.draws)  # every card dealt or drawn is somewhere
        assert build.discards == len(build.discarded) + len(build.hand)
    first, second = result.first.totals(PACK), result.second.totals(PACK)
    assert list(result.final) == [a + b for a, b in zip(first, second)]
    for smash in done.smashes:  # bullies only smash castles that scored more
        assert first[smash.of - 1] > first[smash.by - 1]


# -- the look of the cards and the rulebook ------------------------------------------------------
def test_a_bridges_rules_plate_leaves_both_half_tower_rims_whole():
    """The rims' outlines where they pass beside the rules text (a quarter card from each
    tower's centre, 0.2 card below it) print dark, not covered by the plate's sand."""
    import io

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from printkit.games.sandcastles.kit.art import draw_card
    from printkit.render.theme import Theme
    from printkit.render.units import Box

    side = PACK.kit.card * MM
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(side, side), invariant=1)
    draw_card(c, Box(0, 0, side, side), PACK.card("bridge"), Theme())
    c.save()
    dpi = 300
    image = pdfium.PdfDocument(buffer.getvalue())[0].render(scale=dpi / 72).to_pil().convert("L")
    across = (0.25**2 - 0.2**2) ** 0.5  # where the rim crosses 0.3 card above the bottom
    for u in (across, 1 - across):
        x, y = u * image.width, (1 - 0.3) * image.height
        reach = round(0.6 * dpi / 25.4)
        darkest = min(
            image.getpixel((round(x) + dx, round(y) + dy))
            for dx in range(-reach, reach + 1)
            for dy in range(-reach, reach + 1)
        )
        assert darkest < 90, f"rim at {u:.2f} across is covered ({darkest})"


@pytest.mark.slow
def test_the_rulebook_names_feather_and_shell_on_lines_of_their_own(built):
    lines = [
        " ".join(line.split())
        for page in PdfReader(built / "rulebook.pdf").pages
        for line in page_text(page).splitlines()
    ]
    for kind in ("feather", "shell"):
        card = PACK.card(kind)
        first = card.text.format(bonus=PACK.scoring.special(kind)).split(".")[0]
        assert any(line.startswith(f"{card.name}: {first}") for line in lines), card.name


@pytest.mark.slow
def test_the_whole_rounds_score_table_shares_its_page_with_a_castle(built):
    """The table of the round's scores (after its lead-in) never sits alone on a page."""
    pages = [" ".join(page_text(p).split()) for p in PdfReader(built / "rulebook.pdf").pages]
    with_table = [text for text in pages if "each castle card by card" in text]
    assert with_table and all(" is dealt " in text for text in with_table)


NUMBER = r"[+−]?\d+"
SCORING = re.compile(
    rf"Before bonuses\n((?: {NUMBER}\n)+)Bonuses\n(.*?)\n(First scoring|Second scoring|Total)\n"
    rf"((?: {NUMBER}\n)+)",
    re.S,
)


def _points(text: str) -> list[int]:
    return [int(n.replace("−", "-")) for n in re.findall(NUMBER, text)]


@pytest.mark.slow
def test_every_score_table_reads_castle_plus_bonuses_makes_the_scoring(built):
    """Read back from the PDF: each scoring in every score table (the shared bonuses, both
    whole rounds) prints the castles before bonuses, the bonuses with their points and the
    scoring's sum, so the points printed between them make up the difference."""
    text = "\n".join(page_text(p) for p in PdfReader(built / "rulebook.pdf").pages)
    scorings = SCORING.findall(text)
    assert len(scorings) == 1 + 2 * 2  # shared bonuses; first and second of two whole rounds
    for before, bonuses, label, totals in scorings:
        castles, sums = _points(before), _points(totals)
        assert len(castles) == len(sums) >= 2, label
        assert sum(_points(bonuses)) == sum(sums) - sum(castles), (label, bonuses)
        assert all(c <= t for c, t in zip(castles, sums)), label  # bonuses never take away


def _rulebook_pages(built: Path) -> list[str]:
    return [" ".join(page_text(p).split()) for p in PdfReader(built / "rulebook.pdf").pages]


@pytest.mark.slow
def test_each_castle_of_the_whole_round_stays_on_one_page_with_its_steps(built):
    """A player follows the steps on the picture: the castle's hand, picture, steps and
    score never part across a page (the box breaks between castles)."""
    pages = _rulebook_pages(built)
    example = (PACK_DIR / "examples" / WHOLE).read_text(encoding="utf-8")
    names = [line.split("name:")[1].strip() for line in example.splitlines() if "name:" in line]
    assert len(names) == 3
    for name in names:
        holding = [text for text in pages if f"What {name} does" in text]
        assert len(holding) == 1, name
        text = holding[0]
        dealt = text.index(f"{name} is dealt")
        steps = text.index(f"What {name} does")
        assert dealt < steps < text.index(f"{name} lays", steps)


@pytest.mark.slow
def test_each_castles_score_before_bonuses_and_its_bonuses_add_up_to_the_round_table(built):
    """The sentence under a castle's steps gives its score before bonuses; the round's
    table gives each bonus with its points, and a scoring's total is the two summed (Ana's
    castle +7, with Most cards +3 and Biggest courtyard +3: +13 at the first scoring)."""
    from printkit.check.checker import read_example, run_example
    from printkit.games.sandcastles.rulebook import BONUS_NAMES
    from printkit.registry import plugin_for
    from printkit.render.formats import signed

    r = run_example(plugin_for("sandcastles"), PACK, read_example(PACK_DIR / "examples" / WHOLE))
    text = " ".join(_rulebook_pages(built))
    names = re.findall(r"(\w+) is dealt ", text)
    assert len(names) == len(r["castles"]) == 3
    for i, name in enumerate(names):
        for when, castle, total, bonuses in (
            ("first", r["castles"][i], r["first"][i], r["first_bonuses"][i]),
            ("second", r["second_castles"][i], r["second"][i], r["second_bonuses"][i]),
        ):
            points = [getattr(PACK.scoring, b) for b in bonuses]
            assert castle + sum(points) == total, (name, when)
            for bonus, value in zip(bonuses, points):
                assert f"{BONUS_NAMES[bonus]} {signed(value)}" in text
        sentence = (
            f"Score before bonuses: {signed(r['castles'][i])} at the first scoring, "
            f"{signed(r['second_castles'][i])} at the second."
        )
        assert sentence in text[text.index(f"What {name} does") :], name


def test_the_whole_rounds_castles_are_drawn_large_enough_to_follow():
    """About 50 mm across for the smallest castle, every card drawn the same size."""
    from printkit.games.sandcastles.rulebook import rulebook
    from printkit.render.theme import Theme

    blocks = rulebook(PACK, Theme()).blocks
    castles = [blocks[f"castle:whole-round:{seat}"] for seat in (1, 2, 3)]
    assert min(b.width * b.scale for b in castles) >= 50 * MM
    assert len({b.scale for b in castles}) == 1


@pytest.mark.slow
def test_the_set_up_picture_shows_a_reference_card_that_can_be_read(built):
    """The near seat's reference card prints its headings and rows (no word under 6 pt is
    drawn at all, so a word found in the picture is a word that reads)."""
    page = next(t for t in _rulebook_pages(built) if "The table set up for" in t)
    words = PACK.words
    for key in ("bonus.heading", "bonus.most_cards", "score.tower", "score.illegal"):
        assert words.say(key) in page, key
    assert words.say("score.heading", title=PACK.title.upper()) in page
    assert words.say("callout.setup.hand", hand_size=PACK.hand_size) in page


@pytest.mark.slow
def test_the_appendix_leaves_the_kits_own_rulings_to_printkit_gaps(built):
    from printkit.games.sandcastles.rulebook import LEFT_TO_GAPS

    text = " ".join(_rulebook_pages(built))
    appendix = text[text.index("A few situations need a ruling") :]
    shown = [gap for gap in PACK.gaps if gap.field not in LEFT_TO_GAPS]
    assert len(shown) == len(PACK.gaps) - len(LEFT_TO_GAPS)
    assert f"R{len(shown)} ·" in appendix and f"R{len(shown) + 1} ·" not in appendix
    for gap in PACK.gaps:
        if gap.field in LEFT_TO_GAPS:
            assert gap.reason.split(",")[0] not in appendix


@pytest.mark.slow
def test_a_ruling_is_cited_only_where_a_rule_needs_it(built):
    """Only the choice of which part of a broken castle scores points to its ruling."""
    text = " ".join(_rulebook_pages(built))
    from printkit.games.sandcastles.rulebook import LEFT_TO_GAPS

    body = text[: text.index("A few situations need a ruling")]
    cited = re.findall(r"\(see R(\d+)\)", body)
    shown = [gap for gap in PACK.gaps if gap.field not in LEFT_TO_GAPS]
    assert [shown[int(n) - 1].field for n in cited] == ["rulings.part_choice"]
