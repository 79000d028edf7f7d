"""The whole Genertela map (/board full): terrain and control, unit counts per nation with special units named,
Cities and Forests, the last battles outlined, the turn and the VP table. Its texts are sized for the full-size
image (players open it), not for the inline preview: the posted board is the focused view."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, drawn_layer, font, header, stamp, write
from render.genertela_map import (
    BORDER,
    DEATHLINE,
    GLYPHS,
    HOUSE_MAP,
    SIDE_COLOURS,
    TERRAIN,
    army_lines,
    borders_of,
    city,
    city_site,
    crown,
    deathline_swatch,
    drawn_marks,
    forest,
    fortress,
    headline,
    mark_spot,
    narrow_pass,
    newt_city,
    outline_masks,
    palette_image,
    star,
    stripes,
    token,
    zone_grid,
    zone_marks,
    zone_palette,
)
from rules.genertela.board import BOARD, CONTENT, NATIONS, active_nation
from rules.genertela.engine import BOT
from rules.genertela.scores import given_up_note, side_vp
from rules.genertela.state import State, Unit

TOP = 56
PANEL = 320
LINE = 11  # pixels between the lines of units under a zone's name


@cache
def _bordered_grid() -> Image.Image:
    """The zone raster with its borders burnt in as one more palette index: colouring it draws them for free."""
    _, grid = zone_grid()
    bordered = grid.copy()
    bordered.paste(BORDER, mask=borders_of(grid))
    return bordered


@cache
def outline(index: int) -> tuple[tuple[int, int], Image.Image, Image.Image]:
    """A band along the inside of a zone's border and a thin line inside it (where they lie, and their masks)."""
    _, grid = zone_grid()
    mask = grid.point([255 if v == index else 0 for v in range(256)])
    left, top, right, bottom = mask.getbbox() or (0, 0, 1, 1)
    band, edge = outline_masks(mask.crop((left, top, right, bottom)), 9)
    return (left, top), band, edge


def _map_layer(state: State) -> Image.Image:
    ids, _ = zone_grid()
    layer = _bordered_grid().copy()
    layer.putpalette(zone_palette(state))
    image = layer.convert("RGB")
    for zid in state.fought:  # the battles of the last nation turn that fought: outlined
        box, band, edge = outline(ids.index(zid))
        image.paste(HIGHLIGHT, box, band)
        image.paste(INK, box, edge)  # a dark inner edge keeps the band visible on yellow zones
    return image


@cache
def _stripes() -> Image.Image:
    return stripes(*BOARD.canvas)


@drawn_layer
def _names_layer() -> Image.Image:
    """Zone names and fixed markers never change: drawn once, pasted on every board. The marks of the map's
    special zones are drawn here too: a hatched band inside a Deathline zone's border, glyphs for the rest."""
    layer = Image.new("RGBA", BOARD.canvas, (0, 0, 0, 0))
    ids, _ = zone_grid()
    for zid, mark in drawn_marks():
        if mark == "deathline":
            (left, top), band, _ = outline(ids.index(zid))
            lines = ImageChops.multiply(band, _stripes().crop((left, top, left + band.width, top + band.height)))
            layer.paste((*DEATHLINE, 255), (left, top), lines)
    draw = ImageDraw.Draw(layer)
    for zone in BOARD.zones.values():
        x, y = zone.centre
        stamp(layer, (x, y - 8), zone.name, 11, INK, PAPER)
        if zone.dragonewt_city:
            newt_city(draw, x, y - 19)
        if zone.city_site:
            city_site(draw, x + 21, y - 19)
        for index, mark in enumerate(zone_marks(zone)):
            GLYPHS[mark](draw, *mark_spot(zone.id, index), 1)
    return layer


