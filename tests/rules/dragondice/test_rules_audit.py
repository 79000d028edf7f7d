"""Rules of the seed and the issue that no other file names: sizes, dead and buried, lasting spells, melee details,
reinforcing, several opponents at one terrain."""

from rules.dragondice.content import SPECIES, UNIT_DICE
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Effect, Unit
from rules.dragondice.spells import SPELLS, targets
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position, strike_back, texts

CINDER, ANVIL, FORGE, SLAG = (EMBER + n for n in ("cinder_scout", "anvil_guard", "forge_adept", "slag_slinger"))
FEN, TIDE, REED, LEVIATHAN = (MIST + n for n in ("fen_runner", "tide_caller", "reed_skirmisher", "leviathan"))


def test_unit_sizes_small_medium_large_monster_have_health_1_2_3_4():
    for species in SPECIES.values():
        health = {UNIT_DICE[u].size: UNIT_DICE[u].health for u in species.units}
        assert health == {"small": 1, "medium": 2, "large": 3, "monster": 4}


def test_dead_unit_area_units_may_return_but_buried_units_never_do():
    state = position({(0, "t2"): [FORGE], (0, "dead"): [CINDER], (0, "buried"): [CINDER], (1, "t2"): [FEN]})
    state.pool = {"earth+fire": 9}
    state.step, state.marching = "magic", "t2"
    assert targets(state, 0, SPELLS["resurrect_dead"]) == ["u1"]  # the dead Cinder Scout, not the buried one
    regrow = position({(1, "t2"): [LEVIATHAN], (1, "dead"): [FEN], (1, "buried"): [REED], (0, "t2"): [CINDER]})
    regrow.turn = 1
    act(regrow, 1, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    act(regrow, 0, {"type": "counter", "oppose": "yes"}, face(LEVIATHAN, "Regrow 2"), blank(CINDER))
    assert regrow.unit("u1").where == "t2" and regrow.unit("u2").where == "buried"


def test_spell_lasting_until_your_next_turn_holds_through_the_opponents_turn_then_expires():
    state = position({(0, "t2"): [FORGE], (1, "t2"): [FEN, TIDE]}, faces=(3, 3, 1))
    state.effects = [Effect("stoneskin", 0, "t2:0")]
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"})
    assert state.turn == 1 and [e.source for e in state.effects] == ["stoneskin"]
    events = act(
        state,
        1,
        {"type": "melee", "army": "t2", "target": "t2:0"},
        face(FEN, "melee 2"), blank(TIDE), blank(FORGE),
    )  # fmt: skip
    assert "+1 save from Stoneskin" in texts(events) and "2 hits against 1 save → 1 damage" in texts(events)
    strike_back(state, 0, blank(FORGE))  # the counter-attack, no hit
    act(state, 1, {"type": "pass"})
    events = act(state, 1, {"type": "pass"})
    assert state.turn == 0 and state.effects == []
    assert "Effects ending now: Stone Skin on <seat:0>'s army at Swampland." in texts(events)


def test_melee_without_hits_needs_no_save_roll():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN]}, faces=(3, 3, 1))
    events = act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, blank(CINDER))
    events += strike_back(state, 1, blank(FEN))
    rolls = [e.text for e in events if e.kind == "roll"]
    assert len(rolls) == 2 and "counter-attack" in rolls[1]  # the attack, then the counter-attack; no save roll


def test_melee_effects_apply_to_the_counter_attack_too():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN, TIDE]}, faces=(3, 3, 1))
    state.effects = [Effect("fiery_weapon", 1, "t2:1")]
    act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, blank(CINDER))
    events = strike_back(state, 1, blank(FEN), blank(TIDE), blank(CINDER))
    assert "+2 melee from Fiery Weapon" in texts(events)  # the defender's bonus in its counter-attack
    assert state.unit("u0").where == "dead"


def test_reinforce_forms_a_new_army_where_you_have_none_and_joins_one_where_you_do():
    state = position({(0, "t2"): [CINDER], (0, "reserve"): [ANVIL, SLAG], (1, "t1"): [FEN]})
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "reinforce", "units": "u1", "terrain": "t1"})
    act(state, 0, {"type": "reinforce", "units": "u2", "terrain": "t2"})
    assert [u.id for u in state.army(0, "t1")] == ["u1"] and [u.id for u in state.army(0, "t2")] == ["u0", "u2"]


def test_several_opponents_at_one_terrain_each_may_be_attacked_and_each_may_counter():
    state = position(
        {(0, "t3"): [ANVIL], (1, "t3"): [FEN], (2, "t3"): [TIDE]},
        faces=(3, 3, 3, 1),
        players=3,
        kinds=("highland", "coastland", "flatland", "swampland"),
    )
    assert {c.action["target"] for c in dd.legal(state, 0) if c.action["type"] == "melee"} == {"t3:1", "t3:2"}
    act(state, 0, {"type": "manoeuvre", "terrain": "t3", "direction": "up"})
    assert dd.awaiting(state) == {1, 2}
    act(state, 1, {"type": "counter", "oppose": "no"})
    events = act(state, 2, {"type": "counter", "oppose": "yes"}, face(ANVIL, "manoeuvre 1"), face(TIDE, "manoeuvre 1"))
    assert "succeeds" in texts(events) and state.terrain("t3").face == 2  # 1 equals the counter's 1


def test_manoeuvre_is_skipped_for_an_army_in_the_reserves():
    state = position({(0, "reserve"): [FORGE], (0, "t2"): [CINDER], (1, "t2"): [FEN]})
    manoeuvres = {c.action["terrain"] for c in dd.legal(state, 0) if c.action["type"] == "manoeuvre"}
    assert manoeuvres == {"t2"}
    magic = [c.action for c in dd.legal(state, 0) if c.action.get("army") == "reserve"]
    assert magic == [{"type": "magic", "army": "reserve"}]


def test_a_player_with_only_dead_or_buried_units_counts_as_without_units():
    state = position({(0, "t2"): [CINDER], (0, "dead"): [ANVIL], (1, "t2"): [FEN]})
    assert state.alive(0) and not state.army(0, "reserve")
    state.units[0].where = "dead"
    assert not state.alive(0)  # only dead units left: a player without units
    state.units.append(Unit("u9", 0, CINDER, "buried"))
    assert not state.alive(0)


def test_the_rules_page_lists_every_species_sai_and_spell():
    from pathlib import Path

    from rules.dragondice.content import SAIS

    page = (Path(__file__).parents[3] / "rules" / "dragondice" / "rules.md").read_text(encoding="utf-8")
    for name in [s.name for s in SPECIES.values()] + [s.name for s in SAIS.values()]:
        assert f"| {name}" in page, name
    for spell in SPELLS.values():
        assert f"| {spell.name}" in page, spell.name
    assert "shared" not in page.replace("a shared win on equal health", "")  # no draw is left
