"""Every species ability the engine applies, tested from its definition (content/abilities.json); the ones it
cannot apply yet say so in `partial`, shown in /info."""

from __future__ import annotations

import pytest

from rules.base import ActionLog, RuleError
from rules.dragondice import species_phase
from rules.dragondice.abilities import dead_limit
from rules.dragondice.combat import Counter, attack, counter_target, queue_melee
from rules.dragondice.content import ABILITIES, SPECIES, TERRAINS, UNIT_DICE, Face, UnitDie
from rules.dragondice.damage import kill
from rules.dragondice.decisions import choose
from rules.dragondice.dice import roll_army
from rules.dragondice.model import BURIED, DEAD, RESERVE, Decision, Effect, State, Terrain, Unit
from rules.dragondice.turn import begin_turn
from rules.rng import Rng

ID, SAVE, MANOEUVRE, MELEE, MISSILE, MAGIC = 1, 2, 3, 4, 5, 6
PLAIN = (Face("id"), Face("save", 2), Face("manoeuvre", 2), Face("melee", 2), Face("missile", 2), Face("magic", 2))


def die(monkeypatch: pytest.MonkeyPatch, species: str) -> str:
    kind = f"{species}/test_die"
    elements = SPECIES[species].elements
    monkeypatch.setitem(UNIT_DICE, kind, UnitDie(kind, "Tester", species, "medium", 2, elements, PLAIN))
    return kind


def at(terrain: str, kind: str) -> State:
    """One unit of seat 0 at a terrain of the given type (face 3), seat 1 elsewhere."""
    state = State(players=2, species=["test", "test"])
    state.phase = "play"
    state.terrains = [Terrain("t0", terrain, 3, 0), Terrain("t1", "highland", 3, 1)]
    state.units = [Unit("u0", 0, kind, "t0"), Unit("u1", 1, kind, "t1")]
    return state


def roll(state: State, kind: str, face: int, vs: str = "", counter: bool = False) -> int:
    return roll_army(state, Rng(0, forced=[face]), 0, "t0", kind, ActionLog(), vs=vs, counter=counter).total


def test_every_applied_ability_has_a_test_here():
    with open(__file__, encoding="utf-8") as source:
        text = source.read()
    applied = [a.id for a in ABILITIES.values() if a.effects]
    assert [a for a in applied if f"def test_{a}_" not in text] == []
    assert all(a.partial for a in ABILITIES.values() if not a.effects)


def test_coastal_dodge_coral_elves_count_manoeuvre_as_saves_at_water(monkeypatch):
    kind = die(monkeypatch, "coral_elves")
    assert roll(at("coastland", kind), "save", MANOEUVRE) == 2  # coastland: air and water
    assert roll(at("highland", kind), "save", MANOEUVRE) == 0


def test_mountain_mastery_dwarves_count_melee_as_manoeuvre_at_earth(monkeypatch):
    kind = die(monkeypatch, "dwarves")
    assert roll(at("highland", kind), "manoeuvre", MELEE) == 2
    assert roll(at("coastland", kind), "manoeuvre", MELEE) == 0


def test_dwarven_might_dwarves_count_saves_as_melee_in_a_counter_attack_at_fire(monkeypatch):
    kind = die(monkeypatch, "dwarves")
    assert roll(at("highland", kind), "melee", SAVE, counter=True) == 2
    assert roll(at("highland", kind), "melee", SAVE) == 0  # not in the attacker's own melee
    assert roll(at("coastland", kind), "melee", SAVE, counter=True) == 0


def test_swamp_mastery_goblins_count_melee_as_manoeuvre_at_earth(monkeypatch):
    kind = die(monkeypatch, "goblins")
    assert roll(at("swampland", kind), "manoeuvre", MELEE) == 2
    assert roll(at("feyland", kind), "manoeuvre", MELEE) == 0


def test_volcanic_adaptation_lava_elves_count_manoeuvre_as_saves_at_fire(monkeypatch):
    kind = die(monkeypatch, "lava_elves")
    assert roll(at("wasteland", kind), "save", MANOEUVRE) == 2
    assert roll(at("coastland", kind), "save", MANOEUVRE) == 0


def test_flaming_shields_firewalkers_count_saves_as_melee_at_fire_but_not_in_a_counter_attack(monkeypatch):
    kind = die(monkeypatch, "firewalkers")
    assert roll(at("highland", kind), "melee", SAVE) == 2
    assert roll(at("coastland", kind), "melee", SAVE) == 0
    assert roll(at("highland", kind), "melee", SAVE, counter=True) == 0  # never when counter-attacking


