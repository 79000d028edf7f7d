"""Every spell's effect, announced against the magic results by colour and cast when the player passes."""

import pytest

from rules.base import RuleError
from rules.dragondice.content import SPELLS
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Effect
from rules.dragondice.spells import feasible
from rules.rng import Rng
from tests.rules.dragondice import test_spells_hooked, test_spells_published
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position, strike_back, texts

CINDER, ANVIL, FORGE = EMBER + "cinder_scout", EMBER + "anvil_guard", EMBER + "forge_adept"
FEN, TIDE, REED = MIST + "fen_runner", MIST + "tide_caller", MIST + "reed_skirmisher"


def casting(pool, armies=None, faces=(3, 3, 4)):
    """Seat 0 has rolled magic at t2 with this pool of results by colour set."""
    state = position(armies or {(0, "t2"): [FORGE], (1, "t2"): [FEN, TIDE], (1, "t1"): [REED]}, faces=faces)
    state.step, state.marching, state.pool = "magic", "t2", dict(pool)
    state.marched = ["t2"]
    return state


def cast(state, spell, target, *forced, element=""):
    act(state, 0, {"type": "cast", "spell": spell, "target": target, "element": element})
    return act(state, 0, {"type": "pass"}, *forced)


def then_melee(state, *forced):
    """Seat 0's next march: a melee at t2 (turned to a melee face)."""
    state.step, state.marched = "march", []
    state.terrain("t2").face = 1
    return act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, *forced)


def test_every_spell_has_a_test_here():
    names = [*globals(), *vars(test_spells_published), *vars(test_spells_hooked)]
    tested = {name[len("test_spell_") :] for name in names if name.startswith("test_spell_")}
    assert set(SPELLS) <= tested


def test_magic_results_split_between_a_units_colours():
    assert feasible({"air+water": 4}, {"air": 2, "water": 2})
    assert not feasible({"air+water": 3, "fire": 3}, {"air": 2, "water": 2})
    assert feasible({"air+water": 2, "air": 2}, {"air": 2, "water": 2})


def test_spell_hailstorm():
    state = casting({"air": 2})
    events = cast(state, "hailstorm", "t1:1", blank(REED))
    assert state.unit("u3").where == "dead" and "Hailstorm" in texts(events)


