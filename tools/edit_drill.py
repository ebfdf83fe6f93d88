"""Edit drill: random saves to a game's content, each rebuilt as `printkit watch` rebuilds it.

    python tools/edit_drill.py lemonade-stall --rounds 25 --seed 7 [--paper a4]

One long-lived process makes every rebuild (``build.watch.rebuild``: the gate, the
in-memory memos, the disk cache, the child beside), so memos made for earlier
content are in play. After each save the kit is compared, file by file, with a
``printkit build --force`` of the same content in a fresh process with an empty
cache. A save is a changed YAML value (a number one up or down, a word added) or a
word added to a line of the rulebook's Markdown; a save the gate or the preflight
refuses is put back. The property test in ``tests/test_regenerate_property.py``
edits packs in memory; this drill goes through the files, as a designer does.
Exit 1 if any round's files differ. Nothing here is part of ``make test``.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

from printkit.build.watch import rebuild
from printkit.resources import bundled_content

Scalar = tuple[int, int, str, str]  # start, end, text, tag
NOT_COMPARED = {".printkit-manifest.json", "reprint.pdf"}  # history, by design


def scalars(text: str) -> list[Scalar]:
    """Every plain scalar value (not a key) in a YAML text, with where it sits."""
    found: list[Scalar] = []

    def walk(node: yaml.Node, is_key: bool = False) -> None:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(key, True)
                walk(value)
        elif isinstance(node, yaml.SequenceNode):
            for value in node.value:
                walk(value)
        elif isinstance(node, yaml.ScalarNode) and not is_key and node.style is None:
            found.append((node.start_mark.index, node.end_mark.index, node.value, node.tag))

    walk(yaml.compose(text))
    return found


def edit_yaml(path: Path, rng: random.Random) -> str | None:
    text = path.read_text()
    choices = [s for s in scalars(text) if s[2] not in ("", "true", "false", "null")]
    choices = [s for s in choices if not (s[2].startswith("#") and len(s[2]) == 7)]
    if not choices:
        return None
    start, end, value, tag = rng.choice(choices)
    if tag.endswith("int"):
        new = str(int(value) + (rng.choice([1, -1]) if int(value) > 1 else 1))
    elif tag.endswith("float"):
        new = f"{float(value) * rng.choice([1.05, 0.95]):.2f}"
    else:
        new = value + rng.choice([" more", " x", "s"])
    path.write_text(text[:start] + new + text[end:])
    return f"{path.name}: {value!r} -> {new!r}"


def edit_markdown(path: Path, rng: random.Random) -> str | None:
    lines = path.read_text().split("\n")
    prose = [n for n, line in enumerate(lines) if len(line) > 30 and line[0].isalpha()]
    prose = [n for n in prose if "{" not in lines[n]]  # leave template code alone
    if not prose:
        return None
    n = rng.choice(prose)
    words = lines[n].split(" ")
    k = rng.randrange(len(words))
    words[k] += " quite"
    lines[n] = " ".join(words)
    path.write_text("\n".join(lines))
    return f"{path.name}:{n + 1}: a word added"


def forced(content: Path, game: str, paper: str, dest: Path) -> Path:
    """A --force build in a fresh process with an empty cache; its game's folder."""
    env = {**os.environ, "XDG_CACHE_HOME": str(dest / "cache")}
    args = [sys.executable, "-m", "printkit", "build", game, "--paper", paper, "--force"]
    args += ["--content", str(content), "--out", str(dest / "out"), "--quiet"]
    subprocess.run(args, check=True, env=env)
    return dest / "out" / game


def kit_files(folder: Path) -> dict[str, bytes]:
    """Every kit file under a game's folder (one folder a paper and language), by its path."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.glob("*/*"))
        if p.is_file() and p.name not in NOT_COMPARED and not p.name.startswith(".")
    }


def drill(game: str, rounds: int, seed: int, paper: str) -> int:
    rng = random.Random(seed)
    work = Path(tempfile.mkdtemp(prefix="edit-drill-"))
    os.environ["XDG_CACHE_HOME"] = str(work / "cache")  # this process's builds
    content, out = work / "content", work / "out"
    shutil.copytree(bundled_content() / game, content / game)
    heard: list[str] = []
    if not rebuild(content, (game,), out, (paper,), heard.append):
        sys.exit(f"the bundled {game} does not build: {heard[-1:]}")
    yamls = sorted((content / game).glob("*.yaml"))
    markdown = sorted((content / game).glob("rulebook/*.md"))
    differ = 0
    for n in range(rounds):
        saved = {p: p.read_text() for p in yamls + markdown}
        if markdown and rng.random() < 0.3:
            what = edit_markdown(rng.choice(markdown), rng)
        else:
            what = edit_yaml(rng.choice(yamls), rng)
        if what is None:
            continue
        heard.clear()
        if not rebuild(content, (game,), out, (paper,), heard.append):
            print(f"round {n}: {what}: refused ({(heard or ['?'])[-1][:70]}); put back")
            for path, text in saved.items():
                path.write_text(text)
            rebuild(content, (game,), out, (paper,), heard.append)
            continue
        try:
            theirs = kit_files(forced(content, game, paper, work / f"forced-{n}"))
        except subprocess.CalledProcessError:  # watch built what a clean build refuses
            print(f"round {n}: {what}: DIFFER: the --force build failed")
            differ += 1
            continue
        mine = kit_files(out / game)
        diff = sorted(name for name in {*mine, *theirs} if mine.get(name) != theirs.get(name))
        print(f"round {n}: {what}: " + (f"DIFFER {diff}" if diff else "same as --force"))
        differ += bool(diff)
        shutil.rmtree(work / f"forced-{n}")
    print(f"{differ} of {rounds} rounds differ (work folder {work})")
    return 1 if differ else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    sys.exit(drill(args.game, args.rounds, args.seed, args.paper))


if __name__ == "__main__":
    main()
