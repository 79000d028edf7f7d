"""The Conquest of Nerath map at any scale: hexes, control, names, castles, dungeons and piece stacks.

One drawing code serves the whole map (/board full, scale 1) and the close-ups (the posted board and /board zoom,
scale 2): hexes are drawn at the lens's radius, never enlarged from a bitmap, so close-up text stays crisp.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, RING, WHITE, Colour, chip, contrast, ringed, stamp, text_width
from render.nerath_glyphs import KINDS, PENDING, WOUNDED, glyph, keep
from rules.nerath import guardians
from rules.nerath.content import CONTENT
from rules.nerath.state import State

SEA: Colour = (70, 120, 170)
SEA_LINE: Colour = (95, 145, 195)
SEA_TEXT: Colour = (205, 225, 245)
LAND: Colour = (214, 200, 160)
DUNGEON: Colour = (60, 52, 58)
DUNGEON_TEXT: Colour = (240, 230, 200)
ROCK: Colour = (95, 90, 85)
HATCH: Colour = (70, 66, 62)
CAPITAL_RED: Colour = (150, 20, 20)
TINT = 0.45  # how much of its controller's colour a land hex takes: names stay readable on it


@dataclass(frozen=True)
class Lens:
    """Where and how big the map is drawn: map point (x, y) lands at ((x - left) * scale, (y - top) * scale) of a
    layer width x height, with the font sizes of space names, of small lines (dungeons, CAPITAL) and of counts."""

    scale: float
    left: float
    top: float
    width: int
    height: int
    name: int
    small: int
    count: int
    overview: bool = False  # the whole map small (/board full): per space only its marks and each realm's total

    @property
    def radius(self) -> float:
        return CONTENT.hex_radius * self.scale

    def at(self, point: tuple[float, float]) -> tuple[float, float]:
        return (point[0] - self.left) * self.scale, (point[1] - self.top) * self.scale

    def sees(self, point: tuple[float, float]) -> bool:
        """Whether any of the hex around `point` falls inside the layer."""
        x, y = self.at(point)
        r = self.radius
        return -r < x < self.width + r and -r < y < self.height + r


FULL = Lens(1.0, 0.0, 0.0, CONTENT.size[0], CONTENT.size[1], name=10, small=9, count=10)
CLOSE_SCALE = 2.0
OVERVIEW_COUNT = 14  # a realm's total on the overview: capitals 10 px high, 6.4 px at the inline width


def _extent() -> tuple[float, float, float, float]:
    """The box the hexes cover (map coordinates): a close-up never shows empty sea beyond it."""
    centres = [s.centre for s in CONTENT.spaces.values()] + [c for _, cs in CONTENT.impassable for c in cs]
    r = CONTENT.hex_radius
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    return min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r


EXTENT = _extent()


def overview(width: int) -> Lens:
    """The whole map `width` px wide with its totals in type readable inline (names are left to the close-ups)."""
    left, top, right, bottom = EXTENT
    scale = width / (right - left)
    height = round((bottom - top) * scale)
    return Lens(scale, left, top, width, height, OVERVIEW_COUNT, OVERVIEW_COUNT, OVERVIEW_COUNT, overview=True)


def close(centre: tuple[float, float], width: int, height: int, scale: float = CLOSE_SCALE) -> Lens:
    """A close-up lens centred on `centre`, slid back inside the map where the map ends."""

    def start(middle: float, span: float, low: float, high: float) -> float:
        if high - low <= span:
            return (low + high - span) / 2
        return min(max(middle - span / 2, low), high - span)

    left = start(centre[0], width / scale, EXTENT[0], EXTENT[2])
    top = start(centre[1], height / scale, EXTENT[1], EXTENT[3])
    return Lens(scale, left, top, width, height, name=15, small=14, count=14)


def hexagon(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    x, y = centre
    return [
        (x + radius * math.cos(math.radians(60 * i - 30)), y + radius * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def tint(colour: Colour, amount: float = TINT) -> Colour:
    """Mix a realm colour with parchment so labels stay readable."""
    r, g, b = (int(c * amount + p * (1 - amount)) for c, p in zip(colour, LAND, strict=True))
    return (r, g, b)


def realm_colour(realm: str) -> Colour:
    return CONTENT.realms[realm].colour


def ground(kind: str, controller: str) -> Colour:
    """A space's colour: the sea, a dungeon, or land tinted by the realm that holds it (what pieces stand on)."""
    if kind == "sea":
        return SEA
    if kind == "dungeon":
        return DUNGEON
    return tint(realm_colour(controller))