def test_stampede_feral_count_manoeuvre_as_melee_in_a_counter_attack_at_air_and_earth(monkeypatch):
    kind = die(monkeypatch, "feral")
    assert roll(at("flatland", kind), "melee", MANOEUVRE, counter=True) == 2  # flatland: air and earth
    assert roll(at("highland", kind), "melee", MANOEUVRE, counter=True) == 0  # earth without air


def test_born_of_the_swamp_swamp_stalkers_count_manoeuvre_as_saves_at_water(monkeypatch):
    kind = die(monkeypatch, "swamp_stalkers")
    assert roll(at("swampland", kind), "save", MANOEUVRE) == 2
    assert roll(at("highland", kind), "save", MANOEUVRE) == 0


def test_intangibility_scalders_count_manoeuvre_as_saves_against_missiles_at_water(monkeypatch):
    kind = die(monkeypatch, "scalders")
    assert roll(at("feyland", kind), "save", MANOEUVRE, vs="missile") == 2
    assert roll(at("feyland", kind), "save", MANOEUVRE, vs="melee") == 0


def test_terrain_harmony_amazons_magic_takes_the_terrains_colours(monkeypatch):
    kind = die(monkeypatch, "amazons")
    result = roll_army(at("highland", kind), Rng(0, forced=[MAGIC]), 0, "t0", "magic", ActionLog())
    assert result.magic == {"earth+fire": 2}


# The abilities below act outside a single army's count: at an attack, a death, or the species abilities phase.


def meet(monkeypatch: pytest.MonkeyPatch, terrain: str, species: str, foe: str = "amazons") -> State:
    """Seat 0's unit of `species` (health 2) and seat 1's of `foe` at the same terrain t0."""
    state = at(terrain, die(monkeypatch, species))
    state.units[1].kind, state.units[1].where = die(monkeypatch, foe), "t0"
    return state


def dead(state: State, seat: int, kind: str, where: str = DEAD) -> Unit:
    unit = Unit(f"u{len(state.units)}", seat, kind, where)
    state.units.append(unit)
    return unit


def sized(species: str, health: int) -> str:
    """A published die of the species with that health."""
    return next(d.id for d in UNIT_DICE.values() if d.species == species and d.health == health)


def said(log: ActionLog) -> str:
    return " ".join(event.text for event in log.events)


def test_bone_magic_undead_add_one_magic_a_unit_up_to_their_dead(monkeypatch):
    state = at("highland", die(monkeypatch, "undead"))
    state.units.append(Unit("u2", 0, state.units[0].kind, "t0"))
    magic = lambda faces: roll_army(state, Rng(0, forced=faces), 0, "t0", "magic", ActionLog()).magic  # noqa: E731
    assert magic([MAGIC, MAGIC]) == {"death": 4}  # no Undead dead: nothing added
    dead(state, 0, "undead/skeleton")
    assert magic([MAGIC, MAGIC]) == {"death": 5}  # one dead: one unit adds one
    dead(state, 0, "undead/zombie")
    assert magic([MAGIC, MAGIC]) == {"death": 6}
    assert magic([MAGIC, ID]) == {"death": 5}  # an ID face is no "magic result other than an ID"


def test_bone_magic_limit_is_four_dead_per_24_points_of_force(monkeypatch):
    state = at("highland", die(monkeypatch, "undead"))
    for _ in range(6):
        dead(state, 0, "undead/skeleton")
    state.force = 24
    assert dead_limit(state, 0, "undead", 4) == 4
    state.force = 36  # 25-48 points: twice the limit, but only six are dead
    assert dead_limit(state, 0, "undead", 4) == 6


def test_scorching_touch_scalders_saves_burn_a_melee_attacker_at_fire(monkeypatch):
    state = meet(monkeypatch, "highland", "scalders")
    attack(state, Rng(0, forced=[MELEE, SAVE]), ActionLog(), "melee", 1, "t0", 0, "t0")
    assert [(d.seat, d.amount, d.reason) for d in state.damage] == [(1, 2, "Struck back")]
    state = meet(monkeypatch, "coastland", "scalders")  # no fire: no burn
    attack(state, Rng(0, forced=[MELEE, SAVE]), ActionLog(), "melee", 1, "t0", 0, "t0")
    assert state.damage == []


