"""Worked examples as a rulebook prints them: checked first, then the engine's results.

An example whose ``expect`` disagrees with the engine stops the build, so a
printed number is always the engine's. A game adds its own tables to the view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printkit.check.checker import (
    Example,
    check_example,
    example_files,
    examples_key,
    kept_with_reads,
    plain,
    read_example,
    run_example,
)
from printkit.check.golden import RULE as PLAYTHROUGH
from printkit.content.packs import engine_of
from printkit.errors import ContentError, Location
from printkit.registry import GamePlugin, Pack, plugin_for

View = dict[str, Any]
ViewFn = Callable[[GamePlugin, Any, Example], View]


def worked_examples(pack: Pack, view: ViewFn | None = None) -> dict[str, View]:
    """Each example of the pack by name, checked, as ``view`` (default `example_view`) shows it."""
    plugin = plugin_for(engine_of(pack.folder))
    view, folder = view or example_view, pack.folder
    if not _alone(view):
        return _worked(plugin, pack, view, folder)
    key = examples_key("worked", plugin, folder, f"{view.__module__}.{view.__qualname__}")
    return kept_with_reads(
        "example-books", key, pack, lambda seen: _worked(plugin, seen, view, folder)
    )


def _worked(plugin: GamePlugin, pack: Pack, view: ViewFn, folder) -> dict[str, View]:
    """Each example checked and shown; all of them kept at once (above) with what they
    read, each also kept on its own, so an edit works out again only what it touches."""
    out = {}
    for path in example_files(folder):
        example = read_example(path)
        if example.rule == PLAYTHROUGH:
            continue  # a golden playthrough pins the engine; no rulebook prints one
        require_passing(plugin, pack, example)
        out[example.name] = _shown(plugin, pack, example, view)
    return out


def _alone(view: ViewFn) -> bool:
    """A view function of a module, holding nothing of its own: what it shows is a function
    of the example and the pack values it reads, so it may be kept with them."""
    return getattr(view, "__closure__", True) is None and "<locals>" not in view.__qualname__


def _shown(plugin: GamePlugin, pack: Pack, example: Example, view: ViewFn) -> View:
    """The example as ``view`` shows it. A view function of a module, holding nothing of
    its own, is kept with the pack values it read (`kept_with_reads`): a card title edit
    shows every example it does not read again without working it out; a view made
    inside a function (holding a language, a sheet of pictures) is made each time."""
    if not _alone(view):
        return view(plugin, pack, example)
    from printkit.build.fingerprint import code_digest, digest

    key = digest(
        code_digest(),
        "view",
        plugin.id,
        f"{view.__module__}.{view.__qualname__}",
        str(example.path),
        (example.name, example.title, example.prose, example.rule, example.given_key),
    )
    return kept_with_reads("example-views", key, pack, lambda seen: view(plugin, seen, example))


def require_passing(plugin: GamePlugin, pack: Pack, example: Example) -> None:
    """Refuse to print an example the engine disagrees with, naming its first mismatch.

    That it passes is kept with the pack values its run read (`kept_with_reads`), so a
    card title edit neither runs nor compares an example whose run does not read it."""
    from printkit.build.fingerprint import code_digest, digest

    key = digest(
        code_digest(),
        "passes",
        plugin.id,
        str(example.path),
        (example.rule, example.given_key, example.expect_key),
    )
    if kept_with_reads(
        "example-checks", key, pack, lambda seen: check_example(plugin, seen, example).passed
    ):
        return
    result = check_example(plugin, pack, example)
    if result.passed:
        return
    first = result.mismatches[0]
    raise ContentError(
        Location(example.path, first.field),
        f"the rulebook prints this example, but the engine says {first.actual!r} "
        f"where it expects {first.expected!r}",
        "fix the example (printkit check shows every disagreement)",
    )


def example_view(plugin: GamePlugin, pack: Pack, example: Example) -> View:
    """What every example shows: its name, title, prose, rule, givens and the engine's result."""
    return {
        "name": example.name,
        "title": example.title or example.name.replace("-", " ").capitalize(),
        "prose": example.prose,
        "rule": example.rule,
        "given": plain(example.given.raw),
        "result": plain(run_example(plugin, pack, example)),
    }
