"""Tic-tac-toe's bot: the whole game tree is small, so it never plays a move that loses against perfect play, and
among the safe moves it plays the one with the best chance of winning against an opponent who plays any free
square."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from rules.tictactoe.state import LINES, SQUARES, State


def _winner(board: tuple[int, ...]) -> int | None:
    """The seat with three in a row on a board of 9 cells (-1 empty), or None."""
    for line in LINES:
        a, b, c = (SQUARES.index(square) for square in line)
        if board[a] != -1 and board[a] == board[b] == board[c]:
            return board[a]
    return None


def _after(board: tuple[int, ...], cell: int, seat: int) -> tuple[int, ...]:
    return (*board[:cell], seat, *board[cell + 1 :])


@cache
def _perfect(board: tuple[int, ...], to_move: int, me: int) -> int:
    """The result for `me` if both seats play perfectly from here: above 0 a win (the sooner, the higher), 0 a
    draw, below 0 a loss (the later, the less bad)."""
    free = [i for i, cell in enumerate(board) if cell == -1]
    won = _winner(board)
    if won is not None:
        return 1 + len(free) if won == me else -1 - len(free)
    if not free:
        return 0
    results = [_perfect(_after(board, i, to_move), 1 - to_move, me) for i in free]
    return max(results) if to_move == me else min(results)


@cache
def _chance(board: tuple[int, ...], to_move: int, me: int) -> float:
    """The chance that `me` wins, playing safely (never a move perfect play would lose) for the best chance, while
    the other seat plays any free square: what makes the bot beat a casual player more often than a draw."""
    won = _winner(board)
    if won is not None:
        return 1.0 if won == me else 0.0
    free = [i for i, cell in enumerate(board) if cell == -1]
    if not free:
        return 0.0
    if to_move != me:
        return sum(_chance(_after(board, i, to_move), 1 - to_move, me) for i in free) / len(free)
    return max(_chance(_after(board, i, me), 1 - me, me) for i in _safe(board, me, free))


def _safe(board: tuple[int, ...], me: int, free: list[int]) -> list[int]:
    """The free cells whose perfect-play result is the best there is."""
    results = {i: _perfect(_after(board, i, me), 1 - me, me) for i in free}
    best = max(results.values())
    return [i for i in free if results[i] == best]


def policy(view: State, seat: int, chooser: random.Random) -> dict[str, Any]:
    board = tuple(view.board.get(square, -1) for square in SQUARES)
    safe = _safe(board, seat, [i for i, cell in enumerate(board) if cell == -1])
    rated = {i: _chance(_after(board, i, seat), 1 - seat, seat) for i in safe}
    best = max(rated.values())
    return {"type": "mark", "square": SQUARES[chooser.choice([i for i in safe if rated[i] == best])]}


def side_of(state: State, seat: int) -> str:
    return state.marks[seat]
