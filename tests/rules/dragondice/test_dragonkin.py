"""Dragonkin as published: sixty one-element dice waiting in the summoning pool, automatic saves equal to their
health (none on the Belly), no magic or missile rolls, Summon Dragonkin (3, one health-worth of the colour paid to
the casting army), killed ones back to the pool; the pool's dice (a health per 3 points) are ours to pick."""

from collections import Counter

import pytest

from rules.base import ActionLog, RuleError, SeatInfo
from rules.dragondice.content import DRAGONKIN, DRAGONKIN_KIN, ELEMENTS, SPECIES, SPELLS, UNIT_DICE
from rules.dragondice.damage import kill
from rules.dragondice.dice import promote_health, roll_army
from rules.dragondice.dragonkin import default_pool, pool_health
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import BURIED, SUMMONING
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position, texts

ANVIL, FORGE = EMBER + "anvil_guard", EMBER + "forge_adept"
FEN, TIDE = MIST + "fen_runner", MIST + "tide_caller"
TROOP, SCOUT, HERO = "dragonkin/fire_dragontroop", "dragonkin/fire_dragonscout", "dragonkin/fire_dragonhero"
VICTOR, WATER_TROOP = "dragonkin/fire_dragonvictor", "dragonkin/water_dragontroop"
OLD_FIRE = "dragonkin/fire"  # our old house die, retired


def kin_dice() -> list[str]:
    return [uid for uid, d in UNIT_DICE.items() if d.species == DRAGONKIN and not d.retired]


def test_sixty_dragonkin_twelve_per_element_three_of_each_size() -> None:
    dice = kin_dice()
    assert len(dice) == 60
    for element in ELEMENTS:
        own = [UNIT_DICE[uid] for uid in dice if UNIT_DICE[uid].elements == (element,)]
        assert Counter(d.size for d in own) == {"small": 3, "medium": 3, "large": 3, "champion": 3}
        assert {d.health for d in own if d.size == "champion"} == {4}


def test_dragonkin_faces_match_source_b() -> None:
    """Written from B's Dragonkin set (Dragontroop, Dragonchamp, Dragonvictor; the same in every colour)."""
    for element in ELEMENTS:
        troop = [f.label() for f in UNIT_DICE[f"dragonkin/{element}_dragontroop"].faces]
        assert troop == ["ID", "Belly 1", "melee 1", "melee 1", "manoeuvre 1", "melee 1"]
        champ = [f.label() for f in UNIT_DICE[f"dragonkin/{element}_dragonchamp"].faces]
        assert champ == ["ID", "Belly 3", "manoeuvre 2", "melee 4", "Breath 3", "melee 3"]
        victor = [f.label() for f in UNIT_DICE[f"dragonkin/{element}_dragonvictor"].faces]
        assert victor == ["ID", "Belly 4", "Rend 4", "Breath 4", "Counter 4", "Dragonkin Logo 4"]
    assert UNIT_DICE[VICTOR].type == "heavy_melee" and UNIT_DICE["dragonkin/air_dragonfoal"].type == "cavalry"


def test_dragonkin_are_published_but_the_die_the_sources_disagree_on() -> None:
    assert DRAGONKIN_KIN.source == "published" and DRAGONKIN_KIN.checked_against == ("A", "B")
    house = {UNIT_DICE[uid].name.split()[-1] for uid in kin_dice() if UNIT_DICE[uid].source == "house"}
    assert house == {"Dragonchamp"} and UNIT_DICE["dragonkin/earth_dragonchamp"].note
    spell = SPELLS["summon_dragonkin"]
    assert (spell.source, spell.cost, spell.reserve, spell.target) == ("published", 3, False, "own_army")


def test_old_house_dragonkin_still_load_retired() -> None:
    for element in ELEMENTS:
        old = UNIT_DICE[f"dragonkin/{element}"]
        assert old.retired and old.source == "house" and old.health == 1
    assert all(not UNIT_DICE[uid].retired for uid in default_pool(60, ("fire", "water")))


def test_the_pool_holds_a_health_of_dragonkin_per_three_points_of_the_species_colours() -> None:
    for force, colours in ((24, ("fire", "earth")), (36, ("water",)), (15, ("ivory",))):
        pool = default_pool(force, colours)
        assert sum(UNIT_DICE[uid].health for uid in pool) == pool_health(force) == force // 3
        wanted = set(colours) if colours != ("ivory",) else set(ELEMENTS)  # ivory: every element (ours)
        assert {UNIT_DICE[uid].elements[0] for uid in pool} <= wanted
        assert any(UNIT_DICE[uid].health == 1 for uid in pool)  # something Summon Dragonkin can bring


def test_setup_puts_the_pool_outside_the_force_and_an_ivory_species_does_not_crash() -> None:
    state = dd.new([SeatInfo("Amazons"), SeatInfo("Emberwrights")], {"force": 24}, Rng(1))
    assert SPECIES[state.species[0]].elements == ("ivory",)
    dd.act(state, 0, {"type": "begin"}, Rng(1))
    for seat in (0, 1):
        pool = state.army(seat, SUMMONING)
        assert sum(u.health for u in pool) == 8 and all(UNIT_DICE[u.kind].species == DRAGONKIN for u in pool)
        force = sum(u.health for u in state.units if u.owner == seat and u.where != SUMMONING)
        assert force == 24
    assert {UNIT_DICE[u.kind].elements[0] for u in state.army(1, SUMMONING)} == {"fire", "earth"}


