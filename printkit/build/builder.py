"""Build a game's kit: plan every output file, render only what changed, write it safely.

Each part is drawn from a recording view of the pack (`printkit.build.record`):
the content values it reads, making it and drawing it, are kept in the
manifest with their fingerprints, beside a key of printkit's code and fonts,
the options and the part's own shape. A part is reused only if its key is the
same and every value it read is unchanged. Everything that must change is
rendered in memory first; only then are files renamed into place (Ctrl-C held
meanwhile), so an error leaves the previous kit whole. Each part file's pages
are digested (`printkit.build.pages`): `reprint.pdf` holds the sheets whose
pages came out different, and nothing about a build's history reaches the
other files (the printing guide is drawn from the kit alone).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from printkit.build.aside import Aside, beside, usable
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
from printkit.build.record import changed_reads, files_once, recording
from printkit.kit import Board, Deck, Kit, KitOptions, Pages, Part, part_file

GUIDE_FILE = "00-printing-guide.pdf"
REPRINT_FILE = "reprint.pdf"
Progress = Callable[[str], None]  # told what the build starts on, for a person watching


@dataclass(frozen=True)
class Output:
    """One file the build can write: its name, its key, how to render it, whose part."""

    name: str
    key: str
    render: Callable[[], bytes]
    printed: bool = True  # part of what a player prints and cuts
    part: str = ""  # the part it prints (its recorded reads decide reuse)
    aside: bool = False  # rendered in a child beside the kit's parts where it can be
    prepare: Callable[[], object] | None = None  # made here first, then shared with the child


@dataclass(frozen=True)
class Sheet:
    """One printed sheet (or board, or page) a reprint can replace: pages of a part's file."""

    part: str
    index: int
    caption: str
    labels: tuple[str, ...]
    pages: tuple[int, ...]  # page numbers (from 0) in the part's file


@dataclass
class BuildReport:
    folder: Path
    rebuilt: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    reprinted: list[Sheet] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "folder": str(self.folder),
            "rebuilt": self.rebuilt,
            "reused": self.reused,
            "removed": self.removed,
            "reprint": [sheet.caption for sheet in self.reprinted],
        }


# -- part keys and sheets ----------------------------------------------------------
def shape(part: Part) -> tuple:
    """What a part is, apart from its drawings: the builder lays it out from these."""
    decks = (part, *part.also) if isinstance(part, Deck) else ()
    pieces = [
        [(p.label, p.group, p.fields, p.token, p.back is None) for p in d.pieces] for d in decks
    ]
    sizes = [(d.width, d.height) for d in decks] or [
        (getattr(part, "width", 0), getattr(part, "height", 0))
    ]
    pages = len(part.pages) if isinstance(part, Pages) else 0
    flags = (getattr(part, "fold", False), getattr(part, "landscape", False))
    return (type(part).__name__, part.id, part.title, part.note, sizes, pieces, pages, flags)


def part_key(part: Part, options: KitOptions) -> str:
    return digest(code_digest(), options, shape(part), getattr(part, "copies", "1"))


def part_sheets(part: Part, options: KitOptions) -> list[Sheet]:
    """The reprintable units of a part's file: deck sheets (front and back), each page of
    whole pages, a board whole."""
    from printkit.build.parts import page_count, sides
    from printkit.render.impose import layout_sheets
    from printkit.render.labels import labels_for, say

    labels = labels_for(options.lang)
    result: list[Sheet] = []
    if isinstance(part, Deck):
        page = 0
        for index, bands in enumerate(layout_sheets(part.sizes(), options.paper)):
            chunk = [p for band in bands for p in band.pieces]
            caption = say(labels, "sheet.name", title=part.title, number=index + 1)
            pages = tuple(range(page, page + sides(part)))
            result.append(Sheet(part.id, index, caption, tuple(p.label for p in chunk), pages))
            page += sides(part)
        return result
    if isinstance(part, Pages):
        return [
            Sheet(part.id, n, say(labels, "sheet.name", title=part.title, number=n + 1), (), (n,))
            for n in range(len(part.pages))
        ]
    pages = tuple(range(page_count(part, options.paper)))
    return [Sheet(part.id, 0, part.title, (), pages)]


