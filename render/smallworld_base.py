"""Small World Underground: the still part of a board image (terrain, walls, names, legend), built once per map,
and the pieces and map painting the posted board (smallworld.py) and the zoomed view (smallworld_zoom.py) share.

Discord shows a posted image 550 px wide, so the board is drawn WIDTH px wide with no text under SMALL px: every
word's capitals are at least 6 px high where players read it. The map (1400 units wide in the content files) is
scaled to fit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.draw import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEAT_COLOURS,
    Colour,
    centred_text,
    contrast,
    drawn_layer,
    fit,
    readable_on,
    recording,
    seat_colour,
    seat_letter,
    stamp,
    text_width,
    wrap,
    write,
)
from render.record import TableFacts
from rules.base import fill_seats
from rules.smallworld.content import LAND, MapData, RegionData, content, load_map
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.state import CONQUER, DEFENDERS, OVER, PICK, REDEPLOY, Combo, Region, State

INLINE = 550  # what Discord shows of an image's width in a channel
WIDTH = 1000  # the posted board's width: texts shrink to 0.55 inline
SMALL = 16  # the least font size drawn anywhere: capitals 11 px high, 6 px inline
TEXT = 17
NAME_SIZE = 16  # region names on the whole map
TITLE = 26  # the headline: 14.3 px inline
HEADER = 70
GAP = 8
PLAYER_ROW = 36
COMBO_TITLE = 26
COMBO_CARD = 100

# Terrains a seat's tokens stand on: each stays >= 15 CIEDE2000 from every seat colour, plain and shaded as an
# inner region, under protanopia, deuteranopia and tritanopia (tests/render/test_colour_vision.py), so a token
# never melts into the ground; the patterns tell the terrains apart.
TERRAIN_COLOURS: dict[str, Colour] = {
    "fungus": (138, 158, 116),
    "crystal": (204, 200, 248),
    "mine": (176, 150, 120),
    "mud": (134, 126, 104),
    "ruins": (180, 136, 124),
    "river": (20, 38, 184),
    "chasm": (14, 10, 10),
    "volcano": (168, 34, 0),
}
TERRAIN_LABELS = {
    "fungus": "Fungus",
    "crystal": "Crystal",
    "mine": "Mine",
    "mud": "Mud",
    "ruins": "Ruins",
    "river": "River",
    "chasm": "Chasm",
    "volcano": "Volcano",
}
BACKGROUND: Colour = (52, 46, 44)
WALL: Colour = (24, 20, 20)
DECLINED_FILL: Colour = (110, 104, 100)
PANEL: Colour = (64, 58, 54)
PANEL_EDGE: Colour = (90, 84, 80)
LEGEND_FILL: Colour = (36, 32, 30)
CARD: Colour = (236, 228, 210)
CARD_INK: Colour = (60, 56, 52)
GOLD: Colour = (246, 196, 40)
SOFT: Colour = (190, 184, 172)
MONSTER: Colour = (30, 90, 50)


def monster_colour(terrain: str) -> Colour:
    """The colour of the monsters guarding `terrain` (monsters.json), so each kind is told apart on the board."""
    found = content().monsters.get(terrain)
    if found is None:
        return MONSTER
    code = found.colour.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


NO_ENTRY: Colour = (200, 30, 30)
DIM = 0.55  # how far the zoomed view darkens the regions around the ones it is about


def race_colour(seat: int) -> Colour:
    """A seat's colour as text on a player row: its hue, lightened until WCAG contrast 4.5 on the panel."""
    return readable_on(seat_colour(seat), PANEL)


# Colours text and pieces are drawn in: the palette keeps them exactly, so quantizing never dulls a text.
PIECE_COLOURS: tuple[Colour, ...] = (
    *SEAT_COLOURS, *(race_colour(seat) for seat in range(len(SEAT_COLOURS))), DECLINED_FILL, PANEL, PANEL_EDGE,
    LEGEND_FILL, CARD, CARD_INK, GOLD, SOFT, MONSTER, NO_ENTRY, HIGHLIGHT, INK, PAPER, MUTED, BACKGROUND, WALL,
    (255, 255, 255), (90, 86, 80), *(monster_colour(terrain) for terrain in LAND),
)  # fmt: skip