def test_scorching_touch_only_spells_saves_reduce_it_and_never_against_a_counter_attack(monkeypatch):
    state = meet(monkeypatch, "highland", "scalders")
    state.effects.append(Effect("stoneskin", 1, "t0:1"))  # a spell's save on the attacking army
    attack(state, Rng(0, forced=[MELEE, SAVE]), ActionLog(), "melee", 1, "t0", 0, "t0")
    assert [(d.seat, d.amount) for d in state.damage] == [(1, 1)]
    state = meet(monkeypatch, "highland", "scalders")
    attack(state, Rng(0, forced=[MELEE, SAVE]), ActionLog(), "melee", 1, "t0", 0, "t0", counter=True)
    assert state.damage == []
    state = meet(monkeypatch, "highland", "scalders")  # missile attacks are not burned
    attack(state, Rng(0, forced=[MISSILE, SAVE]), ActionLog(), "missile", 1, "t0", 0, "t0")
    assert state.damage == []


def test_cursed_bullets_lava_elves_missiles_only_spells_saves_reduce_one_per_dead(monkeypatch):
    def damage(state: State, where: str = "t0") -> int:
        attack(state, Rng(0, forced=[MISSILE, SAVE]), ActionLog(), "missile", 0, "t0", 1, where)
        return sum(d.amount for d in state.damage)

    state = meet(monkeypatch, "highland", "lava_elves")
    assert damage(state) == 0  # 2 missile against 2 saves, no Lava Elf dead
    state = meet(monkeypatch, "highland", "lava_elves")
    dead(state, 0, "lava_elves/scout")
    assert damage(state) == 1  # one result the rolled saves cannot stop
    state = meet(monkeypatch, "highland", "lava_elves")
    dead(state, 0, "lava_elves/scout"), dead(state, 0, "lava_elves/adept")
    assert damage(state) == 2
    state = meet(monkeypatch, "highland", "lava_elves")
    dead(state, 0, "lava_elves/scout"), dead(state, 0, "lava_elves/adept")
    state.effects.append(Effect("stoneskin", 1, "t0:1"))  # a spell's save stops one of them
    assert damage(state) == 1


def test_cursed_bullets_only_against_an_army_at_the_same_terrain(monkeypatch):
    state = meet(monkeypatch, "highland", "lava_elves")
    state.units[1].where = "t1"
    dead(state, 0, "lava_elves/scout")
    attack(state, Rng(0, forced=[MISSILE, SAVE]), ActionLog(), "missile", 0, "t0", 1, "t1")
    assert state.damage == []


def test_replanting_treefolk_killed_at_water_roll_and_an_id_sends_them_to_the_reserves(monkeypatch):
    state = at("swampland", die(monkeypatch, "treefolk"))
    kill(state, [state.units[0]], Rng(0, forced=[ID]), ActionLog())
    assert state.units[0].where == RESERVE
    state = at("swampland", die(monkeypatch, "treefolk"))
    kill(state, [state.units[0]], Rng(0, forced=[MELEE]), ActionLog())
    assert state.units[0].where == DEAD


def test_replanting_not_away_from_water_nor_when_killed_and_buried_at_once(monkeypatch):
    state = at("highland", die(monkeypatch, "treefolk"))
    rng = Rng(0, forced=[ID])
    kill(state, [state.units[0]], rng, ActionLog())
    assert state.units[0].where == DEAD and rng._forced == [ID]  # no roll
    state = at("swampland", die(monkeypatch, "treefolk"))
    kill(state, [state.units[0]], rng, ActionLog(), bury=True)
    assert state.units[0].where == BURIED and rng._forced == [ID]


def test_stepped_damage_a_killed_undead_swaps_with_the_largest_smaller_dead_undead(monkeypatch):
    state = at("highland", "undead/lich")  # health 3
    small, middle = dead(state, 0, "undead/skeleton"), dead(state, 0, "undead/ghast")
    log = ActionLog()
    kill(state, [state.units[0]], Rng(0), log)
    assert (state.units[0].where, middle.where, small.where) == (DEAD, "t0", DEAD)
    assert "Stepped Damage" in said(log)
    kill(state, [middle], Rng(0), ActionLog())  # health 2: the skeleton takes its place
    assert (middle.where, small.where) == (DEAD, "t0")
    kill(state, [small], Rng(0), ActionLog())  # nothing smaller is dead: it dies
    assert small.where == DEAD


