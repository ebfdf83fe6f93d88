"""Sandcastles' example rules: each reads an example's ``given`` and asks the engine.

The same readers feed the rulebook's castle diagrams, so a printed castle is
the castle the engine scored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printkit.content.fields import Field
from printkit.errors import RuleError
from printkit.games.sandcastles.model import TURNS, Placement, Sandcastles
from printkit.games.sandcastles.rules import (
    CastleScore,
    TableScore,
    check_castle,
    may_smash,
    play_round,
    score_castle,
    score_table,
)
from printkit.registry import ExampleRule, example_rule

Cell = tuple[int, int]


def read_cell(node: Field) -> Cell:
    values = node.as_list(2, 2)
    return (values[0].as_int(-50, 50), values[1].as_int(-50, 50))


def read_placement(pack: Sandcastles, node: Field) -> Placement:
    """``{card: bend, at: [x, y], turn: 90}``: x runs east, y north, turns clockwise."""
    node.expect_keys(["card", "at"], ["turn"])
    turn = node.opt("turn")
    degrees = int(turn.as_choice([str(t) for t in TURNS])) if turn else 0
    x, y = read_cell(node.get("at"))
    return Placement(node.get("card").as_choice(pack.card_ids), x, y, degrees // 90)


def read_castle(pack: Sandcastles, node: Field) -> tuple[Placement, ...]:
    return tuple(read_placement(pack, p) for p in node.as_list(1))


def _discards(node: Field) -> int:
    found = node.opt("discards")
    return found.as_int(0, 200) if found else 0


def _keep(node: Field) -> Cell | None:
    found = node.opt("keep")
    return read_cell(found) if found else None


def _engine(node: Field, run: Callable[[], Any]) -> Any:
    try:
        return run()
    except RuleError as exc:
        raise node.error(str(exc)) from None


def castle_result(pack: Sandcastles, score: CastleScore) -> dict[str, Any]:
    return {
        "cards": score.cards,
        "towers": score.towers,
        "courtyards": score.courtyards,
        "specials": dict(score.specials),
        "illegal": score.illegal,
        "discarded": score.discarded,
        "split_off": score.split_off,
        "biggest_courtyard": score.biggest_courtyard,
        "longest_wall": score.longest_wall,
        "points": dict(score.points),
        "total": score.total,
    }


def _table_result(pack: Sandcastles, table: TableScore) -> dict[str, Any]:
    return {
        "totals": list(table.totals(pack)),
        "bonuses": [list(b) for b in table.bonuses],
        "castles": [c.total for c in table.castles],
    }


# -- rules -----------------------------------------------------------------------
def run_legal(pack: Sandcastles, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["castle"])
    verdicts = check_castle(pack, read_castle(pack, given.get("castle")))
    bad = [v for v in verdicts if not v.legal]
    return {
        "legal": not bad,
        "illegal": [v.number for v in bad],
        "reasons": [v.reason for v in bad],
    }


def run_score(pack: Sandcastles, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["castle"], ["discards", "keep", "second_scoring"])
    second = given.opt("second_scoring")
    penalties = not (second.as_bool() if second else False)
    castle = read_castle(pack, given.get("castle"))
    score = _engine(
        given, lambda: score_castle(pack, castle, _discards(given), penalties, _keep(given))
    )
    return castle_result(pack, score)


def _players(pack: Sandcastles, given: Field) -> list[Field]:
    players = given.get("players").as_list(pack.min_players, pack.max_players)
    return players


def run_bonuses(pack: Sandcastles, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["players"])
    castles, discards, keeps = [], [], []
    for player in _players(pack, given):
        player.expect_keys(["castle"], ["discards", "keep", "name"])
        castles.append(read_castle(pack, player.get("castle")))
        discards.append(_discards(player))
        keeps.append(_keep(player))
    table = _engine(given, lambda: score_table(pack, castles, discards, True, keeps))
    return _table_result(pack, table)


def run_bully(pack: Sandcastles, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["scores"])
    scores = [s.as_int(-1000, 1000) for s in given.get("scores").as_list(2, pack.max_players)]
    return {"may_smash": [list(r) for r in may_smash(scores)]}


def _smashed(node: Field | None) -> list[tuple[Cell, str | None]]:
    """Smashed cards: ``[x, y]`` for the castle card there, ``{at, card}`` for a resting one."""
    result: list[tuple[Cell, str | None]] = []
    for entry in node.as_list() if node else []:
        if isinstance(entry.raw, dict):
            entry.expect_keys(["at"], ["card"])
            card = entry.opt("card")
            result.append((read_cell(entry.get("at")), card.as_id() if card else None))
        else:
            result.append((read_cell(entry), None))
    return result


def run_round(pack: Sandcastles, given: Field) -> Mapping[str, Any]:
    given.expect_keys(["players"])
    castles, discards, keeps, smashed = [], [], [], []
    for player in _players(pack, given):
        player.expect_keys(["castle"], ["discards", "keep", "smashed", "name"])
        castles.append(read_castle(pack, player.get("castle")))
        discards.append(_discards(player))
        keeps.append(_keep(player))
        smashed.append(_smashed(player.opt("smashed")))
    result = _engine(given, lambda: play_round(pack, castles, discards, smashed, keeps))
    return {
        "first": list(result.first.totals(pack)),
        "first_bonuses": [list(b) for b in result.first.bonuses],
        "may_smash": [list(r) for r in result.smashes],
        "second": list(result.second.totals(pack)),
        "second_bonuses": [list(b) for b in result.second.bonuses],
        "final": list(result.final),
        "winners": list(result.winners),
    }


RULES: dict[str, ExampleRule] = dict(
    [
        example_rule(
            "legal",
            "which cards of a castle are laid legally, and why not",
            run_legal,
            "legal illegal reasons",
        ),
        example_rule(
            "score",
            "one castle's scoring: towers, courtyards, specials, penalties",
            run_score,
            "cards towers courtyards specials illegal discarded split_off biggest_courtyard "
            "longest_wall points total",
        ),
        example_rule(
            "bonuses",
            "the table bonuses: most cards, biggest courtyard, longest wall",
            run_bonuses,
            "totals bonuses castles",
        ),
        example_rule("bully", "who may smash whose castle", run_bully, "may_smash"),
        example_rule(
            "round",
            "a whole round: first scoring, bullying, second scoring",
            run_round,
            "first first_bonuses may_smash second second_bonuses final winners",
        ),
    ]
)
