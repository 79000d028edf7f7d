"""Content files load, are complete, and bad data is refused with file, entry and field named."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.smallworld import content
from rules.smallworld.content import CONTENT_DIR, ContentError, load_map, parse_content, parse_map

FIXTURES = Path(__file__).parent / "fixtures" / "maps"


def raw(file: str) -> Any:
    return json.loads((CONTENT_DIR / file).read_text(encoding="utf-8"))


def test_fifteen_races_and_twenty_one_powers() -> None:
    data = content.content()
    assert len(data.races) == 15 and len(data.powers) == 21
    assert {t.kind for t in data.treasures.values()} == {"place", "relic"}


def test_every_entry_says_where_it_comes_from() -> None:
    for file in ("races.json", "powers.json", "treasures.json"):
        for entry in raw(file):
            assert entry["source"] in ("published", "house"), entry["id"]
            assert entry.get("note"), f"{file} {entry['id']} explains what is published and what is ours"


def test_every_entry_has_a_short_brief() -> None:
    for file in ("races.json", "powers.json", "treasures.json"):
        for entry in raw(file):
            brief = entry.get("brief")
            assert isinstance(brief, str) and brief.strip(), f"{file} {entry['id']} says in a few words what it does"
            assert len(brief) <= content.BRIEF_MAX, f"{file} {entry['id']}: brief too long"


def test_missing_or_long_brief_is_refused() -> None:
    files = {name: raw(name) for name in ("races.json", "powers.json", "treasures.json")}
    del files["powers.json"][0]["brief"]
    with pytest.raises(ContentError) as error:
        parse_content(files["races.json"], files["powers.json"], files["treasures.json"])
    assert "powers.json" in str(error.value) and "'brief'" in str(error.value)
    message = _broken("treasures.json", 2, "brief", "x" * (content.BRIEF_MAX + 1))
    assert "treasures.json" in message and "'deep_forge'" in message and "'brief'" in message
    assert "'brief'" in _broken("races.json", 1, "brief", "")


@pytest.mark.parametrize("file", ["races.json", "powers.json", "treasures.json"])
def test_no_two_entries_share_an_effect_list(file: str) -> None:
    """Issue #15: look-alikes are refused at load (same effects, in any order, same numbers)."""
    entries = raw(file)
    parsed = content.parse_content(raw("races.json"), raw("powers.json"), raw("treasures.json"))
    keys = [content.effect_key(found) for found in getattr(parsed, file.removesuffix(".json")).values()]
    assert len(set(keys)) == len(keys) == len(entries)
    message = _broken(file, 3, "effects", list(reversed(entries[5]["effects"])))
    assert message.startswith(f"{file}: entry {entries[5]['id']!r}, field 'effects'")
    assert f"the same effects as {entries[3]['id']!r}" in message


def test_no_power_or_treasure_repeats_a_race() -> None:
    """Across the files too: a power that did what a race does (Thieving like Ogres, Vampire like Faceless)."""
    every = [*raw("races.json"), *raw("powers.json"), *raw("treasures.json")]
    assert len({json.dumps(sorted(json.dumps(e, sort_keys=True) for e in x["effects"])) for x in every}) == len(every)
    faceless = raw("races.json")[2]
    assert faceless["id"] == "faceless"
    vampire = next(i for i, x in enumerate(raw("powers.json")) if x["id"] == "vampire")
    message = _broken("powers.json", vampire, "effects", faceless["effects"])
    assert message == ("powers.json: entry 'vampire', field 'effects': the same effects as 'faceless'; give it its own")


def test_at_most_two_coin_per_terrain_abilities() -> None:
    """Issue #15: no '+1 coin per <terrain>' clones; the few left differ in kind (one scores in decline)."""
    data = content.content()
    every = [*data.races.values(), *data.powers.values(), *data.treasures.values()]
    terrain_coins = [a.id for a in every for e in a.effects if e.kind == "score_terrain"]
    assert sorted(terrain_coins) == ["flames", "iron_dwarves"]
    assert data.races["iron_dwarves"].effects[0].get("in_decline") and not data.races["flames"].effects[1].get(
        "in_decline"
    )


def test_decline_survivors_are_muddy_reborn_royal() -> None:
    survivors = {pid for pid, power in content.content().powers.items() if power.survives_decline}
    assert survivors == {"muddy", "reborn", "royal"}


def _broken(file: str, entry: int, field: str, value: Any) -> str:
    files = {name: raw(name) for name in ("races.json", "powers.json", "treasures.json")}
    files[file][entry][field] = value
    with pytest.raises(ContentError) as error:
        parse_content(files["races.json"], files["powers.json"], files["treasures.json"])
    return str(error.value)


def test_bad_race_names_file_entry_field() -> None:
    message = _broken("races.json", 0, "tokens", "five")
    assert "races.json" in message and "'cultists'" in message and "'tokens'" in message


def test_bad_effect_kind_is_named() -> None:
    message = _broken("powers.json", 1, "effects", [{"kind": "fly_away"}])
    assert "powers.json" in message and "effects[0]" in message and "fly_away" in message


def test_bad_source_is_refused() -> None:
    assert "'source'" in _broken("treasures.json", 0, "source", "folklore")


def test_tray_smaller_than_banner_is_refused() -> None:
    assert "'tray'" in _broken("races.json", 2, "tray", 1)


def _fixture(players: int) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{players}p.json").read_text(encoding="utf-8"))


def test_load_map_reads_the_folder_given() -> None:
    game_map = load_map(2, FIXTURES)
    assert game_map.turns == 10 and len(game_map.regions) == 16
    assert game_map.regions["r12"].terrain == "chasm"


def test_real_maps_load_with_turns_by_player_count() -> None:
    for players, turns in ((2, 10), (3, 9), (4, 9), (5, 8)):
        assert load_map(players).turns == turns


def test_map_one_sided_adjacency_is_refused() -> None:
    data = _fixture(2)
    data["regions"][0]["adjacent"].append("r33")
    with pytest.raises(ContentError, match=r"2p.json: entry 'r00', field 'adjacent'.*'r33' does not list"):
        parse_map(data, "2p.json")


def test_map_unknown_terrain_is_refused() -> None:
    data = copy.deepcopy(_fixture(3))
    data["regions"][4]["terrain"] = "lava"
    with pytest.raises(ContentError, match=r"entry 'r04', field 'terrain'"):
        parse_map(data, "3p.json")


def test_map_duplicate_name_and_turns_are_refused() -> None:
    data = _fixture(2)
    data["regions"][1]["name"] = data["regions"][0]["name"]
    with pytest.raises(ContentError, match=r"field 'name'"):
        parse_map(data, "2p.json")
    data = _fixture(2)
    data["turns"] = 12
    with pytest.raises(ContentError, match=r"field 'turns'"):
        parse_map(data, "2p.json")


def test_missing_map_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no map file"):
        load_map(4, tmp_path)


def test_every_effect_kind_is_used_by_some_content() -> None:
    data = content.content()
    used = {e.kind for group in (data.races, data.powers, data.treasures) for a in group.values() for e in a.effects}
    assert used == set(content.EFFECT_FIELDS)


def test_a_misspelt_field_is_refused_not_ignored() -> None:
    message = _broken("powers.json", 0, "survives_decline_", True)
    assert message.startswith("powers.json: entry ") and "field 'survives_decline_': is not a field" in message


def test_a_wrong_type_is_worded_like_every_game() -> None:
    message = _broken("races.json", 0, "tokens", "five")
    assert message == "races.json: entry 'cultists', field 'tokens': must be a whole number, not text"
