"""Sandcastles' rules worked out by hand: scoring, bonuses, bullying, whole rounds.

Each test pins one plausible bug in the rules (`rules.py`) that the rest of the
suite let through (issue 21's mutants); the docstring works the numbers.
"""

from __future__ import annotations

import pytest

from printkit.errors import RuleError
from printkit.games.sandcastles.building import (
    DRAW,
    LAY,
    Smash,
    Step,
    StepError,
    play_whole_round,
)
from printkit.games.sandcastles.content import load
from printkit.games.sandcastles.geometry import crossing, has_cycle, regions
from printkit.games.sandcastles.model import Face, Placement, Route
from printkit.games.sandcastles.rules import (
    check_castle,
    play_round,
    score_castle,
    score_table,
    smash,
    structures,
)
from tests.conftest import CONTENT
from tests.test_sandcastles import RING_ROUND_A_HOLE

PACK = load(CONTENT / "sandcastles")

# A ring of four bends, then an illegal straight that cuts off a straight and a bend beyond it.
SPLIT = (
    Placement("bend", 0, 0, 0),
    Placement("bend", 1, 0, 3),
    Placement("bend", 1, 1, 2),
    Placement("bend", 0, 1, 1),
    Placement("straight", 2, 0, 0),  # illegal: its wall meets the ring's blank edge
    Placement("straight", 3, 0, 0),
    Placement("bend", 3, 1, 0),
)
LONE_STRAIGHT = (Placement("straight", 0, 0, 0),)


def test_a_round_scores_the_part_its_owner_keeps():
    """Castle 1 keeps the two cards beyond the illegal straight, not the ring.

    First scoring: illegal card −3, the four ring cards left out are discards −4: −7.
    Castle 1 has the most cards (2 to 1, +3); both longest walls are one card (+3 each);
    no courtyard, so nobody takes that bonus. Totals −1 and 3.
    Castle 1 scored less, so it may smash castle 2; it does not. Second scoring, no
    penalties: most cards +3 to castle 1, longest wall +3 to both: 6 and 3.
    Final 5 and 6: castle 2 wins.
    """
    result = play_round(PACK, [SPLIT, LONE_STRAIGHT], [0, 0], [[], []], keeps=[(3, 0), None])
    assert result.first.totals(PACK) == (-1, 3)
    assert result.smashes == ((2,), ())
    assert result.second.totals(PACK) == (6, 3)
    assert (result.final, result.winners) == ((5, 6), (2,))


def test_a_castle_loses_no_more_cards_than_the_players_who_scored_less():
    """Castle 2 scored more than castle 1 only: one bully, so it can lose one card, not two."""
    smashed = [[], [((0, 0), None), ((0, 0), None)]]
    with pytest.raises(RuleError, match="castle 2 loses 2 card"):
        play_round(PACK, [SPLIT, LONE_STRAIGHT], [0, 0], smashed, keeps=[(3, 0), None])


def test_cards_a_smash_cuts_off_are_not_judged_again():
    """Castle 2, a wall of three straights, scored 6 (most cards, longest wall); castle 1, a
    lone straight, scored 0 and smashes the middle straight. In the second scoring castle 2
    is two lone straights: they stay legal, the first laid is kept (1 card, 1 split off).
    Both castles now have one card and a one-card wall, so both take both bonuses: 6 each.
    Final 6 and 12."""
    wall = tuple(Placement("straight", x, 0, 0) for x in range(3))
    result = play_round(PACK, [LONE_STRAIGHT, wall], [0, 0], [[], [((1, 0), None)]])
    assert result.first.totals(PACK) == (0, 6)
    kept = result.second.castles[1]
    assert (kept.cards, kept.split_off, kept.kept[0].cell) == (1, 1, (0, 0))
    assert result.second.totals(PACK) == (6, 6)
    assert (result.final, result.winners) == ((6, 12), (2,))


