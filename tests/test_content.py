from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest
import yaml

from printkit.errors import ContentError
from printkit.games.lemonade_stall.content import load
from tests.conftest import STALL, edit


def test_pack_holds_the_source_numbers(pack):
    assert (pack.min_players, pack.max_players) == (2, 4)
    assert pack.starting_money == 20
    assert len(pack.days) == 7
    assert pack.opening_weather == ("cloudy", 25)
    assert [c.price_cap for c in pack.conditions] == [6, 7, None]
    assert [c.guarantee for c in pack.conditions] == [0, 1, 2]
    assert [t.spoils_on for t in pack.temperatures] == [None, 6, 5, 4, 3]
    assert pack.limit(4, "sunny", 25) == 15
    assert pack.limit(2, "rain", 15) == 1
    assert [(i.price_one, i.price_bulk) for i in pack.items] == [(1, 8), (1, 8), (1, 7), (1, 5)]
    assert len(pack.benefits) == 7
    assert sum(e.copies for e in pack.events) == 18
    assert pack.benefit("petty-theft").min_players == 3
    assert len(pack.benefits_for(2)) == 6


def test_card_text_numbers_come_from_the_effect(pack):
    bonus = pack.benefit("sales-bonus")
    assert f"${bonus.effect.sales_bonus_per_cup}" in bonus.text
    assert "$1 less" in pack.event("theft").text


def test_weather_change_codes_parse(pack):
    change = pack.event("supply-shortage").change
    assert [g.kind for g in change.groups] == ["condition", "temperature"]
    assert [(o.step, o.threshold) for o in change.groups[1].options] == [(-5, 3), (-10, 5)]
    assert pack.event("all-calm").change.groups == ()


def test_gaps_name_file_field_and_reason(pack):
    fields = {(Path(g.file).name, g.field) for g in pack.gaps}
    assert ("items.yaml", "partial_bulk") in fields
    assert ("events.yaml", "events[holiday-crowds]") in fields
    assert ("events.yaml", "events[cold-snap].codes") in fields
    assert ("game.yaml", "rules_of_play.missed_purchase") in fields
    assert all(g.reason for g in pack.gaps)


def test_rulings_name_only_tracks_the_board_draws(pack):
    """A ruling speaks of the kit a player holds: every "<name> track" it mentions is one
    the board labels (no stock track: goods sit on open mat spaces)."""
    board = " ".join(pack.words.each("board").values())
    mentioned = {m.lower() for g in pack.gaps for m in re.findall(r"\w+ track", g.reason)}
    assert mentioned, "the score track's ruling should be among them"
    assert all(name in board.lower() for name in mentioned), mentioned


def _mutate(copy: Path, file: str, old: str, new: str) -> ContentError:
    edit(copy / "lemonade-stall" / file, old, new)
    with pytest.raises(ContentError) as info:
        load(copy / "lemonade-stall")
    return info.value


