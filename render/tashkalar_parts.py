"""Tash-Kalar drawing pieces shared by the board and the hand: token shapes, pattern pictures, wrapped text."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.draw import INK, MUTED, Colour, centred_text, contrast, put_text, wrap

GOLD = (212, 170, 40)
WHITE = (255, 255, 255)


def token(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], colour: Colour, rank: int, size: float, mark: str = ""
) -> None:
    """Common: a small disc. Heroic: a large hexagon with a white ring. Legendary: a star with a gold rim.

    `mark` (the seat's letter) is written in the middle, so seats differ by more than colour."""
    x, y = centre
    _shape(draw, centre, colour, rank, size)
    if mark and size >= 24:
        text_size = max(8, int(size * (0.3 if rank == 1 else 0.26 if rank == 2 else 0.24)))
        centred_text(draw, (x, y + (size * 0.03 if rank == 3 else 0)), mark, text_size, fill=contrast(colour))


def _shape(draw: ImageDraw.ImageDraw, centre: tuple[float, float], colour: Colour, rank: int, size: float) -> None:
    x, y = centre
    if rank == 1:
        r = size * 0.25
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=max(1, int(size / 30)))
    elif rank == 2:
        r = size * 0.42
        points = [
            (x + r * math.cos(math.radians(30 + 60 * i)), y + r * math.sin(math.radians(30 + 60 * i))) for i in range(6)
        ]
        draw.polygon(points, fill=colour, outline=INK, width=max(1, int(size / 25)))
        inner = r * 0.45
        draw.ellipse((x - inner, y - inner, x + inner, y + inner), outline=WHITE, width=max(1, int(size / 18)))
    else:
        outer, inner = size * 0.47, size * 0.22
        points = []
        for i in range(10):
            radius = outer if i % 2 == 0 else inner
            angle = math.radians(-90 + 36 * i)
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        draw.polygon(points, fill=colour, outline=GOLD, width=max(2, int(size / 14)))


def pattern(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    grid: Sequence[str],
    colour: Colour,
    rank: int,
    cell: int,
) -> None:
    """A card's pattern: asked-for tokens by rank, the summoning square with a white border."""
    ox, oy = origin
    ranks = {"c": 1, "h": 2, "l": 3}
    for row, line in enumerate(grid):
        for col, ch in enumerate(line):
            box = (ox + col * cell, oy + row * cell, ox + (col + 1) * cell, oy + (row + 1) * cell)
            draw.rectangle(box, fill=(225, 218, 200), outline=MUTED)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            if ch == "@":  # the summoning square: dark with a white border, as the card marks it
                draw.rectangle(box, fill=(70, 70, 80), outline=WHITE, width=max(2, cell // 8))
                token(draw, centre, colour, rank, cell)
            elif ch in ranks:
                token(draw, centre, colour, ranks[ch], cell)


def paragraph(image: Image.Image, xy: tuple[int, int], text: str, size: int, width: int, fill: Colour = INK) -> int:
    """Draw wrapped text; return the y below it."""
    x, y = xy
    for line in wrap(text, size, width, keep_long_words=True):
        put_text(image, (x, y), line, size, fill)
        y += size + 4
    return y
