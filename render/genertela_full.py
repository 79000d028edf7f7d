"""The whole Genertela map (/board full) as an overview as wide as the posted board, so it reads in Discord's 550 px
preview too (the way Nerath's does): who holds each zone (its tint), each side's units per zone counted together
("R7": the Red side's 7 units, its nations together; a star: special units among them), Cities, Forests and the
map's marks, the Deathline and the last battles; under it each side's player and VP, every nation's VP and the
key. Zone names and each nation's units are the focused views' (the posted board and /board zoom)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, Colour, chip, chip_size, fit, stamp, wrap
from render.genertela_frame import LINE, PLAIN, STRIPE, WIDTH, dashed_layer, scale_layers
from render.genertela_map import (
    BATTLE,
    BATTLE_EDGE,
    CELL,
    FIXTURES,
    GLYPHS,
    SIDE_COLOURS,
    city,
    forest,
    ground_of,
    newt_city,
    palette_image,
    star,
    token,
    zone_cells,
    zone_index,
    zone_marks,
    zone_palette,
)
from render.genertela_panel import HEAD, LEFT, ROW, SMALL, SUB, house, key, sides, title_line, top_strip, turn_line
from render.record import Spot, TableFacts
from render.spots import areas, clip
from rules.genertela.board import BOARD, NATIONS, active_nation
from rules.genertela.state import State, Unit

SCALE_CELL = 5  # overview pixels per raster cell: the map at 5/8 of its own size, 750 px wide
COUNT = 13  # a side's count: capitals 9 px high, 6.2 px at the inline width
ICON = 14  # pixels per icon in a zone's icon row (the glyphs at their own size)
COLUMNS = 4  # of the nations' VP table
NOTE = (
    "R7: the Red side's 7 units in that zone, its nations counted together; a star: special units among them. "
    "/board zoom:<zone> names the zone and its units."
)


@cache
def map_size() -> tuple[int, int]:
    width, height = BOARD.canvas
    return width * SCALE_CELL // CELL, -(-height * SCALE_CELL // CELL)


def map_left() -> int:
    return (WIDTH - map_size()[0]) // 2


def at(point: tuple[float, float]) -> tuple[float, float]:
    """A map point on the overview (the map starts under the header, centred across the board)."""
    return map_left() + point[0] * SCALE_CELL / CELL, HEAD + point[1] * SCALE_CELL / CELL


def _lut(keep: set[int]) -> list[int]:
    return [255 if v in keep else 0 for v in range(256)]


@cache
def layers() -> tuple[Image.Image, Image.Image]:
    """The zone indices with the borders burnt in, and the band codes, at the overview's scale."""
    bordered, code = scale_layers(SCALE_CELL)
    box = (0, 0, *map_size())
    return bordered.crop(box), code.crop(box)


@cache
def _dashed() -> Image.Image:
    """The overview's zone indices with the borders and the Deathline's dashes burnt in: the map's unchanging layer."""
    return dashed_layer(SCALE_CELL).crop((0, 0, *map_size()))


@cache
def outline(zid: str) -> tuple[tuple[int, int], Image.Image, Image.Image]:
    """A zone's band inside its border and the thin line inside that, as masks over the zone's box on the map,
    with the box's top-left corner."""
    bordered, code = layers()
    mine = bordered.point(_lut({zone_index()[zid]}))
    box = mine.getbbox() or (0, 0, 1, 1)
    mine, code = mine.crop(box), code.crop(box)
    band = ImageChops.multiply(mine, code.point(_lut({PLAIN, STRIPE})))
    return box[:2], band, ImageChops.multiply(mine, code.point(_lut({LINE})))


def _map_layer(state: State) -> Image.Image:
    layer = _dashed().copy()
    for zid in state.fought:  # the battles of the last nation turn that fought: outlined
        corner, band, edge = outline(zid)
        layer.paste(BATTLE, corner, band)
        layer.paste(BATTLE_EDGE, corner, edge)  # a dark inner edge keeps the band visible on yellow zones
    layer.putpalette(zone_palette(state))
    return layer.convert("RGB")


# --- each zone's label: its icons, then a chip per side ---------------------------------------------------------


