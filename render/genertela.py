"""Genertela board: the schematic map with terrain and control, unit counts per nation with special units named,
Cities and Forests, the last battles outlined, the turn and the VP table."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from render.draw import HIGHLIGHT, INK, PAPER, Colour, contrast, fixed_palette, font, header, stamp
from rules.genertela.board import BOARD, CONTENT, NATIONS, active_nation, controller
from rules.genertela.content import Zone
from rules.genertela.engine import BOT, side_scores
from rules.genertela.state import State, Unit

TOP = 56
PANEL = 320
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
LINE = 11  # pixels between the lines of units under a zone's name


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


def _token(image: Image.Image, box: tuple[float, float, float, float], side: str, size: int) -> None:
    """A side's swatch with its letter (R, G, B, Y) in black or white, whichever reads on the colour: the side
    is told by the letter as well as by the colour."""
    colour = SIDE_COLOURS[side]
    ImageDraw.Draw(image).rectangle(box, fill=colour, outline=INK)
    stamp(image, ((box[0] + box[2]) / 2 + 0.5, (box[1] + box[3]) / 2 + 0.5), side[0], size, contrast(colour))


SHARE = 0.55  # how much of its holder's side colour a controlled zone takes
BORDER = 255  # the palette index of zone borders in the bordered grid


@cache
def _bordered_grid() -> Image.Image:
    """The zone raster with its borders burnt in as one more palette index: colouring it draws them for free."""
    _, grid = _zone_grid()
    bordered = grid.copy()
    bordered.paste(BORDER, mask=_borders())
    return bordered


def _map_layer(state: State) -> Image.Image:
    ids, _ = _zone_grid()
    grid = _bordered_grid()
    palette: list[int] = []
    for zid in ids:
        colour = TERRAIN[BOARD.zones[zid].terrain]
        owner = controller(state, zid)
        if owner:
            colour = _blend(colour, SIDE_COLOURS[NATIONS[owner].side], SHARE)
        palette.extend(colour)
    palette.extend([0, 0, 0] * (BORDER - len(ids)))
    palette.extend(INK)
    layer = grid.copy()
    layer.putpalette(palette)
    image = layer.convert("RGB")
    for zid in state.fought:  # the battles of the last nation turn that fought: outlined
        box, band, edge = _outline(ids.index(zid))
        image.paste(HIGHLIGHT, box, band)
        image.paste(INK, box, edge)  # a dark inner edge keeps the band visible on yellow zones
    return image


@cache
def _outline(index: int) -> tuple[tuple[int, int], Image.Image, Image.Image]:
    """A band along the inside of a zone's border and a thin line inside it (where they lie, and their masks)."""
    _, grid = _zone_grid()
    mask = grid.point([255 if v == index else 0 for v in range(256)])
    left, top, right, bottom = mask.getbbox() or (0, 0, 1, 1)
    area = mask.crop((left, top, right, bottom))
    inner = area.filter(ImageFilter.MinFilter(9))
    core = inner.filter(ImageFilter.MinFilter(3))
    return (left, top), ImageChops.subtract(area, inner), ImageChops.subtract(inner, core)


