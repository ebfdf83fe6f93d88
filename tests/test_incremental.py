"""Regenerating after a balance change: incremental builds, reprints, diff, watch, safety."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from printkit.build.builder import MANIFEST, REPRINT_FILE, build_game
from printkit.build.lock import build_lock
from printkit.build.watch import watch
from printkit.check.checker import PackCache
from printkit.cli import cli
from printkit.errors import BuildLockedError
from printkit.kit import KitOptions
from printkit.render.units import PAPERS
from tests.conftest import edit

STALL = "lemonade-stall"
EVENT_TEXT = (
    "text: Nothing out of the ordinary happens today.",
    "text: A quiet day on the street.",
)
CHANGES = {
    "event text": ("events.yaml", *EVENT_TEXT),
    "chart cell": ("sales.yaml", "rain: [3, 4, 5, 7, 11]", "rain: [3, 4, 6, 7, 11]"),
    "item price": ("items.yaml", "price_bulk: 7", "price_bulk: 6"),
    "player colour": ("game.yaml", '"#3A78C2"', '"#2255AA"'),
    "benefit text": ("benefits.yaml", "swap any of your goods", "trade any of your goods"),
}


def build_a4(content: Path, out: Path, force: bool = False):
    cache = PackCache(content)
    plugin, pack = cache.load(content / STALL)
    return build_game(plugin, pack, out, KitOptions(PAPERS["a4"]), force=force)


def printed(folder: Path) -> dict[str, bytes]:
    skip = {MANIFEST, REPRINT_FILE, "00-printing-guide.pdf"}
    return {
        p.name: p.read_bytes()
        for p in folder.iterdir()
        if p.is_file() and p.name not in skip and not p.name.startswith(".")
    }


@pytest.fixture
def built(content_copy: Path, tmp_path: Path) -> tuple[Path, Path]:
    out = tmp_path / "out"
    build_a4(content_copy, out)
    return content_copy, out


@pytest.mark.slow
@pytest.mark.parametrize("change", sorted(CHANGES))
def test_incremental_equals_a_full_build(built, tmp_path, change):
    content, out = built
    file, old, new = CHANGES[change]
    edit(content / STALL / file, old, new)
    report = build_a4(content, out)
    assert report.rebuilt and report.reused
    fresh = tmp_path / "fresh"
    build_a4(content, fresh, force=True)
    assert printed(out / STALL / "a4") == printed(fresh / STALL / "a4")


@pytest.mark.slow
def test_one_event_text_rebuilds_only_the_event_cards(built):
    content, out = built
    edit(content / STALL / "events.yaml", *EVENT_TEXT)
    report = build_a4(content, out)
    rebuilt = set(report.rebuilt) - {"rulebook.pdf", "rulebook.html"}
    assert rebuilt == {"04-event-cards.pdf", "fold-event-cards.pdf"}
    assert {"01-board.pdf", "00-printing-guide.pdf"} <= set(report.reused)


@pytest.mark.slow
def test_a_noop_build_reuses_everything(built):
    content, out = built
    report = build_a4(content, out)
    assert report.rebuilt == []
    assert not (out / STALL / "a4" / REPRINT_FILE).exists()


@pytest.mark.slow
def test_force_rebuilds_everything(built):
    content, out = built
    report = build_a4(content, out, force=True)
    assert report.reused == []


@pytest.mark.slow
def test_reprint_holds_just_the_changed_sheet(built):
    content, out = built
    edit(content / STALL / "events.yaml", *EVENT_TEXT)
    report = build_a4(content, out)
    assert [s.caption for s in report.reprinted] == ["Event cards, sheet 1"]
    reprint = PdfReader(out / STALL / "a4" / REPRINT_FILE)
    assert len(reprint.pages) == 3  # what it replaces, then the sheet's front and its back
    text = " ".join(p.extract_text() for p in reprint.pages)
    assert "A quiet day on the street." in text
    note = reprint.pages[0].extract_text()
    assert "Event cards, sheet 1" in note and "all-calm" in note
    guide = PdfReader(out / STALL / "a4" / "00-printing-guide.pdf").pages[0].extract_text()
    assert "reprint.pdf" not in guide  # the guide is the same however the kit got here


@pytest.mark.slow
def test_diff_names_the_card_and_field(built):
    content, out = built
    edit(content / STALL / "events.yaml", *EVENT_TEXT)
    result = CliRunner().invoke(cli, ["diff", "--content", str(content), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Event cards" in result.output
    assert "Game board" not in result.output
    assert "events[all-calm].text: " in result.output
    assert (
        "all-calm#1: text: 'Nothing out of the ordinary happens today.' -> 'A quiet day"
        in result.output
    )


@pytest.mark.slow
def test_an_error_mid_build_leaves_the_previous_kit_whole(built, monkeypatch):
    content, out = built
    before = printed(out / STALL / "a4")
    edit(content / STALL / "events.yaml", *EVENT_TEXT)
    edit(content / STALL / "sales.yaml", "rain: [3, 4, 5, 7, 11]", "rain: [3, 4, 6, 7, 11]")
    from printkit.build import parts as render_parts

    calls = {"n": 0}
    real = render_parts.render_part

    def flaky(part, kit, options):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt  # Ctrl-C halfway through rendering
        return real(part, kit, options)

    monkeypatch.setattr(render_parts, "render_part", flaky)
    with pytest.raises(KeyboardInterrupt):
        build_a4(content, out)
    assert printed(out / STALL / "a4") == before


@pytest.mark.slow
def test_a_second_build_is_refused_while_one_runs(built):
    _, out = built
    with build_lock(out / STALL):
        done = {}

        def second():
            try:
                with build_lock(out / STALL):
                    done["ok"] = True
            except BuildLockedError as exc:
                done["error"] = str(exc)

        thread = threading.Thread(target=second)
        thread.start()
        thread.join()
    assert "is being built by pid" in done["error"]


@pytest.mark.slow
def test_watch_reports_a_bad_edit_and_recovers(built):
    content, out = built
    lines: list[str] = []
    sales = content / STALL / "sales.yaml"
    good = sales.read_text()

    def saves():
        sales.write_text(good.replace("rain: [3, 4, 5, 7, 11]", "rain: [3, 4, five, 7, 11]"))
        yield {(None, str(sales))}
        sales.write_text(good.replace("sunny: [10, 13, 15,", "sunny: [10, 13, 16,"))
        yield {(None, str(sales))}
        sales.write_text(good.replace("rain: [3, 4, 5, 7, 11]", "rain: [3, 4, 6, 7, 11]"))
        yield {(None, str(sales))}

    watch(content, (STALL,), out, ("a4",), lines.append, saves())
    text = "\n".join(lines)
    assert "sales.yaml:19" in text and "expected a whole number" in text
    assert "FAIL four-player-sales" in text
    last = text.split("changed: sales.yaml")[-1]
    assert "rebuilt" in last and "02-sales-charts.pdf" in last
    assert re.search(r"ready in \d+\.\d\d s; waiting for the next save \.\.\.$", last)
    assert text.count("ready in") == 2  # the first build and the good edit; never a bad one
    assert text.count("waiting for the next save") == 4  # after every round, good or bad


def test_build_refuses_when_an_example_fails(content_copy, tmp_path):
    edit(content_copy / STALL / "sales.yaml", "sunny: [10, 13, 15,", "sunny: [10, 13, 16,")
    result = CliRunner().invoke(
        cli, ["build", "lemonade-stall", "--content", str(content_copy), "--out", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert "four-player-sales" in result.output
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.slow
def test_cli_build_says_what_it_reused(content_copy, tmp_path):
    args = [
        "build",
        "lemonade-stall",
        "--content",
        str(content_copy),
        "--out",
        str(tmp_path),
        "--paper",
        "a4",
    ]
    CliRunner().invoke(cli, args)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0
    assert "rebuilt 0, reused" in result.output


def test_the_watcher_is_live_before_the_first_build(tmp_path):
    """A save made while the first build runs is seen: it starts the next build."""
    from printkit.build.watch import live_changes

    content = tmp_path / "content"
    content.mkdir()
    changes = live_changes(content)  # returns once watching
    (content / "sales.yaml").write_text("saved during the first build\n")
    seen: list[set] = []
    reader = threading.Thread(target=lambda: seen.append(next(changes)), daemon=True)
    reader.start()
    reader.join(timeout=20)
    assert seen, "the save was missed"
    assert {Path(path).name for _, path in seen[0]} == {"sales.yaml"}


def _images(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.suffix in (".png", ".json") and p.parts[len(folder.parts)] in ("png", "tts")
    }


@pytest.mark.slow
def test_exports_render_again_only_the_faces_that_changed(content_copy, tmp_path):
    args = ["build", STALL, "--content", str(content_copy), "--out", str(tmp_path)]
    args += ["--paper", "a4", "--png", "--tts"]
    first = CliRunner().invoke(cli, args)
    assert first.exit_code == 0, first.output
    game = tmp_path / STALL
    before = _images(game)
    edit(content_copy / STALL / "events.yaml", "happens today.", "happens today, again.")
    second = CliRunner().invoke(cli, args)
    assert second.exit_code == 0, second.output
    after = _images(game)
    changed = sorted(name for name in after if after[name] != before[name])
    calm = sorted(name for name in after if "/all-calm-" in name)  # the card with that text
    assert changed == calm + ["tts/event-cards-faces-1.png"]
    assert f"images rebuilt {len(changed)}, reused {len(after) - len(changed)}" in second.output
    forced = CliRunner().invoke(cli, [*args, "--force"])
    assert forced.exit_code == 0, forced.output
    assert _images(game) == after  # incremental images are the images a full export makes


@pytest.mark.slow
def test_an_export_without_its_card_is_removed_and_other_kinds_are_kept(content_copy, tmp_path):
    base = ["build", STALL, "--content", str(content_copy), "--out", str(tmp_path), "--paper", "a4"]
    assert CliRunner().invoke(cli, [*base, "--png", "--tts"]).exit_code == 0
    game = tmp_path / STALL
    assert (game / "png" / "event-cards" / "all-calm-x3.png").exists()
    edit(content_copy / STALL / "events.yaml", "copies: {value: 3,", "copies: {value: 2,")
    edit(content_copy / STALL / "game.yaml", "event_deck_size: 18", "event_deck_size: 17")
    result = CliRunner().invoke(cli, [*base, "--png"])
    assert result.exit_code == 0, result.output
    assert not (game / "png" / "event-cards" / "all-calm-x3.png").exists()
    assert (game / "png" / "event-cards" / "all-calm-x2.png").exists()
    assert "removed 2" in result.output  # all-calm-x3.png, and the back's count 18 is now 17
    assert (game / "png" / "event-cards" / "back-1-x17.png").exists()
    assert (game / "tts" / "event-cards-faces-1.png").exists()  # --png leaves TTS alone


def test_watch_names_the_files_saved_not_vanished_temporaries(tmp_path):
    from printkit.build.watch import _changed_names

    kept = tmp_path / "sales.yaml"
    kept.write_text("x")
    batch = {
        (None, str(kept)),
        (None, str(tmp_path / "sedX1b2")),
        (None, str(tmp_path / "gone.csv")),
    }
    assert _changed_names(batch) == ["gone.csv", "sales.yaml"]


@pytest.mark.parametrize(
    "signal_name, raised", [("SIGINT", KeyboardInterrupt), ("SIGTERM", SystemExit)]
)
def test_a_signal_during_the_renames_waits_for_them(signal_name, raised, tmp_path):
    import signal

    from printkit.build.lock import interrupts_deferred

    written = []
    with pytest.raises(raised), interrupts_deferred():
        signal.raise_signal(getattr(signal, signal_name))  # to this thread, handled at once
        for n in range(3):  # the renames go on: the signal is held
            (tmp_path / f"f{n}").write_text("x")
            written.append(n)
    assert written == [0, 1, 2]
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # handlers restored


class _DropsCtrlC:
    """A finaliser that Ctrl-C lands in: Python reports the KeyboardInterrupt and drops it."""

    def __del__(self) -> None:
        import signal

        signal.raise_signal(signal.SIGINT)  # to this thread: the handler runs here, inside


@pytest.fixture
def ctrl_c_live():
    """Ctrl-C raises KeyboardInterrupt, as in a terminal, whoever started this process
    (a shell's background job or a test worker may have been started with it ignored)."""
    import signal

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the drop itself
def test_a_ctrl_c_dropped_by_a_finaliser_is_raised_when_the_workers_are_done(ctrl_c_live):
    from printkit.build.lock import interrupts_remembered

    after = []
    with pytest.raises(KeyboardInterrupt), interrupts_remembered():
        _DropsCtrlC()  # made and dropped at once
        after.append("went on")  # Python lost the interrupt: the work went on
    assert after == ["went on"]
    assert signal_handler_is_default()


def test_a_ctrl_c_raised_as_usual_is_raised_once(ctrl_c_live):
    import signal

    from printkit.build.lock import interrupts_remembered

    with pytest.raises(KeyboardInterrupt), interrupts_remembered():
        signal.raise_signal(signal.SIGINT)  # to this thread: handled before it returns
        pytest.fail("the Ctrl-C was not raised")
    assert signal_handler_is_default()


def test_a_process_started_with_ctrl_c_ignored_keeps_ignoring_it():
    import signal

    from printkit.build.lock import interrupts_remembered

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with interrupts_remembered():
            signal.raise_signal(signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def signal_handler_is_default() -> bool:
    import signal

    return signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.slow
@pytest.mark.skipif(
    "fork" not in __import__("multiprocessing").get_all_start_methods(), reason="needs fork"
)
def test_ctrl_c_in_a_parallel_build_lets_the_workers_finish(content_copy, tmp_path, monkeypatch):
    """The parent takes Ctrl-C; the workers ignore it and finish whole kits first.

    The A4 worker (forked: it inherits the patch below) sends the parent one
    Ctrl-C as it starts building, so the signal always lands while the workers
    are busy, however loaded the machine.
    """
    import os
    import signal

    from printkit.build import builder as build_module

    real = build_module.build_game

    def ctrl_c_then_build(plugin, pack, out, options, *args, **kwargs):
        if options.paper.id == "a4":  # in a worker: the parent is the command
            os.kill(os.getppid(), signal.SIGINT)
        return real(plugin, pack, out, options, *args, **kwargs)

    monkeypatch.setattr(build_module, "build_game", ctrl_c_then_build)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    plugin, pack = PackCache(content_copy).load(content_copy / STALL)
    targets = [("a4", False, (0.0, 0.0), ""), ("letter", False, (0.0, 0.0), "")]
    with pytest.raises(KeyboardInterrupt):
        build_module.build_targets(plugin, pack, tmp_path, targets, method="fork")
    # The A4 kit was being built when Ctrl-C came: it is finished whole. The Letter
    # job may not have reached a worker yet (then it is cancelled, never half-built).
    for paper in ("a4", "letter"):
        folder = tmp_path / STALL / paper
        if paper == "letter" and not (folder / MANIFEST).exists():
            assert not folder.exists() or not list(folder.glob("*.pdf"))
            continue
        manifest = json.loads((folder / MANIFEST).read_text())
        assert all((folder / name).is_file() for name in manifest["files"])
