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
        if len(species.elements) == 2:  # multi-colour units split magic (Amazons are ivory, Undead death alone)
            assert any(len(UNIT_DICE[u].elements) == 2 for u in species.units)


def test_sources_are_marked():
    raw = json.loads((content.CONTENT / "spells.json").read_text())
    assert {s["source"] for s in raw["spells"]} == {"published", "house"}
    assert SPELLS["call_dragon"].source == "house"
    sais = json.loads((content.CONTENT / "sais.json").read_text())["sais"]
    published = {s["id"] for s in sais if s["source"] == "published"}
    ours = {s["id"] for s in sais if s["source"] == "house"}
    assert published and ours and published | ours == {s["id"] for s in sais}
    for die in content.UNIT_DICE.values():  # our SAIs sit only on our dice; published dice carry published SAIs
        sais_on = {f.sai for f in die.faces if f.kind == "sai"}
        owner = content.SPECIES.get(die.species)
        if owner is not None and owner.source == "published" and not die.retired:
            assert sais_on <= published, die.id
    for species in json.loads((content.CONTENT / "species.json").read_text())["species"]:
        # the published species were checked against both sources; their home, frontier and armies are ours
        if species["source"] == "published":
            assert species["checked_against"] == ["A", "B"]
            assert species["terrains_source"] == species["armies_source"] == "house"
    assert SPECIES["goblins"].source == "published" and SPECIES["emberwrights"].source == "house"
    dragon = json.loads((content.CONTENT / "dragons.json").read_text())["dragon"]
    # the dragons are the published game's: forms, kinds and breaths
    assert dragon["source"] == "published" and dragon["checked_against"] == ["A", "B"]
    assert {b["source"] for b in dragon["breath"]} == {k["source"] for k in dragon["kinds"]} == {"published"}


def test_dragon_die_has_its_own_faces():
    assert all(len(form.faces) == 12 for form in DRAGON.forms.values()) and DRAGON.health > 0
    assert {f.id for f in DRAGON.forms["drake"].faces} == {"jaws", "claw", "belly", "tail", "wing", "breath"}
    assert {f.id for f in DRAGON.forms["wyrm"].faces} == {"jaws", "claw", "belly", "tail", "treasure", "breath"}
    assert sorted(DRAGON.breath) == sorted(content.DRAGON_COLOURS)  # a breath for every colour a dragon can have


def _break(monkeypatch, file, change):
    """Makes content._read hand back `file` with `change` applied to its data."""
    good = content._read

    def broken(name):
        data = good(name)
        if name == file:
            change(data)
        return data

    monkeypatch.setattr(content, "_read", broken)


def test_a_dragon_face_with_an_unknown_effect_is_named(monkeypatch):
    _break(monkeypatch, "dragons.json", lambda data: data["dragon"]["forms"][0]["faces"][0].update(effect="sneeze"))
    with pytest.raises(
        ContentError, match=r"dragons\.json: entry 'dragon', field 'forms\[0\]\.faces\[0\]\.effect': 'sneeze' is not"
    ):
        content._load_dragon()


def test_a_bad_file_names_file_entry_and_field(monkeypatch):
    _break(monkeypatch, "spells.json", lambda data: data["spells"][1].update(cost="four"))
    with pytest.raises(
        ContentError, match=r"spells\.json: entry 'wind_walk', field 'cost': must be a whole number, not"
    ):
        content._load_spells()


def test_an_unknown_sai_on_a_face_is_named(monkeypatch):
    _break(monkeypatch, "species.json", lambda data: data["species"][0]["units"][0]["faces"].__setitem__(5, "sai:x:1"))
    message = r"species\.json: entry 'amazons', field 'units\[0\]\.faces\[5\]': 'sai:x:1' names unknown SAI 'x'"
    with pytest.raises(ContentError, match=message):
        content._load_species()


@pytest.mark.parametrize(
    ("file", "change", "load", "message"),
    [
        (  # a required field left out
            "spells.json",
            lambda data: data["spells"][0].pop("target"),
            content._load_spells,
            "spells.json: entry 'hailstorm', field 'target': missing",
        ),
        (  # a value outside the field's choices
            "terrains.json",
            lambda data: data["terrains"][0]["bands"].__setitem__(2, "sing"),
            content._load_terrains,
            "terrains.json: entry 'coastland', field 'bands[2]': 'sing' is not one of melee, missile, magic",
        ),
        (  # a field the schema does not know (here a misspelt optional one)
            "spells.json",
            lambda data: data["spells"][0].update(name_sorce="house"),
            content._load_spells,
            "spells.json: entry 'hailstorm', field 'name_sorce': is not a field of this entry",
        ),
        (  # a choice another part of the file supplies: the sizes beside the species
            "species.json",
            lambda data: data["species"][0]["units"][0].update(size="tiny"),
            content._load_species,
            "species.json: entry 'amazons', field 'units[0].size': 'tiny' is not one of small, medium, large, champion",
        ),
        (  # a check after the schema: an army may only name the species' own units
            "species.json",
            lambda data: data["species"][1]["armies"]["horde"].append("cinder_scout"),
            content._load_species,
            "species.json: entry 'coral_elves', field 'armies.horde[5]': 'cinder_scout' is not a unit of this species",
        ),
    ],
)
def test_schema_rules_name_file_entry_and_field(monkeypatch, file, change, load, message):
    _break(monkeypatch, file, change)
    with pytest.raises(ContentError) as error:
        load()
    assert str(error.value).startswith(message)
