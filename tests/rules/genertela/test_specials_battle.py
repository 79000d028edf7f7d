"""Seed battle rules: units outside the walls, the Assassins' ability and protection, every general modifier,
simultaneous phases, the order and the places of retreats."""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela import flow
from rules.genertela.battle import category_target, resist, shooters, to_hit
from rules.genertela.board import units_of
from rules.genertela.combat import casualty_options, retreat_options
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import Battle, State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def fight(state: State, dice: list[int]) -> None:
    flow.end_move(state, ActionLog(), Rng(0, dice))


def test_units_declared_outside_get_no_city_or_fortress_bonus_in_the_first_round() -> None:
    state = blank()
    inside, outside = put(state, "dara_happans", "Alkoth", 2)  # a lowland fortress
    outside.outside = True
    army = [inside, outside]
    assert category_target([inside], army, z("Alkoth"), True, True, first_round=True) == 6 + 3
    assert category_target(army, army, z("Alkoth"), True, True, first_round=True) == 6  # the outside unit
    assert category_target(army, army, z("Alkoth"), True, True, first_round=False) == 6 + 3  # later rounds


def test_outside_units_fight_round_one_without_the_walls_in_a_real_battle() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Alkoth", 1)
    defender = put(state, "dara_happans", "Alkoth", 1)[0]
    defender.outside = True
    fight(state, [6, 1])  # 6 hits only a defender without its fortress +2
    assert not units_of(state, "dara_happans")


def test_a_unit_which_is_only_an_assassin_cant_attack_in_any_other_way() -> None:
    state = blank()
    tobasta = hero(state, "aldryami", "Prax", "Tobasta", ["assassin"])
    jar_eel = hero(state, "rinliddi", "Prax", "Jar-eel", ["superhero", "assassin"])
    enemy = put(state, "uz", "Prax", 2)
    assert shooters([tobasta, jar_eel], "standard_units", enemy) == [jar_eel]  # both types: rolls normally


def test_assassin_ability_hits_a_special_character_on_a_flat_6_ignoring_every_bonus() -> None:
    state = blank(nation="aldryami")
    hero(state, "aldryami", "Sartar", "Tobasta", ["assassin"])
    guardian = hero(state, "heortlings", "Sartar", "Vingkot", ["guardian"])  # highland, Guardian: resists at 9
    fight(state, [6, 1])
    assert guardian not in state.units


def test_assassin_ability_cannot_target_a_dragon_hero() -> None:
    state = blank()
    tobasta = hero(state, "aldryami", "Prax", "Tobasta", ["assassin"])
    dragon_hero = hero(state, "ewf", "Prax", "Obduran", ["dragon_hero"])
    assert shooters([tobasta], "dragon_heroes", [dragon_hero]) == []


def test_assassin_that_used_its_ability_in_the_first_phase_can_only_be_attacked_by_special_characters() -> None:
    state = blank(nation="aldryami")
    tobasta = hero(state, "aldryami", "Prax", "Tobasta", ["assassin"])
    hero(state, "heortlings", "Prax", "Vingkot", ["hero"])
    put(state, "heortlings", "Prax", kind="giant")
    # A pure Assassin may aim only at special characters, and the defenders have only Tobasta to aim at: nobody is
    # asked. Tobasta misses; the Hero misses, the Giant hits with all 4 dice.
    log = ActionLog()
    flow.end_move(state, log, Rng(0, [1, 1, 10, 10, 10, 10]))
    battle = state.battle
    assert battle is not None and battle.protected == [tobasta.uid]
    assert any("4 hits" in e.text for e in log.events) and battle.special_hits["aldryami"] == 0
    assert tobasta in state.units  # the monster's hits could not fall on the protected Assassin


def test_assassin_protection_ends_after_the_first_phase() -> None:
    state = blank()
    tobasta = hero(state, "aldryami", "Prax", "Tobasta", ["assassin"])
    state.battle = Battle(z("Prax"), "heortlings", "aldryami", round=2)
    state.battle.hits, state.battle.category = {"aldryami": 1}, {"aldryami": "special_characters"}
    assert casualty_options(state, "aldryami") == [tobasta.label()]


def test_protected_assassin_may_be_taken_by_hits_of_assassins_guardians_heroes_and_superheroes() -> None:
    state = blank()
    tobasta = hero(state, "aldryami", "Prax", "Tobasta", ["assassin"])
    state.battle = Battle(z("Prax"), "heortlings", "aldryami", protected=[tobasta.uid])
    state.battle.hits, state.battle.category = {"aldryami": 1}, {"aldryami": "special_characters"}
    state.battle.special_hits = {"aldryami": 1}
    assert casualty_options(state, "aldryami") == ["Tobasta"]
    state.battle.special_hits = {"aldryami": 0}
    assert casualty_options(state, "aldryami") == [""]


def test_combat_is_simultaneous_units_hit_still_roll_and_are_removed_at_the_end_of_the_phase() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 1)
    put(state, "uz", "Prax", 1)
    fight(state, [10, 10])
    assert not units_of(state, "heortlings") and not units_of(state, "uz")


