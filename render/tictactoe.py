"""Tic-tac-toe board: the grid, the marks, whose move it is."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.draw import INK, MUTED, PAPER, centred_text, header, seat_colour
from render.record import Renderer, TableFacts
from rules.tictactoe.engine import SQUARES, State, outcome, winning_line

# 480 px wide: Discord shows it inline at full size, so even the squares' names (14 px) read as drawn.
CELL = 140
TOP = 56
MARGIN = 30


def render(state: State, facts: TableFacts) -> Image.Image:
    names = facts.names
    size = MARGIN * 2 + CELL * 3
    image = Image.new("RGB", (size, TOP + 20 + CELL * 3 + MARGIN), PAPER)
    draw = ImageDraw.Draw(image)
    result = outcome(state)
    if result is None:
        line = f"{names[state.to_move]} ({state.marks[state.to_move]}) to move"
    elif state.winner is None:  # still naming the players: every posted board says whose game it is
        line = f"Draw: {names[0]} ({state.marks[0]}) and {names[1]} ({state.marks[1]})"
    else:
        how = "by resignation" if state.resigned else "with three in a row"
        line = f"{names[state.winner]} ({state.marks[state.winner]}) wins {how}"
    header(image, "Tic-tac-toe", line)
    for index, square in enumerate(SQUARES):
        row, col = divmod(index, 3)
        x0, y0 = MARGIN + col * CELL, TOP + 20 + row * CELL
        draw.rectangle((x0, y0, x0 + CELL, y0 + CELL), outline=INK, width=3)
        centred_text(draw, (x0 + 14, y0 + 12), square, 14, fill=MUTED)
        if square in state.board:
            seat = state.board[square]
            centre = (x0 + CELL / 2, y0 + CELL / 2)
            centred_text(draw, centre, state.marks[seat], 90, fill=seat_colour(seat), outline=INK)
    won = winning_line(state)
    if won is not None and state.winner is not None:  # the finale marks what decided the game
        ends = [_centre(won[0]), _centre(won[-1])]
        draw.line(ends, fill=INK, width=22)
        draw.line(ends, fill=seat_colour(state.winner), width=14)
    return image


def _centre(square: str) -> tuple[float, float]:
    row, col = divmod(SQUARES.index(square), 3)
    return MARGIN + col * CELL + CELL / 2, TOP + 20 + row * CELL + CELL / 2


RENDERER = Renderer(board=render)
