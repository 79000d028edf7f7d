"""One test per special power (2-player fixture map; race Ogres unless the power needs another)."""

from __future__ import annotations

import pytest

from rules.base import ActionLog, RuleError
from rules.rng import Rng
from rules.smallworld import board
from rules.smallworld.content import content
from rules.smallworld.scoring import income
from rules.smallworld.state import CONQUER, Combo, State
from rules.smallworld.turn import start_turn
from tests.rules.smallworld.helpers import DIE, clear, decline_with, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")

RACE = "shrubmen"  # scenarios avoid Fungus so the race adds nothing
PLAIN = "reborn"  # a power with no effect in these scenarios (it only matters when picking after a decline)
PLAIN_RACE = "liches"  # a race with no effect while active


def ready(power: str, hand: int = 10, race: str = RACE) -> State:
    state = start()
    clear(state)
    give(state, 0, race, power, hand)
    return state


def enemy(state: State, region: str, tokens: int, power: str = PLAIN, declined: bool = False) -> None:
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
    place(state, "r13", 0, 1)  # Black Mountain
    place(state, "r20", 0, 1)  # Black Mountain
    place(state, "r02", 0, 1)
    assert income(state, 0).total == 3 + 2
    state.seats[0].active = Combo(RACE, PLAIN, 0)
    assert income(state, 0).total == 3


def test_power_arcane() -> None:
    state = ready("arcane")
    enemy(state, "r02", 2)
    assert board.cost(state, 0, "r02") == 4 - 2 and board.cost(state, 0, "r03") == 1  # first conquest: -2
    do(state, 0, type="conquer", region="r03")
    assert board.cost(state, 0, "r02") == 4  # only the first conquest of the turn


def test_power_barricade() -> None:
    state = ready(PLAIN, race=PLAIN_RACE)
    enemy(state, "r02", 3, power="barricade")
    enemy(state, "r03", 2, power="barricade")
    assert board.cost(state, 0, "r02") == 2 + 3 + 1 and board.cost(state, 0, "r03") == 2 + 2


def test_power_corrupt() -> None:
    state = ready(PLAIN)
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
    for power, extra in (("flocking", 2), (PLAIN, 0)):
        state = ready(power, 0)
        for region in ("r00", "r01", "r02", "r03", "r13", "r23", "r33"):  # 7 regions: 2 flocks of 3
            place(state, region, 0, 1)
        start_turn(state, 0, ActionLog())
        assert state.seats[0].hand == extra


def test_power_frenzied() -> None:
    state = ready("frenzied", 3)
    enemy(state, "r02", 2)  # costs 4
    do(state, 0, Rng(0, forced=[DIE[2]]), type="reinforce", region="r02")
    assert state.regions["r02"].tokens == 2 and state.seats[0].hand == 1 and state.phase == CONQUER
    do(state, 0, Rng(0, forced=[DIE[1]]), type="reinforce", region="r03")  # a second roll: 1 + 1 >= 2
    assert state.regions["r03"].owner == 0 and state.seats[0].hand == 0
    plain = ready(PLAIN, 1)
    do(plain, 0, Rng(0, forced=[DIE[3]]), type="reinforce", region="r02")
    with pytest.raises(RuleError, match=r"conquests are over|cannot reinforce"):
        do(plain, 0, type="reinforce", region="r03")


def test_power_haunted() -> None:
    state = ready(PLAIN, race=PLAIN_RACE)
    enemy(state, "r02", 1, power="haunted")
    tray = state.tray[PLAIN_RACE]
    do(state, 0, type="conquer", region="r02")  # costs 3, and the ghosts take 1 more from the hand
    assert state.seats[0].hand == 10 - 3 - 1 and state.tray[PLAIN_RACE] == tray + 1
    plain = ready(PLAIN, race=PLAIN_RACE)
    enemy(plain, "r02", 1)
    do(plain, 0, type="conquer", region="r02")
    assert plain.seats[0].hand == 10 - 3


def test_power_immortal() -> None:
    state = ready(PLAIN)
    enemy(state, "r02", 2, power="immortal")
    do(state, 0, type="conquer", region="r02")
    assert state.seats[1].pending == 2


def test_power_mimic() -> None:
    state = start(3)
    clear(state)
    give(state, 0, RACE, "mimic", 20)
    for seat, region in ((1, "r00"), (2, "r01"), (1, "r02")):
        state.seats[seat].active = Combo("drow", PLAIN, 0)
        place(state, region, seat, 1)
    for region in ("r00", "r01", "r02"):
        do(state, 0, type="conquer", region=region)
    assert income(state, 0).total == 3 + 2 * 2  # 2 players hit, 2 coins each


