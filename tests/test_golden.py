"""Golden playthroughs: seeded bot games pinned step by step (benchmarks/golden.py writes them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.check.checker import PackCache, check_paths
from tests.conftest import CONTENT, edit

GOLDEN = Path(__file__).parent / "golden" / "lemonade-stall"
FILES = sorted(GOLDEN.glob("*.yaml"))


def test_there_is_a_golden_game_for_each_table_size():
    assert {f.name.split("-")[1] for f in FILES} == {"2p", "3p", "4p"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_engine_still_plays_each_golden_game(path: Path):
    [result] = check_paths([path], PackCache(CONTENT))
    assert result.passed, [(m.field, m.expected, m.actual) for m in result.mismatches]


def test_a_diverging_game_reports_its_first_differing_step(tmp_path: Path):
    copy = tmp_path / FILES[0].name
    copy.write_text(FILES[0].read_text())
    # Tuesday's step 10 is the 20th record; its marker holder is what a wrong
    # pass of the marker would change first
    text = copy.read_text()
    block = text.index("- when: Tuesday, step 10")
    start = text.index("first_player: ", block)
    end = text.index("\n", start)
    seat = int(text[start + len("first_player: ") : end])
    edit(copy, text[block:end], text[block:start] + f"first_player: {seat % 2 + 1}")
    [result] = check_paths([copy], PackCache(CONTENT))
    fields = [m.field for m in result.mismatches]
    assert fields == ["expect.steps[Tuesday, step 10].first_player"]
