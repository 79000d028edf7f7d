"""Every species ability the engine applies, tested from its definition (content/abilities.json); the ones it
cannot apply yet say so in `partial`, shown in /info."""

from __future__ import annotations

import pytest

from rules.base import ActionLog
from rules.dragondice.content import ABILITIES, SPECIES, UNIT_DICE, Face, UnitDie
from rules.dragondice.dice import roll_army
from rules.dragondice.model import State, Terrain, Unit
from rules.rng import Rng

ID, SAVE, MANOEUVRE, MELEE, MISSILE, MAGIC = 1, 2, 3, 4, 5, 6
PLAIN = (Face("id"), Face("save", 2), Face("manoeuvre", 2), Face("melee", 2), Face("missile", 2), Face("magic", 2))


def die(monkeypatch: pytest.MonkeyPatch, species: str) -> str:
    kind = f"{species}/test_die"
    elements = SPECIES[species].elements
    monkeypatch.setitem(UNIT_DICE, kind, UnitDie(kind, "Tester", species, "medium", 2, elements, PLAIN))
    return kind


def at(terrain: str, kind: str) -> State:
    """One unit of seat 0 at a terrain of the given type (face 3), seat 1 elsewhere."""
    state = State(players=2, species=["test", "test"])
    state.phase = "play"
    state.terrains = [Terrain("t0", terrain, 3, 0), Terrain("t1", "highland", 3, 1)]
    state.units = [Unit("u0", 0, kind, "t0"), Unit("u1", 1, kind, "t1")]
    return state


def roll(state: State, kind: str, face: int, vs: str = "", counter: bool = False) -> int:
    return roll_army(state, Rng(0, forced=[face]), 0, "t0", kind, ActionLog(), vs=vs, counter=counter).total


def test_every_applied_ability_has_a_test_here():
    with open(__file__, encoding="utf-8") as source:
        text = source.read()
    applied = [a.id for a in ABILITIES.values() if a.effects]
    assert [a for a in applied if f"def test_{a}_" not in text] == []
    assert all(a.partial for a in ABILITIES.values() if not a.effects)


def test_coastal_dodge_coral_elves_count_manoeuvre_as_saves_at_water(monkeypatch):
    kind = die(monkeypatch, "coral_elves")
    assert roll(at("coastland", kind), "save", MANOEUVRE) == 2  # coastland: air and water
    assert roll(at("highland", kind), "save", MANOEUVRE) == 0


def test_mountain_mastery_dwarves_count_melee_as_manoeuvre_at_earth(monkeypatch):
    kind = die(monkeypatch, "dwarves")
    assert roll(at("highland", kind), "manoeuvre", MELEE) == 2
    assert roll(at("coastland", kind), "manoeuvre", MELEE) == 0


def test_dwarven_might_dwarves_count_saves_as_melee_in_a_counter_attack_at_fire(monkeypatch):
    kind = die(monkeypatch, "dwarves")
    assert roll(at("highland", kind), "melee", SAVE, counter=True) == 2
    assert roll(at("highland", kind), "melee", SAVE) == 0  # not in the attacker's own melee
    assert roll(at("coastland", kind), "melee", SAVE, counter=True) == 0


def test_swamp_mastery_goblins_count_melee_as_manoeuvre_at_earth(monkeypatch):
    kind = die(monkeypatch, "goblins")
    assert roll(at("swampland", kind), "manoeuvre", MELEE) == 2
    assert roll(at("feyland", kind), "manoeuvre", MELEE) == 0


def test_volcanic_adaptation_lava_elves_count_manoeuvre_as_saves_at_fire(monkeypatch):
    kind = die(monkeypatch, "lava_elves")
    assert roll(at("wasteland", kind), "save", MANOEUVRE) == 2
    assert roll(at("coastland", kind), "save", MANOEUVRE) == 0


def test_flaming_shields_firewalkers_count_saves_as_melee_at_fire_but_not_in_a_counter_attack(monkeypatch):
    kind = die(monkeypatch, "firewalkers")
    assert roll(at("highland", kind), "melee", SAVE) == 2
    assert roll(at("coastland", kind), "melee", SAVE) == 0
    assert roll(at("highland", kind), "melee", SAVE, counter=True) == 0  # never when counter-attacking


def test_stampede_feral_count_manoeuvre_as_melee_in_a_counter_attack_at_air_and_earth(monkeypatch):
    kind = die(monkeypatch, "feral")
    assert roll(at("flatland", kind), "melee", MANOEUVRE, counter=True) == 2  # flatland: air and earth
    assert roll(at("highland", kind), "melee", MANOEUVRE, counter=True) == 0  # earth without air


def test_born_of_the_swamp_swamp_stalkers_count_manoeuvre_as_saves_at_water(monkeypatch):
    kind = die(monkeypatch, "swamp_stalkers")
    assert roll(at("swampland", kind), "save", MANOEUVRE) == 2
    assert roll(at("highland", kind), "save", MANOEUVRE) == 0


def test_intangibility_scalders_count_manoeuvre_as_saves_against_missiles_at_water(monkeypatch):
    kind = die(monkeypatch, "scalders")
    assert roll(at("feyland", kind), "save", MANOEUVRE, vs="missile") == 2
    assert roll(at("feyland", kind), "save", MANOEUVRE, vs="melee") == 0


def test_terrain_harmony_amazons_magic_takes_the_terrains_colours(monkeypatch):
    kind = die(monkeypatch, "amazons")
    result = roll_army(at("highland", kind), Rng(0, forced=[MAGIC]), 0, "t0", "magic", ActionLog())
    assert result.magic == {"earth+fire": 2}
