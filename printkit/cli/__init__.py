"""The command line: parsing arguments and mapping errors to exit codes, nothing more."""

from __future__ import annotations

import gc

_collecting = gc.isenabled()
gc.disable()  # importing the commands makes long-lived objects only: nothing to collect yet
try:
    from printkit.cli.main import cli, main
finally:
    if _collecting:
        gc.enable()

__all__ = ["cli", "main"]
