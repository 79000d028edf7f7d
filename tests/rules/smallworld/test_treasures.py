"""One test per Place and Relic: its holder (the active race in its region) gets its effect."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.smallworld import board
from rules.smallworld.content import content
from rules.smallworld.scoring import income
from rules.smallworld.state import Combo, State
from tests.rules.smallworld.helpers import clear, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")


def holding(treasure: str, region: str = "r02", hand: int = 0) -> State:
    """Seat 0 (Gnomes, Haunted: no income bonus of their own) holds `region` with the treasure in it."""
    state = start()
    clear(state)
    give(state, 0, "gnomes", "haunted", hand)
    place(state, region, 0, 1)
    state.regions[region].treasure = treasure
    return state


def test_every_place_and_relic_is_tested_here() -> None:
    tested = {name.removeprefix("test_treasure_") for name in globals() if name.startswith("test_treasure_")}
    assert tested == set(content().treasures)


def test_treasures_only_for_an_active_holder() -> None:
    state = holding("glittering_seam")
    state.regions["r02"].declined = True
    state.seats[0].declined = Combo("gnomes", "haunted", 0)
    assert income(state, 0).total == 1


def test_treasure_glittering_seam() -> None:
    assert income(holding("glittering_seam"), 0).total == 1 + 2


def test_treasure_fungus_market() -> None:
    state = holding("fungus_market")
    place(state, "r00", 0, 1)
    place(state, "r33", 0, 1)
    assert income(state, 0).total == 3 + 2


def test_treasure_deep_forge() -> None:
    state = holding("deep_forge")
    place(state, "r21", 0, 1)
    assert income(state, 0).total == 2 + 2


def test_treasure_stone_keep() -> None:
    state = holding("stone_keep")
    assert income(state, 0).total == 1 + 1
    give(state, 1, "drow", "haunted", 10)
    place(state, "r03", 1, 1)
    assert board.cost(state, 1, "r02") == 2 + 1 + 1  # a Fortress: +1


def test_treasure_crystal_chapel() -> None:
    state = holding("crystal_chapel", region="r01")
    place(state, "r23", 0, 1)
    assert income(state, 0).total == 2 + 2


def test_treasure_bone_pit() -> None:
    state = holding("bone_pit", hand=5)
    state.seats[1].active = Combo("drow", "haunted", 0)
    place(state, "r03", 1, 1)
    do(state, 0, type="conquer", region="r03")
    assert income(state, 0).total == 2 + 1


def test_treasure_mud_baths() -> None:
    state = holding("mud_baths")
    place(state, "r03", 0, 1)
    assert income(state, 0).total == 2 + 1


def test_treasure_whispering_well() -> None:
    state = holding("whispering_well")
    state.regions["r02"].tokens = 3
    do(state, 0, type="end")
    do(state, 1, type="pick", combo="1")
    do(state, 1, type="end")
    assert state.current == 0 and state.seats[0].hand == 2 + 1


def test_treasure_old_throne() -> None:
    state = holding("old_throne")
    place(state, "r31", 0, 1)
    assert income(state, 0).total == 2 + 1


def test_treasure_flying_doormat() -> None:
    state = holding("flying_doormat", hand=10)
    reach = board.reachable(state, 0)
    assert reach["r33"] is True and reach["r03"] is False  # far away: only by Doormat
    do(state, 0, type="conquer", region="r33")
    assert state.log.doormat_used
    assert state.regions["r33"].treasure == "flying_doormat" and state.regions["r02"].treasure is None
    with pytest.raises(RuleError, match="does not touch"):
        do(state, 0, type="conquer", region="r31")  # once per turn (r31 touches neither r02 nor r33)


def test_treasure_rusty_blade() -> None:
    state = holding("rusty_blade", hand=5)
    state.seats[1].active = Combo("drow", "haunted", 0)
    place(state, "r03", 1, 1)
    assert board.cost(state, 0, "r03") == 2 and board.cost(state, 0, "r01") == 2


def test_treasure_turtle_shield() -> None:
    state = holding("turtle_shield")
    give(state, 1, "drow", "haunted", 10)
    place(state, "r03", 1, 1)
    assert board.cost(state, 1, "r02") == 2 + 1 + 2


def test_treasure_gold_idol() -> None:
    state = holding("gold_idol")
    place(state, "r03", 0, 1)
    state.regions["r03"].treasure = "turtle_shield"
    assert income(state, 0).total == 2 + 2


def test_treasure_crown_of_mushrooms() -> None:
    assert income(holding("crown_of_mushrooms"), 0).total == 1 + 3


def test_treasure_lucky_charm() -> None:
    state = holding("lucky_charm", hand=5)
    state.seats[1].active = Combo("drow", "haunted", 0)
    place(state, "r01", 1, 1)
    assert board.cost(state, 0, "r03") == 1 and board.cost(state, 0, "r01") == 3