# -- planning ------------------------------------------------------------------
@dataclass(frozen=True)
class Extra:
    """A file beside the kit's parts (the rulebook): its key and how to render it; one
    that may be drawn in a child beside this process names what to make here before the
    child starts (``prepare``: the work it shares with files drawn here, done once)."""

    key: str
    render: Callable[[], bytes]
    beside: bool = False
    prepare: Callable[[], object] | None = None


def plan(kit: Kit, options: KitOptions, extra: dict[str, Extra]) -> list[Output]:
    """Every file of one paper size but the guide; ``extra`` adds e.g. the rulebook."""
    from printkit.build import parts as rp

    outputs = []
    for index, part in enumerate(kit.parts, start=1):
        key = part_key(part, options)
        files = [(part_file(index, part), rp.render_part)]
        if isinstance(part, Board):
            files.append((rp.large_board_file(part, options), rp.render_large_board))
        bound = [(name, _bind(render, part, kit, options)) for name, render in files]
        for deck in (part, *part.also) if isinstance(part, Deck) else ():
            if deck.fold and rp.can_fold(deck, options):  # companions fold from their own file
                bound.append((f"fold-{deck.id}.pdf", _bind(rp.render_fold, deck, kit, options)))
        for name, render in bound:
            outputs.append(Output(name, digest(key, name), render, part=part.id))
    from printkit.render.guide import CALIBRATION_FILE, has_duplex

    if has_duplex(kit):
        key = digest(code_digest(), "calibration", options, kit.title)
        outputs.append(Output(CALIBRATION_FILE, key, _bind(rp.render_calibration, kit, options)))
    return outputs + _extra_outputs(extra)


def _extra_outputs(extra: dict[str, Extra]) -> list[Output]:
    return [
        Output(
            name, digest(code_digest(), item.key), item.render, False, "", item.beside, item.prepare
        )
        for name, item in extra.items()
    ]


def _bind(fn, *args):
    return lambda: fn(*args)


def guide_output(kit: Kit, options: KitOptions, names: list[str]) -> Output:
    """The printing guide: a function of the kit and its files, never of the last build."""
    from printkit.build import parts as rp
    from printkit.render.guide import has_duplex

    rows = rp.guide_rows(kit, options)
    key = digest(code_digest(), options, kit.title, rows, kit.extras, has_duplex(kit), names)
    return Output(GUIDE_FILE, key, _bind(rp.render_guide, kit, options, names))


