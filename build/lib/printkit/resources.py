"""Where printkit's own files live: bundled games, shared templates, the scaffold, fonts.

Everything a command needs ships inside the package and is found through
``importlib.resources``, so an installed wheel works from any folder.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from functools import cache
from importlib.resources import as_file, files
from pathlib import Path

_opened = ExitStack()
atexit.register(_opened.close)


@cache
def package_path(*parts: str) -> Path:
    """A folder or file inside the installed package, as a real path on disk."""
    resource = files("printkit").joinpath(*parts)
    return _opened.enter_context(as_file(resource))


def bundled_content() -> Path:
    """The games that ship with printkit, one pack folder each."""
    return package_path("bundled", "content")


def shared_templates() -> Path:
    """Layout macros every rulebook may import."""
    return package_path("bundled", "templates")


def scaffold_folder() -> Path:
    """The game `printkit new` copies."""
    return package_path("bundled", "new-game")


def font_folder() -> Path:
    return package_path("fonts")
