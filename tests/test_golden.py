"""Golden playthroughs: seeded whole games pinned step by step, and how a divergence is told.

They live here, beside the tests, not in the packs: a balance edit is one
edit and one rebuild, and a pinned game must not hold a build up. `make golden`
records them again when a rule change is meant to alter play.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.check.checker import PackCache, check_paths, read_example
from printkit.check.golden import record
from tests.conftest import CONTENT, edit

GOLDEN = Path(__file__).parent / "golden"
GAMES = ("lemonade-stall", "thats-not-lemonade", "yard-sale", "sandcastles")
FILES = sorted(GOLDEN.glob("*/*.yaml"))


def _goldens(folder: Path) -> list[Path]:
    return [p for p in sorted(folder.glob("*.yaml")) if read_example(p).rule == "playthrough"]


def _copy(path: Path, tmp_path: Path) -> Path:
    copy = tmp_path / path.name
    copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    return copy


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_engine_still_plays_each_golden_game(path: Path):
    [result] = check_paths([path], PackCache(CONTENT))
    assert result.passed, [(m.field, m.expected, m.actual) for m in result.mismatches[:3]]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_pins_a_few_seeded_complete_games(game):
    goldens = _goldens(GOLDEN / game)
    assert len(goldens) >= 2
    seeds = {read_example(p).given.get("seed").raw for p in goldens}
    assert len(seeds) == len(goldens)  # different games, not one game twice


def test_a_changed_step_is_reported_at_that_step_and_no_later(tmp_path):
    path = _copy(GOLDEN / "thats-not-lemonade" / "golden-4-players.yaml", tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    steps = [i for i, line in enumerate(lines) if line.startswith("    - {round: ")]
    target = steps[10]  # the 11th step: a played turn
    old = lines[target]
    assert "pile: " in old
    pile = int(old.split("pile: ")[1].split(",")[0])
    edit(path, old, old.replace(f"pile: {pile},", f"pile: {pile + 1},"))
    [result] = check_paths([path], PackCache(CONTENT))
    assert [m.field for m in result.mismatches] == ["expect.steps[10].pile"]
    assert (result.mismatches[0].expected, result.mismatches[0].actual) == (pile + 1, pile)


def test_a_game_that_ends_sooner_is_told_at_its_first_missing_step(tmp_path):
    path = _copy(GOLDEN / "sandcastles" / "golden-2-players.yaml", tmp_path)
    text = path.read_text(encoding="utf-8")
    extra = "    - {smash: [1, 2, [0, 0]]}\n"
    edit(path, "  first:", extra + "  first:")
    [result] = check_paths([path], PackCache(CONTENT))
    steps = text[: text.index("  first:")].count("\n    - ")
    assert result.mismatches[0].field == f"expect.steps[{steps}]"
    assert "ended sooner" in result.mismatches[0].actual


def test_recording_rewrites_a_stale_playthrough_once(tmp_path):
    path = _copy(GOLDEN / "yard-sale" / "golden-3-players.yaml", tmp_path)
    fresh = path.read_text(encoding="utf-8")
    head = fresh[: fresh.index("expect:")]
    path.write_text(head + "expect:\n  winners: [1]\n", encoding="utf-8")
    cache = PackCache(CONTENT)
    assert record([path], cache) == [path]
    assert path.read_text(encoding="utf-8") == fresh  # the same seed, the same game
    assert record([path], cache) == []
    [result] = check_paths([path], cache)
    assert result.passed


def test_a_diverging_lemonade_stall_game_names_its_first_differing_step(tmp_path: Path):
    path = _copy(GOLDEN / "lemonade-stall" / "golden-2p-seed-11.yaml", tmp_path)
    text = path.read_text(encoding="utf-8")
    # Tuesday's step 10 passes the first-player marker: a wrong pass changes it first
    line = next(x for x in text.splitlines() if "when: 'Tuesday, step 10'" in x)
    start = line.index("first_player: ") + len("first_player: ")
    seat = int(line[start : line.index(",", start)])
    edit(path, line, line[:start] + str(seat % 2 + 1) + line[line.index(",", start) :])
    [result] = check_paths([path], PackCache(CONTENT))
    assert [m.field for m in result.mismatches] == ["expect.steps[Tuesday, step 10].first_player"]
