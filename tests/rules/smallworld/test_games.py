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
        [("iron_dwarves", "barricade"), ("flames", "ancient"), ("drow", "immortal"), ("kraken", "arcane"),
         ("mudmen", "flocking"), ("liches", "fireball")],
        ["gnomes", "martians", "mummies"], ["corrupt", "mimic", "vampire"],
        ["crown_of_mushrooms", "glittering_seam", "gold_idol"],
    )  # fmt: skip
    # Turn 1. Seat 0: Iron Dwarves+Barricade, 10 tokens: mine r02 (2), mud r03 (2), ruins+mountain r13 (3);
    # 3 left -> r02, r03, r02.
    do(state, 0, type="pick", combo="1")
    for region in ("r02", "r03", "r13"):
        do(state, 0, type="conquer", region=region)
    do(state, 0, type="end")  # 3 regions + 1 Mine (Iron Dwarves): +4
    # Seat 1: Flames+Ancient, 11 tokens: r33, r32, r31, r23 and the Volcano r30 at 2 each; 1 left -> r23.
    do(state, 1, type="pick", combo="1")
    for region in ("r33", "r32", "r31", "r23", "r30"):
        do(state, 1, type="conquer", region=region)
    do(state, 1, type="end")  # 5 regions + 2 for the Volcano (Flames), no Black Mountain: +7
    assert coins(state) == [9, 12]
    # Turn 2. Seat 0 readies 7 tokens and takes r23 (2 + 3 Flames tokens); 2 left -> r02, r03.
    assert state.seats[0].hand == 7
    do(state, 0, type="conquer", region="r23")
    do(state, 0, type="end")  # 4 regions + 1 Mine: +5
    # Seat 1 lost 1 token and puts the other 2 back on r31.
    assert smallworld.awaiting(state) == frozenset({1}) and state.seats[1].pending == 2
    do(state, 1, type="redeploy", frm="hand", to="r31", count=2)
    # Seat 1 readies 6 tokens, beats the Spore Mother of r22 (2 monsters: cost 4, +1 token) and finds the Crown
    # of Mushrooms (+1 a turn per other player with an active race).
    assert state.seats[1].hand == 6
    do(state, 1, type="conquer", region="r22")
    assert state.regions["r22"].treasure == "crown_of_mushrooms" and state.seats[1].hand == 6 - 4 + 1
    do(state, 1, type="end")  # 5 regions + 2 Volcano + 1 Crown: +8
    assert coins(state) == [14, 20]
    # Turns 3 and 4: both only end: seat 0 +5, seat 1 +8 each turn.
    end_turns(state, 4)
    assert coins(state) == [24, 36]
    # Turn 5: seat 0 declines: 4 declined regions, +1 for the Mine (Iron Dwarves score in decline): +5.
    # Seat 1: no other player has an active race now, so the Crown pays nothing: +7.
    do(state, 0, type="decline")
    do(state, 1, type="end")
    assert coins(state) == [29, 43]
    assert state.seats[0].declined == Combo("iron_dwarves", "barricade", 0)
    # Turn 6: seat 0 picks Drow+Immortal (8): r00 (2), r01 with the Crystal Golem (4, +2 coins) holding the
    # Glittering Seam.
    do(state, 0, type="pick", combo="1")
    do(state, 0, type="conquer", region="r00")
    do(state, 0, type="conquer", region="r01")
    assert state.seats[0].coins == 29 + 2
    # 2 active + 4 declined + 1 Mine in decline + Drow recluse (r00 only: r01 borders the declined Dwarves)
    # + Seam 2 = 10
    do(state, 0, type="end")
    do(state, 1, type="end")  # the Crown pays again: +8
    assert coins(state) == [41, 51]
    # Turns 7 to 10: seat 0 +10, seat 1 +8 each turn.
    end_turns(state, 8)
    assert state.phase == OVER and not smallworld.awaiting(state)
    result = smallworld.outcome(state)
    assert result is not None and result.scores == {0: 81, 1: 83} and result.winners == (1,)


