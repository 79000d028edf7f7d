"""The published species and their unit dice: complete, shaped as published, and a sample compared with the facts.

Whether every unit marked published agrees with both public data sets is checked by docs/tools/dragondice_sources.py
(it reads local mirrors of the sources, so it is run by hand); here are the invariants that hold without them, and
three units per species written out from source B.
"""

import json

import pytest

from rules.dragondice import content
from rules.dragondice.content import ABILITIES, ICONS, SAIS, SPECIES, UNIT_DICE, ContentError

PUBLISHED = (
    "amazons",
    "coral_elves",
    "dwarves",
    "goblins",
    "lava_elves",
    "firewalkers",
    "undead",
    "feral",
    "swamp_stalkers",
    "frostwings",
    "scalders",
    "treefolk",
)
HEALTH = {"small": 1, "medium": 2, "large": 3, "champion": 4, "monster": 4}

# Three dice per species (a small, a large, a monster) as source B gives them: size, type, faces (in any order).
FROM_B = {
    "amazons/soldier": ("small", "heavy_melee", ["id", "save:1", "melee:1", "melee:1", "manoeuvre:1", "melee:2"]),
    "amazons/war_chief": ("large", "heavy_melee", ["id", "manoeuvre:2", "melee:4", "melee:3", "save:3", "sai:smite:4"]),
    "amazons/centaur": (
        "monster",
        "monster",
        [
            "id",
            "manoeuvre:4",
            "missile:4",
            "sai:kick:4",
            "melee:4",
            "melee:4",
            "sai:kick:4",
            "missile:4",
            "manoeuvre:4",
            "sai:trample:4",
        ],
    ),
    "coral_elves/fighter": (
        "small",
        "heavy_melee",
        ["id", "melee:1", "missile:1", "manoeuvre:1", "melee:1", "melee:2"],
    ),
    "coral_elves/protector": (
        "large",
        "heavy_melee",
        ["id", "missile:2", "melee:4", "melee:3", "save:3", "sai:smite:4"],
    ),
    "coral_elves/coral_giant": (
        "monster",
        "monster",
        [
            "id",
            "save:4",
            "sai:smite:4",
            "sai:trample:4",
            "melee:4",
            "sai:smite:4",
            "save:4",
            "sai:counter:4",
            "sai:trample:4",
            "manoeuvre:4",
        ],
    ),
    "dwarves/footman": ("small", "heavy_melee", ["id", "save:1", "melee:1", "melee:1", "save:1", "melee:2"]),
    "dwarves/warlord": ("large", "heavy_melee", ["id", "save:3", "melee:3", "melee:3", "sai:smite:4", "melee:3"]),
    "dwarves/androsphinx": (
        "monster",
        "monster",
        [
            "id",
            "sai:roar:4",
            "magic:4",
            "melee:4",
            "save:4",
            "sai:rend:4",
            "melee:4",
            "magic:4",
            "sai:roar:4",
            "save:4",
        ],
    ),
    "goblins/thug": ("small", "heavy_melee", ["id", "save:1", "melee:1", "melee:1", "manoeuvre:1", "melee:2"]),
    "goblins/marauder": ("large", "heavy_melee", ["id", "manoeuvre:2", "melee:4", "melee:3", "save:3", "sai:smite:4"]),
    "goblins/cannibal": (
        "monster",
        "monster",
        [
            "id",
            "sai:swallow:4",
            "save:4",
            "sai:stun:4",
            "melee:4",
            "save:4",
            "manoeuvre:4",
            "sai:net:4",
            "sai:surprise:4",
            "sai:sleep:4",
        ],
    ),
    "lava_elves/bladesman": ("small", "heavy_melee", ["id", "save:1", "melee:1", "melee:1", "missile:1", "melee:2"]),
    "lava_elves/conqueror": (
        "large",
        "heavy_melee",
        ["id", "missile:2", "melee:5", "melee:1", "save:3", "sai:smite:4"],
    ),
    "lava_elves/beholder": (
        "monster",
        "monster",
        [
            "id",
            "magic:4",
            "sai:flame:2",
            "save:4",
            "sai:charm:4",
            "sai:stone:4",
            "sai:confuse:4",
            "melee:4",
            "sai:illusion:4",
            "save:4",
        ],
    ),
    "firewalkers/guardian": (
        "small",
        "heavy_melee",
        ["id", "melee:1", "save:1", "missile:1", "melee:2", "manoeuvre:1"],
    ),
    "firewalkers/sentinel": (
        "large",
        "heavy_melee",
        ["id", "melee:3", "manoeuvre:3", "save:3", "sai:smite:4", "missile:3"],
    ),
    "firewalkers/fireshadow": (
        "monster",
        "monster",
        [
            "id",
            "sai:fly:4",
            "sai:create_fireminions:4",
            "sai:smite:4",
            "melee:4",
            "melee:4",
            "sai:cantrip:4",
            "sai:create_fireminions:4",
            "sai:counter:4",
            "sai:fly:4",
        ],
    ),
    "undead/zombie": ("small", "heavy_melee", ["id", "save:1", "melee:1", "melee:1", "save:1", "melee:2"]),
    "undead/mummy": ("large", "heavy_melee", ["id", "save:3", "melee:3", "melee:3", "sai:wither:3", "melee:4"]),
    "undead/carrion_crawler": (
        "monster",
        "monster",
        [
            "id",
            "manoeuvre:4",
            "melee:4",
            "sai:stun:4",
            "save:4",
            "save:4",
            "sai:stun:4",
            "manoeuvre:4",
            "melee:4",
            "sai:smite:4",
        ],
    ),
    "feral/lynx_folk": ("small", "heavy_melee", ["id", "manoeuvre:1", "melee:1", "melee:1", "save:1", "melee:2"]),
    "feral/tiger_folk": (
        "large",
        "heavy_melee",
        ["id", "sai:double_strike:4", "melee:4", "melee:2", "save:4", "save:2"],
    ),
    "feral/bear_folk": (
        "monster",
        "monster",
        [
            "id",
            "manoeuvre:4",
            "sai:hug:4",
            "missile:4",
            "sai:double_strike:4",
            "sai:double_strike:4",
            "save:4",
            "manoeuvre:4",
            "save:4",
            "magic:4",
        ],
    ),
    "swamp_stalkers/warmonger": ("small", "heavy_melee", ["id", "melee:2", "melee:1", "melee:1", "save:1", "save:1"]),
    "swamp_stalkers/annihilator": (
        "large",
        "heavy_melee",
        ["id", "melee:5", "save:2", "save:3", "sai:smite:4", "melee:2"],
    ),
    "swamp_stalkers/crocosaur": (
        "monster",
        "monster",
        [
            "id",
            "manoeuvre:4",
            "save:4",
            "melee:4",
            "sai:surprise:4",
            "sai:surprise:4",
            "sai:tail:2",
            "sai:tail:2",
            "sai:rend:4",
            "melee:4",
        ],
    ),
    "frostwings/advocate": (
        "small",
        "heavy_melee",
        ["id", "melee:2", "manoeuvre:1", "sai:fly:1", "melee:1", "melee:1"],
    ),
    "frostwings/vindicator": (
        "large",
        "heavy_melee",
        ["id", "sai:smite:4", "save:3", "sai:fly:4", "melee:2", "melee:3"],
    ),
    "frostwings/cryohydra": (
        "monster",
        "monster",
        [
            "id",
            "sai:double_strike:4",
            "save:4",
            "melee:4",
            "manoeuvre:4",
            "sai:double_strike:4",
            "manoeuvre:4",
            "melee:4",
            "save:4",
            "sai:frost_breath:4",
        ],
    ),
    "scalders/singeman": ("small", "heavy_melee", ["id", "melee:1", "manoeuvre:1", "melee:1", "melee:2", "save:1"]),
    "scalders/searer": ("large", "heavy_melee", ["id", "sai:smite:4", "manoeuvre:2", "melee:2", "melee:6", "save:2"]),
    "scalders/ettercap": (
        "monster",
        "monster",
        [
            "id",
            "sai:bullseye:4",
            "missile:4",
            "manoeuvre:4",
            "magic:4",
            "save:4",
            "missile:4",
            "manoeuvre:4",
            "save:4",
            "melee:4",
        ],
    ),
    "treefolk/oakling": ("small", "heavy_melee", ["id", "melee:1", "melee:1", "melee:1", "melee:1", "save:2"]),
    "treefolk/oak_lord": ("large", "heavy_melee", ["id", "melee:3", "sai:smite:3", "sai:smite:3", "melee:3", "save:4"]),
    "treefolk/darktree": (
        "monster",
        "monster",
        [
            "id",
            "save:4",
            "sai:surprise:4",
            "melee:4",
            "sai:smother:4",
            "melee:4",
            "save:4",
            "sai:surprise:4",
            "save:4",
            "sai:smother:4",
        ],
    ),
}