def test_spell_wind_walk():
    state = casting({"air": 4})
    cast(state, "wind_walk", "t2:0")
    assert state.effects == [Effect("wind_walk", 0, "t2:0")]
    state.step = "march"
    state.marched = []
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    act(state, 1, {"type": "counter", "oppose": "no"})
    act(state, 0, {"type": "pass"})
    state.turn, state.step, state.march, state.marched = 1, "march", 1, []
    act(state, 1, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    events = act(state, 0, {"type": "counter", "oppose": "yes"}, face(FEN, "manoeuvre 2"), blank(TIDE), blank(FORGE))
    assert "+4 manoeuvre" in texts(events) and state.terrain("t2").face == 5  # 4 beats 3: second turn failed


def test_spell_lightning_strike():
    state = casting({"air": 12})
    act(state, 0, {"type": "cast", "spell": "lightning_strike", "target": "u1"})
    act(state, 0, {"type": "cast", "spell": "lightning_strike", "target": "u2"})
    act(state, 0, {"type": "pass"}, blank(FEN), face(TIDE, "save 1"))
    assert state.unit("u1").where == "dead" and state.unit("u2").where == "t2"


def test_spell_watery_double():
    state = casting({"water": 2})
    cast(state, "watery_double", "t2:1")
    events = then_melee(state, face(FORGE, "ID"), blank(FEN), blank(TIDE))
    assert "+1 save from Watery Double" in texts(events) and "2 hits against 1 save" in texts(events)


def test_spell_flash_flood():
    state = casting({"water": 8})
    act(state, 0, {"type": "cast", "spell": "flash_flood", "target": "t2"})
    # once per terrain per turn
    with pytest.raises(RuleError, match=r"it may target: Highland \(t0\), Coastland \(t1\)\."):
        act(state, 0, {"type": "cast", "spell": "flash_flood", "target": "t2"})
    act(state, 0, {"type": "pass"}, blank(FEN), blank(TIDE))
    assert state.terrain("t2").face == 3 and state.flooded == ["t2"]
    held = casting({"water": 4})
    held.effects.append(Effect("wind_walk", 1, "t2:1"))
    cast(held, "flash_flood", "t2", face(FEN, "manoeuvre 2"), face(TIDE, "manoeuvre 1"))
    assert held.terrain("t2").face == 4


def test_spell_wall_of_fog():
    state = casting({"water": 6})
    cast(state, "wall_of_fog", "t2")
    assert state.effects == [Effect("wall_of_fog", 0, "t2")]
    shooter = position({(1, "t0"): [REED], (0, "t2"): [FORGE]}, faces=(4, 3, 3))
    shooter.effects = list(state.effects)
    shooter.turn = 1
    events = act(shooter, 1, {"type": "missile", "army": "t0", "target": "t2:0"}, face(REED, "missile 2"))
    assert "Wall of Fog" in texts(events) and shooter.army(0, "t2")


def test_spell_palsy():
    state = casting({"earth+fire": 2, "death": 2})
    cast(state, "palsy", "t2:1", element="death")
    events = then_melee(state, face(FORGE, "ID"), face(FEN, "save 1"), face(TIDE, "ID"))
    assert "-1 save from Palsy" in texts(events) and "2 hits against 2 saves" in texts(events)


def test_spell_finger_of_death():
    state = casting({"death": 12})
    act(state, 0, {"type": "cast", "spell": "finger_of_death", "target": "u2"})
    act(state, 0, {"type": "cast", "spell": "finger_of_death", "target": "u2"})
    act(state, 0, {"type": "cast", "spell": "finger_of_death", "target": "u1"})
    act(state, 0, {"type": "pass"})
    assert state.unit("u1").where == "dead" and state.unit("u2").where == "dead"


def test_spell_ash_storm():
    state = casting({"fire": 2})
    cast(state, "ash_storm", "t2")
    events = then_melee(state, face(FORGE, "ID"), blank(FEN), blank(TIDE))
    assert "-1 melee from Ash Storm" in texts(events) and "1 hit" in texts(events)


def test_spell_fiery_weapon():
    state = casting({"fire": 4})
    cast(state, "fiery_weapon", "t2:0")
    events = then_melee(state, blank(FORGE), blank(FEN), blank(TIDE))
    assert "+2 melee from Fiery Weapon" in texts(events) and state.damage[0].amount == 2


def test_spell_dancing_lights():
    state = casting({"fire": 6})
    cast(state, "dancing_lights", "t2:1")
    then_melee(state, blank(FORGE))
    events = strike_back(state, 1, blank(FEN), blank(TIDE))  # the target army's counter-attack
    assert "-6 melee from Dancing Lights" in texts(events)


def test_spell_stoneskin():
    state = casting({"earth+fire": 2})
    cast(state, "stoneskin", "t2:0")
    assert state.effects == [Effect("stoneskin", 0, "t2:0")]
    with pytest.raises(RuleError):
        dd.act(state, 0, {"type": "cast", "spell": "stoneskin", "target": "t2:0"}, Rng(0))


def test_spell_resurrect_dead():
    armies = {(0, "t2"): [FORGE], (0, "dead"): [ANVIL, CINDER], (1, "t2"): [FEN]}
    state = casting({"earth+fire": 9}, armies)
    with pytest.raises(RuleError, match="Pay Resurrect Dead in one of: earth, fire"):
        dd.act(state, 0, {"type": "cast", "spell": "resurrect_dead", "target": "u1", "element": "air"}, Rng(0))
    cast(state, "resurrect_dead", "u1", element="fire")  # health 3 costs 9
    assert state.unit("u1").where == "t2"
    short = casting({"earth+fire": 8}, armies)
    with pytest.raises(RuleError, match="cost 9"):
        dd.act(short, 0, {"type": "cast", "spell": "resurrect_dead", "target": "u1", "element": "fire"}, Rng(0))


def test_spell_call_dragon():
    wrong = casting({"water": 6})
    with pytest.raises(RuleError, match="Pay Call Dragon in one of: fire"):
        dd.act(wrong, 0, {"type": "cast", "spell": "call_dragon", "target": "t1", "element": "water"}, Rng(0))
    state = casting({"fire": 6})
    cast(state, "call_dragon", "t1")
    assert state.dragons[0].where == "t1"


def test_spell_summon_dragonkin():
    kin = {"fire": "dragonkin/fire", "earth": "dragonkin/earth"}
    armies = {(0, "t2"): [FORGE], (0, "summoning"): [kin["fire"], kin["earth"]], (1, "t2"): [FEN]}
    state = casting({"earth+fire": 6}, armies)
    with pytest.raises(RuleError, match="cannot target 't2:1'"):  # only onto your own armies
        dd.act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t2:1", "element": "fire"}, Rng(0))
    act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t2:0", "element": "fire"})
    with pytest.raises(RuleError, match="Pay Summon Dragonkin in one of: earth"):  # the one fire Dragonkin is taken
        dd.act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t2:0", "element": "fire"}, Rng(0))
    act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t2:0", "element": "earth"})
    with pytest.raises(RuleError, match="no colour you have"):  # the pool is empty once both are announced
        dd.act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t2:0"}, Rng(0))
    events = act(state, 0, {"type": "pass"})
    assert [u.kind for u in state.army(0, "t2")] == [FORGE, kin["fire"], kin["earth"]]
    assert "Summon Dragonkin: Fire Dragonkin u1 joins <seat:0>'s army at Swampland." in texts(events)
    for magic, offered in ((2, []), (3, ["earth", "fire"])):  # 3 magic per Dragonkin (published cost)
        choices = dd.legal(casting({"earth+fire": magic}, armies), 0)
        assert [c.action["element"] for c in choices if c.action.get("spell") == "summon_dragonkin"] == offered


def test_spell_target_gone_fizzles():
    state = casting({"air": 4, "death": 4})
    act(state, 0, {"type": "cast", "spell": "finger_of_death", "target": "u3", "element": "death"})
    act(state, 0, {"type": "cast", "spell": "hailstorm", "target": "t1:1"})
    events = act(state, 0, {"type": "pass"})
    assert "fizzles" in texts(events)


def test_spell_soiled_ground():
    for unit, roll, where in (("u2", face(TIDE, "save 1"), "dead"), ("u1", blank(FEN), "buried")):
        state = casting({"death": 6})
        cast(state, "soiled_ground", "t2")
        assert state.effects == [Effect("soiled_ground", 0, "t2")]
        then_melee(state, face(FORGE, "ID"), blank(FEN), blank(TIDE))
        events = act(state, 1, {"type": "casualties", "units": unit}, roll)
        assert f"→ {where}" in texts(events) and state.unit(unit).where == where


# -- species spells: only their species casts them, paid with magic its own units rolled


def species_casting(species, pool, armies=None):
    state = casting(pool, armies)
    state.species = [species, "mistwardens" if species != "mistwardens" else "emberwrights"]
    state.racial = {species: sum(pool.values())}
    return state


def test_species_spells_need_their_species_and_its_own_magic():
    state = species_casting("emberwrights", {"earth+fire": 6})
    with pytest.raises(RuleError, match="spell of the Mistwardens alone"):
        act(state, 0, {"type": "cast", "spell": "undertow", "target": "u1", "element": "water"})
    state.racial = {"emberwrights": 2, "dragonkin": 4}  # Dragonkin magic pays no species spell
    with pytest.raises(RuleError, match="Emberwrights' own units rolled: 2 here"):
        act(state, 0, {"type": "cast", "spell": "molten_armour", "target": "t2:0", "element": "earth"})
    assert not [c for c in dd.legal(state, 0) if c.action.get("spell") == "molten_armour"]
    state.racial = {"emberwrights": 3}
    assert [c.action["target"] for c in dd.legal(state, 0) if c.action.get("spell") == "molten_armour"] == ["t2:0"]


def test_every_species_has_a_spell_of_its_own():
    from rules.dragondice.content import SPECIES

    for species in SPECIES:
        assert [s for s in SPELLS.values() if s.species == species], species


def test_spell_molten_armour():
    state = species_casting("emberwrights", {"earth+fire": 3})
    cast(state, "molten_armour", "t2:0", element="earth")
    assert state.effects == [Effect("molten_armour", 0, "t2:0")]
    state.turn, state.step, state.marched, state.marching = 1, "march", [], ""
    state.terrain("t2").face = 1
    events = act(state, 1, {"type": "melee", "army": "t2", "target": "t2:0"}, blank(FEN), blank(TIDE))
    assert "Molten Armour burns the attacker: 2 damage to <seat:1>" in texts(events)
    assert state.damage[0].reason == "Molten Armour" and state.damage[0].amount == 2


def test_spell_undertow():
    state = species_casting("mistwardens", {"water": 6}, {(0, "t2"): [TIDE], (1, "t2"): [CINDER, ANVIL]})
    spell_targets = {c.action["target"] for c in dd.legal(state, 0) if c.action.get("spell") == "undertow"}
    assert spell_targets == {"u1"}  # the Anvil Guard (health 3) is too heavy
    events = cast(state, "undertow", "u1")
    assert state.unit("u1").where == "reserve" and "Undertow drags" in texts(events)


def test_species_spells_each_do_something_no_other_spell_does():
    own = [s for s in SPELLS.values() if s.species]
    assert len(own) >= 6
    others = {s.text for s in SPELLS.values() if not s.species}
    assert len({s.text for s in own}) == len(own) and not {s.text for s in own} & others
