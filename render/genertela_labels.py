"""The labels of a focused Genertela view: each zone's icons, name and armies, fitted inside the zone's own pixels
(shifted, the name on two lines, the army counts without the nation's name, when the zone is tight), and the view
drawn: colours, the Deathline's and the battles' bands, then the labels, all at their final size."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, Colour, font, stamp
from render.genertela_frame import MAP_HEIGHT, PAD, TIGHT, WIDTH, Frame, Geometry, geometry
from render.genertela_map import (
    BATTLE,
    BATTLE_EDGE,
    GLYPHS,
    SIDE_COLOURS,
    army_units,
    city,
    city_site,
    forest,
    ground_of,
    newt_city,
    star,
    token,
    zone_index,
    zone_marks,
    zone_palette,
)
from rules.genertela.board import BOARD, NATIONS
from rules.genertela.state import State, Unit

NAME = 14  # zone names
TEXT = 13  # unit counts and the small counts beside icons
ROW = 19  # pixels per line of a zone's label
ICONS = 20  # pixels per icon in a zone's icon row
GLYPH = 1.4  # icons are the whole map's glyphs enlarged by this (drawn at that size, not scaled up)
CHIP = 16  # a side's lettered square before an army's count
GAP = 3  # between a nation's name and its count

Paint = Callable[[Image.Image, ImageDraw.ImageDraw, float, float], None]  # image, draw, left x, middle y


@dataclass(frozen=True)
class Choice:
    """One way to draw a line of a zone's label: its size and how to paint it."""

    width: float
    height: float
    paint: Paint


@dataclass(frozen=True)
class Placed:
    zid: str
    kind: str  # icons, name, army
    box: tuple[float, float, float, float]
    fits: bool  # inside the zone's own pixels (False only when even the shortest form did not fit)
    paint: Paint


