"""The words around a focused Genertela view, in type that stays >= 8 px in Discord's 550 px preview of an 800 px
image: the header, each side's player and VP, the nations in view, a key to the marks the view shows, the house-map
note, and the zoom's list of units."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, fit, seat_letter, stamp, text_width, wrap
from render.genertela_map import (
    HOUSE_MAP,
    SIDE_COLOURS,
    TERRAIN,
    army_units,
    city,
    city_site,
    crown,
    deathline_swatch,
    forest,
    fortress,
    narrow_pass,
    newt_city,
    short_name,
    star,
    token,
    unit_lines,
)
from rules.genertela.board import BOARD, CONTENT, NATIONS, active_nation, controller
from rules.genertela.engine import BOT, outcome
from rules.genertela.scores import given_up_note, side_vp
from rules.genertela.state import State

HEAD = 66  # the dark strip on top
TITLE = 20  # the headline: 13.75 px inline
SUB = 15
BODY = 14
SMALL = 13  # the smallest words: 8.9 px inline
LEFT = 14
ROW = 22


def top_strip(image: Image.Image, title: str, line: str) -> None:
    """The headline (whose move, which turn) and a line under it, on a dark strip."""
    ImageDraw.Draw(image).rectangle((0, 0, image.width, HEAD), fill=INK)
    room = image.width - 2 * LEFT
    stamp(image, (LEFT, 9), fit(title, TITLE, room), TITLE, PAPER, anchor="la", headline=True)
    stamp(image, (LEFT, 39), fit(line, SUB, room), SUB, HIGHLIGHT, anchor="la")


def player(state: State, side: str, names: Sequence[str]) -> str:
    """The side's player with their seat letter ("A Ann"), or the bot."""
    seat = state.side_seat.get(side, BOT)
    if seat == BOT:
        return "bot"
    return f"{seat_letter(seat)} {names[seat] if seat < len(names) else f'seat {seat}'}"


def seat_name(seat: int, names: Sequence[str]) -> str:
    """A seat's letter and player ("A Ann")."""
    return f"{seat_letter(seat)} {names[seat] if seat < len(names) else f'seat {seat}'}"


def title_line(state: State, names: Sequence[str]) -> str:
    """Turn x/40 and whose move it is, with its player; at the game's end, who won."""
    turn = f"Turn {state.turn}/{state.last_turn}"
    result = outcome(state)
    if result is not None:
        winners = " and ".join(seat_name(seat, names) for seat in result.winners)
        won = "share the win" if len(result.winners) > 1 else "wins"
        return f"Game over after turn {state.last_turn}: {winners} {won}"
    nation = NATIONS[active_nation(state)]
    return f"{turn} - {nation.name} ({nation.side}, {player(state, nation.side, names)}): {state.phase}"


