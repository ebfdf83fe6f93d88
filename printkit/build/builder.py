"""Build a game's kit: plan every output file, render only what changed, write it safely.

Each output file has a digest of what it is drawn from (content values, paper,
theme, printkit's code and fonts). A file whose digest matches the last build's
manifest is reused. Everything that must change is rendered in memory first;
only then are files renamed into place (Ctrl-C held meanwhile), so an error
leaves the previous kit whole.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from printkit.build.files import bytes_digest, commit_files, file_digest, recover
from printkit.build.fingerprint import TEMPLATES, code_digest, digest, tree_digest
from printkit.build.lock import build_lock
from printkit.build.manifest import (
    MANIFEST,
    output_folder,
    read_manifest,
    up_to_date,
    whole_key,
)
from printkit.kit import Board, Deck, Kit, KitOptions, Part, part_file

GUIDE_FILE = "00-printing-guide.pdf"
REPRINT_FILE = "reprint.pdf"


@dataclass(frozen=True)
class Output:
    """One file the build can write: its name, its inputs' digest, how to render it."""

    name: str
    key: str
    render: Callable[[], bytes]
    printed: bool = True  # part of what a player prints and cuts


@dataclass(frozen=True)
class Sheet:
    """One printed sheet (or board, or page set) a reprint can replace."""

    part: str
    index: int
    key: str
    caption: str
    labels: tuple[str, ...]


@dataclass
class BuildReport:
    folder: Path
    rebuilt: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    reprinted: list[Sheet] = field(default_factory=list)


# -- part naming and digests ---------------------------------------------------
def part_key(part: Part, options: KitOptions, pack_key: str) -> str:
    inputs = pack_key if part.inputs is None else part.inputs
    pieces = (
        [(p.label, p.group, p.fields) for p in part.every_piece] if isinstance(part, Deck) else []
    )
    return digest(
        code_digest(),
        type(part).__name__,
        part.id,
        part.title,
        options,
        inputs,
        pieces,
        getattr(part, "note", ""),
    )


def deck_sheets(part: Deck, options: KitOptions, base: str) -> list[Sheet]:
    from printkit.render.impose import layout_sheets
    from printkit.render.labels import labels_for, say

    result = []
    for index, bands in enumerate(layout_sheets(part.sizes(), options.paper)):
        chunk = [p for band in bands for p in band.pieces]
        key = digest(base, [(p.label, p.fields) for p in chunk])
        caption = say(labels_for(options.lang), "sheet.name", title=part.title, number=index + 1)
        result.append(Sheet(part.id, index, key, caption, tuple(p.label for p in chunk)))
    return result


def part_sheets(part: Part, options: KitOptions, pack_key: str) -> list[Sheet]:
    """The reprintable units of a part: deck sheets one by one, anything else whole."""
    if isinstance(part, Deck):
        # pieces that list what they show are compared piece by piece; others by the deck
        described = all(p.fields for p in part.every_piece)
        inputs = None if described else part.inputs
        sizes = [(w, h) for w, h, _ in part.sizes()]
        base = digest(code_digest(), options, part.id, sizes, inputs)
        return deck_sheets(part, options, base)
    return [Sheet(part.id, 0, part_key(part, options, pack_key), part.title, ())]


# -- planning ------------------------------------------------------------------
def plan(
    kit: Kit, options: KitOptions, pack_key: str, extra: dict[str, tuple[str, Callable[[], bytes]]]
) -> list[Output]:
    """Every file of one paper size, guide first; ``extra`` adds e.g. the rulebook."""
    from printkit.build import parts as rp

    outputs = []
    for index, part in enumerate(kit.parts, start=1):
        key = part_key(part, options, pack_key)
        outputs.append(
            Output(part_file(index, part), key, _bind(rp.render_part, part, kit, options))
        )
        if isinstance(part, Board):
            outputs.append(
                Output(
                    rp.large_board_file(part, options),
                    key,
                    _bind(rp.render_large_board, part, kit, options),
                )
            )
        if isinstance(part, Deck) and part.fold and rp.can_fold(part, options):
            outputs.append(
                Output(f"fold-{part.id}.pdf", key, _bind(rp.render_fold, part, kit, options))
            )
    from printkit.render.guide import CALIBRATION_FILE, has_duplex

    if has_duplex(kit):
        key = digest(code_digest(), "calibration", options)
        outputs.append(Output(CALIBRATION_FILE, key, _bind(rp.render_calibration, kit, options)))
    for name, (key, render) in extra.items():
        outputs.append(Output(name, digest(code_digest(), key), render, printed=False))
    return outputs