# -- building ------------------------------------------------------------------
def build_folder(
    kit: Kit,
    options: KitOptions,
    folder: Path,
    pack: object,
    extra: dict[str, Extra] | None = None,
    force: bool = False,
    whole: str = "",
    progress: Progress | None = None,
) -> BuildReport:
    """Render what changed into memory, then write it all (or nothing).

    ``pack`` is the plain pack the kit was made from (through a view): each part's
    recorded reads are checked against it. ``progress`` hears each step as it starts."""
    report = BuildReport(folder)
    with build_lock(folder):
        recover(folder)  # a build killed while committing: finish it first
        previous = read_manifest(folder)
        old = previous.get("files", {})
        extras = _extra_outputs(extra or {})
        extra_names = {o.name for o in extras}
        same_keys = {o.name for o in extras if not force and old.get(o.name) == o.key}
        seen = _intact(folder, previous, same_keys)  # a file with a new key is drawn anyway
        jobs = [o for o in _due(extras, old, seen, set(), force) if o.aside]
        with _started(jobs) as aside:  # the kit is planned here while the child draws
            outputs = plan(kit, options, extra or {})
            outputs.insert(0, guide_output(kit, options, [o.name for o in outputs]))
            fresh_parts = _fresh_parts(kit, pack, previous, force)
            intact = seen | _intact(folder, previous, exclude=extra_names)
            due = _due(outputs, old, intact, fresh_parts, force)
            drawn = _draw(kit, options, outputs, due, previous, progress or _silent, aside)
        data, pages, reprint = drawn.data, drawn.pages, drawn.reprint
        report.rebuilt = [o.name for o in outputs if o.name in data]
        report.reused = [o.name for o in outputs if o.name not in data]
        part_reads = {
            part.id: _merged(part, drawn.reads.get(part.id), previous, part.id in fresh_parts)
            for part in kit.parts
        }
        report.reprinted = reprint
        removed_reprint = not reprint and not _reprint_current(previous.get("reprint", {}), pages)
        names = [o.name for o in outputs]
        (progress or _silent)(f"{folder}: preflight")
        _preflight(folder, data, names, drawn.measured)
        files = {o.name: o.key for o in outputs}
        stale = [name for name in previous.get("files", {}) if name not in files]
        stale += [REPRINT_FILE] if removed_reprint and (folder / REPRINT_FILE).exists() else []
        held = {s.part: pages[s.part] for s in reprint} if reprint else previous.get("reprint", {})
        manifest = {
            "whole": whole,
            "printkit": code_digest(),
            "files": files,
            "digests": _digests(files, data, previous.get("digests", {})),
            "pages": pages,
            "reprint": {} if removed_reprint else held,
            "paths": _paths(part_reads),
            "reads": {pid: {p: v for p, (_, v) in r.items()} for pid, r in part_reads.items()},
            "pieces": _pieces(kit),
        }
        report.removed = commit(folder, data, stale, MANIFEST, manifest)
    return report


@dataclass
class _Drawn:
    """What a build drew: its files (reprint.pdf last), the reads made drawing them by
    part, every part file's page digests, the sheets reprinted, files measured already."""

    data: dict[str, bytes]
    reads: dict[str, dict]
    pages: dict[str, list[str]]
    reprint: list[Sheet]
    measured: dict[str, object]


@contextmanager
def _started(jobs: list[Output]) -> Iterator[Aside | None]:
    """The files due that are drawn beside (the rulebook) started in a child where one can
    run, once what they share with files drawn here is made (the child inherits it); the
    child is stopped if the build fails before collecting it."""
    if jobs and usable():
        for item in jobs:
            if item.prepare is not None:
                with recording():  # as when it is made drawing the file
                    item.prepare()
    with beside([(o.name, o.render) for o in jobs], measure) as aside:
        yield aside


def _draw(
    kit: Kit, options: KitOptions, outputs, due, previous: dict, progress, aside: Aside | None
) -> _Drawn:
    """Render what is due: the rulebook in the child beside this process if one was
    started, the kit's parts and the reprint sheet here, each file measured where it was
    drawn."""
    data, reads = _render(due, aside.names if aside is not None else (), progress)
    pages = _pages(kit, outputs, data, previous.get("pages", {}))
    reprint = _reprinted(kit, options, pages, previous, data, outputs) if previous else []
    sheet = {REPRINT_FILE: _render_reprint(kit, options, reprint, data)} if reprint else {}
    here = {**data, **sheet}
    measured = {n: measure(n, b) for n, b in here.items()} if aside is not None else {}
    data, found = _gathered(outputs, data, aside, progress)
    return _Drawn({**data, **sheet}, reads, pages, reprint, {**measured, **found})


def _fresh_parts(kit: Kit, pack: object, previous: dict, force: bool) -> set[str]:
    """The parts that must be drawn again: new key, or a value they read has changed."""
    if force or not previous:
        return {part.id for part in kit.parts}
    known: dict[str, str] = {}  # each path resolved once for all parts
    return {part.id for part in kit.parts if changes_of(part.id, pack, previous, known) != []}


def recorded_reads(part_id: str, previous: dict) -> dict | None:
    """The reads the last build recorded for a part, as (steps, value) by path."""
    reads = previous.get("reads", {}).get(part_id)
    steps = previous.get("paths", {})
    if not isinstance(reads, dict) or not isinstance(steps, dict):
        return None
    if not all(isinstance(steps.get(path), list) for path in reads):
        return None
    return {path: (steps[path], value) for path, value in reads.items()}


