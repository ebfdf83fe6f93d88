"""A narrow exception hierarchy; each error carries the exit code the CLI uses."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


class PrintkitError(Exception):
    """Base of every error printkit reports to a user instead of a traceback."""

    exit_code = 2

    def format_message(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Location:
    """Where in which file a bad value sits: as precise as the parser knows."""

    file: Path | str
    field: str = ""
    line: int | None = None
    cell: str = ""  # in a spreadsheet: "sheet 'Cards', row 3, column D"

    def __str__(self) -> str:
        where = str(self.file)
        if self.line is not None:
            where += f":{self.line}"
        if self.cell:
            where += f" ({self.cell})"
        if self.field:
            where += f": {self.field}"
        return where


class ContentError(PrintkitError):
    """Content or an example file is invalid: exit code 2."""

    def __init__(self, location: Location, problem: str, hint: str = "") -> None:
        self.location = location
        self.problem = problem
        self.hint = hint
        super().__init__(self.format_message())

    def format_message(self) -> str:
        message = f"{self.location}: {self.problem}"
        if self.hint:
            message += f"\n  hint: {self.hint}"
        return message


class UsageError(PrintkitError):
    """A command was asked for something that does not exist (a game, a path)."""


class RuleError(PrintkitError):
    """A move the rules forbid, e.g. an illegal purchase; quoted with its state."""


class RenderError(PrintkitError):
    """A component cannot be drawn as asked (text too long for its box, ...)."""


class BuildLockedError(PrintkitError):
    """Another build holds the output folder."""
