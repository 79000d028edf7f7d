"""Phase 3, dragon attacks: every face of the dragon die, the breath of each element, treasure, dragon fights."""

from rules.dragondice.content import DRAGON
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Dragon, State
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, dragon_face, face, position, texts

CINDER, ANVIL, CRUCIBLE, FORGE = (EMBER + n for n in ("cinder_scout", "anvil_guard", "crucible_knight", "forge_adept"))
FEN, TIDE = MIST + "fen_runner", MIST + "tide_caller"


def at_frontier(*ember: str, element: str = "fire") -> State:
    """Seat 1 is about to end its turn; seat 0 has an army at the frontier (t2) where seat 1's dragon waits."""
    state = position({(0, "t2"): list(ember), (1, "t1"): [TIDE]})
    state.dragons[1].where, state.dragons[1].element = "t2", element
    state.turn = 1
    act(state, 1, {"type": "pass"})
    act(state, 1, {"type": "pass"})
    return state


def attack(state: State, *dice: int) -> str:
    """Seat 1 ends its turn; seat 0's turn starts with the dragon attack scripted by `dice`."""
    return texts(act(state, 1, {"type": "pass"}, *dice))


def test_dragon_die_faces_are_the_published_types_with_house_numbers():
    names = [f.name for f in DRAGON.faces]
    assert {"Jaws", "Claw", "Wing", "Tail", "Belly", "Breath", "Treasure"} == set(names)
    assert all(f.saveable for f in DRAGON.faces if f.id != "breath")


def test_phase_3_dragon_attack_jaws_damage_less_the_armys_saves():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE)
    text = attack(state, dragon_face("jaws"), face(CINDER, "save 1"), face(ANVIL, "melee 3"), blank(CRUCIBLE))
    assert "rolls Jaws" in text and "deals 4 damage (5 against 1 save" in text
    assert state.damage[0].amount == 4 and dd.awaiting(state) == {0}  # seat 0 chooses 4 health of casualties
    assert state.dragons[1].where == "t2"  # 3 melee falls short of its 5 health


def test_phase_3_army_response_roll_slays_the_dragon_with_melee_equal_to_its_health():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE)
    attack(state, dragon_face("claw"), face(CINDER, "ID"), face(ANVIL, "melee 3"), face(CRUCIBLE, "melee 1"))
    # ID counts its health as melee and as saves against a dragon: 1 + 3 + 1 = 5 melee, 1 save
    assert state.dragons[1].where == "pool"
    assert state.damage[0].amount == 2  # Claw 3 less the ID's 1 save


def test_phase_3_dragon_belly_no_damage_and_one_melee_slays_it():
    state = at_frontier(CINDER)
    attack(state, dragon_face("belly"), face(CINDER, "melee 1"))
    assert state.dragons[1].where == "pool" and state.unit("u0").where == "t2"
    assert not state.damage


def test_phase_3_dragon_wing_deals_its_damage():
    state = at_frontier(ANVIL)
    attack(state, dragon_face("wing"), blank(ANVIL))
    assert state.unit("u0").where == "t2" and state.damage == []  # 2 damage < the Anvil Guard's 3 health: lost
    state = at_frontier(CINDER, CINDER)
    attack(state, dragon_face("wing"), blank(CINDER), blank(CINDER))
    assert [u.where for u in state.units if u.owner == 0] == ["dead", "dead"]


def test_phase_3_dragon_tail_rolls_again_and_adds_the_second_face():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE)
    text = attack(state, dragon_face("tail"), dragon_face("claw"), blank(CINDER), blank(ANVIL), blank(CRUCIBLE))
    assert "rolls Tail" in text and "then Claw" in text
    assert state.damage[0].amount == 5  # Tail 2 + Claw 3, no saves rolled


def test_phase_3_dragon_tail_twice_adds_only_the_second_tails_damage():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE)
    attack(state, dragon_face("tail"), dragon_face("tail"), blank(CINDER), blank(ANVIL), blank(CRUCIBLE))
    assert state.damage[0].amount == 4  # no third roll


def test_phase_3_dragon_breath_fire_adds_damage_no_save_stops():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE, element="fire")
    text = attack(state, dragon_face("breath"), face(CINDER, "save 1"), face(ANVIL, "save 2"), blank(CRUCIBLE))
    assert "Fire breath" in text
    assert state.damage[0].amount == 3 + DRAGON.breath["fire"].amount  # saves do not count against breath


