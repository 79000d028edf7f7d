"""One test per special power (2-player fixture map; race Ogres unless the power needs another)."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.rng import Rng
from rules.smallworld import board
from rules.smallworld.content import content
from rules.smallworld.scoring import income
from rules.smallworld.state import CONQUER, Combo, State
from tests.rules.smallworld.helpers import DIE, clear, decline_with, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")

RACE = "shrubmen"  # scenarios avoid Fungus so the race adds nothing


def ready(power: str, hand: int = 10, race: str = RACE) -> State:
    state = start()
    clear(state)
    give(state, 0, race, power, hand)
    return state


def enemy(state: State, region: str, tokens: int, power: str = "haunted", declined: bool = False) -> None:
    if declined:
        state.seats[1].declined = Combo("drow", power, 0)
    else:
        state.seats[1].active = Combo("drow", power, 0)
    place(state, region, 1, tokens, declined)


def test_every_power_is_tested_here() -> None:
    tested = {name.removeprefix("test_power_") for name in globals() if name.startswith("test_power_")}
    assert tested == set(content().powers)


def test_power_adventurous() -> None:
    state = ready("adventurous", 0)
    place(state, "r02", 0, 1)
    place(state, "r03", 0, 1)
    state.regions["r02"].treasure = "turtle_shield"
    assert income(state, 0).total == 2 + 2


def test_power_ancient() -> None:
    state = ready("ancient", 0)
    place(state, "r13", 0, 1)
    place(state, "r31", 0, 1)
    place(state, "r02", 0, 1)
    assert income(state, 0).total == 3 + 2


def test_power_arcane() -> None:
    state = ready("arcane")
    assert board.cost(state, 0, "r01") == 1 and board.cost(state, 0, "r02") == 2


def test_power_barricade() -> None:
    state = ready("haunted", race="ogres")
    enemy(state, "r02", 3, power="barricade")
    enemy(state, "r03", 2, power="barricade")
    assert board.cost(state, 0, "r02") == 2 + 3 + 1 and board.cost(state, 0, "r03") == 2 + 2


def test_power_corrupt() -> None:
    state = ready("haunted")
    enemy(state, "r02", 1, power="corrupt")
    coins = state.seats[1].coins
    events = do(state, 0, type="conquer", region="r02")
    assert state.seats[1].coins == coins + 1
    assert any(e.to == (1,) and "Corrupt" in e.text for e in events)


def test_power_fireball() -> None:
    state = ready("fireball")
    enemy(state, "r02", 2)
    assert board.cost(state, 0, "r02") == 3 and board.cost(state, 0, "r03") == 2


def test_power_flocking() -> None:
    state = ready("flocking")
    assert board.cost(state, 0, "r03") == 1 and board.cost(state, 0, "r02") == 2


def test_power_frenzied() -> None:
    state = ready("frenzied", 3)
    enemy(state, "r02", 2)  # costs 4
    do(state, 0, Rng(0, forced=[DIE[2]]), type="reinforce", region="r02")
    assert state.regions["r02"].tokens == 2 and state.seats[0].hand == 1 and state.phase == CONQUER
    do(state, 0, Rng(0, forced=[DIE[1]]), type="reinforce", region="r03")  # a second roll: 1 + 1 >= 2
    assert state.regions["r03"].owner == 0 and state.seats[0].hand == 0
    plain = ready("haunted", 1)
    do(plain, 0, Rng(0, forced=[DIE[3]]), type="reinforce", region="r02")
    with pytest.raises(RuleError, match=r"conquests are over|cannot reinforce"):
        do(plain, 0, type="reinforce", region="r03")


def test_power_haunted() -> None:
    state = ready("haunted", race="ogres")
    enemy(state, "r31", 1, power="haunted")
    enemy(state, "r02", 1, power="haunted")
    assert board.cost(state, 0, "r31") == 2 + 1 + 1 and board.cost(state, 0, "r02") == 3


def test_power_immortal() -> None:
    state = ready("haunted")
    enemy(state, "r02", 2, power="immortal")
    do(state, 0, type="conquer", region="r02")
    assert state.seats[1].pending == 2


def test_power_mimic() -> None:
    state = start(3)
    clear(state)
    give(state, 0, RACE, "mimic", 20)
    for seat, region in ((1, "r00"), (2, "r01"), (1, "r02")):
        state.seats[seat].active = Combo("drow", "haunted", 0)
        place(state, region, seat, 1)
    for region in ("r00", "r01", "r02"):
        do(state, 0, type="conquer", region=region)
    assert income(state, 0).total == 3 + 2 + 1  # 2 victims; r00 is Fungus for the Shrubmen


def test_power_muddy() -> None:
    state = ready("muddy", 0, race="ogres")
    place(state, "r03", 0, 1)
    assert income(state, 0).total == 1 + 1
    do(state, 0, type="decline")
    assert state.seats[0].coins == 5 + 1 + 1  # still counts in decline


def test_power_mushroom() -> None:
    state = ready("haunted", race="ogres")
    enemy(state, "r00", 1, power="mushroom")
    enemy(state, "r02", 1, power="mushroom")
    assert board.cost(state, 0, "r00") == 4 and board.cost(state, 0, "r02") == 3


def test_power_reborn() -> None:
    state = ready("reborn", 0, race="ogres")
    place(state, "r02", 0, 2)
    do(state, 0, type="decline")
    do(state, 1, type="pick", combo="1")
    do(state, 1, type="end")
    combo = state.row[0]
    expected = content().races[combo.race].tokens + content().powers[combo.power].tokens + 2
    do(state, 0, type="pick", combo="1")
    assert state.seats[0].hand == min(expected, content().races[combo.race].tray)


def test_power_royal() -> None:
    state = ready("royal", race="ogres")
    do(state, 0, type="conquer", region="r02")
    do(state, 0, type="conquer", region="r03")
    assert state.regions["r02"].markers == ["queen"] and not state.regions["r03"].markers
    do(state, 0, type="end")
    give(state, 1, "drow", "haunted", 10)
    assert "r02" not in board.reachable(state, 1)
    state.current, state.log.conquered = 0, []
    state.seats[0].hand = 0
    do(state, 0, type="decline")
    assert state.regions["r02"].markers == ["queen"]  # the Queen stays in decline
    give(state, 1, "drow", "haunted", 10)
    assert "r02" not in board.reachable(state, 1) and "r03" in board.reachable(state, 1)


def test_power_thieving() -> None:
    state = ready("thieving")
    enemy(state, "r02", 1)
    enemy(state, "r03", 1, declined=True)
    do(state, 0, type="conquer", region="r02")
    do(state, 0, type="conquer", region="r03")
    assert income(state, 0).total == 2 + 2


def test_power_tomb() -> None:
    state = ready("tomb")
    enemy(state, "r02", 1)
    enemy(state, "r03", 1, declined=True)
    do(state, 0, type="conquer", region="r02")
    do(state, 0, type="conquer", region="r03")
    assert income(state, 0).total == 2 + 1


def test_power_vampire() -> None:
    state = ready("vampire")
    enemy(state, "r02", 1)
    do(state, 0, type="conquer", region="r02")
    do(state, 0, type="conquer", region="r03")
    assert state.seats[0].hand == 10 - 3 + 1 - 2


def test_power_vengeful() -> None:
    state = ready("vengeful")
    state.regions["r01"].monsters = 2
    assert board.cost(state, 0, "r01") == 3
    do(state, 0, type="conquer", region="r01")
    assert income(state, 0).total == 1 + 1


def test_power_lantern_bearing() -> None:
    state = ready("lantern_bearing", 0)
    place(state, "r02", 0, 1)
    place(state, "r21", 0, 1)
    place(state, "r03", 0, 1)
    assert income(state, 0).total == 3 + 2


def test_power_tunnelling() -> None:
    state = ready("tunnelling")
    assert "r22" in board.reachable(state, 0)
    plain = ready("haunted")
    assert "r22" not in board.reachable(plain, 0)


def test_declined_power_without_survival_gives_nothing() -> None:
    state = ready("haunted", 0)
    decline_with(state, 0, "ogres", "lantern_bearing")
    place(state, "r02", 0, 1, declined=True)
    assert income(state, 0).total == 1
