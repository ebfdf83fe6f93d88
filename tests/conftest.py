from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.errors import ContentError
from printkit.games.lemonade_stall.content import load

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "printkit" / "bundled" / "content"
STALL = CONTENT / "lemonade-stall"
# every bundled game in each language it prints: (game, language or "")
EVERY_LANGUAGE = [
    ("lemonade-stall", ""),
    ("thats-not-lemonade", ""),
    ("sandcastles", ""),
    ("yard-sale", ""),
    ("lemonade-stand", "en"),
    ("lemonade-stand", "ru"),
]
SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory):
    """printkit's disk cache in a folder of the test run's own, never the user's."""
    import os

    folder = tmp_path_factory.mktemp("xdg-cache")
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before


@pytest.fixture(scope="session")
def pack():
    return load(STALL)


@pytest.fixture
def content_copy(tmp_path: Path) -> Path:
    """A private copy of Lemonade Stall's content folder, safe to edit."""
    target = tmp_path / "content"
    shutil.copytree(STALL, target / "lemonade-stall")
    return target


def edit(path: Path, old: str, new: str) -> None:
    """Replace one exact snippet in a content file; fail loudly if it is absent."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def pack_copy(source: Path, tmp_path: Path) -> Path:
    """A private copy of one game's content folder, at ``tmp_path/content/<name>``."""
    target = tmp_path / "content" / source.name
    shutil.copytree(source, target)
    return target


def load_error(
    load_pack: Callable[[Path], object], folder: Path, file: str, old: str, new: str
) -> ContentError:
    """The ContentError loading ``folder`` raises once ``old`` in ``file`` reads ``new``."""
    edit(folder / file, old, new)
    with pytest.raises(ContentError) as info:
        load_pack(folder)
    return info.value


def check_edited_example(source: Path, tmp_path: Path, name: str, old: str, new: str) -> str:
    """Edit one example in a copy of a pack, run `printkit check` on it; its output (exit 2)."""
    from click.testing import CliRunner

    from printkit.cli import cli

    path = pack_copy(source, tmp_path) / "examples" / name
    edit(path, old, new)
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


def line_of(path: Path, snippet: str) -> int:
    """The number of the first line of ``path`` holding ``snippet``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if snippet in line:
            return number
    raise AssertionError(f"{snippet!r} not in {path}")


def build_kit(game: str, out: Path) -> Path:
    """``printkit build GAME --paper a4`` of the bundled content; the game's output folder."""
    from printkit.cli import cli

    args = ["build", game, "--content", str(CONTENT), "--out", str(out), "--paper", "a4"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / game


HYPHENATED = re.compile(r"(?<=\w)-\n(?=[a-zа-яё])")


def page_text(page) -> str:
    """A PDF page's text as a reader takes it in: a word hyphenated at a line's end made whole."""
    return HYPHENATED.sub("", page.extract_text() or "")


def pdf_words(path: Path) -> str:
    """A PDF's text, page after page, every run of white space one space."""
    return " ".join(" ".join(page_text(p).split()) for p in PdfReader(path).pages)


def run_cli(*args: str):
    """Invoke printkit's command line as a user would, letting real errors surface."""
    from click.testing import CliRunner

    from printkit.cli import cli

    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def new_game(content: Path, game_id: str) -> Path:
    """A fresh `printkit new` game under ``content``; its folder."""
    result = run_cli("new", game_id, "--content", str(content))
    assert result.exit_code == 0, result.output
    return content / game_id
