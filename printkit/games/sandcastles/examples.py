"""Sandcastles' example rules: each reads an example's ``given`` and asks the engine.

The same readers feed the rulebook's castle diagrams, so a printed castle is
the castle the engine scored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from printkit.content.fields import Field
from printkit.errors import RuleError
from printkit.games.sandcastles.building import (
    LAY,
    STEP_KINDS,
    Smash,
    Step,
    StepError,
    play_whole_round,
)
from printkit.games.sandcastles.model import TURNS, Placement, Sandcastles
from printkit.games.sandcastles.rules import (
    CastleScore,
    RoundResult,
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


def _round_result(pack: Sandcastles, result: RoundResult) -> dict[str, Any]:
    """Both scorings of a round: each castle before bonuses, the bonuses, the totals."""
    return {
        "castles": [c.total for c in result.first.castles],
        "first": list(result.first.totals(pack)),
        "first_bonuses": [list(b) for b in result.first.bonuses],
        "may_smash": [list(r) for r in result.smashes],
        "second_castles": [c.total for c in result.second.castles],
        "second": list(result.second.totals(pack)),
        "second_bonuses": [list(b) for b in result.second.bonuses],
        "final": list(result.final),
        "winners": list(result.winners),
    }


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
    return _round_result(pack, result)


def _step(pack: Sandcastles, node: Field) -> Step:
    """``{lay: {card, at, turn}}``, ``{draw: card}`` or ``{discard: card}``."""
    node.expect_keys([], list(STEP_KINDS))
    if len(node.names()) != 1:
        raise node.error("a step is one of lay, draw or discard", "write one step per line")
    kind = node.names()[0]
    if kind == LAY:
        placement = read_placement(pack, node.get(LAY))
        return Step(LAY, placement.card, placement)
    return Step(kind, node.get(kind).as_choice(pack.card_ids))


def built_castle(pack: Sandcastles, steps: Field) -> tuple[Placement, ...]:
    """The cards a player's steps lay, in the order laid (the castle before any smash)."""
    laid = [_step(pack, s) for s in steps.as_list()]
    return tuple(s.placement for s in laid if s.placement is not None)


def _smash(pack: Sandcastles, node: Field, players: int) -> Smash:
    node.expect_keys(["by", "of", "at"], ["card"])
    card = node.opt("card")
    return Smash(
        by=node.get("by").as_int(1, players),
        of=node.get("of").as_int(1, players),
        cell=read_cell(node.get("at")),
        card=card.as_choice(pack.card_ids) if card else None,
    )


def _seat_name(node: Field, seat: int) -> str:
    name = node.opt("name")
    return f"seat {seat} ({name.as_str()})" if name else f"seat {seat}"


def run_whole_round(pack: Sandcastles, given: Field) -> Mapping[str, Any]:
    """From the cards dealt and every step each player takes to both scorings and the winner."""
    given.expect_keys(["players"], ["smashes"])
    players = _players(pack, given)
    hands, steps, keeps = [], [], []
    for player in players:
        player.expect_keys(["hand", "steps"], ["name", "keep"])
        hands.append([c.as_choice(pack.card_ids) for c in player.get("hand").as_list()])
        steps.append([_step(pack, s) for s in player.get("steps").as_list()])
        keeps.append(_keep(player))
    smash_node = given.opt("smashes")
    smashes = [_smash(pack, s, len(players)) for s in smash_node.as_list()] if smash_node else []
    try:
        done = play_whole_round(pack, hands, steps, smashes, keeps)
    except StepError as exc:
        raise _step_error(given, players, exc) from None
    except RuleError as exc:
        raise given.error(str(exc)) from None
    result = done.result
    return {
        "laid": [len(b.castle) for b in done.builds],
        "drawn": [len(b.draws) for b in done.builds],
        "discards": [b.discards for b in done.builds],
        **_round_result(pack, result),
    }


def _step_error(given: Field, players: list[Field], exc: StepError):
    """An impossible step as an error at its line: whose step, which one, what is wrong."""
    if exc.seat == 0 and exc.number == 0:
        return given.get("players").error(str(exc), "deal each card of the deck once")
    if not exc.bullying:
        player = players[exc.seat - 1]
        node = player.get("steps").as_list()[exc.number - 1]
        return node.error(
            f"{_seat_name(player, exc.seat)}, step {exc.number}: {exc}",
            "a card is laid or discarded from the hand; one card from the piles at a time",
        )
    node = given.get("smashes").as_list()[exc.number - 1]
    who = _seat_name(players[exc.seat - 1], exc.seat) if exc.seat else "a bully"
    return node.error(
        f"bullying, smash {exc.number}: {who} {exc}",
        "each player may smash one card of each castle that scored more in the first scoring",
    )


# -- golden playthroughs -------------------------------------------------------------------------
def run_playthrough(pack: Sandcastles, given: Field) -> Mapping[str, Any]:
    """A seeded round by random legal builders: every step, the smashes, both scorings."""
    from printkit.games.sandcastles.bots import play_seeded_round

    given.expect_keys(["players", "seed"])
    players = given.get("players").as_int(pack.min_players, pack.max_players)
    done = play_seeded_round(pack, players, given.get("seed").as_int(0, 2**63))
    steps: list[dict[str, Any]] = [
        {"seat": seat, "dealt": list(hand)} for seat, hand in enumerate(done.hands, start=1)
    ]
    for seat, script in enumerate(done.steps, start=1):
        laid = 0
        for step in script:
            laid += step.kind == LAY
            entry: dict[str, Any] = {"seat": seat, step.kind: step.card}
            if step.placement is not None:
                entry |= {"at": list(step.placement.cell), "turn": 90 * step.placement.turn}
            steps.append(entry | {"laid": laid})
    steps += [{"smash": [s.by, s.of, list(s.cell)]} for s in done.smashes]
    result = done.played.result
    return {
        "steps": steps,
        "first": list(result.first.totals(pack)),
        "second": list(result.second.totals(pack)),
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
            "whole-round",
            "a whole round from the cards dealt, every card laid, drawn or discarded in order, "
            "and the bullies' smashes",
            run_whole_round,
            "laid drawn discards castles first first_bonuses may_smash second_castles second "
            "second_bonuses final winners",
        ),
        example_rule(
            "playthrough",
            "a golden playthrough: a seeded round, every step, the smashes and both scorings",
            run_playthrough,
            "steps first second final winners",
        ),
        example_rule(
            "round",
            "a whole round: first scoring, bullying, second scoring",
            run_round,
            "castles first first_bonuses may_smash second_castles second second_bonuses final "
            "winners",
        ),
    ]
)
