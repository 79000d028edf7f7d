"""The turn sequence, phase by phase and step by step, with scripted dice."""

import pytest

from rules.base import RuleError
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Effect, State, Unit
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position, strike_back, texts

CINDER, ANVIL, CRUCIBLE, FORGE = (
    EMBER + "cinder_scout",
    EMBER + "anvil_guard",
    EMBER + "crucible_knight",
    EMBER + "forge_adept",
)
FEN, TIDE, REED, GALE = MIST + "fen_runner", MIST + "tide_caller", MIST + "reed_skirmisher", MIST + "gale_archer"


def end_turn(state, seat=0):
    while state.turn == seat and state.phase == "play":
        act(state, seat, {"type": "pass"})


def test_phase_1_expire_effects_at_the_start_of_the_casters_next_turn():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN]})
    state.effects = [Effect("watery_double", 0, "t2:0"), Effect("palsy", 1, "t2:0")]
    end_turn(state, 0)
    assert [e.source for e in state.effects] == ["watery_double"]  # seat 1's turn: its own palsy expired
    end_turn(state, 1)
    assert state.effects == []


@pytest.mark.parametrize("kind", ["coastland", "wasteland"])
def test_phase_2_eighth_face_city_returns_a_small_unit(kind):
    state = position(
        {(0, "t2"): [CINDER, ANVIL], (1, "t0"): [FEN]}, faces=(3, 3, 8), kinds=("highland", "coastland", kind)
    )
    state.terrains[2].captured_by = 0
    state.units.append(Unit("u9", 0, CINDER, "dead", died=1))
    state.turn = 1
    end_turn(state, 1)
    assert state.unit("u9").where == "t2"
    assert state.turn == 0


def test_phase_2_eighth_face_temple_buries_opponents_latest_dead():
    state = position({(0, "t0"): [CINDER], (1, "t1"): [FEN, TIDE]}, faces=(8, 3, 3))
    state.terrains[0].captured_by = 0
    fen, tide = state.army(1, "t1")
    fen.where, fen.died = "dead", 1
    state.units.append(Unit("u9", 1, REED, "t2"))
    tide.where, tide.died = "dead", 2
    state.turn = 1
    end_turn(state, 1)
    assert tide.where == "buried" and fen.where == "dead"


def test_phase_2_eighth_face_tower_adds_a_missile_result():
    state = position(
        {(0, "t0"): [REED], (1, "t2"): [FEN]}, faces=(8, 3, 3), kinds=("flatland", "swampland", "highland")
    )
    state.terrains[0].captured_by = 0
    state.turn = 1
    end_turn(state, 1)
    assert [(e.source, e.target) for e in state.effects] == [("tower", "t0:0")]
    events = act(state, 0, {"type": "missile", "army": "t0", "target": "t2:1"}, face(REED, "missile 1"), blank(FEN))
    assert "2 missile" in texts(events)  # 1 rolled + 1 from the Tower


def test_phase_2_eighth_face_standing_stones_add_magic_in_the_terrain_colours():
    state = position(
        {(0, "t1"): [TIDE], (1, "t2"): [FEN]}, faces=(3, 8, 3), kinds=("flatland", "swampland", "highland")
    )
    state.terrains[1].captured_by = 0
    state.turn = 1
    end_turn(state, 1)
    assert [(e.source, e.target) for e in state.effects] == [("standing_stones", "t1:0")]
    act(state, 0, {"type": "magic", "army": "t1"}, face(TIDE, "magic 1"))
    assert state.pool == {"air+water": 1, "earth+water": 2}


def test_first_march_manoeuvre_without_opponents_succeeds_without_a_roll():
    state = position({(0, "t0"): [CINDER], (1, "t1"): [FEN]})
    events = act(state, 0, {"type": "manoeuvre", "terrain": "t0", "direction": "up"})
    assert state.terrain("t0").face == 4 and state.step == "action"
    assert any(e.kind == "reveal" for e in events)


def _direction(state: State) -> str | None:
    """The direction a manoeuvre under way shows in this state or view (None: no manoeuvre)."""
    return state.manoeuvre.direction if state.manoeuvre is not None else None


