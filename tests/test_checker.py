from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.check.checker import PackCache, check_paths, example_files
from printkit.cli import cli
from tests.conftest import CONTENT, STALL, edit

REQUIRED_EXAMPLES = [
    "four-player-sales",
    "three-player-sunny-30-limit",
    "forecast-7-3",
    "forecast-same-temperature",
    "weather-change-c-plus",
    "temperature-change-roll-4",
    "production-10-8-4-3",
    "spoilage-25-roll-5",
    "expensive-stock-ten-cups",
    "supply-shortage-5-2-2",
    "price-8-cloudy",
    "d12-from-2d6-high",
    "holiday-crowds-limit",
]


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_every_source_example_has_a_file():
    names = {p.stem for p in example_files(STALL)}
    assert set(REQUIRED_EXAMPLES) <= names


def test_every_bundled_example_passes():
    results = check_paths([], PackCache(CONTENT))
    assert len(results) >= len(REQUIRED_EXAMPLES)
    assert [r.example for r in results if not r.passed] == []


def test_check_exits_0_when_all_pass():
    result = run("check", "--content", str(CONTENT))
    assert result.exit_code == 0
    assert "0 failed" in result.output


def test_a_chart_change_fails_the_example_that_uses_it(content_copy):
    edit(
        content_copy / "lemonade-stall" / "sales.yaml", "sunny: [10, 13, 15,", "sunny: [10, 13, 16,"
    )
    result = run("check", "--content", str(content_copy))
    assert result.exit_code == 1
    assert "FAIL four-player-sales" in result.output
    assert "expect.limit: expected 15, engine says 16" in result.output


def test_json_lists_mismatches(content_copy):
    edit(content_copy / "lemonade-stall" / "items.yaml", "price_bulk: 5", "price_bulk: 6")
    result = run("check", "--content", str(content_copy), "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    failed = {r["example"]: r for r in data if not r["passed"]}
    # every example that buys ten ice at the bulk price, and no other
    assert set(failed) == {
        "bulk-ten-cups",
        "whole-day-four-players",
        "day-immunity-expensive-stock",
        "day-immunity-supply-shortage",
        "supply-shortage-immune",
    }
    assert failed["bulk-ten-cups"]["mismatches"] == [
        {"field": "expect.cost", "expected": 13, "actual": 14}
    ]


def test_a_single_example_file_anywhere_on_disk(tmp_path: Path):
    source = (STALL / "examples" / "forecast-7-3.yaml").read_text()
    mine = tmp_path / "my-forecast.yaml"
    mine.write_text(source.replace("condition: sunny", "condition: rain"))
    result = run("check", "--content", str(CONTENT), str(mine))
    assert result.exit_code == 1
    assert "expect.condition: expected 'rain', engine says 'sunny'" in result.output


def test_a_pack_folder_path(content_copy):
    result = run("check", "--content", str(content_copy), str(content_copy / "lemonade-stall"))
    assert result.exit_code == 0


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("rule: sell", "rule: selll", "did you mean 'sell'?"),
        ("event: all-calm", "event: al-calm", "did you mean 'all-calm'?"),
        ("  sold: [6, 4, 3, 2]", "  sould: [6, 4, 3, 2]", "did you mean 'sold'?"),
        ("price: 5}", "price: 9}", "unknown id '9'"),
        ("players: 4", "players: 5", "above the maximum 4"),
    ],
)
def test_a_broken_example_exits_2_with_file_and_field(content_copy, old, new, says):
    path = content_copy / "lemonade-stall" / "examples" / "four-player-sales.yaml"
    text = path.read_text()
    if old == "event: all-calm":
        text = text.replace("  first_player: 1\n", "  first_player: 1\n  event: all-calm\n")
    path.write_text(text)
    edit(path, old, new)
    result = run("check", "--content", str(content_copy))
    assert result.exit_code == 2
    assert "four-player-sales.yaml" in result.output
    assert says in result.output
    assert "Traceback" not in result.output


def test_unused_rolls_are_an_invalid_example(content_copy):
    path = content_copy / "lemonade-stall" / "examples" / "forecast-7-3.yaml"
    edit(path, "rolls: [7, 3]", "rolls: [7, 3, 4]")
    result = run("check", "--content", str(content_copy))
    assert result.exit_code == 2
    assert "2 d12 rolls" in result.output


def test_missing_path_is_a_usage_error():
    result = run("check", "--content", str(CONTENT), "no/such/example.yaml")
    assert result.exit_code == 2
    assert "does not exist" in result.output
