"""Check worked examples against the rules engine: doctest for rulebooks.

An example file states a situation (``given``) and what the rulebook claims
follows (``expect``). The game's example rule recomputes it; only the keys an
example expects are compared.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printkit.content.fields import Field, Ledger, suggest
from printkit.content.packs import (
    check_contained,
    default_content_dir,
    engine_of,
    games_by_id,
    read_document,
)
from printkit.errors import ContentError, Location, UsageError
from printkit.registry import GamePlugin, Pack, plugin_for

EXAMPLES_DIR = "examples"


@dataclass(frozen=True)
class Example:
    path: Path
    game: str
    name: str
    rule: str
    title: str
    prose: str
    given: Field
    expect: Field
    given_key: str = field(init=False, compare=False, repr=False)
    expect_key: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        """The givens and what is expected as plain text, for the keys of a run and a
        check: made once, kept with the example (each example runs twice a build; a fresh
        process reads it from the disk cache)."""
        object.__setattr__(self, "given_key", repr(plain(self.given.raw)))
        object.__setattr__(self, "expect_key", repr(plain(self.expect.raw)))


@dataclass(frozen=True)
class Mismatch:
    field: str
    expected: Any
    actual: Any


@dataclass(frozen=True)
class ExampleResult:
    example: str
    file: str
    rule: str
    mismatches: tuple[Mismatch, ...] = ()
    actual: Mapping[str, Any] = field(default_factory=dict, compare=False)

    @property
    def passed(self) -> bool:
        return not self.mismatches

    def as_json(self) -> dict:
        return {
            "example": self.example,
            "file": self.file,
            "passed": self.passed,
            "mismatches": [
                {"field": m.field, "expected": m.expected, "actual": m.actual}
                for m in self.mismatches
            ],
        }


def read_example(path: Path) -> Example:
    """The example in ``path``, kept by its bytes: a build reads each example several times
    (the gate, the rulebook), a fresh process reads it from the disk cache."""
    from printkit.content.yamlio import LARGEST_FILE, read_regular

    key = _example_key(path, read_regular(path, LARGEST_FILE))
    found = _cached("examples", key)
    if isinstance(found, Example):
        return found
    example = _parse_example(path)
    if _example_key(path, read_regular(path, LARGEST_FILE)) == key:  # not changed meanwhile
        _keep("examples", key, example)
    return example


def _example_key(path: Path, data: bytes) -> str:
    import hashlib

    from printkit.build.fingerprint import code_digest, digest

    return digest(code_digest(), "example", str(path), hashlib.sha256(data).hexdigest())


def _parse_example(path: Path) -> Example:
    root = read_document(path, Ledger())
    root.expect_keys(["game", "example", "rule", "given", "expect"], ["title", "prose"])
    title = root.opt("title")
    prose = root.opt("prose")
    return Example(
        path=path,
        game=root.get("game").as_id(),
        name=root.get("example").as_id(),
        rule=root.get("rule").as_str(),
        title=title.as_str() if title else "",
        prose=prose.as_str() if prose else "",
        given=root.get("given"),
        expect=root.get("expect"),
    )


def example_files(folder: Path) -> list[Path]:
    examples = folder / EXAMPLES_DIR
    if not examples.is_dir():
        return []
    return sorted(p for p in examples.iterdir() if p.suffix in (".yaml", ".yml"))


def run_example(plugin: GamePlugin, pack: Pack, example: Example) -> Mapping[str, Any]:
    """The engine's answer for an example, as plain values.

    Kept with the pack values the run read (`printkit.build.record`): while none of
    them reads differently, the answer is the engine's without running it again, so
    a card title edit re-runs no example. A fresh copy each call: callers may edit it.
    """
    if example.rule not in plugin.rules:
        raise ContentError(
            Location(example.path, "rule"),
            f"game {plugin.id!r} has no example rule {example.rule!r}",
            suggest(example.rule, sorted(plugin.rules)),
        )
    from printkit.build.fingerprint import code_digest, digest

    key = digest(code_digest(), "run", plugin.id, str(example.path), example.rule, _given(example))
    rule = plugin.rules[example.rule]
    return kept_with_reads("example-runs", key, pack, lambda seen: rule.run(seen, example.given))


def kept_with_reads(kind: str, key: str, pack: Pack, compute: Callable[[Any], Any]) -> Any:
    """``compute`` of the pack read through a recording view (`printkit.build.record`),
    kept under ``key`` with the values it read: while each reads the same, the kept
    result is served (a fresh copy each call), its reads noted again in the open
    recording. A mapping is kept as a dict; a result that does not pickle is made
    each time."""
    from printkit.build import record

    target = record.unwrapped(pack)
    found = _cached(kind, key)
    if _still_current(found, target):
        reads, answer = found
        record.replay(reads)
        return pickle.loads(answer)
    with record.recording() as reads:
        result = compute(record.view(target))
        if isinstance(result, Mapping):
            result = dict(result)  # views read whole
        try:
            answer = pickle.dumps(result, pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError):
            return result  # not a plain result: made again each time
    _keep(kind, key, (dict(reads), answer))
    record.replay(reads)
    return pickle.loads(answer)


def _given(example: Example) -> str:
    return example.given_key


def _still_current(found: object, pack: object) -> bool:
    """A kept run whose every recorded read of the pack reads the same now."""
    if not (isinstance(found, tuple) and len(found) == 2 and isinstance(found[1], bytes)):
        return False
    try:
        now = _resolver(pack)
        return all(now(tuple(steps)) == value for steps, value in found[0].values())
    except Exception:  # an entry not as this printkit writes it: a miss
        return False


_RESOLVED: list[tuple[object, dict]] = []  # the pack last asked about, its values by steps


def _resolver(pack: object):
    """The value each recorded path has in ``pack`` now, each path looked up once: the
    examples of a pack read many of the same values. Packs are frozen, so kept per pack."""
    from printkit.build.record import resolve

    if not _RESOLVED or _RESOLVED[0][0] is not pack:
        _RESOLVED[:] = [(pack, {})]
    known = _RESOLVED[0][1]

    def now(steps: tuple) -> str:
        try:
            return known[steps]
        except KeyError:
            value = known[steps] = resolve(pack, steps)
            return value

    return now


# -- kept work: in memory for this process, on disk for the next --------------------
_KEPT: dict[tuple[str, str], bytes] = {}
KEPT_IN_MEMORY = 4000


def _cached(kind: str, key: str) -> object:
    """What `_keep` stored under ``key``, or None (a damaged entry is a miss)."""
    from printkit.build import diskcache

    if not diskcache.reading():
        return None
    data = _KEPT.get((kind, key))
    if data is None:
        data = diskcache.load(kind, key)
        if data is None:
            return None
    try:
        value = pickle.loads(data)
    except Exception:  # noqa: BLE001 - a damaged entry, whatever it raises, is a miss
        return None
    _remember(kind, key, data)
    return value


ON_DISK = {"packs": 64}  # a pack is large and a watch session saves many: the latest few


def _keep(kind: str, key: str, value: object) -> None:
    from printkit.build import diskcache

    try:
        data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    _remember(kind, key, data)
    diskcache.store(kind, key, data, ON_DISK.get(kind, diskcache.ENTRIES_KEPT))


def _remember(kind: str, key: str, data: bytes) -> None:
    if len(_KEPT) >= KEPT_IN_MEMORY:
        _KEPT.clear()
    _KEPT[(kind, key)] = data


def check_example(plugin: GamePlugin, pack: Pack, example: Example) -> ExampleResult:
    actual = run_example(plugin, pack, example)
    if not isinstance(example.expect.raw, dict) or not example.expect.names():
        raise example.expect.error("expect needs at least one key to compare")
    mismatches: list[Mismatch] = []
    for key, expected in example.expect.items():
        if key not in actual:
            raise expected.error(
                f"rule {example.rule!r} gives no result {key!r}", suggest(key, sorted(actual))
            )
        _compare(f"expect.{key}", plain(expected.raw), plain(actual[key]), mismatches)
    return ExampleResult(
        example.name, str(example.path), example.rule, tuple(mismatches), dict(actual)
    )


def plain(value: Any) -> Any:
    """Values as plain dicts and lists: YAML's located ones carry line numbers."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _compare(path: str, expected: Any, actual: Any, out: list[Mismatch]) -> None:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, value in expected.items():
            _compare(f"{path}.{key}", value, actual.get(key), out)
    elif _is_steps(expected) and isinstance(actual, list):
        _compare_steps(path, expected, actual, out)
    elif expected != actual or type(expected) is bool and type(actual) is not bool:
        out.append(Mismatch(path, expected, actual))


