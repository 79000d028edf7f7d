"""The published spells' effects and casting rules: cantrips, species spells, reserves, the spells not yet castable.
Positions are scripted with the house dice (their faces are the ones the tests force); a species spell is cast by
setting the seat's species and the magic its units rolled."""

import pytest

from rules.base import ActionLog, RuleError
from rules.dragondice import spells
from rules.dragondice.content import SPELL_LASTING, SPELLS
from rules.dragondice.dice import roll_army
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.glossary import lookups
from rules.dragondice.model import Effect
from rules.dragondice.spells import feasible
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position, texts

CINDER, ANVIL, FORGE = EMBER + "cinder_scout", EMBER + "anvil_guard", EMBER + "forge_adept"
FEN, TIDE, REED = MIST + "fen_runner", MIST + "tide_caller", MIST + "reed_skirmisher"
COLOSSUS, LEVIATHAN = EMBER + "magma_colossus", MIST + "leviathan"


def casting(pool, armies=None, species="emberwrights", marching="t2"):
    """Seat 0 has rolled magic at `marching` with this pool of results by colour set, all of it its species'."""
    armies = armies or {(0, "t2"): [FORGE], (1, "t2"): [FEN, TIDE], (1, "t1"): [REED]}
    state = position(armies, faces=(3, 3, 4))
    state.species = [species, "mistwardens"]
    state.step, state.marching, state.pool = "magic", marching, dict(pool)
    state.racial = {species: sum(pool.values())}
    state.marched = [marching]
    return state


def cast(state, spell, target, *forced, element=""):
    act(state, 0, {"type": "cast", "spell": spell, "target": target, "element": element})
    return act(state, 0, {"type": "pass"}, *forced)


def rolled(state, seat, where, kind, *forced):
    """The results of one scripted roll of an army (magic of every colour together), and what the log said."""
    log = ActionLog()
    result = roll_army(state, Rng(0, forced=list(forced)), seat, where, kind, log)
    return sum(result.magic.values()) if kind == "magic" else result.total, texts(log.events)


def lasting_test(spell, species, element, target, seat, kind, forced, before, after, armies=None):
    """The spell, cast on `target`, stays there and changes the target's `kind` roll from `before` to `after`."""
    state = casting({element: SPELLS[spell].cost}, armies, species)
    cast(state, spell, target, element=element)
    assert state.effects == [Effect(spell, 0, target)]
    where = target.split(":")[0]
    assert rolled(casting({}, armies, species), seat, where, kind, *forced)[0] == before
    total, said = rolled(state, seat, where, kind, *forced)
    assert total == after and SPELLS[spell].name.lower() in said.lower()


# -- lasting roll modifiers (declared in spells.json, applied by the roll)


def test_lasting_spells_declare_their_modifiers_as_data():
    assert SPELL_LASTING["wind_walk"] == {"manoeuvre": 4} and SPELL_LASTING["ash_storm"] == {"all": -1}
    assert SPELL_LASTING["palsy"] == {"melee": -1, "missile": -1, "magic": -1, "save": -1}
    assert SPELL_LASTING["deluge"] == {"manoeuvre": -3, "missile": -3}
    assert all(SPELLS[s].target in ("any_army", "opposing_army", "terrain") for s in SPELL_LASTING)


def test_spell_decay():
    forced = (face(FEN, "melee 2"), face(TIDE, "ID"))
    lasting_test("decay", "goblins", "death", "t2:1", 1, "melee", forced, 4, 2)


def test_spell_evil_eye():
    lasting_test("evil_eye", "undead", "death", "t2:1", 1, "save", (face(FEN, "save 1"), face(TIDE, "ID")), 3, 1)


def test_spell_restless_dead():
    lasting_test("restless_dead", "undead", "death", "t2:0", 0, "manoeuvre", (face(FORGE, "manoeuvre 1"),), 1, 4)


def test_spell_higher_ground():
    armies = {(0, "t2"): [FORGE], (1, "t2"): [COLOSSUS, ANVIL]}
    forced = (face(COLOSSUS, "melee 4"), face(ANVIL, "ID"))
    lasting_test("higher_ground", "dwarves", "earth", "t2:1", 1, "melee", forced, 7, 2, armies)


