"""The declarative content reader: a schema turns a located file into frozen values."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from printkit.content.packs import read_document
from printkit.content.schema import (
    Choice,
    Effect,
    Id,
    Int,
    ListOf,
    OrNone,
    Players,
    Record,
    Rulings,
    Text,
)
from printkit.errors import ContentError


@dataclass(frozen=True)
class Fruit:
    id: str
    name: str
    price: int
    colour: str = "yellow"
    cap: int | None = None


FRUIT = Record(
    Fruit,
    {"id": Id(), "name": Text(), "price": Int(1, 9)},
    optional={"colour": Choice(("yellow", "green")), "cap": OrNone(Int(0, 5))},
)
BASKET = ListOf(FRUIT, 1, unique={"id": "fruit id"}, hint="give each fruit its own id")


def _read(tmp_path, text: str):
    path = tmp_path / "fruit.yaml"
    path.write_text(text, encoding="utf-8")
    return path, read_document(path)


def test_a_schema_reads_a_file_into_frozen_values_with_defaults(tmp_path):
    _, doc = _read(
        tmp_path,
        "fruit:\n"
        "  - {id: lemon, name: Lemon, price: 2}\n"
        "  - {id: lime, name: Lime, price: 3, colour: green, cap: null}\n"
        "  - {id: kiwi, name: Kiwi, price: 4, cap: 5}\n",
    )
    lemon, lime, kiwi = BASKET.read(doc.get("fruit"))
    assert lemon == Fruit("lemon", "Lemon", 2)
    assert (lime.colour, lime.cap, kiwi.cap) == ("green", None, 5)
    with pytest.raises(FrozenInstanceError):
        lemon.price = 1  # type: ignore[misc]


def test_an_unknown_field_names_file_line_and_the_field_it_meant(tmp_path):
    path, doc = _read(
        tmp_path,
        "fruit:\n  - {id: lemon, name: Lemon, price: 2}\n  - {id: lime, name: Lime, prise: 3}\n",
    )
    with pytest.raises(ContentError) as caught:
        BASKET.read(doc.get("fruit"))
    message = caught.value.format_message()
    assert f"{path}:3" in message and "fruit[lime].prise" in message
    assert "unknown field 'prise'" in message and "did you mean 'price'?" in message


def test_a_bad_value_is_quoted_where_it_stands(tmp_path):
    path, doc = _read(tmp_path, "fruit:\n  - id: lemon\n    name: Lemon\n    price: 12\n")
    with pytest.raises(ContentError) as caught:
        BASKET.read(doc.get("fruit"))
    assert caught.value.location.line == 4
    assert "12 is above the maximum 9" in caught.value.problem
    _, doc = _read(tmp_path, "fruit:\n  - {id: lemon, name: Lemon, price: 2, colour: blu}\n")
    with pytest.raises(ContentError, match="unknown id 'blu'") as caught:
        BASKET.read(doc.get("fruit"))
    assert caught.value.hint == "expected one of 'yellow', 'green'"


def test_a_repeated_id_is_refused_at_the_entry_that_repeats_it(tmp_path):
    _, doc = _read(
        tmp_path,
        "fruit:\n  - {id: lemon, name: Lemon, price: 2}\n  - {id: lemon, name: Lime, price: 3}\n",
    )
    with pytest.raises(ContentError, match="fruit id 'lemon' appears twice") as caught:
        BASKET.read(doc.get("fruit"))
    assert caught.value.location.line == 3 and caught.value.hint == "give each fruit its own id"


def test_a_missing_field_says_what_to_add(tmp_path):
    _, doc = _read(tmp_path, "fruit:\n  - {id: lemon, price: 2}\n")
    with pytest.raises(ContentError, match="missing required field 'name'"):
        BASKET.read(doc.get("fruit"))


def test_players_max_may_not_fall_below_min_and_rulings_name_their_readings(tmp_path):
    _, doc = _read(tmp_path, "players: {min: 3, max: 2}\nrulings: {ties: share}\n")
    with pytest.raises(ContentError, match="2 is below the minimum 3"):
        Players().read(doc.get("players"))
    with pytest.raises(ContentError, match="unknown id 'share'") as caught:
        Rulings({"ties": ("shared",)}).read(doc.get("rulings"))
    assert "did you mean 'shared'?" in caught.value.hint


@dataclass(frozen=True)
class Juicing:
    squeezes: int = 0
    sweet: bool = False
    glass: str | None = None
    bulk_cost: int = 0
    bulk_goods: int = 0


JUICING = Effect(Juicing, 0, 5, {"bulk": ("cost", "goods")})


def test_an_effect_reads_each_key_by_its_fields_type_and_says_what_was_written(tmp_path):
    _, doc = _read(
        tmp_path, "effect: {squeezes: 3, sweet: true, glass: tall, bulk: {cost: 7, goods: 2}}\n"
    )
    effect, shown = JUICING.read(doc.get("effect"))
    assert effect == Juicing(3, True, "tall", 7, 2)
    assert shown == {"squeezes": 3, "sweet": True, "glass": "tall", "cost": 7, "goods": 2}
    _, doc = _read(tmp_path, "effect: {}\n")
    assert JUICING.read(doc.get("effect")) == (Juicing(), {})


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("effect: {squeezs: 1}\n", "unknown effect 'squeezs'"),
        ("effect: {squeezes: 6}\n", "squeezes"),
        ("effect: {sweet: 1}\n", "sweet"),
        ("effect: {bulk: {cost: 1}}\n", "goods"),
    ],
)
def test_an_effect_refuses_a_bad_key_at_its_line(tmp_path, text, says):
    path, doc = _read(tmp_path, text)
    with pytest.raises(ContentError) as caught:
        JUICING.read(doc.get("effect"))
    assert says in caught.value.format_message()
    assert caught.value.location.file == path and caught.value.location.line == 1
