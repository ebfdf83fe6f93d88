"""One status line on a terminal for a command a person waits for.

Shown on standard error only when it is a terminal and ``--quiet`` was not
given, so piped output, logs and ``--json`` answers stay clean.
"""

from __future__ import annotations

import sys
from typing import TextIO


class Status:
    """Rewrites one line in place; `done` clears it before the command's own output."""

    def __init__(self, quiet: bool = False, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.shown = not quiet and self.stream.isatty()
        self.width = 0

    def __call__(self, message: str) -> None:
        if not self.shown:
            return
        line = message[-100:]
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def done(self) -> None:
        if self.shown and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self.width = 0
