"""Seed movement rules around blocking: empty zones, units inside or outside a City or fortress, Assassins and
Hon-eel, reinforcements among enemies."""

from __future__ import annotations

import pytest

from rules import serial
from rules.base import ActionLog, RuleError
from rules.genertela.board import CONTENT, ORDER, units_of
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.movement import check_overrun, destinations, move_limit
from rules.genertela.reinforce import place
from rules.genertela.state import State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def act(state: State, **action: object) -> None:
    genertela.act(state, 0, dict(action), Rng(0))


def test_movement_stops_on_entering_an_empty_uncontrolled_zone() -> None:
    """The seed moves units only through zones their nation (or an ally) controls: an empty zone is entered, not
    crossed. Once a unit stands there the nation controls it, and later moves may go on through it."""
    state = blank(nation="heortlings")
    put(state, "heortlings", "Heortland", 3)
    assert z("Far Place") in destinations(state, "heortlings", z("Heortland"))
    assert z("Fer") not in destinations(state, "heortlings", z("Heortland"))  # only beyond the empty Far Place
    act(state, type="move", **{"from": z("Heortland"), "to": z("Far Place"), "count": 1})
    assert z("Fer") in destinations(state, "heortlings", z("Heortland"))


def test_units_inside_a_city_or_fortress_do_not_block_movement_through_their_zone() -> None:
    state = blank(nation="uz")
    put(state, "uz", "Kitori", 2)
    put(state, "heortlings", "Heortland", 2)  # Heortland is a fortress: its units stand inside
    assert z("Homeward Ocean") not in destinations(state, "uz", z("Kitori"))  # the sea stays closed
    assert z("Longsiland") in destinations(state, "uz", z("Kitori"))  # on through Heortland


def test_units_declared_outside_a_city_or_fortress_block_movement() -> None:
    state = blank(nation="heortlings", phase="move")
    put(state, "heortlings", "Heortland", 2)
    act(state, type="outside", zone=z("Heortland"), count=1)
    assert [u.outside for u in units_of(state, "heortlings", z("Heortland"))] == [True, False]
    state.order_index = ORDER.index("uz")  # later, in the Uz turn
    put(state, "uz", "Kitori", 2)
    assert z("Heortland") in destinations(state, "uz", z("Kitori"))
    assert z("Longsiland") not in destinations(state, "uz", z("Kitori"))


def test_outside_declaration_is_refused_where_there_are_no_walls_and_changes_nothing() -> None:
    state = blank(nation="heortlings", phase="move")
    put(state, "heortlings", "Sartar", 2)  # a city site without a City unit, no fortress
    before = serial.dumps(state)
    with pytest.raises(RuleError, match="not one of the choices"):
        act(state, type="outside", zone=z("Sartar"), count=1)
    assert serial.dumps(state) == before


def test_units_which_are_assassins_only_dont_count_for_blocking_or_overruns() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Heortland", 2)
    hero(state, "aldryami", "Far Place", "Tobasta", ["assassin"])
    assert z("Fer") in destinations(state, "heortlings", z("Heortland"))  # Far Place does not stop them
    put(state, "aldryami", "Far Place", 1)
    assert z("Fer") not in destinations(state, "heortlings", z("Heortland"))
    act(state, type="move", **{"from": z("Heortland"), "to": z("Far Place"), "count": 2})
    assert state.overrun == [z("Far Place")]  # 2 against the one unit: the Assassin is not counted


def test_overrun_counts_only_the_units_that_block() -> None:
    state = blank(nation="uz")
    put(state, "uz", "Kitori", 4)
    put(state, "heortlings", "Heortland", 3)
    units_of(state, "heortlings", z("Heortland"))[0].outside = True
    put(state, "uz", "Heortland", 2)
    assert check_overrun(state, "uz", z("Heortland"))  # 2 against the 1 outside the walls


def test_assassins_are_not_blocked_and_move_to_any_zone_with_no_restrictions() -> None:
    state = blank(nation="aldryami")
    put(state, "aldryami", "Rist", 3)
    tobasta = hero(state, "aldryami", "Rist", "Tobasta", ["assassin"])
    for far in ("Pavis", "Jord", "Heortland"):  # far away, a mountain, an enemy fortress
        assert z(far) in destinations(state, "aldryami", z("Rist"))
        assert move_limit(state, "aldryami", z("Rist"), z(far)) == 1  # only the Assassin goes that far
    assert z("Homeward Ocean") not in destinations(state, "aldryami", z("Rist"))  # no unit enters the sea
    act(state, type="move", **{"from": z("Rist"), "to": z("Pavis"), "count": 1})
    assert tobasta.zone == z("Pavis") and len(units_of(state, "aldryami", z("Rist"))) == 3


def test_hon_eel_is_not_blocked_and_moves_to_any_zone_with_no_restrictions() -> None:
    state = blank(turn=31, nation="rinliddi")
    entry = CONTENT.turn(31).entries_of("rinliddi")[0]
    placement = next(p for p in entry.placements if p.name == "Hon-eel")
    place(state, placement, ActionLog())
    honeel = next(u for u in state.units if u.name == "Hon-eel")
    assert honeel.free_move and "assassin" not in honeel.types  # a Guardian with an Assassin's movement
    put(state, "alkorings", "Tarsh", 3)
    assert z("Pavis") in destinations(state, "rinliddi", honeel.zone)


def test_units_starting_as_reinforcements_in_an_enemy_zone_need_no_overrun_to_leave() -> None:
    state = blank(nation="heortlings")
    put(state, "uz", "Kitori", 3)
    put(state, "heortlings", "Kitori", 1)  # placed among the enemy by the schedule
    assert z("Storn") in destinations(state, "heortlings", z("Kitori"))


def test_outside_needs_a_whole_number_and_refuses_true_for_one() -> None:
    state = blank(nation="heortlings", phase="move")
    put(state, "heortlings", "Heortland", 2)
    with pytest.raises(RuleError, match="whole number"):
        act(state, type="outside", zone=z("Heortland"), count=True)
    assert not any(u.outside for u in state.units)