@dataclass(frozen=True)
class View:
    """How map units become image pixels: map point (x, y) lands at ((x - left) * scale, (y - top) * scale + y0)."""

    scale: float
    left: float
    top: float
    y0: int

    def at(self, point: tuple[float, float]) -> tuple[float, float]:
        return (point[0] - self.left) * self.scale, (point[1] - self.top) * self.scale + self.y0

    def points(self, outline: Iterable[tuple[int, int]], dy: int = 0) -> list[tuple[float, float]]:
        """An outline in image pixels (dy: shifted up by the canvas top, for masks of the map area alone)."""
        return [(x, y - dy) for x, y in (self.at(p) for p in outline)]


@dataclass(frozen=True)
class Layout:
    """Where each part of the posted board lies (pixels)."""

    width: int
    map_top: int
    map_height: int
    scale: float
    players: int
    legend_height: int

    @property
    def view(self) -> View:
        return View(self.scale, 0, 0, self.map_top)

    @property
    def players_top(self) -> int:
        return self.map_top + self.map_height + GAP

    @property
    def combos_top(self) -> int:
        return self.players_top + self.players * (PLAYER_ROW + 4) + GAP

    @property
    def legend_top(self) -> int:
        return self.combos_top + COMBO_TITLE + COMBO_CARD + GAP

    @property
    def height(self) -> int:
        return self.legend_top + self.legend_height


def layout(game_map: MapData) -> Layout:
    scale = WIDTH / game_map.size[0]
    legend = len(_legend_rows()) * 30 + 12
    return Layout(WIDTH, HEADER, round(game_map.size[1] * scale), scale, game_map.players, legend)


def _darker(colour: Colour, amount: float) -> Colour:
    return (int(colour[0] * amount), int(colour[1] * amount), int(colour[2] * amount))


def _lighter(colour: Colour, amount: float) -> Colour:
    return (
        int(colour[0] + (255 - colour[0]) * amount),
        int(colour[1] + (255 - colour[1]) * amount),
        int(colour[2] + (255 - colour[2]) * amount),
    )


@cache
def pattern(terrain: str, unit: float = 0.8) -> Image.Image:
    """A tile that tells the terrains apart without relying on colour alone, drawn natively at `unit` x 48 px."""
    base = TERRAIN_COLOURS[terrain]
    side = max(8, round(48 * unit))
    tile = Image.new("RGB", (side, side), base)
    draw = ImageDraw.Draw(tile)

    def u(v: float) -> int:
        return round(v * unit)

    width = max(1, u(2.5))
    ink = _darker(base, 0.87)
    light = _lighter(base, 0.2)
    if terrain == "fungus":  # little mushrooms
        for x, y in ((10, 14), (34, 36)):
            draw.pieslice((u(x - 7), u(y - 6), u(x + 7), u(y + 6)), 180, 360, fill=ink)
            draw.rectangle((u(x - 2), u(y), u(x + 2), u(y + 6)), fill=ink)
    elif terrain == "crystal":  # facets
        for x, y in ((12, 12), (36, 36)):
            facet = [(u(x), u(y - 9)), (u(x + 5), u(y)), (u(x), u(y + 9)), (u(x - 5), u(y))]
            draw.polygon(facet, outline=light, fill=_lighter(base, 0.15))
    elif terrain == "mine":  # timber props
        for x in (8, 32):
            draw.line((u(x), u(8), u(x), u(40)), fill=ink, width=width)
            draw.line((u(x - 6), u(8), u(x + 6), u(8)), fill=ink, width=width)
    elif terrain == "mud":  # bubbles
        for x, y, r in ((12, 12, 4), (34, 20, 3), (22, 38, 5)):
            draw.ellipse((u(x - r), u(y - r), u(x + r), u(y + r)), outline=_darker(base, 0.85), width=width)
    elif terrain == "ruins":  # broken masonry
        for y in (10, 34):
            draw.rectangle((u(4), u(y - 5), u(22), u(y + 5)), outline=_darker(base, 0.87), width=width)
            draw.rectangle((u(28), u(y + 7), u(44), u(y + 17)), outline=_darker(base, 0.87), width=width)
    elif terrain == "river":  # ripples
        for y in (12, 36):
            draw.arc((u(4), u(y - 4), u(24), u(y + 6)), 200, 340, fill=light, width=width)
            draw.arc((u(26), u(y + 4), u(46), u(y + 14)), 200, 340, fill=light, width=width)
    elif terrain == "chasm":  # cracks into darkness
        draw.line([(u(4), u(6)), (u(14), u(18)), (u(10), u(30)), (u(22), u(44))], fill=(70, 64, 74), width=width)
        draw.line([(u(30), u(4)), (u(38), u(16)), (u(34), u(26)), (u(44), u(34))], fill=(70, 64, 74), width=width)
    elif terrain == "volcano":  # lava cracks
        draw.line([(u(2), u(10)), (u(16), u(16)), (u(26), u(8)), (u(46), u(14))], fill=(255, 196, 60), width=width)
        draw.line([(u(4), u(36)), (u(20), u(30)), (u(32), u(40)), (u(46), u(34))], fill=(255, 170, 50), width=width)
    return tile