def test_two_bullies_knock_off_a_feather_and_smash_another_card():
    """A wall of three straights with a Feather on the first: one bully takes the Feather
    alone, the next smashes the third straight. Two straights are left, no Feather."""
    castle = (
        *(Placement("straight", x, 0, 0) for x in range(3)),
        Placement("feather", 0, 0, 0),
    )
    left = smash(PACK, castle, [((0, 0), "feather"), ((2, 0), None)])
    assert left == castle[:2]


def test_a_tower_quarter_against_a_bare_corner_is_named_in_the_reason():
    """A Lone tower turned so its quarter tower is in the NW corner, laid east of Open sand:
    the quarter meets the sand's bare NE corner, and the reason says just that."""
    castle = (Placement("sand", 0, 0, 0), Placement("tower", 1, 0, 3))
    verdicts = check_castle(PACK, castle)
    assert [v.legal for v in verdicts] == [True, False]
    assert verdicts[1].reason == (
        "its tower in the NW corner meets the bare NE corner of the Open sand at 0,0"
    )


def test_a_castle_scored_alone_pays_its_penalties_but_no_discards():
    """Scored with nothing thrown away (the first scoring), the split castle keeps the ring:
    courtyard +5, the illegal straight −3, the two cards cut off −2: 0 in all."""
    score = score_castle(PACK, SPLIT)
    assert dict(score.points) == {
        "towers": 0,
        "courtyards": 5,
        "specials": 0,
        "illegal": -3,
        "discards": -2,
    }
    assert score.total == 0


def test_castles_without_a_wall_share_no_longest_wall_bonus():
    """Two castles of one Open sand card each: no wall, no courtyard, so only the most-cards
    bonus is given, to both (one card each)."""
    sand = [Placement("sand", 0, 0, 0)]
    table = score_table(PACK, [sand, sand], [0, 0])
    assert [c.longest_wall for c in table.castles] == [0, 0]
    assert table.bonuses == (("most_cards",), ("most_cards",))


@pytest.mark.parametrize(("dx", "dy"), [(0, 2), (0, -2), (2, 0), (-2, 0)])
def test_a_ring_round_a_hole_holds_its_courtyard_wherever_it_stands(dx, dy):
    """Eight walled cards round an empty middle enclose one courtyard of 8 boundary cards,
    however far the castle lies from the table's origin (the hole is never open sea)."""
    moved = [Placement(p.card, p.x + dx, p.y + dy, p.turn) for p in RING_ROUND_A_HOLE]
    assert [c.size for c in structures(PACK, moved).courtyards] == [8]


# -- card geometry (geometry.py) ---------------------------------------------------------------
# Border points run clockwise from N: N 0, NE 1, E 2, SE 3, S 4, SW 5, W 6, NW 7.
@pytest.mark.parametrize(
    "a, b",
    [
        ((1, 3), (2, 5)),  # NE-SE and E-SW: E lies between NE and SE, SW does not
        ((2, 4), (3, 6)),  # E-S and SE-W: SE lies between E and S
        ((5, 2), (1, 3)),  # SW-E the long way round (W, NW, N, NE) and NE-SE
        ((0, 4), (2, 6)),  # N-S and E-W
    ],
)
def test_walls_that_cross_inside_a_card(a, b):
    assert crossing(a, b) and crossing(b, a)


@pytest.mark.parametrize(
    "a, b",
    [
        ((0, 2), (4, 6)),  # N-E and S-W: two corners cut off
        ((5, 2), (3, 4)),  # SW-E round the north, SE-S in the south-east
        ((1, 3), (3, 5)),  # NE-SE and SE-SW meet at the SE tower only
    ],
)
def test_walls_that_do_not_cross(a, b):
    assert not crossing(a, b) and not crossing(b, a)


def test_walls_tower_to_tower_round_a_patch_close_a_loop():
    assert has_cycle([(1, 3), (3, 5), (5, 1)])
    assert not has_cycle([(1, 3), (3, 5), (5, 7)])


