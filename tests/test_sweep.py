"""Balance sweeps: a content value tried over a range, each variant on the same seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from printkit.cli import cli
from printkit.errors import UsageError
from printkit.simulate.sweep import Axis, parse_axis, set_value, variant_folders, variants_of
from tests.conftest import STALL


@pytest.mark.parametrize(
    ("spec", "path", "values"),
    [
        ("items[ice].price_bulk=2..6", "items[ice].price_bulk", (2, 3, 4, 5, 6)),
        ("items[ice].price_bulk=2..6:2", "items[ice].price_bulk", (2, 4, 6)),
        ("game.starting_money=10,20,35", "game.starting_money", (10, 20, 35)),
        ("x=0.5..1.5:0.5", "x", (0.5, 1.0, 1.5)),
        (" x = -2..0 ", "x", (-2, -1, 0)),
    ],
)
def test_a_sweep_spec_reads_as_its_values(spec, path, values):
    assert parse_axis(spec) == Axis(path, values)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("items[ice].price_bulk", "is not PATH=A..B"),
        ("x=6..2", "runs upwards"),
        ("x=1..3:0", "runs upwards"),
        ("x=1..a", "not a range"),
        ("x=1,1", "names a value twice"),
        ("x=0..100000", "at most"),
    ],
)
def test_a_bad_sweep_spec_says_what_is_wrong(spec, words):
    with pytest.raises(UsageError, match=words):
        parse_axis(spec)


def test_two_axes_make_every_combination_first_axis_slowest():
    combos = variants_of((Axis("a", (1, 2)), Axis("b", (5, 6, 7))))
    assert [tuple(v for _, v in c) for c in combos] == [
        (1, 5), (1, 6), (1, 7), (2, 5), (2, 6), (2, 7)
    ]  # fmt: skip


def _ice(folder: Path) -> dict:
    items = yaml.safe_load((folder / "items.yaml").read_text(encoding="utf-8"))["items"]
    return next(i for i in items if i["id"] == "ice")


def test_a_value_is_set_in_the_copy_and_nowhere_else(content_copy):
    folder = content_copy / "lemonade-stall"
    before = _ice(folder)
    set_value(folder, "items[ice].price_bulk", before["price_bulk"] + 3)
    after = _ice(folder)
    assert after == before | {"price_bulk": before["price_bulk"] + 3}


def test_a_provisional_value_keeps_its_reason(content_copy):
    folder = content_copy / "lemonade-stall"
    set_value(folder, "events[holiday-crowds].effect.limit_bonus", 9)
    events = yaml.safe_load((folder / "events.yaml").read_text(encoding="utf-8"))["events"]
    crowds = next(e for e in events if e["id"] == "holiday-crowds")
    assert crowds["effect"]["limit_bonus"] == 9
    assert "provisional" in crowds


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("items[icee].price_bulk", "did you mean 'ice'"),
        ("items[ice].price_bulkk", "did you mean 'price_bulk'"),
        ("itemz[ice].price_bulk", "did you mean 'items'"),
        ("items[ice].name", "not a number"),
        ("nofile.yaml:items[ice].price_bulk", "no file nofile.yaml"),
    ],
)
def test_a_path_that_leads_nowhere_is_named(content_copy, path, words):
    with pytest.raises(UsageError, match=words):
        set_value(content_copy / "lemonade-stall", path, 1)


def test_variant_folders_leave_the_pack_alone_and_vanish(content_copy):
    folder = content_copy / "lemonade-stall"
    original = (folder / "items.yaml").read_bytes()
    with variant_folders(folder, (Axis("items[ice].price_bulk", (2, 9)),)) as variants:
        assert [_ice(v.folder)["price_bulk"] for v in variants] == [2, 9]
        made = [v.folder for v in variants]
    assert (folder / "items.yaml").read_bytes() == original
    assert not any(f.exists() for f in made)


def _simulate(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["simulate", "lemonade-stall", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.slow
def test_a_variant_at_todays_value_plays_exactly_the_plain_run(tmp_path):
    current = _ice(STALL)["price_bulk"]
    common = ("--games", "24", "--seed", "7", "--workers", "1", "--out", str(tmp_path))
    plain = _simulate(*common)
    swept = _simulate(*common, "--sweep", f"items[ice].price_bulk={current},{current + 4}")
    same, other = (v["report"] for v in swept["variants"])
    assert same["sections"] == plain["sections"]
    assert other["sections"] != plain["sections"]  # dearer ice changes how the bots fare
    assert (tmp_path / "lemonade-stall-4p-sweep.pdf").is_file()
    assert (tmp_path / "lemonade-stall-4p-sweep.png").is_file()


def test_a_sweep_into_invalid_content_names_the_variant(tmp_path):
    result = CliRunner().invoke(
        cli,
        ["simulate", "lemonade-stall", "--games", "4", "--out", str(tmp_path)]
        + ["--sweep", "items[ice].price_bulk=-5,5"],
    )
    assert result.exit_code == 2
    assert "items[ice].price_bulk=-5" in result.output


@pytest.mark.slow
def test_a_sweep_on_a_local_dask_cluster_matches_the_local_run(tmp_path):
    distributed = pytest.importorskip("distributed")
    args = ("--games", "24", "--seed", "3", "--sweep", "items[ice].price_bulk=4..6:2")
    local = _simulate(*args, "--workers", "1", "--out", str(tmp_path / "local"))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        remote = _simulate(
            *args, "--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "remote")
        )
    assert remote["metrics"] == local["metrics"]
    assert [v["report"]["sections"] for v in remote["variants"]] == [
        v["report"]["sections"] for v in local["variants"]
    ]
