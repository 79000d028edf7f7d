"""Builds the four original Small World Underground maps from specs.json and names.json.

    python rules/smallworld/content/maps/tools/generate.py        # rewrites ../2p.json .. ../5p.json

A map is a brick grid (grid.py) whose cells are grouped into regions. The River is a winding band along
hand-placed control points, cut into several regions; each chasm is a short crack; the volcano is a blob;
the remaining cells grow into land regions from evenly spread seeds. A region's outline is the boundary
of its cells: each stretch between two junctions is roughened and smoothed once and shared by both sides,
so neighbouring outlines coincide exactly and adjacency is "shares a cell edge". The JSON written here is
the source of truth; this script documents how it was made and can rebuild it (byte for byte).

An attempt is rejected, and the next seed tried, when a region is in pieces, too small, holed or inside
another region, when the map or the River falls apart, when fewer than a quarter of the land regions are
inner (not on the border nor touching the River: a race cannot enter there first), when a smoothed outline
crosses itself, when a region's centre lies within 30 pixels of its wall (no room for its name and pieces),
or when two neighbours share less wall than the map's `min_wall` pixels. specs.json holds each map's
hand-placed River, chasms and volcano, its counts and seed (optionally `rim`, how cheaply edge regions grow
along the edge, and `chasm_width`); names.json the region names by terrain. A run takes a few minutes.
"""

from __future__ import annotations

import heapq
import itertools
import json
import random
import re
import sys
from collections import deque
from pathlib import Path
from typing import Any

from grid import Grid, Point, Vertex, catmull_rom, chaikin, edge_distance, inside, nearest_on_polyline, simple

HERE = Path(__file__).resolve().parent
OUTSIDE = -1
LAND = ("fungus", "crystal", "mine", "mud", "ruins")


class Rejected(Exception):
    """This attempt broke a rule of a good map; the caller tries the next seed."""


