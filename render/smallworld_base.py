"""Small World Underground: the still part of a board image (terrain, walls, names, legend), built once per map.

The whole canvas is laid out here: a header strip, the map, then the players, the combo row and the legend.
Everything that never changes during a game is drawn into one image that is cached; each render copies it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.draw import (
    HIGHLIGHT,
    INK,
    PAPER,
    SEAT_COLOURS,
    Colour,
    centred_text,
    contrast,
    font,
    readable_on,
    seat_colour,
    seat_letter,
    text_size,
)
from rules.smallworld.content import MapData, RegionData

HEADER = 72
PLAYERS_ROW = 104
COMBO_ROW = 120
LEGEND = 84
GAP = 10
NAME_SIZE = 17

TERRAIN_COLOURS: dict[str, Colour] = {
    "fungus": (120, 176, 92),
    "crystal": (168, 152, 224),
    "mine": (200, 162, 108),
    "mud": (134, 108, 80),
    "ruins": (192, 184, 166),
    "river": (66, 128, 214),
    "chasm": (30, 28, 34),
    "volcano": (216, 82, 38),
}
TERRAIN_LABELS = {
    "fungus": "Fungus",
    "crystal": "Crystal",
    "mine": "Mine",
    "mud": "Mud",
    "ruins": "Ruins",
    "river": "River",
    "chasm": "Chasm (no entry)",
    "volcano": "Volcano",
}
BACKGROUND: Colour = (52, 46, 44)
WALL: Colour = (24, 20, 20)
DECLINED_FILL: Colour = (110, 104, 100)
PANEL: Colour = (64, 58, 54)
PANEL_EDGE: Colour = (90, 84, 80)
CARD: Colour = (236, 228, 210)
GOLD: Colour = (246, 196, 40)
SOFT: Colour = (190, 184, 172)
MONSTER: Colour = (30, 90, 50)
PIECE_COLOURS: tuple[Colour, ...] = (
    *SEAT_COLOURS, *(readable_on(c, PANEL) for c in SEAT_COLOURS), DECLINED_FILL, PANEL, PANEL_EDGE, CARD, GOLD,
    SOFT, MONSTER, HIGHLIGHT, INK, PAPER,
    (60, 56, 52), (120, 115, 105), (200, 30, 30),
)  # fmt: skip


@dataclass(frozen=True)
class Layout:
    """Where each part of the image lies (pixels)."""

    width: int
    map_top: int
    map_height: int

    @property
    def players_top(self) -> int:
        return self.map_top + self.map_height + GAP

    @property
    def combos_top(self) -> int:
        return self.players_top + PLAYERS_ROW + GAP

    @property
    def legend_top(self) -> int:
        return self.combos_top + COMBO_ROW + GAP

    @property
    def height(self) -> int:
        return self.legend_top + LEGEND


def layout(game_map: MapData) -> Layout:
    return Layout(width=game_map.size[0], map_top=HEADER, map_height=game_map.size[1])


def _shift(points: tuple[tuple[int, int], ...], dy: int) -> list[tuple[int, int]]:
    return [(x, y + dy) for x, y in points]


def _darker(colour: Colour, amount: float) -> Colour:
    return (int(colour[0] * amount), int(colour[1] * amount), int(colour[2] * amount))


def _lighter(colour: Colour, amount: float) -> Colour:
    return (
        int(colour[0] + (255 - colour[0]) * amount),
        int(colour[1] + (255 - colour[1]) * amount),
        int(colour[2] + (255 - colour[2]) * amount),
    )


@cache
def pattern(terrain: str) -> Image.Image:
    """A 48x48 tile that tells the terrains apart without relying on colour alone."""
    base = TERRAIN_COLOURS[terrain]
    tile = Image.new("RGB", (48, 48), base)
    draw = ImageDraw.Draw(tile)
    ink = _darker(base, 0.87)
    light = _lighter(base, 0.2)
    if terrain == "fungus":  # little mushrooms
        for x, y in ((10, 14), (34, 36)):
            draw.pieslice((x - 7, y - 6, x + 7, y + 6), 180, 360, fill=ink)
            draw.rectangle((x - 2, y, x + 2, y + 6), fill=ink)
    elif terrain == "crystal":  # facets
        for x, y in ((12, 12), (36, 36)):
            draw.polygon([(x, y - 9), (x + 5, y), (x, y + 9), (x - 5, y)], outline=light, fill=_lighter(base, 0.15))
    elif terrain == "mine":  # timber props
        for x in (8, 32):
            draw.line((x, 8, x, 40), fill=ink, width=3)
            draw.line((x - 6, 8, x + 6, 8), fill=ink, width=3)
    elif terrain == "mud":  # bubbles
        for x, y, r in ((12, 12, 4), (34, 20, 3), (22, 38, 5)):
            draw.ellipse((x - r, y - r, x + r, y + r), outline=_darker(base, 0.85), width=2)
    elif terrain == "ruins":  # broken masonry
        for y in (10, 34):
            draw.rectangle((4, y - 5, 22, y + 5), outline=_darker(base, 0.87), width=2)
            draw.rectangle((28, y + 7, 44, y + 17), outline=_darker(base, 0.87), width=2)
    elif terrain == "river":  # ripples
        for y in (12, 36):
            draw.arc((4, y - 4, 24, y + 6), 200, 340, fill=light, width=2)
            draw.arc((26, y + 4, 46, y + 14), 200, 340, fill=light, width=2)
    elif terrain == "chasm":  # cracks into darkness
        draw.line([(4, 6), (14, 18), (10, 30), (22, 44)], fill=(70, 64, 74), width=2)
        draw.line([(30, 4), (38, 16), (34, 26), (44, 34)], fill=(70, 64, 74), width=2)
    elif terrain == "volcano":  # lava cracks
        draw.line([(2, 10), (16, 16), (26, 8), (46, 14)], fill=(255, 196, 60), width=3)
        draw.line([(4, 36), (20, 30), (32, 40), (46, 34)], fill=(255, 170, 50), width=3)
    return tile


def tiled(terrain: str, size: tuple[int, int]) -> Image.Image:
    tile = pattern(terrain)
    image = Image.new("RGB", size)
    for x in range(0, size[0], tile.width):
        for y in range(0, size[1], tile.height):
            image.paste(tile, (x, y))
    return image


def wrap(text: str, size: int, width: int) -> list[str]:
    """Split a name into lines no wider than `width` (a long single word stays whole)."""
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    lines: list[str] = []
    for word in text.split():
        if lines and text_size(probe, f"{lines[-1]} {word}", size)[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def label_anchor(region: RegionData, top: int) -> tuple[int, int]:
    """Where the region's name is centred: just above its tokens."""
    return region.centre[0], region.centre[1] + top - 30