def _faces(kind: str) -> list[str]:
    out = []
    for face in UNIT_DICE[kind].faces:
        out.append(
            "id" if face.kind == "id" else f"sai:{face.sai}:{face.amount}" if face.sai else f"{face.kind}:{face.amount}"
        )
    return sorted(out)


def test_the_twelve_published_species_come_first_and_the_house_ones_stay():
    assert list(SPECIES)[: len(PUBLISHED)] == list(PUBLISHED)  # the draft's default species is a published one
    assert {sid for sid, sp in SPECIES.items() if sp.source == "house"} == {"emberwrights", "mistwardens"}
    for sid in PUBLISHED:
        assert SPECIES[sid].checked_against == ("A", "B")


def test_every_published_species_has_twenty_units_five_of_each_size():
    for sid in PUBLISHED:
        dice = [UNIT_DICE[k] for k in SPECIES[sid].units]
        assert len(dice) == 20, sid
        assert sorted(d.health for d in dice) == [1] * 5 + [2] * 5 + [3] * 5 + [4] * 5, sid
        for die in dice:
            assert len(die.faces) == (10 if die.size == "monster" else 6), die.id
            assert die.elements == SPECIES[sid].elements, die.id  # a published die has its species' colours


def test_species_colours_as_published():
    assert SPECIES["amazons"].elements == ("ivory",)
    assert SPECIES["undead"].elements == ("death",)
    assert set(SPECIES["coral_elves"].elements) == {"air", "water"}
    assert set(SPECIES["frostwings"].elements) == {"air", "death"}


