"""Small World Underground zoomed board (/board zoom): one region and its neighbours drawn natively at a large
scale (never an enlarged bitmap), with their names, tokens and owners, monsters, Places/Relics, Black Mountains
and markers, and below the map a key that spells out each of them in words.

Each map (one per player count) has its own regions; a region keeps its id and name on every map it is on, so
/board zoom accepts any region of any map and a region that is not on this game's map gets a card that says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, PAPER, fit, seat_letter, stamp, wrap
from render.record import TableFacts
from render.smallworld_base import (
    BACKGROUND,
    GAP,
    HEADER,
    PANEL,
    SMALL,
    SOFT,
    TERRAIN_LABELS,
    TEXT,
    WIDTH,
    View,
    combo_text,
    draw_header,
    draw_pieces,
    extent,
    monster_colour,
    paint_map,
    pattern,
    place_labels,
    player_name,
    race_colour,
    region_name,
    still_signs,
    treasure_name,
)
from rules.base import normal
from rules.smallworld.content import TURNS_BY_PLAYERS, MapData, RegionData, content, load_map
from rules.smallworld.state import Region, State
from rules.text import count

MAP_HEIGHT = 640  # the enlarged map's height at most (pixels)
MAX_SCALE = 2.2  # pixels per map unit at most (the whole map is drawn at 0.71)
MARGIN = 90  # map units shown around the region's outline and its neighbours' centres
NAME_UNIT = 16  # region names: this many pixels per piece unit (27 to 42 px), as on the whole map
KEY_SIZE = 18
KEY_LINE = 24


@cache
def _every_region() -> dict[str, str]:
    """id -> name of every region on any map."""
    found: dict[str, str] = {}
    for players in sorted(TURNS_BY_PLAYERS):
        for rid, region in load_map(players).regions.items():
            found.setdefault(rid, region.name)
    return found


@cache
def _maps_with(rid: str) -> tuple[int, ...]:
    return tuple(players for players in sorted(TURNS_BY_PLAYERS) if rid in load_map(players).regions)


def zoom_places(state: State | None = None) -> list[tuple[str, str]]:
    """(id, name) of the regions /board zoom accepts, by name: those of every map, or of `state`'s map alone."""
    regions = load_map(state.players).regions if state is not None else None
    places = {rid: region.name for rid, region in regions.items()} if regions is not None else _every_region()
    return sorted(places.items(), key=lambda pair: pair[1])


@cache
def _by_key() -> dict[str, str]:
    keys = {normal(name): rid for rid, name in _every_region().items()}
    return {**{normal(rid): rid for rid in _every_region()}, **keys}


def zoom_place(name: str) -> str | None:
    """The region id for a typed name or id, in any case and spacing ('mirrorstone-gallery'), or None."""
    return _by_key().get(normal(name))


def render_zoom(state: State, facts: TableFacts, region_id: str) -> Image.Image:
    """The region and its neighbours, enlarged and described. ValueError for a name no map knows."""
    names = facts.names
    rid = zoom_place(region_id)
    if rid is None:
        raise ValueError(f"no Small World Underground region is called {region_id!r}")
    game_map = load_map(state.players)
    if rid not in game_map.regions:
        return _elsewhere(state, facts, game_map, rid)
    region = game_map.regions[rid]
    focus = _focus(game_map, rid)
    view, height = _frame(game_map, region)
    # Pieces and names grow with the map, within reason; in tenths, so that few sprites and tiles are kept.
    unit = round(min(2.6, max(1.7, view.scale * 1.6)), 1)
    canvas = _painted(state.players, rid).copy()
    draw = ImageDraw.Draw(canvas)
    for other in state.log.conquered:  # this turn's conquests, as on the whole board
        if other in focus:
            points = view.points(game_map.regions[other].outline)
            draw.line([*points, points[0]], fill=HIGHLIGHT, width=round(5 * unit), joint="curve")
    points = view.points(region.outline)
    draw.line([*points, points[0]], fill=PAPER, width=round(3 * unit), joint="curve")
    box = (0, 0, WIDTH, height)
    size = round(NAME_UNIT * unit)
    where = place_labels([game_map.regions[other] for other in focus], view, size, unit, box)
    for other in focus:
        region_name(draw, where[other], size)
        still_signs(draw, game_map.regions[other], where[other], unit)
    taken = [extent(label, size) for label in where.values()]
    for other in focus:
        fill = monster_colour(game_map.regions[other].terrain)
        draw_pieces(canvas, draw, state.regions.get(other, Region()), where[other], unit, box, taken, fill)
    blocks = [_key_block(state, game_map.regions[other], state.regions.get(other, Region()), names) for other in focus]
    key_top = HEADER + height + GAP
    image = Image.new("RGB", (WIDTH, key_top + _key_height(blocks) + GAP), BACKGROUND)
    image.paste(canvas, (0, HEADER))
    draw = ImageDraw.Draw(image)
    draw_header(image, draw, state, facts, f"Small World Underground · around {region.name}")
    draw.rectangle((0, HEADER + height, WIDTH, HEADER + height + 1), fill=PAPER)  # where the map ends
    _key(image, draw, blocks, key_top)
    return image