def _fortress(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A fortress: a small crenellated tower."""
    xs, ys = (-5, -3, -3, -1, -1, 1, 1, 3, 3, 5), (5, 5, 3, 3, 5, 5, 3, 3, 5, 5)  # the battlements
    top = [(x + dx, y - dy) for dx, dy in zip(xs, ys, strict=True)]
    draw.polygon(
        [(x - 5, y + 5), *top, (x + 5, y + 5)],
        fill=PAPER,
        outline=INK,
    )
    draw.rectangle((x - 1, y + 1, x + 1, y + 5), fill=INK)  # the gate


def _narrow_pass(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A narrow pass: ")(" on a light disc, two cliffs squeezing the way."""
    draw.rounded_rectangle((x - 7, y - 6, x + 7, y + 6), 3, fill=PAPER, outline=INK)
    draw.arc((x - 12, y - 5, x - 2, y + 5), -60, 60, fill=INK, width=2)
    draw.arc((x + 2, y - 5, x + 12, y + 5), 120, 240, fill=INK, width=2)


def _crown(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The Emperor's lands: a small gold crown."""
    draw.polygon(
        [(x - 6, y + 4), (x - 6, y - 4), (x - 3, y), (x, y - 5), (x + 3, y), (x + 6, y - 4), (x + 6, y + 4)],
        fill=GOLD,
        outline=INK,
    )


GLYPHS = {"fortress": _fortress, "narrow pass": _narrow_pass, "Emperor's lands": _crown}
MARK_GAP = 15  # pixels between the centres of a zone's glyphs


def _zone_marks(zone: Zone) -> list[str]:
    """The glyphs a zone carries (the Deathline is a hatched band, not a glyph)."""
    flags = (zone.north_of_emperor_line, zone.fortress, zone.narrow_pass)
    return [mark for mark, flag in zip(("Emperor's lands", "fortress", "narrow pass"), flags, strict=True) if flag]


def mark_spot(zid: str, index: int) -> tuple[int, int]:
    """Where a zone's index-th glyph is centred on the map (map coordinates): a row above the zone's icons, near the
    top of its area, clear of the name and the unit counts below it."""
    zone = BOARD.zones[zid]
    count = len(_zone_marks(zone))
    x, y = zone.centre
    return x - (count - 1) * MARK_GAP // 2 + index * MARK_GAP, max(8, y - 36)


@cache
def drawn_marks() -> tuple[tuple[str, str], ...]:
    """The (zone id, mark) pairs the map carries: "deathline", "fortress", "narrow pass", "Emperor's lands"."""
    return tuple(
        (zid, mark)
        for zid, zone in BOARD.zones.items()
        for mark in (["deathline"] if zone.deathline else []) + _zone_marks(zone)
    )


@cache
def _stripes() -> Image.Image:
    """Diagonal dashes across the canvas (5 pixels on, 3 off): the Deathline band shows them through its mask."""
    width, height = BOARD.canvas
    row = bytes(255 if i % 8 < 5 else 0 for i in range(width + 8))
    return Image.frombytes("L", (width, height), b"".join(row[y % 8 : y % 8 + width] for y in range(height)))


@cache
def _names_layer() -> Image.Image:
    """Zone names and fixed markers never change: drawn once, pasted on every board. The marks of the map's
    special zones are drawn here too: a hatched band inside a Deathline zone's border, glyphs for the rest."""
    layer = Image.new("RGBA", BOARD.canvas, (0, 0, 0, 0))
    ids, _ = _zone_grid()
    for zid, mark in drawn_marks():
        if mark == "deathline":
            (left, top), band, _ = _outline(ids.index(zid))
            stripes = ImageChops.multiply(band, _stripes().crop((left, top, left + band.width, top + band.height)))
            layer.paste((*DEATHLINE, 255), (left, top), stripes)
    draw = ImageDraw.Draw(layer)
    for zone in BOARD.zones.values():
        x, y = zone.centre
        stamp(layer, (x, y - 8), zone.name, 11, INK, PAPER)
        if zone.dragonewt_city:
            draw.rectangle((x - 3, y - 22, x + 3, y - 16), fill=INK)
        if zone.city_site:
            draw.ellipse((x + 18, y - 22, x + 24, y - 16), outline=INK)
        for index, mark in enumerate(_zone_marks(zone)):
            GLYPHS[mark](draw, *mark_spot(zone.id, index))
    return layer


@cache
def _palette() -> Image.Image:
    blends = [_blend(t, s, SHARE) for t in TERRAIN.values() for s in SIDE_COLOURS.values()]
    colours = [*TERRAIN.values(), *SIDE_COLOURS.values(), *blends, INK, PAPER, HIGHLIGHT, TREE, DEATHLINE, GOLD]
    colours.append((255, 255, 255))
    return fixed_palette(colours)


def warm() -> None:
    """Build the cached layers at start-up (called by the bot), so the first board is as fast as the rest."""
    _names_layer()
    _palette()
    _bordered_grid()
    _legend()
    _house_note()
    for index in range(len(BOARD.zones)):  # the battle outlines: ~0.4 s once rather than up to 36 ms on a board
        _outline(index)


def short_name(name: str) -> str:
    """A special unit's name cut to fit a zone: "Karastand Halftroll" becomes "Karastand H."."""
    if len(name) <= 12:
        return name
    words = name.split()
    return (words[0] + (f" {words[1][0]}." if len(words) > 1 else ""))[:12]


def army_lines(state: State, zid: str, units: list[Unit] | None = None) -> list[tuple[str, str, list[str]]]:
    """Per nation in the zone (turn-record order): its side, "Uz 3 (1 out)" and its special units' short names.
    Cities and Forests are icons, not counted; "out" counts units standing outside the walls, "on city" named
    Dragonewts sitting on a Dragonewt city."""
    found = []
    here = [u for u in (state.units if units is None else units) if u.zone == zid and u.kind not in FIXTURES]
    by_nation: dict[str, list[Unit]] = {}
    for unit in here:
        if unit.nation in NATIONS:  # never fail a board over a unit with no known nation
            by_nation.setdefault(unit.nation, []).append(unit)
    for nation in sorted(by_nation, key=lambda n: NATIONS[n].turn_order):
        mine = by_nation[nation]
        notes = [
            f"{count} {what}"
            for count, what in (
                (sum(u.outside for u in mine), "out"),
                (sum(u.sitting for u in mine), "on city"),
            )
            if count
        ]
        text = f"{NATIONS[nation].name[:10]} {len(mine)}" + (f" ({', '.join(notes)})" if notes else "")
        named = [short_name(u.name) for u in mine if u.kind == "special" and u.name]
        found.append((NATIONS[nation].side, text, named))
    return found


def _star(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A special unit's mark: a small five-pointed star."""
    points = []
    for i in range(10):
        radius = 5 if i % 2 == 0 else 2
        angle = math.pi / 2 + i * math.pi / 5
        points.append((x + radius * math.cos(angle), y - radius * math.sin(angle)))
    draw.polygon(points, fill=HIGHLIGHT, outline=INK)


def _fixtures(draw: ImageDraw.ImageDraw, state: State) -> None:
    """Built Cities (a house in the owner's side colour) and Aldryami Forests (a tree) above the zone's name."""
    for unit in state.units:
        if unit.kind not in FIXTURES:
            continue
        x, y = BOARD.zones[unit.zone].centre
        y += TOP - 19
        if unit.kind == "city":
            x += 21
            draw.polygon(
                [(x - 6, y + 6), (x - 6, y - 1), (x, y - 7), (x + 6, y - 1), (x + 6, y + 6)],
                fill=SIDE_COLOURS[NATIONS[unit.nation].side],
                outline=INK,
            )
        else:
            x -= 21
            draw.rectangle((x - 1, y + 3, x + 1, y + 7), fill=INK)
            draw.polygon([(x - 6, y + 4), (x, y - 8), (x + 6, y + 4)], fill=TREE, outline=INK)


def _draw_units(image: Image.Image, state: State) -> None:
    draw = ImageDraw.Draw(image)
    _fixtures(draw, state)
    zones: dict[str, list[Unit]] = {}
    for unit in state.units:
        zones.setdefault(unit.zone, []).append(unit)
    for zid, here in zones.items():
        x, y = BOARD.zones[zid].centre
        y += TOP + 6
        for side, text, named in army_lines(state, zid, here):
            # dark text on a light halo reads on every side colour; the side is the lettered swatch beside it
            width = stamp(image, (x, y), text, 10, INK, PAPER)
            left = x - width / 2 - 12
            _token(image, (left, y - 5, left + 10, y + 5), side, 9)
            y += LINE
            if named:
                shown = ", ".join(named[:2]) + (f" +{len(named) - 2}" if len(named) > 2 else "")
                width = stamp(image, (x + 4, y), shown, 10, INK, PAPER)
                _star(draw, x + 4 - width / 2 - 7, y)
                y += LINE


def _panel(image: Image.Image, state: State, names: Sequence[str]) -> None:
    draw = ImageDraw.Draw(image)
    left = BOARD.canvas[0] + 12
    y = TOP + 12
    turn = CONTENT.turn(state.turn)
    stamp(image, (left, y), f"Turn {state.turn}/{state.last_turn}", 18, INK, anchor="la")
    stamp(image, (left, y + 24), turn.title[:36], 13, INK, anchor="la")
    stamp(image, (left, y + 42), turn.years, 12, INK, anchor="la")
    y += 72
    stamp(image, (left, y), "Victory points", 16, INK, anchor="la")
    y += 22
    for side, points in side_scores(state).items():
        seat = state.side_seat[side]
        who = "bot" if seat == BOT else (names[seat] if seat < len(names) else f"seat {seat}")
        _token(image, (left, y + 1, left + 13, y + 14), side, 11)
        bid = state.penalties.get(side, 0)
        text = f"{side} ({who[:14]}): {points}" + (f" (bid -{bid})" if bid else "")
        stamp(image, (left + 18, y), text, 13, INK, anchor="la")
        y += 18
    y += 10
    stamp(image, (left, y), "Nations", 16, INK, anchor="la")
    y += 22
    ranked = sorted(NATIONS, key=lambda n: (-state.vp.get(n, 0), NATIONS[n].turn_order))
    for nation in ranked[:24]:
        active = nation == active_nation(state) and state.phase != "over"
        if active:  # whose nation turn it is: a highlighted bar across the list
            draw.rectangle((left - 4, y - 1, left + PANEL - 20, y + 14), fill=HIGHLIGHT)
        text = f"{'> ' if active else ''}{NATIONS[nation].name}: {state.vp.get(nation, 0)}"
        _token(image, (left, y + 1, left + 11, y + 12), NATIONS[nation].side, 9)
        stamp(image, (left + 16, y), text, 12, INK, anchor="la")
        y += 15
    y += 8
    if state.fought:
        stamp(image, (left, y), "Last battles (outlined)", 14, INK, anchor="la")
        y += 18
        fought = ", ".join(BOARD.zones[zid].name for zid in state.fought)
        for start in range(0, min(len(fought), 3 * 40), 40):
            stamp(image, (left, y), fought[start : start + 40], 12, INK, anchor="la")
            y += 15
    legend = _legend()
    image.paste(legend, (left, max(y + 6, image.height - legend.height)), legend)


@cache
def _legend() -> Image.Image:
    """What the marks and letters mean, the terrain under the control tint, and that the map is a house map: drawn
    once (real text baselines), then pasted."""
    layer = Image.new("RGBA", (PANEL - 16, 92), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    y = 0
    for dx in range(0, 12, 4):  # the Deathline band: dashes inside the border
        draw.line((dx, y + 13, dx + 3, y + 10), fill=DEATHLINE, width=3)
    draw.rectangle((0, y + 1, 12, y + 13), outline=INK)
    draw.text((16, y), "Deathline", font=font(12), fill=INK)
    _fortress(draw, 90, y + 7)
    draw.text((100, y), "fortress", font=font(12), fill=INK)
    _narrow_pass(draw, 168, y + 7)
    draw.text((180, y), "narrow pass", font=font(12), fill=INK)
    y += 18
    _crown(draw, 6, y + 8)
    draw.text((16, y), "Emperor's lands", font=font(12), fill=INK)
    _star(draw, 122, y + 7)
    draw.text((131, y), "special unit", font=font(12), fill=INK)
    y += 18
    x = 0
    for terrain, colour in TERRAIN.items():
        draw.rectangle((x, y + 2, x + 10, y + 12), fill=colour, outline=INK)
        draw.text((x + 14, y), terrain, font=font(11), fill=INK)
        x += 20 + int(draw.textlength(terrain, font=font(11)))
    y += 18
    draw.polygon([(0, y + 13), (0, y + 6), (6, y), (12, y + 6), (12, y + 13)], fill=PAPER, outline=INK)
    draw.text((16, y), "City", font=font(12), fill=INK)
    draw.polygon([(50, y + 11), (56, y), (62, y + 11)], fill=TREE, outline=INK)
    draw.text((66, y), "Forest", font=font(12), fill=INK)
    draw.text((122, y), "(2 out): outside the walls", font=font(12), fill=INK)
    draw.text((0, y + 17), "(1 on city): Dragonewts on their city", font=font(12), fill=INK)
    return layer


@cache
def _house_note() -> Image.Image:
    """The header's right end: the map is our own schematic, not the published board."""
    layer = Image.new("RGBA", (PANEL + 40, 40), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    draw.text((layer.width, 0), HOUSE_MAP, font=font(14), fill=PAPER, anchor="ra")
    draw.text((layer.width, 20), "(not the published board)", font=font(12), fill=PAPER, anchor="ra")
    return layer


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


def render(state: State, players: Sequence[str]) -> Image.Image:
    width, height = BOARD.canvas
    image = Image.new("RGB", (width + PANEL, height + TOP), PAPER)
    image.paste(_map_layer(state), (0, TOP))
    names = _names_layer()
    image.paste(names, (0, TOP), names)
    _draw_units(image, state)
    line = headline(state)
    header(image, f"Genertela - turn {state.turn}: {CONTENT.turn(state.turn).title}", line)
    note = _house_note()
    image.paste(note, (image.width - note.width - 12, 9), note)
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
        parts += [f"{count} outside the walls" for count in [sum(u.outside for u in mine)] if count]
        parts += [f"{count} on their city" for count in [sum(u.sitting for u in mine)] if count]
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
    line = headline(state)
    header(image, f"Genertela - turn {state.turn}: around {BOARD.zones[zid].name}", line)
    # a small PNG: the enlargement adds shades, which a fast octree folds into 128 colours
    return image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