def _bind(fn, *args):
    return lambda: fn(*args)


# -- building ------------------------------------------------------------------
def build_folder(
    kit: Kit,
    options: KitOptions,
    folder: Path,
    pack_key: str,
    extra: dict[str, tuple[str, Callable[[], bytes]]] | None = None,
    force: bool = False,
    whole: str = "",
) -> BuildReport:
    """Render what changed into memory, then write it all (or nothing)."""
    from printkit.build import parts as rp

    report = BuildReport(folder)
    with build_lock(folder):
        recover(folder)  # a build killed while committing: finish it first
        previous = read_manifest(folder)
        old_files: dict[str, str] = previous.get("files", {})
        outputs = plan(kit, options, pack_key, extra or {})
        sheets = [s for part in kit.parts for s in part_sheets(part, options, pack_key)]
        changed = _changed_sheets(sheets, previous.get("sheets")) if previous else []
        intact = _intact(folder, previous)
        data = _render_changed(outputs, old_files, intact, force, report.reused, report.rebuilt)
        printed_change = any(o.printed and o.name in data for o in outputs)
        reprint = changed if previous and printed_change else []
        guide_key = digest(
            code_digest(),
            options,
            rp.guide_rows(kit, options),
            [s.caption for s in reprint],
            [o.name for o in outputs],
        )
        files = {o.name: o.key for o in outputs}
        files[GUIDE_FILE] = guide_key
        if force or old_files.get(GUIDE_FILE) != guide_key or GUIDE_FILE not in intact:
            data[GUIDE_FILE] = rp.render_guide(kit, options, [o.name for o in outputs], reprint)
            report.rebuilt.insert(0, GUIDE_FILE)
        else:
            report.reused.insert(0, GUIDE_FILE)
        if reprint:
            data[REPRINT_FILE] = rp.render_reprint(kit, options, reprint)
            report.reprinted = reprint
        _preflight(folder, data, [o.name for o in outputs] + [GUIDE_FILE])
        stale = [name for name in old_files if name not in files and name != REPRINT_FILE]
        manifest = {
            "whole": whole,
            "printkit": code_digest(),
            "files": files,
            "digests": _digests(files, data, previous.get("digests", {})),
            "sheets": {s.part + f"#{s.index}": [s.key, s.caption, list(s.labels)] for s in sheets},
            "pieces": _pieces(kit),
        }
        report.removed = commit(folder, data, stale, MANIFEST, manifest)
    return report


def commit(folder: Path, data: dict[str, bytes], stale: list[str], name: str, manifest: dict):
    """Write the rendered files, delete the stale ones, then the manifest, all or nothing
    (``printkit.files``); returns the names deleted."""
    body = json.dumps(manifest, indent=1, sort_keys=True).encode()
    commit_files(folder, {**data, name: body}, stale)
    return stale


def _render_changed(
    items, old: dict[str, str], intact: set[str], force: bool, reused: list, rendered: list
) -> dict[str, bytes]:
    """Render each item whose key changed or whose file is no longer as written; reuse the rest."""
    data: dict[str, bytes] = {}
    for item in items:
        if not force and old.get(item.name) == item.key and item.name in intact:
            reused.append(item.name)
        else:
            data[item.name] = item.render()
            rendered.append(item.name)
    return data


def _intact(folder: Path, manifest: dict) -> set[str]:
    """The files of the last build still as it wrote them (digest checked): reusable."""
    recorded = manifest.get("digests", {})
    return {name for name, sha in recorded.items() if file_digest(folder / name) == sha}


