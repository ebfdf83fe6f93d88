"""printkit as a user installs it: the wheel alone, in a fresh environment, from an empty folder.

The wheel is built from this checkout and installed without its dependencies
into a new virtual environment; the dependencies come from the test run's own
environment through a ``.pth`` line (no network). Every file a command reads
must then come from the installed wheel: the test checks that the package it
runs is the installed copy, not this checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOT_SOURCE = (".git", ".venv", "output", "build", "dist")  # at the top of the checkout only
NOT_SOURCE_ANYWHERE = ("*.egg-info", "__pycache__", ".*_cache")
pytestmark = pytest.mark.slow


def _run(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, f"{args} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh virtual environment holding the wheel; its bin folder and a clean environment."""
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env["XDG_CACHE_HOME"] = str(base / "cache")
    source = base / "source"  # a copy, so the build leaves nothing in the checkout
    shutil.copytree(ROOT, source, ignore=_not_source)
    _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
        + ["-w", str(wheels), str(source)],
        base,
        env,
    )
    (wheel,) = wheels.glob("printkit-*.whl")
    target = base / "venv"
    venv.create(target, with_pip=False, symlinks=os.name != "nt")
    bin_dir = target / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    purelib = _ask(python, "import sysconfig; print(sysconfig.get_paths()['purelib'])", env)
    deps = sysconfig.get_paths()["purelib"]  # this run's dependencies, reached read-only
    (Path(purelib) / "printkit-test-deps.pth").write_text(deps + "\n", encoding="utf-8")
    _run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q"]
        + ["--no-deps", "--no-index", str(wheel)],
        base,
        env,
    )
    where = _ask(python, "import printkit; print(printkit.__file__)", env, cwd=base)
    assert Path(where).is_relative_to(target), f"printkit imported from {where}, not the wheel"
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return bin_dir, env


def _not_source(folder: str, names: list[str]) -> set[str]:
    ignored = set(shutil.ignore_patterns(*NOT_SOURCE_ANYWHERE)(folder, names))
    if Path(folder) == ROOT:
        ignored |= set(NOT_SOURCE) & set(names)
    return ignored


def _ask(python: Path, code: str, env: dict[str, str], cwd: Path | None = None) -> str:
    return _run([str(python), "-c", code], cwd or python.parent, env).stdout.strip()


@pytest.mark.slow
def test_the_wheel_alone_makes_a_kit_from_an_empty_folder(installed, tmp_path):
    bin_dir, env = installed
    printkit = str(bin_dir / "printkit")
    work = tmp_path / "my-repo"
    work.mkdir()

    def run(*args: str) -> str:
        return _run([printkit, *args], work, env).stdout

    assert "created content" in run("new", "my-game")
    assert "bundled with printkit" in run("games", "--content", str(_bundled(bin_dir, env)))
    assert "my-game" in run("games")
    assert "0 failed" in run("check")
    run("build", "my-game", "--paper", "a4")
    assert (work / "output" / "my-game" / "a4" / "rulebook.pdf").is_file()
    assert "provisional" in run("gaps")

    run("new", "my-stall", "--from", "lemonade-stall")
    assert "0 failed" in run("check", "content/my-stall")
    run("build", "my-stall", "--paper", "a4")
    assert (work / "output" / "my-stall" / "a4" / "01-board.pdf").is_file()
    assert "20 games" in run("simulate", "my-stall", "--games", "20", "--workers", "1")

    tests = _run(
        [str(bin_dir / "python"), "-m", "pytest", "-v", "-p", "no:cacheprovider", "content"],
        work,
        env,
    ).stdout
    assert "content/my-game/examples/deck-size.yaml::deck-size PASSED" in tests, tests
    assert " failed" not in tests, tests


@pytest.mark.slow
def test_the_bundled_games_build_outside_the_repository(installed, tmp_path):
    bin_dir, env = installed
    _run([str(bin_dir / "printkit"), "check"], tmp_path, env)
    done = _run(
        [str(bin_dir / "printkit"), "build", "lemonade-stall", "--paper", "a4"], tmp_path, env
    )
    assert (tmp_path / "output" / "lemonade-stall" / "a4" / "rulebook.pdf").is_file(), done.stdout


def _bundled(bin_dir: Path, env: dict[str, str]) -> str:
    code = "from printkit.resources import bundled_content; print(bundled_content())"
    return _ask(bin_dir / "python", code, env)