def _focus(game_map: MapData, rid: str) -> list[str]:
    """The region, then its neighbours by name."""
    return [rid, *sorted(game_map.regions[rid].adjacent, key=lambda other: game_map.regions[other].name)]


@lru_cache(maxsize=8)
def _painted(players: int, rid: str) -> Image.Image:
    """The map area around a region, painted (terrain, shading, walls; the regions around the focus dimmed): the
    same on every zoom on that region of that map, so it is painted once (~20 ms) and copied after."""
    game_map = load_map(players)
    view, height = _frame(game_map, game_map.regions[rid])
    canvas = Image.new("RGB", (WIDTH, height), BACKGROUND)
    paint_map(canvas, game_map, view, unit=round(1.1 * view.scale, 1), dim=set(_focus(game_map, rid)))
    return canvas


def _frame(game_map: MapData, region: RegionData) -> tuple[View, int]:
    """The view that shows the region whole and its neighbours' centres, as large as the width allows, and the
    height in pixels of that map area."""
    points = [*region.outline, *(game_map.regions[other].centre for other in region.adjacent)]
    x0, x1 = min(x for x, _ in points) - MARGIN, max(x for x, _ in points) + MARGIN
    y0, y1 = min(y for _, y in points) - MARGIN, max(y for _, y in points) + MARGIN
    scale = min(WIDTH / (x1 - x0), MAP_HEIGHT / (y1 - y0), MAX_SCALE)
    span_x, span_y = WIDTH / scale, y1 - y0
    map_w, map_h = game_map.size
    left = _within((x0 + x1) / 2 - span_x / 2, span_x, map_w)  # use the width on more of the map, not on the void
    top = _within(y0, span_y, map_h)
    return View(scale, left, top, 0), round(span_y * scale)


def _within(start: float, span: float, limit: int) -> float:
    """`start` moved so that [start, start + span] lies inside [0, limit] where it can."""
    if span >= limit:
        return (limit - span) / 2
    return min(max(start, 0), limit - span)


# The key: for each region, its name and terrain, then who or what is in it, in words.
Line = tuple[str, tuple[int, int, int], int]  # text, colour, size


def _key_block(state: State, region: RegionData, here: Region, names: Sequence[str]) -> tuple[str, list[Line]]:
    facts = [TERRAIN_LABELS[region.terrain]]
    if region.black_mountain:
        facts.append("Black Mountain: +1 defence")
    if region.terrain == "chasm":
        facts.append("no entry")
    lines: list[Line] = [(f"{region.name} · " + ", ".join(facts), PAPER, KEY_SIZE + 1)]
    if here.owner is not None and here.tokens > 0:
        lines.append((_holder(state, here, names), race_colour(here.owner), KEY_SIZE))
    if here.monsters:
        beast = content().monsters.get(region.terrain)
        kind = f"{beast.name}, strength {here.monsters}: {beast.brief.split('; ')[-1]}" if beast else ""
        lines.append((kind or count(here.monsters, "monster"), SOFT, KEY_SIZE))
    if here.treasure:
        found = content().treasures.get(here.treasure)
        kind = found.kind.capitalize() if found else "Place/Relic"
        brief = f": {found.brief}" if found else ""
        lines.append((f"{kind} {treasure_name(here.treasure)}{brief}", SOFT, KEY_SIZE))
    for marker in here.markers:
        lines.append(({"ancient": "the Great Ancient", "queen": "the Queen"}.get(marker, marker), SOFT, KEY_SIZE))
    if len(lines) == 1:
        lines.append(("empty", SOFT, KEY_SIZE))
    return region.terrain, lines


