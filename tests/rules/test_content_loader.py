"""The one content loader every game reads its files with, and the one error type they all raise."""

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import rules
from rules.content import (
    ContentError,
    Where,
    build,
    check,
    check_adjacency,
    entries,
    fail,
    listed,
    point,
    read_json,
    record,
    table,
    text,
    texts,
    whole,
)


def _content_module(game: str) -> str:
    return rules.game(game).engine.rpartition(".")[0] + ".content"


GAMES = [game for game in sorted(rules.engines()) if importlib.util.find_spec(_content_module(game))]  # with content


def test_a_content_file_is_read_or_refused_with_its_name(tmp_path: Path) -> None:
    good = tmp_path / "races.json"
    good.write_text('{"races": []}', encoding="utf-8")
    assert read_json(good) == {"races": []}
    with pytest.raises(ContentError, match=r"^missing\.json: no such content file"):
        read_json(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"races": [', encoding="utf-8")
    with pytest.raises(ContentError, match=r"^broken\.json: not valid JSON"):
        read_json(broken)
    listed = tmp_path / "listed.json"
    listed.write_text("[1, 2]", encoding="utf-8")
    assert read_json(listed) == [1, 2]
    with pytest.raises(ContentError, match=r"^content/listed\.json: the top level must be an object"):
        read_json(listed, "content/listed.json", object_at_top=True)


def test_a_field_error_names_file_entry_and_field() -> None:
    error = fail("races.json", "gnomes", "tokens", "must be a whole number")
    assert str(error) == "races.json: entry 'gnomes', field 'tokens': must be a whole number"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_raises_the_one_content_error(game: str) -> None:
    assert importlib.import_module(_content_module(game)).ContentError is ContentError


SCHEMA = {
    "name": text(nonempty=True),
    "tokens": whole(low=0, high=20),
    "kind": text(("race", "power"), default="race"),
    "at": point(),
    "tags": texts(default=()),
    "effects": listed(record({"kind": text(("score", "defence")), "coins": whole(default=None)})),
    "extra": table(whole(), default={}),
}
GOOD = {"name": "Gnomes", "tokens": 5, "at": [3, 4], "effects": [{"kind": "score"}], "extra": {"a": 1}}


def _refusal(**change: Any) -> str:
    with pytest.raises(ContentError) as error:
        check(Where("races.json", "gnomes"), {**GOOD, **change}, SCHEMA, closed=True)
    return str(error.value)


def test_a_schema_fills_defaults_and_shapes_lists() -> None:
    checked = check(Where("races.json", "gnomes"), GOOD, SCHEMA)
    assert checked == {
        "name": "Gnomes",
        "tokens": 5,
        "kind": "race",
        "at": (3, 4),
        "tags": (),
        "effects": ({"kind": "score", "coins": None},),
        "extra": {"a": 1},
    }


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        ({"tokens": True}, "tokens", "must be a whole number, not true/false"),
        ({"tokens": 21}, "tokens", "must be at most 20, not 21"),
        ({"tokens": -1}, "tokens", "must be at least 0, not -1"),
        ({"name": ""}, "name", "must not be empty"),
        ({"kind": "relic"}, "kind", "'relic' is not one of race, power"),
        ({"at": [1]}, "at", "must hold exactly 2 items, not 1"),
        ({"at": [1, "y"]}, "at[1]", "must be a whole number, not text"),
        ({"effects": [{"kind": "score", "coins": "2"}]}, "effects[0].coins", "must be a whole number, not text"),
        ({"effects": [{}]}, "effects[0].kind", "missing"),
        ({"extra": {"a": "b"}}, "extra.a", "must be a whole number, not text"),
        ({"colour": "red"}, "colour", "is not a field of this entry"),
    ],
)
def test_every_schema_rule_refuses_in_the_one_wording(change: dict[str, Any], field: str, problem: str) -> None:
    assert _refusal(**change).startswith(f"races.json: entry 'gnomes', field {field!r}: {problem}")


def test_a_missing_field_is_named() -> None:
    raw = {key: value for key, value in GOOD.items() if key != "tokens"}
    with pytest.raises(ContentError, match=r"^races\.json: entry 'gnomes', field 'tokens': missing$"):
        check(Where("races.json", "gnomes"), raw, SCHEMA)


def test_entries_name_each_entry_by_id_and_refuse_a_repeat() -> None:
    checked = entries("races.json", [{"id": "a", **GOOD}, {"id": "b", **GOOD}], SCHEMA)
    assert [(where.entry, raw["id"]) for where, raw in checked] == [("a", "a"), ("b", "b")]
    with pytest.raises(ContentError, match=r"^races\.json: entry 'a', field 'id': is used twice"):
        entries("races.json", [{"id": "a", **GOOD}, {"id": "a", **GOOD}], SCHEMA)
    with pytest.raises(ContentError, match=r"^races\.json: entry '#2', field 'id': missing"):
        entries("races.json", [{"id": "a", **GOOD}, GOOD], SCHEMA)
    with pytest.raises(ContentError, match=r"^races\.json: must be a list of entries, not an object"):
        entries("races.json", {"a": GOOD}, SCHEMA)


def test_a_map_neighbour_must_exist_and_list_back() -> None:
    check_adjacency("map.json", {"a": ("b",), "b": ("a",)})
    with pytest.raises(ContentError, match=r"entry 'a', field 'adjacent': 'b' does not list 'a' back"):
        check_adjacency("map.json", {"a": ("b",), "b": ()})
    with pytest.raises(ContentError, match=r"entry 'a', field 'adjacent': 'c' is not a place on this map"):
        check_adjacency("map.json", {"a": ("c",)})
    with pytest.raises(ContentError, match=r"entry 'a', field 'adjacent': a place cannot be next to itself"):
        check_adjacency("map.json", {"a": ("a",)})


def test_a_closed_check_refuses_a_stray_field_inside_a_nested_record() -> None:
    effects = [{"kind": "score", "coinz": 2}]
    assert "field 'effects[0].coinz': is not a field of this entry" in _refusal(effects=effects)


def test_a_whole_number_may_be_held_to_choices() -> None:
    with pytest.raises(ContentError, match=r"field 'die': 7 is not one of 6, 8, 10"):
        check(Where("guardians.json", "troll"), {"die": 7}, {"die": whole(choices=(6, 8, 10))})


def test_an_empty_choice_is_shown_quoted() -> None:
    with pytest.raises(ContentError, match=r"'tail' is not one of '', belly"):
        check(Where("dragons.json", "red"), {"face": "tail"}, {"face": text(("", "belly"))})


@dataclass(frozen=True)
class Race:
    name: str
    tokens: int
    home: str


def test_build_makes_the_dataclass_from_a_checked_entry() -> None:
    checked = check(Where("races.json", "gnomes"), {**GOOD, "source": "house"}, {**SCHEMA, "source": text()})
    assert build(Race, checked, home="caves") == Race("Gnomes", 5, "caves")


def test_a_nullable_field_keeps_null_and_a_table_may_be_held_to_keys() -> None:
    schema = {"limit": whole(nullable=True, default=None), "counts": table(whole(), keys=("city", "forest"))}
    where = Where("nations.json", "uz")
    assert check(where, {"limit": None, "counts": {"city": 2}}, schema) == {"limit": None, "counts": {"city": 2}}
    with pytest.raises(ContentError, match=r"field 'counts': 'castle' is not one of city, forest"):
        check(where, {"counts": {"castle": 1}}, schema)
    with pytest.raises(ContentError, match=r"field 'counts': missing"):
        check(where, {"limit": None}, schema)
