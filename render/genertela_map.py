"""Genertela's map, shared by the whole map (/board full) and the focused views (the posted board, /board zoom):
the zone raster, the colours, the marks and their glyphs, and the words that describe an army."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection
from functools import cache

from PIL import Image, ImageDraw, ImageFilter

from render.draw import HIGHLIGHT, INK, PAPER, Colour, contrast, fixed_palette, ringed, stamp
from rules.genertela.board import BOARD, NATIONS, active_nation, controller
from rules.genertela.content import Zone
from rules.genertela.specials import walled
from rules.genertela.state import State, Unit

CELL = 8  # the zone raster is computed at 1/8 scale and enlarged: fast, and schematic anyway
SEA_STRETCH = 500  # the ocean zone reaches along the whole south coast (as in the map's generator)
# Uncontrolled land: neutral greys and beiges that no side uses, so a zone tinted with its holder's colour stands
# apart (under colour-blind simulation too); the sea a pale slate.
TERRAIN: dict[str, Colour] = {
    "lowland": (206, 202, 188),
    "highland": (184, 174, 156),
    "mountain": (140, 136, 132),
    "waste": (228, 218, 196),
    "sea": (172, 188, 202),
}
# Okabe-Ito (vermillion, bluish green lightened, blue darkened, yellow): every pair stays >= 20 CIEDE2000 apart
# under deuteranopia, protanopia and tritanopia (Machado 2009, severity 1.0; worst 23.8). Each side is also
# marked by its letter, on its tokens and in the legend.
SIDE_COLOURS: dict[str, Colour] = {
    "Red": (213, 94, 0),
    "Green": (77, 187, 157),
    "Blue": (0, 97, 151),
    "Yellow": (240, 228, 66),
}
DEATHLINE: Colour = (150, 30, 120)  # the hatched band inside a Deathline zone's border: a colour no side uses
GOLD: Colour = (196, 150, 30)  # the crown on the Emperor's lands
HOUSE_MAP = "House map: our schematic of Genertela"
TREE: Colour = (30, 100, 45)  # an Aldryami Forest's icon
FIXTURES = ("city", "forest")  # drawn as icons, not counted with the army
SHARE = 0.55  # how much of its holder's side colour a controlled zone takes
BORDER = 255  # the palette index of zone borders in a bordered grid
# Palette indices a map layer burns its bands into before it is coloured (one byte a pixel, where pasting colours
# over the coloured map takes three): the Deathline's dashes, a battle's band and its thin inner line.
DASHES, BATTLE, BATTLE_EDGE = BORDER - 1, BORDER - 2, BORDER - 3


@cache
def zone_cells() -> tuple[tuple[str, ...], Image.Image]:
    """The small raster: each cell (CELL map pixels square) holds the index of the nearest zone centre (a Voronoi
    map). Whole cells cover the canvas, so enlarging it by an integer factor with NEAREST is exact."""
    ids = tuple(BOARD.zones)
    width, height = BOARD.canvas
    small = Image.new("L", (-(-width // CELL), -(-height // CELL)))
    pixels = small.load()
    assert pixels is not None  # a new image always loads
    centres = [(BOARD.zones[i].centre, BOARD.zones[i].terrain == "sea") for i in ids]
    for row in range(small.height):
        y = row * CELL + CELL // 2
        for col in range(small.width):
            x = col * CELL + CELL // 2
            best, best_d = 0, float("inf")
            for index, ((cx, cy), sea) in enumerate(centres):
                dx = abs(x - cx)
                if sea:
                    dx = max(0, dx - SEA_STRETCH)
                d = dx * dx + (y - cy) ** 2
                if d < best_d:
                    best, best_d = index, d
            pixels[col, row] = best
    return ids, small


@cache
def zone_index() -> dict[str, int]:
    """Each zone's index in the rasters."""
    return {zid: index for index, zid in enumerate(zone_cells()[0])}


def borders_of(grid: Image.Image) -> Image.Image:
    """A mask of the pixels where zones meet."""
    return grid.filter(ImageFilter.FIND_EDGES).point(lambda v: 255 if v else 0)


