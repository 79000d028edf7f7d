"""The Dragonewts' seed rules: named units of a city, city-to-city movement and blocking, sitting on a city among
enemies, fighting over a city only by choice, retreating onto it, recovery, population, stacking, the Dragonkill."""

from __future__ import annotations

import pytest

from rules import serial
from rules.base import ActionLog, RuleError
from rules.genertela import dragonewts, dragonkill, flow, reinforce
from rules.genertela import engine as genertela_rules
from rules.genertela.board import BOARD, NATIONS, ORDER, controller, on_city, units_of
from rules.genertela.combat import next_battle_zone, retreat_options
from rules.genertela.economy import population_excess, population_limit
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.movement import destinations, move_limit, overstacked
from rules.genertela.state import Battle, State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z

INHUMAN_KING = ("Inhuman King", ["hero"])


def act(state: State, rng: Rng | None = None, /, **action: object) -> list:
    return genertela.act(state, 0, dict(action), rng or Rng(0))


def king(state: State, zone: str = "Dragon's Eye") -> None:
    unit = hero(state, "dragonewts", zone, *INHUMAN_KING, recovery="**")
    unit.unit_id = dragonewts.INHUMAN_KING


def test_named_dragonewts_carry_the_name_of_their_city() -> None:
    names = dragonewts.city_names()
    assert {zid for zid, zone in BOARD.zones.items() if zone.dragonewt_city} == set(names)
    assert len(set(names.values())) == len(names)  # one name per city
    state = genertela.new([genertela_rules.SeatInfo()], {"last_turn": 1}, Rng(0))
    named = [u for u in units_of(state, "dragonewts") if u.kind == "named_dragonewt"]
    assert len(named) == 16 and all(u.name == dragonewts.label(u.home) for u in named)


def test_named_dragonewts_of_the_setup_sit_on_the_other_cities_only_not_controlling() -> None:
    state = genertela.new([genertela_rules.SeatInfo()], {"last_turn": 1}, Rng(0))
    grazelands = units_of(state, "dragonewts", z("Grazelands"))  # the Heortlings hold it
    assert grazelands and all(on_city(state, u) for u in grazelands)
    assert controller(state, z("Grazelands")) == "heortlings"
    assert not any(u.sitting for u in units_of(state, "dragonewts", z("Dragon's Eye")))


def test_named_dragonewts_move_from_city_to_city_through_enemy_and_empty_zones() -> None:
    state = blank(nation="dragonewts")
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")
    put(state, "dragonewts", "Dragon's Eye", 1)  # a built unit: no city-to-city movement
    put(state, "uz", "Storn", 2)
    assert z("Storn") in destinations(state, "dragonewts", z("Dragon's Eye"))
    assert move_limit(state, "dragonewts", z("Dragon's Eye"), z("Storn")) == 2  # the named ones only
    act(state, type="move", **{"from": z("Dragon's Eye"), "to": z("Storn"), "count": 2})
    moved = units_of(state, "dragonewts", z("Storn"))
    assert len(moved) == 2 and all(on_city(state, u) for u in moved)  # they reoccupy the city, no battle
    assert controller(state, z("Storn")) == "uz"
    flow.end_move(state, ActionLog(), Rng(0))
    assert len(units_of(state, "uz", z("Storn"))) == 2 and state.phase != "battle"  # no battle there


def surrounded_storn() -> State:
    """Named Dragonewts in Dragon's Eye; every way into Storn a Dragonewt may walk is held by the Heortlings."""
    state = blank(nation="dragonewts")
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")
    put(state, "uz", "Storn", 1)
    for zone in ("Orenaria", "Fer", "Kitori", "Dagori Inkarth"):
        put(state, "heortlings", zone, 1)
    return state


def test_an_enemy_that_chooses_to_block_named_dragonewts_stops_them_where_the_block_took_place() -> None:
    state = surrounded_storn()
    assert z("Storn") in destinations(state, "dragonewts", z("Dragon's Eye"))
    act(state, type="move", **{"from": z("Dragon's Eye"), "to": z("Storn"), "count": 2})
    stopped = units_of(state, "dragonewts", z("Fer"))  # the path crossing the fewest blockers, first in map order
    assert len(stopped) == 2 and all(on_city(state, u) for u in stopped)  # Fer has a city: they sit on it
    decision = state.decisions[0]
    assert (decision.nation, decision.options) == ("heortlings", ["block", "pass"])
    assert genertela.fallback(state, 0) == {"type": "choose", "option": "block"}  # blocking is the default
    act(state, type="choose", option="block")
    assert len(units_of(state, "dragonewts", z("Fer"))) == 2 and state.phase == "move" and not state.decisions