def _digests(names, data: dict[str, bytes], old: dict) -> dict[str, str]:
    """Each file's sha256: of the bytes written now, or as checked when it was reused."""
    return {name: bytes_digest(data[name]) if name in data else old.get(name, "") for name in names}


def _preflight(folder: Path, data: dict[str, bytes], names: list[str]) -> None:
    """Measure what was rendered before anything is written: a kit that would not print
    cleanly fails the build (exit 2) and leaves the previous kit in place."""
    from printkit.errors import PreflightError
    from printkit.render.preflight import REPORT_HINT, preflight, report

    pdfs = {
        n: data[n] if n in data else (folder / n).read_bytes() for n in names if n.endswith(".pdf")
    }
    if REPRINT_FILE in data:
        pdfs[REPRINT_FILE] = data[REPRINT_FILE]
    findings = preflight(pdfs, checked=[n for n in pdfs if n in data])
    if findings:
        raise PreflightError(report(findings), REPORT_HINT)


def _changed_sheets(sheets: list[Sheet], old: dict | None) -> list[Sheet]:
    old = old or {}
    return [s for s in sheets if old.get(f"{s.part}#{s.index}", [None])[0] != s.key]


def _pieces(kit: Kit) -> dict[str, dict[str, dict[str, str]]]:
    return {
        part.id: {p.label: dict(p.fields) for p in part.every_piece}
        for part in kit.parts
        if isinstance(part, Deck)
    }


# -- diff ------------------------------------------------------------------------
@dataclass(frozen=True)
class PieceChange:
    part: str
    label: str
    fields: tuple[tuple[str, str, str], ...]  # (field, before, after)


def diff(
    kit: Kit, options: KitOptions, pack_key: str, folder: Path
) -> tuple[list[str], list[PieceChange]]:
    """Components whose printed content changed since the last build, and card fields."""
    previous = read_manifest(folder)
    if not previous:
        return [part.title for part in kit.parts], []
    old_files = previous.get("files", {})
    changed_parts = [
        part.title
        for index, part in enumerate(kit.parts, start=1)
        if old_files.get(part_file(index, part)) != part_key(part, options, pack_key)
    ]
    old_pieces = previous.get("pieces", {})
    changes = []
    for part_id, pieces in _pieces(kit).items():
        before_part = old_pieces.get(part_id, {})
        for label, fields_now in pieces.items():
            before = before_part.get(label)
            if before is None:
                changes.append(PieceChange(part_id, label, (("(new)", "", ""),)))
                continue
            delta = tuple(
                (name, before.get(name, ""), value)
                for name, value in fields_now.items()
                if before.get(name, "") != value
            )
            if delta:
                changes.append(PieceChange(part_id, label, delta))
        for label in before_part:
            if label not in pieces:
                changes.append(PieceChange(part_id, label, (("(removed)", "", ""),)))
    return changed_parts, changes


def templates_digest() -> str:
    return tree_digest(TEMPLATES)


# -- one game, one paper -----------------------------------------------------------
def pack_digest(pack) -> str:
    return digest(pack)


def kit_for(plugin, pack, options: KitOptions) -> Kit:
    if plugin.kit is None:
        from printkit.errors import UsageError

        raise UsageError(f"game {pack.id!r} has no kit renderer registered")
    return plugin.kit(pack, options)


def rulebook_outputs(plugin, pack, options: KitOptions, examples_key: str) -> dict:
    """The rulebook's files, if the game has one, keyed on everything it reads."""
    if getattr(plugin, "rulebook", None) is None:
        return {}
    from printkit.rulebook.build import render_rulebook

    key = digest(
        pack_digest(pack),
        examples_key,
        templates_digest(),
        tree_digest(pack.folder / "rulebook"),
        tree_digest(pack.folder, suffixes=(".png", ".jpg", ".jpeg", ".svg")),  # its pictures
        options,
    )
    cache: dict[str, bytes] = {}

    def render(name: str) -> Callable[[], bytes]:
        def run() -> bytes:
            if not cache:
                cache.update(
                    render_rulebook(plugin, pack, options.paper, options.theme, options.lang)
                )
            return cache[name]

        return run

    return {name: (key, render(name)) for name in ("rulebook.pdf", "rulebook.html")}