@lru_cache(maxsize=4096)
def _text_width(text: str, size: int) -> float:
    left, _, right, _ = font(size).getbbox(text, stroke_width=max(1, size // 8))
    return right - left + 2


def _halo(text: str, size: int) -> Paint:
    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        stamp(image, (x, y), text, size, INK, PAPER, anchor="lm")

    return paint


def _pill(text: str, size: int, width: float) -> Paint:
    """A name on a yellow pill: the zones the view was drawn for stand out."""

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        draw.rounded_rectangle((x, y - ROW / 2 + 1, x + width - 1, y + ROW / 2 - 1), 5, fill=HIGHLIGHT, outline=INK)
        stamp(image, (x + 5, y), text, size, INK, anchor="lm")

    return paint


def _name(text: str, marked: bool = False) -> Choice:
    """A zone's name on a light halo; on a yellow pill for the zones the view was drawn for."""
    if marked:
        width = _text_width(text, NAME) + 8
        return Choice(width, ROW, _pill(text, NAME, width))
    return Choice(_text_width(text, NAME), ROW, _halo(text, NAME))


def _two_lines(name: str) -> list[str]:
    """A zone's name cut into two lines of about the same length ("Eastern" over "Rockwoods"), or left whole."""
    words = name.split()
    if len(words) < 2:
        return [name]
    cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def _army(side: str, words: Sequence[str], stars: int, under: Colour) -> Choice:
    """A side's lettered chip (ringed against the zone's colour `under` it), the count (after the nation's name
    when there is room), then a star per special.
    The name and the count are stamped apart: a few dozen kept sprites serve every army on every board."""
    shown = min(stars, 3)
    more = f"+{stars - shown}" if stars > shown else ""
    width = CHIP + 4 + sum(_text_width(w, TEXT) + GAP for w in words) - GAP + shown * 14
    width += _text_width(more, TEXT) if more else 0

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        token(image, (x, y - CHIP / 2, x + CHIP, y + CHIP / 2), side, 12, under)
        x += CHIP + 4 - GAP
        for word in words:
            x += GAP + stamp(image, (x + GAP, y), word, TEXT, INK, PAPER, anchor="lm")
        for _ in range(shown):
            star(draw, x + 7, y, 1.3)
            x += 14
        if more:
            stamp(image, (x, y), more, TEXT, INK, PAPER, anchor="lm")

    return Choice(width, ROW, paint)


def warm_text() -> None:
    """Stamp the words every view reuses once (a new word costs ~0.6 ms to draw, a kept one nothing): zone names,
    nation names, counts and the side letters."""
    scratch = Image.new("RGB", (1, 1))
    words = [(name, NAME) for z in BOARD.zones.values() for name in {z.name, *_two_lines(z.name)}]
    words += [(n.name, TEXT) for n in NATIONS.values()] + [(str(count), TEXT) for count in range(1, 41)]
    for word, size in words:
        stamp(scratch, (0, 0), word, size, INK, PAPER)
    for side in SIDE_COLOURS:
        token(scratch, (0, 0, CHIP, CHIP), side, 12)


def _icon(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, colour: Colour) -> None:
    if kind in GLYPHS:
        GLYPHS[kind](draw, x, y, GLYPH)
    elif kind == "Dragonewt city":
        newt_city(draw, x, y, GLYPH)
    elif kind == "City":
        city(draw, x, y, GLYPH, colour)
    elif kind == "city site":
        city_site(draw, x, y, GLYPH)
    else:
        forest(draw, x, y, GLYPH)


def _icons(here: list[Unit], zid: str, keys: set[str]) -> Choice | None:
    """The zone's marks, Dragonewt city, City (or its site) and Forest in a row; the units sitting on the Dragonewt
    city and those outside the walls counted beside them."""
    zone = BOARD.zones[zid]
    built = next((u for u in here if u.kind == "city"), None)
    # a flag left from an earlier zone means nothing here: only walls have an outside, a Dragonewt city sitters
    outside = sum(u.outside for u in here) if built is not None or zone.fortress else 0
    sitting = sum(u.sitting for u in here) if zone.dragonewt_city else 0
    items: list[tuple[str, int]] = [(mark, 0) for mark in zone_marks(zone)]  # (icon, the count beside it)
    if zone.dragonewt_city:
        items.append(("Dragonewt city", sitting))
    if built is not None:
        items.append(("City", outside))
    elif zone.city_site:
        items.append(("city site", 0))
    if outside and built is None:  # outside a fortress's walls: counted beside the tower
        items = [(kind, outside if kind == "fortress" else count) for kind, count in items]
    if any(u.kind == "forest" for u in here):
        items.append(("Forest", 0))
    keys.update(kind for kind, _ in items)
    keys.update(["outside"] if outside else [])
    keys.update(["sitting"] if sitting else [])
    if not items:
        return None
    colour = SIDE_COLOURS[NATIONS[built.nation].side] if built is not None and built.nation in NATIONS else PAPER
    shown = [(kind, str(count) if count else "") for kind, count in items]
    width = sum(ICONS + (_text_width(count, TEXT) if count else 0) for _, count in shown)

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        for kind, count in shown:
            _icon(draw, kind, x + ICONS / 2, y, colour)
            x += ICONS
            if count:
                x += stamp(image, (x - 2, y), count, TEXT, INK, PAPER, anchor="lm")

    return Choice(width, ROW + 2, paint)


def _lines(
    here: list[Unit], zid: str, keys: set[str], under: Colour, marked: bool = False
) -> list[tuple[str, list[Choice]]]:
    """A zone's label, line by line, each with its forms from the fullest to the shortest (`under`: the zone's
    colour)."""
    lines: list[tuple[str, list[Choice]]] = []
    icons = _icons(here, zid, keys)
    if icons is not None:
        lines.append(("icons", [icons]))
    lines.append(("name", [_name(BOARD.zones[zid].name, marked)]))
    for nation, units in army_units(here, zid).items():
        side = NATIONS[nation].side
        stars = sum(u.kind == "special" for u in units)
        keys.update(["special unit"] if stars else [])
        count = str(len(units))
        full = _army(side, [NATIONS[nation].name, count], stars, under)
        short = [_army(side, [count], stars, under), _army(side, [count], min(stars, 1), under)]
        lines.append(("army", [full, *short]))
    return lines


def _place(
    geo: Geometry, zid: str, lines: list[tuple[str, list[Choice]]], shift: float, pad: int
) -> list[Placed] | None:
    """Each line centred on the zone's anchor, in the first form that fits inside the zone; None if one does not."""
    index = zone_index()[zid]
    ax, ay = geo.anchors[zid]
    y = ay + shift - sum(choices[0].height for _, choices in lines) / 2
    placed: list[Placed] = []
    for kind, choices in lines:
        for choice in choices:
            room = geo.room(index, ax, y, y + choice.height, pad)
            if room is not None and room[1] - room[0] >= choice.width:
                left = min(max(ax - choice.width / 2, room[0]), room[1] - choice.width)
                placed.append(Placed(zid, kind, (left, y, left + choice.width, y + choice.height), True, choice.paint))
                y += choice.height
                break
        else:
            return None
    return placed


def _forced(geo: Geometry, zid: str, lines: list[tuple[str, list[Choice]]]) -> list[Placed]:
    """The shortest forms centred on the anchor, kept in the view: for a zone too small for any of its labels."""
    ax, ay = geo.anchors[zid]
    height = sum(choices[-1].height for _, choices in lines)
    y = min(max(ay - height / 2, 2), MAP_HEIGHT - height - 2)
    placed = []
    for kind, choices in lines:
        choice = choices[-1]
        left = min(max(ax - choice.width / 2, 2), WIDTH - choice.width - 2)
        placed.append(Placed(zid, kind, (left, y, left + choice.width, y + choice.height), False, choice.paint))
        y += choice.height
    return placed


def layout(state: State, geo: Geometry, keys: set[str], marked: Sequence[str] = ()) -> tuple[list[Placed], list[str]]:
    """Every labelled zone's icons, name and armies, each fitted inside its own zone (shifted up or down a little
    when the centre is tight; the name on two lines when needed), and the zones labelled. A zone cut by the view's
    edge is labelled only where its label fits. The marks shown are added to `keys`."""
    placed: list[Placed] = []
    shown: list[str] = []
    step = geo.frame.cell
    by_zone: dict[str, list[Unit]] = {}
    for unit in state.units:
        by_zone.setdefault(unit.zone, []).append(unit)
    for zid in geo.anchors:
        mine: set[str] = set()
        lines = _lines(by_zone.get(zid, []), zid, mine, ground_of(state, zid), zid in marked)
        at = next(i for i, (kind, _) in enumerate(lines) if kind == "name")
        split = [("name", [_name(part, zid in marked)]) for part in _two_lines(BOARD.zones[zid].name)]
        tries = [lines, [*lines[:at], *split, *lines[at + 1 :]]] if len(split) > 1 else [lines]
        found = next(
            (
                spot
                for pad in (PAD, TIGHT)  # clear of the bands if it can be
                for attempt in tries
                for shift in (0, -step, step, -2 * step, 2 * step, -3 * step, 3 * step)
                if (spot := _place(geo, zid, attempt, shift, pad)) is not None
            ),
            None,
        )
        if found is None and zid in geo.partial:
            continue
        placed += found if found is not None else _forced(geo, zid, tries[-1])
        shown.append(zid)
        keys.update(mine)
    return placed, shown


def draw_view(state: State, frame: Frame, marked: Sequence[str] = ()) -> tuple[Image.Image, set[str], list[str]]:
    """The map part of a focused view (the `marked` zones' names on yellow); the keys to the marks it shows, and
    the zones it labels."""
    geo = geometry(frame)
    layer = geo.layer()
    keys: set[str] = {"deathline"} if geo.deathline else set()
    for zid in state.fought:  # the battles of the last nation turn that fought (or of this one): outlined
        band = geo.band(zone_index()[zid])
        if band is not None:
            box, inside, edge = band
            layer.paste(BATTLE, box[:2], inside)
            layer.paste(BATTLE_EDGE, box[:2], edge)  # a dark inner edge keeps the band visible on yellow zones
            keys.add("battle")
    layer.putpalette(zone_palette(state, geo.indices))
    image = layer.convert("RGB")
    placed, shown = layout(state, geo, keys, marked)
    if any(zid in shown for zid in marked):
        keys.add("marked")
    draw = ImageDraw.Draw(image)
    for spot in placed:
        spot.paint(image, draw, spot.box[0], (spot.box[1] + spot.box[3]) / 2)
    return image, keys, shown