def test_first_march_manoeuvre_direction_is_secret_until_resolved():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN]})
    events = act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "down"})
    assert dd.awaiting(state) == {1}
    public = [e.text for e in events if e.to is None]
    assert not any("down" in text for text in public)
    assert _direction(dd.view(state, None)) == ""
    assert _direction(dd.view(state, 1)) == ""
    assert _direction(dd.view(state, 0)) == "down"
    public_view = dd.view(state, None)
    public_view.units[0].where = "dead"  # a view is a copy: drawing or changing it never touches the game
    assert _direction(state) == "down" and state.units[0].where == "t2"
    assert [c.action["oppose"] for c in dd.legal(state, 1) if c.quick] == ["no"]
    events = act(state, 1, {"type": "counter", "oppose": "yes"}, face(CINDER, "manoeuvre 1"), face(FEN, "manoeuvre 1"))
    assert any(e.kind == "reveal" and "down" in e.text for e in events)
    assert state.terrain("t2").face == 2  # a tie goes to the marching army


def test_first_march_counter_manoeuvre_can_stop_it():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN]})
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    act(state, 1, {"type": "counter", "oppose": "yes"}, face(CINDER, "manoeuvre 1"), face(FEN, "manoeuvre 2"))
    assert state.terrain("t2").face == 3 and state.step == "action"


def test_first_march_counter_manoeuvre_by_any_of_several_opponents():
    state = position(
        {(0, "t3"): [CINDER], (1, "t3"): [FEN], (2, "t3"): [CINDER]},
        faces=(3, 3, 3, 3),
        players=3,
        kinds=("highland", "coastland", "flatland", "swampland"),
    )
    act(state, 0, {"type": "manoeuvre", "terrain": "t3", "direction": "up"})
    assert dd.awaiting(state) == {1, 2}
    act(state, 1, {"type": "counter", "oppose": "no"})
    assert dd.awaiting(state) == {2}
    act(state, 2, {"type": "counter", "oppose": "yes"}, face(CINDER, "manoeuvre 1"), face(CINDER, "ID"))
    assert state.terrain("t3").face == 4  # 1 against 1: success


def test_first_march_action_is_the_one_the_terrain_shows():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN]}, faces=(3, 3, 5))  # swampland 5: magic
    with pytest.raises(RuleError, match="may only take the magic action now: Swampland shows 5 \\(magic\\)"):
        dd.act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, Rng(0))
    kinds = {c.action["type"] for c in dd.legal(state, 0)}
    assert kinds == {"manoeuvre", "magic", "pass"}


def test_first_march_action_at_eighth_face_controller_chooses_opponent_only_melee():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN]}, faces=(3, 3, 8))
    state.terrains[2].captured_by = 0
    assert {c.action["type"] for c in dd.legal(state, 0)} >= {"melee", "missile", "magic"}
    state.turn = 1
    assert {c.action["type"] for c in dd.legal(state, 1)} == {"manoeuvre", "melee", "pass"}


def test_first_march_melee_with_save_casualty_choice_and_counter_attack():
    state = position({(0, "t2"): [CINDER, ANVIL], (1, "t2"): [FEN, TIDE]}, faces=(3, 3, 1))
    events = act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(CINDER, "melee 1"),
        face(ANVIL, "melee 3"),
        face(FEN, "save 1"),
        face(TIDE, "save 1"),
    )
    assert "4 hits against 2 saves → 2 damage" in texts(events)
    assert dd.awaiting(state) == {1}
    options = dd.legal(state, 1)
    assert [c.action["units"] for c in options] == ["u2", "u3"] and options[0].quick
    act(state, 1, {"type": "casualties", "units": "u3"})
    events = strike_back(state, 1, face(FEN, "melee 2"), blank(CINDER), face(ANVIL, "save 2"))
    assert "counter-attack" in texts(events)
    assert state.unit("u3").where == "dead" and state.step == "march" and state.march == 2


