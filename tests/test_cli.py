from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from printkit.cli import cli
from tests.conftest import CONTENT, edit, pack_copy


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


def test_gaps_lists_the_rulings_the_rulebook_leaves_out():
    result = CliRunner().invoke(cli, ["gaps", "--content", str(CONTENT), "yard-sale"])
    assert result.exit_code == 0
    listed = re.split(r"\n  (?=\S)", result.output)  # one entry per value
    hidden = [entry for entry in listed if "the rulebook does not print it" in entry]
    assert len(hidden) == 9  # three pieces that explain themselves and six design notes
    assert any("components[round-marker]" in entry for entry in hidden)
    assert not any("lowest_price" in entry for entry in hidden)
    games = json.loads(
        CliRunner().invoke(cli, ["gaps", "--content", str(CONTENT), "yard-sale", "--json"]).output
    )
    assert sum(not gap["appendix"] for gap in games[0]["gaps"]) == 9


def test_a_bad_appendix_flag_is_a_content_error(tmp_path):
    folder = pack_copy(CONTENT / "yard-sale", tmp_path)
    components = folder / "components.yaml"
    edit(components, "    appendix: false\n", "    appendix: no-thanks\n")
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 2
    assert "components.yaml:12: components[reference-cards]" in result.output
    assert "'appendix' must be true or false, not 'no-thanks'" in result.output
    assert "Traceback" not in result.output


def test_an_appendix_flag_needs_a_provisional_reason(tmp_path):
    folder = pack_copy(CONTENT / "yard-sale", tmp_path)
    game = folder / "game.yaml"
    edit(game, "lowest_price:\n  value: 1\n", "lowest_price:\n  value: 1\n  appendix: false\n")
    edit(game, "  provisional: >-\n    A price never", "  why: >-\n    A price never")
    result = CliRunner().invoke(cli, ["check", str(folder)])
    assert result.exit_code == 2
    assert "lowest_price: 'appendix' goes only beside 'provisional'" in result.output


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


def test_the_command_collects_garbage_less_often_and_leaves_what_it_loaded_alone():
    """`printkit` (a fresh process) imports its commands with the collector paused, then
    leaves what is loaded out of every collection and counts more young objects before
    one; importing printkit.cli leaves the collector on."""
    script = (
        "import gc, sys\n"
        "import printkit.cli as c\n"
        "m = sys.modules['printkit.cli.main']\n"
        "print(gc.isenabled(), gc.get_freeze_count() == 0)\n"
        "m.cli = lambda **kw: print(gc.get_threshold()[0], gc.get_freeze_count() > 1000)\n"
        "c.main()\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    from printkit.cli.main import YOUNG_OBJECTS

    assert out.stdout.split() == ["True", "True", str(YOUNG_OBJECTS), "True"]


LEAVING = """
import atexit, sys, threading
import printkit.cli as c
atexit.register(lambda: print("exit handler ran"))
if sys.argv[1] == "thread":
    def late():  # prints once the main thread has ended, as an ordinary exit lets it
        threading.main_thread().join()
        print("thread joined", flush=True)
    threading.Thread(target=late).start()
sys.argv = ["printkit", *sys.argv[2:]]
print("before", flush=False)
c.main()
"""


@pytest.mark.parametrize(
    ("args", "code"),
    [(["--version"], 0), (["check", "--content", str(CONTENT)], 0), (["gaps", "no-such-game"], 2)],
)
def test_the_command_leaves_without_teardown_yet_runs_exit_handlers_and_flushes(args, code):
    """`printkit` ends with os._exit (no interpreter teardown): the exit code, the piped
    output still in its buffer and the exit handlers survive it."""
    done = subprocess.run(
        [sys.executable, "-c", LEAVING, "plain", *args], capture_output=True, text=True
    )
    assert done.returncode == code, done.stderr
    assert done.stdout.startswith("before\n")
    assert done.stdout.rstrip().endswith("exit handler ran")
    assert ("error:" in done.stderr) == (code != 0)


def test_the_command_leaves_the_ordinary_way_while_another_thread_runs():
    done = subprocess.run(
        [sys.executable, "-c", LEAVING, "thread", "--version"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "thread joined" in done.stdout.split("\n")