def place_features(grid: Grid, spec: dict[str, Any]) -> tuple[dict[int, int], list[str]]:
    """River, chasms and volcano: cell -> region, and each region's terrain."""
    width, height = spec["size"]
    row_height = height / grid.rows
    owner: dict[int, int] = {}
    kinds: list[str] = []

    def pixels(points: list[list[float]]) -> list[Point]:
        return [(x * width, y * height) for x, y in points]

    curve = catmull_rom(pixels(spec["river"]))
    along: dict[int, float] = {}
    for cell in range(len(grid.cells)):
        distance, where = nearest_on_polyline(grid.centre(cell), curve)
        if distance <= 1.2 * row_height:
            along[cell] = where
    order = sorted(along, key=lambda cell: along[cell])
    parts = spec["river_regions"]
    for part in range(parts):
        kinds.append("river")
        for cell in order[part * len(order) // parts : (part + 1) * len(order) // parts]:
            owner[cell] = part
    chasm_width = spec.get("chasm_width", 0.8)  # half-width in rows: wider on small-celled maps
    for crack in spec["chasms"]:
        line = catmull_rom(pixels(crack))
        kinds.append("chasm")
        for cell in range(len(grid.cells)):
            if cell not in owner and nearest_on_polyline(grid.centre(cell), line)[0] <= chasm_width * row_height:
                owner[cell] = len(kinds) - 1
    ((vx, vy),) = pixels([spec["volcano"]])
    kinds.append("volcano")
    for cell in range(len(grid.cells)):
        x, y = grid.centre(cell)
        if cell not in owner and ((x - vx) ** 2 + (y - vy) ** 2) ** 0.5 <= 1.7 * row_height:
            owner[cell] = len(kinds) - 1
    return owner, kinds


def components(grid: Grid, cells: set[int]) -> list[list[int]]:
    seen: set[int] = set()
    found: list[list[int]] = []
    for start in sorted(cells):
        if start in seen:
            continue
        seen.add(start)
        queue, part = deque([start]), [start]
        while queue:
            for other in grid.neighbours[queue.popleft()]:
                if other in cells and other not in seen:
                    seen.add(other)
                    queue.append(other)
                    part.append(other)
        found.append(part)
    return found


def grow_land(
    grid: Grid, owner: dict[int, int], kinds: list[str], count: int, rng: random.Random, rim: float = 1.0
) -> None:
    """Split the free cells into `count` land regions of similar size (seeds relaxed towards centroids).

    Cells on the map's edge cost `rim` times as much to cross: below 1, edge regions stretch along the edge
    and leave room for inner regions, which a race cannot enter first."""
    free = {cell for cell in range(len(grid.cells)) if cell not in owner}
    parts = components(grid, free)
    for part in [part for part in parts if len(part) < 5]:  # a pocket too small for a region joins a neighbour
        for cell in part:
            owner[cell] = next(owner[n] for n in sorted(grid.neighbours[cell]) if n in owner)
    parts = [part for part in parts if len(part) >= 5]
    total = sum(len(part) for part in parts)
    shares = [max(1, round(count * len(part) / total)) for part in parts]
    while sum(shares) > count:
        shares[max(range(len(parts)), key=lambda k: shares[k] - count * len(parts[k]) / total)] -= 1
    while sum(shares) < count:
        shares[min(range(len(parts)), key=lambda k: shares[k] - count * len(parts[k]) / total)] += 1
    weight = {cell: rng.uniform(0.8, 1.3) * (rim if grid.touches_border(cell) else 1.0) for cell in free}
    for part, share in zip(parts, shares, strict=True):
        seeds = spread(grid, part, share, rng)
        for _ in range(12):
            assign = nearest_seed(grid, seeds, set(part), weight)
            seeds = [recentre(grid, [c for c in part if assign[c] == k]) for k in range(len(seeds))]
        assign = nearest_seed(grid, seeds, set(part), weight)
        first = len(kinds)
        kinds.extend("land" for _ in seeds)
        for cell in part:
            owner[cell] = first + assign[cell]


def spread(grid: Grid, part: list[int], count: int, rng: random.Random) -> list[int]:
    """Farthest-point sampling: seeds far from each other."""
    seeds = [rng.choice(part)]
    while len(seeds) < count:
        seeds.append(max(part, key=lambda c: min(_dist(grid.centre(c), grid.centre(s)) for s in seeds)))
    return seeds


def recentre(grid: Grid, cells: list[int]) -> int:
    if not cells:
        raise Rejected("a seed lost all its cells")
    points = [grid.centre(c) for c in cells]
    mean = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
    return min(cells, key=lambda c: _dist(grid.centre(c), mean))


def nearest_seed(grid: Grid, seeds: list[int], cells: set[int], weight: dict[int, float]) -> dict[int, int]:
    """Multi-source Dijkstra over the cell graph, each step costing its length times the cell's weight."""
    best: dict[int, float] = {}
    assign: dict[int, int] = {}
    heap = [(0.0, k, seed) for k, seed in enumerate(seeds)]
    while heap:
        cost, k, cell = heapq.heappop(heap)
        if cell in assign:
            continue
        assign[cell] = k
        for other in grid.neighbours[cell]:
            if other in cells and other not in assign:
                step = cost + _dist(grid.centre(cell), grid.centre(other)) * weight[other]
                if step < best.get(other, float("inf")):
                    best[other] = step
                    heapq.heappush(heap, (step, k, other))
    return assign


def _dist(a: Point, b: Point) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5


class Outliner:
    """Region outlines whose shared stretches are computed once, so both sides draw the same line."""

    def __init__(self, grid: Grid, owner: dict[int, int]) -> None:
        self.grid, self.owner = grid, owner
        self.arcs: dict[tuple[Vertex, ...], list[tuple[int, int]]] = {}

    def owners(self, vertex: Vertex) -> set[int]:
        found = {self.owner[cell] for cell in self.grid.vertex_cells(vertex)}
        return found | {OUTSIDE} if self.grid.vertex_on_border(vertex) else found

    def outline(self, cells: list[int]) -> list[tuple[int, int]]:
        edges = {(a, b) for cell in cells for a, b in _ring(self.grid.polygon(cell))}
        following: dict[Vertex, Vertex] = {}
        for a, b in edges:
            if (b, a) not in edges:
                if a in following:
                    raise Rejected("a region pinches at a vertex")
                following[a] = b
        start = min(following)
        loop = [start]
        while following[loop[-1]] != start:
            loop.append(following[loop[-1]])
        if len(loop) != len(following):
            raise Rejected("a region has a hole or another region inside it")
        junctions = [k for k, vertex in enumerate(loop) if len(self.owners(vertex)) >= 3]
        if not junctions:
            raise Rejected("a region lies inside a single other region")
        loop = loop[junctions[0] :] + loop[: junctions[0]]
        junctions = [k - junctions[0] for k in junctions] + [len(loop)]
        outline: list[tuple[int, int]] = []
        for first, last in itertools.pairwise(junctions):
            stretch = loop[first : last + 1] if last < len(loop) else [*loop[first:], loop[0]]
            outline.extend(self.arc(tuple(stretch))[:-1])
        return outline

    def arc(self, key: tuple[Vertex, ...]) -> list[tuple[int, int]]:
        if key not in self.arcs:
            canonical = min(key, key[::-1])
            points = [self.grid.point(vertex) for vertex in canonical]
            if not all(self.grid.vertex_on_border(vertex) for vertex in canonical):
                points = chaikin(roughen(points, random.Random(str(canonical))), 2)
            rounded: list[tuple[int, int]] = []
            for x, y in points:
                if not rounded or rounded[-1] != (round(x), round(y)):
                    rounded.append((round(x), round(y)))
            self.arcs[canonical] = rounded
            self.arcs[canonical[::-1]] = rounded[::-1]
        return self.arcs[key]


def roughen(points: list[Point], rng: random.Random) -> list[Point]:
    """Add a displaced midpoint to every segment: rock walls are never straight."""
    out = [points[0]]
    for a, b in itertools.pairwise(points):
        nx, ny = a[1] - b[1], b[0] - a[0]
        shift = rng.uniform(-0.18, 0.18)
        out.append(((a[0] + b[0]) / 2 + shift * nx, (a[1] + b[1]) / 2 + shift * ny))
        out.append(b)
    return out


def _ring(points: list[Vertex]) -> list[tuple[Vertex, Vertex]]:
    return list(zip(points, points[1:] + points[:1], strict=False))


def centre_of(grid: Grid, cells: list[int], outline: list[tuple[int, int]]) -> tuple[int, int]:
    """The point deepest inside the outline (coarse search, then a finer one), nudged towards the middle."""
    polygon: list[Point] = [(float(x), float(y)) for x, y in outline]
    points = [grid.centre(c) for c in cells]
    mean = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))

    def score(p: Point) -> float:
        return edge_distance(p, polygon) - 0.1 * _dist(p, mean)

    xs, ys = [x for x, _ in polygon], [y for _, y in polygon]
    coarse = [(x, y) for x in range(int(min(xs)), int(max(xs)), 12) for y in range(int(min(ys)), int(max(ys)), 12)]
    best = max((p for p in [mean, *points, *coarse] if inside(p, polygon)), key=score)
    fine = [(best[0] + dx, best[1] + dy) for dx in range(-12, 13, 2) for dy in range(-12, 13, 2)]
    best = max((p for p in [best, *fine] if inside(p, polygon)), key=score)
    return round(best[0]), round(best[1])