def test_power_muddy() -> None:
    state = ready(PLAIN, race=PLAIN_RACE)
    enemy(state, "r03", 1, power="muddy")  # Mud
    enemy(state, "r02", 1, power="muddy")  # Mine
    assert board.cost(state, 0, "r03") == 3 + 2 and board.cost(state, 0, "r02") == 3
    state.seats[1].active = None
    enemy(state, "r03", 1, power="muddy", declined=True)
    assert board.cost(state, 0, "r03") == 3 + 2  # still in force in decline
    enemy(state, "r03", 1, power=PLAIN, declined=True)
    assert board.cost(state, 0, "r03") == 3


def test_power_mushroom() -> None:
    state = ready(PLAIN, race=PLAIN_RACE)
    enemy(state, "r00", 1, power="mushroom")
    enemy(state, "r02", 2, power="mushroom")
    assert board.cost(state, 0, "r00") == 3 + 1 and board.cost(state, 0, "r02") == 4 + 1
    enemy(state, "r02", 2, power="mushroom", declined=True)
    state.seats[1].active = None
    assert board.cost(state, 0, "r02") == 4  # the armor goes with the power when the race declines


def test_power_reborn() -> None:
    state = ready("reborn", 0, race=PLAIN_RACE)
    place(state, "r02", 0, 2)
    do(state, 0, type="decline")
    do(state, 1, type="pick", combo="1")
    do(state, 1, type="end")
    combo = state.row[0]
    expected = content().races[combo.race].tokens + content().powers[combo.power].tokens + 2
    do(state, 0, type="pick", combo="1")
    assert state.seats[0].hand == min(expected, content().races[combo.race].tray)


def test_power_royal() -> None:
    state = ready("royal", race=PLAIN_RACE)
    do(state, 0, type="conquer", region="r02")
    do(state, 0, type="conquer", region="r03")
    assert state.regions["r02"].markers == ["queen"] and not state.regions["r03"].markers
    do(state, 0, type="end")
    give(state, 1, "drow", PLAIN, 10)
    assert "r02" not in board.reachable(state, 1)
    state.current, state.log.conquered = 0, []
    state.seats[0].hand = 0
    do(state, 0, type="decline")
    assert state.regions["r02"].markers == ["queen"]  # the Queen stays in decline
    give(state, 1, "drow", PLAIN, 10)
    assert "r02" not in board.reachable(state, 1) and "r03" in board.reachable(state, 1)


def test_power_thieving() -> None:
    state = ready("thieving")
    enemy(state, "r02", 1)
    enemy(state, "r03", 1, declined=True)
    state.seats[1].coins = 1
    events = do(state, 0, type="conquer", region="r02")
    assert (state.seats[0].coins, state.seats[1].coins) == (5 + 1, 0)  # from the victim, not the bank
    assert any(e.to == (1,) and "Thieving" in e.text for e in events)
    do(state, 0, type="conquer", region="r03")  # the victim's purse is empty now
    assert (state.seats[0].coins, state.seats[1].coins) == (6, 0)
    assert income(state, 0).total == 2  # no bonus at the end of the turn


def test_power_tomb() -> None:
    state = ready("tomb")
    enemy(state, "r02", 1)
    enemy(state, "r03", 1, declined=True)
    do(state, 0, type="conquer", region="r02")
    do(state, 0, type="conquer", region="r03")
    assert income(state, 0).total == 2 + 1


def test_power_vampire() -> None:
    state = ready("vampire")
    enemy(state, "r02", 3)
    tray = state.tray[RACE]
    do(state, 0, type="conquer", region="r02")  # costs 5
    assert state.seats[1].pending == 3 - 2  # 1 lost as usual, 1 turned into a Shrubman
    assert state.seats[0].hand == 10 - 5 + 1 and state.tray[RACE] == tray - 1
    enemy(state, "r03", 1, declined=True)
    do(state, 0, type="conquer", region="r03")
    assert state.seats[0].hand == 6 - 3  # a declined token is not turned


def test_power_vengeful() -> None:
    state = ready("vengeful")
    state.regions["r01"].monsters = 2
    assert board.cost(state, 0, "r01") == 3
    do(state, 0, type="conquer", region="r01")
    assert income(state, 0).total == 1 + 1


def test_power_lantern_bearing() -> None:
    state = ready("lantern_bearing", 0)
    place(state, "r22", 0, 1)  # inner: no border, no River next to it
    place(state, "r21", 0, 1)  # touches a River: edge
    place(state, "r03", 0, 1)
    assert income(state, 0).total == 3 + 1


def test_power_tunnelling() -> None:
    state = ready("tunnelling")
    assert "r22" in board.reachable(state, 0)
    plain = ready(PLAIN)
    assert "r22" not in board.reachable(plain, 0)


def test_declined_power_without_survival_gives_nothing() -> None:
    state = ready(PLAIN, 0)
    decline_with(state, 0, "mummies", "lantern_bearing")
    place(state, "r22", 0, 1, declined=True)  # inner, but the power is gone
    place(state, "r02", 0, 1, declined=True)
    assert income(state, 0).total == 2
