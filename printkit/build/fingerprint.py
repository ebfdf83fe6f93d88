"""Digests of a build's inputs: content values, templates, fonts and printkit's own code.

A part is re-rendered only when the digest of what it draws from changes; the
code digest makes a new printkit (or an edited renderer) rebuild everything.
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
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
    """Each library's version as importlib.metadata finds it: from the METADATA of the first
    distribution of that name on ``sys.path``. A wheel's ``*.dist-info`` folder is read here;
    anything else (an egg, a zip) is left to importlib.metadata, whose import alone (the
    email package) costs 0.03-0.05 s, a tenth of a short rulebook's process."""
    wanted = {_normal(name): name for name in RENDERING_LIBRARIES}
    found: dict[str, str | None] = {}  # None: importlib.metadata decides
    for entry in sys.path:
        if len(found) == len(wanted):
            break
        try:
            names = os.listdir(entry or ".")
        except OSError:
            if os.path.exists(entry or "."):  # a zip on the path: importlib.metadata reads it
                found.update((name, None) for name in wanted.values() if name not in found)
            continue
        for folder in names:
            base, extension = os.path.splitext(folder.lower())
            name = wanted.get(_normal(base.partition("-")[0]))
            if name is None or name in found or extension not in (".dist-info", ".egg-info"):
                continue
            metadata = os.path.join(entry or ".", folder, "METADATA")
            found[name] = _version(metadata) if extension == ".dist-info" else None
    return tuple((name, found.get(name) or _asked_version(name)) for name in RENDERING_LIBRARIES)


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _version(metadata: str) -> str | None:
    """The ``Version`` header of a METADATA file, or None when it cannot be read."""
    try:
        with open(metadata, encoding="utf-8") as file:
            for line in file:
                if not line.strip():
                    return None  # the headers ended without one
                if line.startswith("Version:"):
                    return line[len("Version:") :].strip()
    except OSError:
        return None
    return None


def _asked_version(name: str) -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "absent"
