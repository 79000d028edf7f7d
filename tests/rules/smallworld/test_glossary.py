"""The /info glossary covers every race, power, Place, Relic and terrain once, in our own words."""

from __future__ import annotations

from rules.base import Lookup
from rules.smallworld.content import EFFECT_FIELDS, TERRAINS, Ability, Effect, content
from rules.smallworld.engine import ENGINE
from rules.smallworld.glossary import _effect_fact, lookups


def of_kind(kind: str) -> list[Lookup]:
    return [item for item in lookups() if item.kind == kind]


def by_name(name: str) -> Lookup:
    (found,) = [item for item in lookups() if item.name == name]
    return found


def check_covers(kind: str, items: dict[str, Ability]) -> None:
    """Each data entry has exactly one glossary entry of that kind, carrying its text and source."""
    entries = of_kind(kind)
    assert sorted(item.name for item in entries) == sorted(item.name for item in items.values())
    for ability in items.values():
        entry = by_name(ability.name)
        assert entry.text == ability.text
        assert entry.source == ability.source


def test_every_race_once() -> None:
    check_covers("race", content().races)


def test_every_special_power_once() -> None:
    check_covers("special power", content().powers)


def test_every_place_and_relic_once() -> None:
    treasures = content().treasures
    check_covers("place", {key: item for key, item in treasures.items() if item.kind == "place"})
    check_covers("relic", {key: item for key, item in treasures.items() if item.kind == "relic"})


def test_every_terrain_once() -> None:
    assert sorted(item.name.lower() for item in of_kind("terrain")) == sorted(TERRAINS)


def test_spot_checks() -> None:
    cultists = by_name("Cultists")
    assert cultists.facts[:2] == ("5 tokens", "tray 15") and cultists.source == "published"
    assert "works in decline" in by_name("Muddy").facts
    assert "+2 defence here" in by_name("Turtle Shield").facts
    dwarves = content().races["iron_dwarves"].tokens
    assert by_name("Iron Dwarves").facts == (f"{dwarves} tokens", "tray 10", "works in decline", "+1 coin per Mine")
    assert "Spiderines" in by_name("Chasm").text
    assert by_name("River").facts[0] == "costs 1"
    assert "Flames" in by_name("Volcano").text
    assert by_name("Reinforcement die").picture == ("faces: 0 0 0 1 2 3",)


def test_engine_serves_the_glossary() -> None:
    assert set(ENGINE.glossary()) == set(
        lookups()
    )  # in the order Engine.glossary gives (tests/rules/test_glossaries.py)


def test_every_effect_kind_has_words() -> None:
    """A new effect kind in content.py must get its fact wording here, or the glossary would fail at load."""
    params = {"terrain": "mud", "coins": 1, "amount": -1, "where": "terrain", "origin": "any", "tokens": 1}
    for kind in EFFECT_FIELDS:
        assert _effect_fact(Effect(kind, params))