def changes_of(
    part_id: str, pack: object, previous: dict, known: dict[str, str] | None = None
) -> list[tuple[str, str, str]] | None:
    """(path, then, now) for each value the part read that reads differently now; None
    when nothing usable was recorded (the part is drawn again). ``known``: the values
    resolved for other parts of the same pack, by path."""
    recorded = recorded_reads(part_id, previous)
    if recorded is None:
        return None
    try:
        return changed_reads(pack, recorded, known)
    except Exception:  # a manifest not as this printkit writes it: draw the part again
        return None


def _silent(_: str) -> None:
    pass


def _due(
    outputs: list[Output], old: dict[str, str], intact: set[str], fresh: set[str], force: bool
) -> list[Output]:
    """The outputs to render: key changed, part read a changed value, or file no longer
    as written."""
    return [
        item
        for item in outputs
        if force or item.part in fresh or old.get(item.name) != item.key or item.name not in intact
    ]


def _render(outputs: list[Output], beside_names: tuple[str, ...], progress: Progress):
    """Render each output but those drawn beside (named in turn all the same); the reads
    made while drawing go to its part."""
    data: dict[str, bytes] = {}
    reads: dict[str, dict] = {}
    for item in outputs:
        progress(f"drawing {item.name}")
        if item.name in beside_names:
            continue
        with recording() as found:
            data[item.name] = item.render()
        if item.part:
            reads.setdefault(item.part, {}).update(found)
    return data, reads


def _gathered(outputs: list[Output], data: dict[str, bytes], aside, progress: Progress):
    """The files drawn here and beside (rendered here after all if the child failed), in
    the plan's order, and the child's measurements of its files by name."""
    measured: dict[str, object] = {}
    if aside is not None:
        got = aside.collect()
        if got is None:  # the child failed: draw its files here (an error is raised here)
            progress(f"drawing {', '.join(aside.names)} here: the worker beside stopped")
            by_name = {o.name: o for o in outputs}
            got = {name: (_drawn_here(by_name[name]), None) for name in aside.names}
        for name, (body, found) in got.items():
            data[name] = body
            if found is not None:
                measured[name] = found
    return {o.name: data[o.name] for o in outputs if o.name in data}, measured


def _drawn_here(item: Output) -> bytes:
    with recording():  # as `_render` draws it
        return item.render()


def _merged(part: Part, drawn: dict | None, previous: dict, fresh: bool) -> dict:
    """A part's reads: making it (this build), drawing it (this build, and as last recorded
    when some of its files were reused as they were)."""
    result = dict(part.reads)
    result.update(drawn or {})
    return result if fresh else {**(recorded_reads(part.id, previous) or {}), **result}


def _paths(part_reads: Mapping[str, dict]) -> dict[str, list]:
    return {
        path: list(steps) for reads in part_reads.values() for path, (steps, _) in reads.items()
    }


def commit(folder: Path, data: dict[str, bytes], stale: list[str], name: str, manifest: dict):
    """Write the rendered files, delete the stale ones, then the manifest, all or nothing
    (``printkit.files``); returns the names deleted."""
    commit_files(folder, {**data, name: manifest_bytes(manifest)}, stale)
    return stale


def manifest_bytes(manifest: dict) -> bytes:
    """The manifest as JSON, one top-level key a line: written by the json module's C
    encoder (an ``indent`` would take its pure-Python one, several times slower on a
    manifest of every read a kit made)."""
    lines = [
        f"{json.dumps(key)}:{json.dumps(manifest[key], sort_keys=True, separators=(',', ':'))}"
        for key in sorted(manifest)
    ]
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


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


def _intact(
    folder: Path, manifest: dict, only: Collection[str] | None = None, exclude: Collection[str] = ()
) -> set[str]:
    """The files of the last build still as it wrote them (digest checked): reusable.
    ``only`` and ``exclude`` name the files to check (each is read once a build)."""
    recorded = manifest.get("digests", {})
    return {
        name
        for name, sha in recorded.items()
        if (only is None or name in only) and name not in exclude
        if file_digest(folder / name) == sha
    }