def test_an_enemy_asked_on_the_way_may_let_named_dragonewts_pass_on_to_their_city() -> None:
    state = surrounded_storn()
    act(state, type="move", **{"from": z("Dragon's Eye"), "to": z("Storn"), "count": 2})
    act(state, type="choose", option="pass")
    moved = units_of(state, "dragonewts", z("Storn"))
    assert len(moved) == 2 and all(on_city(state, u) for u in moved) and not state.decisions


def test_an_enemy_may_choose_to_let_named_dragonewts_pass() -> None:
    state = blank(nation="heortlings", phase="move")
    for zone in ("Orenaria", "Fer", "Kitori", "Dagori Inkarth"):
        put(state, "heortlings", zone, 1)
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")  # the choice is offered only then
    act(state, type="letpass")  # a standing answer: nobody is asked
    state.order_index = ORDER.index("dragonewts")
    act(state, type="move", **{"from": z("Dragon's Eye"), "to": z("Storn"), "count": 2})
    assert len(units_of(state, "dragonewts", z("Storn"))) == 2 and not state.decisions


def test_dragonewts_on_a_city_in_an_enemy_zone_do_not_attack_unless_they_choose_to() -> None:
    state = blank(nation="dragonewts", phase="move")
    put(state, "heortlings", "Grazelands", 2)
    put(state, "dragonewts", "Grazelands", 2, kind="named_dragonewt", sitting=True)
    assert next_battle_zone(state) is None
    assert {"type": "attack", "zone": z("Grazelands")} in [c.action for c in genertela.legal(state, 0)]
    act(state, type="attack", zone=z("Grazelands"))
    assert next_battle_zone(state) == (z("Grazelands"), "heortlings")


def test_dragonewts_attacking_from_a_city_leave_one_named_unit_out_of_the_combat() -> None:
    state = blank(nation="dragonewts", phase="move")
    put(state, "heortlings", "Grazelands", 2)
    keeper, sally = put(state, "dragonewts", "Grazelands", 2, kind="named_dragonewt", sitting=True)
    act(state, type="attack", zone=z("Grazelands"))
    act(state, Rng(0, [1, 10, 1]), type="end")  # the one attacker misses; a Heortling hits
    assert keeper in state.units and sally not in state.units


def test_armies_can_choose_not_to_attack_dragonewts_on_a_city_in_a_zone_they_do_not_control() -> None:
    state = blank(nation="heortlings", phase="move")
    put(state, "heortlings", "Beast Valley", 2)
    put(state, "dragonewts", "Beast Valley", 2, kind="named_dragonewt", sitting=True)
    assert next_battle_zone(state) is None
    act(state, type="attack", zone=z("Beast Valley"))
    assert next_battle_zone(state) == (z("Beast Valley"), "dragonewts")
    act(state, Rng(0, [10, 10, 1, 1]), type="end")  # both sitters defend and fall
    assert not units_of(state, "dragonewts")


def test_dragonewts_holding_their_zone_alone_must_be_fought_by_an_army_entering_it() -> None:
    state = blank(nation="heortlings", phase="move")
    put(state, "dragonewts", "Fer", 2, kind="named_dragonewt")
    put(state, "heortlings", "Far Place", 3)
    act(state, type="move", **{"from": z("Far Place"), "to": z("Fer"), "count": 3})
    assert next_battle_zone(state) == (z("Fer"), "dragonewts")


def test_named_dragonewts_can_retreat_to_the_dragonewt_city_of_the_battle_zone() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Fer", 3)
    put(state, "dragonewts", "Fer", 1, kind="named_dragonewt", sitting=True)  # the city is occupied
    fighters = put(state, "dragonewts", "Fer", 2, kind="named_dragonewt")
    state.battle = Battle(z("Fer"), "heortlings", "dragonewts", step="retreat_defender")
    state.phase = "battle"
    assert z("Fer") in retreat_options(state, "dragonewts")
    act(state, type="retreat", zone=z("Fer"))
    assert all(u.sitting and on_city(state, u) for u in fighters)


def test_named_dragonewt_recovery_puts_them_back_in_their_city_after_combat() -> None:
    state = blank(nation="heortlings")
    king(state)
    put(state, "dragonewts", "Grazelands", 1, kind="named_dragonewt", sitting=True)
    fallen = put(state, "dragonewts", "Grazelands", 1, kind="named_dragonewt", name=dragonewts.label(z("Grazelands")))
    put(state, "heortlings", "Grazelands", 2)
    state.units.remove(fallen[0])
    state.fallen = fallen
    flow.finish_nation_turn(state, ActionLog(), Rng(0))
    assert fallen[0] in state.units and fallen[0].zone == z("Grazelands") and fallen[0].sitting


