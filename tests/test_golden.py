"""Golden playthroughs: seeded whole games pinned step by step, and how a divergence is told."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.check.checker import PackCache, check_example, example_files, read_example
from printkit.check.golden import record
from printkit.registry import plugin_for
from tests.conftest import CONTENT, edit, pack_copy

GAMES = ("thats-not-lemonade", "yard-sale", "sandcastles")


def _goldens(folder: Path) -> list[Path]:
    return [p for p in example_files(folder) if read_example(p).rule == "playthrough"]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_pins_a_few_seeded_complete_games(game):
    goldens = _goldens(CONTENT / game)
    assert len(goldens) >= 2
    seeds = {read_example(p).given.get("seed").raw for p in goldens}
    assert len(seeds) == len(goldens)  # different games, not one game twice


def test_a_changed_step_is_reported_at_that_step_and_no_later(tmp_path):
    folder = pack_copy(CONTENT / "thats-not-lemonade", tmp_path)
    path = folder / "examples" / "golden-4-players.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    steps = [i for i, line in enumerate(lines) if line.startswith("    - {round: ")]
    target = steps[10]  # the 11th step: a played turn
    old = lines[target]
    assert "pile: " in old
    pile = int(old.split("pile: ")[1].split(",")[0])
    edit(path, old, old.replace(f"pile: {pile},", f"pile: {pile + 1},"))
    plugin, pack = PackCache(tmp_path / "content").load(folder)
    result = check_example(plugin, pack, read_example(path))
    assert [m.field for m in result.mismatches] == ["expect.steps[10].pile"]
    assert (result.mismatches[0].expected, result.mismatches[0].actual) == (pile + 1, pile)


def test_a_game_that_ends_sooner_is_told_at_its_first_missing_step(tmp_path):
    folder = pack_copy(CONTENT / "sandcastles", tmp_path)
    path = folder / "examples" / "golden-2-players.yaml"
    text = path.read_text(encoding="utf-8")
    extra = "    - {smash: [1, 2, [0, 0]]}\n"
    edit(path, "  first:", extra + "  first:")
    plugin, pack = PackCache(tmp_path / "content").load(folder)
    result = check_example(plugin, pack, read_example(path))
    steps = text[: text.index("  first:")].count("\n    - ")
    assert result.mismatches[0].field == f"expect.steps[{steps}]"
    assert "ended sooner" in result.mismatches[0].actual


def test_recording_rewrites_a_stale_playthrough_once(tmp_path):
    folder = pack_copy(CONTENT / "yard-sale", tmp_path)
    path = folder / "examples" / "golden-3-players.yaml"
    fresh = path.read_text(encoding="utf-8")
    head = fresh[: fresh.index("expect:")]
    path.write_text(head + "expect:\n  winners: [1]\n", encoding="utf-8")
    cache = PackCache(tmp_path / "content")
    assert record(folder, cache) == [path]
    assert path.read_text(encoding="utf-8") == fresh  # the same seed, the same game
    assert record(folder, cache) == []
    plugin = plugin_for("yard-sale")
    assert check_example(plugin, cache.load(folder)[1], read_example(path)).passed
