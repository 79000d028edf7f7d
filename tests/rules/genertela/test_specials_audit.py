"""The rest of the seed's movement, battle, recovery and population rules and exceptions, one test each."""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela import flow, policy
from rules.genertela.board import CONTENT, units_of
from rules.genertela.combat import casualty_options
from rules.genertela.economy import population_excess, population_limit
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.movement import destinations, overstacked
from rules.genertela.state import Battle, State, Unit
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def test_units_not_listed_as_raiding_may_not_remain_in_the_sea_at_the_end_of_movement() -> None:
    state = blank(turn=28, nation="esrolians")
    put(state, "esrolians", "North Esrolia", 1)
    belintar = hero(state, "esrolians", "Homeward Ocean", "Belintar", ["guardian", "assassin"])
    flow.end_move(state, ActionLog(), Rng(0))
    assert belintar not in state.units


def test_raiders_may_remain_in_the_sea_at_the_end_of_a_turn() -> None:
    state = blank(turn=34, nation="wolf_pirates")
    pirates = put(state, "wolf_pirates", "Homeward Ocean", 6)
    flow.end_move(state, ActionLog(), Rng(0))
    assert all(u in state.units for u in pirates)


def test_units_starting_in_the_sea_may_move_out_of_it_normally_and_the_bot_does() -> None:
    state = blank(turn=28, nation="esrolians")
    put(state, "esrolians", "North Esrolia", 1)
    belintar = hero(state, "esrolians", "Homeward Ocean", "Belintar", ["guardian", "assassin"])
    assert z("North Esrolia") in destinations(state, "esrolians", z("Homeward Ocean"))
    action = policy.next_action(state)
    assert action == {"type": "move", "from": z("Homeward Ocean"), "to": z("North Esrolia"), "count": 1}
    genertela.act(state, 0, action, Rng(0))
    assert belintar.zone == z("North Esrolia")


def test_named_dragonewts_on_a_city_do_not_affect_other_units_movement() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 2)
    put(state, "heortlings", "Far Place", 1)
    put(state, "dragonewts", "Far Place", 2, kind="named_dragonewt", sitting=True)
    assert z("Fer") in destinations(state, "heortlings", z("Sartar"))  # on through Far Place


def test_if_the_enemy_targets_monsters_and_hits_the_only_monster_is_always_eliminated() -> None:
    state = blank()
    bat = hero(state, "rinliddi", "Prax", "Crimson Bat", ["crimson_bat"])
    put(state, "rinliddi", "Prax", 4)
    state.battle = Battle(z("Prax"), "uz", "rinliddi", hits={"rinliddi": 1}, category={"rinliddi": "monsters"})
    assert casualty_options(state, "rinliddi") == [bat.label()]


def test_within_a_category_the_player_hit_chooses_which_units_to_eliminate() -> None:
    state = blank()
    for name, kind in (("Harmast", "superhero"), ("Vardan", "hero"), ("Orlanthcarl", "hero")):
        hero(state, "heortlings", "Prax", name, [kind])
    put(state, "heortlings", "Prax", 4)
    state.battle = Battle(z("Prax"), "uz", "heortlings", hits={"heortlings": 2})
    state.battle.category = {"heortlings": "special_characters"}
    options = casualty_options(state, "heortlings")
    assert "Orlanthcarl,Vardan" in options and all("standard" not in o for o in options)


def test_recovery_starred_unit_is_lost_entirely_if_its_nation_controls_no_zones() -> None:
    state = blank(nation="uz")
    ooo = hero(state, "uz", "Shadow Plateau", "Only Old One", ["guardian"], recovery="*")
    state.units.remove(ooo)
    rng = Rng(0, [10])
    assert not flow._recover(state, ooo, ActionLog(), rng)
    assert ooo not in state.units and not rng.rolls


def test_recovery_starred_unit_fails_on_a_roll_under_6() -> None:
    state = blank(nation="uz")
    put(state, "uz", "Shadow Plateau")
    ooo = hero(state, "uz", "Shadow Plateau", "Only Old One", ["guardian"], recovery="*")
    state.units.remove(ooo)
    assert not flow._recover(state, ooo, ActionLog(), Rng(0, [5]))


def test_recovered_unit_comes_back_in_a_zone_its_nation_controls_when_its_start_is_lost() -> None:
    state = blank(nation="uz")
    put(state, "uz", "Kitori")
    ooo = hero(state, "uz", "Shadow Plateau", "Only Old One", ["guardian"], recovery="*")
    state.units.remove(ooo)
    assert flow._recover(state, ooo, ActionLog(), Rng(0, [6]))
    assert ooo.zone == z("Kitori")


def test_units_which_are_only_assassins_dont_count_for_population() -> None:
    state = blank(nation="aldryami")
    put(state, "aldryami", "Sartar", 2)  # a highland: supports 2
    hero(state, "aldryami", "Sartar", "Tobasta", ["assassin"])
    assert population_limit(state, "aldryami") == 2 and population_excess(state, "aldryami") == []


def test_population_heortlings_allowed_2_for_the_praxian_march_from_turn_28() -> None:
    state = blank(turn=27, nation="heortlings")
    put(state, "heortlings", "Praxian March", 2)
    assert population_limit(state, "heortlings") == 0
    state.turn = 28
    assert population_limit(state, "heortlings") == 2


