"""The command line: parse arguments, call library functions, map errors to exit codes."""

from __future__ import annotations

import gc
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from printkit import __version__
from printkit.check.checker import PackCache, check_paths
from printkit.cli.options import CONTENT_OPTION, OUT_OPTION, folder_option
from printkit.content.gaps import format_gaps, gaps_as_json
from printkit.content.packs import default_content_dir, games_by_id
from printkit.errors import PrintkitError, UsageError, environment_message

if TYPE_CHECKING:
    from printkit.cli.progress import Status

PAPER_IDS = ("a4", "letter")  # printkit.render.units.PAPERS, without importing reportlab
MM = 72 / 25.4

EXIT_FAILED = 1
EXIT_ENVIRONMENT = 2  # like invalid content: nothing a rule disagreed with
EXIT_INTERRUPTED = 130  # the shell's code for Ctrl-C


class PrintkitGroup(click.Group):
    """Turns every error into its message and exit code, never a traceback.

    A PrintkitError carries its own code; what the machine refuses (files,
    permissions, a full disk, memory, recursion) is exit 2 like bad input;
    Ctrl-C is the shell's 130, never the 1 of a disagreeing example.
    """

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except PrintkitError as exc:
            click.echo(f"error: {exc.format_message()}", err=True)
            ctx.exit(exc.exit_code)
        except (OSError, RecursionError, MemoryError) as exc:
            click.echo(f"error: {environment_message(exc)}", err=True)
            ctx.exit(EXIT_ENVIRONMENT)
        except KeyboardInterrupt:
            click.echo("interrupted (Ctrl-C): no kit was left half written", err=True)
            ctx.exit(EXIT_INTERRUPTED)


@click.group(cls=PrintkitGroup)
@click.version_option(__version__, prog_name="printkit")
def cli() -> None:
    """Turn a game's content files into a checked print-and-play kit."""


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@CONTENT_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print results as JSON.")
def check(paths: tuple[Path, ...], content: Path | None, as_json: bool) -> None:
    """Validate content and check every worked example against the rules.

    PATHS may be content packs or example files; none means every pack.
    Exit 0: all pass; 1: an example fails; 2: invalid content or example.
    """
    cache = PackCache(content or default_content_dir())
    results = check_paths(paths, cache)
    if as_json:
        click.echo(json.dumps([r.as_json() for r in results], indent=2))
    else:
        for result in results:
            mark = "ok  " if result.passed else "FAIL"
            click.echo(f"{mark} {result.example} ({result.rule})  {result.file}")
            for m in result.mismatches:
                click.echo(f"       {m.field}: expected {m.expected!r}, engine says {m.actual!r}")
        failed = sum(not r.passed for r in results)
        click.echo(f"{len(results) - failed} passed, {failed} failed")
    if any(not r.passed for r in results):
        sys.exit(EXIT_FAILED)


@cli.command()
@click.argument("games", nargs=-1)
@CONTENT_OPTION
@click.option(
    "--json", "as_json", is_flag=True, help="Print the values as JSON, one object a game."
)
def gaps(games: tuple[str, ...], content: Path | None, as_json: bool) -> None:
    """List every provisional value: what the source rules leave to the designer."""
    cache = PackCache(content or default_content_dir())
    found = []
    for folder in _folders(cache, games):
        _, pack = cache.load(folder)
        found.append(pack)
    if as_json:
        answer = [gaps_as_json(p.id, p.title, p.gaps, cache.content) for p in found]
        click.echo(json.dumps(answer, indent=2, ensure_ascii=False))
        return
    for pack in found:
        for line in format_gaps(f"{pack.title} ({pack.id})", pack.gaps, cache.content):
            click.echo(line)
        click.echo("")


