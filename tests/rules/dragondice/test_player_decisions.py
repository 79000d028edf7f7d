"""Choices the seed gives a player that the engine used to make: the defender's optional counter-attack, and the
marching player's own choices (the order of simultaneous dragon attacks, the City's unit, Treasure's promotion);
and a unit-target spell announced once per unit."""

import pytest

from rules.base import RuleError
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import State, Unit
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, dragon_face, face, position, texts
from tests.rules.dragondice.test_dragons import at_frontier, attack, wyrm_face
from tests.rules.dragondice.test_spells import casting

CINDER, SLAG, ANVIL, FORGE, CRUCIBLE = (
    EMBER + n for n in ("cinder_scout", "slag_slinger", "anvil_guard", "forge_adept", "crucible_knight")
)
FEN, TIDE = MIST + "fen_runner", MIST + "tide_caller"


def test_counter_attack_is_optional_and_the_defending_player_decides():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN]}, faces=(3, 3, 1))
    act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, blank(CINDER))  # no hits, nothing rolled after
    assert dd.awaiting(state) == {1}
    offered = dd.legal(state, 1)
    assert [c.label for c in offered] == ["Counter-attack <seat:0>'s army at Swampland", "Do not counter-attack"]
    assert all(c.quick for c in offered)  # two buttons
    assert dd.status(state, None).splitlines()[0] == (
        "<seat:1> decides whether to counter-attack <seat:0>'s army at Swampland: "
        "/dd counterattack with strike yes or no."
    )
    assert dd.fallback(state, 1) == {"type": "counterattack", "strike": "yes"}  # a deadline strikes back, as before
    with pytest.raises(RuleError, match="decides whether to counter-attack"):
        dd.act(state, 1, {"type": "pass"}, Rng(0))
    events = act(state, 1, {"type": "counterattack", "strike": "no"})  # no die is rolled
    assert "<seat:1> does not counter-attack <seat:0>'s army." in texts(events)
    assert dd.awaiting(state) == {0} and state.march == 2 and state.unit("u0").where == "t2"


def test_counter_attack_is_not_offered_when_an_army_has_fallen():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [FEN], (1, "t1"): [TIDE]}, faces=(3, 3, 1))
    act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, face(ANVIL, "melee 3"), blank(FEN))
    assert state.decision is None and dd.awaiting(state) == {0} and state.march == 2


def two_dragons() -> State:
    """Seat 1 ends its turn; seat 0 has armies at Coastland (t1, its own dragon there) and Swampland (seat 1's)."""
    state = position({(0, "t1"): [ANVIL, ANVIL], (0, "t2"): [ANVIL, ANVIL], (1, "t0"): [TIDE]})
    state.dragons[0].where, state.dragons[1].where = "t1", "t2"
    state.turn = 1
    act(state, 1, {"type": "pass"})
    act(state, 1, {"type": "pass"})
    act(state, 1, {"type": "pass"})  # seat 0's turn begins: two dragons are about to attack
    return state


def test_marching_player_orders_simultaneous_dragon_attacks():
    state = two_dragons()
    assert dd.awaiting(state) == {0} and state.turn == 0
    assert [c.label for c in dd.legal(state, 0)] == [
        "The dragons at Coastland attack next",
        "The dragons at Swampland attack next",
    ]
    assert next(s for s in dd.meta.actions if s.name == "choose").menu
    assert dd.status(state, None).startswith(
        "<seat:0> chooses at which terrain the dragons attack next: pick it in the menu under the board, or /dd choose."
    )
    assert dd.fallback(state, 0) == {"type": "choose", "option": "t1"}  # the terrain order, as before
    events = act(
        state,
        0,
        {"type": "choose", "option": "t2"},
        dragon_face("wing"),
        blank(ANVIL),
        blank(ANVIL),
        dragon_face("wing"),
        blank(ANVIL),
        blank(ANVIL),
    )
    rolls = [e.text for e in events if " attacks " in e.text and " rolls " in e.text]
    assert rolls[0].startswith("<seat:1>'s Water Drake at Swampland") and "Coastland" in rolls[1]
    assert state.decision is None and dd.awaiting(state) == {0} and state.step == "march"


