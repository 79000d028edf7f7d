"""The /info glossary: every content entry once, unique names, short own-words texts, sources that match the data."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from rules.base import Lookup
from rules.dragondice import content
from rules.dragondice.content import ABILITIES, DRAGON, EIGHTH_FACES, SAIS, SPECIES, SPELLS, TERRAINS, UNIT_DICE
from rules.dragondice.engine import ENGINE
from rules.dragondice.glossary import lookups


def _raw(file: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((content.CONTENT / file).read_text(encoding="utf-8"))
    return data


def _base(name: str) -> str:
    """A name without the qualifier the glossary adds to a second thing of the same name ("Leviathan (Mistwardens)")."""
    return name.split(" (")[0]


def _by_kind(kind: str) -> dict[str, Lookup]:
    """Entries of one kind by name; a unit whose name another thing already has is found by its qualified name."""
    entries = [x for x in lookups() if x.kind == kind]
    found = {x.name: x for x in entries}
    for entry in entries:
        found.setdefault(_base(entry.name), entry)
    return found


def _names(kind: str) -> list[str]:
    return [_base(x.name) for x in lookups() if x.kind == kind]


def test_every_content_entry_appears_exactly_once() -> None:
    expected = {
        "species": [s.name for s in SPECIES.values()],
        "ability": [a.name for a in ABILITIES.values()],
        "unit": [u.name for u in UNIT_DICE.values()],
        "sai": [s.name for s in SAIS.values()],
        "spell": [s.name for s in SPELLS.values()],
        "terrain": [t.name for t in TERRAINS.values()],
        "eighth face": [e.name for e in EIGHTH_FACES.values()],
        "dragon face": list(dict.fromkeys(f.name for f in DRAGON.faces)),
        "dragon breath": [f"{e.title()} breath" for e in DRAGON.breath],
        "dragon": ["Dragon"],
        "dragon kind": [k.name for k in DRAGON.kinds.values()],
        "dragonkin": ["Dragonkin"],
    }
    for kind, names in expected.items():
        assert Counter(_names(kind)) == Counter(names), kind
    assert {x.kind for x in lookups()} == set(expected)


def test_sources_match_the_data() -> None:
    assert all(x.source in ("published", "house") for x in lookups())
    species = {s["name"]: s["source"] for s in _raw("species.json")["species"]}
    spells = {s["name"]: s["source"] for s in _raw("spells.json")["spells"]}
    sais = {s["name"]: s["source"] for s in _raw("sais.json")["sais"]}
    terrains = _raw("terrains.json")
    places = {t["name"]: t["source"] for t in terrains["terrains"]}
    eighth = {e["name"]: e["source"] for e in terrains["eighth_faces"]}
    dragons = _raw("dragons.json")
    breath = {f"{b['element'].title()} breath": b["source"] for b in dragons["dragon"]["breath"]}
    for kind, data in (
        ("ability", {a["name"]: a["source"] for a in _raw("abilities.json")["abilities"]}),
        ("species", species),
        ("spell", spells),
        ("sai", sais),
        ("terrain", places),
        ("eighth face", eighth),
        ("dragon breath", breath),
    ):
        assert {_base(name): x.source for name, x in _by_kind(kind).items()} == data, kind
    assert _by_kind("dragon")["Dragon"].source == dragons["dragon"]["source"]
    assert _by_kind("dragonkin")["Dragonkin"].source == _raw("dragonkin.json")["source"]
    kinds = {k["name"]: k["source"] for k in dragons["dragon"]["kinds"]}
    assert {name: x.source for name, x in _by_kind("dragon kind").items()} == kinds
    units = {x.key: x for x in lookups() if x.kind == "unit"}
    for unit in UNIT_DICE.values():
        assert units[unit.id].source == unit.source  # each die is published only when both sources agree on it


def test_content_texts_are_used_where_the_content_has_them() -> None:
    for spell in SPELLS.values():
        assert _by_kind("spell")[spell.name].text.startswith(spell.text)
    for sai in SAIS.values():
        entry = _by_kind("sai")[sai.name]
        assert entry.text.startswith(sai.text) and (not sai.partial or entry.text.endswith(sai.partial))
    for ability in ABILITIES.values():
        entry = _by_kind("ability")[ability.name]
        assert entry.text.startswith(ability.text) and (not ability.partial or entry.text.endswith(ability.partial))
    for face in DRAGON.faces:
        assert _by_kind("dragon face")[face.name].text == face.text


def test_spot_checks() -> None:
    colossus = _by_kind("unit")["Magma Colossus"]
    assert colossus.kind == "unit" and "health 4" in colossus.facts and "monster" in colossus.facts
    assert colossus.picture == ("[ID] [ID] [melee 4] [melee 4] [save 3]", "[manoeuvre 2] [Rive 2] [Kindle 2]")
    androsphinx = _by_kind("unit")["Androsphinx"]
    assert androsphinx.source == "published" and "10 faces" in androsphinx.facts and "Dwarves" in androsphinx.facts
    assert "Roar 4" in androsphinx.text and "monster Dwarves unit" in androsphinx.text
    pit_thug = _by_kind("unit")["Pit Thug"]
    assert pit_thug.source == "house" and "retired die of ours" in pit_thug.text
    assert "In this bot:" in _by_kind("sai")["Teleport"].text and "In this bot:" not in _by_kind("sai")["Smite"].text
    resurrect = _by_kind("spell")["Resurrect Dead"]
    assert "costs 3 per health" in resurrect.facts and "from reserves too" in resurrect.facts
    assert _by_kind("spell")["Call Dragon"].facts[:2] == ("costs 6", "the dragon's colour")
    highland = _by_kind("terrain")["Highland"]
    assert highland.facts == ("fire/earth", "1-3 melee", "4-5 missile", "6-7 magic", "8 Temple")
    assert _by_kind("species")["Mistwardens"].facts[:3] == ("water/air", "home Coastland", "frontier Swampland")
    dragon = _by_kind("dragon")["Dragon"]
    assert "health 5" in dragon.facts and "12 faces" in dragon.facts
    assert _by_kind("dragon face")["Jaws"].facts == ("damage 12", "saves count", "1 of 12")
    kin = _by_kind("dragonkin")["Dragonkin"]
    assert "60 dice" in kin.facts and "1 health per 3 points of force" in kin.facts
    assert "3 champion per element" in kin.facts and "saves equal to its health" in kin.text


def test_a_dragon_kind_tells_both_forms_and_its_breaths_and_keys_its_picture() -> None:
    hybrid = _by_kind("dragon kind")["Fire/Water Hybrid Dragon"]
    assert hybrid.key == "dragon/fire_water" and hybrid.facts[:3] == ("Hybrid", "fire/water", "health 5")
    assert "as a drake: 1 Jaws, 1 Breath, 4 Claw, 2 Wing, 2 Belly and 2 Tail" in hybrid.text
    assert "as a wyrm: 1 Jaws, 1 Breath, 4 Claw, 2 Belly, 3 Tail and 1 Treasure" in hybrid.text
    assert "Dragon Fire (fire) and Poisonous Cloud (water)" in hybrid.text
    white = _by_kind("dragon kind")["White Dragon"]
    assert "health 10" in white.facts and "counts as 2 dragons" in white.facts


def test_a_dragonkin_die_says_its_automatic_saves_and_where_it_waits() -> None:
    victor = _by_kind("unit")["Fire Dragonvictor"]
    assert victor.key == "dragonkin/fire_dragonvictor" and victor.source == "published"
    assert "adds 4 automatic saves" in victor.text and "summoning pool" in victor.text
    assert victor.picture == ("[ID] [Belly 4] [Rend 4] [Breath 4]", "[Counter 4] [Dragonkin Logo 4]")
    champ = _by_kind("unit")["Earth Dragonchamp"]
    assert champ.source == "house" and "sources differ" in champ.text
    old = _by_kind("unit")["Fire Dragonkin"]
    assert old.source == "house" and "retired die of ours" in old.text


def test_the_engine_serves_the_glossary() -> None:
    assert set(ENGINE.glossary()) == set(
        lookups()
    )  # in the order Engine.glossary gives (tests/rules/test_glossaries.py)