def test_spell_transmute_rock_to_mud():
    armies = {(0, "t2"): [FORGE], (1, "t2"): [LEVIATHAN, TIDE]}
    forced = (face(LEVIATHAN, "ID"), face(TIDE, "ID"))
    lasting_test("transmute_rock_to_mud", "emberwrights", "earth", "t2:1", 1, "manoeuvre", forced, 6, 0, armies)


def test_spell_blizzard():
    armies = {(0, "t2"): [FORGE], (1, "t2"): [COLOSSUS, ANVIL]}
    forced = (face(COLOSSUS, "melee 4"), face(ANVIL, "ID"))
    lasting_test("blizzard", "coral_elves", "air", "t2", 1, "melee", forced, 7, 4, armies)


def test_spell_fields_of_ice():
    armies = {(0, "t2"): [FORGE], (1, "t2"): [LEVIATHAN, FEN]}
    forced = (face(LEVIATHAN, "ID"), face(FEN, "manoeuvre 2"))
    lasting_test("fields_of_ice", "frostwings", "air", "t2", 1, "manoeuvre", forced, 6, 2, armies)


def test_spell_magic_drain():
    lasting_test("magic_drain", "frostwings", "death", "t2", 1, "magic", (face(FEN, "ID"), face(TIDE, "ID")), 3, 1)


def test_spell_deluge():
    armies = {(0, "t2"): [FORGE], (1, "t2"): [LEVIATHAN, REED]}
    forced = (face(LEVIATHAN, "missile 2"), face(REED, "missile 2"))
    lasting_test("deluge", "coral_elves", "water", "t2", 1, "missile", forced, 4, 1, armies)


# -- spells that act at once


def test_spell_firebolt():
    state = casting({"fire": 9}, species="dwarves")
    for target in ("u1", "u2", "u2"):  # Fen Runner (health 1) once, Tide Caller (health 2) twice: the points add up
        act(state, 0, {"type": "cast", "spell": "firebolt", "target": target})
    act(state, 0, {"type": "pass"}, blank(FEN), blank(TIDE), blank(TIDE))
    assert state.unit("u1").where == "dead" and state.unit("u2").where == "dead"
    saved = casting({"fire": 3}, species="dwarves")
    events = cast(saved, "firebolt", "u1", face(FEN, "save 1"))
    assert saved.unit("u1").where == "t2" and "a save" in texts(events)


def test_spell_fearful_flames():
    fled = casting({"fire": 3}, species="lava_elves")
    events = cast(fled, "fearful_flames", "u1", face(FEN, "save 1"), blank(FEN))  # saves, then fails the second
    assert fled.unit("u1").where == "reserve" and "goes to the reserves" in texts(events)
    stood = casting({"fire": 3}, species="lava_elves")
    cast(stood, "fearful_flames", "u1", face(FEN, "save 1"), face(FEN, "ID"))
    assert stood.unit("u1").where == "t2"
    hurt = casting({"fire": 3}, species="lava_elves")
    cast(hurt, "fearful_flames", "u1", blank(FEN))  # no save: the point of damage kills a health-1 unit
    assert hurt.unit("u1").where == "dead"


def test_spell_swamp_fever():
    state = casting({"death": 3}, {(0, "t2"): [FORGE], (1, "t2"): [FEN, TIDE, REED]}, "swamp_stalkers")
    # 3 health: the Tide Caller (2) first, then the Fen Runner (1); the Reed Skirmisher is left out
    events = cast(state, "swamp_fever", "t2:1", face(TIDE, "ID"), face(TIDE, "ID"), face(FEN, "ID"), blank(FEN))
    assert state.unit("u2").where == "buried" and state.unit("u1").where == "dead"
    assert state.unit("u3").where == "t2" and "Swamp Fever kills" in texts(events)


def test_spell_mirage():
    armies = {(0, "t2"): [FORGE], (1, "t2"): [FEN, TIDE], (1, "t1"): [REED]}
    state = casting({"air": 5}, armies, "firewalkers")
    assert spells.targets(state, 0, SPELLS["mirage"]) == ["t1", "t2"]  # where an opponent has units
    cast(state, "mirage", "t2", face(TIDE, "save 1"), blank(FEN))
    assert state.unit("u1").where == "reserve" and state.unit("u2").where == "t2" and state.unit("u0").where == "t2"


