"""Whole scripted games on the fixture maps, with final scores worked out by hand in the comments.

"End" spreads tokens in hand one at a time onto the thinnest region (ties: map order), so a player who
only ends keeps the same regions and scores the same every turn.
"""

from __future__ import annotations

import pytest

from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.state import OVER, Combo, State
from tests.rules.smallworld.helpers import do, start

pytestmark = pytest.mark.usefixtures("fixture_maps")


def setup(players: int, row: list[tuple[str, str]], races: list[str], powers: list[str], treasures: list[str]) -> State:
    state = start(players)
    state.row = [Combo(race, power, 0) for race, power in row]
    state.races, state.powers, state.treasures = races, powers, treasures
    return state


def coins(state: State) -> list[int]:
    return [player.coins for player in state.seats]


def end_turns(state: State, count: int) -> None:
    for _ in range(count):
        do(state, state.current, type="end")


def test_scripted_game_two_players() -> None:
    state = setup(
        2,
        [("ogres", "haunted"), ("shrubmen", "ancient"), ("drow", "immortal"), ("kraken", "arcane"),
         ("mudmen", "flocking"), ("liches", "fireball")],
        ["gnomes", "martians", "mummies"], ["corrupt", "mimic", "vampire"],
        ["crown_of_mushrooms", "glittering_seam", "gold_idol"],
    )  # fmt: skip
    # Turn 1. Seat 0: Ogres+Haunted, 8 tokens: mine r02 (2), mud r03 (2), ruins+mountain r13 (3); 1 left -> r02.
    do(state, 0, type="pick", combo="1")
    for region in ("r02", "r03", "r13"):
        do(state, 0, type="conquer", region=region)
    do(state, 0, type="end")  # 3 regions: +3
    # Seat 1: Shrubmen+Ancient, 10 tokens: r33, r32, r31, r23 at 2 each; 2 left -> r23, r31.
    do(state, 1, type="pick", combo="1")
    for region in ("r33", "r32", "r31", "r23"):
        do(state, 1, type="conquer", region=region)
    do(state, 1, type="end")  # 4 regions + 1 Fungus + 1 Ruins: +6
    assert coins(state) == [8, 11]
    # Turn 2. Seat 0 readies 5 tokens and takes r23 (2 + 3 Shrubmen): Ogres +1 for an occupied region.
    assert state.seats[0].hand == 5
    do(state, 0, type="conquer", region="r23")
    do(state, 0, type="end")  # 4 regions + 1: +5
    # Seat 1 lost 1 token and puts the other 2 back on r31 (now 5).
    assert smallworld.awaiting(state) == frozenset({1}) and state.seats[1].pending == 2
    do(state, 1, type="redeploy", frm="hand", to="r31", count=2)
    # Seat 1 readies 6 tokens, beats the monsters of r22 (4) and finds the Crown of Mushrooms (+3 a turn).
    do(state, 1, type="conquer", region="r22")
    assert state.regions["r22"].treasure == "crown_of_mushrooms"
    do(state, 1, type="end")  # 4 regions + 2 Fungus + 1 Ruins + 3 Crown: +10
    assert coins(state) == [13, 21]
    # Turns 3 and 4: both only end: seat 0 +4, seat 1 +10 each turn.
    end_turns(state, 4)
    assert coins(state) == [21, 41]
    # Turn 5: seat 0 declines: 4 declined regions, +4. Seat 1 +10.
    do(state, 0, type="decline")
    do(state, 1, type="end")
    assert coins(state) == [25, 51]
    assert state.seats[0].declined == Combo("ogres", "haunted", 0)
    # Turn 6: seat 0 picks Drow+Immortal (8): r00 (2), r01 with monsters (4) holding the Glittering Seam.
    do(state, 0, type="pick", combo="1")
    do(state, 0, type="conquer", region="r00")
    do(state, 0, type="conquer", region="r01")
    do(state, 0, type="end")  # 2 active + 4 declined + Drow recluse (r00 only: r01 borders the Ogres) + Seam 2 = 9
    do(state, 1, type="end")
    assert coins(state) == [34, 61]
    # Turns 7 to 10: seat 0 +9, seat 1 +10 each turn.
    end_turns(state, 8)
    assert state.phase == OVER and not smallworld.awaiting(state)
    result = smallworld.outcome(state)
    assert result is not None and result.scores == {0: 70, 1: 101} and result.winners == (1,)


def test_scripted_game_five_players() -> None:
    state = setup(
        5,
        [("ogres", "haunted"), ("shrubmen", "ancient"), ("kraken", "arcane"), ("mudmen", "flocking"),
         ("liches", "fireball"), ("gnomes", "corrupt")],
        ["martians", "mummies", "drow"], ["mimic", "vampire", "tomb"],
        ["crown_of_mushrooms", "glittering_seam"],
    )  # fmt: skip
    first = {
        0: ["r02", "r03"],  # Ogres+Haunted: mine, mud: 2 a turn
        1: ["r05", "r04"],  # Shrubmen+Ancient: fungus, ruins: 2 + 1 + 1 = 4 a turn
        2: ["r45", "r35", "r44"],  # Kraken+Arcane: 2 Rivers (kept) and mud: 3 a turn
        3: ["r30", "r40", "r31"],  # Mudmen+Flocking: 3 a turn
        4: ["r15", "r14", "r13"],  # Liches+Fireball: 3 a turn
    }
    for seat, regions in first.items():  # turn 1: everyone takes the top combo
        do(state, seat, type="pick", combo="1")
        for region in regions:
            do(state, seat, type="conquer", region=region)
        do(state, seat, type="end")
    assert coins(state) == [7, 9, 8, 8, 8]
    assert state.regions["r45"].owner == 2 and state.regions["r04"].tokens == 5
    # Turn 2: seats 0-3 end; seat 4 readies 6 and takes r04 from the Shrubmen (2 + 5 - 1 Fireball = 6).
    end_turns(state, 4)
    assert state.seats[4].hand == 6
    do(state, 4, type="conquer", region="r04")
    do(state, 4, type="end")  # 4 regions: +4
    do(state, 1, type="end")  # the Shrubmen put their 4 withdrawn tokens back on r05
    assert state.regions["r05"].tokens == 9 and state.current == 0
    assert coins(state) == [9, 13, 11, 11, 12]
    # Turn 3: everyone ends; the Shrubmen now score 1 + 1 Fungus; the Liches 4.
    end_turns(state, 5)
    # Turn 4: seat 0 declines (2 declined regions: +2), the others end.
    do(state, 0, type="decline")
    end_turns(state, 4)
    assert coins(state) == [13, 17, 17, 17, 20]
    # Turn 5: seat 0 picks Gnomes+Corrupt (9): r00 (2), r01 with monsters (4): the Crown of Mushrooms.
    do(state, 0, type="pick", combo="1")
    do(state, 0, type="conquer", region="r00")
    do(state, 0, type="conquer", region="r01")
    do(state, 0, type="end")  # 2 active + 2 declined + Crown 3 = 7
    end_turns(state, 4)
    # Turns 6 to 8: 7, 2, 3, 3, 4 a turn.
    end_turns(state, 15)
    result = smallworld.outcome(state)
    assert result is not None
    assert result.scores == {0: 41, 1: 25, 2: 29, 3: 29, 4: 36} and result.winners == (0,)