def test_a_city_unit_adds_2_population_and_a_full_homeland_zone_2_more() -> None:
    state = blank(nation="dara_happans")
    put(state, "dara_happans", "Alkoth", 5)  # lowland homeland with a City: 3 + 2, full
    put(state, "dara_happans", "Alkoth", kind="city")
    assert population_limit(state, "dara_happans") == 3 + 2 + 2
    assert len(units_of(state, "dara_happans", z("Alkoth"))) == 6


def fallen_special(state: State, nation: str, zone: str, unit_id: str, name: str, recovery: str) -> Unit:
    unit = hero(state, nation, zone, name, ["guardian"], recovery=recovery)
    unit.unit_id = unit_id
    state.units.remove(unit)
    return unit


def test_only_old_one_can_only_reappear_on_the_shadow_plateau_and_only_if_the_uz_control_it() -> None:
    state = blank(nation="uz")
    put(state, "uz", "Kitori")
    ooo = fallen_special(state, "uz", "Shadow Plateau", "uz.only_old_one.guardian", "Only Old One", "*")
    assert not flow._recover(state, ooo, ActionLog(), Rng(0, [10]))
    put(state, "uz", "Shadow Plateau")
    assert flow._recover(state, ooo, ActionLog(), Rng(0, [10])) and ooo.zone == z("Shadow Plateau")


def test_isidilian_can_only_reappear_at_dwarf_run_even_if_another_nation_occupies_it() -> None:
    state = blank(nation="mostali")
    put(state, "mostali", "Jord")
    put(state, "uz", "Dwarf Run", 2)
    isidilian = fallen_special(state, "mostali", "Dwarf Run", "mostali.isidilian.guardian", "Isidilian", "**")
    assert flow._recover(state, isidilian, ActionLog(), Rng(0, [6])) and isidilian.zone == z("Dwarf Run")
    assert not state.decisions  # the seed fixes the zone: nobody is asked


def test_inhuman_king_can_reappear_in_any_dragonewt_city() -> None:
    state = blank(nation="dragonewts")
    put(state, "heortlings", "Dragon's Eye", 2)
    put(state, "dragonewts", "Storn", 1, kind="named_dragonewt")
    king = fallen_special(state, "dragonewts", "Dragon's Eye", "dragonewts.inhuman_king.hero", "Inhuman King", "**")
    assert flow._recover(state, king, ActionLog(), Rng(0, [7])) and king.zone == z("Storn")


def test_overstacked_units_are_eliminated_cheapest_first_standard_units_before_giants_and_heroes() -> None:
    state = blank(nation="uz")
    giant = put(state, "uz", "Sartar", kind="giant")[0]  # placed first: the lowest uid
    hero(state, "uz", "Sartar", "Gerak Kag", ["hero"])
    soldiers = put(state, "uz", "Sartar", 4)  # 6 in a highland: 2 over
    put(state, "uz", "Pavis", 12)  # 4 over in a lowland: the one double overstack saves more here
    assert overstacked(state, "uz") == soldiers[:2] and giant in state.units


def test_special_units_listed_on_a_number_of_turns_act_like_star_units_on_those_turns() -> None:
    listed: dict[str, list[str]] = {}
    for turn in CONTENT.turns:
        for entry in turn.entries:
            for p in entry.placements:
                if p.unit == "special" and p.stays == "listed_turns":
                    listed.setdefault(p.unit_id, []).append(p.recovery)
    several = {uid: marks for uid, marks in listed.items() if len(marks) > 1}
    assert several and all(mark != "none" for marks in several.values() for mark in marks)
    state = blank(turn=3, nation="dara_happans")
    put(state, "dara_happans", "Raibanth")
    vurnostum = hero(state, "dara_happans", "Raibanth", "Vurnostum", ["hero"], recovery="*")
    vurnostum.stays = "listed_turns"
    state.units.remove(vurnostum)
    state.fallen = [vurnostum]
    flow.finish_nation_turn(state, ActionLog(), Rng(0, [6] + [1] * 200))
    assert vurnostum in state.units


def test_there_are_no_recoveries_on_turn_40_not_even_named_dragonewts() -> None:
    from rules.genertela import dragonewts

    state = blank(turn=40, nation="heortlings")
    king = hero(state, "dragonewts", "Dragon's Eye", "Inhuman King", ["hero"], recovery="**")
    king.unit_id = dragonewts.INHUMAN_KING
    put(state, "dragonewts", "Grazelands", 1, kind="named_dragonewt", sitting=True)
    put(state, "heortlings", "Grazelands", 2)
    newt = put(state, "dragonewts", "Grazelands", 1, kind="named_dragonewt", name=dragonewts.label(z("Grazelands")))[0]
    star = hero(state, "heortlings", "Grazelands", "Vingkot", ["hero"], recovery="*")
    for unit in (newt, star):
        state.units.remove(unit)
    state.fallen = [newt, star]
    rng = Rng(0, [10] * 10)
    flow.finish_nation_turn(state, ActionLog(), rng)
    assert newt not in state.units and star not in state.units and not rng.rolls
