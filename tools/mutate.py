"""Mutation testing of the games' rules and game-flow modules, one module at a time.

    python tools/mutate.py                      # every module in MODULES
    python tools/mutate.py lemonade-stall/rules # one module
    python tools/mutate.py --list

Each module runs mutmut in its own folder under ``.mutate/`` (mutmut's results
stay there, so a re-run only re-checks what changed), over the tests that
exercise rules: the game's test files less the kit, rulebook and command-line
tests, its worked examples, and the cross-game rule tests. mutmut then runs,
for each mutant, only the tests that call the mutated function.

The report counts mutants that change an error message's wording only
(``wording``) apart from the rest: they do not change what a rule decides, and
the messages that matter are pinned by the bad-input tests. The kill rate is
``killed / (killed + survived + timeout)`` over the rest. Nothing here is part
of ``make test``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutate"
NOT_RULES = "not (_kit_ or rulebook or glyph or card_counts or _cli_ or _print)"
SHARED_TESTS = (
    "tests/test_rules_by_hand.py",
    "tests/test_content_follows.py",
    "tests/test_golden.py",
)
BY_HAND = "tests/test_{package}_by_hand.py"  # a game's own rules worked by hand, where one exists


@dataclass(frozen=True)
class Module:
    name: str  # "game/module"
    source: str
    tests: tuple[str, ...]


def _module(game: str, module: str, *tests: str) -> Module:
    package = game.replace("-", "_")
    examples = f"printkit/bundled/content/{game}/examples"
    source = f"printkit/games/{package}/{module}.py"
    by_hand = BY_HAND.format(package=package)
    own = (by_hand,) if (ROOT / by_hand).exists() else ()
    return Module(f"{game}/{module}", source, (*tests, *own, *SHARED_TESTS, examples))


STALL_TESTS = ("tests/test_rules.py", "tests/test_lemonade_day.py", "tests/test_simulate.py")
MODULES = {
    m.name: m
    for m in (
        _module("lemonade-stall", "rules", *STALL_TESTS),
        _module("lemonade-stall", "game", *STALL_TESTS),
        _module("lemonade-stand", "rules", "tests/test_lemonade_stand.py"),
        _module("lemonade-stand", "game", "tests/test_lemonade_stand.py"),
        _module("thats-not-lemonade", "rules", "tests/test_thats_not_lemonade.py"),
        _module("thats-not-lemonade", "game", "tests/test_thats_not_lemonade.py"),
        _module("sandcastles", "rules", "tests/test_sandcastles.py"),
        _module("sandcastles", "geometry", "tests/test_sandcastles.py"),
        _module("sandcastles", "building", "tests/test_sandcastles.py"),
        _module("yard-sale", "rules", "tests/test_yard_sale.py"),
        _module("yard-sale", "play", "tests/test_yard_sale.py"),
    )
}

CONFIG = """
[tool.mutmut]
source_paths = ["printkit/"]
only_mutate = {source}
pytest_add_cli_args_test_selection = {tests}
pytest_add_cli_args = {args}
# a mutant that loops forever is killed after 5x its tests' time, not mutmut's 15x
timeout_multiplier = 5.0
# a one-line raise only words an error; the bad-input tests pin the wording that matters
do_not_mutate_patterns = ['^\\s*raise \\w+Error\\(.*\\)$']
"""


def prepare(module: Module) -> Path:
    """A folder mutmut can run in: links to the sources and tests, and a config of its own."""
    folder = WORK / module.name.replace("/", "-")
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("printkit", "tests"):
        link = folder / name
        if not link.exists():
            link.symlink_to(ROOT / name)
    config = CONFIG.format(
        source=json.dumps([module.source]),
        tests=json.dumps(list(module.tests)),
        args=json.dumps(["-p", "no:cacheprovider", "-k", NOT_RULES]),
    )
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8") + config
    (folder / "pyproject.toml").write_text(text, encoding="utf-8")
    return folder


def run(module: Module, jobs: int, keep: bool) -> Path:
    folder = prepare(module)
    if not keep:  # mutmut does not re-check a survivor when only the tests changed
        shutil.rmtree(folder / "mutants", ignore_errors=True)
    mutmut = [sys.executable, "-m", "mutmut"]
    subprocess.run([*mutmut, "run", "--max-children", str(jobs)], cwd=folder, check=False)
    return folder


def results(folder: Path) -> dict[str, str]:
    """Each mutant's name and status, as ``mutmut results --all true`` prints them."""
    out = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found = re.findall(r"^\s*(\S+): (.+)$", out, flags=re.M)
    return {name: status.strip() for name, status in found}


