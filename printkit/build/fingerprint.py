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


def tree_digest(*roots: Path, suffixes: tuple[str, ...] = ()) -> str:
    """Digest of every file under the roots (names and bytes), in a stable order."""
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
            h.update(str(path.relative_to(root.parent if root.is_file() else root)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:20]


@cache
def code_digest() -> str:
    """printkit's version, its source, its fonts and the builder's own words: a change to
    any rebuilds every part."""
    labels = PACKAGE / "bundled" / "labels.yaml"
    return digest(__version__, tree_digest(PACKAGE, suffixes=(".py", ".ttf")), tree_digest(labels))