def initial(realm: str) -> str:
    """The letter on a realm's pieces and legend swatch (K, V, I, N), so realms differ by more than colour."""
    return CONTENT.realms[realm].short[0].upper()


# --- stacks: per realm, a count and a glyph for each piece type ------------------------------------------------

Stack = dict[str, int]  # piece kind (or WOUNDED) -> how many


def stacks(state: State) -> dict[str, dict[str, Stack]]:
    """space -> realm -> kind -> count, Castles left out (they are keeps)."""
    found: dict[str, dict[str, Stack]] = {}
    for piece in state.pieces:
        if piece.kind != "castle":
            kind = WOUNDED if piece.kind == "dragon" and piece.hit else piece.kind
            kinds = found.setdefault(piece.space, {}).setdefault(piece.realm, {})
            kinds[kind] = kinds.get(kind, 0) + 1
    return found


ORDER = (*KINDS, WOUNDED)


def fold(stack: Stack, size: int, room: float) -> tuple[list[tuple[str, int]], int]:
    """The (kind, count) chips that fit in `room` pixels, in the usual order, and how many pieces the rest hold:
    the rarest kinds give way first (shown as "+n"), a wounded Dragon last (the battle under way needs it)."""
    parts = sorted(stack.items(), key=lambda kv: ORDER.index(kv[0]))
    rest = 0
    while len(parts) > 1 and stack_width(parts, rest, size) + 4 * RING > room:  # its rings inside the room too
        smallest = min(parts, key=lambda kv: (kv[0] == WOUNDED, kv[1], -ORDER.index(kv[0])))
        parts.remove(smallest)
        rest += smallest[1]
    return parts, rest


def _pad(size: int) -> int:
    return max(2, size // 4)


def stack_width(parts: list[tuple[str, int]], rest: int, size: int) -> float:
    gap = _pad(size)
    width = 2 * gap + text_width("K", size) + 4
    for _, count in parts:
        width += gap + text_width(str(count), size) + 1 + size
    return width + (gap + text_width(f"+{rest}", size) if rest else 0)


def draw_stack(
    image: Image.Image,
    centre: tuple[float, float],
    realm: str,
    stack: Stack,
    size: int,
    room: float,
    under: Colour = PAPER,
) -> None:
    """One realm's pieces in a space: its initial, then count + glyph per kind, on the realm's colour, ringed to
    stand out from the ground `under` it."""
    parts, rest = fold(stack, size, room)
    colour = realm_colour(realm)
    ink = contrast(colour)
    gap = _pad(size)
    width = stack_width(parts, rest, size)
    x, y = centre[0] - width / 2, centre[1]
    half = size / 2 + gap / 2 + 1
    ringed(image, (x, y - half, x + width, y + half), colour, under, gap + 1)
    x += gap
    x += stamp(image, (x, y), initial(realm), size, ink, anchor="lm") + 1
    ImageDraw.Draw(image).line((x, y - half + 3, x, y + half - 3), fill=ink)  # the realm's letter apart from counts
    x += 1
    for kind, count in parts:
        x += gap
        x += stamp(image, (x, y), str(count), size, ink, anchor="lm") - 1
        sprite = glyph(kind, size, ink)
        image.paste(sprite, (round(x), round(y - size / 2)), sprite)
        x += size
    if rest:
        stamp(image, (x + gap, y), f"+{rest}", size, ink, anchor="lm")


def draw_total(
    image: Image.Image, centre: tuple[float, float], realm: str, count: int, size: int, under: Colour = PAPER
) -> None:
    """A realm's pieces in a space counted together ("K12" on its colour): what the overview has room for."""
    chip(image, centre, f"{initial(realm)}{count}", realm_colour(realm), size, under)


def star(draw: ImageDraw.ImageDraw, centre: tuple[float, float], radius: float, colour: Colour) -> None:
    """A five-pointed star: a capital on the overview."""
    x, y = centre
    points = [
        (x + (radius if k % 2 == 0 else radius * 0.45) * math.sin(math.pi * k / 5),
         y - (radius if k % 2 == 0 else radius * 0.45) * math.cos(math.pi * k / 5))
        for k in range(10)
    ]  # fmt: skip
    draw.polygon(points, fill=colour, outline=INK)


def stack_height(size: int) -> int:
    return size + _pad(size) + 2 * RING + 2  # a ring's room above and below (a second ring may touch the next)


# --- the map ---------------------------------------------------------------------------------------------------


def room(radius: float, dy: float) -> float:
    """The width of a pointy-top hex at `dy` from its centre."""
    half = radius * math.sqrt(3) / 2
    if abs(dy) <= radius / 2:
        return 2 * half
    return max(0.0, 2 * half * (radius - abs(dy)) / (radius / 2))


def two_lines(text: str, width: int = 13) -> list[str]:
    """One line if it fits `width` characters, else two, broken at the space nearest the middle."""
    if len(text) <= width or " " not in text:
        return [text]
    middle = len(text) / 2
    cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - middle))
    return [text[:cut], text[cut + 1 :]]