def tiled(terrain: str, size: tuple[int, int], unit: float = 0.8) -> Image.Image:
    """The terrain's tile repeated over `size`, by doubling what is already laid (a few pastes, not hundreds)."""
    tile = pattern(terrain, unit)
    image = Image.new("RGB", size)
    image.paste(tile, (0, 0))
    width = tile.width
    while width < size[0]:
        image.paste(image.crop((0, 0, width, tile.height)), (width, 0))
        width *= 2
    height = tile.height
    while height < size[1]:
        image.paste(image.crop((0, 0, size[0], height)), (0, height))
        height *= 2
    return image


INNER_SHADE = 0.3  # how much darker an inner region is drawn: lightness, so it reads in any colour vision


def paint_map(canvas: Image.Image, game_map: MapData, view: View, unit: float, dim: set[str] | None = None) -> None:
    """Terrain (patterned), the inner regions shaded, walls: every region the canvas (the map area alone, so
    nothing spills past it; view.y0 is 0) shows. `dim`: the regions to keep bright, the others darkened."""
    size = canvas.size
    outlines = {rid: view.points(region.outline) for rid, region in game_map.regions.items()}
    shown = [r for r in game_map.regions.values() if _meets(outlines[r.id], size)]
    for terrain in TERRAIN_COLOURS:
        mine = [r for r in shown if r.terrain == terrain]
        if not mine:
            continue
        mask = Image.new("L", size, 0)
        mask_draw = ImageDraw.Draw(mask)
        for region in mine:
            mask_draw.polygon(outlines[region.id], fill=255)
        box = mask.getbbox()
        if box is not None:  # only where the terrain lies: the tiles stay where they would be over the whole canvas
            canvas.paste(tiled(terrain, box[2:], unit).crop(box), box[:2], mask.crop(box))
    inner = set(game_map.inner_land())
    _darken(canvas, [outlines[r.id] for r in shown if r.id in inner], 0, INNER_SHADE)
    if dim is not None:
        _darken(canvas, [outlines[r.id] for r in shown if r.id not in dim], 0, DIM)
    draw = ImageDraw.Draw(canvas)
    wall = max(2, round(4 * view.scale))
    for region in shown:
        points = outlines[region.id]
        draw.line([*points, points[0]], fill=WALL, width=wall, joint="curve")