@pytest.mark.parametrize(
    ("file", "old", "new", "says", "pinpoint"),
    [
        ("sales.yaml", "sunny: [10, 13, 15", "sunny: [10, 13, fifteen", "whole number", True),
        (
            "sales.yaml",
            "cloudy: [3, 4, 5, 5, 6]",
            "cloudy: [1, 4, 5, 5, 6]",
            "above this limit",
            True,
        ),
        ("sales.yaml", "rain: [1, 2, 2, 3, 5]", "rain: [1, 2, 2, 3]", "at least 5", True),
        (
            "weather.yaml",
            "{rolls: 10-12, result: same}",
            "{rolls: 10-11, result: same}",
            "[12]",
            False,
        ),
        (
            "weather.yaml",
            "{rolls: 4-6, result: cloudy}",
            "{rolls: 4-6, result: cloudly}",
            "'cloudy'",
            True,
        ),
        (
            "weather.yaml",
            "{rolls: 7-9, result: sunny}",
            "{rolls: 6-9, result: sunny}",
            "already covered",
            True,
        ),
        (
            "events.yaml",
            "effect: {price_bonus: 1}",
            "effect: {price_bonuss: 1}",
            "'price_bonus'",
            True,
        ),
        ("events.yaml", '"C+ (5+) / +5 (5+)"', '"C+ (5+) / +7 (5+)"', "multiple of 5", True),
        ("events.yaml", '"C- (5+) / -5 (5+)"', '"C- (5) / -5 (5+)"', "cannot read", True),
        ("game.yaml", "event_deck_size: 18", "event_deck_size: 19", "add up to 18", False),
        ("game.yaml", "starting_money: 20", "starting_money: [20", "malformed YAML", False),
        ("benefits.yaml", "Earn ${per_cup} more", "Earn ${per_cupp} more", "'per_cup'", True),
        ("items.yaml", "id: ice, name: Ice", "id: Ice, name: Ice", "kebab-case", True),
        (
            "game.yaml",
            "opening_weather: {condition: cloudy, temperature: 25}",
            "opening_weather: {condition: cloudy, temperature: 26}",
            "no temperature 26",
            False,
        ),
    ],
)
def test_broken_content_names_file_line_and_field(content_copy, file, old, new, says, pinpoint):
    error = _mutate(content_copy, file, old, new)
    message = error.format_message()
    assert file in message
    assert says in message
    assert error.location.line is not None
    if pinpoint:  # the error points at the very line that was edited
        lines = (content_copy / "lemonade-stall" / file).read_text().splitlines()
        assert new.splitlines()[0] in lines[error.location.line - 1]


def test_unknown_field_suggests_the_right_one(content_copy):
    error = _mutate(content_copy, "items.yaml", "bulk_size: 10", "bulk_sise: 10")
    assert error.location.line is not None
    message = error.format_message()
    assert "bulk_size" in message  # either unknown-field hint or the missing field


def test_provisional_needs_a_reason(content_copy):
    error = _mutate(content_copy, "items.yaml", "provisional: >-", "provisional: ''\n  ignored: >-")
    assert "why" in error.format_message() or "unknown field" in error.format_message()


def test_card_lists_load_from_csv_the_same_way(content_copy, pack):
    folder = content_copy / "lemonade-stall"
    data = yaml.safe_load((folder / "benefits.yaml").read_text())
    with (folder / "benefits.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, ["id", "title", "text", "effect", "min_players"])
        writer.writeheader()
        for card in data["benefits"]:
            effect = {k: v for k, v in card["effect"].items() if k != "provisional"}
            writer.writerow(
                {**card, "effect": yaml.safe_dump(effect, default_flow_style=True).strip()}
            )
    (folder / "benefits.yaml").unlink()
    from_csv = load(folder)
    assert from_csv.benefits == pack.benefits


def test_csv_errors_name_the_row(content_copy):
    folder = content_copy / "lemonade-stall"
    (folder / "benefits.yaml").unlink()
    (folder / "benefits.csv").write_text(
        "id,title,text,effect\nearly-bird,Early Bird,Go first.,{takes_first_player: true}\n"
        "bartering,Bartering,Swap.,{bartr: true}\n",
        encoding="utf-8",
    )
    with pytest.raises(ContentError) as info:
        load(folder)
    assert info.value.location.line == 3
    assert "benefits.csv" in info.value.format_message()
    assert "'barter'" in info.value.format_message()


def test_yaml_kept_by_its_text_reads_as_parsed_and_an_edit_is_read_again(tmp_path):
    """A file's values are kept in memory by its text: the same values, lines included,
    each call a copy of its own; an edited file is parsed again."""
    from printkit.content import yamlio

    path = tmp_path / "events.yaml"
    shutil.copy(STALL / "events.yaml", path)
    first, again = yamlio.load_yaml(path), yamlio.load_yaml(path)
    assert first == again and first is not again
    assert again.key_lines == first.key_lines and again["events"].item_lines
    again["events"].clear()  # a caller's edit stays its own
    assert yamlio.load_yaml(path) == first
    edit(path, "title: Strange Weather", "title: Odd Weather")
    assert "Odd Weather" in repr(yamlio.load_yaml(path))