def mountain(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: int = 16) -> None:
    """The Black Mountain sign: a dark peak with a snow line."""
    x, y = centre
    draw.polygon([(x - size, y + size * 0.7), (x, y - size * 0.8), (x + size, y + size * 0.7)], fill=INK)
    draw.polygon(
        [(x - size * 0.3, y - size * 0.45), (x, y - size * 0.8), (x + size * 0.3, y - size * 0.45)], fill=PAPER
    )
    draw.line([(x - size, y + size * 0.7), (x, y - size * 0.8), (x + size, y + size * 0.7)], fill=PAPER, width=1)


def no_entry(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: int = 13) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(200, 30, 30), outline=PAPER, width=2)
    draw.rectangle((x - radius * 0.6, y - 3, x + radius * 0.6, y + 3), fill=PAPER)


def mountain_spot(region: RegionData, top: int) -> tuple[int, int]:
    return region.centre[0] - 40, region.centre[1] + top + 8


def base_layer(game_map: MapData) -> Image.Image:
    """The cached still image for a map. Callers must copy it before drawing."""
    key = (game_map.id, game_map.title, game_map.size, tuple(game_map.regions))
    if key not in _BASES:
        _BASES[key] = _build(game_map)
    return _BASES[key]


_BASES: dict[tuple[object, ...], Image.Image] = {}