@dataclass(frozen=True)
class Label:
    icons: tuple[tuple[str, Colour], ...]  # (icon, colour: a City's owner's)
    chips: tuple[tuple[str, int, bool], ...]  # (side, units, any special among them)

    def rows(self) -> list[tuple[float, float]]:
        """(width, height) of each row: the icons, then one per chip."""
        found: list[tuple[float, float]] = [(ICON * len(self.icons), ICON + 2.0)] if self.icons else []
        for side, count, special in self.chips:
            width, height = chip_size(f"{side[0]}{count}", COUNT)
            found.append((width + (12 if special else 0), height))
        return found


def _label(zid: str, here: list[Unit]) -> Label:
    zone = BOARD.zones[zid]
    icons: list[tuple[str, Colour]] = [(mark, PAPER) for mark in zone_marks(zone)]
    icons += [("Dragonewt city", PAPER)] if zone.dragonewt_city else []
    icons += [("City", SIDE_COLOURS[NATIONS[u.nation].side]) for u in here if u.kind == "city" and u.nation in NATIONS]
    icons += [("Forest", PAPER) for u in here if u.kind == "forest"][:1]
    chips: dict[str, list[Unit]] = {}
    for unit in here:
        if unit.kind not in FIXTURES and unit.nation in NATIONS:
            chips.setdefault(NATIONS[unit.nation].side, []).append(unit)
    ordered = [side for side in SIDE_COLOURS if side in chips]
    counted = tuple((side, len(chips[side]), any(u.kind == "special" for u in chips[side])) for side in ordered)
    return Label(tuple(icons), counted)


Box = tuple[float, float, float, float]


@cache
def _raster() -> tuple[bytes, int, int]:
    """The small raster's zone indices, row by row, and its size (read a few hundred times a board)."""
    _, small = zone_cells()
    return small.tobytes(), small.width, small.height