def _meets(points: list[tuple[float, float]], size: tuple[int, int]) -> bool:
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return max(xs) >= 0 and min(xs) <= size[0] and max(ys) >= 0 and min(ys) <= size[1]


def shade(image: Image.Image, regions: list[RegionData], view: View, amount: float) -> None:
    """Darken `regions` toward INK by `amount` (the image from view.y0 down): lightness, so the difference reads
    in any colour vision."""
    _darken(image, [view.points(region.outline, view.y0) for region in regions], view.y0, amount)


def _darken(image: Image.Image, outlines: list[list[tuple[float, float]]], top: int, amount: float) -> None:
    """Blend the areas inside `outlines` (pixels below `top`) toward INK."""
    if not outlines:
        return
    size = (image.width, image.height - top)
    mask = Image.new("L", size, 0)
    mask_draw = ImageDraw.Draw(mask)
    for points in outlines:
        mask_draw.polygon(points, fill=255)
    box = mask.getbbox()
    if box is None:
        return
    left, upper, right, lower = box  # only around the areas: blending is by pixel, so the rest would stay as it is
    area = image.crop((left, top + upper, right, top + lower))
    darker = Image.blend(area, Image.new("RGB", area.size, INK), amount)
    image.paste(darker, (left, top + upper), mask.crop(box))


def shade_inner(image: Image.Image, game_map: MapData, top: int, scale: float = 1.0) -> None:
    """Darken the regions a race cannot enter first (seed step 4), so the edge shows at a glance."""
    inner = [game_map.regions[rid] for rid in game_map.inner_land()]
    shade(image, inner, View(scale, 0, 0, top), INNER_SHADE)


Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Label:
    """Where a region's name lines (centre x, centre y, words) and its pieces (centre) go."""

    lines: tuple[tuple[float, float, str], ...]
    pieces: tuple[float, float]


def label(region: RegionData, view: View, size: int, unit: float, box: Box, width: float | None = None) -> Label:
    """The name just above the region's centre (lines at most `width` wide), the tokens just below it; moved, all
    together, to stay whole inside `box` with room under the tokens for a Place's name (a region at the edge)."""
    x, y = view.at(region.centre)
    lines = wrap(region.name, size, size * 7 if width is None else width, keep_long_words=True)
    step = size + 2
    last = y - size * 0.8
    first = last - step * (len(lines) - 1)
    shift = max(0.0, box[1] + size / 2 + 3 - first)
    pieces_below = size / 2 + 16 * unit  # from the last line's centre to the tokens' centre
    shift -= max(0.0, last + shift + pieces_below + 40 * unit - box[3])
    placed = []
    for index, line in enumerate(lines):
        half = text_width(line, size) / 2 + 4
        placed.append((min(max(x, box[0] + half), box[2] - half), first + shift + index * step, line))
    px = min(max(x, box[0] + 34 * unit), box[2] - 34 * unit)
    return Label(tuple(placed), (px, last + shift + pieces_below))


def extent(where: Label, size: int) -> Box:
    """The box a label's name covers, its halo included."""
    lefts = [x - text_width(line, size) / 2 - 3 for x, _, line in where.lines]
    rights = [x + text_width(line, size) / 2 + 3 for x, _, line in where.lines]
    ys = [y for _, y, _ in where.lines]
    return min(lefts), min(ys) - size / 2 - 2, max(rights), max(ys) + size / 2 + 2


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(regions: list[RegionData], view: View, size: int, unit: float, box: Box) -> dict[str, Label]:
    """Every region's label; a name that runs into another's is put one word a line (narrower, so the two part)."""
    placed = {region.id: label(region, view, size, unit, box) for region in regions}
    extents = {rid: extent(where, size) for rid, where in placed.items()}
    crowded = {a for a in placed for b in placed if a != b and _overlap(extents[a], extents[b])}
    for region in regions:
        if region.id in crowded:
            placed[region.id] = label(region, view, size, unit, box, width=1)
    return placed


