"""What the code digest is made of: a tree's files, and the drawing libraries' versions."""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.metadata import PackageNotFoundError, version

import pytest

from printkit.build import fingerprint
from printkit.build.fingerprint import RENDERING_LIBRARIES, library_versions, tree_digest


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


def asked(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "absent"


def test_the_libraries_versions_are_importlib_metadatas():
    assert library_versions() == tuple((name, asked(name)) for name in RENDERING_LIBRARIES)


def install(folder, kind: str, name: str, number: str) -> None:
    """A distribution as pip (a dist-info folder) or setuptools (an egg-info one) leaves it."""
    info = folder / f"{name}-{number}.{kind}"
    info.mkdir(parents=True)
    header = f"Metadata-Version: 2.1\nName: {name}\nVersion: {number}\n\nA description.\n"
    (info / ("METADATA" if kind == "dist-info" else "PKG-INFO")).write_text(header)


def test_the_first_distribution_on_the_path_wins_whatever_its_kind(tmp_path, monkeypatch):
    first, second = tmp_path / "first", tmp_path / "second"
    install(first, "dist-info", "Drawing_Lib", "1.2")
    install(second, "dist-info", "drawing-lib", "9.9")
    install(first, "egg-info", "eggy", "3.0")
    install(second, "dist-info", "eggy", "4.0")
    install(second, "dist-info", "later", "5.0")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "missing"), str(first), str(second)])
    names = ("drawing.lib", "eggy", "later", "nowhere")
    monkeypatch.setattr(fingerprint, "RENDERING_LIBRARIES", names)
    found = dict(library_versions())
    assert found == {"drawing.lib": "1.2", "eggy": "3.0", "later": "5.0", "nowhere": "absent"}
    assert found == {name: asked(name) for name in names}


def test_a_picture_files_digest_is_its_tree_digest_read_once_a_build(tmp_path, monkeypatch):
    """A recorded picture file is summed up as `tree_digest` sums it (a folder, a missing
    file too); within one build (`files_once`) it is read once, again only once its stat
    changes, and outside a build every time."""
    import builtins

    from printkit.build import record

    art = tmp_path / "art"
    art.mkdir()
    sun = art / "sun.svg"
    sun.write_bytes(b"<svg>sun</svg>")
    (art / "rain.svg").write_bytes(b"<svg>rain</svg>")
    for path in (sun, art, tmp_path / "missing.svg"):
        assert record._file_digest(path) == record._tree_file_digest(path)
    opened: list[str] = []
    real_open = builtins.open

    def counting(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", counting)
    with record.files_once():
        first = record._text(sun)
        assert record._text(sun) == first
        assert opened == [str(sun)]
        sun.write_bytes(b"<svg>a bigger sun</svg>")  # a new size: a new stat
        assert record._text(sun) != first
        assert record._text(sun) == f"{sun}:{record._tree_file_digest(sun)}"
    assert opened.count(str(sun)) == 3  # the last, tree_digest's own read
    record._text(sun)
    record._text(sun)
    assert opened.count(str(sun)) == 5  # no build open: each read reads the file