def _build(game_map: MapData) -> Image.Image:
    place = layout(game_map)
    image = Image.new("RGB", (place.width, place.height), BACKGROUND)
    top = place.map_top
    size = (place.width, place.map_height)
    for terrain in TERRAIN_COLOURS:
        mask = Image.new("L", size, 0)
        mask_draw = ImageDraw.Draw(mask)
        for region in game_map.regions.values():
            if region.terrain == terrain:
                mask_draw.polygon(region.outline, fill=255)
        image.paste(tiled(terrain, size), (0, top), mask)
    shade_inner(image, game_map, top)
    draw = ImageDraw.Draw(image)
    for region in game_map.regions.values():
        points = _shift(region.outline, top)
        draw.line([*points, points[0]], fill=WALL, width=3, joint="curve")
    for region in game_map.regions.values():
        x, y = label_anchor(region, top)
        lines = wrap(region.name, NAME_SIZE, 150)
        for index, line in enumerate(lines):
            dy = (index - (len(lines) - 1)) * (NAME_SIZE + 2)
            half = text_size(draw, line, NAME_SIZE)[0] / 2 + 6
            x = min(max(x, half), place.width - half)  # keep names near the edge whole
            draw.text((x, y + dy), line, font=font(NAME_SIZE), fill=INK, anchor="mm", stroke_width=3, stroke_fill=PAPER)
        if region.black_mountain:
            mountain(draw, mountain_spot(region, top))
        if region.terrain == "chasm":
            no_entry(draw, (region.centre[0], region.centre[1] + top + 8))
    _legend(draw, image, place)
    return image


INNER_SHADE = 0.3  # how much darker an inner region is drawn: lightness, so it reads in any colour vision


def shade_inner(image: Image.Image, game_map: MapData, top: int) -> None:
    """Darken the regions a race cannot enter first (seed step 4), so the edge shows at a glance."""
    size = (image.width, game_map.size[1])
    mask = Image.new("L", size, 0)
    mask_draw = ImageDraw.Draw(mask)
    for rid in game_map.inner_land():
        mask_draw.polygon(game_map.regions[rid].outline, fill=255)
    box = (0, top, size[0], top + size[1])
    darker = Image.blend(image.crop(box), Image.new("RGB", size, INK), INNER_SHADE)
    image.paste(darker, (0, top), mask)


def _legend(draw: ImageDraw.ImageDraw, image: Image.Image, place: Layout) -> None:
    y0 = place.legend_top
    draw.rectangle((0, y0, place.width, place.height), fill=(36, 32, 30))
    x = 14
    for terrain, label in TERRAIN_LABELS.items():
        image.paste(pattern(terrain).crop((0, 0, 30, 26)), (x, y0 + 10))
        draw.rectangle((x, y0 + 10, x + 30, y0 + 36), outline=PAPER, width=1)
        draw.text((x + 38, y0 + 23), label, font=font(16), fill=PAPER, anchor="lm")
        x += 38 + text_size(draw, label, 16)[0] + 22
    swatch = pattern("ruins").crop((0, 0, 30, 26))
    image.paste(Image.blend(swatch, Image.new("RGB", swatch.size, INK), INNER_SHADE), (x, y0 + 10))
    draw.rectangle((x, y0 + 10, x + 30, y0 + 36), outline=PAPER, width=1)
    draw.text((x + 38, y0 + 23), "inner: not a first conquest", font=font(16), fill=PAPER, anchor="lm")
    y = y0 + 60
    x = 14
    mountain(draw, (x + 14, y))
    x = _legend_text(draw, x + 34, y, "Black Mountain (+1 defence)")
    no_entry(draw, (x + 12, y), 11)
    x = _legend_text(draw, x + 30, y, "impassable")
    for fill, ring, label in (
        (seat_colour(0), INK, "active tokens (A: seat, 3 tokens)"),
        (DECLINED_FILL, seat_colour(0), "declined tokens"),
    ):
        token(draw, (x + 14, y), fill, ring, seat_letter(0) + "3", 13)
        x = _legend_text(draw, x + 34, y, label)
    monster(draw, (x + 14, y), 2, 13)
    x = _legend_text(draw, x + 34, y, "monsters")
    treasure(draw, (x + 12, y), "", 11)
    x = _legend_text(draw, x + 30, y, "Place / Relic")
    draw.rounded_rectangle((x, y - 11, x + 30, y + 11), radius=6, outline=(255, 220, 60), width=4)
    _legend_text(draw, x + 38, y, "conquered this turn")


