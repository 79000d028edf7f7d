"""The Genertela data files: map, nations and schedule load, hang together and match the seed's numbers."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules.genertela.content import CONTENT_DIR, ContentError, Placement, content, load

C = content()
BOARD = C.board
NATIONS = C.nations.nations

# Every spelling of a place the seed uses, including the variants RULINGS.md lists.
SEED_ZONE_NAMES = """Erigia|Eol|Rist|Elder Wilds|the Elder Wilds|Arstola|Longsiland|God Forgot|Esvurela|Esvurella|
Esvulerela|Ivory Plinth|Praxian March|Prax|Pavis|Zola Fel|Feroda|Snakepipe Hollow|Print|the Print|
Rinliddi|Rindliddi|Dinzizi|Alkoth|Henjarl|Dara Happa|Raibanth|Ditali|Solanthi|Solinthi|Wenelia|
Balazar|Dog Plains|Shadow Plateau|Storn|Beast Valley|Kitori|Kitor|Yolp Mountains|Yolp|
Dagori Inkarth|Shadow's Dance|Shadows Dance|Blue Moon Plateau|Saird|Vanch|Pelanda|Darsen|Naveria|
Carmania|Jhor|Spol|Worrrian|Bindle|Dwarf Run|Jord|Imther Mountains|Imther|Greatway|
Eastern Rockwoods|Gemborg|Gardint|Holay|Tarsh|Grazelands|Wintertop|Orenaria|Sartar|Heortland|
Thunder Delta|Birin|Korer|Althil|Yuthuppa|Ashrill|Thrice Blessed|Darjin|Esvithil|Dara-Ni|Tork|
Garsting|Jarst|Dragon's Eye|Caladraland|North Esrolia|South Esrolia|North March|Karse|
Leftarm Islands|Lingstingland|Lakrene|Sylila|Talastar|Vasdingland|Bilini|Billini|Aggar|Pent|Jarasan|
Redlands|Ezarcos|Oraya|Kashis|Velthil|Kostaddi|Sanken|Terrir|Terarir|Wastelands|the Wastelands|
Wasteland|Hungry Plateau|Dorastor|Homeward Ocean|the Homeward Ocean|Charg|Brolia|Silver Shadow|
Doblian|Far Place|Fer|Top of the World|Western Rockwoods|City of Wonders""".replace("\n", "")
SEED_NATION_NAMES = """Uz|Dragonewts|Chaos|Veshtargos|Veshtorgas|Aramites|Beastmen|Beast Men|Heortlings|Zarkosites|
Dara Happans|Dara Happa|Darjinni|Talastari|Aldryami|Pelandans|Mostali|Malkoni|Malkioni|Seshnegi|
Jajalorings|Ditali|Wolf Pirates|Esrolians|Animal Nomads|Praxians|Pentans|Char-Un|Chur-Un|
Balazarings|Balazaring|EWF|Alkorings|Rinliddi|Lunar Tarsh|Carmanians""".replace("\n", "")
# The turn record: nation -> side, in order.
TURN_RECORD = """Uz Green|Dragonewts Blue|Chaos Red|Veshtargos Yellow|Aramites Red|Beastmen Yellow|Heortlings Yellow|
Zarkosites Yellow|Dara Happans Red|Darjinni Yellow|Talastari Blue|Aldryami Red|Pelandans Green|
Mostali Yellow|Malkoni Red|Seshnegi Green|Jajalorings Green|Ditali Red|Wolf Pirates Green|
Esrolians Blue|Animal Nomads Yellow|Praxians Red|Pentans Blue|Char-Un Red|Balazarings Red|EWF Blue|
Alkorings Green|Rinliddi Red|Lunar Tarsh Red|Carmanians Yellow""".replace("\n", "")


def all_placements() -> list[tuple[int, Placement]]:
    return [(turn.turn, p) for turn in C.turns for entry in turn.entries for p in entry.placements]


# --- map --------------------------------------------------------------------------------------------------


def test_adjacency_is_symmetric() -> None:
    for zone in BOARD.zones.values():
        for other in zone.adjacent:
            assert zone.id in BOARD.zones[other].adjacent, (zone.id, other)


def test_every_zone_is_reachable() -> None:
    start = next(iter(BOARD.zones))
    seen, queue = {start}, deque([start])
    while queue:
        for other in BOARD.zones[queue.popleft()].adjacent:
            if other not in seen:
                seen.add(other)
                queue.append(other)
    assert seen == set(BOARD.zones)


def test_every_land_zone_open_to_all_is_reachable_without_crossing_mountains() -> None:
    # Humans may not enter mountains (except the plateaus) nor the sea: the open land must still be one piece.
    open_zones = {z.id for z in BOARD.zones.values() if z.enterable_by_all}
    start = BOARD.resolve("Raibanth")
    seen, queue = {start}, deque([start])
    while queue:
        for other in BOARD.zones[queue.popleft()].adjacent:
            if other in open_zones and other not in seen:
                seen.add(other)
                queue.append(other)
    assert seen == open_zones


@pytest.mark.parametrize("name", SEED_ZONE_NAMES.split("|"))
def test_every_seed_zone_name_resolves(name: str) -> None:
    assert BOARD.resolve(name) in BOARD.zones


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Solinthi", "Solanthi"),
        ("Esvurela", "Esvurella"),
        ("Esvurela", "Esvulerela"),
        ("Kitor", "Kitori"),
        ("Bilini", "Billini"),
        ("Rinliddi", "Rindliddi"),
        ("Terrir", "Terarir"),
        ("Yolp", "Yolp Mountains"),
        ("the Print", "Print"),
    ],
)
def test_zone_name_variants_are_one_zone(a: str, b: str) -> None:
    assert BOARD.resolve(a) == BOARD.resolve(b)


def test_mountain_plateaus_are_blue_moon_and_shadow() -> None:
    plateaus = {z.name for z in BOARD.zones.values() if z.plateau}
    assert plateaus == {"Blue Moon Plateau", "Shadow Plateau"}
    assert all(BOARD.zone(name).terrain == "mountain" for name in plateaus)


def test_narrow_passes_are_the_four_the_seed_names() -> None:
    passes = {z.name for z in BOARD.zones.values() if z.narrow_pass}
    assert passes == {"Eastern Rockwoods", "Greatway", "Top of the World", "Western Rockwoods"}


def test_narrow_pass_example_dorastor_touches_top_of_the_world_and_western_rockwoods() -> None:
    dorastor = BOARD.zone("Dorastor")
    assert {BOARD.resolve("Top of the World"), BOARD.resolve("Western Rockwoods")} <= set(dorastor.adjacent)


def test_emperor_line_is_the_six_zones_and_the_complete_emperor_zones_lie_north_of_it() -> None:
    line = {z.name for z in BOARD.zones.values() if z.emperor_line}
    assert line == {"Top of the World", "Western Rockwoods", "Tarsh", "Gardint", "Eastern Rockwoods", "Greatway"}
    for name in ("Raibanth", "Yuthuppa", "Alkoth", "Darsen", "Henjarl", "Dara Happa", "Darjin"):
        assert BOARD.zone(name).north_of_emperor_line, name
    for zone in BOARD.zones.values():
        assert not (zone.emperor_line and zone.north_of_emperor_line)


def test_king_of_dragon_pass_counts_twelve_deathline_zones_besides_the_chaos_nests() -> None:
    # "Wintertop and at least 10 zones (all possible but 2)": 12 Deathline zones that are not Chaos Nests.
    deathline = [z for z in BOARD.zones.values() if z.deathline]
    nests = {z.name for z in deathline if z.chaos_nest}
    assert nests == {"Snakepipe Hollow", "Print"}
    assert len(deathline) - len(nests) == 12
    assert BOARD.zone("Wintertop").deathline


def test_pentans_may_reach_the_grazelands_from_prax_and_the_praxian_march() -> None:
    grazelands = BOARD.zone("Grazelands")
    assert grazelands.deathline
    assert {BOARD.resolve("Prax"), BOARD.resolve("Praxian March")} <= set(grazelands.adjacent)


def test_dragonewt_cities_hold_the_sixteen_setup_dragonewts() -> None:
    # 2 in Dragon's Eye and 2 in each other Dragonewt city make the Dragonewts' 16 units.
    cities = [z for z in BOARD.zones.values() if z.dragonewt_city]
    assert BOARD.zone("Dragon's Eye").dragonewt_city
    assert 2 * len(cities) == 16


def test_the_homeward_ocean_is_the_only_sea_and_touches_the_south_coast() -> None:
    seas = [z for z in BOARD.zones.values() if z.terrain == "sea"]
    assert [z.name for z in seas] == ["Homeward Ocean"]
    assert len(seas[0].adjacent) >= 6


def test_aldryami_forest_zones_exist_in_the_bands_the_conversions_need() -> None:
    # Turn 27: a forest zone wholly south of Silver Shadow and north of Tarsh, and a lowland one north of Silver Shadow.
    shadow_y = BOARD.zone("Silver Shadow").centre[1]
    tarsh_y = BOARD.zone("Tarsh").centre[1]
    forests = [BOARD.zone(p.zone) for t, p in all_placements() if t == 1 and p.unit == "forest"]
    assert any(shadow_y < z.centre[1] < tarsh_y for z in forests)
    assert any(z.centre[1] < shadow_y and z.terrain == "lowland" for z in forests)


def test_every_zone_has_a_centre_on_the_canvas_and_a_radius() -> None:
    width, height = BOARD.canvas
    for zone in BOARD.zones.values():
        assert 0 <= zone.centre[0] <= width and 0 <= zone.centre[1] <= height
        assert zone.radius > 0


def test_the_map_is_marked_house() -> None:
    raw = json.loads((CONTENT_DIR / "map.json").read_text())
    assert raw["source"] == "house" and all(z["source"] == "house" for z in raw["zones"])


# --- nations ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SEED_NATION_NAMES.split("|"))
def test_every_seed_nation_name_resolves(name: str) -> None:
    assert C.nations.resolve(name) in NATIONS


def test_turn_record_order_and_sides() -> None:
    expected = [item.rsplit(" ", 1) for item in TURN_RECORD.split("|")]
    actual = [(n.id, n.side) for n in NATIONS.values()]
    assert actual == [(C.nations.resolve(name), side) for name, side in expected]
    assert Counter(n.side for n in NATIONS.values()).keys() == {"Red", "Green", "Blue", "Yellow"}


def test_alliance_turns_follow_the_nations_in_the_record() -> None:
    ids = {a for a, _ in C.nations.alliance_turns}
    scheduled = {a.id for t in C.turns for a in t.alliances if a.alliance_turn}
    assert scheduled <= ids


def test_non_human_nations_are_those_the_dragonkill_lists() -> None:
    non_human = {n.id for n in NATIONS.values() if not n.human}
    assert non_human == {"uz", "aldryami", "mostali", "dragonewts", "chaos", "beastmen", "aramites"}


def test_nomads_are_the_five_the_seed_lists() -> None:
    nomads = {n.id for n in NATIONS.values() if n.has("nomad")}
    assert nomads == {"animal_nomads", "balazarings", "pentans", "praxians", "char_un"}


def test_default_data_cards_have_zero_modifiers_and_the_rulings_vp_scheme() -> None:
    for nation in NATIONS.values():
        assert (nation.to_hit, nation.resist) == (0, 0)
        assert (nation.vp.homeland, nation.vp.city, nation.vp.zone) == (1, 1, 1)
        assert nation.vp.kills == {"hero": 2, "superhero": 3, "dragon_hero": 3, "guardian": 1, "assassin": 1}


def test_chaos_never_submits() -> None:
    assert NATIONS["chaos"].submission_limit is None and NATIONS["chaos"].has("never_submits")


# --- schedule ---------------------------------------------------------------------------------------------

# The seed's setup header: (units / extra counters) per nation.
SETUP_COUNTS = {
    "aldryami": {"standard": 11, "forest": 6},
    "malkioni": {"standard": 3},
    "aramites": {"standard": 2},
    "praxians": {"standard": 5},
    "chaos": {"standard": 4},
    "rinliddi": {"standard": 4},
    "dara_happans": {"standard": 4, "killmen": 5, "city": 1},
    "ditali": {"standard": 4},
    "balazarings": {"standard": 2},
    "uz": {"standard": 23},
    "jajalorings": {"standard": 5},
    "pelandans": {"standard": 11},
    "mostali": {"standard": 16},
    "heortlings": {"standard": 16},
    "veshtargos": {"standard": 7},
    "darjinni": {"standard": 4},
    "zarkosites": {"standard": 3},
    "dragonewts": {"named_dragonewt": 16},
    "esrolians": {"standard": 11},
    "talastari": {"standard": 9},
    "pentans": {"standard": 11},
}


def setup_counts() -> dict[str, Counter[str]]:
    counts: dict[str, Counter[str]] = {}
    for entry in C.turn(1).entries:
        for p in entry.placements:
            if p.unit == "special":
                continue
            per = sum(1 for z in BOARD.zones.values() if z.dragonewt_city and z.id != BOARD.resolve("Dragon's Eye"))
            counts.setdefault(entry.nation, Counter())[p.unit] += p.count * (per if p.zone_rule else 1)
    return counts


def test_setup_matches_the_seeds_totals() -> None:
    # Mostali: the header says 17 with the Hero; the listed zones hold 16 units plus Isidilian.
    assert {n: dict(c) for n, c in setup_counts().items()} == SETUP_COUNTS


def test_forty_turns_with_victory_points_every_third_turn_and_final_points_on_turn_40() -> None:
    assert [t.turn for t in C.turns] == list(range(1, 41))
    assert [t.turn for t in C.turns if t.scoring] == [*range(3, 40, 3), 40]


def test_every_placement_is_legal_for_its_nation() -> None:
    for turn, p in all_placements():
        nation = NATIONS[p.nation]
        where = f"turn {turn} {p.nation} {p.unit} {p.name}"
        zones = [BOARD.zones[p.zone]] if p.zone else [BOARD.zones[z] for z in p.zones]
        for zone in zones:
            if zone.terrain == "mountain" and not zone.plateau:
                assert nation.has("uz") or nation.has("mostali"), where
            if zone.terrain == "sea":
                assert p.nation in ("malkioni", "wolf_pirates", "esrolians"), where
            if p.unit == "forest":
                assert nation.has("aldryami_forests") and zone.terrain in ("lowland", "highland"), where
            if p.unit == "city":
                assert zone.city_site, where
            if p.unit == "named_dragonewt":
                assert zone.dragonewt_city and nation.has("dragonewt"), where


def test_counter_limits_are_never_exceeded_by_the_schedule() -> None:
    per = sum(1 for z in BOARD.zones.values() if z.dragonewt_city) - 1
    placed: dict[str, Counter[str]] = {}
    for turn, p in all_placements():
        if p.unit == "special":
            continue
        copies = per if p.zone_rule == "each_other_dragonewt_city" else 1
        placed.setdefault(p.nation, Counter())[p.unit] += p.count * copies
        limit = NATIONS[p.nation].counter_limits.get(p.unit, 0)
        assert placed[p.nation][p.unit] <= limit, f"turn {turn}: {p.nation} {p.unit} over its limit {limit}"


def test_continuing_units_were_listed_before_or_say_where_they_enter() -> None:
    seen: set[str] = set()
    for turn, p in all_placements():
        if p.unit != "special":
            continue
        if p.status == "continuing":
            assert p.unit_id in seen or p.zone or p.zone_rule, f"turn {turn}: {p.unit_id}"
        seen.add(p.unit_id)


@pytest.mark.parametrize(
    ("unit_id", "recovery", "stays"),
    [
        ("uz.only_old_one.guardian", "*", "until_lost"),
        ("mostali.isidilian.guardian", "**", "until_lost"),
        ("dragonewts.inhuman_king.hero", "**", "until_lost"),
        ("rinliddi.crimson_bat.crimson_bat", "infinite", "until_lost"),
        ("esrolians.belintar.guardian_assassin", "*", "until_lost"),
        ("rinliddi.jar_eel.superhero_assassin", "*", "until_lost"),
        ("dara_happans.vurnostum.hero", "*", "listed_turns"),  # listed on turns 2 and 3
        ("heortlings.household_of_death.hero", "none", "listed_turns"),  # listed once
    ],
)
def test_recovery_class_of_special_units(unit_id: str, recovery: str, stays: str) -> None:
    found = [p for _, p in all_placements() if p.unit_id == unit_id]
    assert found and all((p.recovery, p.stays) == (recovery, stays) for p in found)


def test_a_unit_listed_again_as_another_type_is_a_separate_unit() -> None:
    ids = {p.unit_id for _, p in all_placements() if p.name == "Lokamayadon"}
    assert ids == {"talastari.lokamayadon.hero", "talastari.lokamayadon.superhero"}


def test_italic_continuing_hero_is_marked_continuing() -> None:
    turn5 = C.turn(5).entries_of("rinliddi")[0]
    bright_eagle = next(p for p in turn5.placements if p.name == "Lord Bright Eagle")
    assert bright_eagle.status == "continuing"


def test_no_human_movement_into_deathline_on_turns_23_to_27() -> None:
    turns = [t.turn for t in C.turns if any(r.type == "no_humans_into_deathline" for r in t.restrictions)]
    assert turns == [23, 24, 25, 26, 27]


def test_no_recovery_on_turn_40() -> None:
    assert [r.type for r in C.turn(40).restrictions] == ["no_recovery"]


def test_dragonkill_turn_gives_the_dragonewts_twenty_dragons() -> None:
    entry = C.turn(23).entries_of("dragonewts")[0]
    assert [(p.unit, p.count, p.zone) for p in entry.placements] == [("dragon", 20, "dragons_eye")]
    assert [e.type for e in entry.events] == ["dragonkill"]


# --- validation messages ------------------------------------------------------------------------------------


Raw = dict[str, Any]


def broken_copy(tmp_path: Path, file: str, change: Callable[[Raw], object]) -> Path:
    for name in ("map.json", "nations.json", "schedule.json"):
        shutil.copy(CONTENT_DIR / name, tmp_path / name)
    raw = json.loads((tmp_path / file).read_text())
    change(raw)
    (tmp_path / file).write_text(json.dumps(raw))
    return tmp_path


def zone_entry(raw: Raw, zid: str) -> Raw:
    zone: Raw = next(z for z in raw["zones"] if z["id"] == zid)
    return zone


def first_placement(raw: Raw) -> Raw:
    """Turn 2's first entry: the Pentans' 6 standard units in Pent."""
    placement: Raw = raw["turns"][1]["entries"][0]["placements"][0]
    return placement


def test_an_unknown_zone_in_the_schedule_names_file_entry_and_field(tmp_path: Path) -> None:
    def change(raw: Raw) -> None:
        first_placement(raw)["zone"] = "Atlantis"

    expected = "schedule.json: entry 'turn 2, entry #1 (pentans), placement #1', field 'zone': 'Atlantis' is not a zone"
    with pytest.raises(ContentError, match=re.escape(expected)):
        load(broken_copy(tmp_path, "schedule.json", change))


def test_one_sided_adjacency_is_refused(tmp_path: Path) -> None:
    def change(raw: Raw) -> None:
        zone_entry(raw, "tarsh")["adjacent"].append("pent")

    expected = "map.json: entry 'tarsh', field 'adjacent': 'pent' does not list 'tarsh' back"
    with pytest.raises(ContentError, match=re.escape(expected)):
        load(broken_copy(tmp_path, "map.json", change))


def test_a_bad_side_is_refused(tmp_path: Path) -> None:
    def change(raw: Raw) -> None:
        raw["nations"][0]["side"] = "Purple"

    expected = "nations.json: entry 'uz', field 'side': 'Purple' is not one of Red, Green, Blue, Yellow"
    with pytest.raises(ContentError, match=re.escape(expected)):
        load(broken_copy(tmp_path, "nations.json", change))


def test_an_unknown_nation_in_an_alliance_is_refused(tmp_path: Path) -> None:
    def change(raw: Raw) -> None:
        raw["turns"][0]["alliances"][0]["members"].append("Atlanteans")

    expected = "schedule.json: entry 'turn 1, alliance #1', field 'members': 'Atlanteans' is not a nation"
    with pytest.raises(ContentError, match=re.escape(expected)):
        load(broken_copy(tmp_path, "schedule.json", change))


# The schema rules of the shared loader, worded as for every game.
@pytest.mark.parametrize(
    ("file", "change", "expected"),
    [
        (
            "map.json",
            lambda raw: zone_entry(raw, "tarsh").update(radius="big"),
            "map.json: entry 'tarsh', field 'radius': must be a whole number, not text",
        ),
        (
            "nations.json",
            lambda raw: raw["nations"][0].update(counter_limits={"standard": -1}),
            "nations.json: entry 'uz', field 'counter_limits.standard': must be at least 0, not -1",
        ),
        (
            "schedule.json",
            lambda raw: first_placement(raw).pop("count"),
            "schedule.json: entry 'turn 2, entry #1 (pentans), placement #1', field 'count': missing",
        ),
        (
            "schedule.json",
            lambda raw: first_placement(raw).update(imobile=True),  # a misspelt optional field is not ignored
            "schedule.json: entry 'turn 2, entry #1 (pentans), placement #1', field 'imobile': is not a field",
        ),
        (
            "schedule.json",
            lambda raw: first_placement(raw).update(condition={"type": "weather"}),
            "schedule.json: entry 'turn 2, entry #1 (pentans), placement #1', field 'condition.type': "
            "'weather' is not one of controls, not_controls, flag, in_play",
        ),
    ],
)
def test_a_schema_rule_names_file_entry_and_field(
    tmp_path: Path, file: str, change: Callable[[Raw], object], expected: str
) -> None:
    with pytest.raises(ContentError, match=re.escape(expected)):
        load(broken_copy(tmp_path, file, change))


def test_a_null_submission_limit_means_none_and_is_not_a_type_error() -> None:
    # The schema has no "whole number or null": the loader reads Chaos's explicit null as the field left out.
    raw = json.loads((CONTENT_DIR / "nations.json").read_text())
    assert next(n for n in raw["nations"] if n["id"] == "chaos")["submission_limit"] is None
    assert NATIONS["chaos"].submission_limit is None and NATIONS["uz"].submission_limit == 2