def test_at_the_end_of_each_phase_first_the_defender_then_the_attacker_may_retreat() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    put(state, "heortlings", "Pavis", 1)
    put(state, "uz", "Prax", 2)
    put(state, "uz", "Stinking Forest", 1)
    fight(state, [1, 1, 1, 1])
    assert state.battle is not None and state.battle.step == "retreat_defender"
    genertela.act(state, 0, {"type": "fight"}, Rng(0))
    assert state.battle.step == "retreat_attacker"
    assert {c.action.get("zone") for c in genertela.legal(state, 0)} == {None, z("Pavis")}


def test_retreat_is_impossible_when_no_friendly_zone_is_next_door() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    put(state, "uz", "Prax", 2)
    state.battle = Battle(z("Prax"), "heortlings", "uz")
    assert retreat_options(state, "uz") == []


def test_immobile_units_cant_retreat() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Holay", 2)
    put(state, "dara_happans", "Holay", kind="city")
    put(state, "dara_happans", "Dara Happa", 1)
    state.battle = Battle(z("Holay"), "heortlings", "dara_happans")
    assert retreat_options(state, "dara_happans") == []


def test_raiders_may_retreat_back_to_the_sea() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Heortland", 3)
    put(state, "wolf_pirates", "Heortland", 2)
    state.battle = Battle(z("Heortland"), "heortlings", "wolf_pirates")
    assert z("Homeward Ocean") in retreat_options(state, "wolf_pirates")
    assert z("Homeward Ocean") not in retreat_options(state, "heortlings")


def test_assassins_and_hon_eel_retreat_to_any_held_zone_not_under_attack_even_far_away() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    hero(state, "aldryami", "Prax", "Tobasta", ["assassin"])
    put(state, "aldryami", "Rist", 1)
    put(state, "aldryami", "Eol", 1)
    put(state, "heortlings", "Eol", 1)  # under attack: not a refuge
    state.battle = Battle(z("Prax"), "heortlings", "aldryami")
    assert retreat_options(state, "aldryami") == [z("Rist")]
    honeel = hero(state, "rinliddi", "Prax", "Hon-eel", ["guardian"])
    honeel.free_move = True
    put(state, "rinliddi", "Silver Shadow", 1)
    state.battle = Battle(z("Prax"), "heortlings", "rinliddi")
    assert retreat_options(state, "rinliddi") == [z("Silver Shadow")]


def test_named_dragonewts_defending_a_dragonewt_city_get_plus_1_to_resist() -> None:
    state = blank()
    newt = put(state, "dragonewts", "Grazelands", kind="named_dragonewt")[0]  # a lowland
    assert resist(newt, [newt], z("Grazelands"), True, False) == 1
    assert resist(newt, [newt], z("Grazelands"), False, False) == 0


def test_hero_bonus_to_hit_is_not_for_dragons_but_is_for_the_crimson_bat() -> None:
    state = blank()
    dragon = put(state, "heortlings", "Prax", kind="dragon")[0]
    bat = hero(state, "heortlings", "Prax", "Crimson Bat", ["crimson_bat"])
    leader = hero(state, "heortlings", "Prax", "Vingkot", ["hero"])
    army = [dragon, bat, leader]
    assert to_hit(dragon, army) == 0 and to_hit(bat, army) == 1 and to_hit(leader, army) == 1


def test_more_than_one_guardian_does_not_add_another_plus_1_and_dragons_get_none() -> None:
    state = blank()
    soldier = put(state, "uz", "Prax")[0]
    dragon = put(state, "uz", "Prax", kind="dragon")[0]
    guardians = [hero(state, "uz", "Prax", name, ["guardian"]) for name in ("Only Old One", "Bina Bang")]
    army = [soldier, dragon, *guardians]
    assert resist(soldier, army, z("Prax"), False, False) == 1
    assert resist(dragon, army, z("Prax"), False, False) == 2  # only its own +2


def test_a_superhero_has_plus_1_to_hit_and_plus_1_to_resist_itself_besides_the_stack_bonus() -> None:
    state = blank()
    soldier = put(state, "pentans", "Prax")[0]
    sheng = hero(state, "pentans", "Prax", "Sheng Seleris", ["superhero"])
    army = [soldier, sheng]
    assert (to_hit(sheng, army), resist(sheng, army, z("Prax"), False, False)) == (2, 1)
    assert (to_hit(soldier, army), resist(soldier, army, z("Prax"), False, False)) == (1, 0)


def test_fortress_and_city_and_hills_all_add_for_a_defender() -> None:
    state = blank()
    soldier = put(state, "heortlings", "Heortland")[0]  # highland fortress, with a City
    assert resist(soldier, [soldier], z("Heortland"), True, True) == 1 + 1 + 2


def test_retreat_goes_only_to_a_friendly_zone_not_currently_under_attack_and_leaves_immobile_units() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Holay", 3)
    city = put(state, "dara_happans", "Holay", kind="city")[0]
    soldiers = put(state, "dara_happans", "Holay", 2)
    put(state, "dara_happans", "Dara Happa", 1)
    put(state, "dara_happans", "Henjarl", 1)
    put(state, "heortlings", "Henjarl", 1)  # Henjarl is under attack
    state.battle = Battle(z("Holay"), "heortlings", "dara_happans", step="retreat_defender")
    state.phase = "battle"
    assert retreat_options(state, "dara_happans") == [z("Dara Happa")]
    genertela.act(state, 0, {"type": "retreat", "zone": z("Dara Happa")}, Rng(0))
    assert city.zone == z("Holay") and all(u.zone == z("Dara Happa") for u in soldiers)
