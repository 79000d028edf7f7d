"""Seed rules of battle: dice, modifiers, targets, casualties, retreats and recovery."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.genertela import flow
from rules.genertela.battle import category_target, dice, hittable, is_hit, resist, shooters, to_hit
from rules.genertela.board import controller, units_of
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def test_roll_of_6_or_more_hits_10_always_hits_1_always_misses() -> None:
    assert is_hit(6, 0, 6) and not is_hit(5, 0, 6)
    assert is_hit(10, -5, 20)
    assert not is_hit(1, 9, 6)


def test_giants_dragons_and_the_crimson_bat_roll_four_dice() -> None:
    state = blank()
    giant = put(state, "uz", "Prax", kind="giant")[0]
    dragon = put(state, "dragonewts", "Prax", kind="dragon")[0]
    bat = hero(state, "rinliddi", "Prax", "Crimson Bat", ["crimson_bat"])
    soldier = put(state, "uz", "Prax")[0]
    assert [dice(u) for u in (giant, dragon, bat, soldier)] == [4, 4, 4, 1]


def test_defending_in_highland_or_mountain_gives_plus_1_resist_but_not_to_dragons() -> None:
    state = blank()
    soldier = put(state, "heortlings", "Sartar")[0]
    dragon = put(state, "dragonewts", "Sartar", kind="dragon")[0]
    assert resist(soldier, [soldier], z("Sartar"), True, False) == 1
    assert resist(soldier, [soldier], z("Sartar"), False, False) == 0  # attackers get no terrain
    assert resist(dragon, [dragon], z("Sartar"), True, False) == 2  # only its own +2


def test_defending_with_a_city_plus_1_and_a_fortress_plus_2() -> None:
    state = blank()
    soldier = put(state, "dara_happans", "Alkoth")[0]  # a lowland fortress
    assert resist(soldier, [soldier], z("Alkoth"), True, True) == 1 + 2


def test_guardian_gives_the_stack_plus_1_resist_and_itself_plus_2() -> None:
    state = blank()
    soldier = put(state, "uz", "Prax")[0]
    guardian = hero(state, "uz", "Prax", "Only Old One", ["guardian"])
    army = [soldier, guardian]
    assert resist(soldier, army, z("Prax"), False, False) == 1
    assert resist(guardian, army, z("Prax"), False, False) == 2


def test_hero_gives_plus_1_to_hit_once_and_a_superhero_another_to_itself() -> None:
    state = blank()
    soldier = put(state, "heortlings", "Prax")[0]
    harmast = hero(state, "heortlings", "Prax", "Harmast", ["superhero"])
    vardan = hero(state, "heortlings", "Prax", "Vardan", ["hero"])
    army = [soldier, harmast, vardan]
    assert to_hit(soldier, army) == 1
    assert to_hit(harmast, army) == 2


def test_giant_plus_1_resist_dragon_and_crimson_bat_plus_2() -> None:
    state = blank()
    giant = put(state, "uz", "Prax", kind="giant")[0]
    bat = hero(state, "rinliddi", "Prax", "Crimson Bat", ["crimson_bat"])
    assert resist(giant, [giant], z("Prax"), False, False) == 1
    assert resist(bat, [bat], z("Prax"), True, False) == 2


def test_only_special_characters_monsters_and_dragon_heroes_may_target_special_characters_among_others() -> None:
    state = blank()
    soldiers = put(state, "uz", "Prax", 3)
    giant = put(state, "uz", "Prax", kind="giant")
    enemy = [*put(state, "heortlings", "Prax", 2), hero(state, "heortlings", "Prax", "Vardan", ["hero"])]
    assert shooters(soldiers + giant, "special_characters", enemy) == giant
    assert shooters(soldiers + giant, "standard_units", enemy) == soldiers + giant


def test_cities_and_forests_are_casualties_last() -> None:
    state = blank()
    city = put(state, "heortlings", "Holay", kind="city")
    soldier = put(state, "heortlings", "Holay")
    assert hittable(city + soldier, "standard_units") == soldier
    assert hittable(city, "standard_units") == city


def test_a_category_is_hit_against_its_weakest_units_resistance() -> None:
    state = blank()
    army = put(state, "heortlings", "Prax") + put(state, "heortlings", "Prax", kind="killmen")
    assert category_target(army, army, z("Prax"), True, False) == 6


def battle_state() -> State:
    """Heortlings (active) attack Uz in Prax, a waste with no modifiers."""
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 1)
    put(state, "heortlings", "Prax", 2)
    hero(state, "heortlings", "Prax", "Vardan", ["hero"])
    hero(state, "heortlings", "Prax", "Harmast", ["superhero"])
    put(state, "uz", "Prax", 1)
    hero(state, "uz", "Prax", "Lord Kitor", ["hero"])
    hero(state, "uz", "Prax", "Cragspider", ["hero"])
    hero(state, "uz", "Prax", "Gerak Kag", ["hero"])
    return state


def test_battle_attacker_chooses_a_target_category_when_the_enemy_has_several() -> None:
    state = battle_state()
    log = flow.ActionLog()
    flow.end_move(state, log, Rng(0))
    assert state.phase == "battle" and state.battle is not None and state.battle.step == "target"
    labels = {c.action["category"] for c in genertela.legal(state, 0)}
    assert labels == {"standard_units", "special_characters"}


def test_battle_owner_chooses_which_special_characters_are_lost() -> None:
    state = battle_state()
    flow.end_move(state, flow.ActionLog(), Rng(0))
    # Only the 2 Heortling heroes may aim at special characters (both 10: hits); the Uz roll 4 dice (all 1: misses)
    rng = Rng(0, [10, 10, 1, 1, 1, 1])
    genertela.act(state, 0, {"type": "target", "category": "special_characters"}, rng)
    events = genertela.act(state, 0, {"type": "target", "category": "standard_units"}, rng)  # the Uz defender's
    assert any(e.kind == "roll" for e in events)
    assert state.battle is not None and state.battle.step == "casualties"
    choices = [c.action["units"] for c in genertela.legal(state, 0)]
    assert sorted(choices) == ["Cragspider,Gerak Kag", "Cragspider,Lord Kitor", "Gerak Kag,Lord Kitor"]
    genertela.act(state, 0, {"type": "casualties", "units": "Cragspider,Gerak Kag"}, Rng(1))
    assert state.vp["heortlings"] >= 2 * 2  # victory points: a killed Hero is worth 2
    assert [u.name for u in units_of(state, "uz") if u.kind == "special"] in ([], ["Lord Kitor"])


def test_battle_ends_when_one_side_is_gone_and_control_follows() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Pavis", 3)
    put(state, "uz", "Pavis", 1)
    flow.end_move(state, flow.ActionLog(), Rng(0, [10, 1, 1, 1]))  # a single category: the dice roll at once
    assert not units_of(state, "uz")
    assert controller(state, z("Pavis")) == "heortlings"


def test_retreat_moves_every_mobile_unit_to_a_friendly_zone_not_under_attack() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    put(state, "uz", "Prax", 2)
    put(state, "uz", "Pavis", 1)
    flow.end_move(state, flow.ActionLog(), Rng(0, [1, 1, 1, 1]))  # nobody hits
    assert state.battle is not None and state.battle.step == "retreat_defender"
    assert {c.action.get("zone") for c in genertela.legal(state, 0)} == {None, z("Pavis")}
    genertela.act(state, 0, {"type": "retreat", "zone": z("Pavis")}, Rng(0))
    assert len(units_of(state, "uz", z("Pavis"))) == 3


def test_recovery_star_unit_returns_on_6_or_more() -> None:
    state = blank(nation="uz")
    put(state, "uz", "Shadow Plateau")
    ooo = hero(state, "uz", "Shadow Plateau", "Only Old One", ["guardian"], recovery="*")
    state.units.remove(ooo)
    state.fallen.append(ooo)
    log = flow.ActionLog()
    flow._recover(state, ooo, log, Rng(0, [6]))
    assert ooo in state.units and ooo.zone == z("Shadow Plateau")


def test_recovery_double_star_unit_tries_again_later_after_a_failed_roll() -> None:
    state = blank(nation="mostali")
    put(state, "mostali", "Jord")
    isidilian = hero(state, "mostali", "Jord", "Isidilian", ["guardian"], recovery="**")
    state.units.remove(isidilian)
    state.fallen = [isidilian]
    flow.finish_nation_turn(state, flow.ActionLog(), Rng(0, [5] + [1] * 50))
    assert isidilian in state.recovering


def test_recovery_infinite_needs_no_roll_and_none_on_turn_40() -> None:
    state = blank(nation="rinliddi")
    put(state, "rinliddi", "Rinliddi")
    bat = hero(state, "rinliddi", "Rinliddi", "Crimson Bat", ["crimson_bat"], recovery="infinite")
    state.units.remove(bat)
    rng = Rng(0)
    assert flow._recover(state, bat, flow.ActionLog(), rng) and not rng.rolls
    state.turn = 40
    assert flow._no_recovery(state)


def test_illegal_target_is_refused_with_the_choices_and_changes_nothing() -> None:
    state = battle_state()
    flow.end_move(state, flow.ActionLog(), Rng(0))
    with pytest.raises(RuleError, match="not one of the choices"):
        genertela.act(state, 0, {"type": "target", "category": "monsters"}, Rng(0))
    assert state.battle is not None and state.battle.step == "target"


def test_a_city_cannot_be_aimed_at_while_other_units_defend_it() -> None:
    from rules.genertela.combat import aimable

    state = blank()
    army = put(state, "heortlings", "Holay", kind="city") + put(state, "heortlings", "Holay", kind="giant")
    assert aimable(army) == ["monsters"]