def test_first_march_missile_targeting_limits_and_no_counter_attack():
    state = position({(0, "t0"): [REED], (1, "t1"): [FEN], (1, "t2"): [TIDE], (1, "reserve"): [GALE]}, faces=(4, 3, 3))
    state.units[0].kind = MIST + "reed_skirmisher"
    targets = {c.action["target"] for c in dd.legal(state, 0) if c.action["type"] == "missile"}
    assert targets == {"t2:1"}  # not another home terrain, never the reserves
    with pytest.raises(RuleError, match="not a missile target"):
        dd.act(state, 0, {"type": "missile", "army": "t0", "target": "t1:1"}, Rng(0))
    events = act(state, 0, {"type": "missile", "army": "t0", "target": "t2:1"}, face(REED, "missile 2"), blank(TIDE))
    assert state.unit("u2").where == "dead"
    assert "counter" not in texts(events)


def test_first_march_magic_by_colour_then_cast():
    state = position({(0, "t2"): [FORGE], (1, "t2"): [FEN]}, faces=(3, 3, 4))
    act(state, 0, {"type": "magic", "army": "t2"}, face(FORGE, "magic 2"))
    assert state.pool == {"earth+fire": 2} and state.step == "magic"
    with pytest.raises(RuleError, match="Not enough water"):
        dd.act(state, 0, {"type": "cast", "spell": "watery_double", "target": "t2:0"}, Rng(0))
    act(state, 0, {"type": "cast", "spell": "ash_storm", "target": "t2"})
    with pytest.raises(RuleError, match="Not enough earth"):
        dd.act(state, 0, {"type": "cast", "spell": "stoneskin", "target": "t2:0"}, Rng(0))
    act(state, 0, {"type": "pass"})
    assert [e.source for e in state.effects] == ["ash_storm"] and state.march == 2


def test_second_march_needs_another_army():
    state = position({(0, "t2"): [CINDER], (0, "t0"): [ANVIL], (1, "t2"): [FEN]}, faces=(3, 3, 5))
    act(state, 0, {"type": "manoeuvre", "terrain": "t0", "direction": "up"})
    act(state, 0, {"type": "pass"})
    assert state.march == 2
    with pytest.raises(RuleError, match="may still march"):
        dd.act(state, 0, {"type": "manoeuvre", "terrain": "t0", "direction": "up"}, Rng(0))
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    act(state, 1, {"type": "counter", "oppose": "yes"}, blank(CINDER), face(FEN, "save 1"))
    assert state.terrain("t2").face == 6 and state.step == "action"


def test_reserves_phase_reinforce_then_retreat():
    state = position({(0, "t2"): [CINDER], (0, "reserve"): [ANVIL, FORGE], (1, "t2"): [FEN]})
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"})
    assert state.step == "reinforce"
    act(state, 0, {"type": "reinforce", "units": "u1", "terrain": "t0"})
    act(state, 0, {"type": "retreat", "units": "u0"})
    assert state.step == "retreat"
    with pytest.raises(RuleError, match="retreat step"):
        dd.act(state, 0, {"type": "reinforce", "units": "u2", "terrain": "t0"}, Rng(0))
    assert [u.where for u in state.units[:3]] == ["reserve", "t0", "reserve"]
    act(state, 0, {"type": "pass"})
    assert state.turn == 1


def test_reserve_army_may_only_take_magic_with_reserve_spells():
    state = position({(0, "reserve"): [TIDE], (1, "t2"): [FEN], (0, "t2"): [REED]})
    assert {c.action["type"] for c in dd.legal(state, 0) if c.action.get("army") == "reserve"} == {"magic"}
    act(state, 0, {"type": "magic", "army": "reserve"}, face(TIDE, "magic 2"))
    with pytest.raises(RuleError, match="cannot be cast from the reserves"):
        dd.act(state, 0, {"type": "cast", "spell": "hailstorm", "target": "t2:1"}, Rng(0))
    with pytest.raises(RuleError, match="cannot target"):
        dd.act(state, 0, {"type": "cast", "spell": "watery_double", "target": "t2:1"}, Rng(0))
    act(state, 0, {"type": "cast", "spell": "watery_double", "target": "t2:0"})


def test_turn_order_skips_a_player_without_units():
    state = position(
        {(0, "t3"): [CINDER], (2, "t3"): [FEN]},
        faces=(3, 3, 3, 3),
        players=3,
        kinds=("highland", "coastland", "flatland", "swampland"),
    )
    end_turn(state, 0)
    assert state.turn == 2
