"""A kit is built only while its worked examples agree with the engine, however it is built."""

from __future__ import annotations

import pytest

from printkit.build.builder import build_targets
from printkit.build.gate import ExamplesDisagree
from printkit.check.checker import PackCache
from tests.conftest import edit


def test_the_library_refuses_a_kit_whose_examples_fail(content_copy, tmp_path):
    example = content_copy / "lemonade-stall" / "examples" / "four-player-sales.yaml"
    edit(example, "limit: 15", "limit: 16")
    plugin, pack = PackCache(content_copy).load(content_copy / "lemonade-stall")
    with pytest.raises(ExamplesDisagree) as info:
        build_targets(plugin, pack, tmp_path / "out", [("a4", False, (0.0, 0.0), "")])
    assert info.value.exit_code == 1
    assert "four-player-sales" in str(info.value)
    assert not (tmp_path / "out").exists()
