"""The spells that change how an army's dice count, what happens to its dead or to a manoeuvre (their effect lives in
dice.py's roll, damage.kill and combat.py): Wilding, Necromantic Wave, Flashfire, Berserker Rage, Open Grave,
Accelerated Growth, Wall of Thorns.
Each is cast through the engine, then its lasting effect is tried on a roll or a death with test dice."""

from __future__ import annotations

import pytest

from rules.base import ActionLog
from rules.dragondice.combat import resolve_manoeuvre
from rules.dragondice.content import UNIT_DICE, Face, UnitDie
from rules.dragondice.damage import kill
from rules.dragondice.dice import roll_army
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import DEAD, RESERVE, Effect, Manoeuvre, State, Terrain, Unit
from rules.rng import Rng

ID, SAVE, MANOEUVRE, MELEE, MISSILE, MAGIC = 1, 2, 3, 4, 5, 6
PLAIN = (Face("id"), Face("save", 2), Face("manoeuvre", 2), Face("melee", 2), Face("missile", 2), Face("magic", 2))


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Test dice of health 1 and 2 for a few species: 'feral2' is a medium Feral die, and so on."""
    kinds = {}
    for species in ("feral", "treefolk", "lava_elves", "firewalkers", "undead"):
        for health, size in ((1, "small"), (2, "medium")):
            kind = f"{species}/test{health}"
            monkeypatch.setitem(UNIT_DICE, kind, UnitDie(kind, f"Test{health}", species, size, health, ("air",), PLAIN))
            kinds[f"{species.split('_')[0]}{health}"] = kind
    return kinds


def army(*kinds: str, dead: tuple[str, ...] = ()) -> State:
    state = State(players=2, species=["test", "test"])
    state.phase = "play"
    state.terrains = [
        Terrain("t0", "highland", 3, 0),
        Terrain("t1", "coastland", 3, 1),
        Terrain("t2", "flatland", 3, None),
    ]
    state.units = [Unit(f"u{i}", 0, k, "t2") for i, k in enumerate(kinds)]
    state.units += [Unit(f"u{len(state.units) + i}", 0, k, DEAD) for i, k in enumerate(dead)]
    return state


def under(state: State, spell: str) -> State:
    state.effects.append(Effect(spell, 0, "t2:0"))
    return state


def roll(state: State, kind: str, *forced: int, counter: bool = False) -> int:
    return roll_army(state, Rng(0, forced=list(forced)), 0, "t2", kind, ActionLog(), counter=counter).total


def castable(spell: str, species: str) -> None:
    """The spell is offered to a caster of its species with enough magic, and casting it lays it on the army."""
    from tests.rules.dragondice.test_spells_published import cast, casting

    state = casting({"air+death+earth+fire+water": 9}, species=species)
    assert [c for c in dd.legal(state, 0) if c.action.get("spell") == spell]
    cast(state, spell, "t2:0", element=_colour(spell))
    assert Effect(spell, 0, "t2:0") in state.effects


def _colour(spell: str) -> str:
    from rules.dragondice.content import SPELLS

    return SPELLS[spell].element


def test_spell_wilding(dice):
    castable("wilding", "feral")
    state = army(dice["feral2"], dice["feral1"])
    assert roll(under(state, "wilding"), "melee", MELEE, MELEE) == 2 + 2 + 2  # the best unit's 2 counted twice
    assert roll(army(dice["feral2"], dice["feral1"]), "melee", MELEE, MELEE) == 4


def test_spell_necromantic_wave(dice):
    castable("necromantic_wave", "lava_elves")
    state = under(army(dice["lava2"]), "necromantic_wave")
    assert roll(state, "melee", MAGIC) == 2 and roll(state, "missile", MAGIC) == 2
    assert roll(army(dice["lava2"]), "melee", MAGIC) == 0


def test_spell_flashfire(dice):
    castable("flashfire", "firewalkers")
    state = under(army(dice["firewalkers2"], dice["firewalkers1"]), "flashfire")
    assert roll(state, "melee", MELEE, SAVE, MELEE) == 2 + 2  # the unit that counted nothing rolls again: melee
    assert roll(state, "manoeuvre", MANOEUVRE, SAVE) == 2  # not in a manoeuvre roll: no third die


def test_spell_berserker_rage(dice):
    castable("berserker_rage", "feral")
    state = under(army(dice["feral2"]), "berserker_rage")
    assert roll(state, "melee", SAVE, counter=True) == 2
    assert roll(state, "melee", SAVE) == 0  # only when counter-attacking


def test_spell_open_grave(dice):
    castable("open_grave", "undead")
    state = under(army(dice["undead2"]), "open_grave")
    kill(state, [state.unit("u0")], Rng(0), ActionLog())
    assert state.unit("u0").where == RESERVE


def test_spell_accelerated_growth(dice):
    castable("accelerated_growth", "treefolk")
    state = under(army(dice["treefolk2"], dead=(dice["treefolk1"],)), "accelerated_growth")
    kill(state, [state.unit("u0")], Rng(0), ActionLog())
    assert state.unit("u0").where == DEAD and state.unit("u1").where == "t2"
    small = under(army(dice["treefolk1"], dead=(dice["treefolk1"],)), "accelerated_growth")
    kill(small, [small.unit("u0")], Rng(0), ActionLog())
    assert small.unit("u0").where == DEAD and small.unit("u1").where == DEAD  # health 1: no swap


def test_spell_wall_of_thorns(dice):
    from tests.rules.dragondice.test_spells_published import cast, casting

    state = casting({"earth": 5}, species="treefolk")
    cast(state, "wall_of_thorns", "t2", element="earth")
    assert Effect("wall_of_thorns", 0, "t2") in state.effects
    walled = army(dice["treefolk2"])
    walled.effects.append(Effect("wall_of_thorns", 1, "t2"))
    walled.manoeuvre = Manoeuvre(0, "t2", "up")
    resolve_manoeuvre(walled, Rng(0, forced=[MELEE]), ActionLog())  # unopposed; then the melee roll: 2
    assert walled.terrains[2].face == 4 and [(d.seat, d.amount) for d in walled.damage] == [(0, 6 - 2)]


def test_spell_mire(dice):
    from tests.rules.dragondice.test_spells_published import cast, casting

    state = casting({"water": 5}, species="swamp_stalkers")
    assert [c for c in dd.legal(state, 0) if c.action.get("spell") == "mire"]
    cast(state, "mire", "t2", element="water")
    assert Effect("mire", 0, "t2") in state.effects


def test_spell_mire_limits_every_roll_of_the_march_to_the_units_its_roll_pays_for(dice):
    from rules.dragondice.actions import _magic

    state = army(dice["feral2"], dice["feral1"], dice["feral1"])  # health 2, 1, 1
    state.effects.append(Effect("mire", 1, "t2"))
    state.step, state.terrains[2].face = "march", 6  # Flatland's magic face
    log = ActionLog()
    _magic(state, 0, {"army": "t2"}, Rng(0, forced=[MANOEUVRE, MELEE, SAVE, MAGIC, MAGIC, MAGIC]), log)
    assert state.mired == ["u0"]  # the Mire roll made 2 manoeuvre: the health-2 unit only
    assert state.pool == {"air": 2}  # only u0 rolled for magic (the next forced face)
    assert "Mire at Flatland" in " ".join(e.text for e in log.events)
    state.step, state.marched, state.mired = "march", [], None  # a march elsewhere of the turn is not limited
    state.effects.clear()
    _magic(state, 0, {"army": "t2"}, Rng(0, forced=[MAGIC, MAGIC, MAGIC]), ActionLog())
    assert state.pool == {"air": 6}


def test_spell_mire_holds_the_manoeuvre_roll_too_and_ends_with_the_march(dice):
    from rules.dragondice.actions import _manoeuvre
    from rules.dragondice.turn import end_action

    state = army(dice["feral2"], dice["feral1"], dice["feral1"])
    state.effects.append(Effect("mire", 1, "t2"))
    state.units.append(Unit("u3", 1, dice["feral1"], "t2"))  # an opponent there: the manoeuvre awaits its counter
    state.step = "march"
    # the Mire roll: u0's ID (health 2) is 2 manoeuvre, u1 and u2 none: the health-2 unit alone fits
    _manoeuvre(state, 0, {"terrain": "t2", "direction": "up"}, Rng(0, forced=[ID, MELEE, SAVE]), ActionLog())
    assert state.mired == ["u0"]
    assert roll(state, "manoeuvre", MANOEUVRE, MANOEUVRE, MANOEUVRE) == 2  # only u0 rolls in the march
    end_action(state)
    assert state.mired is None
