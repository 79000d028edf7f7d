"""Seed rules of movement, stacking, the Deathline restrictions and the narrow passes."""

from __future__ import annotations

import pytest

from rules import serial
from rules.base import RuleError
from rules.genertela.board import BOARD, may_enter
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.movement import destinations, overstacked, pass_room
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def test_only_mostali_and_uz_enter_mountains_except_the_two_plateaus() -> None:
    assert may_enter("uz", z("Jord")) and may_enter("mostali", z("Jord"))
    assert not may_enter("heortlings", z("Jord"))
    assert may_enter("heortlings", z("Blue Moon Plateau")) and may_enter("heortlings", z("Shadow Plateau"))


def test_no_unit_may_enter_a_sea_zone() -> None:
    assert not may_enter("wolf_pirates", z("Homeward Ocean"))


def test_movement_passes_through_own_zones_but_stops_in_enemy_or_empty_ones() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 2)
    put(state, "heortlings", "Far Place", 1)
    put(state, "uz", "Kitori", 1)
    reach = set(destinations(state, "heortlings", z("Sartar")))
    board = BOARD.zones
    near = set(board[z("Sartar")].adjacent)
    assert z("Kitori") in reach and z("Far Place") in reach
    beyond_own = set(board[z("Far Place")].adjacent) - near - {z("Sartar")}
    beyond_enemy = set(board[z("Kitori")].adjacent) - near - set(board[z("Far Place")].adjacent) - {z("Sartar")}
    assert beyond_own and beyond_own <= reach  # the march goes on through a zone the nation holds
    assert beyond_enemy and not beyond_enemy & reach  # but not through an enemy's


def test_moving_units_cannot_move_again_and_illegal_moves_change_nothing() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 2)
    put(state, "heortlings", "Heortland", 1)  # a unit still free to move: the step goes on
    genertela.act(state, 0, {"type": "move", "from": z("Sartar"), "to": z("Far Place"), "count": 2}, Rng(0))
    before = serial.dumps(state)
    with pytest.raises(RuleError, match="no unit left to move"):
        genertela.act(state, 0, {"type": "move", "from": z("Far Place"), "to": z("Sartar"), "count": 1}, Rng(0))
    assert serial.dumps(state) == before
    before = serial.dumps(state)
    with pytest.raises(RuleError, match="cannot be reached"):
        genertela.act(state, 0, {"type": "move", "from": z("Heortland"), "to": z("Pent"), "count": 1}, Rng(0))
    assert serial.dumps(state) == before


def test_narrow_pass_lets_at_most_3_units_attack_a_zone() -> None:
    state = blank(nation="mostali")
    put(state, "mostali", "Top of the World", 4)
    put(state, "mostali", "Western Rockwoods", 4)
    put(state, "talastari", "Dorastor", 2)
    assert pass_room(state, "mostali", z("Top of the World"), z("Dorastor")) == 3
    genertela.act(state, 0, {"type": "move", "from": z("Top of the World"), "to": z("Dorastor"), "count": 2}, Rng(0))
    assert pass_room(state, "mostali", z("Western Rockwoods"), z("Dorastor")) == 1
    with pytest.raises(RuleError, match="Move 1 to 1"):
        genertela.act(
            state, 0, {"type": "move", "from": z("Western Rockwoods"), "to": z("Dorastor"), "count": 2}, Rng(0)
        )


def test_no_human_units_move_into_deathline_zones_on_turns_23_to_27() -> None:
    state = blank(turn=23, nation="heortlings")
    put(state, "heortlings", "Heortland", 2)
    assert z("Sartar") not in destinations(state, "heortlings", z("Heortland"))
    state.turn = 28
    assert z("Sartar") in destinations(state, "heortlings", z("Heortland"))


def test_non_human_units_may_still_enter_deathline_zones_then() -> None:
    state = blank(turn=23, nation="uz")
    put(state, "uz", "Dagori Inkarth", 2)
    assert z("Kitori") in destinations(state, "uz", z("Dagori Inkarth"))


def test_turn_27_pentans_may_enter_the_grazelands_but_no_other_deathline_zone() -> None:
    state = blank(turn=27, nation="pentans")
    put(state, "pentans", "Prax", 2)
    reach = destinations(state, "pentans", z("Prax"))
    assert z("Grazelands") in reach and z("Snakepipe Hollow") not in reach


def test_stacking_8_in_lowland_4_elsewhere_with_one_overstack_up_to_double() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Pavis", 12)  # lowland: 4 over, covered by the one double overstack
    assert overstacked(state, "heortlings") == []
    put(state, "heortlings", "Sartar", 6)  # highland: 2 over and the double is used up
    assert len(overstacked(state, "heortlings")) == 2
    put(state, "heortlings", "Pavis", 5)  # Pavis (17) keeps the overstack: 1 lost there, 2 in Sartar
    assert len(overstacked(state, "heortlings")) == 1 + 2


def test_cities_forests_and_assassins_do_not_count_for_stacking() -> None:
    state = blank(nation="aldryami")
    put(state, "aldryami", "Sartar", 4)
    put(state, "aldryami", "Sartar", kind="forest")
    hero(state, "aldryami", "Sartar", "Tobasta", ["assassin"])
    assert overstacked(state, "aldryami") == []


def test_overrun_twice_the_occupiers_lets_later_moves_pass_through() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 4)
    put(state, "heortlings", "Heortland", 2)
    put(state, "uz", "Far Place", 1)
    beyond = set(BOARD.zones[z("Far Place")].adjacent) - set(destinations(state, "heortlings", z("Heortland")))
    genertela.act(state, 0, {"type": "move", "from": z("Sartar"), "to": z("Far Place"), "count": 2}, Rng(0))
    assert state.overrun == [z("Far Place")]
    assert beyond - {z("Heortland")} <= set(destinations(state, "heortlings", z("Heortland")))


def test_no_overrun_with_less_than_twice_and_giants_count_four() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 4)
    put(state, "uz", "Far Place", 1, kind="giant")
    genertela.act(state, 0, {"type": "move", "from": z("Sartar"), "to": z("Far Place"), "count": 4}, Rng(0))
    assert state.overrun == []


def test_dragonkill_dragons_only_attack_human_units_in_deathline_zones() -> None:
    from rules.genertela.movement import move_limit

    state = blank(turn=23, nation="dragonewts")
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")
    put(state, "dragonewts", "Dragon's Eye", 5, kind="dragon")
    put(state, "heortlings", "Beast Valley", 1)  # human units in a Deathline zone: a Dragon target
    put(state, "uz", "Print", 1)  # non-human: no Dragon may go
    assert move_limit(state, "dragonewts", z("Dragon's Eye"), z("Beast Valley")) == 7
    assert move_limit(state, "dragonewts", z("Dragon's Eye"), z("Print")) == 2
    with pytest.raises(RuleError, match="Dragons only attack"):
        genertela.act(state, 0, {"type": "move", "from": z("Dragon's Eye"), "to": z("Print"), "count": 3}, Rng(0))
