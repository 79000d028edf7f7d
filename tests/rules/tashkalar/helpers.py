"""Shared set-ups for the Tash-Kalar tests: an empty arena, chosen hands, patterns laid out by hand."""

from __future__ import annotations

from typing import Any

from rules.base import Event, SeatInfo
from rules.rng import Rng
from rules.tashkalar.board import coords, name, on_board
from rules.tashkalar.content import CARDS
from rules.tashkalar.engine import ENGINE as tashkalar
from rules.tashkalar.state import State, make_token


def fresh(players: int = 2, mode: str = "high_form", teams: bool = False, seed: int = 1) -> State:
    """A started game with an empty arena, seat 0 to act with 2 actions."""
    options = {"mode": mode, "teams": "yes" if teams else "no", "rounds": 30}
    state = tashkalar.new([SeatInfo() for _ in range(players)], options, Rng(seed))
    state.actions_left = 2
    return state


def put(state: State, owner: int, rank: int, *squares: str) -> None:
    for square in squares:
        state.board[square] = make_token(owner, rank)


def lay(state: State, seat: int, card_id: str, where: str, orientation: str = "0") -> list[str]:
    """Put exactly the tokens a card's pattern asks for around `where`; return the pattern squares."""
    x, y = coords(where)
    squares = []
    for dx, dy, rank in CARDS[card_id].oriented(orientation):
        if not on_board(x + dx, y + dy):
            raise ValueError(f"{card_id} at {where} ({orientation}) reaches off the arena")
        square = name(x + dx, y + dy)
        put(state, seat, rank, square)
        squares.append(square)
    return squares


def hand(state: State, seat: int, beings: list[str] | None = None, legends: list[str] | None = None) -> None:
    if beings is not None:
        state.hands[seat].beings = list(beings)
    if legends is not None:
        state.hands[seat].legends = list(legends)


def act(state: State, seat: int, seed: int = 0, **action: Any) -> list[Event]:
    if "frm" in action:
        action["from"] = action.pop("frm")
    return tashkalar.act(state, seat, action, Rng(seed))


def summon(state: State, seat: int, card: str, where: str, orientation: str = "0") -> list[Event]:
    return act(state, seat, type="summon", card=card, where=where, orientation=orientation)


def types(state: State, seat: int) -> set[str]:
    return {choice.action["type"] for choice in tashkalar.legal(state, seat)}


def owner_rank(state: State, square: str) -> tuple[int, int] | None:
    token = state.board.get(square)
    return None if token is None else (token // 10, token % 10)
