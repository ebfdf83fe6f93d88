"""The kit's own words (guide, sheet captions, tile notes) in each language printkit prints.

Games supply their own text; these are the builder's: the printing guide and
the captions on every sheet. They live in `printkit/bundled/labels.yaml`, not
in code; a game printed in Russian gets them in Russian.
"""

from __future__ import annotations

from collections.abc import Mapping

import yaml

from printkit.resources import package_path


def _load() -> dict[str, dict[str, str]]:
    """The file's words, read at import by libyaml's parser where PyYAML has it (the same
    values as the pure one, which took 15 ms of every fresh process)."""
    path = package_path("bundled", "labels.yaml")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - safe


LABELS: dict[str, Mapping[str, str]] = _load()
ENGLISH: Mapping[str, str] = LABELS["en"]
RUSSIAN: Mapping[str, str] = LABELS["ru"]


def labels_for(lang: str) -> Mapping[str, str]:
    """The builder's words in ``lang``; English for a game printed in one language."""
    return LABELS.get(lang or "en", ENGLISH)


def say(labels: Mapping[str, str], key: str, **values: object) -> str:
    return labels[key].format(**values)
