"""Watch mode: on every save, check the examples and rebuild what changed.

A bad edit is reported and the watcher waits for the next save; it never dies
on a designer's mistake.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from printkit.check.checker import PackCache
from printkit.errors import PrintkitError, environment_message

Echo = Callable[[str], None]
WAITING = "waiting for the next save ..."
CONTENT_SUFFIXES = frozenset({".yaml", ".yml", ".csv", ".md"})  # a deleted one is news
STEP_MS = 25  # see `live_changes`
NO_OFFSET = (0.0, 0.0)  # watch builds the plain kit: no ink saver, no duplex offset


def rebuild(
    content: Path, games: tuple[str, ...], out: Path, papers: tuple[str, ...], echo: Echo
) -> bool:
    """One check-and-build round; True when the kit is up to date and every example passes."""
    from printkit.build.builder import build_targets
    from printkit.build.gate import ExamplesDisagree, checked_pack
    from printkit.build.manifest import languages_of
    from printkit.content.packs import games_by_id

    cache = PackCache(content)  # a fresh cache: content is re-read on every save
    try:
        folders = (
            [cache.folder_of(g) for g in games] if games else list(games_by_id(content).values())
        )
        ok = True
        for folder in folders:
            try:
                plugin, pack = checked_pack(cache, folder)
            except ExamplesDisagree as exc:
                for result in exc.failed:
                    echo(f"FAIL {result.example} ({result.file})")
                    for m in result.mismatches:
                        echo(f"     {m.field}: expected {m.expected!r}, engine says {m.actual!r}")
                echo(f"{folder.name}: not rebuilt while {len(exc.failed)} example(s) fail")
                ok = False
                continue
            langs = languages_of(plugin)
            targets = [(paper, False, NO_OFFSET, lang) for lang in langs for paper in papers]
            for report in build_targets(plugin, pack, out, targets, checked=True):
                changed = ", ".join(report.rebuilt) or "nothing"
                echo(f"{report.folder}: rebuilt {changed}")
                if report.reprinted:
                    echo("  reprint.pdf: " + ", ".join(s.caption for s in report.reprinted))
        return ok
    except PrintkitError as exc:
        echo(f"error: {exc.format_message()}")
        return False
    except (OSError, RecursionError, MemoryError) as exc:  # a full disk, say: wait for a fix
        echo(f"error: {environment_message(exc)}")
        return False


def warm_up(content: Path, games: tuple[str, ...], paper: str) -> None:
    """Render one game's kit and rulebook here, in memory, and throw them away.

    Every later build forks from this process: its children start with the
    drawing code imported, the fonts parsed, the templates compiled and the
    interpreter's hot paths already specialised. Bad content is the
    rebuild's to report, so it is ignored here.
    """
    from printkit.build.builder import kit_for, options_for
    from printkit.build.parts import render_part
    from printkit.content.packs import game_folders
    from printkit.rulebook.build import render_rulebook

    cache = PackCache(content)
    try:
        folder = cache.folder_of(games[0]) if games else next(iter(game_folders(content)))
        plugin, pack = cache.load(folder)
        options = options_for(
            (paper, False, NO_OFFSET, plugin.languages[0] if plugin.languages else "")
        )
        kit = kit_for(plugin, pack, options)
        for part in kit.parts:
            render_part(part, kit, options)
        if plugin.rulebook is not None:
            render_rulebook(plugin, pack, options.paper, options.theme, options.lang)
    except (PrintkitError, OSError, RecursionError, MemoryError):
        return  # only a head start: the build that follows reports what is wrong


def watch(
    content: Path,
    games: tuple[str, ...],
    out: Path,
    papers: tuple[str, ...],
    echo: Echo,
    changes: Iterable[object] | None = None,
) -> None:
    """Build once, then again after each batch of changes (``changes`` defaults to watchfiles).

    The file watcher is live before the first build starts, so a save made
    while a build runs is never missed: it starts the next build.
    """
    if changes is None:
        changes = live_changes(content)
    warm_up(content, games, papers[0])
    _timed_rebuild(content, games, out, papers, echo)
    for batch in changes:
        echo(f"changed: {', '.join(_changed_names(batch)) or '(files)'}")
        _timed_rebuild(content, games, out, papers, echo)


def _changed_names(batch) -> list[str]:
    """The files a save touched, without an editor's (or sed's) vanished temporary files."""
    paths = [Path(path) for _, path in batch or ()]
    return sorted({p.name for p in paths if p.exists() or p.suffix in CONTENT_SUFFIXES})


def live_changes(content: Path) -> Iterator[set]:
    """Batches of saves to ``content`` and the shared templates, from a watcher already running.

    watchfiles starts watching on the first step of its generator; stepping it
    once here (it answers within ``rust_timeout`` with nothing) makes it live
    before this returns. Empty batches (quiet timeouts) are dropped.
    """
    import watchfiles

    from printkit.build.fingerprint import TEMPLATES

    roots = [p for p in (content, TEMPLATES) if p.exists()]
    stream = watchfiles.watch(
        *roots,
        debounce=200,
        # Quiet time that ends a batch: an editor's save (its writes and renames, a
        # "save all") lands within a few milliseconds, so 25 ms still makes it one build;
        # a save is noticed 25-50 ms after it (50-100 ms at watchfiles' 50).
        step=STEP_MS,
        rust_timeout=500,
        yield_on_timeout=True,
        raise_interrupt=False,
    )
    first = next(stream, None)
    batches = stream if first is None else itertools.chain([first], stream)
    return (batch for batch in batches if batch)


def _timed_rebuild(
    content: Path, games: tuple[str, ...], out: Path, papers: tuple[str, ...], echo: Echo
) -> None:
    start = time.perf_counter()
    if rebuild(content, games, out, papers, echo):
        echo(f"ready in {time.perf_counter() - start:.2f} s; {WAITING}")
    else:
        echo(WAITING)