def test_phase_3_dragon_breath_water_lowers_the_armys_saves_until_the_owners_next_turn():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE, element="water")
    attack(state, dragon_face("breath"), blank(CINDER), blank(ANVIL), blank(CRUCIBLE))
    drench = [e for e in state.effects if e.source == "water_breath"]
    assert drench and drench[0].target == "t2:0" and drench[0].caster == 1
    assert state.damage[0].amount == 3


def test_phase_3_dragon_breath_air_lowers_the_armys_manoeuvre():
    state = at_frontier(ANVIL, ANVIL, element="air")
    attack(state, dragon_face("breath"), blank(ANVIL), blank(ANVIL))  # 3 damage: one Anvil Guard dies
    state.units.append(type(state.units[0])("u9", 1, FEN, "t2"))  # an opponent arrives to counter
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    events = act(state, 1, {"type": "counter", "oppose": "yes"}, face(ANVIL, "manoeuvre 1"), face(FEN, "manoeuvre 1"))
    assert "-2 manoeuvre from Air Breath" in texts(events)
    assert state.terrain("t2").face == 3  # 1 manoeuvre would tie the counter's 1 and succeed; the gusts leave 0


def test_phase_3_dragon_breath_earth_turns_the_terrain_down():
    state = at_frontier(ANVIL, element="earth")
    attack(state, dragon_face("breath"), blank(ANVIL))
    assert state.terrain("t2").face == 2


def test_phase_3_dragon_breath_death_buries_the_units_it_kills():
    state = at_frontier(CINDER, CINDER, CINDER, element="death")
    attack(state, dragon_face("breath"), blank(CINDER), blank(CINDER), blank(CINDER))
    assert [u.where for u in state.units if u.owner == 0] == ["buried"] * 3


def test_phase_3_dragon_treasure_promotes_a_unit_of_the_army():
    state = at_frontier(CINDER, ANVIL)
    state.units.append(type(state.units[0])("u9", 0, FORGE, "dead", died=1))
    text = attack(state, dragon_face("treasure"), blank(CINDER), blank(ANVIL))
    assert "promoted" in text
    assert state.unit("u0").where == "dead" and state.unit("u9").where == "t2"  # Cinder Scout (1) -> Forge Adept (2)
    assert not state.damage


def test_phase_3_dragon_treasure_without_a_larger_dead_unit_promotes_nobody():
    state = at_frontier(CINDER, ANVIL)
    text = attack(state, dragon_face("treasure"), blank(CINDER), blank(ANVIL))
    assert "no unit of the army can be promoted" in text
    assert [u.where for u in state.units if u.owner == 0] == ["t2", "t2"]


def test_phase_3_dragons_only_attack_the_marching_players_armies():
    state = position({(0, "t2"): [ANVIL], (1, "t1"): [TIDE]})
    state.dragons[0].where = "t1"  # seat 0's own dragon sits with seat 1's army
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"}, dragon_face("wing"), blank(TIDE))  # seat 1's turn starts: it attacks seat 1
    assert state.turn == 1 and state.unit("u1").where == "dead"


def test_phase_3_rival_dragons_fight_each_other_before_the_army():
    state = at_frontier(ANVIL)
    state.dragons[0].where = "t2"
    # seat 0's dragon rolls Jaws (5), seat 1's rolls Belly (health 1): seat 1's dragon flees, seat 0's
    # (5 health, no damage taken) stays and then attacks seat 0's own army, as any dragon that has landed
    text = attack(state, dragon_face("jaws"), dragon_face("belly"), dragon_face("wing"), face(ANVIL, "save 2"))
    assert "Dragons fight" in text
    assert state.dragons[1].where == "pool" and state.dragons[0].where == "t2"
    assert state.unit("u0").where == "t2"  # Wing 2 against 2 saves


def test_phase_3_dragons_of_one_player_fight_each_other_too():
    state = at_frontier(ANVIL)
    state.dragons.append(Dragon("d11", 1, "air", "t2"))
    # Claw 3 against Jaws 5: the Claw dragon takes 5 and flees; the Jaws dragon takes 3 and stays
    text = attack(state, dragon_face("claw"), dragon_face("jaws"), dragon_face("wing"), face(ANVIL, "save 2"))
    assert "Dragons fight" in text
    assert state.dragons[1].where == "pool" and state.dragons[2].where == "t2"