def _digests(names, data: dict[str, bytes], old: dict) -> dict[str, str]:
    """Each file's sha256: of the bytes written now, or as checked when it was reused."""
    return {name: bytes_digest(data[name]) if name in data else old.get(name, "") for name in names}


def measure(name: str, data: bytes) -> object:
    """A rendered file measured for the preflight where it was rendered (None: not a PDF)."""
    if not name.endswith(".pdf"):
        return None
    from printkit.render.preflight import measure_file

    return measure_file(name, data)


def _preflight(
    folder: Path, data: dict[str, bytes], names: list[str], measured: Mapping[str, object]
) -> None:
    """Measure what was rendered before anything is written: a kit that would not print
    cleanly fails the build (exit 2) and leaves the previous kit in place."""
    from printkit.errors import PreflightError
    from printkit.render.preflight import REPORT_HINT, preflight, report

    pdfs = {
        n: data[n] if n in data else (folder / n).read_bytes() for n in names if n.endswith(".pdf")
    }
    if REPRINT_FILE in data:
        pdfs[REPRINT_FILE] = data[REPRINT_FILE]
    findings = preflight(pdfs, checked=[n for n in pdfs if n in data], measured=measured)
    if findings:
        raise PreflightError(report(findings), REPORT_HINT)


# -- reprints: the sheets whose pages came out different -----------------------------
def _part_files(kit: Kit) -> dict[str, str]:
    return {part.id: part_file(index, part) for index, part in enumerate(kit.parts, start=1)}


def _pages(kit: Kit, outputs, data: dict[str, bytes], old: dict) -> dict[str, list[str]]:
    """Each part file's page digests: of the pages drawn now, or as kept for a reused file."""
    from printkit.build.pages import page_digests

    result = {}
    for part_id, name in _part_files(kit).items():
        if name in data:
            result[part_id] = page_digests(data[name])
        elif isinstance(old.get(part_id), list):
            result[part_id] = old[part_id]
    return result


def _reprinted(kit: Kit, options: KitOptions, pages: dict, previous: dict, data, outputs):
    """The sheets of the files drawn now whose pages differ from the pages last built."""
    before = previous.get("pages", {})
    files = _part_files(kit)
    result = []
    for part in kit.parts:
        if files[part.id] not in data:
            continue
        now, then = pages[part.id], before.get(part.id)
        then = then if isinstance(then, list) else []
        for sheet in part_sheets(part, options):
            if any(n >= len(then) or then[n] != now[n] for n in sheet.pages if n < len(now)):
                result.append(sheet)
    return result


def _reprint_current(held: object, pages: dict) -> bool:
    """Whether the reprint.pdf on disk still shows only pages the kit prints now."""
    if not isinstance(held, dict):
        return False
    return all(pages.get(part_id) == digests for part_id, digests in held.items())


def _render_reprint(kit: Kit, options: KitOptions, sheets: list[Sheet], data) -> bytes:
    from printkit.build.parts import render_reprint

    files = _part_files(kit)
    return render_reprint(kit, options, [(s, data[files[s.part]]) for s in sheets])


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


@dataclass(frozen=True)
class PartChange:
    """A part a build would draw again: why (values it read, or its shape), which sheets."""

    part: str
    title: str
    file: str
    values: tuple[tuple[str, str, str], ...]  # (path, before, after)
    sheets: tuple[str, ...]  # the sheets whose pieces changed; () when not known
    reshaped: bool = False  # its layout, size or code changed: every page may change


