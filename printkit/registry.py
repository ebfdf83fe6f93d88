"""The one place a game plugs in: its id, how to load its content, its example rules.

Shared machinery (loading, checking, gaps, building) asks this registry and
never names a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from printkit.content.fields import Field, Gap, suggest
from printkit.errors import UsageError

if TYPE_CHECKING:
    from printkit.kit import Kit, KitOptions
    from printkit.rulebook.context import RulebookContext
    from printkit.simulate.records import Simulator

BUILTIN_GAMES = "printkit.games"


class Pack(Protocol):
    """What shared machinery needs of any loaded content pack."""

    id: str
    title: str
    folder: Path
    gaps: tuple[Gap, ...]


@dataclass(frozen=True)
class ExampleRule:
    """Runs one kind of worked example: read ``given``, return the engine's results."""

    name: str
    summary: str
    run: Callable[[Any, Field], Mapping[str, Any]]
    keys: tuple[str, ...] = ()  # the result keys an example may expect


def example_rule(
    name: str, summary: str, run: Callable[[Any, Field], Mapping[str, Any]], keys: str
) -> tuple[str, ExampleRule]:
    """A ``RULES`` entry: ``keys`` names the results an example may expect, space-separated."""
    return name, ExampleRule(name, summary, run, tuple(keys.split()))


@dataclass(frozen=True)
class GamePlugin:
    id: str
    title: str
    load: Callable[[Path], Pack]
    rules: Mapping[str, ExampleRule] = field(default_factory=dict)
    # bots and a seeded game for `printkit simulate`, loaded on first call (see `lazy_value`)
    simulate: Callable[[], Simulator] | None = None
    kit: Callable[[Any, KitOptions], Kit] | None = None  # the pack is the game's own model
    # (pack, Theme) -> RulebookContext; (pack, Theme, lang) for a game with `languages`
    rulebook: Callable[..., RulebookContext] | None = None
    languages: tuple[str, ...] = ()  # printed languages, e.g. ("ru", "en"); () for one


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported on its first call: listing games loads no drawing code."""
    value = lazy_value(module, name)

    def call(*args: Any, **kwargs: Any) -> Any:
        return value()(*args, **kwargs)

    call.__qualname__ = f"lazy({module}.{name})"
    return call


def lazy_value(module: str, name: str) -> Callable[[], Any]:
    """``module.name`` itself, imported when first asked for (a game's `Simulator`)."""

    def value() -> Any:
        return getattr(importlib.import_module(module), name)

    value.__qualname__ = f"lazy_value({module}.{name})"
    return value


def register_game(
    package: str,
    game_id: str,
    title: str,
    load: Callable[[Path], Pack],
    rules: Mapping[str, ExampleRule],
    *,
    simulates: bool = False,
    languages: tuple[str, ...] = (),
) -> GamePlugin:
    """Register a game shaped the standard way: ``package`` holds ``kit``, ``rulebook``
    (and ``simulation`` with its ``SIMULATOR`` if it ``simulates``), each imported on first use."""
    simulate = lazy_value(f"{package}.simulation", "SIMULATOR") if simulates else None
    return register(
        GamePlugin(
            id=game_id,
            title=title,
            load=load,
            rules=rules,
            simulate=simulate,
            kit=lazy(f"{package}.kit", "kit"),
            rulebook=lazy(f"{package}.rulebook", "rulebook"),
            languages=languages,
        )
    )


_PLUGINS: dict[str, GamePlugin] = {}
_loaded = False


def register(plugin: GamePlugin) -> GamePlugin:
    _PLUGINS[plugin.id] = plugin
    return plugin


def builtin_module(game_id: str) -> str:
    """The package of a bundled game: its id in snake case under ``printkit.games``.

    The id is written once, in the game's `GamePlugin`; the package name follows
    from it, so there is no second table to keep in step.
    """
    return f"{BUILTIN_GAMES}.{game_id.replace('-', '_')}"


def builtin_ids() -> list[str]:
    """The bundled games' ids, from their packages' names (nothing imported)."""
    games = importlib.import_module(BUILTIN_GAMES)
    found = pkgutil.iter_modules(games.__path__)
    return sorted(name.replace("_", "-") for _, name, is_package in found if is_package)


def _load_builtins() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for game_id in builtin_ids():
            importlib.import_module(builtin_module(game_id))


def plugins() -> dict[str, GamePlugin]:
    _load_builtins()
    return dict(_PLUGINS)


def plugin_for(game_id: str) -> GamePlugin:
    """One game's plugin, importing only that game's package (commands stay quick)."""
    if game_id not in _PLUGINS and game_id in builtin_ids():
        importlib.import_module(builtin_module(game_id))
    if game_id not in _PLUGINS:
        known = sorted(set(plugins()) | set(builtin_ids()))
        raise UsageError(
            f"no rules module is registered for game {game_id!r}; {suggest(game_id, known)}"
        )
    return _PLUGINS[game_id]
