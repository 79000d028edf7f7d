"""Arena geometry: square names, neighbours, the 8 orientations of a pattern."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

SIZE = 9
FILES = "abcdefghi"
# Top row first, as the board is drawn.
SQUARES: tuple[str, ...] = tuple(f"{FILES[x]}{y + 1}" for y in range(SIZE - 1, -1, -1) for x in range(SIZE))
_SQUARE_SET = frozenset(SQUARES)

ORIENTATIONS: tuple[str, ...] = ("0", "90", "180", "270", "0m", "90m", "180m", "270m")
ORIENTATION_LABELS: dict[str, str] = {
    "0": "as printed",
    "90": "rotated 90°",
    "180": "rotated 180°",
    "270": "rotated 270°",
    "0m": "mirrored",
    "90m": "mirrored, rotated 90°",
    "180m": "mirrored, rotated 180°",
    "270m": "mirrored, rotated 270°",
}
DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

Offset = tuple[int, int]


def is_square(text: object) -> bool:
    return isinstance(text, str) and text in _SQUARE_SET


def name(x: int, y: int) -> str:
    return f"{FILES[x]}{y + 1}"


def coords(square: str) -> tuple[int, int]:
    return FILES.index(square[0]), int(square[1:]) - 1


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


# The geometry below is asked for hundreds of thousands of times a bot game, always of the same 81 squares:
# each answer is computed once and kept (tuples, so no caller can change a kept answer).


@cache
def neighbours(square: str) -> tuple[str, ...]:
    """The 8 surrounding squares (the rulings count diagonals as adjacent)."""
    x, y = coords(square)
    return tuple(name(x + dx, y + dy) for dx, dy in DIRECTIONS if on_board(x + dx, y + dy))


@cache
def within(square: str, reach: int) -> tuple[str, ...]:
    """Squares at most `reach` king-steps away, the square itself excluded."""
    x, y = coords(square)
    out = []
    for dy in range(reach, -reach - 1, -1):
        for dx in range(-reach, reach + 1):
            if (dx or dy) and on_board(x + dx, y + dy):
                out.append(name(x + dx, y + dy))
    return tuple(out)


@cache
def rays(square: str) -> tuple[tuple[str, ...], ...]:
    """The 8 straight lines leaving a square, nearest square first."""
    x, y = coords(square)
    lines = []
    for dx, dy in DIRECTIONS:
        line = []
        cx, cy = x + dx, y + dy
        while on_board(cx, cy):
            line.append(name(cx, cy))
            cx, cy = cx + dx, cy + dy
        lines.append(tuple(line))
    return tuple(lines)


def orient(offset: Offset, orientation: str) -> Offset:
    """Mirror left-right first (if asked), then turn clockwise by the given angle."""
    dx, dy = offset
    if orientation.endswith("m"):
        dx = -dx
    for _ in range(int(orientation.rstrip("m")) // 90):
        dx, dy = dy, -dx
    return dx, dy


def grid_cells(grid: Sequence[str]) -> list[tuple[int, int, str]]:
    """Every non-blank cell of a grid as (column, row-from-top, character)."""
    return [(col, row, ch) for row, line in enumerate(grid) for col, ch in enumerate(line) if ch != "."]


def relative(cells: Iterable[tuple[int, int, str]], origin: tuple[int, int]) -> list[tuple[int, int, str]]:
    """Cells as offsets from `origin` with y pointing up the board (grids are written top row first)."""
    ox, oy = origin
    return [(col - ox, oy - row, ch) for col, row, ch in cells]