def test_stepped_damage_exchanges_happen_at_once_and_not_for_other_species(monkeypatch):
    state = at("highland", "undead/lich")
    second = dead(state, 0, "undead/ghast", "t0")
    small = dead(state, 0, "undead/skeleton")
    kill(state, [second, state.units[0]], Rng(0), ActionLog())  # the ghast may not stand in for the lich
    assert (second.where, small.where, state.units[0].where) == (DEAD, "t0", DEAD)
    state = at("highland", sized("amazons", 3))
    dead(state, 0, sized("amazons", 1))
    kill(state, [state.units[0]], Rng(0), ActionLog())
    assert state.units[0].where == DEAD and state.units[-1].where == DEAD


def test_feralization_each_feral_army_at_earth_or_air_recruits_or_promotes(monkeypatch):
    state = at("flatland", "feral/hare_runner")  # health 1, at air and earth
    small = dead(state, 0, "feral/lynx_folk")
    species_phase.run(state, Rng(0), ActionLog(), 0)
    assert small.where == "t0"  # a small Feral recruited
    big = dead(state, 0, "feral/fox_folk")  # health 2; no small Feral left dead: a promotion
    species_phase.run(state, Rng(0), ActionLog(), 0)
    assert big.where == "t0" and DEAD in (state.units[0].where, small.where)
    state = at("feyland", "feral/hare_runner")  # water and fire: nothing
    small = dead(state, 0, "feral/lynx_folk")
    species_phase.run(state, Rng(0), ActionLog(), 0)
    assert small.where == DEAD


def test_winters_fortitude_a_frostwing_at_air_brings_the_largest_buried_one_to_the_dead(monkeypatch):
    state = at("coastland", "frostwings/advocate")
    small, large = dead(state, 0, "frostwings/attacker", BURIED), dead(state, 0, "frostwings/magus", BURIED)
    species_phase.run(state, Rng(0), ActionLog(), 0)
    assert (large.where, small.where) == (DEAD, BURIED)
    state = at("highland", "frostwings/advocate")  # no air
    buried = dead(state, 0, "frostwings/attacker", BURIED)
    species_phase.run(state, Rng(0), ActionLog(), 0)
    assert buried.where == BURIED


def test_mutate_opposing_reserves_roll_and_the_dead_feed_a_swamp_stalker_army(monkeypatch):
    state = at("highland", "swamp_stalkers/raider")  # health 2
    target = dead(state, 1, die(monkeypatch, "amazons"), RESERVE)  # health 2, the largest in the reserves
    other = dead(state, 1, sized("goblins", 1), RESERVE)
    fed = dead(state, 0, "swamp_stalkers/bog_runner")  # health 1: the limit is one target, and a recruit
    log = ActionLog()
    species_phase.run(state, Rng(0, forced=[MELEE]), log, 0)  # no save: it dies
    assert (target.where, other.where) == (DEAD, RESERVE)
    assert fed.where == "t0"  # 2 health killed: the small Swamp Stalker recruited, then a promotion if one fits
    assert "Mutate" in said(log)


def test_mutate_a_save_keeps_the_unit_and_nothing_happens_without_dead_swamp_stalkers(monkeypatch):
    state = at("highland", "swamp_stalkers/raider")
    target = dead(state, 1, die(monkeypatch, "amazons"), RESERVE)
    species_phase.run(state, Rng(0, forced=[MELEE]), ActionLog(), 0)  # no Swamp Stalker dead: no target
    assert target.where == RESERVE
    dead(state, 0, "swamp_stalkers/bog_runner")
    species_phase.run(state, Rng(0, forced=[SAVE]), ActionLog(), 0)
    assert target.where == RESERVE


def test_the_species_abilities_phase_comes_after_the_dragons_for_the_species_that_have_it(monkeypatch):
    state = at("flatland", "feral/hare_runner")
    state.units[1].kind = sized("amazons", 1)
    begin_turn(state, 0, Rng(0), ActionLog())
    assert [t.kind for t in state.tasks][-1:] == ["species"]
    state.tasks = []
    begin_turn(state, 1, Rng(0), ActionLog())  # the Amazons have no ability of that phase
    assert state.tasks == []


