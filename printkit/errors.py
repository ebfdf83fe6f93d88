"""A narrow exception hierarchy; each error carries the exit code the CLI uses."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path


class PrintkitError(Exception):
    """Base of every error printkit reports to a user instead of a traceback.

    The class fixes the exit code; the problem, where it is and a hint are
    fields, so every command prints them the same way and a worker process
    can hand the error back whole (it pickles with its fields).
    """

    exit_code = 2

    def __init__(self, problem: str = "", hint: str = "", location: Location | None = None) -> None:
        self.problem = problem
        self.hint = hint
        self.location = location
        super().__init__(self.format_message())

    def format_message(self) -> str:
        message = f"{self.location}: {self.problem}" if self.location else self.problem
        return message + (f"\n  hint: {self.hint}" if self.hint else "")

    def __reduce__(self):
        return _rebuild, (type(self), self.__dict__)


def _rebuild(cls: type[PrintkitError], fields: dict) -> PrintkitError:
    error = cls.__new__(cls)
    error.__dict__.update(fields)
    error.args = (error.format_message(),)
    return error


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
        super().__init__(problem, hint, location)


class NotFound(PrintkitError):
    """A lookup by an id, number or name the pack does not hold (``pack.item("lemns")``).

    Not a LookupError: Jinja would swallow one into a vague "undefined", and a
    rule asking for what content never defined is a content mistake to report.
    """


class UsageError(PrintkitError):
    """A command was asked for something that does not exist (a game, a path)."""


class RuleError(PrintkitError):
    """A move the rules forbid, e.g. an illegal purchase; quoted with its state."""


class RenderError(PrintkitError):
    """A component cannot be drawn as asked (text too long for its box, ...)."""


class BuildLockedError(PrintkitError):
    """Another build holds the output folder."""


_HINTS = {  # by errno name: not every system has them all
    "ENOSPC": "the disk is full: free some space and run again",
    "EDQUOT": "the disk quota is used up: free some space and run again",
    "EACCES": "check the permissions of that path, or choose another with --out",
    "EPERM": "check the permissions of that path, or choose another with --out",
    "EROFS": "that file system is read-only: choose another folder with --out",
    "EISDIR": "a folder stands where printkit writes or reads a file: move it away",
    "ENOTDIR": "a file stands where printkit needs a folder: move it away",
    "EEXIST": "a file stands where printkit needs a folder: move it away",
    "ELOOP": "symbolic links there point at each other: remove the loop",
    "ENAMETOOLONG": "shorten the path",
}
HINTS = {getattr(errno, name): hint for name, hint in _HINTS.items() if hasattr(errno, name)}


def environment_message(exc: BaseException) -> str:
    """What the machine refused, where, and what to do about it."""
    if isinstance(exc, RecursionError):
        return "content or a template nests too deeply (a macro or include that calls itself?)"
    if isinstance(exc, MemoryError):
        return "out of memory\n  hint: a template or content file asks for far too much"
    assert isinstance(exc, OSError)
    where = " -> ".join(str(f) for f in (exc.filename, exc.filename2) if f is not None)
    what = exc.strerror or str(exc) or type(exc).__name__
    message = f"{where}: {what}" if where else what
    hint = HINTS.get(exc.errno or 0)
    return message + (f"\n  hint: {hint}" if hint else "")


class PreflightError(PrintkitError):
    """The rendered kit would not print or cut cleanly; nothing was written."""