def _short(name: str, width: int = 12) -> str:
    """The last words of a name that fit ("Young Black Dragon" -> "Black Dragon", "Skeleton Horde" -> "Horde")."""
    words = name.split()
    while len(" ".join(words)) > width and len(words) > 1:
        words = words[1:]
    return " ".join(words)[:width]


def guardian_lines(state: State, space: str) -> list[str]:
    """Face-up Guardians, one line each: a name short enough for the hex and its dice (those left while fought)."""
    dungeon = state.dungeons[space]
    fighting = state.battle is not None and state.battle.space == space
    lines = []
    for index, (guardian, up) in enumerate(zip(dungeon.guardians, dungeon.face_up, strict=True)):
        if not up:
            continue
        tile = CONTENT.guardians[guardian]
        dice = guardians.dice(dungeon, index) if fighting else list(tile.dice)
        lines.append(f"{_short(tile.name)} d{'/'.join(map(str, dice))}" if dice else f"{_short(tile.name)} slain")
    return lines


def fought(state: State) -> set[str]:
    """Spaces fought over this turn or the last (and the battle under way): outlined in yellow."""
    return set(state.battles_last) | set(state.battles_now) | ({state.battle.space} if state.battle else set())


def draw_map(state: State, lens: Lens, ringed: str = "") -> Image.Image:
    """The map seen through `lens`: every hex in view, then the battle outlines, then the labels and pieces.
    `ringed`: a space the close-up is about, ringed in white inside its hex."""
    image = Image.new("RGB", (lens.width, lens.height), SEA)
    draw = ImageDraw.Draw(image)
    r = lens.radius
    s = lens.scale
    seen = [space for space in CONTENT.spaces.values() if lens.sees(space.centre)]
    for space in seen:
        points = hexagon(lens.at(space.centre), r)
        if space.kind == "sea":
            draw.polygon(points, fill=SEA, outline=SEA_LINE)
        elif space.kind == "dungeon":
            draw.polygon(points, fill=DUNGEON, outline=INK)
        else:
            draw.polygon(points, fill=ground(space.kind, state.control[space.id]))
            border = realm_colour(space.realm or state.control[space.id])
            draw.line([*points, points[0]], fill=border, width=round(4 * s))
    _impassable(image, draw, lens)
    for space_id in fought(state):
        if lens.sees(CONTENT.spaces[space_id].centre):
            points = hexagon(lens.at(CONTENT.spaces[space_id].centre), r)
            draw.line([*points, points[0]], fill=HIGHLIGHT, width=round(5 * s), joint="curve")
    for space_id in state.pending:  # attacks declared, battles still to fight
        if lens.sees(CONTENT.spaces[space_id].centre):
            points = hexagon(lens.at(CONTENT.spaces[space_id].centre), r - 4 * s)
            draw.line([*points, points[0]], fill=PENDING, width=round(3 * s), joint="curve")
    if ringed:
        points = hexagon(lens.at(CONTENT.spaces[ringed].centre), r - 8 * s)
        draw.line([*points, points[0]], fill=WHITE, width=round(2 * s), joint="curve")
    pieces = stacks(state)
    castles: dict[str, list[tuple[str, bool]]] = {}
    for piece in state.pieces:
        if piece.kind == "castle":
            castles.setdefault(piece.space, []).append((piece.realm, piece.hit))
    for space in seen:
        x, y = lens.at(space.centre)
        if not (0.3 * lens.radius <= x <= lens.width - 0.3 * lens.radius and 0 <= y <= lens.height):
            continue  # too little of the hex in view for its label
        _label(image, state, lens, space.id, pieces.get(space.id, {}), castles.get(space.id, []))
    return image


