"""The command line: parse arguments, call library functions, map errors to exit codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from printkit import __version__
from printkit.checker import PackCache, check_paths
from printkit.errors import PrintkitError
from printkit.gaps import format_gaps
from printkit.packs import default_content_dir, game_folders, game_id_of

EXIT_FAILED = 1


def _content_option(f):
    return click.option(
        "--content",
        "content",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Folder of game content packs (default: ./content, else the bundled games).",
    )(f)


def _out_option(f):
    return click.option(
        "--out",
        "out",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("output"),
        show_default=True,
        help="Folder the kits are written to.",
    )(f)


class PrintkitGroup(click.Group):
    """Turns every PrintkitError into its message and exit code, never a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except PrintkitError as exc:
            click.echo(f"error: {exc.format_message()}", err=True)
            ctx.exit(exc.exit_code)


@click.group(cls=PrintkitGroup)
@click.version_option(__version__, prog_name="printkit")
def cli() -> None:
    """Turn a game's content files into a checked print-and-play kit."""


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@_content_option
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
@_content_option
def gaps(games: tuple[str, ...], content: Path | None) -> None:
    """List every provisional value: what the source rules leave to the designer."""
    cache = PackCache(content or default_content_dir())
    folders = [cache.folder_of(g) for g in games] if games else list(game_folders(cache.content))
    for folder in folders:
        _, pack = cache.load(folder)
        for line in format_gaps(f"{pack.title} ({pack.id})", pack.gaps, cache.content):
            click.echo(line)
        click.echo("")


@cli.command(name="games")
@_content_option
def list_games(content: Path | None) -> None:
    """List the content packs found and whether a rules module is registered."""
    root = content or default_content_dir()
    for folder in game_folders(root):
        click.echo(f"{game_id_of(folder)}  {folder}")


def main() -> None:
    cli(prog_name="printkit")