def region_name(draw: ImageDraw.ImageDraw, where: Label, size: int) -> None:
    """The region's name in ink with a paper halo."""
    for x, y, line in where.lines:
        write(draw, (x, y), line, size, INK, anchor="mm", outline=PAPER, stroke=3)


def mountain(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float = 13) -> None:
    """The Black Mountain sign: a dark peak with a snow line."""
    x, y = centre
    draw.polygon([(x - size, y + size * 0.7), (x, y - size * 0.8), (x + size, y + size * 0.7)], fill=INK)
    draw.polygon(
        [(x - size * 0.3, y - size * 0.45), (x, y - size * 0.8), (x + size * 0.3, y - size * 0.45)], fill=PAPER
    )
    draw.line([(x - size, y + size * 0.7), (x, y - size * 0.8), (x + size, y + size * 0.7)], fill=PAPER, width=1)


def no_entry(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float = 12) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=NO_ENTRY, outline=PAPER, width=2)
    draw.rectangle((x - radius * 0.6, y - radius * 0.22, x + radius * 0.6, y + radius * 0.22), fill=PAPER)


def still_signs(draw: ImageDraw.ImageDraw, region: RegionData, where: Label, unit: float) -> None:
    """What never moves: the Black Mountain left of the tokens, the no-entry sign on a chasm."""
    x, y = where.pieces
    if region.black_mountain:
        mountain(draw, (x - 31 * unit, y), 12 * unit)
    if region.terrain == "chasm":
        no_entry(draw, (x, y), 12 * unit)


def draw_pieces(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    here: Region,
    where: Label,
    unit: float,
    box: Box,
    avoid: Sequence[Box] = (),
    monster_fill: Colour = MONSTER,
) -> None:
    """A region's tokens (seat letter and count), monsters (in `monster_fill`, their kind's colour), Place/Relic
    and markers, at `unit` times the map's
    size (1 on the posted board, larger when zoomed); names below the tokens stay inside `box` and, where they
    can, clear of the region names in `avoid`."""
    x, y = where.pieces
    token_at = x
    if here.owner is not None and here.tokens > 0:
        colour = seat_colour(here.owner)
        fill, ring = (DECLINED_FILL, colour) if here.declined else (colour, INK)
        paste_centred(image, token_sprite(fill, ring, f"{seat_letter(here.owner)}{here.tokens}", unit), (x, y))
        token_at = x + 33 * unit
    if here.monsters:
        paste_centred(image, monster_sprite(here.monsters, unit, monster_fill), (token_at, y))
    below = y + 27 * unit
    size = round(SMALL * unit)
    if here.treasure:
        name = treasure_name(here.treasure)
        width = text_width(name, size) + 18 * unit
        beside = token_at + 20 * unit if here.monsters else x + 20 * unit  # right of the tokens and monsters
        tries = [  # under the tokens (centred, running right, running left), then beside them
            (x - width / 2, below), (x - 12 * unit, below), (x + 12 * unit - width, below), (beside, y),
            (x - 50 * unit - width, y),
        ]  # fmt: skip
        left, row = _clear(tries, width, size / 2 + 2, box, avoid)
        gem(draw, (left + 7 * unit, row), 7 * unit)
        stamp(image, (left + 18 * unit, row), name, size, INK, PAPER, anchor="lm")
        if row == below:
            below += 21 * unit
    for marker in here.markers:
        text = MARKERS.get(marker, marker.replace("_", " ").title())
        half = text_width(text, size) / 2 + 6 * unit
        mid = min(max(x, box[0] + half + 2), box[2] - half - 2)
        half_height = 10 * unit
        draw.rounded_rectangle(
            (mid - half, below - half_height, mid + half, below + half_height), radius=round(half_height), fill=INK
        )
        stamp(image, (mid, below), text, size, HIGHLIGHT)
        below += 23 * unit


