"""Scenario helpers: a started game on the fixture maps, and direct set-up of combos and regions.

Fixture map for 2 players (ids r<row><column>), see fixtures/make_maps.py:
    r00 fungus   r01 crystal(monsters)  r02 mine     r03 mud
    r10 river    r11 river              r12 chasm    r13 ruins(Black Mountain)
    r20 mine(BM) r21 mine               r22 fungus(monsters)  r23 crystal
    r30 volcano  r31 ruins              r32 crystal  r33 fungus
Inner (not border) regions: r11, r12, r21, r22.
"""

from __future__ import annotations

from typing import Any

from rules.base import Event, SeatInfo
from rules.rng import Rng
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.state import CONQUER, Combo, Region, State

DIE = {0: 1, 1: 4, 2: 5, 3: 6}  # forced d6 face that shows this reinforcement-die value


def start(players: int = 2, seed: int = 1) -> State:
    return smallworld.new([SeatInfo() for _ in range(players)], {}, Rng(seed))


def give(state: State, seat: int, race: str, power: str, hand: int) -> None:
    """Make `seat` the active player holding race+power with `hand` tokens, ready to conquer."""
    player = state.seats[seat]
    player.active = Combo(race, power, 0)
    player.hand = hand
    state.tray[race] -= hand
    state.current = seat
    state.phase = CONQUER


def place(state: State, region: str, seat: int, tokens: int, declined: bool = False) -> None:
    here = state.regions[region]
    here.owner, here.tokens, here.declined = seat, tokens, declined


def decline_with(state: State, seat: int, race: str, power: str) -> None:
    state.seats[seat].declined = Combo(race, power, 0)


def clear(state: State) -> None:
    """No monsters anywhere (scenarios that want clean costs)."""
    for region in state.regions.values():
        region.monsters = 0


def do(state: State, seat: int, rng: Rng | None = None, **action: Any) -> list[Event]:
    if "frm" in action:
        action["source"] = action.pop("frm")
    return smallworld.act(state, seat, action, rng or Rng(0))


def empty(state: State, region: str) -> Region:
    state.regions[region] = Region()
    return state.regions[region]
