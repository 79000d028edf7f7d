"""Building small Genertela positions for rule tests."""

from __future__ import annotations

from rules.base import SeatInfo
from rules.genertela.board import BOARD, ORDER
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.reinforce import add_unit
from rules.genertela.state import State, Unit
from rules.rng import Rng


def z(name: str) -> str:
    return BOARD.resolve(name)


def blank(turn: int = 20, nation: str = "uz", phase: str = "move") -> State:
    """An empty board at `turn` (20 has no alliance) with `nation` active; the setup is cleared."""
    state = genertela.new([SeatInfo()], {"last_turn": 40}, Rng(0))
    state.units = []
    state.recovering, state.fallen, state.flags = [], [], []
    state.turn, state.order_index, state.phase, state.battle = turn, ORDER.index(nation), phase, None
    state.resources = {}
    return state


def put(state: State, nation: str, zone: str, count: int = 1, kind: str = "standard", **extra: object) -> list[Unit]:
    return [add_unit(state, Unit(0, nation, kind, z(zone), home=z(zone), **extra)) for _ in range(count)]  # type: ignore[arg-type]


def hero(state: State, nation: str, zone: str, name: str, types: list[str], recovery: str = "none") -> Unit:
    unit_id = f"{nation}.{name.lower()}"
    return add_unit(state, Unit(0, nation, "special", z(zone), name, types, unit_id, recovery, "until_lost", z(zone)))
