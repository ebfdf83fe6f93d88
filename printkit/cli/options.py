"""Options several commands share, each written once."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click


def folder_option(flag: str, default: Path | None, help: str) -> Callable[[Any], Any]:
    """``--flag DIRECTORY``, read as a `Path`; a default is shown in ``--help``."""
    return click.option(
        flag,
        flag.lstrip("-"),
        type=click.Path(file_okay=False, path_type=Path),
        default=default,
        show_default=default is not None,
        help=help,
    )


CONTENT_OPTION = folder_option(
    "--content", None, "Folder of game content packs (default: ./content, else the bundled games)."
)
OUT_OPTION = folder_option("--out", Path("output"), "Folder the kits are written to.")
