"""Digests of a build's inputs: content values, templates, fonts and printkit's own code.

A part is re-rendered only when the digest of what it draws from changes; the
code digest makes a new printkit (or an edited renderer) rebuild everything.
"""

from __future__ import annotations

import hashlib
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
    for root in roots:
        if not root.exists():
            continue
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in files:
            if suffixes and path.suffix not in suffixes:
                continue
            if "__pycache__" in path.parts:
                continue
            name = path.relative_to(root.parent if root.is_file() else root)
            if skip and any(name.is_relative_to(folder) for folder in skip):
                continue
            h.update(str(name).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:20]


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