def _impassable(image: Image.Image, draw: ImageDraw.ImageDraw, lens: Lens) -> None:
    """The impassable corners: hatched rock with their name."""
    s = lens.scale
    for name, centres in CONTENT.impassable:
        if not any(lens.sees(c) for c in centres):
            continue
        for centre in centres:
            draw.polygon(hexagon(lens.at(centre), lens.radius), fill=ROCK, outline=INK)
            x, y = lens.at(centre)
            for dx in range(-30, 31, 10):  # hatching: nobody passes here
                draw.line(
                    (x + (dx - 12) * s, y + 18 * s, x + (dx + 12) * s, y - 18 * s), fill=HATCH, width=round(2 * s)
                )
        cx = sum(c[0] for c in centres) / len(centres)
        cy = sum(c[1] for c in centres) / len(centres)
        if not lens.overview:  # hatched rock says enough where names do not fit
            stamp(image, lens.at((cx, cy)), name.replace("Impassable ", ""), lens.name + 2, PAPER, INK)


@dataclass(frozen=True)
class Row:
    """One line of a space's label block: a text, the CAPITAL/Castle marks, or a realm's stack."""

    kind: str  # "text", "marks", "stack" or "total" (a realm's pieces counted together, on the overview)
    height: float
    text: str = ""
    size: int = 0
    colour: Colour = INK
    capital: bool = False
    keeps: tuple[tuple[str, bool], ...] = ()  # (realm, knocked out) of each Castle here
    realm: str = ""
    stack: tuple[tuple[str, int], ...] = ()


def _text(text: str, size: int, colour: Colour) -> Row:
    return Row("text", size + 2, text=text, size=size, colour=colour)


def _rows(state: State, lens: Lens, space_id: str, here: dict[str, Stack], keeps: list[tuple[str, bool]]) -> list[Row]:
    space = CONTENT.spaces[space_id]
    r = lens.radius
    rows: list[Row] = []
    if lens.overview:
        if space.capital or keeps:
            rows.append(Row("marks", lens.small + 3, capital=space.capital, keeps=tuple(keeps)))
        for realm in (realm for realm in CONTENT.realms if realm in here):
            rows.append(Row("total", stack_height(lens.count) + 1, realm=realm, stack=tuple(here[realm].items())))
        return rows
    if space.kind == "dungeon":
        fits = text_width(space.name, lens.small) < room(r, 0.6 * r) - 6
        rows += [_text(line, lens.small, HIGHLIGHT) for line in two_lines(space.name, 99 if fits else 0)]
        dungeon = state.dungeons.get(space_id)
        if dungeon is not None:
            hidden = sum(1 for up in dungeon.face_up if not up)
            if hidden:
                rows.append(_text(f"{hidden} hidden", lens.small, DUNGEON_TEXT))
            rows += [_text(line, lens.small, DUNGEON_TEXT) for line in guardian_lines(state, space_id)]
            if not dungeon.guardians:
                rows.append(_text("empty", lens.small, DUNGEON_TEXT))
    else:
        size = lens.name if space.kind == "land" else lens.small
        colour = INK if space.kind == "land" else SEA_TEXT
        fits = text_width(space.name, size) < room(r, 0.62 * r) - 6
        rows += [_text(line, size, colour) for line in two_lines(space.name, 99 if fits else 0)]
        if space.capital or keeps:
            rows.append(Row("marks", lens.small + 3, capital=space.capital, keeps=tuple(keeps)))
    for realm in (realm for realm in CONTENT.realms if realm in here):
        rows.append(Row("stack", stack_height(lens.count) + 2, realm=realm, stack=tuple(here[realm].items())))
    return rows


