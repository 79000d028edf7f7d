"""The four original maps: schema, graph and geometry.

Geometry is checked from the outlines alone: neighbours' outlines share the very same points along their
common wall (the generator computes each wall once), so "shares a stretch of border" is measured exactly.
"""

from __future__ import annotations

import json
import re
from collections import deque
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from rules import serial
from rules.base import RuleError
from rules.rng import Rng
from rules.smallworld import board
from rules.smallworld.content import load_map
from rules.smallworld.engine import ENGINE as smallworld
from tests.rules.smallworld.helpers import give, start

MAP_DIR = Path(__file__).resolve().parents[3] / "rules" / "smallworld" / "content" / "maps"
PLAYERS = (2, 3, 4, 5)
REGIONS = {2: 23, 3: 30, 4: 39, 5: 48}
TURNS = {2: 10, 3: 9, 4: 9, 5: 8}
LAND = {"fungus", "crystal", "mine", "mud", "ruins"}
SPECIAL = {"river", "chasm", "volcano"}
MIN_SHARED_WALL = 15.0  # pixels of common outline that make two regions neighbours

Segment = tuple[tuple[int, int], tuple[int, int]]


@cache
def raw(players: int) -> dict[str, Any]:
    return json.loads((MAP_DIR / f"{players}p.json").read_text(encoding="utf-8"))


def regions(players: int) -> dict[str, dict[str, Any]]:
    return {region["id"]: region for region in raw(players)["regions"]}


def walls(region: dict[str, Any]) -> dict[frozenset[tuple[int, int]], float]:
    """The outline's segments (direction ignored) with their lengths."""
    points = [tuple(point) for point in region["outline"]]
    out: dict[frozenset[tuple[int, int]], float] = {}
    for a, b in zip(points, points[1:] + points[:1], strict=False):
        out[frozenset((a, b))] = ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
    return out


def reachable(graph: dict[str, dict[str, Any]], allowed: set[str]) -> set[str]:
    start = min(allowed)
    seen, queue = {start}, deque([start])
    while queue:
        for other in graph[queue.popleft()]["adjacent"]:
            if other in allowed and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


@pytest.mark.parametrize("players", PLAYERS)
def test_map_header_and_region_count(players: int) -> None:
    data = raw(players)
    assert data["source"] == "house"
    assert data["id"] == f"{players}p" and data["players"] == players and data["turns"] == TURNS[players]
    assert data["title"] and len(data["size"]) == 2 and data["size"][0] >= 1200
    assert len(data["regions"]) == REGIONS[players]


@pytest.mark.parametrize("players", PLAYERS)
def test_loader_accepts_the_map(players: int) -> None:
    loaded = load_map(players)
    assert len(loaded.regions) == REGIONS[players]
    assert loaded.turns == TURNS[players]
    assert set(loaded.regions) == set(regions(players))


@pytest.mark.parametrize("players", PLAYERS)
def test_no_region_named_twice(players: int) -> None:
    ids = [region["id"] for region in raw(players)["regions"]]
    names = [region["name"] for region in raw(players)["regions"]]
    assert len(set(ids)) == len(ids) and len(set(names)) == len(names)
    for region in raw(players)["regions"]:
        assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", region["id"]), region["id"]


@pytest.mark.parametrize("players", PLAYERS)
def test_adjacency_is_symmetric_and_resolves(players: int) -> None:
    graph = regions(players)
    for rid, region in graph.items():
        assert rid not in region["adjacent"]
        assert len(set(region["adjacent"])) == len(region["adjacent"])
        for other in region["adjacent"]:
            assert rid in graph[other]["adjacent"], f"{rid} -> {other} is one-way"


@pytest.mark.parametrize("players", PLAYERS)
def test_every_region_reachable_and_chasms_block_nothing_else(players: int) -> None:
    graph = regions(players)
    assert reachable(graph, set(graph)) == set(graph)
    walkable = {rid for rid, region in graph.items() if region["terrain"] != "chasm"}
    assert reachable(graph, walkable) == walkable


@pytest.mark.parametrize("players", PLAYERS)
def test_special_regions(players: int) -> None:
    graph = regions(players)
    terrains = [region["terrain"] for region in graph.values()]
    assert set(terrains) <= LAND | SPECIAL and set(terrains) >= LAND
    assert terrains.count("volcano") == 1
    assert 1 <= terrains.count("chasm") <= 3
    monsters = [rid for rid, region in graph.items() if region["monster"]]
    assert abs(len(monsters) - REGIONS[players] / 5) <= 1.5
    assert all(graph[rid]["terrain"] in LAND for rid in monsters)
    mountains = [rid for rid, region in graph.items() if region["black_mountain"]]
    assert len(mountains) >= 3 and all(graph[rid]["terrain"] in LAND for rid in mountains)