def diff_of(folder: Path, name: str) -> list[str]:
    shown = subprocess.run(
        [sys.executable, "-m", "mutmut", "show", name],
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    # a body line is "-    code"; a mutated signature is "-def ...", so no space is required
    lines = [line for line in shown.splitlines() if not line.startswith(("---", "+++"))]
    return [line for line in lines if line[:1] in ("-", "+")]


def _shape(line: str) -> list[str]:
    """The line's tokens with every string's contents blanked out."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return [line]
    kinds = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)}
    return ["''" if t.type in kinds else t.string for t in tokens]


def _strings(line: str) -> list[str]:
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(line.strip() + "\n").readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []
    kinds = {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)}
    return [t.string for t in tokens if t.type in kinds]


def is_wording(diff: list[str]) -> bool:
    """A mutant that changes only the words of a message, never a value a rule compares.

    Either an error's message is dropped (``RuleError(None)``), or only the
    contents of strings change and each changed string is a sentence (it holds
    a space): ids and keys such as ``"tie"`` or ``"money"`` never do.
    """
    old = [line[1:] for line in diff if line.startswith("-")]
    new = [line[1:] for line in diff if line.startswith("+")]
    if len(old) != 1 or len(new) != 1:
        return False
    if "Error(" in old[0] and re.search(r"Error\(None\)", new[0]):
        return True
    if _shape(old[0]) != _shape(new[0]):
        return False
    changed = [a for a, b in zip(_strings(old[0]), _strings(new[0])) if a != b]
    return bool(changed) and all(" " in text for text in changed)


def recheck(module: Module, folder: Path, only: list[str] | None = None) -> None:
    """Run the current rule tests against each survivor of the last run, a fresh pytest each.

    mutmut keeps the tests it copied and its map of which tests reach which
    function from its own run; after new tests are written, this asks them
    directly (mutmut's ``MUTANT_UNDER_TEST`` switch) and records what they kill.
    The game's own test file is not asked again: it changes rarely, and a full
    run (without ``--recheck``) asks everything afresh. The rest of the code is
    refreshed; after a change to the mutated module itself, run afresh instead.
    ``only`` asks just the test files named (quicker when the new tests live in one).
    """
    mutants = folder / "mutants"
    shutil.copytree(ROOT / "tests", mutants / "tests", dirs_exist_ok=True)
    for path in (ROOT / "printkit").rglob("*"):  # the rest of the code as it is now
        copy = mutants / path.relative_to(ROOT)
        if path.is_file() and not Path(f"{copy}.meta").exists() and "__pycache__" not in path.parts:
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, copy)
    # The game's own test file already had its say in the full run; new rule tests go in the
    # cross-game files, the game's by-hand file and the examples, so those are what it asks.
    tests = only or [t for t in module.tests if _asked_again(t)]
    env = {**os.environ, "PYTHONPATH": str(mutants)}
    verdicts = {}
    for name, status in results(folder).items():
        if status != "survived":
            continue
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
        command += ["-p", "no:randomly", "-k", NOT_RULES, *tests]
        try:
            done = subprocess.run(
                command,
                cwd=mutants,
                env={**env, "MUTANT_UNDER_TEST": name},
                capture_output=True,
                check=False,
                timeout=600,
            )
        except subprocess.TimeoutExpired:
            verdicts[name] = "timeout"
        else:  # pytest: 0 all passed, 1 some failed; anything else is not a verdict
            verdicts[name] = {0: "survived", 1: "killed"}.get(done.returncode, "survived")
            if done.returncode not in (0, 1):
                tail = done.stdout.decode(errors="replace").strip().splitlines()[-3:]
                print(f"error     {name}: pytest exited {done.returncode}", *tail, sep="\n  ")
        print(f"{verdicts[name]:9} {name}", flush=True)
    (folder / "recheck.json").write_text(json.dumps(verdicts, indent=1), encoding="utf-8")


def _asked_again(test: str) -> bool:
    """The tests a recheck asks: the cross-game rule tests, by-hand files, worked examples."""
    return test in SHARED_TESTS or test.endswith(("_by_hand.py", "/examples"))


def report(module: Module, folder: Path) -> dict[str, object]:
    statuses = results(folder)
    rechecked = folder / "recheck.json"
    if rechecked.exists():
        statuses.update(json.loads(rechecked.read_text(encoding="utf-8")))
    survivors = {n: diff_of(folder, n) for n, s in statuses.items() if s == "survived"}
    wording = sorted(n for n, d in survivors.items() if is_wording(d))
    counts: dict[str, int] = {}
    for status in statuses.values():
        counts[status] = counts.get(status, 0) + 1
    killed = counts.get("killed", 0)
    survived = counts.get("survived", 0) - len(wording)
    timeout = counts.get("timeout", 0)
    judged = killed + survived + timeout
    lines = [
        f"## {module.name} ({module.source})",
        "",
        f"{len(statuses)} mutants: {killed} killed, {timeout} timed out (killed), "
        f"{survived} survived, {len(wording)} wording-only survivors, "
        f"{counts.get('no tests', 0)} not reached by any selected test"
        + (f", {counts['not checked']} not run yet" if counts.get("not checked") else ""),
        f"kill rate: {(killed + timeout) / judged:.1%}" if judged else "kill rate: n/a",
        "",
    ]
    for name, diff in sorted(survivors.items()):
        if name in wording:
            continue
        lines.append(f"- `{name}`")
        lines += [f"      {line}" for line in diff]
    text = "\n".join(lines) + "\n"
    (folder / "report.md").write_text(text, encoding="utf-8")
    print(text)
    return {"module": module.name, "killed": killed + timeout, "judged": judged}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", help="game/module, e.g. lemonade-stall/rules")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--list", action="store_true", help="list the modules and stop")
    parser.add_argument("--report-only", action="store_true", help="report the last run")
    parser.add_argument(
        "--recheck",
        action="store_true",
        help="ask the current tests about the last run's survivors, then report",
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="TESTS",
        help="with --recheck: ask only this test file or folder (repeatable)",
    )
    parser.add_argument(
        "--keep", action="store_true", help="reuse mutmut's last results (re-checks changed code)"
    )
    args = parser.parse_args(argv)
    if args.list:
        for module in MODULES.values():
            print(f"{module.name:28} {module.source}")
        return 0
    unknown = [m for m in args.modules if m not in MODULES]
    if unknown:
        parser.error(f"no module {unknown[0]!r}; see --list")
    chosen = [MODULES[m] for m in args.modules] or list(MODULES.values())
    summary = []
    for module in chosen:
        if args.report_only or args.recheck:
            folder = prepare(module)
            if args.recheck:
                recheck(module, folder, args.only)
        else:
            folder = run(module, args.jobs, args.keep)
            (folder / "recheck.json").unlink(missing_ok=True)
        summary.append(report(module, folder))
    for row in summary:
        killed, judged = row["killed"], row["judged"]
        rate = f"{killed / judged:.1%}" if judged else "n/a"
        print(f"{row['module']:28} {killed:4}/{judged:<4} killed  {rate}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