def blend(a: Colour, b: Colour, share: float) -> Colour:
    return tuple(int(x * (1 - share) + y * share) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


@cache  # a few dozen pairs, asked for every zone in view on every board
def zone_colour(terrain: str, side: str = "") -> Colour:
    """A zone's colour: its terrain, tinted by the side that holds it (if one does)."""
    return blend(TERRAIN[terrain], SIDE_COLOURS[side], SHARE) if side else TERRAIN[terrain]


def ground_of(state: State, zid: str) -> Colour:
    """The colour under a zone's labels and tokens."""
    owner = controller(state, zid)
    return zone_colour(BOARD.zones[zid].terrain, NATIONS[owner].side if owner else "")


def zone_palette(state: State, shown: Collection[int] | None = None) -> list[int]:
    """Each zone index's colour (terrain, tinted by its holder's side), then the colours of the bands burnt into a
    layer (BATTLE_EDGE, BATTLE, DASHES) and of the borders (BORDER); only the `shown` indices are worked out when
    given (who holds a zone is the costly part)."""
    ids, _ = zone_cells()
    palette: list[int] = []
    for index, zid in enumerate(ids):
        owner = controller(state, zid) if shown is None or index in shown else ""
        palette.extend(zone_colour(BOARD.zones[zid].terrain, NATIONS[owner].side if owner else ""))
    palette.extend([0, 0, 0] * (BATTLE_EDGE - len(ids)))
    palette.extend([*INK, *HIGHLIGHT, *DEATHLINE, *INK])  # BATTLE_EDGE, BATTLE, DASHES, BORDER
    return palette


@cache
def palette_image() -> Image.Image:
    """The fixed palette every Genertela board is quantised to (fast, and the same colours on every board)."""
    blends = [blend(t, s, SHARE) for t in TERRAIN.values() for s in SIDE_COLOURS.values()]
    colours = [*TERRAIN.values(), *SIDE_COLOURS.values(), *blends, INK, PAPER, HIGHLIGHT, TREE, DEATHLINE, GOLD]
    colours.append((255, 255, 255))
    return fixed_palette(colours)


def stripes(width: int, height: int, period: int = 8, on: int = 5) -> Image.Image:
    """Diagonal dashes (`on` pixels of every `period`): the Deathline band shows them through its mask."""
    row = bytes(255 if i % period < on else 0 for i in range(width + period))
    return Image.frombytes("L", (width, height), b"".join(row[y % period : y % period + width] for y in range(height)))


# --- glyphs: k scales them (1 on the whole map, larger in the focused views) ---------------------------------


def fortress(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """A fortress: a small crenellated tower."""
    xs, ys = (-5, -3, -3, -1, -1, 1, 1, 3, 3, 5), (5, 5, 3, 3, 5, 5, 3, 3, 5, 5)  # the battlements
    top = [(x + dx * k, y - dy * k) for dx, dy in zip(xs, ys, strict=True)]
    draw.polygon([(x - 5 * k, y + 5 * k), *top, (x + 5 * k, y + 5 * k)], fill=PAPER, outline=INK)
    draw.rectangle((x - k, y + k, x + k, y + 5 * k), fill=INK)  # the gate


def narrow_pass(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """A narrow pass: ")(" on a light disc, two cliffs squeezing the way."""
    width = max(2, round(2 * k))
    draw.rounded_rectangle((x - 7 * k, y - 6 * k, x + 7 * k, y + 6 * k), 3 * k, fill=PAPER, outline=INK)
    draw.arc((x - 12 * k, y - 5 * k, x - 2 * k, y + 5 * k), -60, 60, fill=INK, width=width)
    draw.arc((x + 2 * k, y - 5 * k, x + 12 * k, y + 5 * k), 120, 240, fill=INK, width=width)


def crown(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """The Emperor's lands: a small gold crown."""
    shape = ((-6, 4), (-6, -4), (-3, 0), (0, -5), (3, 0), (6, -4), (6, 4))
    draw.polygon([(x + dx * k, y + dy * k) for dx, dy in shape], fill=GOLD, outline=INK)


def star(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """A special unit's mark: a small five-pointed star."""
    points = []
    for i in range(10):
        radius = (5 if i % 2 == 0 else 2) * k
        angle = math.pi / 2 + i * math.pi / 5
        points.append((x + radius * math.cos(angle), y - radius * math.sin(angle)))
    draw.polygon(points, fill=HIGHLIGHT, outline=INK)


def city(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1, colour: Colour = PAPER) -> None:
    """A built City: a house in its owner's side colour."""
    shape = ((-6, 6), (-6, -1), (0, -7), (6, -1), (6, 6))
    draw.polygon([(x + dx * k, y + dy * k) for dx, dy in shape], fill=colour, outline=INK)


def forest(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """An Aldryami Forest: a tree."""
    draw.rectangle((x - k, y + 3 * k, x + k, y + 7 * k), fill=INK)
    draw.polygon([(x - 6 * k, y + 4 * k), (x, y - 8 * k), (x + 6 * k, y + 4 * k)], fill=TREE, outline=INK)


def newt_city(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """A Dragonewt city: a black square."""
    draw.rectangle((x - 3 * k, y - 3 * k, x + 3 * k, y + 3 * k), fill=INK)


def city_site(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """Where a City may be built: a ring."""
    draw.ellipse((x - 3 * k, y - 3 * k, x + 3 * k, y + 3 * k), outline=INK, width=max(1, round(k)))


def deathline_swatch(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """The Deathline band as the key shows it: dashes inside a border."""
    for dx in range(0, 12, 4):
        draw.line((x - 6 + dx * k, y + 6 * k, x - 6 + (dx + 3) * k, y + 3 * k), fill=DEATHLINE, width=3)
    draw.rectangle((x - 6 * k, y - 6 * k, x + 6 * k, y + 6 * k), outline=INK)


Glyph = Callable[[ImageDraw.ImageDraw, float, float, float], None]
GLYPHS: dict[str, Glyph] = {"fortress": fortress, "narrow pass": narrow_pass, "Emperor's lands": crown}


def zone_marks(zone: Zone) -> list[str]:
    """The glyphs a zone carries (the Deathline is a hatched band, not a glyph)."""
    flags = (zone.north_of_emperor_line, zone.fortress, zone.narrow_pass)
    return [mark for mark, flag in zip(("Emperor's lands", "fortress", "narrow pass"), flags, strict=True) if flag]


@cache
def drawn_marks() -> tuple[tuple[str, str], ...]:
    """The (zone id, mark) pairs the map carries: "deathline", "fortress", "narrow pass", "Emperor's lands"."""
    return tuple(
        (zid, mark)
        for zid, zone in BOARD.zones.items()
        for mark in (["deathline"] if zone.deathline else []) + zone_marks(zone)
    )


def token(
    image: Image.Image, box: tuple[float, float, float, float], side: str, size: int, under: Colour = PAPER
) -> None:
    """A side's swatch with its letter (R, G, B, Y) in black or white, whichever reads on the colour: the side
    is told by the letter as well as by the colour; ringed to stand out from the ground `under` it."""
    colour = SIDE_COLOURS[side]
    ringed(image, box, colour, under)
    stamp(image, ((box[0] + box[2]) / 2 + 0.5, (box[1] + box[3]) / 2 + 0.5), side[0], size, contrast(colour))


# --- words --------------------------------------------------------------------------------------------------


def short_name(name: str) -> str:
    """A special unit's name cut to fit a zone: "Karastand Halftroll" becomes "Karastand H."."""
    if len(name) <= 12:
        return name
    words = name.split()
    return (words[0] + (f" {words[1][0]}." if len(words) > 1 else ""))[:12]


def army_units(units: list[Unit], zid: str) -> dict[str, list[Unit]]:
    """The army in a zone by nation, in turn-record order: Cities and Forests are icons, not units."""
    here = [u for u in units if u.zone == zid and u.kind not in FIXTURES]
    by_nation: dict[str, list[Unit]] = {}
    for unit in here:
        if unit.nation in NATIONS:  # never fail a board over a unit with no known nation
            by_nation.setdefault(unit.nation, []).append(unit)
    return {n: by_nation[n] for n in sorted(by_nation, key=lambda n: NATIONS[n].turn_order)}


def outside_count(state: State, zid: str, units: list[Unit]) -> int:
    """Units standing outside the walls: only a zone with walls has an outside (the flag stays on a unit that
    moves on, and means nothing in a zone without a City or a fortress)."""
    return sum(u.outside for u in units) if walled(state, zid) else 0


def unit_lines(state: State, zid: str) -> list[tuple[str, Colour]]:
    """One line per nation in the zone: its count, then its special units by name (the zoom's list)."""
    lines: list[tuple[str, Colour]] = []
    here = [unit for unit in state.units if unit.zone == zid]
    for nation in (n for n in NATIONS if any(u.nation == n for u in here)):
        mine = [u for u in here if u.nation == nation]
        named = Counter(u.label() for u in mine if u.kind != "standard")
        plain = sum(1 for u in mine if u.kind == "standard")
        parts = ([f"{plain} unit{'s' if plain != 1 else ''}"] if plain else []) + [
            f"{label}" + (f" x{count}" if count > 1 else "") for label, count in named.items()
        ]
        parts += [f"{count} outside the walls" for count in [outside_count(state, zid, mine)] if count]
        parts += [f"{count} on their city" for count in [sum(u.sitting for u in mine)] if count]
        lines.append((f"{NATIONS[nation].name}: " + ", ".join(parts), SIDE_COLOURS[NATIONS[nation].side]))
    return lines


def headline(state: State) -> str:
    """Whose nation turn it is and its step; in a battle, where and which round."""
    if state.phase == "over":
        return "The campaign is over"
    nation = NATIONS[active_nation(state)]
    battle = state.battle
    if state.phase == "battle" and battle is not None:
        where = (
            f"battle in {BOARD.zones[battle.zone].name} against {NATIONS[battle.defender].name}, round {battle.round}"
        )
        return f"{nation.name} ({nation.side}) - {where}"
    return f"{nation.name} ({nation.side}) - {state.phase}"