def test_unit_invariants_id_face_known_kinds_and_health_by_size():
    for die in UNIT_DICE.values():
        assert any(f.kind == "id" for f in die.faces), die.id
        assert die.health == HEALTH.get(die.size, die.health), die.id
        for face in die.faces:
            assert face.kind in ("id", "sai", *ICONS), die.id
            assert face.kind != "sai" or face.sai in SAIS, die.id
            assert face.kind == "id" or face.amount >= 1, die.id


@pytest.mark.parametrize("kind", sorted(FROM_B))
def test_three_units_per_species_match_source_b(kind):
    size, type_, faces = FROM_B[kind]
    die = UNIT_DICE[kind]
    assert (die.size, die.type, _faces(kind)) == (size, type_, sorted(faces))


def test_units_the_sources_disagree_on_are_house_with_a_note():
    # Feral hoof dice: A shows the Hoof SAI where B shows manoeuvres; we use B's faces and say so
    die = UNIT_DICE["feral/antelope_folk"]
    assert die.source == "house" and "hoof" in die.note
    assert _faces("feral/antelope_folk") == sorted(["id", "manoeuvre:1", "manoeuvre:2", "melee:1", "save:1", "save:1"])
    assert all(UNIT_DICE[k].note == "" for k in UNIT_DICE if UNIT_DICE[k].source == "published")
    assert sum(UNIT_DICE[k].source == "house" for sid in PUBLISHED for k in SPECIES[sid].units) == 9


def test_retired_house_dice_load_but_belong_to_no_species():
    retired = {k for k, die in UNIT_DICE.items() if die.retired and die.species != "dragonkin"}  # not our old Dragonkin
    assert {
        "goblins/pit_thug",
        "lava_elves/cinder_tyrant",
        "feral/cave_bear_elder",
        "scalders/caldera_kraken",
    } <= retired
    assert len(retired) == 24
    assert not retired & {k for sp in SPECIES.values() for k in sp.units}
    assert all(UNIT_DICE[k].source == "house" for k in retired)
    assert _faces("feral/lynx_prowler") == sorted(["id", "melee:1", "melee:2", "manoeuvre:1", "save:1", "sai:bay:1"])


def test_every_published_species_lists_its_abilities():
    for sid in PUBLISHED:
        assert SPECIES[sid].abilities, sid
        assert all(ABILITIES[a].species == sid for a in SPECIES[sid].abilities)
    assert SPECIES["amazons"].abilities == ("javelin_charge", "kukri_charge", "terrain_harmony")
    assert ABILITIES["terrain_harmony"].effects == ({"op": "terrain_magic"},)


def test_an_ability_without_effects_must_say_why(monkeypatch):
    raw = json.loads((content.CONTENT / "abilities.json").read_text())
    raw["abilities"][0]["partial"] = ""
    real = content._read
    monkeypatch.setattr(content, "_read", lambda name: raw if name == "abilities.json" else real(name))
    with pytest.raises(ContentError, match=r"abilities\.json: entry 'javelin_charge', field 'partial'"):
        content._load_abilities()


def test_a_count_as_effect_with_an_unknown_roll_is_named(monkeypatch):
    raw = json.loads((content.CONTENT / "abilities.json").read_text())
    coastal = next(a for a in raw["abilities"] if a["id"] == "coastal_dodge")
    coastal["effects"][0]["roll"] = "dance"
    real = content._read
    monkeypatch.setattr(content, "_read", lambda name: raw if name == "abilities.json" else real(name))
    with pytest.raises(ContentError, match=r"entry 'coastal_dodge', field 'effects\[0\]\.roll': 'dance' is not one"):
        content._load_abilities()
