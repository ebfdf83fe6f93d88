"""Rulebook pictures kept on what they are and what they read, drawn again only on a change."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pytest

from printkit.build import diskcache
from printkit.build.record import fingerprint, recording, view
from printkit.rulebook import keep, pictures
from printkit.rulebook.keep import CACHE_KIND, kept
from tests.conftest import CONTENT, edit, pack_copy


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    text: str


@dataclass(frozen=True)
class Pack:
    cards: tuple[Card, ...]
    colour: str = "red"


PACK = Pack((Card("sun", "Sunny", "Sell more."), Card("rain", "Rainy", "Sell less.")))


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def face(card, pack):
    """A card face as the kits make them: a closure over views, read while drawing."""

    def draw() -> str:
        return f"{card.title} in {pack.colour}"

    return draw


class Counter:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, draw):
        def compute():
            self.calls += 1
            return draw()

        return compute


def drawn(pack: Pack, index: int, counter: Counter) -> str:
    seen = view(pack)
    draw = face(seen.cards[index], seen)
    return kept("test", draw, counter(draw))


def test_a_picture_is_drawn_once_while_what_it_reads_is_unchanged():
    counter = Counter()
    assert drawn(PACK, 0, counter) == "Sunny in red"
    assert drawn(PACK, 0, counter) == "Sunny in red"
    assert counter.calls == 1


def test_an_edit_to_a_value_it_reads_draws_it_again():
    counter = Counter()
    drawn(PACK, 0, counter)
    sunnier = replace(PACK, cards=(replace(PACK.cards[0], title="Sunnier"), PACK.cards[1]))
    assert drawn(sunnier, 0, counter) == "Sunnier in red"
    bluer = replace(PACK, colour="blue")
    assert drawn(bluer, 0, counter) == "Sunny in blue"
    assert counter.calls == 3


def test_an_edit_to_values_it_never_reads_keeps_it():
    counter = Counter()
    drawn(PACK, 0, counter)
    other = replace(PACK, cards=(replace(PACK.cards[0], text="Sell much more."), PACK.cards[1]))
    wetter = replace(other, cards=(other.cards[0], replace(PACK.cards[1], title="Wet")))
    assert drawn(wetter, 0, counter) == "Sunny in red"
    assert counter.calls == 1


def test_what_a_closure_holds_is_part_of_its_key():
    counter = Counter()

    def label(word: str):
        return lambda: f"{word}!"

    assert kept("test", label("yes"), counter(label("yes"))) == "yes!"
    assert kept("test", label("no"), counter(label("no"))) == "no!"
    assert counter.calls == 2


def test_a_damaged_record_is_drawn_again():
    counter = Counter()
    drawn(PACK, 0, counter)
    entries = [p for p in diskcache.cache_folder(CACHE_KIND).rglob("*") if p.is_file()]
    assert entries
    for entry in entries:
        entry.write_bytes(entry.read_bytes()[:-5] + b"xxxxx")
    keep._KEPT.forget()  # as a new process starts: only the disk holds the record
    assert drawn(PACK, 0, counter) == "Sunny in red"
    assert counter.calls == 2


def test_a_value_of_unknown_state_is_never_reused():
    counter = Counter()
    opaque = object()  # no fields, no attributes: nothing tells two of them apart

    def draw() -> str:
        return f"{opaque is not None}"

    kept("test", draw, counter(draw))
    kept("test", draw, counter(draw))
    assert counter.calls == 2


def test_what_a_kept_result_read_counts_for_the_computation_around_it():
    counter = Counter()
    drawn(PACK, 0, counter)  # kept: the second time it is not drawn, yet it was read
    with recording() as reads:
        drawn(PACK, 0, counter)
    assert counter.calls == 1
    assert "cards[#0].title" in reads and "colour" in reads


@pytest.mark.slow
def test_one_event_title_draws_only_the_pictures_that_show_it(tmp_path, monkeypatch):
    """The first event card's title: its own picture and the components picture (which
    shows the first card of each deck) are drawn again; the board, mats and tables not."""
    from printkit.registry import plugin_for
    from printkit.render.theme import Theme
    from printkit.rulebook.build import rulebook_context

    folder = pack_copy(CONTENT / "lemonade-stall", tmp_path)
    plugin = plugin_for(folder.name)

    def fingerprints() -> dict[str, str]:
        context = rulebook_context(plugin, plugin.load(folder), Theme())
        return {
            key: block.fingerprint().digest
            for key, block in context.blocks.items()
            if isinstance(block, pictures.PictureBlock)
        }

    before = fingerprints()
    edit(folder / "events.yaml", "title: Strange Weather", "title: Odd Weather")
    painted: list[float] = []
    real = pictures.painted

    def counting(draw, width, height, scale):
        painted.append(width)
        return real(draw, width, height, scale)

    monkeypatch.setattr(pictures, "painted", counting)
    after = fingerprints()
    changed = {key for key in before if before[key] != after[key]}
    assert changed == {"card:strange-weather", "components:cards"}
    assert len(painted) == len(changed)
    with diskcache.fresh():
        assert fingerprints() == after  # what was kept is what drawing them gives


def _still_reads_by_every_cut(views, reads) -> bool:
    """The check as first written: each cut of each path looked up among the views."""
    from printkit.build.record import resolve

    for steps, before in reads.values():
        for cut in range(len(steps), -1, -1):
            if steps[:cut] in views:
                if resolve(views[steps[:cut]], steps[cut:]) != before:
                    return False
                break
        else:
            return False
    return True


def test_reads_are_checked_through_the_longest_view_held():
    """A read goes through the nearest view its path begins with, as by trying every cut."""
    with recording() as reads:
        seen = view(PACK)
        card = seen.cards[0]
        _ = card.title, seen.colour, seen.cards[1].text
    record = {path: (steps, value) for path, (steps, value) in reads.items()}
    other = Pack((Card("sun", "Sunnier", "Sell more."), PACK.cards[1]))
    card_steps = (("a", "cards"), ("i", 0))
    for views in (
        {(): PACK},
        {(): PACK, card_steps: PACK.cards[0]},
        {(): other, card_steps: PACK.cards[0]},  # the card through its own, nearer view
        {(): PACK, card_steps: other.cards[0]},
        {card_steps: PACK.cards[0]},  # reads under no held view: cannot be checked
        {(): other},
    ):
        keep._RESOLVED.clear()
        assert keep.still_reads(views, record) == _still_reads_by_every_cut(views, record)
    keep._RESOLVED.clear()
    assert keep.still_reads({(): other, card_steps: PACK.cards[0]}, record)
    assert not keep.still_reads({(): PACK, card_steps: other.cards[0]}, record)


@dataclass(frozen=True)
class Spot:
    x: float
    label: str
    note: str = field(default="", compare=False)  # as recorded reads are kept: no state


def test_a_closure_graphs_state_names_each_value_by_its_kind():
    """What a walk makes of each kind of value (found once per class, leaves without a
    memo entry): the same state text, value by value, as a walk that asks every time."""
    import functools

    def shown(size: float) -> str:
        return f"{size}"

    walk = keep._Walk()
    graph = (1.5, "sun", None, True, b"x", [2, frozenset({"b", "a"})], {"k": 3}, Spot(1.0, "a"))
    assert walk.state(graph) == keep._Walk().state(graph)
    assert walk.state([1.5, "sun", None]) == "list(1.5,'sun',None)"
    assert walk.state(frozenset({"b", "a"})) == "frozenset('a','b')"
    assert walk.state(Spot(2.0, "b", note="left out")) == f"{__name__}.Spot(x=2.0,label='b')"
    assert walk.state({"k": 3}) == "builtins.dict{'k':3}"
    assert walk.state(Spot) == f"{__name__}.Spot"
    assert walk.state("w" * 100) == fingerprint("w" * 100)  # a long leaf: as recorded
    assert walk._text(functools.partial(shown, 2.0)).startswith("partial(")
    assert walk._text(len) == "builtin(len,'')"
    assert not walk.conflict
    walk.state(object())
    assert walk.conflict  # nothing known of its state


def test_a_value_read_again_is_summed_up_once_and_outside_a_recording_never(monkeypatch):
    """The recording keeps the first read of a path: a second read is not summed up again
    (a picture file's would be read again), nor is a read no recording hears."""
    from printkit.build import record

    summed: list[object] = []
    real = record.fingerprint

    def counting(value: object) -> str:
        summed.append(value)
        return real(value)

    monkeypatch.setattr(record, "fingerprint", counting)
    seen = view(PACK)
    assert seen.cards[0].title == "Sunny" and summed == []
    with recording() as reads:
        for _ in range(3):
            assert seen.cards[0].title == "Sunny" and seen.colour == "red"
            assert repr(seen.cards[1]) == repr(PACK.cards[1])
    assert summed.count("Sunny") == 1 and summed.count("red") == 1
    assert summed.count(PACK.cards[1]) == 1
    assert reads["cards[#0].title"] == ((("a", "cards"), ("i", 0), ("a", "title")), "'Sunny'")