def _clear(
    tries: list[tuple[float, float]], width: float, half: float, box: Box, avoid: Sequence[Box]
) -> tuple[float, float]:
    """The first place (left end, row) for words `width` wide that is inside `box` and crosses no name in `avoid`;
    the first place, kept inside `box`, when none is clear."""
    inside = [(min(max(left, box[0] + 2), box[2] - width - 2), row) for left, row in tries]
    for left, row in inside:
        if not any(_overlap((left, row - half, left + width, row + half), other) for other in avoid):
            return left, row
    return inside[0]


MARKERS = {"ancient": "Great Ancient", "queen": "Queen"}


def treasure_name(treasure_id: str) -> str:
    found = content().treasures.get(treasure_id)
    return found.name if found else treasure_id.replace("_", " ").title()


def token(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], fill: Colour, ring: Colour, text: str, unit: float
) -> None:
    """A stack of race tokens: a disc with its seat letter and count ("B3"); a declined stack is grey with a thick
    ring of its seat's colour."""
    x, y = centre
    size = round((16 if len(text) < 3 else SMALL) * unit)
    probe = round(text_width(text, size))
    radius = max(15 * unit, probe / 2 + 5 * unit)
    width = round(2 * unit) if ring == INK else round(5 * unit)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=ring, width=width)
    centred_text(draw, centre, text, size, fill=contrast(fill))


def monster(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], count: int, unit: float, fill: Colour = MONSTER
) -> None:
    """Monster tokens: a spiky blot in their kind's colour with their number (their strength)."""
    x, y = centre
    radius = 12 * unit
    spikes = []
    for k in range(16):
        angle = math.pi * 2 * k / 16
        r = radius * (1.3 if k % 2 else 1.0)
        spikes.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    draw.polygon(spikes, fill=fill, outline=PAPER)
    centred_text(draw, centre, str(count), round(16 * unit), fill=PAPER)


def gem(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float) -> None:
    """A Place or Relic: a gold gem."""
    x, y = centre
    draw.polygon([(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)], fill=GOLD, outline=INK)