def test_no_dragonewts_are_recovered_if_the_inhuman_king_is_out_of_play() -> None:
    state = blank(nation="heortlings")
    put(state, "dragonewts", "Grazelands", 1, kind="named_dragonewt", sitting=True)
    lost = put(state, "dragonewts", "Grazelands", 1, kind="named_dragonewt", name=dragonewts.label(z("Grazelands")))
    state.units.remove(lost[0])
    reinforce.recover_dragonewts(state, lost, ActionLog())
    assert lost[0] not in state.units


def test_dragonewts_dont_recover_when_their_city_is_in_enemy_hands() -> None:
    state = blank(nation="heortlings")
    king(state)
    put(state, "heortlings", "Grazelands", 2)
    lost = put(state, "dragonewts", "Grazelands", 1, kind="named_dragonewt", name=dragonewts.label(z("Grazelands")))
    state.units.remove(lost[0])
    reinforce.recover_dragonewts(state, lost, ActionLog())
    assert lost[0] not in state.units


def test_dragonewt_units_without_a_city_name_dont_recover() -> None:
    state = blank()
    built = put(state, "dragonewts", "Dragon's Eye", 1)[0]
    named = put(state, "dragonewts", "Dragon's Eye", 1, kind="named_dragonewt", name="Dragon's Eye dragonewt")[0]
    assert not dragonewts.recovers(built) and dragonewts.recovers(named)


def test_a_named_dragonewt_killed_in_battle_is_recovered_at_the_end_of_the_turn() -> None:
    state = blank(nation="heortlings", phase="move")
    king(state)
    put(state, "dragonewts", "Fer", 1, kind="named_dragonewt", name=dragonewts.label(z("Fer")))
    put(state, "dragonewts", "Fer", 1, kind="named_dragonewt", sitting=True, name=dragonewts.label(z("Fer")))
    put(state, "heortlings", "Fer", 2)
    act(state, Rng(0, [10, 1, 1, 1, 1, 1]), type="end")
    assert len(units_of(state, "dragonewts", z("Fer"))) == 2  # the fallen one is back on the city


def test_dragonewts_get_2_population_for_each_dragonewt_city_they_hold_in_another_nations_zone() -> None:
    state = blank(nation="dragonewts")
    put(state, "dragonewts", "Dragon's Eye", 3, kind="named_dragonewt")
    before = population_limit(state, "dragonewts")
    put(state, "heortlings", "Grazelands", 1)
    put(state, "dragonewts", "Grazelands", 2, kind="named_dragonewt", sitting=True)
    assert population_limit(state, "dragonewts") == before + 2
    assert population_excess(state, "dragonewts") == []


def test_two_named_dragonewts_may_stack_in_a_dragonewt_city_in_an_enemy_zone() -> None:
    state = blank(nation="dragonewts")
    put(state, "heortlings", "Grazelands", 1)
    sitters = put(state, "dragonewts", "Grazelands", 3, kind="named_dragonewt", sitting=True)
    assert overstacked(state, "dragonewts") == sitters[2:]


def dragonkill_state() -> State:
    state = blank(turn=23, nation="dragonewts", phase="move")
    put(state, "dragonewts", "Dragon's Eye", 3, kind="dragon")
    put(state, "heortlings", "Beast Valley", 1)
    put(state, "heortlings", "Wintertop", 1)
    return state


def test_dragonkill_every_deathline_zone_holding_human_units_must_be_attacked_with_a_dragon() -> None:
    state = dragonkill_state()
    assert set(dragonkill.duty_zones(state, "dragonewts")) == {z("Wintertop"), z("Beast Valley")}
    before = serial.dumps(state)
    with pytest.raises(RuleError, match="Dragonkill"):
        act(state, type="end")
    assert serial.dumps(state) == before
    assert {"type": "end"} not in [c.action for c in genertela.legal(state, 0)]
    act(state, type="move", **{"from": z("Dragon's Eye"), "to": z("Beast Valley"), "count": 1})
    assert [u.kind for u in units_of(state, "dragonewts", z("Beast Valley"))] == ["dragon"]  # Dragons go first
    act(state, type="move", **{"from": z("Dragon's Eye"), "to": z("Wintertop"), "count": 1})
    assert dragonkill.duty_zones(state, "dragonewts") == []


def test_dragonkill_fallback_sends_the_dragons_before_ending_the_step() -> None:
    state = dragonkill_state()
    action = genertela.fallback(state, 0)
    assert action["type"] == "move" and action["count"] == 1
    act(state, **action)


