"""Rulebook templates: Markdown with Jinja2, rendered in a sandbox that fails loudly.

Search path: the game's ``content/<game>/rulebook/`` first, then the shared
``templates/``. StrictUndefined turns a misspelt variable into an error; the
sandbox refuses Python internals; every failure names the template file and
line, because a designer edits those, not Python.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from jinja2 import (
    BytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    TemplateNotFound,
    TemplateSyntaxError,
)
from jinja2.bccache import Bucket, FileSystemBytecodeCache
from jinja2.exceptions import SecurityError, UndefinedError
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from printkit.build.diskcache import cache_folder
from printkit.content.fields import suggest
from printkit.errors import ContentError, Location, PrintkitError
from printkit.resources import shared_templates
from printkit.rulebook.context import MissingEntry, RulebookContext

SHARED_TEMPLATES = shared_templates()
GAME_TEMPLATES = "rulebook"  # the folder inside a content pack
FENCE_RUN = re.compile(r"^[ \t]*(`{3,})", re.M)
HINT = "templates may read only the variables and call only the functions the game provides"


class MemoryBytecodeCache(BytecodeCache):
    """Compiled templates kept for the process, keyed by file and source checksum.

    Compiling is most of a template render; one build renders A4 and Letter
    from the same sources. An edited template has a new checksum and compiles
    afresh, so the cache can never serve stale text.
    """

    def __init__(self, disk: Path | None = None) -> None:
        self._store: dict[str, bytes] = {}
        self._disk = _disk_cache(disk) if disk else None

    def load_bytecode(self, bucket: Bucket) -> None:
        data = self._store.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)
        elif self._disk is not None:
            self._disk.load_bytecode(bucket)  # a fresh process: last build's compile

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._store[bucket.key] = bucket.bytecode_to_string()
        if self._disk is not None:
            try:
                self._disk.dump_bytecode(bucket)
            except OSError:
                self._disk = None  # a read-only cache folder only costs speed


def _disk_cache(folder: Path) -> FileSystemBytecodeCache | None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return FileSystemBytecodeCache(str(folder), "printkit-%s.cache")


BYTECODE = MemoryBytecodeCache(cache_folder("jinja"))  # every environment below is configured alike


class EmptyValue(Exception):
    """A template printed None: a value the data does not have."""


def template_folders(pack_folder: Path) -> list[Path]:
    return [pack_folder / GAME_TEMPLATES, SHARED_TEMPLATES]


def directive(kind: str, arg: Any = "", body: Any = "") -> Markup:
    """A fenced block the Markdown converter treats as a layout instruction.

    The fence is longer than any fence inside ``body``, so directives nest.
    """
    body = str(body).strip("\n")
    longest = max((len(m.group(1)) for m in FENCE_RUN.finditer(body)), default=2)
    fence = "`" * max(3, longest + 1)
    info = " ".join(str(escape(arg)).replace("`", "'").split())
    head = f"{fence}{kind} {info}".rstrip()
    inner = f"{body}\n" if body else ""
    return Markup(f"\n{head}\n{inner}{fence}\n")


def _finalize(value: Any) -> Any:
    if value is None:
        raise EmptyValue("this prints an empty value (None)")
    return value


def _cell(value: Any) -> str:
    """A value safe inside a Markdown table cell: pipes escaped, one line."""
    return " ".join(str(value).replace("|", "\\|").split())


def environment(folders: Iterable[Path], context: RulebookContext) -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        loader=FileSystemLoader([str(f) for f in folders]),
        undefined=StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_finalize,
        bytecode_cache=BYTECODE,
    )
    env.filters["cell"] = _cell
    env.filters.update(context.filters)
    env.globals["directive"] = directive
    env.globals["block"] = _block_function(context)
    env.globals.update(context.functions)
    return env


def _block_function(context: RulebookContext) -> Callable[[str], Markup]:
    """``block(key)`` places one of the game's blocks, refusing unknown keys."""

    def block(key: str) -> Markup:
        if key not in context.blocks:
            raise MissingEntry(f"there is no block {key!r}; {suggest(key, list(context.blocks))}")
        return directive("block", key)

    return block


def render_source(
    folders: list[Path], context: RulebookContext, variables: Mapping[str, Any]
) -> str:
    """The rulebook's Markdown: the entry template rendered with the game's variables."""
    env = environment(folders, context)
    try:
        return _unquote(env.get_template(context.template).render(variables))
    except TemplateSyntaxError as exc:
        where = Location(exc.filename or exc.name or context.template, line=exc.lineno)
        raise ContentError(where, f"template syntax error: {exc.message}") from None
    except TemplateNotFound as exc:
        where = _where(exc.__traceback__) or Location(folders[0] / context.template)
        searched = ", ".join(str(f) for f in folders)
        raise ContentError(
            where, f"template {exc.name!r} not found", f"looked in {searched}"
        ) from None
    except PrintkitError as exc:
        if not isinstance(exc, MissingEntry):
            raise
        raise _located(exc, str(exc), "check the spelling of the id") from None
    except SecurityError as exc:
        raise _located(exc, f"the template reaches into Python internals: {exc}", HINT) from None
    except UndefinedError as exc:
        raise _located(exc, f"undefined: {exc.message}", HINT) from None
    except (EmptyValue, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
        raise _located(exc, f"{type(exc).__name__}: {exc}", HINT) from None


def _unquote(markdown: str) -> str:
    """Quotes back as characters: raw HTML is off, and the typographer curls them."""
    return markdown.replace("&#39;", "'").replace("&#34;", '"')


def _located(exc: BaseException, problem: str, hint: str) -> ContentError:
    frames = _frames(exc.__traceback__)
    if not frames:
        return ContentError(Location("rulebook templates"), problem, hint)
    (file, line), callers = frames[-1], frames[:-1]
    if callers:
        chain = ", ".join(f"{Path(f).name}:{n}" for f, n in reversed(callers))
        problem += f" (called from {chain})"
    return ContentError(Location(file, line=line), problem, hint)


def _where(tb: TracebackType | None) -> Location | None:
    frames = _frames(tb)
    return Location(frames[-1][0], line=frames[-1][1]) if frames else None


def _frames(tb: TracebackType | None) -> list[tuple[str, int]]:
    """(template file, line) of each template frame, outermost first.

    Jinja rewrites tracebacks so a template's frames carry its file name and
    the template line; Python code frames are left out.
    """
    frames: list[tuple[str, int]] = []
    while tb is not None:
        code = tb.tb_frame.f_code
        if _is_template_file(code.co_filename):
            frames.append((code.co_filename, tb.tb_lineno))
        tb = tb.tb_next
    return frames


def _is_template_file(name: str) -> bool:
    return not name.endswith(".py") and not name.startswith("<")
