"""Tic-tac-toe engine. Squares are a1..c3 (column letter, row number from the bottom)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.base import (
    ActionLog,
    ActionSpec,
    Choice,
    Engine,
    Event,
    Meta,
    Outcome,
    Param,
    SeatInfo,
    require,
    seat_ref,
)
from rules.rng import Rng
from rules.tictactoe.bot import policy
from rules.tictactoe.state import LINES, MARKS, SQUARES, State

meta = Meta(
    id="tictactoe",
    title="Tic-tac-toe",
    min_players=2,
    max_players=2,
    summary="Three in a row on a 3x3 grid: a one-minute game for trying the bot.",
    actions=(
        ActionSpec("mark", "Put your mark on an empty square.", (Param("square", "Square, a1 to c3"),), menu=True),
        ActionSpec("resign", "Give up this game."),
    ),
    factions=MARKS,
    demo=True,
)


def new(seats: Sequence[SeatInfo], options: dict[str, Any], rng: Rng) -> State:
    require(len(seats) == 2, "Tic-tac-toe needs exactly 2 players.")
    wanted = [seat.faction for seat in seats]
    marks = ["X", "O"] if wanted[0] != "O" and wanted[1] != "X" else ["O", "X"]
    return State(marks=marks, to_move=marks.index("X"))


def _finished(state: State) -> bool:
    return state.winner is not None or len(state.board) == 9


def awaiting(state: State) -> frozenset[int]:
    return frozenset() if _finished(state) else frozenset({state.to_move})


def legal(state: State, seat: int) -> list[Choice]:
    if seat not in awaiting(state):
        return []
    free = [square for square in SQUARES if square not in state.board]
    endgame = len(free) <= 3  # with few squares left, offer them as buttons
    choices = [Choice({"type": "mark", "square": square}, f"Mark {square}", quick=endgame) for square in free]
    return [*choices, Choice({"type": "resign"}, "Resign")]


def check(state: State, seat: int, action: dict[str, Any]) -> None:
    """Whether `action` is legal now (the front door in rules/base.py already checked the seat and the action's
    shape): one square looked at, not the whole list of legal moves."""
    if action["type"] == "mark":
        square = str(action["square"]).lower()
        require(square in SQUARES, f"{square or 'That'} is not a square; use a1 to c3.")
        require(square not in state.board, lambda: f"{square} is taken; free squares: {_free(state)}.")


def _mark(state: State, seat: int, action: dict[str, Any], log: ActionLog) -> None:
    square = str(action["square"]).lower()
    state.board[square] = seat
    state.moves += 1
    log.say(f"{seat_ref(seat)} puts {state.marks[seat]} on {square}.")
    if any(all(state.board.get(s) == seat for s in line) for line in LINES):
        state.winner = seat
    state.to_move = 1 - seat


def _resign(state: State, seat: int, action: dict[str, Any], log: ActionLog) -> None:
    state.winner = 1 - seat
    state.resigned = True
    log.say(f"{seat_ref(seat)} resigns.")


# Each action type and what it does: a new move is a new entry (and its ActionSpec in meta).
MOVES: dict[str, Callable[[State, int, dict[str, Any], ActionLog], None]] = {"mark": _mark, "resign": _resign}


def act(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    check(state, seat, action)
    log = ActionLog()
    MOVES[action["type"]](state, seat, action, log)
    log.say(f"End of {seat_ref(seat)}'s turn.", "turn_end")
    result = outcome(state)
    if result:
        log.say(result.summary, "game_end")
    return log.events


def _free(state: State) -> str:
    return ", ".join(square for square in SQUARES if square not in state.board)


def view(state: State, seat: int | None) -> State:
    return state  # nothing is hidden


def status(state: State, seat: int | None) -> str:
    result = outcome(state)
    if result:
        return result.summary
    mine = f" You play {state.marks[seat]}." if seat is not None else ""
    return f"{seat_ref(state.to_move)} ({state.marks[state.to_move]}) to move.{mine}"


def outcome(state: State) -> Outcome | None:
    if not _finished(state):
        return None
    if state.winner is None:
        full = "the grid is full with no three in a row"
        return Outcome((0, 1), {0: 0, 1: 0}, "A draw: the grid is full.", reason=full, draw=True)
    scores = {state.winner: 1, 1 - state.winner: 0}
    how = "by resignation" if state.resigned else "with three in a row"
    line = winning_line(state)
    if state.resigned or line is None:
        why = f"{seat_ref(1 - state.winner)} resigned"
    else:
        why = f"{seat_ref(state.winner)} got three in a row ({', '.join(line)})"
    return Outcome((state.winner,), scores, f"{seat_ref(state.winner)} wins {how}.", reason=why)


def winning_line(state: State) -> tuple[str, ...] | None:
    """The three squares that won the game (the board marks them), or None."""
    if state.winner is None:
        return None
    return next((line for line in LINES if all(state.board.get(s) == state.winner for s in line)), None)


def fallback(state: State, seat: int) -> dict[str, Any]:
    return {"type": "mark", "square": next(s for s in SQUARES if s not in state.board)}


ENGINE = Engine(
    meta=meta,
    State=State,
    new=new,
    awaiting=awaiting,
    legal=legal,
    apply=act,
    view=view,
    status=status,
    outcome=outcome,
    fallback=fallback,
    check=check,
    bot=policy,
)
