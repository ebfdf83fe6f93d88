"""Find the content a run is compared against: a folder, or a git revision's content/.

A revision is read with ``git archive`` into a temporary folder, so neither the
work tree nor the index is touched.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from printkit.check.checker import PackCache
from printkit.content.packs import GAME_FILE, game_id_of
from printkit.errors import UsageError
from printkit.simulate.runner import Source


def game_folder(path: Path, game: str) -> Path:
    """``path`` itself when it is the game's folder, else the game's folder inside it."""
    if (path / GAME_FILE).is_file():
        found = game_id_of(path)
        if found != game:
            raise UsageError(f"{path} holds game {found!r}, not {game!r}")
        return path
    return PackCache(path).folder_of(game)


@contextmanager
def baseline_source(spec: str, game: str, content: Path) -> Iterator[Source]:
    """The baseline's game folder, available for the length of the ``with`` block."""
    path = Path(spec)
    if path.is_dir():
        yield Source(game_folder(path, game).resolve(), str(spec))
        return
    with tempfile.TemporaryDirectory(prefix="printkit-baseline-") as temp:
        root = extract_revision(spec, content, Path(temp))
        yield Source(game_folder(root, game).resolve(), f"{spec} (git)")


def extract_revision(revision: str, content: Path, into: Path) -> Path:
    """Copy ``content`` as it was at ``revision`` into ``into``; return the copy."""
    top = _git_top(content, revision)
    relative = content.resolve().relative_to(top).as_posix()
    _git(top, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}", what=revision)
    archive = _git(top, "archive", "--format=tar", revision, "--", relative, what=revision)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # Python before 3.10.12: git's own archive holds no links out
            tar.extractall(into)  # noqa: S202
    return into / relative


def _git_top(content: Path, revision: str) -> Path:
    try:
        out = _git(content.resolve(), "rev-parse", "--show-toplevel", what=revision)
    except UsageError:
        raise UsageError(
            f"baseline {revision!r} is not a folder, and {content} is not in a git repository"
        ) from None
    return Path(out.decode().strip()).resolve()


def _git(where: Path, *args: str, what: str) -> bytes:
    try:
        done = subprocess.run(["git", "-C", str(where), *args], capture_output=True, check=False)
    except FileNotFoundError:
        raise UsageError(f"baseline {what!r} is not a folder, and git is not installed") from None
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip() or "no such revision"
        raise UsageError(
            f"baseline {what!r} is neither a folder nor a git revision of {where}: {said}"
        )
    return done.stdout