def _sprite(side: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    return sprite, ImageDraw.Draw(sprite)


@drawn_layer
def token_sprite(fill: Colour, ring: Colour, text: str, unit: float = 1.0) -> Image.Image:
    side = round(48 * unit)
    sprite, draw = _sprite(side)
    token(draw, (side / 2, side / 2), fill, ring, text, unit)
    return sprite


@drawn_layer
def monster_sprite(count: int, unit: float = 1.0, fill: Colour = MONSTER) -> Image.Image:
    side = round(36 * unit)
    sprite, draw = _sprite(side)
    monster(draw, (side / 2, side / 2), count, unit, fill)
    return sprite


def paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    image.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


@drawn_layer
def base_layer(players: int) -> Image.Image:
    """The still image for a map (drawn once; its names are reported on every use). Callers copy it first."""
    game_map = load_map(players)
    place = layout(game_map)
    image = Image.new("RGB", (place.width, place.height), BACKGROUND)
    canvas = Image.new("RGB", (place.width, place.map_height), BACKGROUND)
    view = View(place.scale, 0, 0, 0)
    paint_map(canvas, game_map, view, unit=0.8)
    image.paste(canvas, (0, place.map_top))
    names = name_layer(players)
    image.paste(names, (0, 0), names)
    _legend(image, ImageDraw.Draw(image), place)
    return image


@drawn_layer
def name_layer(players: int) -> Image.Image:
    """The regions' names and still signs (Black Mountains, no entry) on a transparent layer the size of the board:
    pasted into the base, and again over a highlighted outline so that no name is crossed out."""
    game_map = load_map(players)
    place = layout(game_map)
    layer = Image.new("RGBA", (place.width, place.map_top + place.map_height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for rid, where in labels(players).items():  # names and signs stay inside the map area (see label)
        region_name(draw, where, NAME_SIZE)
        still_signs(draw, game_map.regions[rid], where, 1.0)
    return layer


def names_over(image: Image.Image, players: int, box: tuple[int, int, int, int]) -> None:
    """Paste the names back inside `box` (the board already reports them: this is not a new text)."""
    with recording():
        names = name_layer(players).crop(box)
    image.paste(names, box[:2], names)


@cache
def labels(players: int) -> dict[str, Label]:
    """Where every region's name and pieces go on the posted board (image pixels)."""
    game_map = load_map(players)
    place = layout(game_map)
    box = (0, place.map_top, place.width, place.map_top + place.map_height)
    return place_labels(list(game_map.regions.values()), place.view, NAME_SIZE, 1.0, box)


@cache
def name_boxes(players: int) -> tuple[Box, ...]:
    """The boxes the region names cover on the posted board, for pieces' words to keep clear of."""
    return tuple(extent(where, NAME_SIZE) for where in labels(players).values())


@lru_cache(maxsize=64)
def outline_sprite(players: int, rid: str, colour: Colour, width: int) -> tuple[Image.Image, tuple[int, int]]:
    """A region's outline on the posted board as a transparent overlay and where it goes: drawing the outline
    with rounded joints costs a few milliseconds, pasting it a fraction of one."""
    points = layout(load_map(players)).view.points(load_map(players).regions[rid].outline)
    left = int(min(x for x, _ in points)) - width
    top = int(min(y for _, y in points)) - width
    right = int(max(x for x, _ in points)) + width + 1
    bottom = int(max(y for _, y in points)) + width + 1
    sprite = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    shifted = [(x - left, y - top) for x, y in points]
    ImageDraw.Draw(sprite).line([*shifted, shifted[0]], fill=colour, width=width, joint="curve")
    return sprite, (left, top)


# The legend: what each sign means, flowed into rows across the board's width.
LegendItem = tuple[str, str]  # (sign, words)
LEGEND_SIZE = 16


def _legend_items() -> list[LegendItem]:
    terrains = [(f"terrain:{terrain}", label) for terrain, label in TERRAIN_LABELS.items()]
    return [
        *terrains,
        ("inner", "darker: not a first conquest"),
        ("mountain", "Black Mountain: +1 defence"),
        ("no_entry", "no entry"),
        ("token", "seat A's 3 tokens"),
        ("declined", "in decline"),
        ("monster", "monsters: colour by kind, number = strength"),
        ("gem", "Place / Relic"),
        ("conquered", "conquered this turn"),
    ]


@cache
def _legend_rows() -> list[list[tuple[int, LegendItem]]]:
    """Items with the x each starts at, row by row."""
    rows: list[list[tuple[int, LegendItem]]] = [[]]
    x = 12
    for item in _legend_items():
        width = 36 + round(text_width(item[1], LEGEND_SIZE))
        if x + width > WIDTH - 12 and rows[-1]:
            rows.append([])
            x = 12
        rows[-1].append((x, item))
        x += width + 20
    return rows


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, place: Layout) -> None:
    y0 = place.legend_top
    draw.rectangle((0, y0, place.width, place.height), fill=LEGEND_FILL)
    for row, items in enumerate(_legend_rows()):
        y = y0 + 21 + row * 30
        for x, (sign, words) in items:
            _legend_sign(image, draw, sign, (x + 14, y))
            write(draw, (x + 34, y), words, LEGEND_SIZE, PAPER, anchor="lm")


def _legend_sign(image: Image.Image, draw: ImageDraw.ImageDraw, sign: str, centre: tuple[int, int]) -> None:
    x, y = centre
    box = (x - 14, y - 11, x + 14, y + 11)
    if sign.startswith("terrain:") or sign == "inner":
        swatch = pattern(sign.removeprefix("terrain:") if sign != "inner" else "ruins").crop((0, 0, 28, 22))
        if sign == "inner":
            swatch = Image.blend(swatch, Image.new("RGB", swatch.size, INK), INNER_SHADE)
        image.paste(swatch, box[:2])
        draw.rectangle(box, outline=PAPER, width=1)
    elif sign == "mountain":
        mountain(draw, (x, y), 12)
    elif sign == "no_entry":
        no_entry(draw, (x, y), 11)
    elif sign in ("token", "declined"):
        fill, ring = (seat_colour(0), INK) if sign == "token" else (DECLINED_FILL, seat_colour(0))
        paste_centred(image, token_sprite(fill, ring, seat_letter(0) + "3"), (x, y))
    elif sign == "monster":
        paste_centred(image, monster_sprite(2), (x, y))
    elif sign == "gem":
        gem(draw, (x, y), 9)
    elif sign == "conquered":
        draw.rounded_rectangle(box, radius=6, outline=HIGHLIGHT, width=4)


@cache
def palette_for(players: int) -> Image.Image:
    """A 256-colour palette: the exact colours of texts and pieces, then the map's own shades, so a board
    quantizes quickly and no text loses contrast to a nearby palette entry."""
    with recording():  # the base layer's texts belong to boards, not to whoever builds the palette first
        base = base_layer(players)
    exact = list(dict.fromkeys(PIECE_COLOURS))
    shades = base.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT).getpalette() or []
    entries = [c for colour in exact for c in colour] + shades[: 3 * (256 - len(exact))]
    entries += [0] * (768 - len(entries))
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries)
    return palette