@pytest.mark.parametrize("players", PLAYERS)
def test_river_is_one_winding_stream_from_edge_to_edge(players: int) -> None:
    graph = regions(players)
    river = {rid for rid, region in graph.items() if region["terrain"] == "river"}
    assert len(river) >= 3
    assert reachable(graph, river) == river
    ends = [rid for rid in river if len(set(graph[rid]["adjacent"]) & river) == 1]
    assert len(ends) == 2 and all(graph[rid]["border"] for rid in ends)
    # It winds: its outline spans much of the map both ways, and it separates land from land.
    xs = [x for rid in river for x, _ in graph[rid]["outline"]]
    ys = [y for rid in river for _, y in graph[rid]["outline"]]
    width, height = raw(players)["size"]
    assert max(xs) - min(xs) > width / 2 and max(ys) - min(ys) > height / 3
    dry = {rid for rid in graph if rid not in river and graph[rid]["terrain"] != "chasm"}
    assert reachable(graph, dry) != dry


@pytest.mark.parametrize("players", PLAYERS)
def test_border_regions_touch_the_edge_and_others_do_not(players: int) -> None:
    width, height = raw(players)["size"]
    for region in raw(players)["regions"]:
        on_edge = 0.0
        for (a, b), length in ((tuple(segment), length) for segment, length in walls(region).items()):
            same_side = (a[0] == b[0] and a[0] in (0, width)) or (a[1] == b[1] and a[1] in (0, height))
            if same_side:
                on_edge += length
        inside = all(0 < x < width and 0 < y < height for x, y in region["outline"])
        if region["border"]:
            assert on_edge >= MIN_SHARED_WALL, f"{region['id']} is marked border but barely touches the edge"
        else:
            assert inside, f"{region['id']} touches the edge but is not marked border"


@pytest.mark.parametrize("players", PLAYERS)
def test_adjacent_exactly_when_outlines_share_a_wall(players: int) -> None:
    graph = regions(players)
    own = {rid: walls(region) for rid, region in graph.items()}
    for rid in graph:
        for other in graph:
            if other <= rid:
                continue
            shared = sum(length for segment, length in own[rid].items() if segment in own[other])
            if other in graph[rid]["adjacent"]:
                assert shared >= MIN_SHARED_WALL, f"{rid} and {other} are adjacent but share {shared:.0f}px"
            else:
                assert shared == 0, f"{rid} and {other} share {shared:.0f}px of wall but are not adjacent"


@pytest.mark.parametrize("players", PLAYERS)
def test_outlines_tile_the_map_without_gaps_or_overlaps(players: int) -> None:
    size = tuple(raw(players)["size"])
    total = Image.new("L", size, 0)
    for region in raw(players)["regions"]:
        mask = Image.new("L", size, 0)
        ImageDraw.Draw(mask).polygon([tuple(point) for point in region["outline"]], fill=1)
        total = ImageChops.add(total, mask)
    counts = total.histogram()
    pixels = size[0] * size[1]
    assert counts[0] / pixels < 0.002, "part of the map belongs to no region"
    # Polygon fills include their edge pixels, so walls count twice; whole areas must not.
    assert sum(counts[2:]) / pixels < 0.03, "regions overlap"


@pytest.mark.parametrize("players", PLAYERS)
def test_centre_lies_well_inside_its_outline(players: int) -> None:
    for region in raw(players)["regions"]:
        polygon = [tuple(point) for point in region["outline"]]
        x, y = region["centre"]
        crossings = 0
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=False):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                crossings += 1
        assert crossings % 2 == 1, f"centre of {region['id']} is outside it"
        nearest = min(_segment_distance((x, y), a, b) for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=False))
        assert nearest >= 28, f"centre of {region['id']} is {nearest:.0f}px from its wall"


def _segment_distance(p: tuple[float, float], a: tuple[int, int], b: tuple[int, int]) -> float:
    vx, vy = b[0] - a[0], b[1] - a[1]
    length2 = vx * vx + vy * vy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / length2))
    return ((p[0] - a[0] - t * vx) ** 2 + (p[1] - a[1] - t * vy) ** 2) ** 0.5


@pytest.mark.parametrize("players", PLAYERS)
def test_a_quarter_of_the_land_is_inner(players: int) -> None:
    """Enough inner regions that entering from the edge shapes a game (figure argued in rules.md)."""
    game_map = load_map(players)
    land = [rid for rid, region in game_map.regions.items() if region.terrain in LAND]
    inner = game_map.inner_land()
    assert 4 * len(inner) >= len(land), f"{players}p: only {len(inner)} of {len(land)} land regions are inner"
    for rid in inner:  # inner means out of reach of every kind of edge
        region = game_map.region(rid)
        assert not region.border and all(game_map.region(o).terrain != "river" for o in region.adjacent)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_race_enters_from_an_edge_region(players: int) -> None:
    """Seed step 4 on the real maps: every inner region is refused as a first conquest, every edge one is offered."""
    state = start(players)
    for region in state.regions.values():
        region.monsters = 0  # costs stay low: only the edge rule can refuse
    give(state, 0, "ogres", "ancient", 20)
    game_map = load_map(players)
    offered = {target.region for target in board.targets(state, 0)}
    inner = game_map.inner_land()
    assert inner and not offered & set(inner)
    assert {rid for rid, r in game_map.regions.items() if r.terrain in LAND and rid not in inner} <= offered
    before = serial.dumps(state)
    for rid in inner:
        with pytest.raises(RuleError, match="not at the edge"):
            smallworld.act(state, 0, {"type": "conquer", "region": rid}, Rng(0))
        assert serial.dumps(state) == before
