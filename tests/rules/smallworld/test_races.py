"""One test per race: its ability changes what the rules would otherwise give (2-player fixture map)."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.smallworld import board
from rules.smallworld.content import content
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.scoring import income
from rules.smallworld.state import Combo, State
from tests.rules.smallworld.helpers import clear, decline_with, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")

PLAIN = "reborn"  # a power with no effect on costs or income in these scenarios


def ready(race: str, hand: int = 10, power: str = PLAIN) -> State:
    state = start()
    clear(state)
    give(state, 0, race, power, hand)
    return state


def enemy(state: State, region: str, tokens: int, race: str = "liches", power: str = PLAIN) -> None:
    state.seats[1].active = Combo(race, power, 0)
    place(state, region, 1, tokens)


def test_every_race_is_tested_here() -> None:
    tested = {name.removeprefix("test_race_") for name in globals() if name.startswith("test_race_")}
    assert tested == set(content().races)


def test_race_cultists() -> None:
    state = ready("cultists")
    do(state, 0, type="conquer", region="r00")
    assert "ancient" in state.regions["r00"].markers
    assert board.cost(state, 0, "r01") == 1  # next to the Great Ancient
    do(state, 0, type="conquer", region="r01")
    do(state, 0, type="end")
    give(state, 1, "ogres", PLAIN, 10)
    place(state, "r02", 1, 1)  # enemy next to r01 and r03
    assert "r00" not in board.reachable(state, 1) and "r01" in board.reachable(state, 1)
    state.current, state.log.conquered = 0, []
    do(state, 0, type="use", ability="ancient", region="r01")
    assert "ancient" in state.regions["r01"].markers and not state.regions["r00"].markers
    with pytest.raises(RuleError, match="at most once"):
        do(state, 0, type="use", ability="ancient", region="r00")


def test_race_drow() -> None:
    state = ready("drow", 0)
    place(state, "r00", 0, 1)
    place(state, "r33", 0, 1)
    assert income(state, 0).total == 2 + 2
    enemy(state, "r32", 1)  # now r33 borders another race
    assert income(state, 0).total == 2 + 1
    state.regions["r01"].monsters = 2  # and r00 borders monsters
    assert income(state, 0).total == 2


def test_race_faceless() -> None:
    state = ready("faceless")
    enemy(state, "r00", 1)
    do(state, 0, type="conquer", region="r00")  # costs 3
    assert state.seats[0].hand == 10 - 3 + 1


def test_race_flames() -> None:
    state = ready("flames")
    do(state, 0, type="conquer", region="r30")
    assert state.regions["r30"].owner == 0
    assert income(state, 0).total == 1 + 2
    assert "r30" not in board.reachable(ready("liches"), 0)


def test_race_gnomes() -> None:
    state = ready("ogres", power="fireball")
    enemy(state, "r00", 1, race="gnomes")
    enemy(state, "r03", 1, race="ogres")
    assert board.cost(state, 0, "r03") == 3 - 1  # Fireball works on others
    state.seats[1].active = Combo("gnomes", PLAIN, 0)
    assert board.cost(state, 0, "r00") == 3  # but not on Gnomes
    state.seats[0].active = Combo("ogres", "vampire", 0)
    do(state, 0, type="conquer", region="r00")
    assert state.seats[0].hand == 10 - 3  # no Vampire token from Gnomes


def test_race_iron_dwarves() -> None:
    state = ready("iron_dwarves", 0)
    place(state, "r02", 0, 1)
    assert income(state, 0).total == 1 + 1
    state.seats[0].active = None
    decline_with(state, 0, "iron_dwarves", PLAIN)
    state.regions["r02"].declined = True
    assert income(state, 0).total == 1 + 1  # kept in decline


def test_race_kraken() -> None:
    state = ready("kraken")
    enemy(state, "r10", 1)
    assert board.cost(state, 0, "r10") == 1  # 1 + 1 enemy - 1
    do(state, 0, type="conquer", region="r10")
    do(state, 0, type="end")
    assert state.regions["r10"].owner == 0 and state.regions["r10"].tokens == 10


def test_kraken_rivers_cost_attackers_a_token_more_while_active() -> None:
    state = ready("ogres")
    enemy(state, "r10", 1, race="kraken")
    assert board.cost(state, 0, "r10") == 1 + 1 + 1  # a River, their token, the deep water
    enemy(state, "r10", 1)  # the same River held by Liches
    assert board.cost(state, 0, "r10") == 1 + 1
    enemy(state, "r10", 1, race="kraken")
    state.seats[1].declined, state.seats[1].active = state.seats[1].active, None
    state.regions["r10"].declined = True
    assert board.cost(state, 0, "r10") == 1 + 1  # a declined race keeps no defence


def test_race_liches() -> None:
    state = ready("ogres", 0)
    decline_with(state, 0, "liches", PLAIN)
    place(state, "r00", 0, 1, declined=True)
    place(state, "r02", 0, 1, declined=True)
    assert income(state, 0).total == 2 + 2
    state.seats[0].declined = Combo("drow", PLAIN, 0)
    assert income(state, 0).total == 2


def test_race_martians() -> None:
    state = ready("martians")
    assert "r22" in board.reachable(state, 0)  # an inner region as a first conquest
    place(state, "r00", 0, 1)
    enemy(state, "r32", 1)
    reach = board.reachable(state, 0)
    assert reach.get("r33") is False and "r32" not in reach  # any empty region, far or not; not a held one
    assert board.cost(state, 0, "r33") == 1 and board.cost(state, 0, "r32") == 3  # 1 less on empty regions only
    state.regions["r23"].monsters = 1
    assert "r23" not in board.reachable(state, 0)  # monsters: not empty
    state.seats[0].active = Combo("liches", PLAIN, 0)
    assert "r33" not in board.reachable(state, 0)
    assert board.cost(state, 0, "r22") == 2 and board.cost(state, 0, "r32") == 3  # another race pays in full


def test_race_mudmen() -> None:
    state = ready("mudmen", 0)
    place(state, "r03", 0, 2)
    place(state, "r30", 0, 1)
    state.regions["r30"].tokens = 0  # only r03 is Mud; r30 (volcano) left empty
    state.regions["r30"].owner = None
    do(state, 0, type="end")
    do(state, 1, type="pick", combo="1")
    do(state, 1, type="end")
    assert state.current == 0 and state.seats[0].hand == 1 + 1  # 1 lifted, 1 from the tray for the Mud


def test_race_mummies() -> None:
    state = ready("mummies")
    assert board.cost(state, 0, "r00") == 3
    assert board.cost(state, 0, "r10") == 2


def test_race_ogres() -> None:
    state = ready("ogres")
    enemy(state, "r00", 3)
    tray = state.tray["liches"]
    do(state, 0, type="conquer", region="r00")  # costs 5
    assert state.seats[1].pending == 0 and state.tray["liches"] == tray + 3  # every token crushed
    do(state, 0, type="conquer", region="r01")  # an empty region: no coin for it
    assert income(state, 0).total == 2 + 1  # two regions, and a coin for the one taken from a race
    plain = ready("mummies")
    enemy(plain, "r00", 3)
    do(plain, 0, type="conquer", region="r00")
    assert plain.seats[1].pending == 2 and income(plain, 0).total == 1


def test_race_shrubmen() -> None:
    state = ready("liches", 10)
    state.seats[1].active = Combo("shrubmen", PLAIN, 0)
    place(state, "r00", 1, 1)  # Fungus
    place(state, "r01", 1, 1)  # Crystal
    reach = board.reachable(state, 0)
    assert "r00" not in reach and "r01" in reach
    with pytest.raises(RuleError, match="cannot be conquered"):
        do(state, 0, type="conquer", region="r00")
    state.regions["r00"].declined = True
    state.seats[1].declined, state.seats[1].active = state.seats[1].active, None
    assert "r00" in board.reachable(state, 0)  # hidden only while active


def test_race_spiderines() -> None:
    state = ready("spiderines")
    place(state, "r02", 0, 1)
    assert "r22" in board.reachable(state, 0) and "r12" not in board.reachable(state, 0)
    state.seats[0].active = Combo("ogres", PLAIN, 0)
    assert "r22" not in board.reachable(state, 0)


def test_race_will_o_wisps() -> None:
    state = ready("will_o_wisps")
    place(state, "r00", 0, 1)
    reach = board.reachable(state, 0)
    assert {"r01", "r10", "r02", "r11", "r20"} <= set(reach)  # one and two steps away
    assert "r21" not in reach and "r12" not in reach  # three steps; a Chasm is never entered
    state.seats[0].active = Combo("liches", PLAIN, 0)
    assert "r02" not in board.reachable(state, 0)


def test_combo_labels_show_race_power_tokens_coins() -> None:
    state = start()
    state.row[1].coins = 2
    label = smallworld.legal(state, 0)[1].label
    combo = state.row[1]
    race, power = content().races[combo.race], content().powers[combo.power]
    assert race.name in label and power.name in label
    assert f"{race.tokens + power.tokens} tok" in label  # "tokens", or "tok" when the label is tight
    assert "2 coins on it" in label or "+2 coins" in label or "+2c" in label
    assert race.brief in label and power.brief in label
