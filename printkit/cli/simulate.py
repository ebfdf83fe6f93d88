"""`printkit simulate`: play many seeded games with bots and report on the game's balance.

The command only reads its arguments and calls `printkit.simulate`; errors are
PrintkitErrors, reported with their exit code and never a traceback.
"""

from __future__ import annotations

import json
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

import click

from printkit.cli.options import CONTENT_OPTION
from printkit.content.packs import default_content_dir
from printkit.errors import PrintkitError, UsageError

if TYPE_CHECKING:  # the simulator loads only when the command runs: other commands start faster
    from printkit.simulate.report import Report
    from printkit.simulate.runner import Plan

EXIT_INTERRUPTED = 130  # the shell's code for a run stopped by Ctrl-C
DEFAULT_OUT = Path("output") / "balance"
MAX_GAMES = 1_000_000  # a run past this says nothing more and takes hours


@click.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--players", type=int, default=None, help="Default: the most the game takes.")
@click.option("--seed", type=int, default=1, show_default=True, help="Fixes every result.")
@click.option(
    "--baseline",
    metavar="PATH|GIT-REV",
    default=None,
    help="Compare with other content: a content folder or a git revision.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=DEFAULT_OUT,
    show_default=True,
    help="Folder for the JSON, PDF and PNG report.",
)
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Default: every core.")
@click.option(
    "--replay", type=int, default=None, metavar="SEED", help="Tell one game round by round."
)
@click.option(
    "--sweep",
    "sweeps",
    multiple=True,
    metavar="PATH=A..B[:STEP]",
    help="Try a content value over a range (repeat for a second value); same seeds each.",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="ADDRESS",
    help="Play on a Dask cluster (tcp://host:8786); needs printkit[cluster].",
)
@click.option("--quiet", is_flag=True, help="No progress bar, even on a terminal.")
@CONTENT_OPTION
@click.pass_context
def simulate(
    ctx: click.Context,
    game: str,
    games: int,
    players: int | None,
    seed: int,
    baseline: str | None,
    as_json: bool,
    out: Path,
    workers: int | None,
    replay: int | None,
    sweeps: tuple[str, ...],
    scheduler: str | None,
    quiet: bool,
    content: Path | None,
) -> None:
    """Play GAME many times with bots and report on its balance.

    Win rates by seat and by strategy and the final score come with every
    game; each game adds the sections it names, worded its own way (how its
    rounds went, what decided them). Every figure comes with a 95% interval;
    --baseline shows each one before and after a content change with a
    significance mark. A seed fixes every result, whatever the number of
    workers; --replay SEED tells one game round by round.
    """
    from printkit.content.packs import engine_of
    from printkit.simulate.baseline import baseline_source
    from printkit.simulate.replay import replay as replay_game
    from printkit.simulate.runner import Plan, Source, default_workers, worker_count

    try:
        content = content or default_content_dir()
        folder, players = _resolve(game, content, players)
        rules = engine_of(folder)
        if replay is not None:
            click.echo("\n".join(replay_game(rules, folder, players, replay)))
            return
        if games > MAX_GAMES:
            click.echo(f"note: --games capped at {MAX_GAMES:,} per run", err=True)
            games = MAX_GAMES
        local = worker_count(workers, games)  # capped by the cores and the spans to play
        workers = (workers or default_workers()) if scheduler else local  # a cluster: its own
        if sweeps:
            if baseline:
                raise UsageError("--sweep and --baseline do not go together; choose one")
            _sweep(
                game,
                folder,
                sweeps,
                (players, games, seed, workers, rules, scheduler),
                as_json,
                out,
                quiet,
            )
            return
        current = Source(folder, str(folder))
        with baseline_source(baseline, game, content) if baseline else nullcontext() as base:
            if base:  # invalid baseline content is an error here, before any worker starts
                _checked_baseline(game, base.folder, players)
            sources = (current, base) if base else (current,)
            plan = Plan(game, sources, players, games, seed, workers, rules, scheduler or "")
            reports, seconds = _run(plan, quiet)
        _show(reports, as_json, out, seconds, plan.workers)
    except PrintkitError as exc:
        click.echo(f"error: {exc.format_message()}", err=True)
        ctx.exit(exc.exit_code)
    if reports[0].interrupted:
        ctx.exit(EXIT_INTERRUPTED)