def shared_walls(outlines: list[list[tuple[int, int]]]) -> dict[tuple[int, int], float]:
    """Length of common outline for every pair of regions that have one."""
    seen: dict[frozenset[tuple[int, int]], tuple[int, float]] = {}
    shared: dict[tuple[int, int], float] = {}
    for region, outline in enumerate(outlines):
        for a, b in zip(outline, outline[1:] + outline[:1], strict=False):
            key = frozenset((a, b))
            if key in seen:
                other, length = seen[key]
                pair = (other, region)
                shared[pair] = shared.get(pair, 0.0) + length
            else:
                seen[key] = (region, _dist(a, b))
    return shared


def region_graph(grid: Grid, owner: dict[int, int], count: int) -> list[set[int]]:
    adjacent: list[set[int]] = [set() for _ in range(count)]
    for cell, region in owner.items():
        for other in grid.neighbours[cell]:
            if owner[other] != region:
                adjacent[region].add(owner[other])
    return adjacent


def reachable(adjacent: list[set[int]], allowed: set[int]) -> set[int]:
    start = min(allowed)
    seen, queue = {start}, deque([start])
    while queue:
        for other in adjacent[queue.popleft()]:
            if other in allowed and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def check(grid: Grid, owner: dict[int, int], kinds: list[str], adjacent: list[set[int]], spec: dict[str, Any]) -> None:
    cells: list[list[int]] = [[] for _ in kinds]
    for cell, region in owner.items():
        cells[region].append(cell)
    land = [r for r, kind in enumerate(kinds) if kind == "land"]
    smallest = 0.55 * sum(len(cells[r]) for r in land) / len(land)
    for region, mine in enumerate(cells):
        if len(components(grid, set(mine))) != 1:
            raise Rejected(f"region {region} ({kinds[region]}) is in pieces")
        if kinds[region] == "land" and (len(mine) < smallest or len(adjacent[region]) < 2):
            raise Rejected(f"land region {region} is too small or too cut off")
    if len(kinds) != spec["regions"]:
        raise Rejected("wrong number of regions")
    every = set(range(len(kinds)))
    if reachable(adjacent, every) != every:
        raise Rejected("the map falls apart")
    walkable = {r for r in every if kinds[r] != "chasm"}
    if reachable(adjacent, walkable) != walkable:
        raise Rejected("a chasm cuts the map in two")
    rivers = [r for r in every if kinds[r] == "river"]
    if any(b not in adjacent[a] for a, b in itertools.pairwise(rivers)):
        raise Rejected("the River is broken")
    for end in (rivers[0], rivers[-1]):
        if not any(grid.touches_border(c) for c in cells[end]):
            raise Rejected("the River does not reach the edge")
    edge = {r for r in every if any(grid.touches_border(c) for c in cells[r]) or kinds[r] == "river"}
    edge |= {r for r in every if any(kinds[n] == "river" for n in adjacent[r])}
    if 4 * len([r for r in land if r not in edge]) < len(land):
        raise Rejected("fewer than a quarter of the land regions are inner ones a race cannot enter first")


