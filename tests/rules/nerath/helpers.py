"""Small builders for Nerath rule tests: a started game with the board cleared and chosen pieces placed."""

from __future__ import annotations

from typing import Any

from rules.base import Outcome, SeatInfo
from rules.nerath.board import SPACES
from rules.nerath.content import REALM_ORDER
from rules.nerath.engine import ENGINE as nerath
from rules.nerath.state import Piece, State
from rules.rng import Rng


def game(players: int = 4, mode: str = "alliance", length: str = "medium", seed: int = 1, limit: int = 30) -> State:
    options = nerath.meta.resolve_options({"mode": mode, "length": length, "round_limit": str(limit)})
    return nerath.new([SeatInfo() for _ in range(players)], options, Rng(seed))


def scene(realm: str = "karkoth", players: int = 4, mode: str = "alliance", step: str = "move", **kw: Any) -> State:
    """A game on `realm`'s turn at `step`, with every piece removed and empty hands."""
    state = game(players, mode, **kw)
    state.pieces = []
    state.turn = REALM_ORDER.index(realm)
    state.step = step
    for mine in state.realms.values():
        mine.hand = []
        mine.turn_roll, mine.turn_move, mine.turn_income = {}, {}, 0
    return state


def put(state: State, realm: str, kind: str, space: str, count: int = 1, **fields: Any) -> list[Piece]:
    assert space in SPACES, space
    made = []
    for _ in range(count):
        piece = Piece(state.next_id, realm, kind, space, **fields)
        state.next_id += 1
        state.pieces.append(piece)
        made.append(piece)
    return made


def count(state: State, realm: str, kind: str, space: str) -> int:
    return sum(1 for p in state.pieces if p.realm == realm and p.kind == kind and p.space == space)


def act(state: State, action: dict[str, Any], dice: list[int] | None = None, seat: int | None = None) -> list[Any]:
    """Act for the awaited seat (or `seat`) with scripted dice."""
    if seat is None:
        seat = min(nerath.awaiting(state))
    return nerath.act(state, seat, action, Rng(0, forced=dice or []))


def result(state: State) -> Outcome:
    """The outcome of a game the test has played to its end."""
    found = nerath.outcome(state)
    assert found is not None, "the game is still running"
    return found


def texts(events: list[Any]) -> str:
    return "\n".join(e.text for e in events)
