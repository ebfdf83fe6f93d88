"""What a designer on any system meets first: finding packs, and builds under ``spawn``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from printkit.build import builder as build_module
from printkit.check.checker import PackCache
from printkit.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def new_game(tmp_path: Path) -> Path:
    content = tmp_path / "content"
    assert run("new", "pirate-picnic", "--content", str(content)).exit_code == 0
    return content


@pytest.mark.parametrize("command", ["check", "games", "gaps", "build"])
def test_a_misnamed_game_file_is_an_error_with_a_hint(new_game, command):
    folder = new_game / "pirate-picnic"
    (folder / "game.yaml").rename(folder / "game.yml")
    result = run(command, "--content", str(new_game))
    assert result.exit_code == 2
    assert "game.yml: a game's file must be named game.yaml" in result.output
    assert "rename it to" in result.output


@pytest.mark.parametrize("command", ["check", "games", "build"])
def test_a_content_folder_without_games_is_an_error(tmp_path, command):
    (tmp_path / "content" / "notes").mkdir(parents=True)
    result = run(command, "--content", str(tmp_path / "content"))
    assert result.exit_code == 2
    assert "no game in" in result.output and "printkit new" in result.output


def test_pointing_at_a_game_instead_of_its_parent_says_so(new_game):
    result = run("check", "--content", str(new_game / "pirate-picnic"))
    assert result.exit_code == 2
    assert "is itself a game" in result.output


def test_watch_on_a_missing_folder_exits_at_once(tmp_path):
    missing = tmp_path / "nowhere"
    # A subprocess, so a watcher that waited would be stopped by the timeout, not hang the run.
    done = subprocess.run(
        [sys.executable, "-m", "printkit", "watch", "--content", str(missing)],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert "does not exist" in done.stderr
    assert "watching" not in done.stdout


def test_games_says_where_each_pack_comes_from(new_game):
    mine = run("games", "--content", str(new_game))
    assert "your content folder" in mine.output and "pirate-picnic" in mine.output
    bundled = json.loads(run("games", "--json").output)
    assert bundled["source"] == "bundled with printkit"
    assert {"lemonade-stall", "yard-sale"} <= {g["id"] for g in bundled["games"]}


def test_new_from_a_bundled_game_plays_by_its_rules(tmp_path):
    content = tmp_path / "content"
    assert (
        run("new", "my-stall", "--from", "lemonade-stall", "--content", str(content)).exit_code == 0
    )
    game = (content / "my-stall" / "game.yaml").read_text(encoding="utf-8")
    assert "id: my-stall" in game and "engine: lemonade-stall" in game
    checked = run("check", "--content", str(content))
    assert checked.exit_code == 0, checked.output
    assert "0 failed" in checked.output and " 0 passed" not in checked.output
    assert "my-stall/game.yaml" in run("gaps", "--content", str(content)).output


def test_new_from_an_unknown_game_suggests_a_near_one(tmp_path):
    result = run("new", "x", "--from", "lemonade-stal", "--content", str(tmp_path))
    assert result.exit_code == 2
    assert "did you mean 'lemonade-stall'" in result.output


def _pdfs(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*.pdf"))}


@pytest.mark.slow
def test_a_parallel_build_under_spawn_gives_the_serial_bytes(new_game, tmp_path, monkeypatch):
    """macOS and Windows start workers with spawn: they must load the pack themselves."""
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    cache = PackCache(new_game)
    plugin, pack = cache.load(new_game / "pirate-picnic")
    targets = [(paper, False, (0.0, 0.0), "") for paper in ("a4", "letter")]
    serial, spawned = tmp_path / "serial", tmp_path / "spawned"
    for target in targets:
        build_module.build_targets(plugin, pack, serial, [target])
    reports = build_module.build_targets(plugin, pack, spawned, targets, method="spawn")
    assert [r.folder.name for r in reports] == ["a4", "letter"]
    assert _pdfs(spawned) == _pdfs(serial) != {}