def test_dragonkin_automatic_saves_count_in_a_save_roll_but_not_on_the_belly() -> None:
    state = position({(1, "t2"): [HERO, TROOP]})
    log = ActionLog()
    melee3, belly = face(HERO, "melee 3"), face(TROOP, "Belly 1")
    result = roll_army(state, Rng(0, forced=[melee3, belly]), 1, "t2", "save", log)
    assert result.total == 2  # the Dragonhero's 2, the Dragontroop's lost on its Belly
    assert "(+2 automatic saves)" in log.events[0].text
    dragon = roll_army(state, Rng(0, forced=[melee3, face(TROOP, "melee 1")]), 1, "t2", "dragon", log)
    assert (dragon.total, dragon.saves) == (4, 3)  # against a dragon: melee 3 + 1, automatic saves 2 + 1


def test_dragonkin_sit_out_magic_and_missile_rolls() -> None:
    state = position({(0, "t2"): [FORGE, TROOP]})
    for kind in ("magic", "missile"):
        result = roll_army(state, Rng(0, forced=[1]), 0, "t2", kind, ActionLog())
        assert list(result.faces) == ["u0"], kind  # one die rolled: the Forge Adept's


def test_summon_dragonkin_brings_one_small_die_of_the_colour_paid_to_the_casting_army() -> None:
    armies = {(0, "t2"): [FORGE], (0, "t0"): [ANVIL], (0, SUMMONING): [HERO, TROOP, WATER_TROOP], (1, "t2"): [FEN]}
    state = position(armies, faces=(3, 3, 4))
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"earth+fire": 3}, ["t2"]
    offered = [c.action for c in dd.legal(state, 0) if c.action.get("spell") == "summon_dragonkin"]
    assert offered == [{"type": "cast", "spell": "summon_dragonkin", "target": "t2:0", "element": "fire"}]
    with pytest.raises(RuleError, match="cannot target"):  # not another of your armies
        dd.act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t0:0", "element": "fire"}, Rng(0))
    act(state, 0, {"type": "cast", "spell": "summon_dragonkin", "target": "t2:0", "element": "fire"})
    events = act(state, 0, {"type": "pass"})
    assert [u.kind for u in state.army(0, "t2")] == [FORGE, TROOP]  # the Dragonhero (health 2) stays
    assert "Summon Dragonkin: Fire Dragontroop u3 joins" in texts(events)


def test_summon_dragonkin_is_not_cast_from_the_reserves() -> None:
    state = position({(0, "reserve"): [FORGE], (0, "t0"): [ANVIL], (0, SUMMONING): [TROOP], (1, "t1"): [FEN]})
    state.step, state.marching, state.pool, state.marched = "magic", "reserve", {"earth+fire": 3}, ["reserve"]
    assert not [c for c in dd.legal(state, 0) if c.action.get("spell") == "summon_dragonkin"]


def test_killed_dragonkin_returns_to_the_summoning_pool_not_the_dead_unit_area() -> None:
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [TROOP, TIDE]}, faces=(3, 3, 1))
    events = act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(ANVIL, "melee 3"),
        face(TROOP, "Belly 1"),
        blank(TIDE),
    )
    assert state.unit("u1").where == SUMMONING and state.unit("u2").where == "dead"  # 3 damage kills both
    assert "Fire Dragontroop u1 returns to <seat:1>'s summoning pool." in texts(events)
    assert state.deaths == 1  # only the Tide Caller is "most recently killed"


def test_dragonkin_killed_and_buried_by_one_effect_are_buried() -> None:
    state = position({(1, "t2"): [TROOP, TIDE]})
    kill(state, [state.unit("u0")], Rng(0), ActionLog(), bury=True, why="Dragon Fire")
    assert state.unit("u0").where == BURIED and state.deaths == 0


def test_dragonkin_left_alone_in_an_army_go_back_to_the_pool() -> None:
    state = position({(1, "t2"): [TIDE, TROOP, HERO]})
    log = ActionLog()
    kill(state, [state.unit("u0")], Rng(0), log)
    assert [state.unit(uid).where for uid in ("u0", "u1", "u2")] == ["dead", SUMMONING, SUMMONING]
    assert "Only Dragonkin are left" in log.events[-1].text


def test_a_dragonkin_is_promoted_from_the_summoning_pool() -> None:
    state = position({(0, "t2"): [FORGE, TROOP], (0, SUMMONING): [HERO]})
    note = promote_health(state, 0, "t2", 1, "Treasure")
    assert state.unit("u2").where == "t2" and state.unit("u1").where == SUMMONING, note


def test_an_old_game_s_house_dragonkin_still_rolls() -> None:
    state = position({(1, "t2"): [OLD_FIRE]})
    result = roll_army(state, Rng(0, forced=[face(OLD_FIRE, "save 1")]), 1, "t2", "save", ActionLog())
    assert result.total == 2  # its save face and its automatic save
