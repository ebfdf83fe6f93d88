"""The one rule every build obeys: a kit is built only while its examples agree with the engine.

The command line, the watch loop and a library caller all pass through here,
so a kit whose rulebook would contradict the rules is never written.
"""

from __future__ import annotations

from pathlib import Path

from printkit.check.checker import (
    ExampleResult,
    PackCache,
    check_example,
    example_files,
    examples_key,
    kept_with_reads,
    read_example,
)
from printkit.errors import PrintkitError
from printkit.registry import GamePlugin, Pack


class ExamplesDisagree(PrintkitError):
    """Some worked examples disagree with the rules: exit 1, nothing built."""

    exit_code = 1

    def __init__(self, game: str, failed: list[ExampleResult]) -> None:
        self.game = game
        self.failed = failed
        names = ", ".join(r.example for r in failed)
        super().__init__(
            f"{game}: examples disagree with the rules: {names}",
            "run 'printkit check' for the details; nothing was built",
        )


def failing_examples(plugin: GamePlugin, pack: Pack) -> list[ExampleResult]:
    """The examples that disagree with the engine. The verdict on all of them is kept with
    the pack values their runs read (`kept_with_reads`), so a round after a card title
    edit checks those values once, not each example's entries one by one."""
    folder = pack.folder
    key = examples_key("gate", plugin, folder)
    return kept_with_reads("example-gates", key, pack, lambda seen: _failing(plugin, seen, folder))


def _failing(plugin: GamePlugin, pack: Pack, folder: Path) -> list[ExampleResult]:
    results = (check_example(plugin, pack, read_example(p)) for p in example_files(folder))
    return [r for r in results if not r.passed]


def require_passing(plugin: GamePlugin, pack: Pack) -> None:
    failed = failing_examples(plugin, pack)
    if failed:
        raise ExamplesDisagree(pack.folder.name, failed)


def checked_pack(cache: PackCache, folder: Path) -> tuple[GamePlugin, Pack]:
    """The pack in ``folder``, refused while any of its examples fails."""
    plugin, pack = cache.load(folder)
    require_passing(plugin, pack)
    return plugin, pack
