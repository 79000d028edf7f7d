"""Dragonkin (house content): small one-colour dice waiting in a summoning pool, brought in by Summon Dragonkin."""

from rules.base import SeatInfo
from rules.dragondice.content import DRAGONKIN_PER_ELEMENT, ELEMENTS, SPECIES, SPELLS, UNIT_DICE
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Damage, Effect
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position, texts

CINDER, ANVIL, FORGE = EMBER + "cinder_scout", EMBER + "anvil_guard", EMBER + "forge_adept"
FEN, TIDE = MIST + "fen_runner", MIST + "tide_caller"
FIRE_KIN, WATER_KIN = "dragonkin/fire", "dragonkin/water"


def test_dragonkin_are_house_small_dice_one_per_element():
    for element in ELEMENTS:
        die = UNIT_DICE[f"dragonkin/{element}"]
        assert die.elements == (element,) and die.health == 1 and die.size == "small"
        assert die.name == f"{element.title()} Dragonkin" and any(f.kind == "id" for f in die.faces)
    spell = SPELLS["summon_dragonkin"]
    assert spell.source == "house" and spell.reserve and spell.target == "own_army"


def test_setup_puts_dragonkin_of_each_species_colour_in_the_summoning_pool_outside_the_force():
    state = dd.new([SeatInfo(), SeatInfo()], {"force": 12}, Rng(1))
    dd.act(state, 0, {"type": "begin"}, Rng(1))
    for seat in (0, 1):
        pool = [u.kind for u in state.army(seat, "summoning")]
        colours = [e for e in SPECIES[state.species[seat]].elements if e != "ivory"]  # no ivory Dragonkin
        assert sorted(pool) == sorted(f"dragonkin/{e}" for e in colours for _ in range(DRAGONKIN_PER_ELEMENT))
        force = sum(u.health for u in state.units if u.owner == seat and u.where != "summoning")
        assert force == 12


def test_killed_dragonkin_returns_to_the_summoning_pool_not_the_dead_unit_area():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [FIRE_KIN, TIDE]}, faces=(3, 3, 1))
    state.species = ["emberwrights", "emberwrights"]
    events = act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(ANVIL, "melee 3"),
        blank(FIRE_KIN),
        blank(TIDE),
    )
    assert state.unit("u1").where == "summoning" and state.unit("u2").where == "dead"  # 3 damage kills both
    assert "Fire Dragonkin u1 returns to <seat:1>'s summoning pool." in texts(events)
    assert state.deaths == 1  # only the Tide Caller is "most recently killed" (City, Temple, Regrow never see it)


def test_dragonkin_killed_by_a_death_breath_or_under_soiled_ground_is_not_buried():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [FIRE_KIN, FIRE_KIN]}, faces=(3, 3, 1))
    state.effects.append(Effect("soiled_ground", 0, "t2"))
    state.damage.append(Damage(1, "t2", 1, "Dragon breath", bury=True))
    act(state, 1, {"type": "casualties", "units": "u1"})  # no Soiled Ground roll: nothing is scripted
    assert state.unit("u1").where == "summoning"


def test_dragonkin_in_the_pool_do_not_keep_a_player_in_the_game():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [TIDE], (1, "summoning"): [WATER_KIN, WATER_KIN]}, faces=(3, 3, 1))
    events = act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, face(ANVIL, "melee 2"), blank(TIDE))
    assert state.phase == "over" and state.winners == [0]
    assert any("only player with units left" in e.text for e in events)


def test_summoned_dragonkin_roll_with_their_army_in_their_colour():
    state = position({(0, "t2"): [FORGE], (0, "summoning"): [FIRE_KIN], (1, "t2"): [FEN]}, faces=(3, 3, 4))
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"earth+fire": 2}, ["t2"]
    act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t2:0", "element": "fire"})
    act(state, 0, {"type": "pass"})
    state.step, state.marched, state.march = "march", [], 1  # a later march: the army rolls magic again
    events = act(state, 0, {"type": "magic", "army": "t2"}, face(FORGE, "magic 1"), face(FIRE_KIN, "magic 1"))
    assert state.pool == {"earth+fire": 1, "fire": 1}
    assert "Fire Dragonkin u1: magic 1" in texts(events)


def test_summon_dragonkin_from_the_reserves_reaches_an_army_on_a_terrain():
    armies = {(0, "reserve"): [FORGE], (0, "t0"): [CINDER], (0, "summoning"): [FIRE_KIN], (1, "t1"): [FEN]}
    state = position(armies, faces=(3, 3, 4))
    state.step, state.marching, state.pool, state.marched = "magic", "reserve", {"earth+fire": 2}, ["reserve"]
    offered = [c.action for c in dd.legal(state, 0) if c.action["type"] == "cast"]
    assert {"type": "cast", "spell": "summon_dragonkin", "target": "t0:0", "element": "fire"} in offered
    act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t0:0", "element": "fire"})
    act(state, 0, {"type": "pass"})
    assert [u.kind for u in state.army(0, "t0")] == [CINDER, FIRE_KIN]
