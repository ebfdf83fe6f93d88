"""A game's printed sentences, kept in content and filled with numbers from its data.

Kits, rulebooks and guides say a sentence by key; the words live in the game's
``words.yaml`` (one language per game that prints one; ``{en: ..., ru: ...}``
where it prints several, as Lemonade Stand's labels do). Each key names the
placeholders it may hold, so a typo in a file is caught by ``printkit check``.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from printkit.content.fields import Field, Ledger, suggest
from printkit.content.packs import read_document

Spec = Mapping[str, tuple[str, ...]]  # key -> the placeholders its sentence may hold


@dataclass(frozen=True)
class Words:
    """Sentences by key; ``say`` fills in the numbers.

    Both read the sentences through `by_key`, one key at a time, so a build's
    recording view notes ``words.by_key[<key>]`` for each sentence a part prints:
    editing one sentence redraws only what prints it."""

    texts: tuple[tuple[str, str], ...]

    @cached_property
    def by_key(self) -> dict[str, str]:
        return dict(self.texts)

    def say(self, key: str, /, **values: object) -> str:
        return self.by_key[key].format(**values)

    def each(self, prefix: str) -> dict[str, str]:
        """Every sentence whose key starts ``prefix.``, by the rest of its key."""
        start, sentences = prefix + ".", self.by_key
        return {k[len(start) :]: sentences[k] for k in sentences if k.startswith(start)}


def read_words(path: Path, spec: Spec, ledger: Ledger | None = None) -> Words:
    """``path``'s sentences: every key of ``spec``, none else, known placeholders only."""
    root = read_document(path, ledger)
    texts = []
    for key in root.names():
        if key not in spec:
            raise root.get(key).error(f"unknown sentence {key!r}", suggest(key, spec))
    for key, allowed in spec.items():
        if not root.has(key):
            raise root.error(f"missing the sentence {key!r}", f"add '{key}: <the words>'")
        texts.append((key, _sentence(root.get(key), allowed)))
    return Words(tuple(texts))


def _sentence(node: Field, allowed: tuple[str, ...]) -> str:
    text = node.as_str()
    try:
        names = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    except ValueError as error:
        problem = f"{text!r} has a broken {{placeholder}}: {error}"
        raise node.error(problem, "write {name}, or {{ for a brace") from None
    for name in names:
        if name not in allowed:
            hint = suggest(name, allowed) if allowed else "this sentence holds no numbers"
            raise node.error(f"unknown placeholder {{{name}}} in {text!r}", hint)
    return text
