"""The shape of the package: data flows one way, layers stay apart, no game in shared code."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from printkit.content.scaffold import scaffold
from printkit.registry import builtin_ids, builtin_module, plugins
from printkit.resources import bundled_content

PACKAGE = Path(__file__).resolve().parent.parent / "printkit"
GAME_MODULES = ("content", "model", "rules", "examples", "game")


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """Every printkit module ``path`` imports, at the top or inside a function."""

    def owner(name: str) -> str:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name

    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("printkit"):
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in modules else owner(node.module))
        elif isinstance(node, ast.Import):
            found |= {owner(a.name) for a in node.names if a.name.startswith("printkit")}
    return found


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def test_no_module_imports_itself_through_others():
    modules = _modules()
    graph = {
        name: {m for m in _imports(path, modules) if m in modules and m != name}
        for name, path in modules.items()
    }
    graph["printkit"] = set()  # the package root holds the version only
    assert _cycles(graph) == []


def _game_words() -> set[str]:
    words = set()
    for game_id in builtin_ids():
        words |= {game_id, builtin_module(game_id).rpartition(".")[2]}
    return words - {"cards"}  # the plain card engine's name is an ordinary word


def test_shared_machinery_names_no_game():
    words = _game_words()
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] == "games":
            continue
        text = path.read_text(encoding="utf-8")
        offenders += [f"{rel}: {word}" for word in sorted(words) if word in text]
    assert offenders == []


@pytest.mark.parametrize("game_id", builtin_ids())
def test_checking_a_game_loads_no_pdf_code(game_id, tmp_path):
    module = builtin_module(game_id)
    content = bundled_content()
    if game_id == "cards":  # the plain card engine ships no game: check the scaffold's
        content = tmp_path / "content"
        scaffold(content, "plain-deck")
        game_id = "plain-deck"
    code = f"""
import importlib, json, sys
for name in {GAME_MODULES!r}:
    try:
        importlib.import_module("{module}." + name)
    except ModuleNotFoundError as exc:
        if exc.name != "{module}." + name:
            raise
from printkit.check.checker import PackCache, check_paths
from pathlib import Path
cache = PackCache(Path({str(content)!r}))
results = check_paths([cache.folder_of("{game_id}")], cache)
print(json.dumps({{"checked": len(results), "pdf": sorted(m for m in sys.modules
    if m.split(".")[0] in ("reportlab", "pypdf", "pypdfium2", "PIL"))}}))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True
    )
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["checked"] > 0
    assert report["pdf"] == []


def test_content_knows_every_symbol_the_renderer_draws():
    from printkit.content.symbol_names import SYMBOL_NAMES
    from printkit.render.symbols import SYMBOLS

    assert set(SYMBOLS) == SYMBOL_NAMES


def _sources() -> list[tuple[Path, ast.AST]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(PACKAGE.rglob("*.py"))]


def test_hints_are_fields_never_pasted_into_a_message():
    pasted = []
    for path, tree in _sources():
        if path.name == "errors.py":
            continue
        for node in ast.walk(tree):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and ("\n  hint:" in text or text.startswith("  hint:")):
                pasted.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert pasted == []


def test_no_error_is_swallowed_whole():
    """``except Exception: pass`` hides bugs; a handler names what it expects."""
    swallowed = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ExceptHandler):
                continue
            broad = node.type is None or (
                isinstance(node.type, ast.Name) and node.type.id in ("Exception", "BaseException")
            )
            if broad and all(isinstance(s, ast.Pass) for s in node.body):
                swallowed.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert swallowed == []


def test_every_printkit_error_crosses_a_process_whole():
    import pickle

    from printkit.errors import ContentError, Location, PrintkitError, UsageError

    for error in (
        ContentError(Location("a.yaml", "cards[x].copies", 3), "expected a whole number", "e.g. 2"),
        UsageError("no game 'x'", "did you mean 'y'?"),
        PrintkitError("plain"),
    ):
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert back.format_message() == error.format_message()
        assert back.exit_code == error.exit_code


def test_each_bundled_game_is_registered_once_under_its_package_name():
    registered = plugins()
    for game_id in builtin_ids():
        assert registered[game_id].id == game_id


# -- every printed word comes from content ----------------------------------------
PROSE = re.compile(r"[A-Za-z][a-z']+[ \t\n]+[A-Za-z]?[a-z']+")  # two words, e.g. "at most"
NOT_PROSE: frozenset[str] = frozenset()  # strings with words that never reach the page


def _kit_modules() -> list[Path]:
    """Every game module that draws a component: each game's ``kit/`` package."""
    return sorted((PACKAGE / "games").glob("*/kit/**/*.py"))


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        if isinstance(node, kinds) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _literal_text(node: ast.AST) -> str | None:
    """A string literal's words; an f-string's fields become ``{}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def _prose_literals(path: Path) -> list[str]:
    return _prose_literals_in(path, PACKAGE)


def _prose_literals_in(path: Path, root: Path) -> list[str]:
    """Multi-word English in ``path``'s literals, outside docstrings and raised errors."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Raise, ast.JoinedStr)):
            skipped |= {id(inner) for inner in ast.walk(node) if inner is not node}
        elif isinstance(node, ast.keyword) and node.arg == "what":  # a piece's name in errors
            skipped |= {id(inner) for inner in ast.walk(node.value)}
    found = []
    for node in ast.walk(tree):
        text = None if id(node) in skipped else _literal_text(node)
        markup = text is not None and text.lstrip().startswith("<")  # HTML around printed words
        if text and not markup and text not in NOT_PROSE and PROSE.search(text):
            found.append(f"{path.relative_to(root)}:{node.lineno}: {text[:60]!r}")
    return found


def test_kits_print_no_prose_written_in_python():
    """A kit's words live in its content (one place, checked, per language), never in code."""
    found = [hit for path in _kit_modules() for hit in _prose_literals(path)]
    assert found == []


def test_the_prose_scan_sees_what_a_kit_would_print(tmp_path):
    sample = tmp_path / "kit_sample.py"
    sample.write_text(
        '"""A docstring is fine."""\n'
        "def draw(c, n):\n"
        '    """So is this one."""\n'
        '    c.drawString(0, 0, f"At most {n} of each good")\n'
        '    c.drawString(0, 9, "Helvetica")\n'
        '    fit(c, "Sure cups", what="sales table")\n'
        '    raise ValueError(f"no room for {n} words")\n',
        encoding="utf-8",
    )
    hits = _prose_literals_in(sample, tmp_path)
    assert sorted(h.split(":")[1] for h in hits) == ["4", "6"]
