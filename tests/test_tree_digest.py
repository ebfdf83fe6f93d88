"""A tree's digest: every regular file's name and bytes in sorted order, nothing else."""

from __future__ import annotations

import hashlib
import os

import pytest

from printkit.build.fingerprint import tree_digest


def by_hand(*pairs: tuple[str, bytes]) -> str:
    h = hashlib.sha256()
    for name, data in pairs:
        h.update(name.encode())
        h.update(data)
    return h.hexdigest()[:20]


@pytest.fixture
def tree(tmp_path):
    files = {
        "b.txt": b"bee",
        "a/z.py": b"zed",
        "a/b/c.png": b"see",
        "a-b.txt": b"dash",  # sorts after the folder "a": names compare part by part
        "a/__pycache__/z.pyc": b"compiled",
        "content/game.yaml": b"words",
        "a/content/kept.txt": b"kept",  # only the root's content/ is skipped
    }
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    os.symlink(tmp_path / "a" / "b", tmp_path / "linked")  # a link to a folder: not followed
    return tmp_path


def test_names_and_bytes_of_regular_files_in_order(tree):
    expected = by_hand(
        (os.path.join("a", "b", "c.png"), b"see"),
        (os.path.join("a", "content", "kept.txt"), b"kept"),
        (os.path.join("a", "z.py"), b"zed"),
        ("a-b.txt", b"dash"),
        ("b.txt", b"bee"),
    )
    assert tree_digest(tree, skip=("content",)) == expected


def test_suffixes_a_single_file_and_a_missing_root(tree):
    assert tree_digest(tree, suffixes=(".png",)) == by_hand(
        (os.path.join("a", "b", "c.png"), b"see")
    )
    assert tree_digest(tree / "b.txt") == by_hand(("b.txt", b"bee"))
    assert tree_digest(tree / "missing") == by_hand()


def test_any_byte_changes_the_digest(tree):
    before = tree_digest(tree)
    (tree / "a" / "b" / "c.png").write_bytes(b"sea")
    assert tree_digest(tree) != before