def _fixtures(draw: ImageDraw.ImageDraw, state: State) -> None:
    """Built Cities (a house in the owner's side colour) and Aldryami Forests (a tree) above the zone's name."""
    for unit in state.units:
        if unit.kind == "city":
            x, y = BOARD.zones[unit.zone].centre
            city(draw, x + 21, y + TOP - 19, 1, SIDE_COLOURS[NATIONS[unit.nation].side])
        elif unit.kind == "forest":
            x, y = BOARD.zones[unit.zone].centre
            forest(draw, x - 21, y + TOP - 19)


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
            token(image, (left, y - 5, left + 10, y + 5), side, 9)
            y += LINE
            if named:
                shown = ", ".join(named[:2]) + (f" +{len(named) - 2}" if len(named) > 2 else "")
                width = stamp(image, (x + 4, y), shown, 10, INK, PAPER)
                star(draw, x + 4 - width / 2 - 7, y)
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
    for side, points in side_vp(state).items():
        seat = state.side_seat[side]
        who = "bot" if seat == BOT else (names[seat] if seat < len(names) else f"seat {seat}")
        token(image, (left, y + 1, left + 13, y + 14), side, 11)
        text = f"{side} ({who[:14]}): {points}{given_up_note(state, side)}"
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
        token(image, (left, y + 1, left + 11, y + 12), NATIONS[nation].side, 9)
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
    legend = legend_layer()
    image.paste(legend, (left, max(y + 6, image.height - legend.height)), legend)


@drawn_layer
def legend_layer() -> Image.Image:
    """What the marks and letters mean, the terrain under the control tint, and that the map is a house map: drawn
    once, then pasted (its texts reported on every use)."""
    layer = Image.new("RGBA", (PANEL - 16, 92), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    y = 0
    deathline_swatch(draw, 6, y + 7)
    write(draw, (16, y), "Deathline", 12, INK)
    fortress(draw, 90, y + 7)
    write(draw, (100, y), "fortress", 12, INK)
    narrow_pass(draw, 168, y + 7)
    write(draw, (180, y), "narrow pass", 12, INK)
    y += 18
    crown(draw, 6, y + 8)
    write(draw, (16, y), "Emperor's lands", 12, INK)
    star(draw, 122, y + 7)
    write(draw, (131, y), "special unit", 12, INK)
    y += 18
    x = 0
    for terrain, colour in TERRAIN.items():
        draw.rectangle((x, y + 2, x + 10, y + 12), fill=colour, outline=INK)
        write(draw, (x + 14, y), terrain, 11, INK)
        x += 20 + int(font(11).getlength(terrain))
    y += 18
    city(draw, 6, y + 7)
    write(draw, (16, y), "City", 12, INK)
    forest(draw, 56, y + 6)
    write(draw, (66, y), "Forest", 12, INK)
    write(draw, (122, y), "(2 out): outside the walls", 12, INK)
    write(draw, (0, y + 17), "(1 on city): Dragonewts on their city", 12, INK)
    return layer


@drawn_layer
def house_note() -> Image.Image:
    """The header's right end: the map is our own schematic, not the published board."""
    layer = Image.new("RGBA", (PANEL + 40, 40), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    write(draw, (layer.width, 0), HOUSE_MAP, 14, PAPER, anchor="ra")
    write(draw, (layer.width, 20), "(not the published board)", 12, PAPER, anchor="ra")
    return layer


def render_full(state: State, players: Sequence[str]) -> Image.Image:
    """The whole map with every army and the full VP table."""
    width, height = BOARD.canvas
    image = Image.new("RGB", (width + PANEL, height + TOP), PAPER)
    image.paste(_map_layer(state), (0, TOP))
    names = _names_layer()
    image.paste(names, (0, TOP), names)
    _draw_units(image, state)
    header(image, f"Genertela - turn {state.turn}: {CONTENT.turn(state.turn).title}", headline(state))
    note = house_note()
    image.paste(note, (image.width - note.width - 12, 9), note)
    _panel(image, state, players)
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)


def warm_full() -> None:
    """Build the whole map's kept layers (the bot calls warm() at start-up)."""
    _names_layer()
    _bordered_grid()
    legend_layer()
    house_note()
    for index in range(len(BOARD.zones)):  # the battle outlines: ~0.4 s once rather than up to 36 ms on a board
        outline(index)
