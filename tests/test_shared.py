"""The machinery games share: ids, sizes, colours, shuffles, lazy loading, rulebook helpers."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from printkit.build.record import changed_reads, recording, view
from printkit.content.fields import Field, Gap, Size, check_unique, read_copies, read_size
from printkit.content.lookup import Index, Lookup, by_id
from printkit.dice import ScriptedDice, SeededDice, shuffle
from printkit.errors import ContentError, NotFound
from printkit.games.lemonade_stall.game import shuffle as stall_shuffle
from printkit.registry import lazy, lazy_value
from printkit.render.formats import money, names
from printkit.rulebook.rulings import field_words, list_entry, ruling_function, rulings

HERE = Path("game.yaml")


class Thing:
    def __init__(self, id: str, n: int = 0) -> None:
        self.id, self.n = id, n


def test_shuffle_is_lemonade_stalls_fisher_yates():
    cards = [f"c{i}" for i in range(20)]
    for seed in range(5):
        assert shuffle(cards, SeededDice(seed)) == stall_shuffle(cards, SeededDice(seed))
    assert shuffle(["a", "b", "c"], ScriptedDice([1, 2])) == ("c", "b", "a")


def test_an_index_names_what_it_misses_and_keeps_the_first_of_an_id():
    index = Index([Thing("a", 1), Thing("a", 2)], "item")
    assert index["a"].n == 1 and by_id([Thing("a", 1), Thing("a", 2)], "a", "item").n == 1
    with pytest.raises(NotFound, match="no item 'b'"):
        index["b"]
    with pytest.raises(NotFound, match="no coin 'b'"):
        by_id([], "b", "coin")


def test_check_unique_names_the_repeat():
    check_unique(Field([], HERE), ["a", "b"], "card id")
    with pytest.raises(ContentError, match="card id 'a' appears twice"):
        check_unique(Field([], HERE), ["a", "b", "a"], "card id", "give each card its own id")


def test_sizes_copies_and_colours_read_within_range():
    assert read_size(Field({"width": 63, "height": 88}, HERE), 300) == Size(63, 88)
    with pytest.raises(ContentError, match="below the minimum 20"):
        read_size(Field({"width": 10, "height": 88}, HERE), 300, smallest=20)
    assert read_copies(Field({"id": "x"}, HERE), 5) == 1
    assert read_copies(Field({"copies": 3}, HERE), 5) == 3
    assert Field("#A0b1C2", HERE).as_colour() == "#A0b1C2"
    with pytest.raises(ContentError, match="'red' is not a colour"):
        Field("red", HERE).as_colour()


def test_lazy_imports_on_the_first_call():
    dumps = lazy("json", "dumps")
    assert dumps([1]) == "[1]"


def test_rulings_number_locate_and_cite():
    gaps = [
        Gap("/p/game.yaml", "rules_of_play.partial_bulk", 4, "'per-unit'", "why"),
        Gap("/p/events.yaml", "events[theft].copies", None, "2", "because"),
    ]
    entries = rulings(gaps, lambda g: field_words(g.field))
    assert [e["ref"] for e in entries] == ["R1", "R2"]
    assert entries[0]["topic"] == "Partial bulk" and entries[1]["line"] == 0
    assert list_entry("events[theft].copies") == ("theft", "copies")
    assert list_entry("partial_bulk") == ("", "")
    ruling = ruling_function({e["field"]: e for e in entries})
    assert ruling("events[theft].copies") == "(see\u00a0R2)"


def test_names_and_money_read_as_prose():
    assert names(["a", "b", "c"]) == "a, b and c" and names(["a", "b"], "or") == "a or b"
    assert names(["a"]) == "a" and names([]) == ""
    assert money(5) == "$5" and money(-3) == "−$3"


@dataclass(frozen=True)
class Fruit:
    id: str
    name: str


@dataclass(frozen=True)
class Basket:
    fruit: tuple[Fruit, ...]
    find = Lookup[Fruit]("fruit", "fruit")


def test_a_lookup_finds_by_id_and_names_a_miss():
    basket = Basket((Fruit("lime", "Lime"), Fruit("kiwi", "Kiwi"), Fruit("lime", "Other")))
    assert basket.find("kiwi").name == "Kiwi" and basket.find("lime").name == "Lime"
    assert basket == Basket(basket.fruit)  # the kept index is no part of the value
    with pytest.raises(NotFound, match="no fruit 'fig'"):
        basket.find("fig")


def test_a_lookup_through_a_recording_view_reads_only_the_member_it_finds():
    basket = Basket((Fruit("lime", "Lime"), Fruit("kiwi", "Kiwi")))
    with recording() as reads:
        assert view(basket).find("kiwi").name == "Kiwi"
    assert list(reads) == ["fruit[kiwi].name"]
    other_renamed = replace(basket, fruit=(Fruit("lime", "Green"), Fruit("kiwi", "Kiwi")))
    assert changed_reads(other_renamed, reads) == []
    renamed = replace(basket, fruit=(Fruit("lime", "Lime"), Fruit("kiwi", "Gold")))
    assert changed_reads(renamed, reads) == [("fruit[kiwi].name", "'Kiwi'", "'Gold'")]


def test_a_lazy_value_is_imported_when_first_asked_for():
    assert lazy_value("json", "JSONDecodeError")().__name__ == "JSONDecodeError"