def test_foul_stench_after_its_saves_the_army_a_goblin_army_attacks_loses_units_from_its_counter(monkeypatch):
    state = meet(monkeypatch, "highland", "goblins")
    small = dead(state, 1, sized("amazons", 1), "t0")  # the defender's smallest: the one kept out
    dead(state, 0, sized("goblins", 1))  # one Goblin dead: one unit kept out
    rolled = attack(state, Rng(0, forced=[MELEE, SAVE, SAVE]), ActionLog(), "melee", 0, "t0", 1, "t0")
    assert rolled.stench == [small.id]
    state.damage.clear()
    queue_melee(state, 0, "t0", 1, held=rolled.stench)
    assert counter_target(state.tasks[0].target) == Counter(0, (small.id,))
    state.decision = Decision("counter_attack", 1, "t0", state.tasks[0].target)
    log = ActionLog()
    choose(state, 1, "counterattack", {"strike": "yes"}, Rng(0, forced=[MELEE, SAVE]), log)
    line = next(e.text for e in log.events if "counter-attack melee roll" in e.text)
    assert "u1" in line and small.id not in line  # the held unit does not roll


def test_foul_stench_needs_dead_goblins_and_never_in_a_counter_attack(monkeypatch):
    state = meet(monkeypatch, "highland", "goblins")
    rolled = attack(state, Rng(0, forced=[MELEE, SAVE]), ActionLog(), "melee", 0, "t0", 1, "t0")
    assert rolled.stench == []  # no Goblin dead
    dead(state, 0, sized("goblins", 1))
    state.damage.clear()
    rolled = attack(state, Rng(0, forced=[MELEE, SAVE]), ActionLog(), "melee", 0, "t0", 1, "t0", counter=True)
    assert rolled.stench == []


def test_magic_negation_frostwings_at_the_terrain_take_magic_off_an_opponents_magic_action(monkeypatch):
    from rules.dragondice.actions import _magic

    state = meet(monkeypatch, "coastland", "amazons", foe="frostwings")  # seat 0 casts where seat 1's Frostwing is
    state.step = "march"
    log = ActionLog()
    _magic(state, 0, {"army": "t0"}, Rng(0, forced=[MAGIC, MAGIC]), log)
    assert state.pool == {"air+water": 2}  # no Frostwing dead: no negation roll
    dead(state, 1, sized("frostwings", 1))
    state.step, state.marched = "march", []
    _magic(state, 0, {"army": "t0"}, Rng(0, forced=[MAGIC, MAGIC]), log)
    assert state.pool == {"air+water": 1}  # rolled 2 magic, at most one per dead Frostwing
    assert "Magic Negation" in said(log)


def test_rapid_growth_treefolk_that_counted_nothing_in_a_counter_manoeuvre_at_earth_roll_again(monkeypatch):
    kind = die(monkeypatch, "treefolk")
    state = at("highland", kind)  # earth
    again = roll_army(state, Rng(0, forced=[MELEE, MANOEUVRE]), 0, "t0", "manoeuvre", ActionLog(), counter=True)
    assert again.total == 2 and len(again.faces["u0"]) == 2
    plain = roll_army(state, Rng(0, forced=[MELEE, MANOEUVRE]), 0, "t0", "manoeuvre", ActionLog())
    assert plain.total == 0  # the marching army's own manoeuvre: no reroll
    state = at("coastland", kind)  # no earth
    assert (
        roll_army(state, Rng(0, forced=[MELEE, MANOEUVRE]), 0, "t0", "manoeuvre", ActionLog(), counter=True).total == 0
    )


def test_defensive_volley_coral_elves_at_air_may_answer_a_missile_attack_with_missiles(monkeypatch):
    from rules.dragondice.actions import _attack

    state = meet(monkeypatch, "coastland", "amazons", foe="coral_elves")  # seat 1's Coral Elf at air
    other = dead(state, 1, sized("amazons", 1), "t0")  # not a Coral Elf: it does not volley
    state.terrains[0].face = TERRAINS["coastland"].bands.index("missile") + 1
    state.step = "march"
    _attack(state, 0, {"type": "missile", "army": "t0", "target": "t0:1"}, Rng(0, forced=[ID, SAVE, SAVE]), ActionLog())
    task = state.tasks[0]
    assert (task.kind, task.seat) == ("counter_attack", 1)
    answer = counter_target(task.target)
    assert (answer.kind, answer.where, answer.held) == ("missile", "t0", (other.id,))
    state.damage.clear()
    state.decision = Decision("counter_attack", 1, "t0", task.target)
    log = ActionLog()
    choose(state, 1, "counterattack", {"strike": "yes"}, Rng(0, forced=[MISSILE, MELEE]), log)
    line = next(e.text for e in log.events if "counter-attack missile roll" in e.text)
    assert "u1" in line and other.id not in line
    assert [(d.seat, d.amount) for d in state.damage] == [(0, 2)]