def test_scripted_game_five_players() -> None:
    state = setup(
        5,
        [("liches", "barricade"), ("iron_dwarves", "ancient"), ("kraken", "arcane"), ("mudmen", "flocking"),
         ("faceless", "fireball"), ("gnomes", "corrupt")],
        ["martians", "mummies", "drow"], ["mimic", "vampire", "tomb"],
        ["crown_of_mushrooms", "glittering_seam"],
    )  # fmt: skip
    # Turn 1, everyone takes the top combo.
    do(state, 0, type="pick", combo="1")  # Liches+Barricade (8): mine, mud; 4 left -> 2 on each: 2 a turn
    for region in ("r02", "r03"):
        do(state, 0, type="conquer", region=region)
    do(state, 0, type="end")
    do(state, 1, type="pick", combo="1")  # Iron Dwarves+Ancient (10): fungus, ruins, fungus, ruins+mountain (3)
    for region in ("r05", "r04", "r14", "r13"):
        do(state, 1, type="conquer", region=region)
    do(state, 1, type="end")  # 1 left -> r04; 4 regions + 1 Black Mountain (Ancient): +5
    do(state, 2, type="pick", combo="1")  # Kraken+Arcane (10): Rivers r45, r35 at 1 each, mud r44 (2)
    for region in ("r45", "r35", "r44", "r34"):  # and the Rock Wyrm's mine r34 (2 + 3): +3 coins, the Crown
        do(state, 2, type="conquer", region=region)
    assert state.regions["r34"].treasure == "crown_of_mushrooms" and state.seats[2].coins == 5 + 3
    do(state, 2, type="end")  # 4 regions (Kraken keep Rivers) + Crown 2 (seats 0 and 1 have active races): +6
    do(state, 3, type="pick", combo="1")  # Mudmen+Flocking (8): mud, crystal, ruins: 3 a turn
    for region in ("r30", "r40", "r31"):
        do(state, 3, type="conquer", region=region)
    do(state, 3, type="end")
    do(state, 4, type="pick", combo="1")  # Faceless+Fireball (7): r15 (2), r14 from seat 1 (2 + 2 - 1 Fireball,
    for region in ("r15", "r14", "r24"):  # +1 Faceless token), r24 (2): 3 a turn, 1 token left
        do(state, 4, type="conquer", region=region)
    do(state, 4, type="end")
    assert smallworld.awaiting(state) == frozenset({1}) and state.seats[1].pending == 1
    do(state, 1, type="end")  # seat 1 puts its withdrawn token back on its thinnest region, r05
    assert state.current == 0 and state.regions["r05"].tokens == 3
    assert coins(state) == [7, 10, 14, 8, 8]
    # Turn 2: everyone ends: 2, 3 + 1 Black Mountain, 4 + Crown 4, 3, 3.
    end_turns(state, 5)
    assert coins(state) == [9, 14, 22, 11, 11]
    # Turn 3: seat 0 declines (2 declined regions + 2 Liches: +4); the Crown now counts 3 rivals.
    do(state, 0, type="decline")
    end_turns(state, 4)
    assert coins(state) == [13, 18, 29, 14, 14]
    # Turn 4: seat 0 picks Gnomes+Corrupt (11): r00 (2), r01 with the Crystal Golem (4, +2 coins): the Seam.
    do(state, 0, type="pick", combo="1")
    do(state, 0, type="conquer", region="r00")
    do(state, 0, type="conquer", region="r01")
    do(state, 0, type="end")  # 2 active + 2 declined + 2 Liches + Seam 2 = 8
    end_turns(state, 4)  # the Crown counts 4 rivals again
    assert coins(state) == [23, 22, 37, 17, 17]
    # Turns 5 to 8: 8, 4, 8, 3, 3 a turn.
    end_turns(state, 20)
    result = smallworld.outcome(state)
    assert result is not None
    assert result.scores == {0: 55, 1: 38, 2: 69, 3: 29, 4: 29} and result.winners == (2,)