def _is_steps(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _compare_steps(path: str, expected: list, actual: list, out: list[Mismatch]) -> None:
    """A list of records (a playthrough's steps) is reported at the first step that differs.

    Later steps follow from the first divergence, so listing them would bury it.
    """
    for index in range(max(len(expected), len(actual))):
        record = expected[index] if index < len(expected) else actual[index]
        name = record.get("when", index) if isinstance(record, dict) else index
        here = f"{path}[{name}]"  # a step that names itself ("Tuesday, step 10") is shown so
        if index >= len(actual):
            out.append(Mismatch(here, expected[index], "(no such step: play ended sooner)"))
            return
        if index >= len(expected):
            out.append(Mismatch(here, "(no such step: play ended sooner)", actual[index]))
            return
        found: list[Mismatch] = []
        _compare(here, expected[index], actual[index], found)
        if found:
            out.extend(found)
            return


# -- packs and paths -----------------------------------------------------------
class PackCache:
    """Loads each content pack once per run, looking packs up by folder or game id."""

    def __init__(self, content: Path | None = None) -> None:
        self.content = content or default_content_dir()
        self._packs: dict[Path, Pack] = {}

    def load(self, folder: Path) -> tuple[GamePlugin, Pack]:
        folder = folder.resolve()
        try:
            plugin = plugin_for(engine_of(folder))
        except UsageError as exc:
            raise ContentError(
                Location(folder / "game.yaml", "id"),
                str(exc),
                "a game plays by a rules module: add 'engine: cards' to game.yaml for the plain "
                "card game, or 'engine: <a bundled game's id>' to play by that game's rules",
            ) from None
        if folder not in self._packs:
            check_contained(folder)
            self._packs[folder] = loaded_pack(plugin, folder)
        return plugin, self._packs[folder]

    def folder_of(self, game_id: str) -> Path:
        folders = games_by_id(self.content)
        if game_id not in folders:
            raise UsageError(
                f"no content for game {game_id!r} in {self.content}; "
                f"{suggest(game_id, sorted(folders))}"
            )
        return folders[game_id]


def loaded_pack(plugin: GamePlugin, folder: Path) -> Pack:
    """``plugin.load(folder)``, kept by the bytes of every file in the folder (a pack reads
    nothing outside it): a fresh process, or a watch round after a save elsewhere, reads
    the pack back instead of validating every file again."""
    key = _pack_key(plugin, folder)
    found = _cached("packs", key)
    if found is not None and getattr(found, "folder", None) == folder:
        return found  # type: ignore[return-value]
    pack = plugin.load(folder)
    if _pack_key(plugin, folder) == key:  # no file changed while it was read
        _keep("packs", key, pack)
    return pack


def _pack_key(plugin: GamePlugin, folder: Path) -> str:
    from printkit.build.fingerprint import code_digest, digest, tree_digest

    return digest(code_digest(), "pack", plugin.id, str(folder), tree_digest(folder))


def examples_key(what: str, plugin: GamePlugin, folder: Path, *more: object) -> str:
    """A key for work done over all of a pack's examples at once (the gate, the rulebook's
    worked examples), kept with what it read (`kept_with_reads`): printkit, the game, the
    folder and the names and bytes of every example file."""
    from printkit.build.fingerprint import code_digest, digest, tree_digest

    examples = tree_digest(folder / EXAMPLES_DIR)
    return digest(code_digest(), what, plugin.id, str(folder), examples, *more)


def check_pack(cache: PackCache, folder: Path) -> list[ExampleResult]:
    plugin, pack = cache.load(folder)
    results = []
    for path in example_files(folder):
        example = read_example(path)
        _check_game(example, pack)
        results.append(check_example(plugin, pack, example))
    return results


def _check_game(example: Example, pack: Pack) -> None:
    if example.game != pack.id:
        raise ContentError(
            Location(example.path, "game"),
            f"example names game {example.game!r} but sits in the {pack.id!r} pack",
            "move the file to its game's examples/ folder or fix the game id",
        )


def check_paths(paths: Iterable[Path], cache: PackCache) -> list[ExampleResult]:
    """Check packs and example files; no paths means every pack in the content folder."""
    paths = list(paths)
    if not paths:
        paths = list(games_by_id(cache.content).values())
    results: list[ExampleResult] = []
    for path in paths:
        if path.is_dir():
            if not (path / "game.yaml").is_file():
                raise UsageError(f"{path} is not a content pack (it has no game.yaml)")
            results += check_pack(cache, path)
        elif path.is_file():
            example = read_example(path)
            try:
                folder = cache.folder_of(example.game)
            except UsageError as exc:
                raise ContentError(Location(path, "game"), str(exc)) from None
            plugin, pack = cache.load(folder)
            results.append(check_example(plugin, pack, example))
        else:
            raise UsageError(f"{path} does not exist")
    return results