def test_defensive_volley_not_away_from_air(monkeypatch):
    from rules.dragondice.actions import _attack

    state = meet(monkeypatch, "highland", "amazons", foe="coral_elves")
    state.terrains[0].face = TERRAINS["highland"].bands.index("missile") + 1
    state.step = "march"
    _attack(state, 0, {"type": "missile", "army": "t0", "target": "t0:1"}, Rng(0, forced=[ID, SAVE]), ActionLog())
    assert [t.kind for t in state.tasks] == ["end_action"]


def flyers(monkeypatch: pytest.MonkeyPatch) -> State:
    """Seat 0's Firewalkers at Coastland (t0) and Wasteland (t2), both with air, and an Amazon at t0; seat 1 at t1."""
    state = at("coastland", die(monkeypatch, "firewalkers"))
    state.terrains.append(Terrain("t2", "wasteland", 3, None))
    dead(state, 0, state.units[0].kind, "t2")
    dead(state, 0, sized("amazons", 1), "t0")
    state.step = "retreat"
    return state


def test_air_flight_firewalkers_fly_between_terrains_with_air_where_they_stand(monkeypatch):
    from rules.dragondice.actions import _retreat
    from rules.dragondice.choices import play_choices

    state = flyers(monkeypatch)
    offered = [c.action for c in play_choices(state, 0) if c.action.get("terrain")]
    assert {"type": "retreat", "units": "u0", "terrain": "t2"} in offered
    assert all(a["units"] in ("u0", "u2") for a in offered)  # the Amazon does not fly
    _retreat(state, 0, {"type": "retreat", "units": "u0", "terrain": "Wasteland"}, Rng(0), ActionLog())
    assert state.units[0].where == "t2"
    with pytest.raises(RuleError, match="once a turn"):  # no flying back and forth
        _retreat(state, 0, {"type": "retreat", "units": "u0", "terrain": "t0"}, Rng(0), ActionLog())
    assert not [c for c in play_choices(state, 0) if c.action.get("units") == "u0" and c.action.get("terrain")]


def test_air_flight_refuses_a_unit_without_it_or_a_terrain_without_air_or_firewalkers(monkeypatch):
    from rules.dragondice.actions import _retreat

    state = flyers(monkeypatch)
    with pytest.raises(RuleError, match="cannot fly"):  # an Amazon
        _retreat(state, 0, {"type": "retreat", "units": "u3", "terrain": "t2"}, Rng(0), ActionLog())
    with pytest.raises(RuleError, match="cannot fly"):  # no Firewalker of theirs at Highland
        _retreat(state, 0, {"type": "retreat", "units": "u0", "terrain": "t1"}, Rng(0), ActionLog())
    state.terrains[0].kind = "highland"  # the Firewalker at t0 now stands where there is no air
    with pytest.raises(RuleError, match="cannot fly"):
        _retreat(state, 0, {"type": "retreat", "units": "u0", "terrain": "t2"}, Rng(0), ActionLog())
    assert state.units[0].where == "t0"


def test_air_flight_refusals_say_why_and_change_nothing_and_the_reserves_are_a_plain_retreat(monkeypatch):
    from rules import serial
    from rules.dragondice.actions import _retreat

    state = flyers(monkeypatch)
    state.step = "reinforce"  # a refused flight must not end the reinforce step either
    before = serial.dumps(state)
    with pytest.raises(RuleError, match=r"cannot fly: only units with Air Flight \(the Fire Walkers\)"):
        _retreat(state, 0, {"type": "retreat", "units": "u3", "terrain": "t2"}, Rng(0), ActionLog())
    with pytest.raises(RuleError, match=r"it may fly to: Wasteland \(t2\)"):
        _retreat(state, 0, {"type": "retreat", "units": "u0", "terrain": "t1"}, Rng(0), ActionLog())
    assert serial.dumps(state) == before
    _retreat(state, 0, {"type": "retreat", "units": "u3", "terrain": "reserves"}, Rng(0), ActionLog())
    assert state.units[3].where == RESERVE and state.flown == [] and state.step == "retreat"
