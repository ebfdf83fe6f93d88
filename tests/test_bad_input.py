"""Bad input gets one clear message: file, location, exit code 2, no traceback, no kit."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit.cli import cli
from tests.conftest import CONTENT, edit

STALL = "lemonade-stall"
FILES = sorted(p.name for p in (CONTENT / STALL).glob("*.yaml"))


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def assert_clear_error(result, file: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert file in result.output
    assert result.output.count("error:") == 1


@pytest.mark.parametrize(
    ("file", "old", "new", "where"),
    [
        ("events.yaml", "  - id: theft\n", "  - id: theft\n   bad: [\n", "events.yaml:"),
        ("sales.yaml", "players: 3", "players: three", "sales.yaml:10"),
        ("events.yaml", "event: holiday", "event: holiday", "events.yaml"),
        ("game.yaml", "event_deck_size: 18", "event_deck_size: 1000000000", "game.yaml:"),
        ("events.yaml", "copies: {value: 3,", "copies: {value: 1000000000,", "events.yaml:"),
    ],
)
def test_each_bad_input_names_its_file(content_copy, tmp_path, file, old, new, where):
    path = content_copy / STALL / file
    if old in path.read_text():
        edit(path, old, new)
    else:
        edit(
            content_copy / STALL / "examples" / "holiday-crowds-limit.yaml",
            "event: holiday-crowds",
            "event: holiday-crowd",
        )
        file, where = "holiday-crowds-limit.yaml", "did you mean 'holiday-crowds'?"
    result = run("build", "lemonade-stall", "--content", str(content_copy), "--out", str(tmp_path))
    assert_clear_error(result, file)
    assert where in result.output
    assert not list(tmp_path.rglob("*.pdf"))


def test_a_symlink_out_of_the_content_folder_is_refused(content_copy, tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("benefits: []\n")
    target = content_copy / STALL / "benefits.yaml"
    target.unlink()
    target.symlink_to(secret)
    result = run("check", "--content", str(content_copy))
    assert_clear_error(result, "benefits.yaml")
    assert "escapes the content folder" in result.output


def test_a_missing_font_is_a_clear_error(content_copy, tmp_path, monkeypatch):
    from printkit.render import fonts

    monkeypatch.setitem(fonts.FONT_FILES, "PK-Missing", "NoSuchFont.ttf")
    fonts.register_fonts.cache_clear()
    try:
        result = run(
            "build", "lemonade-stall", "--content", str(content_copy), "--out", str(tmp_path)
        )
    finally:
        monkeypatch.undo()
        fonts.register_fonts.cache_clear()
    assert_clear_error(result, "NoSuchFont.ttf")
    assert not list(tmp_path.rglob("*.pdf"))


# -- mutation fuzzing ----------------------------------------------------------------
NOISE = st.sampled_from(
    [
        "",
        ":",
        "[",
        "{",
        "}",
        "- ",
        "'",
        '"',
        "\t",
        "  ",
        "null",
        "-1",
        "1e9",
        "999999999",
        "x",
        "{a: 1}",
        "[1, 2]",
        "true",
        "⚠",
        "#",
    ]
)


@st.composite
def mutations(draw):
    file = draw(st.sampled_from(FILES))
    lines = (CONTENT / STALL / file).read_text(encoding="utf-8").splitlines(keepends=True)
    index = draw(st.integers(0, len(lines) - 1))
    kind = draw(st.sampled_from(["delete", "duplicate", "number", "insert", "truncate", "replace"]))
    line = lines[index]
    if kind == "delete":
        lines[index] = ""
    elif kind == "duplicate":
        lines[index] = line + line
    elif kind == "number":
        value = draw(st.sampled_from(["-7", "0", "1000000000", "2.5", "abc", "null"]))
        lines[index] = re.sub(r"\d+", value, line, count=1)
    elif kind == "insert":
        at = draw(st.integers(0, len(line)))
        lines[index] = line[:at] + draw(NOISE) + line[at:]
    elif kind == "truncate":
        lines = lines[:index]
    else:
        words = re.findall(r"[a-z][a-z-]+", line)
        if words:
            lines[index] = line.replace(draw(st.sampled_from(words)), draw(NOISE), 1)
    return file, "".join(lines)


@pytest.mark.slow
@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutations())
def test_mutated_content_never_crashes(content_copy, mutation):
    file, text = mutation
    path = content_copy / STALL / file
    original = path.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    try:
        example = content_copy / STALL / "examples" / "four-player-sales.yaml"
        result = CliRunner().invoke(cli, ["check", "--content", str(content_copy), str(example)])
    finally:
        path.write_text(original, encoding="utf-8")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1, 2)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert re.search(r"\.(yaml|csv)(:\d+)?:", result.output), result.output


@pytest.mark.parametrize(
    ("old", "new", "key", "says"),
    [
        ("step.sell: Sell", "step.sel: Sell", "step.sel:", "did you mean 'step.sell'?"),
        ("step.sell: Sell\n", "", "", "missing the sentence 'step.sell'"),
        ("{max_per_item} of each good.", "{max_per_iten} of each good.", "rule.buy:", "did you"),
        ("card nobody took", "card {count} took", "rule.bonus:", "holds no numbers"),
    ],
)
def test_a_bad_sentence_names_its_line_and_key(content_copy, old, new, key, says):
    path = content_copy / STALL / "words.yaml"
    edit(path, old, new)
    result = run("check", str(content_copy / STALL))
    assert_clear_error(result, "words.yaml")
    assert says in result.output
    if key:
        lines = path.read_text().splitlines()
        line = next(n for n, text in enumerate(lines, 1) if text.startswith(key))
        assert f"words.yaml:{line}" in result.output