def settings_of(options: KitOptions, ink_saver: bool) -> tuple:
    return (options.paper.id, ink_saver, options.back_offset, options.lang)


def build_game(
    plugin, pack, out: Path, options: KitOptions, ink_saver: bool = False, force: bool = False
) -> BuildReport:
    folder = output_folder(out, pack.id, options.paper.id, ink_saver, options.lang)
    whole = whole_key(pack, settings_of(options, ink_saver))
    unchanged = None if force else up_to_date(folder, whole)
    if unchanged is not None:
        return BuildReport(folder, reused=unchanged)
    kit = kit_for(plugin, pack, options)
    examples_key = tree_digest(pack.folder / "examples")
    extra = rulebook_outputs(plugin, pack, options, examples_key)
    if not force:
        return build_folder(kit, options, folder, pack_digest(pack), extra, force, whole)
    from printkit.build.diskcache import fresh

    with fresh():  # --force: nothing from the disk cache either
        return build_folder(kit, options, folder, pack_digest(pack), extra, force, whole)


EXPORTS_MANIFEST = ".printkit-exports.json"


@dataclass
class ExportReport:
    written: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


def build_exports(
    plugin, pack, out: Path, options: KitOptions, png: bool, tts: bool, force: bool = False
) -> ExportReport:
    """PNG and Tabletop Simulator exports (paper-independent), rendered again only where a
    face changed: each file is keyed on its faces' drawings in ``.printkit-exports.json``."""
    from printkit.build.exports import print_exports, tts_exports

    kit = kit_for(plugin, pack, options)
    lang = f"-{options.lang}" if options.lang else ""  # a game printed in several languages
    roots = {"png": f"png{lang}", "tts": f"tts{lang}"}
    folder = out / pack.id
    exports = (print_exports(kit, roots["png"]) if png else []) + (
        tts_exports(kit, roots["tts"], folder) if tts else []
    )
    kinds = tuple(f"{roots[k]}/" for k, wanted in (("png", png), ("tts", tts)) if wanted)
    report = ExportReport()
    with build_lock(folder):
        recover(folder)
        previous = read_manifest(folder, EXPORTS_MANIFEST)
        old, intact = previous.get("files", {}), _intact(folder, previous)
        data = _render_changed(exports, old, intact, force, report.reused, report.written)
        current = {e.name: e.key for e in exports}
        stale = [name for name in old if name.startswith(kinds) and name not in current]
        kept = {name: key for name, key in old.items() if not name.startswith(kinds)}
        files = {**kept, **current}
        digests = _digests(files, data, previous.get("digests", {}))
        manifest = {"files": files, "digests": digests}
        report.removed = commit(folder, data, stale, EXPORTS_MANIFEST, manifest)
    return report


# -- several paper sizes (and languages) at once ------------------------------------
Settings = tuple  # (paper id, ink saver, back offset in points, language)


def options_for(settings: Settings) -> KitOptions:
    from printkit.render.theme import Theme
    from printkit.render.units import PAPERS

    paper_id, ink_saver, offset, lang = settings
    return KitOptions(PAPERS[paper_id], Theme(ink_saver=ink_saver), offset, lang)


_SHARED: dict[str, tuple] = {}  # the loaded pack, handed to forked workers without a reload


def start_method() -> str:
    """``fork`` on Linux, where workers inherit the loaded pack; ``spawn`` elsewhere.

    macOS and Windows start workers with ``spawn`` (fork is unsafe or absent
    there); a spawned worker loads the pack again from its folder.
    """
    import multiprocessing
    import sys

    usable = sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
    return "fork" if usable else "spawn"


