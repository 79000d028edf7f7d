"""A brick grid (hexagonal topology) that tiles a rectangle, and the geometry a map is made from.

Rows of bricks are offset by half a brick on odd rows, so every cell has up to six neighbours and every
inner vertex joins exactly three cells: two regions never meet at a single point. Vertices are named by
(i, j): i counts half-brick widths from the left edge, j counts rows from the top edge.
"""

from __future__ import annotations

import itertools
import random

Vertex = tuple[int, int]
Point = tuple[float, float]


class Grid:
    def __init__(self, cols: int, rows: int, width: int, height: int, seed: int) -> None:
        self.cols, self.rows, self.width, self.height = cols, rows, width, height
        self.seed = seed
        self.cells: list[tuple[int, int, int]] = []  # (row, first half-slot, end half-slot)
        self.slot: dict[tuple[int, int], int] = {}  # (row, half-slot) -> cell
        for row in range(rows):
            bounds = list(range(0, 2 * cols + 1, 2)) if row % 2 == 0 else [0, *range(1, 2 * cols, 2), 2 * cols]
            for start, end in itertools.pairwise(bounds):
                index = len(self.cells)
                self.cells.append((row, start, end))
                for i in range(start, end):
                    self.slot[(row, i)] = index
        self.neighbours: list[set[int]] = [set() for _ in self.cells]
        for (row, i), cell in self.slot.items():
            for other in (self.slot.get((row, i + 1)), self.slot.get((row + 1, i))):
                if other is not None and other != cell:
                    self.neighbours[cell].add(other)
                    self.neighbours[other].add(cell)

    def polygon(self, cell: int) -> list[Vertex]:
        """The cell's corners, clockwise on screen (y grows downwards)."""
        row, start, end = self.cells[cell]
        return [(i, row) for i in range(start, end + 1)] + [(i, row + 1) for i in range(end, start - 1, -1)]

    def touches_border(self, cell: int) -> bool:
        row, start, end = self.cells[cell]
        return row in (0, self.rows - 1) or start == 0 or end == 2 * self.cols

    def vertex_on_border(self, vertex: Vertex) -> bool:
        i, j = vertex
        return i in (0, 2 * self.cols) or j in (0, self.rows)

    def vertex_cells(self, vertex: Vertex) -> set[int]:
        i, j = vertex
        found = (self.slot.get((row, slot)) for row in (j - 1, j) for slot in (i - 1, i))
        return {cell for cell in found if cell is not None}

    def point(self, vertex: Vertex) -> Point:
        """Pixel position of a vertex, jittered so the grid does not show; border vertices stay on the border."""
        i, j = vertex
        x = i * self.width / (2 * self.cols)
        y = j * self.height / self.rows
        noise = random.Random(f"{self.seed}:{i}:{j}")
        dx = noise.uniform(-0.4, 0.4) * self.width / (2 * self.cols)
        dy = noise.uniform(-0.3, 0.3) * self.height / self.rows
        if i in (0, 2 * self.cols):
            dx = 0.0
        if j in (0, self.rows):
            dy = 0.0
        return (x + dx, y + dy)

    def centre(self, cell: int) -> Point:
        corners = [self.point(vertex) for vertex in self.polygon(cell)]
        return (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))


def catmull_rom(points: list[Point], steps: int = 24) -> list[Point]:
    """A smooth curve through the control points (ends included), as a dense polyline."""
    padded = [points[0], *points, points[-1]]
    curve: list[Point] = []
    for k in range(1, len(padded) - 2):
        p0, p1, p2, p3 = padded[k - 1], padded[k], padded[k + 1], padded[k + 2]
        for step in range(steps):
            t = step / steps
            t2, t3 = t * t, t * t * t
            curve.append(
                tuple(
                    0.5
                    * (
                        2 * p1[d]
                        + (-p0[d] + p2[d]) * t
                        + (2 * p0[d] - 5 * p1[d] + 4 * p2[d] - p3[d]) * t2
                        + (-p0[d] + 3 * p1[d] - 3 * p2[d] + p3[d]) * t3
                    )
                    for d in (0, 1)
                )  # type: ignore[arg-type]
            )
    curve.append(points[-1])
    return curve


def nearest_on_polyline(point: Point, line: list[Point]) -> tuple[float, float]:
    """(distance to the polyline, position along it from 0 at the start to 1 at the end)."""
    lengths = [0.0]
    for a, b in itertools.pairwise(line):
        lengths.append(lengths[-1] + ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
    best, where = float("inf"), 0.0
    for k, (a, b) in enumerate(itertools.pairwise(line)):
        dist, t = segment_distance(point, a, b)
        if dist < best:
            best, where = dist, lengths[k] + t * (lengths[k + 1] - lengths[k])
    return best, where / lengths[-1]


def segment_distance(p: Point, a: Point, b: Point) -> tuple[float, float]:
    """Distance from p to segment ab, and where along ab (0..1) the nearest point lies."""
    ax, ay = a
    vx, vy = b[0] - ax, b[1] - ay
    length2 = vx * vx + vy * vy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * vx + (p[1] - ay) * vy) / length2))
    dx, dy = p[0] - (ax + t * vx), p[1] - (ay + t * vy)
    return (dx * dx + dy * dy) ** 0.5, t


def chaikin(points: list[Point], rounds: int) -> list[Point]:
    """Corner cutting that keeps both ends where they are (shared junctions stay shared)."""
    for _ in range(rounds):
        out = [points[0]]
        for a, b in itertools.pairwise(points):
            out.append((0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]))
            out.append((0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1]))
        out.append(points[-1])
        points = out
    return points


def inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=False):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def edge_distance(point: Point, polygon: list[Point]) -> float:
    return min(segment_distance(point, a, b)[0] for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=False))


def simple(polygon: list[Point]) -> bool:
    """True when no two non-neighbouring edges of the polygon cross."""
    edges = list(zip(polygon, polygon[1:] + polygon[:1], strict=False))
    boxes = [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b in edges]
    count = len(edges)
    for m in range(count):
        for n in range(m + 2, count):
            if m == 0 and n == count - 1:
                continue
            bm, bn = boxes[m], boxes[n]
            if bm[2] < bn[0] or bn[2] < bm[0] or bm[3] < bn[1] or bn[3] < bm[1]:
                continue
            if _cross(*edges[m], *edges[n]):
                return False
    return True


def _cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def orient(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    o1, o2, o3, o4 = orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
    return o1 * o2 < 0 and o3 * o4 < 0
