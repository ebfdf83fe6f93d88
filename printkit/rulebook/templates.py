"""Rulebook templates: Markdown with Jinja2, rendered in a sandbox that fails loudly.

Search path: the game's ``content/<game>/rulebook/`` first, then the shared
``templates/``. StrictUndefined turns a misspelt variable into an error; the
sandbox refuses Python internals; every failure names the template file and
line, because a designer edits those, not Python.
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import CodeType, TracebackType
from typing import Any

from jinja2 import (
    BytecodeCache,
    FileSystemLoader,
    StrictUndefined,
    TemplateNotFound,
    TemplateSyntaxError,
)
from jinja2.bccache import Bucket
from jinja2.exceptions import SecurityError, UndefinedError
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from printkit.build import diskcache
from printkit.content.fields import suggest
from printkit.content.numbers import in_words, times
from printkit.content.yamlio import read_text
from printkit.errors import ContentError, Location, PrintkitError
from printkit.resources import shared_templates
from printkit.rulebook.context import MissingEntry, RulebookContext

SHARED_TEMPLATES = shared_templates()
GAME_TEMPLATES = "rulebook"  # the folder inside a content pack
FENCE_RUN = re.compile(r"^[ \t]*(`{3,})", re.M)
HINT = "templates may read only the variables and call only the functions the game provides"


class VerifiedBytecodeCache(BytecodeCache):
    """Compiled templates kept for the process and in the disk cache, by file and source.

    Compiling is most of a template render; one build renders A4 and Letter
    from the same sources. An edited template has a new checksum and compiles
    afresh, so the cache can never serve stale text. Compiled code is loaded
    from disk only through ``diskcache``, which checks each entry's digest
    first; ``--force`` (``diskcache.fresh``) compiles everything again.
    """

    def __init__(self) -> None:
        self._store: dict[str, bytes] = {}
        self._code: dict[str, tuple[str, CodeType]] = {}  # key -> (source checksum, code)

    def load_bytecode(self, bucket: Bucket) -> None:
        if not diskcache.reading():
            return
        kept = self._code.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:  # code objects are immutable:
            bucket.code = kept[1]  # every render of a build shares them, unmarshalled once
            return
        data = self._store.get(bucket.key)
        if data is None:
            data = diskcache.load(CACHE_KIND, bucket.key)  # a fresh process: last build's
        if data is None:
            return
        try:
            bucket.bytecode_from_string(data)  # a foreign Jinja's entry resets the bucket
        except Exception:  # noqa: BLE001 - a verified entry Jinja cannot read is a miss
            bucket.reset()
        self._remember(bucket)

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        self._store[bucket.key] = data
        self._remember(bucket)
        diskcache.store(CACHE_KIND, bucket.key, data)

    def _remember(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._code[bucket.key] = (bucket.checksum, bucket.code)


CACHE_KIND = "jinja"
BYTECODE = VerifiedBytecodeCache()  # every environment below is configured alike


class ContentLoader(FileSystemLoader):
    """Templates read as content files are: UTF-8, no control characters, regular files;
    a bad file is blamed by its own name and line, not the template that includes it."""

    def get_source(self, environment, template: str):
        pieces = split_template_path(template)  # refuses ``..``, as Jinja's loader does
        for folder in self.searchpath:
            path = Path(folder, *pieces)
            if path.exists():  # a pipe or folder here is refused by name, never opened
                return read_text(path), os.path.normpath(path), _unchanged(path)
        raise TemplateNotFound(template)


def _unchanged(path: Path) -> Callable[[], bool]:
    def mtime() -> float | None:
        try:
            return path.stat().st_mtime
        except OSError:
            return None

    seen = mtime()
    return lambda: mtime() == seen


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
    """A value safe inside a Markdown table cell: pipes escaped, one line (no-break spaces
    kept, so a value may stay glued to its name)."""
    return " ".join(CELL_SPACE.split(str(value).replace("|", "\\|").strip()))


CELL_SPACE = re.compile(r"[ \t\r\n\f\v]+")  # not no-break spaces


LONGEST_SECONDS = 20.0  # a whole rulebook renders in well under a second
LARGEST_OUTPUT = 4_000_000  # characters of Markdown; the longest rulebook is ~100,000


class TemplateLimit(Exception):
    """A template ran too long or wrote too much: a loop or a product out of hand."""


class BoundedEnvironment(SandboxedEnvironment):
    """The sandbox, with a bound on what one ``*`` or ``**`` may build and a deadline
    checked at every call, attribute and operator a template evaluates."""

    intercepted_binops = frozenset({"*", "**", "%"})
    deadline = float("inf")

    def check_deadline(self) -> None:
        if time.monotonic() > self.deadline:
            raise TemplateLimit(f"rendering took longer than {LONGEST_SECONDS:g} s")

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        self.check_deadline()
        if operator == "*":
            _check_repeat(left, right)
            _check_repeat(right, left)
        elif operator == "**" and _huge_power(left, right):
            raise TemplateLimit(f"{left} ** {right} is a number too large to print")
        elif operator == "%" and isinstance(left, str):
            _check_widths(left, PERCENT_WIDTH)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context, __obj, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        __self.check_deadline()
        method = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
        if isinstance(getattr(method, "__self__", None), str) and method.__name__ == "format":
            _check_widths(method.__self__, BRACE_WIDTH)
        return super().call(__context, __obj, *args, **kwargs)

    def getattr(self, obj: Any, attribute: str) -> Any:
        self.check_deadline()
        if type(obj) is dict and attribute not in DICT_ATTRIBUTES and attribute in obj:
            return obj[attribute]  # what the sandbox returns after its getattr fails, sooner
        return super().getattr(obj, attribute)


DICT_ATTRIBUTES = frozenset(dir(dict))  # ``d.items`` is the method, whatever keys d holds


PERCENT_WIDTH = re.compile(r"%[-#0 +]*(\d+)")  # '%0999999999d' % 1: a gigabyte of zeros
BRACE_WIDTH = re.compile(r"\{[^{}]*:[^{}]*?(\d+)[^{}]*\}")  # '{:>999999999}'.format(1)


def _check_widths(text: str, pattern: re.Pattern) -> None:
    for found in pattern.finditer(text):
        if int(found.group(1)) > LARGEST_OUTPUT:
            raise TemplateLimit(f"the width in {found.group()!r} is wider than a rulebook")


def _huge_power(base: Any, exponent: Any) -> bool:
    if not (isinstance(base, int) and isinstance(exponent, int)):
        return False
    return exponent > 0 and abs(base) > 1 and abs(base).bit_length() * exponent > 4096


def _check_repeat(sequence: Any, times: Any) -> None:
    repeats = isinstance(sequence, (str, list, tuple)) and isinstance(times, int)
    if repeats and len(sequence) * times > LARGEST_OUTPUT:
        raise TemplateLimit(
            f"a text or list of {len(sequence):,} repeated {times:,} times is too long"
        )


def _center(value: Any, width: int = 80) -> str:
    if width > LARGEST_OUTPUT:
        raise TemplateLimit(f"center({width:,}) is wider than a rulebook")
    return str(value).center(width)


def environment(folders: Iterable[Path], context: RulebookContext) -> SandboxedEnvironment:
    env = BoundedEnvironment(
        loader=ContentLoader([str(f) for f in folders]),
        undefined=StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_finalize,
        bytecode_cache=BYTECODE,
    )
    env.filters["cell"] = _cell
    env.filters["center"] = _center
    env.filters["spelled"] = in_words  # a small count in running prose: "three of these"
    env.filters["times"] = times  # "twice"
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
        return _unquote(_bounded_render(env, context.template, variables))
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
        if exc.location is not None:  # it already names its file
            raise
        hint = exc.hint or "check the spelling of the id"
        raise _located(exc, exc.problem, hint) from None
    except SecurityError as exc:
        raise _located(exc, f"the template reaches into Python internals: {exc}", HINT) from None
    except UndefinedError as exc:
        raise _located(exc, f"undefined: {exc.message}", HINT) from None
    except (EmptyValue, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
        raise _located(exc, f"{type(exc).__name__}: {exc}", HINT) from None
    except TemplateLimit as exc:
        raise _located(exc, str(exc), LIMIT_HINT, context.template) from None
    except RecursionError as exc:
        problem = "templates call themselves without end (a macro or include in a loop)"
        raise _located(exc, problem, LIMIT_HINT, context.template) from None
    except MemoryError as exc:
        raise _located(exc, "out of memory", LIMIT_HINT, context.template) from None


LIMIT_HINT = "a rulebook template prints the game's values; look for a loop or product out of hand"


def _bounded_render(env: BoundedEnvironment, name: str, variables: Mapping[str, Any]) -> str:
    """Render ``name``, stopped past ``LONGEST_SECONDS`` or ``LARGEST_OUTPUT`` characters.

    The deadline is checked at every call, attribute and chunk of output; in the
    main thread an interval timer also stops a loop that does none of those.
    """
    template = env.get_template(name)
    env.deadline = time.monotonic() + LONGEST_SECONDS
    parts: list[str] = []
    size = 0
    with _alarm(LONGEST_SECONDS):
        for chunk in template.generate(variables):
            size += len(chunk)
            if size > LARGEST_OUTPUT:
                raise TemplateLimit(f"the Markdown is past {LARGEST_OUTPUT:,} characters")
            env.check_deadline()
            parts.append(chunk)
    return "".join(parts)


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """SIGALRM raises TemplateLimit after ``seconds``, where signals can be had."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or signal.getitimer(signal.ITIMER_REAL)[0]:  # someone else's timer: keep it
        yield
        return

    def expire(signum, frame):
        raise TemplateLimit(f"rendering took longer than {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _unquote(markdown: str) -> str:
    """Quotes back as characters: raw HTML is off, and the typographer curls them."""
    return markdown.replace("&#39;", "'").replace("&#34;", '"')


def _located(
    exc: BaseException, problem: str, hint: str, template: str = "rulebook templates"
) -> ContentError:
    frames = _frames(exc.__traceback__)
    if not frames:
        return ContentError(Location(template), problem, hint)
    (file, line), callers = frames[-1], frames[:-1]
    if callers:
        chain = ", ".join(_collapsed(f"{Path(f).name}:{n}" for f, n in reversed(callers)))
        problem += f" (called from {chain})"
    return ContentError(Location(file, line=line), problem, hint)


def _collapsed(names: Iterable[str]) -> list[str]:
    """Runs of one frame (a macro calling itself) said once, with their count."""
    result: list[list] = []
    for name in names:
        if result and result[-1][0] == name:
            result[-1][1] += 1
        else:
            result.append([name, 1])
    return [name if count == 1 else f"{name} ({count} times)" for name, count in result]


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
