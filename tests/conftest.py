from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.games.lemonade_stall.content import load

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
STALL = CONTENT / "lemonade-stall"
SEEDS = ROOT.parent / "shared" / "seeds"


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
