"""Games spread over a Dask cluster: the same spans and seeds as a local run, so the same report.

The cluster's workers need printkit installed (``pip install 'printkit[cluster]'``)
but not the content: each run ships its packs' files once to every worker,
which unpacks them into a folder of its own, keyed by their digest.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from printkit.errors import UsageError
from printkit.simulate.records import GameRecord
from printkit.simulate.runner import Plan, Source, _Player, spans

Files = dict[str, bytes]  # relative path -> bytes of one pack
MAX_PACK_BYTES = 64 * 1024 * 1024  # a pack larger than this is not content meant to be shipped


SPANS = 64  # spans are cut as for this many workers: a cluster's size is not known here


def play_on_cluster(plan: Plan, progress=None) -> Iterator[tuple[GameRecord, ...]]:
    """Each game's records in game order, the spans played by the cluster at ``plan.scheduler``."""
    client = _client(plan.scheduler)
    try:
        packs = [_files_of(source.folder) for source in plan.sources]
        shipped = client.scatter(packs, broadcast=True)
        local = replace(plan, scheduler="", workers=1)
        parts = spans(plan.games, SPANS)
        futures = [client.submit(play_remote, local, span, shipped, pure=False) for span in parts]
        for future in futures:  # in order: the report is the same whoever finishes first
            games = future.result()
            if progress:
                progress(len(games))
            yield from games
    finally:
        client.close()


def _client(address: str):
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(
            "--scheduler needs Dask's distributed scheduler, which is not installed",
            "pip install 'printkit[cluster]'",
        ) from None
    try:
        return Client(address, timeout=30, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise UsageError(
            f"cannot reach the Dask scheduler at {address}: {exc}",
            "start one with 'dask scheduler' and workers with 'dask worker ADDRESS'",
        ) from None


def _files_of(folder: Path) -> Files:
    files = {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "rulebook" not in p.relative_to(folder).parts
    }
    if sum(len(b) for b in files.values()) > MAX_PACK_BYTES:
        raise UsageError(f"{folder} is over {MAX_PACK_BYTES // 2**20} MiB: too large to ship")
    return files


# -- on a worker -------------------------------------------------------------------
_PLAYERS: dict[str, object] = {}  # one loaded player per plan and content, per worker process
_FOLDERS: dict[str, Path] = {}


def play_remote(plan, span: range, packs: list[Files]) -> list[tuple[GameRecord, ...]]:
    """Runs on a worker: unpack the packs once, then play the span like a local worker."""
    key = hashlib.sha256(repr((plan.game, plan.rules, plan.players, plan.seed)).encode())
    folders = [_unpacked(files, source.folder.name) for files, source in zip(packs, plan.sources)]
    for folder in folders:
        key.update(str(folder).encode())
    player = _PLAYERS.get(key.hexdigest())
    if player is None:
        sources = tuple(Source(f, s.label) for f, s in zip(folders, plan.sources))
        player = _PLAYERS.setdefault(key.hexdigest(), _Player(replace(plan, sources=sources)))
    return player.play(span)


def _unpacked(files: Files, name: str) -> Path:
    digest = hashlib.sha256()
    for path, data in sorted(files.items()):
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    key = digest.hexdigest()
    if key not in _FOLDERS:
        folder = Path(tempfile.mkdtemp(prefix="printkit-pack-")) / name
        for path, data in files.items():
            target = folder / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        _FOLDERS[key] = folder
    return _FOLDERS[key]