PHASES = {PICK: "picks a combo", CONQUER: "is conquering", REDEPLOY: "is redeploying", DEFENDERS: "has ended the turn"}


def combo_text(combo: Combo) -> str:
    data = content()
    race = data.races[combo.race].name if combo.race in data.races else combo.race.replace("_", " ").title()
    power = data.powers[combo.power].name if combo.power in data.powers else combo.power.replace("_", " ").title()
    return f"{power} {race}"


def combo_tokens(combo: Combo) -> int:
    data = content()
    race = data.races.get(combo.race)
    power = data.powers.get(combo.power)
    return (race.tokens if race else 0) + (power.tokens if power else 0)


def player_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def status(state: State, facts: TableFacts) -> str:
    """Whose turn it is and what they are doing, or the result."""
    names = facts.names
    if state.phase == OVER:
        result = smallworld.outcome(state)
        return fill_seats(result.summary, lambda seat: player_name(names, seat)) if result else "Game over"
    line = f"{player_name(names, state.current)} {PHASES.get(state.phase, state.phase)}"
    waiting = sorted(facts.awaiting - {state.current})
    if waiting:
        line += " · waiting for " + ", ".join(player_name(names, seat) for seat in waiting)
    return line


def draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, state: State, facts: TableFacts, title: str) -> None:
    """The strip across the top: the title (the board's headline), the turn track, whose turn it is."""
    width = image.width
    draw.rectangle((0, 0, width, HEADER - 1), fill=INK)
    label = f"Turn {min(state.turn, state.turns)} of {state.turns}"
    label_width = round(text_width(label, 20))
    stamp(image, (width - 16 - label_width, 10), label, 20, PAPER, anchor="la")
    room = width - 48 - label_width
    stamp(image, (16, 8), fit(title, TITLE, room), TITLE, PAPER, anchor="la", headline=True)
    step = 24
    track = step * state.turns
    line = fit(status(state, facts), 20, width - 48 - track)
    stamp(image, (16, 42), line, 20, HIGHLIGHT, anchor="la")
    # Turn track: one pip per game turn, the current one large, lit and numbered.
    right = width - 16
    y = 52
    for turn in range(state.turns, 0, -1):
        x = right - 11 - (state.turns - turn) * step
        if turn == state.turn:
            draw.ellipse((x - 12, y - 12, x + 12, y + 12), fill=HIGHLIGHT, outline=PAPER, width=2)
            stamp(image, (x, y), str(turn), SMALL, INK)
        elif turn < state.turn:
            draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=MUTED)
        else:
            draw.ellipse((x - 7, y - 7, x + 7, y + 7), outline=PAPER, width=2)