def test_dragonkill_duty_does_not_apply_on_other_turns() -> None:
    state = dragonkill_state()
    state.turn = 22
    assert dragonkill.duty_zones(state, "dragonewts") == []


def test_dragonewts_may_place_a_bought_unit_where_they_have_a_city_and_a_unit_without_controlling_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the house counter limits give the Dragonewts no counters for bought units; a game that grants some:
    monkeypatch.setitem(NATIONS["dragonewts"].counter_limits, "standard", 4)
    state = blank(nation="dragonewts", phase="build")
    state.resources["dragonewts"] = 6
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")
    put(state, "heortlings", "Grazelands", 2)
    put(state, "dragonewts", "Grazelands", 2, kind="named_dragonewt", sitting=True)
    put(state, "heortlings", "Beast Valley", 2)  # a city with no Dragonewt unit: no
    zones = {c.action["zone"] for c in genertela.legal(state, 0) if c.action.get("kind") == "unit"}
    assert zones == {z("Dragon's Eye"), z("Grazelands")}
    act(state, type="build", kind="unit", zone=z("Grazelands"))
    assert len(units_of(state, "dragonewts", z("Grazelands"))) == 3


def test_a_lone_named_dragonewt_on_a_city_cannot_attack_since_one_must_stay_to_defend_it() -> None:
    state = blank(nation="dragonewts", phase="move")
    put(state, "heortlings", "Grazelands", 2)
    put(state, "dragonewts", "Grazelands", 1, kind="named_dragonewt", sitting=True)
    assert dragonewts.attack_options(state, "dragonewts") == []
    with pytest.raises(RuleError, match="not one of the choices"):
        act(state, type="attack", zone=z("Grazelands"))


def test_a_fight_over_a_city_may_be_called_off_before_the_battle_step() -> None:
    state = blank(nation="heortlings", phase="move")
    put(state, "heortlings", "Beast Valley", 2)
    put(state, "dragonewts", "Beast Valley", 2, kind="named_dragonewt", sitting=True)
    act(state, type="attack", zone=z("Beast Valley"))
    act(state, type="attack", zone=z("Beast Valley"))
    assert state.city_attacks == [] and next_battle_zone(state) is None


def test_turn_23_the_scheduled_dragons_attack_every_deathline_zone_holding_human_units() -> None:
    from rules.genertela import policy, reinforce

    state = blank(turn=23, nation="dragonewts", phase="move")
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")
    reinforce.reinforce(state, "dragonewts", ("reinforcement",), ActionLog())  # the 20 Dragons of the schedule
    assert sum(1 for u in state.units if u.kind == "dragon") == 20
    humans = {"Beast Valley": "heortlings", "Wintertop": "alkorings", "Fer": "esrolians", "Orenaria": "rinliddi"}
    for zone, nation in humans.items():
        put(state, nation, zone, 2)
    put(state, "uz", "Print", 2)  # not human: no Dragon may go
    while (action := policy.next_action(state)) != {"type": "end"}:  # the bot plays the Dragonewts' movement
        act(state, **action)
    for zone in humans:
        assert any(u.kind == "dragon" for u in units_of(state, "dragonewts", z(zone)))
    assert not any(u.kind == "dragon" for u in units_of(state, "dragonewts", z("Print")))
    act(state, type="end")  # now the step may end: the battles follow


@pytest.mark.parametrize("turn", [20, 23])  # 23: Deathline zones are closed to humans (not to the Dragonewts)
def test_city_to_city_targets_are_every_city_their_walk_can_reach_blocked_or_not(turn: int) -> None:
    """hop_targets lists the cities reachable at all (kept for the process: units never change it); the walk itself
    (hop_paths) then takes the way fewest blockers could stop. Enemies on the way change the path, not the list."""
    state = blank(turn=turn, nation="dragonewts")
    for zid in BOARD.zones:
        if BOARD.zones[zid].dragonewt_city and BOARD.zones[zid].terrain != "sea":
            put(state, "heortlings", BOARD.zones[zid].name, 2)  # every city held by an enemy that blocks
    closed: frozenset[str] = frozenset()
    cities = [zid for zid, zone in BOARD.zones.items() if zone.dragonewt_city]
    assert len(cities) > 3
    for start in cities:
        walked = dragonewts.hop_paths(state, "dragonewts", start, closed)
        assert dragonewts.hop_targets(state, "dragonewts", start, closed) == sorted(
            zid for zid in walked if BOARD.zones[zid].dragonewt_city
        )