def diff(
    kit: Kit, options: KitOptions, pack: object, folder: Path
) -> tuple[list[PartChange], list[PieceChange]]:
    """What a build would draw again, from the last build's records, without drawing."""
    previous = read_manifest(folder)
    files = previous.get("files", {})
    pieces = _piece_changes(kit, previous.get("pieces", {})) if previous else []
    touched = {(c.part, c.label) for c in pieces}
    changes = []
    for index, part in enumerate(kit.parts, start=1):
        name = part_file(index, part)
        values = changes_of(part.id, pack, previous) if previous else None
        reshaped = files.get(name) != digest(part_key(part, options), name)
        if not reshaped and values == []:
            continue
        sheets = tuple(
            s.caption
            for s in part_sheets(part, options)
            if any((part.id, label) in touched for label in s.labels)
        )
        changes.append(PartChange(part.id, part.title, name, tuple(values or ()), sheets, reshaped))
    return changes, pieces


def _piece_changes(kit: Kit, old_pieces: dict) -> list[PieceChange]:
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
    return changes


def templates_digest() -> str:
    return tree_digest(TEMPLATES)


# -- one game, one paper -----------------------------------------------------------
def pack_digest(pack) -> str:
    return digest(pack)


def kit_for(plugin, pack, options: KitOptions) -> Kit:
    """The game's kit, made from a recording view of ``pack``: each part carries what its
    making read, and what the kit function read outside any part counts for every part."""
    from dataclasses import replace

    from printkit.build.record import view

    if plugin.kit is None:
        from printkit.errors import UsageError

        raise UsageError(f"game {pack.id!r} has no kit renderer registered")
    with recording() as shared:
        kit = plugin.kit(view(pack), options)
    parts = tuple(replace(part, reads={**shared, **part.reads}) for part in kit.parts)
    return replace(kit, parts=parts)


def rulebook_outputs(plugin, pack, options: KitOptions, examples_key: str) -> dict:
    """The rulebook's files, if the game has one, keyed on everything it reads."""
    if getattr(plugin, "rulebook", None) is None:
        return {}
    key = digest(
        pack_digest(pack),
        examples_key,
        templates_digest(),
        tree_digest(pack.folder / "rulebook"),
        tree_digest(pack.folder, suffixes=(".png", ".jpg", ".jpeg", ".svg")),  # its pictures
        options,
    )
    made: dict[str, tuple] = {}

    def tree() -> tuple:
        """The book's context and Markdown tree, made once for both files."""
        from printkit.rulebook import build

        if "tree" not in made:
            made["tree"] = build.rulebook_tree(plugin, pack, options.theme, options.lang)
        return made["tree"]

    def pdf() -> bytes:
        from printkit.rulebook import build

        context, nodes = tree()
        return build.typeset(nodes, context, options.paper)

    def html() -> bytes:
        from printkit.rulebook import build

        context, nodes = tree()
        return build.html_page(nodes, context).encode("utf-8")

    def shared() -> None:
        """What both files use, made here before the PDF is typeset beside: the tree, and
        each picture the book places summed up (the PDF's characters, the HTML's PNG keys;
        a game may offer blocks its templates never place: no file draws those)."""
        from printkit.rulebook.markdown import placed_blocks

        context, nodes = tree()
        for key in dict.fromkeys(placed_blocks(nodes, context.blocks)):
            fingerprint = getattr(context.blocks[key], "fingerprint", None)
            if fingerprint is not None:
                fingerprint()

    return {"rulebook.pdf": Extra(key, pdf, True, shared), "rulebook.html": Extra(key, html)}


def settings_of(options: KitOptions, ink_saver: bool) -> tuple:
    return (options.paper.id, ink_saver, options.back_offset, options.lang)


def build_game(
    plugin,
    pack,
    out: Path,
    options: KitOptions,
    ink_saver: bool = False,
    force: bool = False,
    progress: Progress | None = None,
) -> BuildReport:
    folder = output_folder(out, pack.id, options.paper.id, ink_saver, options.lang)
    whole = whole_key(pack, settings_of(options, ink_saver))
    unchanged = None if force else up_to_date(folder, whole)
    if unchanged is not None:
        return BuildReport(folder, reused=unchanged)
    with files_once():  # a picture file's digest taken once for every read of it
        kit = kit_for(plugin, pack, options)
        examples_key = tree_digest(pack.folder / "examples")
        extra = rulebook_outputs(plugin, pack, options, examples_key)
        if not force:
            return build_folder(kit, options, folder, pack, extra, force, whole, progress)
        from printkit.build.diskcache import fresh

        with fresh():  # --force: nothing from the disk cache either
            return build_folder(kit, options, folder, pack, extra, force, whole, progress)


