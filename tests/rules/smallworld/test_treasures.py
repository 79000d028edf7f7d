"""One test per Place and Relic: its holder (the active race in its region) gets its effect."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.rng import Rng
from rules.smallworld import board
from rules.smallworld.content import content
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.scoring import income
from rules.smallworld.state import Combo, State
from tests.rules.smallworld.helpers import DIE, clear, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")


def holding(treasure: str, region: str = "r02", hand: int = 0) -> State:
    """Seat 0 (Gnomes, Reborn: no income bonus of their own) holds `region` with the treasure in it."""
    state = start()
    clear(state)
    give(state, 0, "gnomes", "reborn", hand)
    place(state, region, 0, 1)
    state.regions[region].treasure = treasure
    return state


def test_every_place_and_relic_is_tested_here() -> None:
    tested = {name.removeprefix("test_treasure_") for name in globals() if name.startswith("test_treasure_")}
    assert tested == set(content().treasures)


def test_treasures_only_for_an_active_holder() -> None:
    state = holding("glittering_seam")
    state.regions["r02"].declined = True
    state.seats[0].declined = Combo("gnomes", "reborn", 0)
    assert income(state, 0).total == 1


def test_treasure_glittering_seam() -> None:
    assert income(holding("glittering_seam"), 0).total == 1 + 2


def test_treasure_fungus_market() -> None:
    state = holding("fungus_market")  # in r02, next to r01, r03 and the Chasm r12
    state.seats[1].active = Combo("drow", "reborn", 0)
    place(state, "r01", 1, 1)
    place(state, "r03", 1, 2, declined=True)
    place(state, "r13", 1, 1)  # not next to the Market
    assert income(state, 0).total == 1 + 2
    place(state, "r01", 0, 1)  # the holder's own neighbour pays nothing
    assert income(state, 0).total == 2 + 1


def test_treasure_deep_forge() -> None:
    state = holding("deep_forge", region="r23", hand=5)
    assert board.cost(state, 0, "r13") == 3 - 1 and board.cost(state, 0, "r22") == 2  # Black Mountain only
    state.regions["r23"].treasure = None
    assert board.cost(state, 0, "r13") == 3


def test_treasure_stone_keep() -> None:
    state = holding("stone_keep")
    assert income(state, 0).total == 1 + 1
    give(state, 1, "drow", "reborn", 10)
    place(state, "r03", 1, 1)
    assert board.cost(state, 1, "r02") == 2 + 1 + 1  # a Fortress: +1


def test_treasure_crystal_chapel() -> None:
    state = holding("crystal_chapel")
    give(state, 1, "drow", "reborn", 10)
    place(state, "r03", 1, 1)
    assert "r02" not in board.reachable(state, 1)
    with pytest.raises(RuleError, match="cannot be conquered"):
        do(state, 1, type="conquer", region="r02")
    state.regions["r02"].declined = True  # a declined holder gets no protection
    assert "r02" in board.reachable(state, 1)


def test_treasure_bone_pit() -> None:
    state = holding("bone_pit", hand=5)
    state.seats[1].active = Combo("drow", "reborn", 0)
    place(state, "r03", 1, 1)
    do(state, 0, type="conquer", region="r03")  # from another race
    do(state, 0, type="conquer", region="r01")  # empty
    assert income(state, 0).total == 3 + 2


def test_treasure_mud_baths() -> None:
    state = holding("mud_baths")
    place(state, "r03", 0, 3)
    place(state, "r01", 0, 2)
    state.regions["r02"].tokens = 4
    assert income(state, 0).total == 3 + 2  # r02 and r03 hold 3 or more


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
    state.seats[1].active = Combo("drow", "reborn", 0)
    place(state, "r00", 1, 1)
    assert income(state, 0).total == 2 + 2  # 2 regions against 1
    place(state, "r01", 1, 1)
    assert income(state, 0).total == 2  # a tie is not the most


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
    state = holding("rusty_blade", hand=1)
    state.seats[1].active = Combo("drow", "reborn", 0)
    place(state, "r03", 1, 2)  # costs 4: 3 short
    place(state, "r01", 1, 3)  # costs 5: 4 short, only with the Blade
    assert any(c.action == {"type": "reinforce", "region": "r01"} for c in smallworld.legal(state, 0))
    do(state, 0, Rng(0, forced=[DIE[2]]), type="reinforce", region="r03")  # 1 + (2 + 1) reaches 4
    assert state.regions["r03"].owner == 0
    plain = holding("glittering_seam", hand=1)
    plain.seats[1].active = Combo("drow", "reborn", 0)
    place(plain, "r03", 1, 2)
    place(plain, "r01", 1, 3)
    assert not any(c.action == {"type": "reinforce", "region": "r01"} for c in smallworld.legal(plain, 0))
    do(plain, 0, Rng(0, forced=[DIE[2]]), type="reinforce", region="r03")
    assert plain.regions["r03"].owner == 1


def test_treasure_turtle_shield() -> None:
    state = holding("turtle_shield")
    give(state, 1, "drow", "reborn", 10)
    place(state, "r03", 1, 1)
    assert board.cost(state, 1, "r02") == 2 + 1 + 2


def test_treasure_gold_idol() -> None:
    state = holding("gold_idol")
    state.seats[0].coins = 29
    assert income(state, 0).total == 1 + 2
    state.seats[0].coins = 30
    assert income(state, 0).total == 1 + 3


def test_treasure_crown_of_mushrooms() -> None:
    state = start(3)
    clear(state)
    give(state, 0, "gnomes", "reborn", 0)
    place(state, "r02", 0, 1)
    state.regions["r02"].treasure = "crown_of_mushrooms"
    assert income(state, 0).total == 1
    state.seats[1].active = Combo("drow", "reborn", 0)
    state.seats[2].active = Combo("liches", "reborn", 0)
    assert income(state, 0).total == 1 + 2


def test_treasure_lucky_charm() -> None:
    state = holding("lucky_charm", hand=5)
    state.seats[1].active = Combo("drow", "reborn", 0)
    place(state, "r01", 1, 1)
    assert board.cost(state, 0, "r03") == 1 and board.cost(state, 0, "r01") == 3