def _inside(zid: str, box: Box) -> bool:
    """Whether a box on the overview lies in the zone's own cells (its corners and the middles of its sides)."""
    cells, width, height = _raster()
    index, left_edge = zone_index()[zid], map_left()
    left, top, right, bottom = box
    cols = [int((x - left_edge) // SCALE_CELL) for x in (left, (left + right) / 2, right)]
    rows = [int((y - HEAD) // SCALE_CELL) for y in (top, (top + bottom) / 2, bottom)]
    if not (cols[0] >= 0 and cols[2] < width and rows[0] >= 0 and rows[2] < height):
        return False
    return all(cells[row * width + col] == index for row in rows for col in cols)


def _overlaps(box: Box, taken: list[Box]) -> bool:
    return any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in taken)


SHIFTS = [(dx, dy) for dy in (0, -5, 5, -10, 10, -15, 15, -20, 20) for dx in (0, -8, 8, -16, 16)]


@lru_cache(maxsize=4096)
def _spots(zid: str, width: float, height: float) -> tuple[Box, ...]:
    """The boxes a label of this size may take inside the zone's own cells, the centred one first, then by shift
    (kept: a zone's label keeps its size for many boards)."""
    cx, cy = at(BOARD.zones[zid].centre)
    boxes = [
        (cx + dx - width / 2, cy + dy - height / 2, cx + dx + width / 2, cy + dy + height / 2) for dx, dy in SHIFTS
    ]
    return tuple(box for box in boxes if _inside(zid, box))


def _place(zid: str, label: Label, taken: list[Box]) -> Box:
    """Where a zone's label goes: centred on the zone's centre if it fits there inside the zone and clear of the
    labels placed before, else the nearest shift that does; centred when none does."""
    rows = label.rows()
    width, height = max(w for w, _ in rows), sum(h for _, h in rows)
    found = next((box for box in _spots(zid, width, height) if not _overlaps(box, taken)), None)
    if found is not None:
        return found
    cx, cy = at(BOARD.zones[zid].centre)
    return cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2


def _icon(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, colour: Colour) -> None:
    if kind in GLYPHS:
        GLYPHS[kind](draw, x, y, 1)
    elif kind == "Dragonewt city":
        newt_city(draw, x, y)
    elif kind == "City":
        city(draw, x, y, 1, colour)
    else:
        forest(draw, x, y)


def _draw_label(image: Image.Image, zid: str, label: Label, box: Box, under: Colour) -> None:
    draw = ImageDraw.Draw(image)
    middle = (box[0] + box[2]) / 2
    y = box[1]
    rows = label.rows()
    if label.icons:
        width, height = rows.pop(0)
        x = middle - width / 2 + ICON / 2
        for kind, colour in label.icons:
            _icon(draw, kind, x, y + height / 2, colour)
            x += ICON
        y += height
    for (width, height), (side, count, special) in zip(rows, label.chips, strict=True):
        x = middle - (12 if special else 0) / 2  # the chip and its star centred together
        chip(image, (x, y + height / 2), f"{side[0]}{count}", SIDE_COLOURS[side], COUNT, under)
        if special:
            star(draw, x + (width - 12) / 2 + 7, y + height / 2)
        y += height


def _labels(image: Image.Image, state: State) -> set[str]:
    """Every zone's label; returns the keys to the marks drawn."""
    by_zone: dict[str, list[Unit]] = {}
    for unit in state.units:
        by_zone.setdefault(unit.zone, []).append(unit)
    taken: list[Box] = []
    keys: set[str] = set()
    for zid in BOARD.zones:
        label = _label(zid, by_zone.get(zid, []))
        if not label.icons and not label.chips:
            continue
        box = _place(zid, label, taken)
        taken.append(box)
        _draw_label(image, zid, label, box, ground_of(state, zid))
        keys.update(kind for kind, _ in label.icons)
        keys.update(["special unit"] if any(special for _, _, special in label.chips) else [])
    return keys


# --- under the map ----------------------------------------------------------------------------------------------


def _nations(image: Image.Image, y: int, state: State) -> int:
    """Every nation's VP, the most first, in columns; the one whose move it is on a highlighted bar."""
    active = active_nation(state) if state.phase != "over" else ""
    ranked = sorted(NATIONS, key=lambda n: (-state.vp.get(n, 0), NATIONS[n].turn_order))
    stamp(image, (LEFT, y), "Nations' VP", SUB, INK, anchor="la")
    y += ROW
    column = (image.width - 2 * LEFT) // COLUMNS
    rows = -(-len(ranked) // COLUMNS)
    draw = ImageDraw.Draw(image)
    for at_, nation in enumerate(ranked):
        x, top = LEFT + (at_ // rows) * column, y + (at_ % rows) * ROW
        if nation == active:
            draw.rectangle((x - 4, top, x + column - 8, top + ROW - 1), fill=HIGHLIGHT)
        token(image, (x, top + 3, x + 16, top + 19), NATIONS[nation].side, 12)
        text = f"{'> ' if nation == active else ''}{NATIONS[nation].name} {state.vp.get(nation, 0)}"
        stamp(image, (x + 22, top + 11), fit(text, SMALL, column - 28), SMALL, INK, anchor="lm")
    return y + rows * ROW


def render_full(state: State, facts: TableFacts) -> Image.Image:
    """The whole map as an overview, with each side's VP, every nation's and the key."""
    players = facts.names
    image = Image.new("RGB", (WIDTH, HEAD + map_size()[1] + 900), PAPER)
    image.paste(_map_layer(state), (map_left(), HEAD))
    keys = _labels(image, state)
    keys.update(["deathline"] + (["battle"] if state.fought else []))
    top_strip(image, title_line(state, players), f"The whole map - {turn_line(state)}")
    y = sides(image, HEAD + map_size()[1] + 10, state, players)
    y = _nations(image, y + 6, state)
    for line in wrap(NOTE, SMALL, image.width - 2 * LEFT):
        stamp(image, (LEFT, y + 10), line, SMALL, INK, anchor="lm")
        y += ROW
    y = key(image, y + 6, keys, state, list(BOARD.zones), army="a side's units (its nations together)")
    bottom = house(image, y + 2)
    return image.crop((0, 0, WIDTH, bottom + 6)).quantize(palette=palette_image(), dither=Image.Dither.NONE)


def spots(state: State, facts: TableFacts) -> list[Spot]:
    """Where the whole map (render_full) shows each zone, by the zone's name: the same on every board."""
    return list(_zone_spots())


@cache
def _zone_spots() -> tuple[Spot, ...]:
    """Each zone's cells of the raster the overview is enlarged from, as a few boxes inside them."""
    ids, small = zone_cells()
    marks = {index: [at(BOARD.zones[zid].centre)] for index, zid in enumerate(ids)}  # where its label goes first
    found = areas(small, SCALE_CELL, (map_left(), HEAD), band=4, marks=marks)
    limit = (map_left(), HEAD, map_left() + map_size()[0], HEAD + map_size()[1])
    return tuple(Spot(BOARD.zones[zid].name, box) for index, zid in enumerate(ids) for box in clip(found[index], limit))


def warm_full() -> None:
    """Build the whole map's kept layers (the bot calls warm() at start-up)."""
    layers()
    _dashed()
