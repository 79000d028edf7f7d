"""Where a map draws its places, as boxes a web reader may click (render.record.Spot): each place's area, read
from a raster of place numbers, cut into a few boxes that lie inside it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image

from render.record import Box

Run = tuple[int, int]  # columns start <= col < end


def areas(
    raster: Image.Image,
    cell: int,
    origin: tuple[int, int] = (0, 0),
    band: int = 3,
    marks: Mapping[int, Sequence[tuple[float, float]]] | None = None,
) -> dict[int, list[Box]]:
    """Each value's cells in `raster` ("L": one pixel a cell, drawn `cell` pixels square with its top-left corner
    at `origin`) as boxes inside them: rows taken `band` at a time from the value's first row, each run of columns
    the value holds in every row of the band one box. A few boxes a place, not one a row: the cells along a slanted
    edge fall outside them (a place too thin for any band gets a box per row's run). `marks`: points (image
    pixels) that must fall in a value's boxes, such as where its name or pieces are drawn: a mark left outside adds
    the run of its row that holds it."""
    width, height = raster.size
    data = raster.tobytes()
    runs: dict[int, dict[int, list[Run]]] = {}  # value -> row -> its runs in that row
    for row in range(height):
        line = data[row * width : (row + 1) * width]
        start = 0
        for col in range(1, width + 1):
            if col == width or line[col] != line[start]:
                runs.setdefault(line[start], {}).setdefault(row, []).append((start, col))
                start = col
    left, top = origin
    found: dict[int, list[Box]] = {}
    for value, rows in runs.items():
        cells: list[Box] = []
        first, last = min(rows), max(rows)
        for upper in range(first, last + 1, band):
            lower = min(upper + band, last + 1)
            cells += [
                (start, upper, end, lower) for start, end in _common([rows.get(r, []) for r in range(upper, lower)])
            ]
        if not cells:
            cells = [(start, row, end, row + 1) for row, line in rows.items() for start, end in line]
        for x, y in (marks or {}).get(value, ()):
            col, row = int((x - left) // cell), int((y - top) // cell)
            if not any(x0 <= col < x1 and y0 <= row < y1 for x0, y0, x1, y1 in cells):
                cells += [(start, row, end, row + 1) for start, end in rows.get(row, []) if start <= col < end]
        found[value] = [
            (left + x0 * cell, top + y0 * cell, left + x1 * cell, top + y1 * cell) for x0, y0, x1, y1 in cells
        ]
    return found


def _common(lines: list[list[Run]]) -> list[Run]:
    """The columns every line's runs hold, as runs."""
    shared = lines[0]
    for line in lines[1:]:
        shared = [(max(a, c), min(b, d)) for a, b in shared for c, d in line if max(a, c) < min(b, d)]
    return shared


def clip(boxes: list[Box], limit: Box) -> list[Box]:
    """The boxes cut to `limit` (a map's area on the image), those left empty dropped."""
    cut = [(max(x0, limit[0]), max(y0, limit[1]), min(x1, limit[2]), min(y1, limit[3])) for x0, y0, x1, y1 in boxes]
    return [box for box in cut if box[0] < box[2] and box[1] < box[3]]
