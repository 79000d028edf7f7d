"""Content files: complete, consistent, marked published/house, and errors that name file, entry and field."""

import json

import pytest

from rules.dragondice import content
from rules.dragondice.content import DRAGON, EIGHTH_FACES, SPECIES, SPELLS, TERRAINS, UNIT_DICE, ContentError


def test_six_terrain_types_with_bands_and_the_four_eighth_faces():
    assert set(TERRAINS) == {"coastland", "flatland", "highland", "swampland", "feyland", "wasteland"}
    assert set(EIGHTH_FACES) == {"city", "temple", "tower", "standing_stones"}
    for terrain in TERRAINS.values():
        assert set(terrain.bands) == {"melee", "missile", "magic"}


def test_at_least_two_species_each_with_every_size_and_health():
    assert len(SPECIES) >= 2
    health = {"small": 1, "medium": 2, "large": 3, "monster": 4}
    for species in SPECIES.values():
        sizes = {UNIT_DICE[u].size for u in species.units}
        assert sizes == set(health)
        assert all(UNIT_DICE[u].health == health[UNIT_DICE[u].size] for u in species.units)
        assert any(len(UNIT_DICE[u].elements) == 2 for u in species.units)  # multi-colour units split magic


def test_sources_are_marked():
    raw = json.loads((content.CONTENT / "spells.json").read_text())
    assert {s["source"] for s in raw["spells"]} == {"published", "house"}
    assert SPELLS["call_dragon"].source == "house"
    for name in ("species.json", "sais.json"):
        text = (content.CONTENT / name).read_text()
        assert '"published"' not in text  # everything there is ours
    dragon = json.loads((content.CONTENT / "dragons.json").read_text())["dragon"]
    # only the face names are the published game's; the numbers, the layout and every breath are ours
    assert dragon["source"] == "house" and dragon["face_names_source"] == "published"
    assert {b["source"] for b in dragon["breath"]} == {"house"}


def test_dragon_die_has_its_own_faces():
    assert len(DRAGON.faces) == 12 and DRAGON.health > 0
    assert {f.id for f in DRAGON.faces} == {"jaws", "claw", "belly", "tail", "wing", "breath", "treasure"}
    assert sorted(DRAGON.breath) == sorted(content.ELEMENTS)  # a breath for every element a dragon can have


def test_a_dragon_face_with_an_unknown_effect_is_named(monkeypatch):
    good = content._read

    def broken(name):
        data = good(name)
        if name == "dragons.json":
            data["dragon"]["faces"][0]["effect"] = "sneeze"
        return data

    monkeypatch.setattr(content, "_read", broken)
    with pytest.raises(content.ContentError, match=r"dragons\.json: entry 'dragon face 1': field 'effect'"):
        content._load_dragon()


def test_a_bad_file_names_file_entry_and_field(monkeypatch):
    good = content._read

    def broken(name):
        data = good(name)
        if name == "spells.json":
            data["spells"][1]["cost"] = "four"
        return data

    monkeypatch.setattr(content, "_read", broken)
    with pytest.raises(ContentError, match=r"spells.json: entry 'wind_walk': field 'cost' has the wrong type"):
        content._load_spells()


def test_an_unknown_sai_on_a_face_is_named(monkeypatch):
    good = content._read

    def broken(name):
        data = good(name)
        if name == "species.json":
            data["species"][0]["units"][0]["faces"][5] = "sai:flurry:1"
        return data

    monkeypatch.setattr(content, "_read", broken)
    with pytest.raises(ContentError, match=r"species.json: entry 'emberwrights/cinder_scout': field 'faces'.*flurry"):
        content._load_species()