def _sweep(game: str, folder: Path, specs, settings, as_json: bool, out: Path, quiet: bool) -> None:
    """Play every variant of the swept values on the same seeds and report them side by side."""
    from printkit.check.checker import PackCache
    from printkit.simulate.runner import Plan, Source
    from printkit.simulate.sweep import parse_axis, variant_folders

    players, games, seed, workers, rules, scheduler = settings
    axes = tuple(parse_axis(spec) for spec in specs)
    with variant_folders(folder, axes) as variants:
        for variant in variants:
            try:
                PackCache(variant.folder.parent).load(variant.folder)
            except PrintkitError as exc:
                raise UsageError(
                    f"the variant {variant.label} is not valid content:\n{exc.format_message()}"
                ) from None
        sources = tuple(Source(v.folder, v.label) for v in variants)
        plan = Plan(game, sources, players, games, seed, workers, rules, scheduler or "")
        reports, seconds = _run(plan, quiet)
    labels = [", ".join(str(value) for _, value in v.settings) for v in variants]
    _show_sweep(axes, labels, reports, as_json, out, seconds, workers)


def _show_sweep(axes, labels, reports, as_json: bool, out: Path, seconds: float, workers: int):
    from printkit.simulate.plots import write_png
    from printkit.simulate.sweep_plot import write_sweep_pdf
    from printkit.simulate.sweep_report import format_sweep, sweep_json

    data = sweep_json(axes, labels, reports)
    click.echo(
        json.dumps(data, indent=2) if as_json else "\n".join(format_sweep(axes, labels, reports))
    )
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"{reports[0].game}-{reports[0].players}p-sweep"
    stem.with_suffix(".json").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    pdf = write_sweep_pdf(axes, reports, stem.with_suffix(".pdf"))
    png = write_png(pdf, stem.with_suffix(".png"))
    played = reports[0].games * len(reports)
    rate = played / seconds if seconds else 0.0
    click.echo(
        f"{played:,} games in {seconds:.1f} s ({rate:,.0f} games/s, {workers} workers); "
        f"wrote {stem.with_suffix('.json')}, {pdf}, {png}",
        err=True,
    )


def _resolve(game: str, content: Path, players: int | None) -> tuple[Path, int]:
    """The game's folder (its content validated) and a player count it takes."""
    from printkit.check.checker import PackCache
    from printkit.content.packs import engine_of
    from printkit.simulate.runner import simulator_for

    cache = PackCache(content)
    folder = cache.folder_of(game)
    _, pack = cache.load(folder)
    counts = simulator_for(engine_of(folder)).players(pack)
    players = max(counts) if players is None else players
    if players not in counts:
        raise UsageError(f"{game} takes {min(counts)}-{max(counts)} players, not {players}")
    return folder.resolve(), players


def _checked_baseline(game: str, folder: Path, players: int) -> None:
    """The baseline's content loads and takes the run's player count, or a clear error."""
    from printkit.check.checker import PackCache
    from printkit.content.packs import engine_of
    from printkit.simulate.runner import simulator_for

    _, pack = PackCache(folder.parent).load(folder)
    counts = simulator_for(engine_of(folder)).players(pack)
    if players not in counts:
        raise UsageError(
            f"the baseline {game} takes {min(counts)}-{max(counts)} players, not {players}"
        )


def _run(plan: Plan, quiet: bool = False) -> tuple[tuple[Report, ...], float]:
    """Play the plan, with a progress bar when a person watches stderr (not with --quiet)."""
    from printkit.simulate.runner import run

    play = None
    if plan.scheduler:
        from printkit.simulate.cluster import play_on_cluster as play
    start = time.perf_counter()
    if sys.stderr.isatty() and not quiet:
        with click.progressbar(length=plan.games, label="playing", file=sys.stderr) as bar:
            reports = run(plan, bar.update, play)
    else:
        reports = run(plan, play=play)
    return reports, time.perf_counter() - start


def _show(reports: tuple[Report, ...], as_json: bool, out: Path, seconds: float, workers: int):
    from printkit.simulate.outputs import report_data, write_outputs  # plots load reportlab
    from printkit.simulate.report import format_comparison, format_table

    after, before = reports[0], (reports[1] if len(reports) > 1 else None)
    if as_json:
        click.echo(json.dumps(report_data(after, before), indent=2))
    else:
        lines = format_comparison(before, after) if before else format_table(after)
        click.echo("\n".join(lines))
    written = write_outputs(after, out, before)
    played = after.games * len(reports)
    rate = played / seconds if seconds else 0.0
    click.echo(
        f"{played:,} games in {seconds:.1f} s ({rate:,.0f} games/s, {workers} workers); "
        f"wrote {', '.join(str(p) for p in written)}",
        err=True,
    )
    if after.interrupted:
        click.echo(f"interrupted: the report covers {after.games:,} finished games", err=True)
