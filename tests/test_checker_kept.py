"""Kept checking work (issue 15): an example's reading and the engine's answer are kept by
what they read, so a card title edit re-runs nothing, yet every edit that matters does."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from printkit.check.checker import PackCache, check_paths
from printkit.content.packs import game_folders
from tests.conftest import STALL, edit

EXAMPLE = "price-8-cloudy"  # an $8 stand on a cloudy day (cap 7) sells nothing


@pytest.fixture
def stall(tmp_path: Path) -> Path:
    """A private copy of Lemonade Stall, checked once so every kept entry is warm."""
    folder = tmp_path / "content" / "lemonade-stall"
    shutil.copytree(STALL, folder)
    assert all(r.passed for r in check_paths([folder], PackCache(folder.parent)))
    return folder


def outcome(folder: Path) -> dict[str, bool]:
    """Each example's verdict, from a new cache of packs (as a new `printkit check` run)."""
    return {r.example: r.passed for r in check_paths([folder], PackCache(folder.parent))}


def test_a_title_edit_leaves_every_example_passing(stall):
    edit(stall / "events.yaml", "title: Strange Weather", "title: Odd Weather")
    assert all(outcome(stall).values())


def test_a_rule_value_the_example_reads_is_read_again(stall):
    """With a cloudy cap of 8 the $8 stand may sell: the kept 'sells nothing' is stale."""
    edit(stall / "weather.yaml", "price_cap: 7", "price_cap: 8")
    assert outcome(stall)[EXAMPLE] is False


def test_an_edited_example_is_read_again(stall):
    """The second stand sells 3 cups at $5: $15, never $16."""
    edit(stall / "examples" / f"{EXAMPLE}.yaml", "income: [0, 15]", "income: [0, 16]")
    assert outcome(stall)[EXAMPLE] is False
    edit(stall / "examples" / f"{EXAMPLE}.yaml", "income: [0, 16]", "income: [0, 15]")
    assert outcome(stall)[EXAMPLE] is True


def test_a_given_edited_is_run_again(stall):
    """At $7 the first stand is at the cap, not above it: it sells at least the cloudy
    day's guaranteed cup, each at $7."""
    path = stall / "examples" / f"{EXAMPLE}.yaml"
    edit(path, "ice: 5}, price: 8}", "ice: 5}, price: 7}")
    [result] = check_paths([path], PackCache(stall.parent))
    sold = result.actual["sold"][0]
    assert sold >= 1 and result.actual["income"][0] == 7 * sold


def test_damaged_kept_entries_are_misses(stall, private_cache, monkeypatch):
    """Every kept example, answer and pack torn in half: the verdicts are as before."""
    from printkit.check import checker

    before = outcome(stall)
    monkeypatch.setattr(checker, "_KEPT", {})  # as a new process: only the disk remembers
    torn = 0
    for kind in ("examples", "example-runs", "packs"):
        for entry in (Path(private_cache) / "printkit" / kind).iterdir():
            entry.write_bytes(entry.read_bytes()[: entry.stat().st_size // 2])
            torn += 1
    assert torn and outcome(stall) == before


def test_every_bundled_pack_reads_back_as_loaded(tmp_path):
    """A pack served from the disk cache is the pack a fresh load gives."""
    from printkit.check.checker import loaded_pack
    from printkit.content.packs import engine_of
    from printkit.registry import plugin_for
    from tests.conftest import CONTENT

    for folder in game_folders(CONTENT):
        plugin = plugin_for(engine_of(folder))
        first, second = loaded_pack(plugin, folder.resolve()), plugin.load(folder.resolve())
        assert repr(first) == repr(second)


def _worked(folder: Path, monkeypatch) -> tuple[dict, list[str]]:
    """The rulebook's worked examples of the pack as it is, and which were worked out
    (shown by the game's view function, not served kept)."""
    from printkit.games.lemonade_stall import rulebook
    from printkit.rulebook.examples import worked_examples

    made: list[str] = []
    real = rulebook.example_view  # what the game's view function starts from

    def counting(plugin, pack, example):
        made.append(example.name)
        return real(plugin, pack, example)

    monkeypatch.setattr(rulebook, "example_view", counting)
    _, pack = PackCache(folder.parent).load(folder)
    return worked_examples(pack, rulebook._example_view), made


def test_the_rulebook_shows_kept_examples_until_a_value_they_read_changes(stall, monkeypatch):
    """A card title edit shows every example as kept; a colour's name, which the seats of
    the day and game examples are called by, shows those again (and only those), as a
    fresh build shows them."""
    from printkit.build import diskcache

    _worked(stall, monkeypatch)
    edit(stall / "events.yaml", "title: Strange Weather", "title: Odd Weather")
    _, made = _worked(stall, monkeypatch)
    assert made == []
    edit(stall / "game.yaml", "name: Yellow,", "name: Saffron,")
    shown, made = _worked(stall, monkeypatch)
    seated = {name for name, view in shown.items() if "Saffron" in repr(view)}
    assert seated and set(made) == seated and len(made) < len(shown)
    with diskcache.fresh():
        fresh, made = _worked(stall, monkeypatch)
    assert fresh == shown and len(made) == len(shown)


def _failing(folder: Path) -> list[str]:
    """The gate's answer for the pack as it is (a new cache of packs, as a new round)."""
    from printkit.build.gate import failing_examples

    plugin, pack = PackCache(folder.parent).load(folder)
    return [r.example for r in failing_examples(plugin, pack)]


def test_the_gate_kept_for_all_examples_answers_for_the_pack_as_it_is(stall):
    """The verdict on every example is kept at once with what their runs read: a title edit
    still passes, a cap the $8 stand's example reads fails it, an edited example too."""
    assert _failing(stall) == []
    edit(stall / "events.yaml", "title: Strange Weather", "title: Odd Weather")
    assert _failing(stall) == []
    edit(stall / "weather.yaml", "price_cap: 7", "price_cap: 8")
    assert EXAMPLE in _failing(stall)
    edit(stall / "weather.yaml", "price_cap: 8", "price_cap: 7")
    assert _failing(stall) == []
    edit(stall / "examples" / f"{EXAMPLE}.yaml", "income: [0, 15]", "income: [0, 16]")
    assert _failing(stall) == [EXAMPLE]


def test_damaged_whole_pack_entries_are_misses(stall, private_cache, monkeypatch):
    """The gate's and the rulebook's entries for all examples torn in half: the same
    verdict and the same worked examples, worked out again."""
    from printkit.check import checker

    before, (shown, _) = _failing(stall), _worked(stall, monkeypatch)
    monkeypatch.setattr(checker, "_KEPT", {})
    torn = 0
    for kind in ("example-gates", "example-books"):
        for entry in (Path(private_cache) / "printkit" / kind).iterdir():
            entry.write_bytes(entry.read_bytes()[: entry.stat().st_size // 2])
            torn += 1
    assert torn
    assert _failing(stall) == before
    assert _worked(stall, monkeypatch)[0] == shown