def test_spell_scent_of_fear():
    armies = {(0, "t2"): [FORGE], (1, "t2"): [ANVIL, FEN, TIDE]}
    state = casting({"earth": 5}, armies, "goblins")
    events = cast(state, "scent_of_fear", "t2")  # 3 health: the Anvil Guard alone
    assert [u.where for u in state.units] == ["t2", "reserve", "t2", "t2"] and "Scent of Fear" in texts(events)


def test_spell_exhume():
    armies = {(0, "t2"): [FORGE], (0, "dead"): [ANVIL, CINDER], (1, "dead"): [TIDE, LEVIATHAN], (1, "t2"): [FEN]}
    state = casting({"death": 5}, armies, "undead")
    assert spells.targets(state, 0, SPELLS["exhume"]) == ["u3"]  # the Leviathan (health 4) is too large
    events = cast(state, "exhume", "u3", blank(TIDE))
    # the Tide Caller (health 2) is buried; of ours, what fits in 2: the Cinder Scout (the Anvil Guard is 3)
    assert state.unit("u3").where == "buried" and state.unit("u2").where == "t2" and state.unit("u1").where == "dead"
    assert "Exhume buries" in texts(events)
    kept = casting({"death": 5}, armies, "undead")
    cast(kept, "exhume", "u3", face(TIDE, "save 1"))
    assert kept.unit("u3").where == "dead" and kept.unit("u2").where == "dead"


def test_spell_firestorm():
    state = casting({"fire": 3}, species="scalders")
    events = cast(state, "firestorm", "t2", face(FORGE, "save 1"), blank(FEN), blank(TIDE))
    said = texts(events)  # the caster's own army is hit too
    assert "Firestorm: 2 damage against 1 save → 1 damage to <seat:0>" in said
    assert "Firestorm: 2 damage against 0 saves → 2 damage to <seat:1>" in said
    assert [(d.seat, d.amount) for d in state.damage] == [(1, 2)]  # seat 1 chooses its casualties


def test_spell_tidal_wave():
    state = casting({"water": 5}, species="scalders")
    forced = (face(FORGE, "ID"), face(FEN, "manoeuvre 2"), face(TIDE, "manoeuvre 1"))
    said = texts(cast(state, "tidal_wave", "t2", *forced))
    assert "2 saves and 2 manoeuvre → 2 damage to <seat:0>" in said  # an ID counts its health as both
    assert "0 saves and 3 manoeuvre → 4 damage to <seat:1>" in said
    assert state.terrain("t2").face == 3 and "Tidal Wave turns Swampland down to 3" in said
    held = casting({"water": 5}, species="scalders")
    said = texts(cast(held, "tidal_wave", "t2", face(FORGE, "save 1"), face(FEN, "manoeuvre 2"), face(TIDE, "ID")))
    assert "2 saves and 4 manoeuvre → 2 damage to <seat:1>" in said and held.terrain("t2").face == 4
    assert "Tidal Wave: Swampland stays at 4" in said


def test_spell_path():
    armies = {(0, "t2"): [FORGE], (0, "t0"): [CINDER], (1, "t2"): [FEN]}
    state = casting({"earth": 4}, armies)
    assert spells.targets(state, 0, SPELLS["path"]) == ["u1"]  # a unit away from the casting army
    events = cast(state, "path", "u1")
    assert state.unit("u1").where == "t2" and "Path:" in texts(events)
    reserves = casting({"earth": 4}, {**armies, (0, "reserve"): [ANVIL]}, marching="reserve")
    cast(reserves, "path", "u1")  # from the reserves: to your army with the most health elsewhere
    assert reserves.unit("u1").where == "t2"


def test_spell_rally():
    runner, warrior = "amazons/runner", "amazons/warrior"
    armies = {(0, "t2"): [runner], (0, "t0"): [warrior, runner, runner, runner, FORGE], (1, "t2"): [FEN]}
    state = casting({"ivory": 5}, armies, "amazons")
    assert spells.targets(state, 0, SPELLS["rally"]) == ["t0:0", "t2:0"]
    events = cast(state, "rally", "t2:0", element="ivory")
    assert [u.id for u in state.army(0, "t2")] == ["u0", "u1", "u2", "u3"]  # the three largest Amazons
    assert state.unit("u4").where == "t0" and state.unit("u5").where == "t0" and "Rally:" in texts(events)