def assign_terrain(kinds: list[str], adjacent: list[set[int]], rng: random.Random) -> list[str]:
    """Land terrains spread evenly, avoiding two neighbours of the same terrain where possible."""
    terrain = list(kinds)
    counts = dict.fromkeys(LAND, 0)
    for region in sorted((r for r, k in enumerate(kinds) if k == "land"), key=lambda r: (-len(adjacent[r]), r)):
        used = {terrain[n] for n in adjacent[region]}
        options = [t for t in LAND if t not in used] or list(LAND)
        chosen = min(options, key=lambda t: (counts[t], rng.random()))
        terrain[region] = chosen
        counts[chosen] += 1
    return terrain


def hops(adjacent: list[set[int]], start: int) -> list[int]:
    far = [len(adjacent)] * len(adjacent)
    far[start] = 0
    queue = deque([start])
    while queue:
        region = queue.popleft()
        for other in adjacent[region]:
            if far[other] > far[region] + 1:
                far[other] = far[region] + 1
                queue.append(other)
    return far


def pick_spread(
    candidates: list[int], count: int, adjacent: list[set[int]], bonus: dict[int, float], rng: random.Random
) -> set[int]:
    """`count` regions far apart from each other (in steps), preferring those with a bonus."""
    chosen: list[int] = []
    far = [len(adjacent)] * len(adjacent)
    for _ in range(count):
        region = max(
            (r for r in candidates if r not in chosen),
            key=lambda r: min(far[r], 3) + bonus.get(r, 0.0) + rng.random() * 0.5,
        )
        chosen.append(region)
        far = [min(a, b) for a, b in zip(far, hops(adjacent, region), strict=True)]
    return set(chosen)