def _ignore_ctrl_c() -> None:
    """Workers leave Ctrl-C to the parent, which lets them finish writing before it stops."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_pack(folder: Path) -> tuple:
    """The parent's pack in a forked worker; loaded again from its folder in a spawned one."""
    if "pack" not in _SHARED:
        from printkit.check.checker import PackCache

        _SHARED["pack"] = PackCache(folder.parent).load(folder)
    return _SHARED["pack"]


def _build_in_worker(job: tuple) -> tuple[str, object]:
    """Runs in a worker process: build one target, report plainly."""
    from printkit.errors import PrintkitError

    out, settings, force, folder = job
    try:
        plugin, pack = _worker_pack(folder)
        report = build_game(plugin, pack, out, options_for(settings), settings[1], force)
        return "ok", report
    except PrintkitError as exc:  # pickles with its fields: the parent raises it as it was
        return "error", exc


def build_targets(
    plugin,
    pack,
    out: Path,
    targets: list[Settings],
    force: bool = False,
    method: str = "",
    checked: bool = False,
) -> list[BuildReport]:
    """Build each target; several at once on several cores (same bytes either way).

    The pack's examples must agree with the engine (``checked`` says the
    caller has just made sure). ``method`` names the worker start method
    (default: `start_method()`).
    """
    import os

    if not checked:
        from printkit.build.gate import require_passing

        require_passing(plugin, pack)

    if len(targets) < 2 or (os.cpu_count() or 1) < 2:
        return [build_game(plugin, pack, out, options_for(t), t[1], force) for t in targets]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    jobs = [(out, t, force, pack.folder) for t in targets]
    _SHARED["pack"] = (plugin, pack)
    pool = ProcessPoolExecutor(
        min(len(jobs), os.cpu_count() or 1),
        mp_context=multiprocessing.get_context(method or start_method()),
        initializer=_ignore_ctrl_c,
    )
    try:
        results = list(pool.map(_build_in_worker, jobs))
    except BrokenProcessPool:
        from printkit.errors import PrintkitError

        raise PrintkitError(
            "a build worker stopped without finishing (killed, or out of memory)",
            "run the build again; each file is whole, but they may be of two builds",
        ) from None
    finally:
        pool.shutdown(wait=True)  # on Ctrl-C too: workers finish their atomic writes first
        _SHARED.clear()
    reports = []
    for status, value in results:
        if status == "error":
            raise value
        reports.append(value)
    return reports


def preflight_built(plugin, pack, out: Path, papers) -> list[tuple[str, list]]:
    """`printkit preflight` for one game: the findings of each built kit folder (every
    language it prints, every paper asked for); an unbuilt kit is an error."""
    from printkit.build.manifest import languages_of
    from printkit.errors import UsageError
    from printkit.render.preflight import preflight_folder

    result = []
    for lang in languages_of(plugin, ()):
        for paper_id in papers:
            built = output_folder(out, pack.id, paper_id, False, lang)
            if not any(built.glob("*.pdf")):
                raise UsageError(f"{built}: no kit built", f"run 'printkit build {pack.id}' first")
            result.append((str(built), preflight_folder(built)))
    return result


def diff_lines(plugin, pack, out: Path, paper: str, lang: str = "") -> list[str]:
    """`printkit diff` for one game: changed components, then changed card fields."""
    options = options_for((paper, False, (0.0, 0.0), lang))
    kit = kit_for(plugin, pack, options)
    built = output_folder(out, pack.id, paper, False, lang)
    parts, pieces = diff(kit, options, pack_digest(pack), built)
    where = f" ({lang})" if lang else ""
    lines = [f"{pack.title}{where}: {len(parts)} component(s) changed since the last build"]
    lines += [f"  {title}" for title in parts]
    for change in pieces:
        for name, before, after in change.fields:
            if name.startswith("("):
                lines.append(f"    {change.part} {change.label}: {name.strip('()')}")
            else:
                lines.append(f"    {change.part} {change.label}: {name}: {before!r} -> {after!r}")
    return lines
