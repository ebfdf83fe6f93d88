"""Record golden playthroughs: seeded complete games whose every step the checker compares.

An example with rule ``playthrough`` names a seed, a table and its bots; its
``expect`` is the engine's own record of that game, written here rather than
by hand. Once recorded, `printkit check` replays the game and reports the first
step where play diverges, so a rule change that alters any game is seen.
Re-record (``make golden``) only when the change is meant.

    python -m printkit.check.golden tests/golden      # every file under a folder, or files
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

from printkit.check.checker import PackCache, plain, read_example, run_example
from printkit.errors import PrintkitError

RULE = "playthrough"
EXPECT = "expect:"


def expect_text(result: Mapping[str, Any]) -> str:
    """The engine's record as YAML: one line per step, so a diff shows the step that changed."""
    lines = [EXPECT]
    for key, value in plain(result).items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            lines.append(f"  {key}:")
            lines += [f"    - {_flow(step)}" for step in value]
        else:
            lines.append(f"  {key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def _flow(value: Any) -> str:
    """One value on one line (dumped inside a list, so a scalar gets no document marker)."""
    text = yaml.safe_dump([value], default_flow_style=True, width=10_000, sort_keys=False)
    return text.strip()[1:-1]


def record(paths: Iterable[Path], cache: PackCache) -> list[Path]:
    """Rewrite the ``expect`` of every playthrough among ``paths``; the files it wrote.

    Each example is played on the pack its ``game`` names in ``cache``'s content
    folder, so golden files may live outside the pack (beside the tests, where a
    balance edit to a copy of the content is not held up by them).
    """
    written = []
    for path in paths:
        example = read_example(path)
        if example.rule != RULE:
            continue
        plugin, pack = cache.load(cache.folder_of(example.game))
        text = path.read_text(encoding="utf-8")
        head = text[: text.index("\n" + EXPECT) + 1]
        new = head + expect_text(run_example(plugin, pack, example))
        if new != text:
            path.write_text(new, encoding="utf-8")
            written.append(path)
    return written


def golden_files(paths: Iterable[Path]) -> list[Path]:
    """The example files named, and those inside the folders named."""
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.y*ml")) if path.is_dir() else [path]
    return found


def main(args: Iterable[str]) -> int:
    paths = golden_files(Path(a) for a in args)
    if not paths:
        print("usage: python -m printkit.check.golden FILE-OR-FOLDER...", file=sys.stderr)
        return 2
    try:
        for path in record(paths, PackCache()):
            print(f"recorded {path}")
    except PrintkitError as exc:
        print(f"error: {exc.format_message()}", file=sys.stderr)
        return exc.exit_code
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
