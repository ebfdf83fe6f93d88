"""Replay one game from its seed as a readable log, round by round."""

from __future__ import annotations

from pathlib import Path

from printkit.registry import plugin_for
from printkit.simulate.runner import simulator_for
from printkit.simulate.seeds import lineup_for


def replay(game: str, folder: Path, players: int, seed: int) -> list[str]:
    """The game ``seed`` names, as ``printkit simulate`` played it, told round by round."""
    simulator = simulator_for(game)
    pack = plugin_for(game).load(folder)
    lineup = lineup_for(simulator.strategies, players, seed)
    return simulator.explain(pack, players, seed, lineup)
