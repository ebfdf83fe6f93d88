from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from printkit.cli import cli
from tests.conftest import CONTENT, edit


def test_gaps_lists_every_provisional_value():
    result = CliRunner().invoke(cli, ["gaps", "--content", str(CONTENT), "lemonade-stall"])
    assert result.exit_code == 0
    assert "Lemonade Stall (lemonade-stall)" in result.output
    assert "items.yaml" in result.output and "partial_bulk" in result.output
    assert "events[holiday-crowds]" in result.output
    assert result.output.count("why:") >= 20


def test_gaps_as_json_says_the_same_values_as_the_text():
    args = ["gaps", "--content", str(CONTENT), "lemonade-stall", "sandcastles"]
    text = CliRunner().invoke(cli, args).output
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output
    games = json.loads(result.output)
    assert [g["game"] for g in games] == ["lemonade-stall", "sandcastles"]
    for game in games:
        assert f"{game['title']} ({game['game']}): {len(game['gaps'])} provisional" in text
        for gap in game["gaps"]:
            where = gap["file"] + (f":{gap['line']}" if gap["line"] else "")
            assert f"{where}  {gap['field']} = {gap['value']}" in text
            assert f"why: {gap['reason']}" in text
    assert any(g["field"].startswith("events[holiday-crowds]") for g in games[0]["gaps"])


def test_gaps_unknown_game_suggests():
    result = CliRunner().invoke(cli, ["gaps", "--content", str(CONTENT), "lemonade-stal"])
    assert result.exit_code == 2
    assert "did you mean 'lemonade-stall'?" in result.output


def test_invalid_content_exits_2_without_traceback(content_copy):
    edit(content_copy / "lemonade-stall" / "weather.yaml", "price_cap: 6", "price_cap: six")
    result = CliRunner().invoke(cli, ["check", "--content", str(content_copy)])
    assert result.exit_code == 2
    assert "weather.yaml:3: conditions[rain].price_cap: expected a whole number" in result.output
    assert "Traceback" not in result.output


def test_default_content_is_the_current_folders(content_copy, monkeypatch):
    edit(
        content_copy / "lemonade-stall" / "sales.yaml", "sunny: [10, 13, 15,", "sunny: [10, 13, 14,"
    )
    monkeypatch.chdir(content_copy.parent)
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 1


def test_python_dash_m_runs_the_cli():
    done = subprocess.run(
        [sys.executable, "-m", "printkit", "check", "--content", str(CONTENT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "passed" in done.stdout