def build(spec: dict[str, Any], names: dict[str, list[str]], attempt: int) -> dict[str, Any]:
    width, height = spec["size"]
    cols, rows = spec["grid"]
    seed = spec["seed"] * 1000 + attempt
    rng = random.Random(seed)
    grid = Grid(cols, rows, width, height, seed)
    owner, kinds = place_features(grid, spec)
    grow_land(grid, owner, kinds, spec["regions"] - len(kinds), rng, spec.get("rim", 1.0))
    adjacent = region_graph(grid, owner, len(kinds))
    check(grid, owner, kinds, adjacent, spec)
    outliner = Outliner(grid, owner)
    cells: list[list[int]] = [[] for _ in kinds]
    for cell, region in owner.items():
        cells[region].append(cell)
    outlines = [outliner.outline(mine) for mine in cells]
    if not all(simple([(float(x), float(y)) for x, y in outline]) for outline in outlines):
        raise Rejected("a smoothed outline crosses itself")
    walls = shared_walls(outlines)
    if any(walls.get((min(a, b), max(a, b)), 0.0) < spec["min_wall"] for a in range(len(kinds)) for b in adjacent[a]):
        raise Rejected("two neighbours touch along a wall too short to see")
    centres = [centre_of(grid, cells[region], outlines[region]) for region in range(len(kinds))]
    for centre, outline in zip(centres, outlines, strict=True):
        if edge_distance((float(centre[0]), float(centre[1])), [(float(x), float(y)) for x, y in outline]) < 30:
            raise Rejected("a region is too thin for its name and pieces")
    terrain = assign_terrain(kinds, adjacent, rng)
    land = [r for r, kind in enumerate(kinds) if kind == "land"]
    border = [any(grid.touches_border(c) for c in mine) for mine in cells]
    mountains = pick_spread(land, spec["black_mountains"], adjacent, {}, rng)
    inland = {r: 1.0 for r in land if not border[r]}
    monsters = pick_spread([r for r in land if r not in mountains], spec["monsters"], adjacent, inland, rng)
    titles = name_regions(terrain, names, rng)
    ids = [re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_") for title in titles]
    regions = []
    for region in sorted(range(len(kinds)), key=lambda r: (kinds[r] == "land", r)):
        regions.append(
            {
                "id": ids[region],
                "name": titles[region],
                "terrain": terrain[region],
                "black_mountain": region in mountains,
                "monster": region in monsters,
                "border": border[region],
                "centre": list(centres[region]),
                "outline": [list(point) for point in outlines[region]],
                "adjacent": sorted(ids[other] for other in adjacent[region]),
            }
        )
    return {
        "source": "house",
        "id": spec["id"],
        "title": spec["title"],
        "players": spec["players"],
        "turns": spec["turns"],
        "size": [width, height],
        "regions": regions,
    }


def name_regions(terrain: list[str], names: dict[str, list[str]], rng: random.Random) -> list[str]:
    pools = {kind: rng.sample(pool, len(pool)) for kind, pool in names.items()}
    pools["river"] = list(names["river"])  # the River keeps its names in flow order
    rng.shuffle(pools["river"])
    titles = []
    for kind in terrain:
        if not pools[kind]:
            raise Rejected(f"names.json has too few {kind} names")
        titles.append(pools[kind].pop(0))
    return titles


def write(path: Path, data: dict[str, Any]) -> None:
    """One region per line: readable diffs without a line per coordinate."""
    head = {key: value for key, value in data.items() if key != "regions"}
    lines = ["{"] + [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in head.items()]
    lines.append('  "regions": [')
    lines += [f"    {json.dumps(region)}," for region in data["regions"]]
    lines[-1] = lines[-1].rstrip(",")
    lines += ["  ]", "}", ""]
    path.write_text("\n".join(lines))


def main() -> None:
    specs = json.loads((HERE / "specs.json").read_text())["maps"]
    names = json.loads((HERE / "names.json").read_text())
    wanted = set(sys.argv[1:])
    for spec in specs:
        if wanted and spec["id"] not in wanted:
            continue
        for attempt in range(300):
            try:
                data = build(spec, names, attempt)
            except Rejected as why:
                print(f"{spec['id']} attempt {attempt}: {why}")
                continue
            write(HERE.parent / f"{spec['id']}.json", data)
            print(f"{spec['id']}: {len(data['regions'])} regions after {attempt + 1} attempt(s)")
            break
        else:
            raise SystemExit(f"no acceptable {spec['id']} map in 300 attempts")


if __name__ == "__main__":
    main()
