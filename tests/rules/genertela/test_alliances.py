"""Seed rules of alliances and alliance nation turns."""

from __future__ import annotations

from rules.genertela import alliance_army, flow
from rules.genertela.board import ORDER, active_nation, allied, units_of
from rules.genertela.movement import overstacked
from rules.genertela.state import State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, put, z


def test_alliance_members_do_not_fight_and_move_through_each_others_zones() -> None:
    state = blank(turn=2, nation="uz")  # turn 2: the World Council of Friends
    assert allied(state, "uz", "heortlings")
    assert not allied(state, "uz", "chaos")


def test_alliance_with_a_condition_exists_only_when_it_holds() -> None:
    state = blank(turn=10, nation="talastari")  # High Council only if the Talastari hold Dorastor
    assert not allied(state, "talastari", "aldryami")
    put(state, "talastari", "Dorastor", 1)
    assert allied(state, "talastari", "aldryami")


def test_alliance_turn_needs_its_centre_held_by_a_member() -> None:
    state = blank(turn=5, nation="carmanians")  # turn 5: the Yelmite Alliance, centre Raibanth
    assert "yelmite_alliance" not in alliance_army.pending(state)
    put(state, "dara_happans", "Raibanth", 2)
    assert "yelmite_alliance" in alliance_army.pending(state)


def yelmite_turn() -> State:
    state = blank(turn=5, nation="carmanians")
    state.order_index = len(ORDER) - 1
    put(state, "dara_happans", "Raibanth", 3)
    put(state, "rinliddi", "Raibanth", 2)
    put(state, "rinliddi", "Rinliddi", 1)
    put(state, "dara_happans", "Alkoth", 1)  # not sent: takes no part
    flow.finish_nation_turn(state, flow.ActionLog(), Rng(0))
    return state


def test_alliance_turn_comes_after_all_nations_led_by_the_most_voted_player() -> None:
    state = yelmite_turn()
    assert state.alliance == "yelmite_alliance" and state.phase == "move"
    assert active_nation(state) == "dara_happans"  # most units sent: its player leads
    assert [u.lent_from for u in units_of(state, "dara_happans", z("Raibanth"))].count("rinliddi") == 2


def test_only_the_alliance_army_moves_in_the_alliance_turn() -> None:
    from rules.genertela.movement import movers

    state = yelmite_turn()
    assert movers(state, "dara_happans", z("Alkoth")) == []
    assert len(movers(state, "dara_happans", z("Raibanth"))) == 5


def test_after_the_alliance_turn_units_go_home_and_the_next_turn_starts() -> None:
    state = yelmite_turn()
    flow.end_move(state, flow.ActionLog(), Rng(0))
    assert state.turn == 6 and state.alliance == ""
    assert len(units_of(state, "rinliddi", z("Rinliddi"))) == 3  # lent units went back home
    assert not any(u.lent_from or u.in_army for u in state.units)


def test_units_gathered_at_the_centre_wait_for_the_alliance_turn_before_stacking_applies() -> None:
    state = blank(turn=5, nation="dara_happans")
    put(state, "dara_happans", "Raibanth", 20)
    assert overstacked(state, "dara_happans") == []
    state = blank(turn=6, nation="dara_happans")  # no alliance turn on turn 6
    put(state, "dara_happans", "Raibanth", 20)
    assert len(overstacked(state, "dara_happans")) == 4