@cli.command()
@click.argument("games", nargs=-1)
@CONTENT_OPTION
@OUT_OPTION
@click.option(
    "--paper",
    "papers",
    type=click.Choice(PAPER_IDS),
    multiple=True,
    help="Paper size (repeatable; default: every size).",
)
@click.option("--ink-saver", is_flag=True, help="Drop large flood fills to save ink.")
@click.option(
    "--back-offset",
    default="0,0",
    metavar="X,Y",
    help="Shift card backs by X,Y mm to match your printer's duplex offset.",
)
@click.option("--png", is_flag=True, help="Also write every card and token at 300 dpi with bleed.")
@click.option("--tts", is_flag=True, help="Also write Tabletop Simulator deck sheets.")
@click.option("--force", is_flag=True, help="Rebuild every file, even unchanged ones.")
@click.option(
    "--lang",
    "langs",
    multiple=True,
    help="Language to build, for games printed in several (repeatable; default: all).",
)
@click.option("--quiet", is_flag=True, help="No progress line and no report; errors only.")
@click.option("--json", "as_json", is_flag=True, help="Report as JSON, one object per kit.")
def build(
    games: tuple[str, ...],
    content: Path | None,
    out: Path,
    papers: tuple[str, ...],
    ink_saver: bool,
    back_offset: str,
    png: bool,
    tts: bool,
    force: bool,
    langs: tuple[str, ...],
    quiet: bool,
    as_json: bool,
) -> None:
    """Check the examples, then render each game's kit into OUT/<game>/<paper>/.

    Only files whose inputs changed since the last build are rendered again.
    """
    from printkit.build.gate import checked_pack
    from printkit.build.manifest import languages_of, output_folder, up_to_date, whole_key
    from printkit.cli.progress import Status

    cache = PackCache(content or default_content_dir())
    offset = _offset(back_offset)
    status = Status(quiet)
    answer: list[dict] = []
    say = _reporter(quiet or as_json, status)
    try:
        for folder in _folders(cache, games):
            status(f"checking {folder.name}")
            plugin, pack = checked_pack(cache, folder)
            stale = []
            for lang in languages_of(plugin, langs):
                for paper_id in papers or PAPER_IDS:
                    settings = (paper_id, ink_saver, offset, lang)
                    target = output_folder(out, pack.id, paper_id, ink_saver, lang)
                    fresh = None if force else up_to_date(target, whole_key(pack, settings))
                    if fresh is None:
                        stale.append(settings)
                    else:  # answered without loading any drawing code
                        answer.append(_unchanged(target, fresh))
                        say(f"{target}: up to date, rebuilt 0, reused {len(fresh)}")
            if stale:
                from printkit.build.builder import build_targets

                reports = build_targets(
                    plugin, pack, out, stale, force, checked=True, progress=status
                )
                for report in reports:
                    answer.append(report.as_json())
                    for line in _report_lines(report):
                        say(line)
            if png or tts:
                exports = (papers, langs, ink_saver, offset, png, tts, force)
                answer += _images(plugin, pack, out, exports, status, say)
    finally:
        status.done()
    if as_json:
        click.echo(json.dumps(answer, indent=2, ensure_ascii=False))


def _images(
    plugin, pack, out: Path, exports: tuple, status: Status, say: Callable[[str], None]
) -> list[dict]:
    """The PNG and Tabletop Simulator exports of one game, a report for each language."""
    from printkit.build.builder import build_exports, options_for
    from printkit.build.manifest import languages_of

    papers, langs, ink_saver, offset, png, tts, force = exports
    paper = papers[0] if papers else PAPER_IDS[0]
    answer = []
    for lang in languages_of(plugin, langs):
        options = options_for((paper, ink_saver, offset, lang))
        status(f"{pack.id}: images")
        done = build_exports(plugin, pack, out, options, png=png, tts=tts, force=force)
        answer.append({"folder": str(out / pack.id), "lang": lang, "images": done.as_json()})
        where = f" ({lang})" if lang else ""
        say(
            f"{out / pack.id}{where}: images rebuilt {len(done.written)}, "
            f"reused {len(done.reused)}"
            + (f", removed {len(done.removed)}" if done.removed else "")
        )
    return answer


def _folders(cache: PackCache, games: tuple[str, ...]) -> list[Path]:
    return (
        [cache.folder_of(g) for g in games] if games else list(games_by_id(cache.content).values())
    )


def _reporter(silent: bool, status: Status) -> Callable[[str], None]:
    """The report's lines, each after clearing the progress line; none with --quiet/--json."""

    def say(line: str) -> None:
        if not silent:
            status.done()
            click.echo(line)

    return say


def _unchanged(folder: Path, reused: list[str]) -> dict:
    """An up-to-date kit, reported as `BuildReport.as_json` would (without loading it)."""
    return {"folder": str(folder), "rebuilt": [], "reused": reused, "removed": [], "reprint": []}