def _holder(state: State, here: Region, names: Sequence[str]) -> str:
    """Whose tokens these are, in words: 'Bob (B): 3 Vampire Ogres tokens', '... 2 declined Mudmen tokens'."""
    seat = here.owner if here.owner is not None else 0
    player = state.seats[seat] if seat < len(state.seats) else None
    combo = (player.declined if here.declined else player.active) if player else None
    race = f" {combo_text(combo)}" if combo else ""
    tokens = count(here.tokens, f"{'declined' if here.declined else 'active'}{race} token")
    return f"{player_name(names, seat)} ({seat_letter(seat)}): {tokens}"


COLUMN = (WIDTH - 3 * GAP) // 2


def _wrapped(blocks: list[tuple[str, list[Line]]]) -> list[list[Line]]:
    """Each block's lines wrapped to the key's column width (text past the swatch)."""
    out = []
    for _, lines in blocks:
        rows: list[Line] = []
        for text, colour, size in lines:
            rows += [(part, colour, size) for part in wrap(text, size, COLUMN - 44, keep_long_words=True)]
        out.append(rows)
    return out


def _key_height(blocks: list[tuple[str, list[Line]]]) -> int:
    heights = [len(rows) * KEY_LINE + 14 for rows in _wrapped(blocks)]
    columns = [0, 0]
    for index, height in enumerate(heights):
        columns[index % 2] += height + GAP
    return max(columns)


def _key(image: Image.Image, draw: ImageDraw.ImageDraw, blocks: list[tuple[str, list[Line]]], top: int) -> None:
    """Two columns of blocks, the chosen region first (outlined in paper as on the map)."""
    y = [top, top]
    for index, ((terrain, _), rows) in enumerate(zip(blocks, _wrapped(blocks), strict=True)):
        column = index % 2
        x0 = GAP + column * (COLUMN + GAP)
        y0 = y[column]
        height = len(rows) * KEY_LINE + 14
        edge = PAPER if index == 0 else PANEL
        draw.rounded_rectangle((x0, y0, x0 + COLUMN, y0 + height), radius=8, fill=PANEL, outline=edge, width=2)
        image.paste(pattern(terrain).crop((0, 0, 28, 22)), (x0 + 8, y0 + 8))
        draw.rectangle((x0 + 8, y0 + 8, x0 + 36, y0 + 30), outline=PAPER, width=1)
        for row, (text, colour, size) in enumerate(rows):
            fitted = fit(text, size, COLUMN - 52)
            stamp(image, (x0 + 44, y0 + 8 + row * KEY_LINE), fitted, size, colour, anchor="la")
        y[column] += height + GAP


def _elsewhere(state: State, facts: TableFacts, game_map: MapData, rid: str) -> Image.Image:
    """A card for a region of another map: which maps have it, and the regions this one has instead."""
    ours = sorted(region.name for region in game_map.regions.values())
    columns = 4
    rows = -(-len(ours) // columns)
    image = Image.new("RGB", (WIDTH, HEADER + 80 + rows * 22 + GAP), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw_header(image, draw, state, facts, f"Small World Underground · {game_map.title}")
    counts = " and ".join(str(players) for players in _maps_with(rid))
    line = f"{_every_region()[rid]} is on the map for {counts} players, not on this one ({game_map.players} players)."
    stamp(image, (16, HEADER + 14), fit(line, TEXT, WIDTH - 32), TEXT, HIGHLIGHT, anchor="la")
    stamp(image, (16, HEADER + 44), "This map's regions:", 16, PAPER, anchor="la")
    width = (WIDTH - 32) // columns
    for index, name in enumerate(ours):
        x = 16 + (index // rows) * width
        y = HEADER + 70 + (index % rows) * 22
        stamp(image, (x, y), fit(name, SMALL, width - 12), SMALL, SOFT, anchor="la")
    return image
