"""Genertela board: the schematic map with terrain and control, unit counts per nation, the turn and the VP table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFilter

from render.draw import HIGHLIGHT, INK, PAPER, Colour, fixed_palette, font, header, stamp
from rules.genertela.board import BOARD, CONTENT, NATIONS, active_nation, controller
from rules.genertela.engine import BOT, side_scores
from rules.genertela.state import State

TOP = 56
PANEL = 320
CELL = 8  # the zone raster is computed at 1/8 scale and enlarged: fast, and schematic anyway
SEA_STRETCH = 500  # the ocean zone reaches along the whole south coast (as in the map's generator)
TERRAIN: dict[str, Colour] = {
    "lowland": (170, 205, 130),
    "highland": (196, 178, 120),
    "mountain": (140, 130, 125),
    "waste": (224, 206, 160),
    "sea": (110, 150, 205),
}
SIDE_COLOURS: dict[str, Colour] = {
    "Red": (205, 55, 50),
    "Green": (40, 150, 75),
    "Blue": (50, 95, 205),
    "Yellow": (225, 180, 30),
}


@cache
def _zone_grid() -> tuple[tuple[str, ...], Image.Image]:
    """Each pixel of the small raster holds the index of the nearest zone centre (a Voronoi map)."""
    ids = tuple(BOARD.zones)
    width, height = BOARD.canvas
    small = Image.new("L", (width // CELL, height // CELL))
    pixels = small.load()
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
    return ids, small.resize((width, height), Image.Resampling.NEAREST)


@cache
def _borders() -> Image.Image:
    _, grid = _zone_grid()
    edges = grid.filter(ImageFilter.FIND_EDGES)
    return edges.point(lambda v: 255 if v else 0)


def _blend(a: Colour, b: Colour, share: float) -> Colour:
    return tuple(int(x * (1 - share) + y * share) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _map_layer(state: State) -> Image.Image:
    ids, grid = _zone_grid()
    palette: list[int] = []
    for zid in ids:
        colour = TERRAIN[BOARD.zones[zid].terrain]
        owner = controller(state, zid)
        if owner:
            colour = _blend(colour, SIDE_COLOURS[NATIONS[owner].side], 0.45)
        palette.extend(colour)
    palette.extend([0, 0, 0] * (256 - len(ids)))
    layer = grid.copy()
    layer.putpalette(palette)
    image = layer.convert("RGB")
    image.paste(INK, mask=_borders())
    return image


@cache
def _names_layer() -> Image.Image:
    """Zone names and fixed markers never change: drawn once, pasted on every board."""
    layer = Image.new("RGBA", BOARD.canvas, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    for zone in BOARD.zones.values():
        x, y = zone.centre
        stamp(layer, (x, y - 8), zone.name, 11, INK, PAPER)
        if zone.dragonewt_city:
            draw.rectangle((x - 3, y - 22, x + 3, y - 16), fill=INK)
        if zone.city_site:
            draw.ellipse((x + 18, y - 22, x + 24, y - 16), outline=INK)
    return layer


@cache
def _palette() -> Image.Image:
    blends = [_blend(t, s, 0.45) for t in TERRAIN.values() for s in SIDE_COLOURS.values()]
    return fixed_palette([*TERRAIN.values(), *SIDE_COLOURS.values(), *blends, INK, PAPER, HIGHLIGHT, (255, 255, 255)])


def warm() -> None:
    """Build the cached layers at start-up (called by the bot), so the first board is as fast as the rest."""
    _names_layer()
    _palette()


def _draw_units(image: Image.Image, state: State) -> None:
    counts: dict[str, Counter[str]] = {}
    for unit in state.units:
        counts.setdefault(unit.zone, Counter())[unit.nation] += 1
    for zid, zone in BOARD.zones.items():
        x, y = zone.centre
        here = counts.get(zid, Counter())
        for row, nation in enumerate(n for n in NATIONS if n in here):
            label = f"{NATIONS[nation].name[:10]} {here[nation]}"
            stamp(image, (x, y + 6 + 12 * row + TOP), label, 10, SIDE_COLOURS[NATIONS[nation].side], INK)


def _panel(image: Image.Image, state: State, names: Sequence[str]) -> None:
    draw = ImageDraw.Draw(image)
    left = BOARD.canvas[0] + 12
    y = TOP + 12
    turn = CONTENT.turn(state.turn)
    draw.text((left, y), f"Turn {state.turn}/{state.last_turn}", font=font(18), fill=INK)
    draw.text((left, y + 24), turn.title[:36], font=font(13), fill=INK)
    draw.text((left, y + 42), turn.years, font=font(12), fill=INK)
    y += 72
    draw.text((left, y), "Victory points", font=font(16), fill=INK)
    y += 22
    for side, points in side_scores(state).items():
        seat = state.side_seat[side]
        who = "bot" if seat == BOT else (names[seat] if seat < len(names) else f"seat {seat}")
        draw.rectangle((left, y + 2, left + 12, y + 14), fill=SIDE_COLOURS[side], outline=INK)
        bid = state.penalties.get(side, 0)
        text = f"{side} ({who[:14]}): {points}" + (f" (bid -{bid})" if bid else "")
        draw.text((left + 18, y), text, font=font(13), fill=INK)
        y += 18
    y += 10
    draw.text((left, y), "Nations", font=font(16), fill=INK)
    y += 22
    ranked = sorted(NATIONS, key=lambda n: (-state.vp.get(n, 0), NATIONS[n].turn_order))
    for nation in ranked[:24]:
        active = nation == active_nation(state) and state.phase != "over"
        text = f"{'> ' if active else ''}{NATIONS[nation].name}: {state.vp.get(nation, 0)}"
        draw.text((left, y), text, font=font(12), fill=SIDE_COLOURS[NATIONS[nation].side] if active else INK)
        y += 15


def render(state: State, players: Sequence[str]) -> Image.Image:
    width, height = BOARD.canvas
    image = Image.new("RGB", (width + PANEL, height + TOP), PAPER)
    image.paste(_map_layer(state), (0, TOP))
    names = _names_layer()
    image.paste(names, (0, TOP), names)
    _draw_units(image, state)
    nation = NATIONS[active_nation(state)]
    line = "The campaign is over" if state.phase == "over" else f"{nation.name} ({nation.side}) - {state.phase}"
    header(image, f"Genertela - turn {state.turn}: {CONTENT.turn(state.turn).title}", line)
    _panel(image, state, players)
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


# The zoomed view (/board zoom:<zone>): the zone and its neighbours enlarged, with every unit listed.
ZOOM_SCALE = 2
ZOOM_LIST = 420  # width of the list of units beside the enlarged map


def zoom_places() -> list[tuple[str, str]]:
    """Every zone /board zoom accepts, as (id, name), by name."""
    return sorted(((zid, zone.name) for zid, zone in BOARD.zones.items()), key=lambda pair: pair[1])


def zoom_place(name: str) -> str | None:
    """The zone id for any spelling of a zone (the seed's aliases too), or None."""
    try:
        return BOARD.resolve(name)
    except KeyError:
        return None


def _zoom_zones(zid: str) -> list[str]:
    """The zone and its land neighbours (the sea's centre lies far away along the coast)."""
    near = [zid, *BOARD.zones[zid].adjacent]
    return [z for z in near if BOARD.zones[z].terrain != "sea" or z == zid]


def _unit_lines(state: State, zid: str) -> list[tuple[str, Colour]]:
    """One line per nation in the zone: its count, then its special units by name."""
    lines: list[tuple[str, Colour]] = []
    here = [unit for unit in state.units if unit.zone == zid]
    for nation in (n for n in NATIONS if any(u.nation == n for u in here)):
        mine = [u for u in here if u.nation == nation]
        named = Counter(u.label() for u in mine if u.kind != "standard")
        plain = sum(1 for u in mine if u.kind == "standard")
        parts = ([f"{plain} unit{'s' if plain != 1 else ''}"] if plain else []) + [
            f"{label}" + (f" x{count}" if count > 1 else "") for label, count in named.items()
        ]
        lines.append((f"{NATIONS[nation].name}: " + ", ".join(parts), SIDE_COLOURS[NATIONS[nation].side]))
    return lines


def render_zoom(state: State, players: Sequence[str], zid: str) -> Image.Image:
    full = render(state, players).convert("RGB")
    zones = _zoom_zones(zid)
    margin = 70
    xs = [BOARD.zones[z].centre[0] for z in zones]
    ys = [BOARD.zones[z].centre[1] for z in zones]
    width, height = BOARD.canvas
    box = (
        max(0, min(xs) - margin),
        max(0, min(ys) - margin) + TOP,
        min(width, max(xs) + margin),
        min(height, max(ys) + margin) + TOP,
    )
    area = full.crop(box)
    area = area.resize((area.width * ZOOM_SCALE, area.height * ZOOM_SCALE), Image.Resampling.LANCZOS)
    lines: list[tuple[str, Colour]] = []
    for z in zones:
        zone = BOARD.zones[z]
        owner = controller(state, z)
        held = f"held by {NATIONS[owner].name}" if owner else "uncontrolled"
        lines.append((f"{zone.name} ({zone.terrain}, {held})", INK))
        lines += _unit_lines(state, z)
    image = Image.new("RGB", (area.width + ZOOM_LIST, max(area.height, 17 * len(lines) + 24) + TOP), PAPER)
    image.paste(area, (0, TOP))
    draw = ImageDraw.Draw(image)
    y = TOP + 12
    for text, colour in lines:
        if colour != INK:  # a nation's line: its side's colour as a swatch, the text in ink to stay readable
            draw.rectangle((area.width + 14, y + 3, area.width + 24, y + 13), fill=colour, outline=INK)
        draw.text((area.width + (30 if colour != INK else 12), y), text.strip()[:60], font=font(13), fill=INK)
        y += 17
    nation = NATIONS[active_nation(state)]
    line = "The campaign is over" if state.phase == "over" else f"{nation.name} ({nation.side}) - {state.phase}"
    header(image, f"Genertela - turn {state.turn}: around {BOARD.zones[zid].name}", line)
    # a small PNG: the enlargement adds shades, which a fast octree folds into 128 colours
    return image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