def _legend_text(draw: ImageDraw.ImageDraw, x: int, y: int, text: str) -> int:
    draw.text((x, y), text, font=font(15), fill=PAPER, anchor="lm")
    return x + text_size(draw, text, 15)[0] + 22


def token(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], fill: Colour, ring: Colour, text: str, radius: int
) -> None:
    """A stack of race tokens: a disc with its seat letter and count ("B3")."""
    x, y = centre
    width = 2 if ring == INK else max(4, radius // 3)
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=ring, width=width)
    size = int(radius * (1.15 if len(text) < 2 else 0.95 if len(text) < 3 else 0.75))
    centred_text(draw, centre, text, size, fill=contrast(fill))


def monster(draw: ImageDraw.ImageDraw, centre: tuple[float, float], count: int, radius: int) -> None:
    """Monster tokens: a spiky dark-green blot with their number."""
    x, y = centre
    spikes = []
    for k in range(16):
        angle = math.pi * 2 * k / 16
        r = radius * (1.25 if k % 2 else 0.95)
        spikes.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    draw.polygon(spikes, fill=MONSTER, outline=PAPER)
    centred_text(draw, centre, str(count), int(radius * 1.1), fill=PAPER)


def treasure(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, radius: int) -> None:
    """A Place or Relic: a gold gem, with its name beside it when given."""
    x, y = centre
    draw.polygon([(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)], fill=GOLD, outline=INK)
    if text:
        draw.text((x + radius + 4, y), text, font=font(14), fill=INK, anchor="lm", stroke_width=2, stroke_fill=PAPER)


@lru_cache(maxsize=512)
def token_sprite(fill: Colour, ring: Colour, text: str, radius: int) -> Image.Image:
    pad = 2
    side = 2 * radius + 2 * pad
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    token(ImageDraw.Draw(sprite), (side / 2, side / 2), fill, ring, text, radius)
    return sprite


@lru_cache(maxsize=64)
def monster_sprite(count: int, radius: int) -> Image.Image:
    side = int(radius * 2.6) + 4
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    monster(ImageDraw.Draw(sprite), (side / 2, side / 2), count, radius)
    return sprite


def paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    image.paste(sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite)


def palette_for(game_map: MapData) -> Image.Image:
    """A 256-colour palette fitted to the map and the colours pieces use, so a board quantizes quickly."""
    key = (game_map.id, game_map.title, game_map.size, tuple(game_map.regions))
    if key not in _PALETTES:
        base = base_layer(game_map)
        swatches = Image.new("RGB", (base.width, 40), PAPER)
        draw = ImageDraw.Draw(swatches)
        for index, colour in enumerate(PIECE_COLOURS):
            draw.rectangle((index * 40, 0, index * 40 + 39, 39), fill=colour)
        sample = Image.new("RGB", (base.width, base.height + 40))
        sample.paste(base, (0, 0))
        sample.paste(swatches, (0, base.height))
        _PALETTES[key] = sample.quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    return _PALETTES[key]


_PALETTES: dict[tuple[object, ...], Image.Image] = {}