def test_spell_resurrect_dead_pays_an_amazon_in_any_colour():
    armies = {(0, "t2"): ["amazons/runner"], (0, "dead"): ["amazons/warrior"], (1, "t2"): [FEN]}
    state = casting({"ivory": 6}, armies, "amazons")
    assert spells.elements_for(state, 0, SPELLS["resurrect_dead"], "u1") == [
        "air",
        "death",
        "earth",
        "fire",
        "ivory",
        "water",
    ]
    cast(state, "resurrect_dead", "u1", element="ivory")
    assert state.unit("u1").where == "t2"


# -- the casting rules


def test_cantrip_spells_are_the_published_ones():
    cantrips = {s.id for s in SPELLS.values() if s.cantrip}
    expected = {"hailstorm", "palsy", "ash_storm", "watery_double", "stoneskin", "restless_dead", "flashfire"}
    assert cantrips == expected | {"accelerated_growth"}


def test_cantrip_magic_pays_only_cantrip_spells():
    assert not feasible({}, {"air": 2}, cantrip={"air": 2})  # a spell that is no cantrip
    assert feasible({}, {}, cantrip={"air": 2}, cantrip_demand={"air": 2})
    assert feasible({"air": 4}, {"air": 4}, cantrip={"air": 2}, cantrip_demand={"air": 2})
    assert not feasible({"air": 3}, {"air": 4}, cantrip={"air": 2}, cantrip_demand={"air": 1})
    assert feasible({"air+water": 2}, {"water": 2}, cantrip={"air": 2}, cantrip_demand={"air": 2})
    assert not feasible({"air+water": 2}, {"water": 2}, cantrip={"water": 2}, cantrip_demand={"air": 2})


def test_colour_of_magic_paid_is_the_spells_element():
    state = casting({"earth+fire": 6})
    with pytest.raises(RuleError, match="Pay Dancing Lights in one of: fire"):
        act(state, 0, {"type": "cast", "spell": "dancing_lights", "target": "t2:1", "element": "earth"})


def test_species_spell_refused_to_other_species_magic():
    state = casting({"death": 3})  # the Emberwrights
    with pytest.raises(RuleError, match="Decay is a spell of the Goblins alone"):
        act(state, 0, {"type": "cast", "spell": "decay", "target": "t2:1"})
    goblins = casting({"death": 3}, species="goblins")
    goblins.racial = {"goblins": 2, "dragonkin": 1}  # one of the three results is a Dragonkin's
    with pytest.raises(RuleError, match="Goblins' own units rolled: 2 here"):
        act(goblins, 0, {"type": "cast", "spell": "decay", "target": "t2:1"})


def test_reserve_rule_only_reserve_spells_from_the_reserves():
    armies = {(0, "reserve"): [FORGE], (0, "t0"): [CINDER], (1, "t2"): [FEN]}
    state = casting({"death": 6}, armies, "undead", marching="reserve")
    with pytest.raises(RuleError, match="Evil Eye cannot be cast from the reserves"):
        act(state, 0, {"type": "cast", "spell": "evil_eye", "target": "t2:1"})
    offered = {(c.action["spell"], c.action["target"]) for c in dd.legal(state, 0) if c.action.get("spell")}
    assert ("restless_dead", "t0:0") in offered and ("restless_dead", "t2:1") not in offered  # your own armies
    assert all(SPELLS[spell].reserve for spell, _ in offered)


def test_info_shows_a_spells_cantrip_and_what_the_bot_simplifies():
    entries = {entry.name: entry for entry in lookups() if entry.kind == "spell"}
    assert "cantrip" in entries["Palsy"].facts and "cantrip" not in entries["Decay"].facts
    assert entries["Mirage"].text == f"{SPELLS['mirage'].text} In this bot: {SPELLS['mirage'].partial}"
    assert "Goblins only" in entries["Decay"].facts and entries["Path"].facts[2] == "target one of your units"