def _report_lines(report) -> list[str]:
    lines = [
        f"{report.folder}: rebuilt {len(report.rebuilt)}, reused {len(report.reused)}"
        + (f", removed {len(report.removed)}" if report.removed else "")
    ]
    lines += [f"  rebuilt {name}" for name in report.rebuilt]
    if report.reprinted:
        lines.append(f"  reprint.pdf: {', '.join(s.caption for s in report.reprinted)}")
    return lines


@cli.command()
@click.argument("game")
@OUT_OPTION
@click.option("--paper", type=click.Choice(PAPER_IDS), default=PAPER_IDS[0], show_default=True)
@click.option(
    "--to",
    "dest",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("docs/img"),
    show_default=True,
)
@click.option("--lang", default="", help="Language, for a game printed in several.")
@click.option(
    "--page",
    "pages",
    multiple=True,
    help="Also the rulebook page a heading opens, as rulebook-<heading>.png (repeatable).",
)
@click.option(
    "--figure",
    "figures",
    multiple=True,
    help="Also the rulebook page holding the picture with this caption, as "
    "rulebook-<caption>.png (repeatable).",
)
def preview(
    game: str,
    out: Path,
    paper: str,
    dest: Path,
    lang: str,
    pages: tuple[str, ...],
    figures: tuple[str, ...],
) -> None:
    """Write a small PNG of each built component (for the README); build first."""
    from printkit.build.exports import preview_pngs, rulebook_page_pngs
    from printkit.build.manifest import output_folder
    from printkit.render.pdf import write_atomic

    folder = output_folder(out, game, paper, False, lang)
    files = preview_pngs(folder)
    if files and (pages or figures):
        files |= rulebook_page_pngs(folder / "rulebook.pdf", pages, figures=figures)
    if not files:
        raise UsageError(f"nothing built in {folder}; run 'printkit build {game}' first")
    for name, data in files.items():
        write_atomic(dest / f"{game}{'-' + lang if lang else ''}-{name}", data)
    click.echo(f"wrote {len(files)} preview(s) to {dest}")


@cli.command(name="preflight")
@click.argument("games", nargs=-1)
@CONTENT_OPTION
@OUT_OPTION
@click.option("--paper", "papers", type=click.Choice(PAPER_IDS), multiple=True)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
def preflight_command(
    games: tuple[str, ...], content: Path | None, out: Path, papers: tuple[str, ...], as_json: bool
) -> None:
    """Measure built kits as a printer would: edges, bleed, text, marks, fonts, spaces.

    Exit 0: every kit prints cleanly; 2: a finding, or a kit not built yet.
    """
    from printkit.build.builder import preflight_built

    cache = PackCache(content or default_content_dir())
    checked = []
    for folder in _folders(cache, games):
        plugin, pack = cache.load(folder)
        checked += preflight_built(plugin, pack, out, papers or PAPER_IDS)
    findings = [finding for _, found in checked for finding in found]
    if as_json:
        rows = [{"folder": f, "findings": [x.as_json() for x in found]} for f, found in checked]
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for folder, found in checked:
            click.echo(f"{'ok  ' if not found else 'FAIL'} {folder}: {len(found)} finding(s)")
            for finding in found:
                click.echo(f"       {finding}")
    if findings:
        sys.exit(2)


@cli.command(name="watch")
@click.argument("games", nargs=-1)
@CONTENT_OPTION
@OUT_OPTION
@click.option("--paper", "papers", type=click.Choice(PAPER_IDS), multiple=True)
def watch_command(
    games: tuple[str, ...], content: Path | None, out: Path, papers: tuple[str, ...]
) -> None:
    """Check and rebuild on every save to content/ or templates/ (Ctrl-C to stop)."""
    from printkit.build.watch import watch

    root = content or default_content_dir()
    _folders(PackCache(root), games)  # a missing folder or game is an error now, not a silent wait
    click.echo(f"watching {root} — Ctrl-C to stop")
    watch(root, games, out, papers or PAPER_IDS, click.echo)


