"""Digests of a build's inputs: content values, templates, fonts and printkit's own code.

A part is re-rendered only when the digest of what it draws from changes; the
code digest makes a new printkit (or an edited renderer) rebuild everything.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from printkit import __version__
from printkit.resources import shared_templates

PACKAGE = Path(__file__).resolve().parent.parent  # printkit/, not printkit/build/
TEMPLATES = shared_templates()


def digest(*values: object) -> str:
    """A stable digest of frozen values (dataclasses and tuples have a stable repr)."""
    h = hashlib.sha256()
    for value in values:
        h.update(repr(value).encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()[:20]


def tree_digest(*roots: Path, suffixes: tuple[str, ...] = (), skip: tuple[str, ...] = ()) -> str:
    """Digest of every file under the roots (names and bytes), in a stable order; ``skip``
    leaves out folders (paths relative to a root)."""
    h = hashlib.sha256()
    left_out = tuple(Path(folder).parts for folder in skip)
    for root in roots:
        if not root.exists() or "__pycache__" in root.parts:
            continue
        if root.is_file():
            files = [((root.name,), str(root))]
        else:
            files = sorted(_files_under(str(root), (), left_out))
        for parts, path in files:
            if suffixes and Path(parts[-1]).suffix not in suffixes:
                continue
            h.update(os.path.join(*parts).encode())
            with open(path, "rb") as file:
                h.update(file.read())
    return h.hexdigest()[:20]


def _files_under(
    folder: str, parts: tuple[str, ...], left_out: tuple[tuple[str, ...], ...]
) -> Iterator[tuple[tuple[str, ...], str]]:
    """(path parts below the root, path) of the regular files, as ``rglob`` finds them (no
    symbolic link to a folder followed), without a ``Path`` per file: a tenth of a short
    rulebook's process went to pathlib here."""
    with os.scandir(folder) as entries:
        for entry in entries:
            here = (*parts, entry.name)
            if entry.name == "__pycache__" or any(here[: len(s)] == s for s in left_out):
                continue
            if entry.is_dir(follow_symlinks=False):
                yield from _files_under(entry.path, here, left_out)
            elif entry.is_file():
                yield here, entry.path


CONTENT = ("bundled/content", "bundled/new-game")  # games' content: read as values, keyed so
RENDERING_LIBRARIES = (  # what turns printkit's calls into bytes and pixels
    "reportlab",
    "pyphen",
    "svglib",
    "fonttools",
    "pypdf",
    "pypdfium2",
    "pillow",
    "markdown-it-py",
    "jinja2",
)


@cache
def code_digest() -> str:
    """printkit's version, every file of its code (sources, fonts, the builder's words, the
    shared templates: all but the bundled games' content) and the versions of the libraries
    that draw: a change to any rebuilds every part and misses every cache entry."""
    return code_digest_of(PACKAGE, library_versions())


def code_digest_of(package: Path, libraries: tuple[tuple[str, str], ...]) -> str:
    return digest(__version__, tree_digest(package, skip=CONTENT), libraries)


def library_versions() -> tuple[tuple[str, str], ...]:
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for name in RENDERING_LIBRARIES:
        try:
            found.append((name, version(name)))
        except PackageNotFoundError:
            found.append((name, "absent"))
    return tuple(found)