def test_marching_player_chooses_the_unit_the_city_returns():
    state = position(
        {(0, "t2"): [ANVIL], (1, "t0"): [FEN]}, faces=(3, 3, 8), kinds=("highland", "coastland", "wasteland")
    )
    state.terrains[2].captured_by = 0
    state.units += [
        Unit("u7", 0, CINDER, "dead", died=1),
        Unit("u8", 0, SLAG, "dead", died=2),
        Unit("u9", 0, CINDER, "dead", died=3),  # alike with u7: one option for both
    ]
    state.turn = 1
    act(state, 1, {"type": "pass"})
    act(state, 1, {"type": "pass"})
    act(state, 1, {"type": "pass"})
    assert dd.awaiting(state) == {0}
    assert [c.label for c in dd.legal(state, 0)] == [
        "The City brings back Cinder Scout u9",
        "The City brings back Slag Slinger u8",
    ]
    assert dd.status(state, None).startswith(
        "<seat:0> chooses which health-1 unit the City at Wasteland brings back: "
        "pick it in the menu under the board, or /dd choose."
    )
    assert dd.fallback(state, 0) == {"type": "choose", "option": "u9"}  # the most recently killed, as before
    act(state, 0, {"type": "choose", "option": "u8"})
    assert state.unit("u8").where == "t2" and state.unit("u9").where == "dead" and state.step == "march"


def test_marching_player_chooses_the_unit_treasure_promotes():
    state = at_frontier(CINDER, SLAG, form="wyrm")
    state.units += [Unit("u9", 0, FORGE, "dead", died=1), Unit("u10", 0, CRUCIBLE, "dead", died=2)]
    attack(state, wyrm_face("treasure"), blank(CINDER), blank(SLAG))
    assert dd.awaiting(state) == {0}
    assert [c.action["option"] for c in dd.legal(state, 0)] == ["u0>u10", "u0>u9", "u1>u10", "u1>u9"]
    assert dd.legal(state, 0)[3].label == "Promote Slag Slinger u1 to Forge Adept u9"
    assert "chooses which unit the dragon's Treasure promotes at Swampland" in dd.status(state, None)
    assert dd.fallback(state, 0) == {"type": "choose", "option": "u0>u10"}
    with pytest.raises(RuleError, match="Choose one of"):
        dd.act(state, 0, {"type": "choose", "option": "u1>u2"}, Rng(0))
    act(state, 0, {"type": "choose", "option": "u1>u9"})
    assert state.unit("u1").where == "dead" and state.unit("u9").where == "t2" and state.unit("u0").where == "t2"


def test_resurrect_dead_cannot_be_announced_twice_on_the_same_unit():
    armies = {(0, "t2"): [FORGE], (0, "dead"): [ANVIL, CINDER], (1, "t2"): [FEN]}
    state = casting({"earth+fire": 18}, armies)
    act(state, 0, {"type": "cast", "spell": "resurrect_dead", "target": "u1", "element": "fire"})
    offered = [c.action["target"] for c in dd.legal(state, 0) if c.action.get("spell") == "resurrect_dead"]
    assert "u1" not in offered and "u2" in offered
    with pytest.raises(RuleError, match=r"already announced on <seat:0>'s Anvil Guard u1 \(dead unit area\)"):
        dd.act(state, 0, {"type": "cast", "spell": "resurrect_dead", "target": "u1", "element": "earth"}, Rng(0))


def test_a_unit_target_spell_cannot_be_announced_twice_on_the_same_unit_but_finger_of_death_adds_up():
    state = casting({"air": 12, "death": 8})
    act(state, 0, {"type": "cast", "spell": "lightning_strike", "target": "u1"})
    with pytest.raises(RuleError, match=r"already announced on <seat:1>'s Fen Runner u1 \(Swampland\)"):
        dd.act(state, 0, {"type": "cast", "spell": "lightning_strike", "target": "u1"}, Rng(0))
    act(state, 0, {"type": "cast", "spell": "finger_of_death", "target": "u2", "element": "death"})
    act(state, 0, {"type": "cast", "spell": "finger_of_death", "target": "u2", "element": "death"})
    assert len(state.announced) == 3