def _label(
    image: Image.Image, state: State, lens: Lens, space_id: str, here: dict[str, Stack], keeps: list[tuple[str, bool]]
) -> None:
    """A space's name, marks and Guardians top down from near the top of its hex (names line up across the map),
    then its stacks centred in the room left below them."""
    rows = _rows(state, lens, space_id, here, keeps)
    cx, cy = lens.at(CONTENT.spaces[space_id].centre)
    r = lens.radius
    total = sum(row.height for row in rows)
    top = -0.74 * r if total < 1.56 * r else -0.86 * r  # a full dungeon starts higher
    if lens.overview:
        top = -total / 2  # the few rows of the overview centred in the hex
    piled = sum(row.height for row in rows if row.kind == "stack")
    space = CONTENT.spaces[space_id]
    under = ground(space.kind, state.control.get(space_id, ""))
    draw = ImageDraw.Draw(image)
    outline = DUNGEON if CONTENT.spaces[space_id].kind == "dungeon" else None
    for index, row in enumerate(rows):
        if row.kind == "stack" and (index == 0 or rows[index - 1].kind != "stack"):
            top = max(top, (top + 0.6 * r - piled) / 2)  # the first stack: the pile centred in the room below
        middle = top + row.height / 2
        if row.kind == "text":
            x = _inside(cx, text_width(row.text, row.size), lens.width)
            stamp(image, (x, cy + middle), row.text, row.size, row.colour, outline)
        elif row.kind == "marks":
            _marks(image, draw, (cx, cy + middle), row.capital, row.keeps, lens.small, words=not lens.overview)
        elif row.kind == "total":
            total = int(sum(count for _, count in row.stack))
            draw_total(image, (cx, cy + middle), row.realm, total, lens.count, under)
        else:
            width = room(r, abs(middle) + row.height / 2) - 4 * lens.scale
            stack = dict(row.stack)
            x = _inside(cx, stack_width(*fold(stack, lens.count, width), lens.count), lens.width)
            draw_stack(image, (x, cy + middle), row.realm, stack, lens.count, width, under)
        top += row.height


def _inside(x: float, width: float, edge: int) -> float:
    """A row's centre moved in from the layer's edge so that none of it is cut (hexes at the edge of a close-up)."""
    return min(max(x, width / 2 + 3), edge - width / 2 - 3)


def _marks(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    capital: bool,
    keeps: tuple[tuple[str, bool], ...],
    size: int,
    words: bool = True,
) -> None:
    """CAPITAL (a star on the overview, where the word does not fit) and the Castles here (a keep in its realm's
    colour with its initial), centred on one line."""
    parts = (["CAPITAL"] if capital else []) + [realm for realm, _ in keeps]
    widths = [
        (text_width(p, size) if words else size) if p == "CAPITAL" else size + 3 + text_width(initial(p), size)
        for p in parts
    ]
    x = at[0] - (sum(widths) + 6 * (len(parts) - 1)) / 2
    for part, width in zip(parts, widths, strict=True):
        if part == "CAPITAL" and not words:
            star(draw, (x + size / 2, at[1]), size / 2, CAPITAL_RED)
        elif part == "CAPITAL":
            stamp(image, (x, at[1]), "CAPITAL", size, CAPITAL_RED, anchor="lm")
        else:
            knocked = next(hit for realm, hit in keeps if realm == part)
            keep(draw, x, at[1] - size / 2, realm_colour(part), knocked, size)
            stamp(image, (x + size + 2, at[1]), initial(part), size, INK, WHITE, anchor="lm")
        x += width + 6
