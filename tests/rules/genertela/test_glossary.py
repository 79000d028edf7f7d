"""The /info glossary of Genertela: every content item appears once, names are unique, texts are ours and short."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from rules.base import Lookup
from rules.genertela import glossary
from rules.genertela.arrivals import special_id
from rules.genertela.content import ABILITIES, CONTENT_DIR, COUNTER_KINDS, SPECIAL_TYPES, TERRAINS, content
from rules.genertela.dragonewts import city_names


def _raw(name: str) -> dict[str, Any]:
    return json.loads((CONTENT_DIR / name).read_text(encoding="utf-8"))


def _of(kind: str) -> list[Lookup]:
    return [item for item in glossary.lookups() if item.kind == kind]


def _entry(name: str) -> Lookup:
    (found,) = [item for item in glossary.lookups() if item.name == name]
    return found


def _special_units() -> dict[str, str]:
    """unit id -> name of every special unit: the schedule's placements and the individuals its events bring."""
    data = content()
    units = {p.unit_id: p.name for t in data.turns for e in t.entries for p in e.placements if p.unit == "special"}
    for turn in _raw("schedule.json")["turns"]:
        for entry in turn["entries"]:
            nation = data.nations.resolve(entry["nation"])
            for event in entry["events"]:
                born = [i for i in event.get("place", []) if "recovery_mark" in i]
                born += [event["becomes"]] if "recovery_mark" in event.get("becomes", {}) else []
                for item in born:
                    units[special_id(nation, item["name"], item["types"])] = item["name"]
    return units


def test_every_nation_once_with_its_source() -> None:
    raw = {item["name"]: item["source"] for item in _raw("nations.json")["nations"]}
    entries = _of("nation")
    assert sorted(e.name for e in entries) == sorted(raw)
    assert all(e.source == raw[e.name] for e in entries)


def test_every_special_unit_once() -> None:
    units = _special_units()
    entries = _of("special unit")
    assert len(entries) == len(units)
    names = Counter(units.values())
    # each entry is a unit's name, qualified "(...)" only where names repeat
    assert Counter(e.name.split(" (")[0] for e in entries) == names
    for entry in entries:
        if "(" in entry.name:
            assert names[entry.name.split(" (")[0]] > 1


def test_every_unit_kind_type_ability_terrain_city_and_alliance_once() -> None:
    data = content()
    assert sorted(e.name for e in _of("unit")) == sorted(glossary.COUNTER_NAMES[k] for k in COUNTER_KINDS)
    # the Crimson Bat type is its one unit's entry
    types = [glossary.TYPE_NAMES[t] for t in SPECIAL_TYPES if t != "crimson_bat"]
    assert sorted(e.name for e in _of("special type")) == sorted(types)
    assert "Crimson Bat" in {e.name for e in _of("special unit")}
    assert sorted(e.name for e in _of("ability")) == sorted(glossary.ABILITY_NAMES[a] for a in ABILITIES)
    assert sorted(e.name for e in _of("terrain")) == sorted(t.capitalize() for t in TERRAINS)
    cities = {f"{name} dragonewt" for name in city_names().values()}
    assert sorted(e.name for e in _of("named dragonewt")) == sorted(cities)
    spellings: dict[str, set[str]] = {}  # alliance id -> its names (a few are spelled two ways)
    for turn in data.turns:
        for alliance in turn.alliances:
            spellings.setdefault(alliance.id, set()).add(alliance.name.removeprefix("The "))
    names = [e.name for e in _of("alliance")]
    assert len(names) == len(spellings)
    assert all(sum(name in spelled for name in names) == 1 for spelled in spellings.values())
    assert {name for _, name in data.nations.alliance_turns} <= set(names)
    features = {"Fortress", "Deathline", "Narrow pass", "Emperor's lands", "Plateau", "Chaos Nest", "Dragonewt city"}
    assert features <= {e.name for e in _of("map feature")}


def test_sources_follow_the_data() -> None:
    cities = {f"{c['name']} dragonewt": c["source"] for c in _raw("dragonewt_cities.json")["cities"]}
    for entry in _of("named dragonewt"):
        assert entry.source == cities[entry.name]
    schedule = _raw("schedule.json")["source"]
    assert {e.source for e in _of("special unit") + _of("alliance")} == {schedule}


def test_spot_checks() -> None:
    heortlings = _entry("Heortlings")
    assert {"Yellow side", "turn order 7", "human", "89 standard units", "+3 VP if Jar-eel is dead"} <= set(
        heortlings.facts
    )
    bat = _entry("Crimson Bat")
    assert {"Rinliddi", "recovery infinite", "4 dice", "resist +2"} <= set(bat.facts)
    isidilian = _entry("Isidilian")
    assert {"guardian", "recovery **", "resist +2", "1 VP to its killer"} <= set(isidilian.facts)
    assert "Dwarf Run" in isidilian.text
    assert _entry("Lokamayadon (Superhero)").facts[2] == "turns 8-10"
    assert {"4 dice", "resist +3"} <= set(_entry("Golden Dragon Emperor").facts)
    assert _entry("Fortress").facts == ("3 zones",)
    assert "Heortland" in _entry("Fortress").text
    assert _entry("Standard unit").facts[0] == "costs 6"
    assert _entry("Far Egg dragonewt").source == "house"