@cli.command(name="diff")
@click.argument("games", nargs=-1)
@CONTENT_OPTION
@OUT_OPTION
@click.option("--paper", type=click.Choice(PAPER_IDS), default=PAPER_IDS[0], show_default=True)
@click.option("--lang", "langs", multiple=True, help="Language (default: every one printed).")
@click.option("--json", "as_json", is_flag=True, help="Answer as JSON, one object per kit.")
def diff_command(
    games: tuple[str, ...],
    content: Path | None,
    out: Path,
    paper: str,
    langs: tuple[str, ...],
    as_json: bool,
) -> None:
    """What a build would draw again, and why, without building: the content values changed
    since the last build, the parts and sheets that print them, and changed card fields."""
    from printkit.build.builder import diff_lines, diff_report
    from printkit.build.manifest import languages_of

    cache = PackCache(content or default_content_dir())
    reports = []
    for folder in _folders(cache, games):
        plugin, pack = cache.load(folder)
        for lang in languages_of(plugin, langs):
            if as_json:
                reports.append(diff_report(plugin, pack, out, paper, lang))
            else:
                for line in diff_lines(plugin, pack, out, paper, lang):
                    click.echo(line)
    if as_json:
        import json

        click.echo(json.dumps(reports, indent=1, ensure_ascii=False))


def _offset(text: str) -> tuple[float, float]:
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise click.BadParameter(
            f"{text!r} is not X,Y in millimetres", param_hint="--back-offset"
        ) from None
    return x * MM, y * MM


@cli.command()
@click.argument("game")
@click.option("--title", default=None, help="The game's title (default: from its id).")
@click.option(
    "--from",
    "source",
    default=None,
    metavar="GAME",
    help="Start from a copy of a bundled game instead of the plain card game.",
)
@folder_option("--content", Path("content"), "Folder to create the game in.")
def new(game: str, title: str | None, source: str | None, content: Path) -> None:
    """Scaffold a new game: content, one example and a rulebook stub that build at once."""
    from printkit.content.scaffold import copy_bundled, scaffold

    folder = (
        copy_bundled(content, game, source, title) if source else scaffold(content, game, title)
    )
    click.echo(f"created {folder}")
    where = "" if content == Path("content") else f" --content {content}"
    click.echo(f"next: printkit check{where} && printkit build {game}{where}")


@cli.command(name="games")
@CONTENT_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print the packs as JSON.")
def list_games(content: Path | None, as_json: bool) -> None:
    """List the content packs found, and where they come from."""
    from printkit.content.packs import content_source, engine_of

    root = content or default_content_dir()
    packs = [
        {"id": game_id, "engine": engine_of(f), "folder": str(f)}
        for game_id, f in games_by_id(root).items()
    ]
    if as_json:
        source = {"content": str(root), "source": content_source(root), "games": packs}
        click.echo(json.dumps(source, indent=2))
        return
    click.echo(f"{root} ({content_source(root)}):")
    for pack in packs:
        engine = "" if pack["engine"] == pack["id"] else f"  (plays by {pack['engine']})"
        click.echo(f"  {pack['id']:<20} {pack['folder']}{engine}")


def _register_commands() -> None:
    """Commands that live in their own modules (they import printkit.cli never)."""
    from printkit.cli.simulate import simulate

    cli.add_command(simulate)


_register_commands()


YOUNG_OBJECTS = 100_000  # new objects between collections (Python's default: 700)


def fewer_collections() -> None:
    """A printkit command keeps most of what it makes (modules, the pack, the book's tree):
    what is loaded now is left out of every collection, and the young objects are counted
    up to ``YOUNG_OBJECTS`` before one, so a fresh `printkit build` spends about 0.03 CPU s
    collecting before its child starts instead of 0.12 (mypy's command raises it too)."""
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS)


def main() -> None:
    fewer_collections()
    try:
        cli(prog_name="printkit")
    except SystemExit as stop:
        leave(stop)


def leave(stop: SystemExit) -> NoReturn:
    """End the process without tearing the interpreter down: freeing every object a build
    made (modules, the pack, the book's tree, the memos) costs a fresh `printkit build`
    about 0.13 s after its files are written, the way mypy's command leaves too. The exit
    handlers run and the output is flushed first; a process with another thread still
    running, or a message for an exit code, leaves the ordinary way."""
    import atexit
    import os
    import threading

    code = stop.code if stop.code is not None else 0
    if not isinstance(code, int) or threading.active_count() > 1:
        raise stop
    atexit._run_exitfuncs()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe or stream: let Python report it as usual
        raise stop from None
    os._exit(code)
