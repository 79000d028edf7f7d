"""Tic-tac-toe's board and state: the squares, the lines that win, the marks."""

from __future__ import annotations

from dataclasses import dataclass, field

SQUARES = tuple(f"{col}{row}" for row in (3, 2, 1) for col in "abc")
LINES = (
    ("a1", "b1", "c1"), ("a2", "b2", "c2"), ("a3", "b3", "c3"),
    ("a1", "a2", "a3"), ("b1", "b2", "b3"), ("c1", "c2", "c3"),
    ("a1", "b2", "c3"), ("a3", "b2", "c1"),
)  # fmt: skip
MARKS = ("X", "O")


@dataclass
class State:
    board: dict[str, int] = field(default_factory=dict)  # square -> seat
    marks: list[str] = field(default_factory=lambda: list(MARKS))  # seat -> mark
    to_move: int = 0
    winner: int | None = None
    resigned: bool = False
    moves: int = 0
