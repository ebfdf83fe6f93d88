"""Collect each worked example as its own pytest item.

``pytest content/`` (or the project's default run) shows every example file
under ``<pack>/examples/`` as a test that passes exactly when ``printkit check``
would pass it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit.check.checker import PackCache, check_example, read_example
from printkit.errors import PrintkitError


def pytest_collect_file(parent: pytest.Collector, file_path: Path):
    if (
        file_path.suffix in (".yaml", ".yml")
        and file_path.parent.name == "examples"
        and (file_path.parent.parent / "game.yaml").is_file()
    ):
        return ExampleFile.from_parent(parent, path=file_path)
    return None


_CACHE: dict[Path, PackCache] = {}


class ExampleFile(pytest.File):
    def collect(self):
        yield ExampleItem.from_parent(self, name=self.path.stem)


class ExampleItem(pytest.Item):
    def runtest(self) -> None:
        content = self.path.parent.parent.parent
        cache = _CACHE.setdefault(content, PackCache(content))
        plugin, pack = cache.load(self.path.parent.parent)
        example = read_example(self.path)
        result = check_example(plugin, pack, example)
        if not result.passed:
            raise ExampleFailed(result.mismatches)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ExampleFailed):
            return "\n".join(
                f"{m.field}: expected {m.expected!r}, engine says {m.actual!r}"
                for m in excinfo.value.mismatches
            )
        if isinstance(excinfo.value, PrintkitError):
            return excinfo.value.format_message()
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, f"example {self.name}"


class ExampleFailed(Exception):
    def __init__(self, mismatches) -> None:
        super().__init__("example disagrees with the engine")
        self.mismatches = mismatches