def test_a_wall_from_west_to_east_splits_the_sand_into_north_and_south():
    """Half-edge h runs from point h to h + 1: E-SE, SE-S, S-SW, SW-W lie south of the wall."""
    face = Face((".", "w", ".", "w"), (".", ".", ".", "."), (Route(6, 2),))
    labels = regions(face)
    assert len(labels) == 8
    patches = {frozenset(h for h in range(8) if labels[h] == n) for n in set(labels)}
    assert patches == {frozenset({2, 3, 4, 5}), frozenset({6, 7, 0, 1})}


# -- a round as the table plays it (building.py) -----------------------------------------------
# SPLIT laid from the first card: two bends taken from the piles while the castle is still
# legal, the other five from the hand.
SPLIT_STEPS = [
    Step(DRAW, "bend"),
    Step(LAY, "bend", SPLIT[0]),
    Step(DRAW, "bend"),
    Step(LAY, "bend", SPLIT[1]),
    *(Step(LAY, p.card, p) for p in SPLIT[2:]),
]
SPLIT_HAND = ["bend", "bend", "straight", "straight", "bend"]
LONE_HAND = ["straight", "bend", "bend", "bend", "bend"]  # four bends never laid


def test_a_whole_round_scores_the_part_its_owner_keeps():
    """As `test_a_round_scores_the_part_its_owner_keeps`, with Ben's four unlaid bends.

    First scoring: Ana −3 (illegal) −4 (the ring left out) +3 (most cards, 2 to 1) +3
    (longest wall, one card each) = −1; Ben +3 (longest wall) −4 (discards) = −1. Equal:
    nobody may smash. Second scoring: 3 + 3 and 3. Final 5 and 2: Ana wins.
    """
    played = play_whole_round(
        PACK,
        [SPLIT_HAND, LONE_HAND],
        [SPLIT_STEPS, [Step(LAY, "straight", LONE_STRAIGHT[0])]],
        keeps=[(3, 0), None],
    )
    result = played.result
    assert result.first.totals(PACK) == (-1, -1)
    assert result.smashes == ((), ())
    assert result.second.totals(PACK) == (6, 3)
    assert (result.final, result.winners) == ((5, 2), (1,))


def test_a_bully_must_sit_at_the_table():
    """No seat 3 at a two-player table: the error names no seat (0) and the first smash."""
    steps = [SPLIT_STEPS, [Step(LAY, "straight", LONE_STRAIGHT[0])]]
    with pytest.raises(StepError, match="seat 3 is not at a 2-player table") as caught:
        play_whole_round(PACK, [SPLIT_HAND, LONE_HAND], steps, [Smash(3, 1, (0, 0))])
    assert (caught.value.seat, caught.value.number, caught.value.bullying) == (0, 1, True)


def test_two_cards_that_do_not_touch_are_both_illegal():
    """A castle of two straights with a gap between them: each touches no other card, and
    only a castle of one card may stand alone, so neither is legal."""
    castle = (Placement("straight", 0, 0, 0), Placement("straight", 5, 0, 0))
    verdicts = check_castle(PACK, castle)
    assert [(v.legal, v.reason) for v in verdicts] == [(False, "it touches no other card")] * 2


def test_legal_cards_are_given_no_reason():
    """A straight with a Feather on it: both are legal, so neither verdict gives a reason."""
    castle = (Placement("straight", 0, 0, 0), Placement("feather", 0, 0, 0))
    assert [(v.legal, v.reason) for v in check_castle(PACK, castle)] == [(True, "")] * 2


def test_a_wall_from_a_tower_runs_on_into_the_next_card():
    """Two Bastions back to back: the east one (unturned) has walls from its NE tower to its S
    and W edges; the west one, turned half round, from its SW tower to its N and E edges. The
    two walls that meet at the shared edge are one wall two cards long; the other two walls
    stop at open edges after one card each."""
    castle = (Placement("bastion", 0, 0, 0), Placement("bastion", -1, 0, 2))
    found = structures(PACK, castle)
    assert sorted(w.length for w in found.walls) == [1, 1, 2]