def sides(image: Image.Image, y: int, state: State, names: Sequence[str]) -> int:
    """Each side's lettered colour, its player with their seat letter, and its VP; two to a row. At the game's
    end the players' final scores come first, the winners' on yellow."""
    column = (image.width - 2 * LEFT) // 2
    y = final_scores(image, y, state, names)
    for at, (side, points) in enumerate(side_vp(state).items()):
        x, top = LEFT + (at % 2) * column, y + (at // 2) * ROW
        token(image, (x, top + 2, x + 18, top + 20), side, 13)
        text = f"{side} - {player(state, side, names)}: {points} VP{given_up_note(state, side)}"
        stamp(image, (x + 24, top + 11), fit(text, BODY, column - 30), BODY, INK, anchor="lm")
    return y + 2 * ROW


def final_scores(image: Image.Image, y: int, state: State, names: Sequence[str]) -> int:
    """Each player's final score (their sides' VP less what they give up), best first, the winners on yellow;
    returns the y below (y itself while the game runs)."""
    result = outcome(state)
    if result is None:
        return y
    stamp(image, (LEFT, y), "Final scores (winners on yellow)", SUB, INK, anchor="la")
    y += ROW
    column = (image.width - 2 * LEFT) // 2
    draw = ImageDraw.Draw(image)
    order = sorted(result.scores, key=lambda seat: (seat not in result.winners, -result.scores[seat], seat))
    for at, seat in enumerate(order):
        x, top = LEFT + (at % 2) * column, y + (at // 2) * ROW
        if seat in result.winners:
            draw.rectangle((x - 4, top, x + column - 8, top + ROW - 1), fill=HIGHLIGHT)
        held = ", ".join(side for side, owner in state.side_seat.items() if owner == seat)
        # Genertela counts VP (no plural): "12 VP", "7 VP a side"
        text = f"{seat_name(seat, names)}: {result.scores[seat]} {result.unit} ({held})"
        stamp(image, (x + 4, top + 11), fit(text, BODY, column - 14), BODY, INK, anchor="lm")
    return y + -(-len(order) // 2) * ROW + 6


def nations(image: Image.Image, y: int, state: State, shown: Sequence[str]) -> int:
    """The nations in the view (the one whose move it is first, highlighted): their VP and special units there."""
    active = active_nation(state) if state.phase != "over" else ""
    seen = set(shown)
    in_view = [u for u in state.units if u.zone in seen]
    here = {u.nation for u in in_view} | {controller(state, z) for z in shown} | {active}
    listed = sorted((n for n in here if n in NATIONS), key=lambda n: (n != active, NATIONS[n].turn_order))
    column = (image.width - 2 * LEFT) // 2
    draw = ImageDraw.Draw(image)
    stamp(image, (LEFT, y), "Nations in view (and whose move it is)", SUB, INK, anchor="la")
    y += ROW
    for at, nation in enumerate(listed[:12]):
        x, top = LEFT + (at % 2) * column, y + (at // 2) * ROW
        if nation == active:  # whose nation turn it is: a highlighted bar
            draw.rectangle((x - 4, top, x + column - 8, top + ROW - 1), fill=HIGHLIGHT)
        token(image, (x, top + 3, x + 16, top + 19), NATIONS[nation].side, 12)
        specials = [short_name(u.name) for u in in_view if u.nation == nation and u.name]
        text = f"{'> ' if nation == active else ''}{NATIONS[nation].name} {state.vp.get(nation, 0)} VP"
        text += f": {', '.join(specials)}" if specials else ""
        stamp(image, (x + 22, top + 11), fit(text, SMALL, column - 30), SMALL, INK, anchor="lm")
    return y + -(-min(len(listed), 12) // 2) * ROW


def _swatch(colour: tuple[int, int, int]) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
    def paint(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        draw.rectangle((x - 7, y - 7, x + 7, y + 7), fill=colour, outline=INK)

    return paint


def _battle(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.rectangle((x - 7, y - 7, x + 7, y + 7), fill=PAPER, outline=HIGHLIGHT, width=4)
    draw.rectangle((x - 3, y - 3, x + 3, y + 3), outline=INK)


def _marked(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A name on a yellow pill, sketched: the pill with a line of ink."""
    draw.rounded_rectangle((x - 10, y - 8, x + 10, y + 8), 5, fill=HIGHLIGHT, outline=INK)
    draw.line((x - 5, y, x + 5, y), fill=INK, width=2)


def _side_chip(image: Image.Image) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
    def paint(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        token(image, (x - 8, y - 8, x + 8, y + 8), "Green", 12)

    return paint


K = 1.3  # the key's glyphs: the size they have on the view
KEY: tuple[tuple[str, Callable[[ImageDraw.ImageDraw, float, float], None], str], ...] = (
    ("marked", _marked, "name on yellow: each zone the header names"),
    ("battle", _battle, "battle (this or the last nation turn)"),
    ("deathline", lambda d, x, y: deathline_swatch(d, x, y, 1.1), "Deathline"),
    ("Emperor's lands", lambda d, x, y: crown(d, x, y, K), "Emperor's lands"),
    ("fortress", lambda d, x, y: fortress(d, x, y, K), "fortress"),
    ("narrow pass", lambda d, x, y: narrow_pass(d, x, y, K), "narrow pass"),
    ("City", lambda d, x, y: city(d, x, y, K, SIDE_COLOURS["Red"]), "City (owner's colour)"),
    ("city site", lambda d, x, y: city_site(d, x, y, K), "City site"),
    ("Forest", lambda d, x, y: forest(d, x, y, K), "Forest"),
    ("Dragonewt city", lambda d, x, y: newt_city(d, x, y, K), "Dragonewt city"),
    ("special unit", lambda d, x, y: star(d, x, y, K), "special unit"),
    ("outside", lambda d, x, y: city(d, x, y, K), "2 beside walls: units outside them"),
    ("sitting", lambda d, x, y: newt_city(d, x, y, K), "1 beside it: Dragonewts on their city"),
)


def key(
    image: Image.Image,
    y: int,
    keys: set[str],
    state: State,
    shown: Sequence[str],
    army: str = "a nation's units (side letter, count)",
) -> int:
    """What the marks in the view mean (only those it shows), the terrains of its uncontrolled land, and the
    lettered chip of an army (`army`: what its count counts); entries flow along the rows."""
    entries = [(paint, text) for name, paint, text in KEY if name in keys]
    if any(army_units(state.units, z) for z in shown):
        entries.insert(0, (_side_chip(image), army))
    free = sorted({BOARD.zones[z].terrain for z in shown if not controller(state, z)}, key=list(TERRAIN).index)
    entries += [(_swatch(TERRAIN[t]), t) for t in free]
    stamp(image, (LEFT, y), "Key", SUB, INK, anchor="la")
    x, y = LEFT + 40, y + 1
    draw = ImageDraw.Draw(image)
    for paint, text in entries:
        width = 24 + text_width(text, SMALL) + 18
        if x + width > image.width - LEFT:
            x, y = LEFT + 40, y + ROW
        paint(draw, x + 9, y + 9)
        stamp(image, (x + 22, y + 9), text, SMALL, INK, anchor="lm")
        x += round(width)
    return y + ROW


def house(image: Image.Image, y: int) -> int:
    """The map is our own schematic: said on every board."""
    stamp(image, (LEFT, y), f"{HOUSE_MAP} (not the published board)", SMALL, INK, anchor="la")
    return y + ROW


def turn_line(state: State) -> str:
    turn = CONTENT.turn(state.turn)
    return f"{turn.title} ({turn.years})"


def zoom_list(image: Image.Image, y: int, state: State, zones: Sequence[str]) -> int:
    """Each zone of the zoom (the chosen one first): its terrain and holder, then every nation's units there, the
    special ones by name; two columns, a zone never split between them."""
    column = (image.width - 2 * LEFT) // 2
    blocks: list[list[tuple[str, str]]] = []  # (side or "", text) lines
    for zid in zones:
        zone = BOARD.zones[zid]
        owner = controller(state, zid)
        held = f"held by {NATIONS[owner].name}" if owner else "uncontrolled"
        block = [("", f"{zone.name}: {zone.terrain}, {held}")]
        for text, colour in unit_lines(state, zid):
            side = next(s for s, c in SIDE_COLOURS.items() if c == colour)
            block += [(side if i == 0 else " ", line) for i, line in enumerate(wrap(text, SMALL, column - 34))]
        blocks.append(block)
    heights = [0, 0]
    for block in blocks:
        at = 0 if heights[0] <= heights[1] else 1
        x, top = LEFT + at * column, y + heights[at]
        for side, text in block:
            if not side:
                stamp(image, (x, top + 10), fit(text, BODY, column - 10), BODY, INK, anchor="lm")
            else:
                if side.strip():
                    token(image, (x + 8, top + 3, x + 24, top + 19), side, 12)
                stamp(image, (x + 30, top + 10), text, SMALL, INK, anchor="lm")
            top += 20
        heights[at] += len(block) * 20 + 6
    return y + max(heights)
