"""`printkit new`: a scaffolded game checks, lists its gaps and builds at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.cli import cli
from tests.conftest import edit, page_text


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    result = run("new", "pirate-picnic", "--content", str(tmp_path / "content"))
    assert result.exit_code == 0, result.output
    return tmp_path / "content"


def test_a_new_game_checks_and_builds(game, tmp_path):
    assert run("check", "--content", str(game)).exit_code == 0
    gaps = run("gaps", "--content", str(game))
    assert "Pirate Picnic (pirate-picnic): 1 provisional value(s)" in gaps.output
    result = run(
        "build",
        "pirate-picnic",
        "--content",
        str(game),
        "--out",
        str(tmp_path / "o"),
        "--paper",
        "a4",
    )
    assert result.exit_code == 0, result.output
    folder = tmp_path / "o" / "pirate-picnic" / "a4"
    cards = " ".join(page_text(p) for p in PdfReader(folder / "01-cards.pdf").pages)
    assert cards.count("First Card") == 3 and cards.count("Second Card") == 2
    rulebook = " ".join(page_text(p) for p in PdfReader(folder / "rulebook.pdf").pages)
    assert "Pirate Picnic" in rulebook and "5 cards" in rulebook


def test_the_scaffold_example_follows_the_deck(game):
    edit(game / "pirate-picnic" / "cards.yaml", "copies: 3", "copies: 4")
    result = run("check", "--content", str(game))
    assert result.exit_code == 1
    assert "expect.cards: expected 5, engine says 6" in result.output


@pytest.mark.parametrize("name", ["Pirate", "pirate picnic", ""])
def test_a_bad_id_is_refused(tmp_path, name):
    result = run("new", name, "--content", str(tmp_path))
    assert result.exit_code == 2
    assert "kebab-case" in result.output


def test_an_existing_game_is_not_overwritten(game):
    result = run("new", "pirate-picnic", "--content", str(game))
    assert result.exit_code == 2
    assert "already exists" in result.output


def test_an_unknown_engine_names_the_game_file(game):
    edit(game / "pirate-picnic" / "game.yaml", "engine: cards", "engine: cardz")
    result = run("check", "--content", str(game))
    assert result.exit_code == 2
    assert "game.yaml: id:" in result.output and "did you mean 'cards'?" in result.output