EXPORTS_MANIFEST = ".printkit-exports.json"


@dataclass
class ExportReport:
    written: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def as_json(self) -> dict:
        return {"written": self.written, "reused": self.reused, "removed": self.removed}


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
    from printkit.build import aside
    from printkit.errors import PrintkitError

    aside.ENABLED[0] = False  # the kits build side by side here: every core is busy already
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
    progress: Progress | None = None,
) -> list[BuildReport]:
    """Build each target; several at once on several cores (same bytes either way).

    The pack's examples must agree with the engine (``checked`` says the
    caller has just made sure). ``method`` names the worker start method
    (default: `start_method()`). ``progress`` hears each file drawn in a serial
    build, each finished kit in a parallel one.
    """
    import os

    if not checked:
        from printkit.build.gate import require_passing

        require_passing(plugin, pack)

    if len(targets) < 2 or (os.cpu_count() or 1) < 2:
        return [
            build_game(plugin, pack, out, options_for(t), t[1], force, progress) for t in targets
        ]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from printkit.build.lock import interrupts_remembered

    jobs = [(out, t, force, pack.folder) for t in targets]
    _SHARED["pack"] = (plugin, pack)
    pool = ProcessPoolExecutor(
        min(len(jobs), os.cpu_count() or 1),
        mp_context=multiprocessing.get_context(method or start_method()),
        initializer=_ignore_ctrl_c,
    )
    with interrupts_remembered():
        try:
            tell = progress or _silent
            tell(f"building {len(jobs)} kits on {min(len(jobs), os.cpu_count() or 1)} cores")
            results = []
            for status, value in pool.map(_build_in_worker, jobs):
                results.append((status, value))
                if status == "ok":
                    tell(f"{value.folder}: done ({len(results)} of {len(jobs)})")
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
    """`printkit diff` for one game: the parts a build would draw again, the values that
    changed, the sheets they touch, then changed card fields."""
    where = f" ({lang})" if lang else ""
    report = diff_report(plugin, pack, out, paper, lang)
    lines = [
        f"{pack.title}{where}: {len(report['parts'])} component(s) changed since the last build"
    ]
    for part in report["parts"]:
        sheets = f": {', '.join(part['sheets'])}" if part["sheets"] else ""
        lines.append(f"  {part['title']} ({part['file']}){sheets}")
        if part["reshaped"]:
            lines.append("    its layout or printkit changed: every page may change")
        for value in part["values"]:
            lines.append(f"    {value['path']}: {value['before']} -> {value['after']}")
    for change in report["pieces"]:
        for name, before, after in change["fields"]:
            if name.startswith("("):
                lines.append(f"    {change['part']} {change['label']}: {name.strip('()')}")
            else:
                lines.append(
                    f"    {change['part']} {change['label']}: {name}: {before!r} -> {after!r}"
                )
    return lines


def diff_report(plugin, pack, out: Path, paper: str, lang: str = "") -> dict:
    """`printkit diff --json`: the same answer as data."""
    options = options_for((paper, False, (0.0, 0.0), lang))
    kit = kit_for(plugin, pack, options)
    built = output_folder(out, pack.id, paper, False, lang)
    parts, pieces = diff(kit, options, pack, built)
    return {
        "game": pack.id,
        "paper": paper,
        "lang": lang,
        "built": built.joinpath(MANIFEST).exists(),
        "parts": [
            {
                "part": c.part,
                "title": c.title,
                "file": c.file,
                "sheets": list(c.sheets),
                "reshaped": c.reshaped,
                "values": [{"path": p, "before": b, "after": a} for p, b, a in c.values],
            }
            for c in parts
        ],
        "pieces": [
            {"part": c.part, "label": c.label, "fields": [list(f) for f in c.fields]}
            for c in pieces
        ],
    }
