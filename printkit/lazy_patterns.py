"""reportlab's Paragraph module with its one costly pattern compiled when a word needs it.

``reportlab.platypus.paragraph`` compiles a case-blind URL pattern whose character
ranges run to U+FFFF when it is imported: 0.05-0.1 s, a tenth of a short
rulebook's whole process. Hyphenation tries it on every word it breaks, but the
pattern cannot match a word without "://" (its scheme group is not optional).
Installed when printkit is imported (before anything imports reportlab), a
finder loads that module as Python would, except that the patterns the module
itself compiles case-blind are compiled on first use, and its URL splitter
answers "no URL" at once for a word without "://": the same splits, the same
lines, and no compiling for a book without URLs.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from functools import wraps
from importlib.machinery import PathFinder  # nothing else: every printkit process imports this

PARAGRAPH = "reportlab.platypus.paragraph"


class LazyPattern:
    """A regular expression compiled when first used; from then on, that pattern."""

    __slots__ = ("source", "flags", "compiled")

    def __init__(self, source: str, flags: int) -> None:
        self.source, self.flags, self.compiled = source, flags, None

    def __getattr__(self, name: str) -> object:
        if self.compiled is None:
            self.compiled = re.compile(self.source, self.flags)
        return getattr(self.compiled, name)


class ParagraphLoader:
    """Python's own loader for the module, run with its case-blind patterns deferred."""

    def __init__(self, loader: object) -> None:
        self.loader = loader

    def __getattr__(self, name: str) -> object:
        return getattr(self.loader, name)  # get_source, get_filename…: the real loader's

    def create_module(self, spec: object) -> object:
        return self.loader.create_module(spec)

    def exec_module(self, module: object) -> None:
        compile_now = re.compile

        def compile_own_lazily(source: object, flags: int = 0) -> object:
            caller = sys._getframe(1).f_globals.get("__name__")
            if caller == PARAGRAPH and flags & re.IGNORECASE and isinstance(source, str):
                return LazyPattern(source, flags)
            return compile_now(source, flags)

        re.compile = compile_own_lazily
        try:
            self.loader.exec_module(module)
        finally:
            re.compile = compile_now
        split = getattr(module, "_uri_split_pairs", None)
        if callable(split):  # a reportlab without it is left as it is
            module._uri_split_pairs = only_with_scheme(split)


def only_with_scheme(split: Callable[[object], object]) -> Callable[[object], object]:
    """``split`` (reportlab's URL splitter), skipped for a word its pattern cannot match."""

    @wraps(split)
    def split_uri(uri: object) -> object:
        if isinstance(uri, str) and "://" not in uri:
            return None  # the pattern's first group, required, ends in "://"
        return split(uri)

    return split_uri


class ParagraphFinder:
    """Finds the module where Python would, to be loaded by `ParagraphLoader`."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> object:
        if name != PARAGRAPH:
            return None
        spec = PathFinder.find_spec(name, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = ParagraphLoader(spec.loader)
        return spec


def defer_paragraph_patterns() -> None:
    """Install the finder, once, unless the module is already loaded."""
    if PARAGRAPH not in sys.modules and ParagraphFinder not in sys.meta_path:
        sys.meta_path.insert(0, ParagraphFinder)
