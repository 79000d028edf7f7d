"""Conquest of Nerath boards: the posted close-up, the whole map (/board full) and /board zoom.

The posted board is made for Discord's inline width (550 px): the area of the current action drawn at twice the
map's scale, with a panel in large type (whose turn, each realm's player, VP, gold and lands, a key to the glyphs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from render.draw import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    WHITE,
    centred_text,
    contrast,
    fixed_palette,
    seat_letter,
    stamp,
    wrap,
)
from render.nerath_glyphs import KINDS, LEGEND_NOTES, PENDING, WOUNDED, draw_key, glyph
from render.nerath_hand import render_hand
from render.nerath_map import (
    CAPITAL_RED,
    DUNGEON,
    DUNGEON_TEXT,
    EXTENT,
    HATCH,
    LAND,
    ROCK,
    SEA,
    SEA_LINE,
    SEA_TEXT,
    close,
    draw_map,
    fought,
    hexagon,
    initial,
    overview,
    realm_colour,
    tint,
)
from render.nerath_map import guardian_lines as _guardian_lines
from render.nerath_map import two_lines as _wrap
from render.nerath_words import (
    MARGIN,
    TEXT,
    TITLE_INK,
    banner,
    banner_height,
    banner_lines,
    battle_line,
    chip,
    place_words,
    turn_line,
    who,
)
from render.nerath_words import headline as _headline
from render.record import Box, Renderer, Spot, TableFacts, Zoom
from render.spots import areas, clip
from rules.base import normal
from rules.nerath import board, turns
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import State
from rules.text import count

__all__ = [
    "LEGEND_NOTES",
    "_guardian_lines",
    "_headline",
    "_wrap",
    "focus",
    "initial",
    "render",
    "render_full",
    "render_hand",
    "render_zoom",
    "spots",
    "warm",
    "zoom_place",
    "zoom_places",
]

MAP_W = 560  # the close-up: the focus hex and its six neighbours at twice the map's scale
MAP_H = 470
PANEL_W = 300
WIDTH = MAP_W + PANEL_W  # 860 px: shown at 550, a 14 px text is 9 px and the 22 px headline 14 px
CAPTION = 26  # the strip under the close-up saying what it shows


# --- the realm panel -------------------------------------------------------------------------------------------


def _badge(text: str, realm: str, image: Image.Image, at: tuple[float, float], size: int) -> int:
    """The realm's label in its colour ("K: Karkoth": the initial its pieces carry); returns its width."""
    return chip(text, realm, image, at, size)


def _target(state: State, side: tuple[str, ...]) -> int:
    if state.length == "long":
        return turns.ALLIED_TREASURE_TARGET if len(side) > 1 else turns.TREASURE_TARGET
    table = turns.ALLIED_VP_TARGET if len(side) > 1 else turns.VP_TARGET
    return table[state.length]


def _realms(image: Image.Image, state: State, names: Sequence[str], left: int, y: int, width: int) -> int:
    """Each side's realms (badge, seat letter and player, VP, gold, lands) and its progress; returns the y below."""
    draw = ImageDraw.Draw(image)
    held = Counter(state.control.values())
    if state.finished:  # the finale: the figures below are final, the winners' on yellow
        stamp(image, (left, y), "Final scores (winners on yellow)", 15, INK, anchor="la")
        y += 26
    for side in board.teams(state):
        for realm in side:
            mine = state.realms[realm]
            seat = state.seat_of[realm]
            middle = y + 10
            if state.finished and seat in state.winners:
                draw.rectangle((left - 6, y - 4, left + width + 2, y + 42), fill=HIGHLIGHT)
            if not state.finished and board.active(state) == realm:  # a pointer at the realm to play
                draw.polygon([(left - 11, middle - 6), (left - 3, middle), (left - 11, middle + 6)], fill=INK)
            badge = _badge(f"{initial(realm)}: {board.name(realm)}", realm, image, (left, middle), 15)
            stamp(image, (left + badge + 8, middle), f"{seat_letter(seat)} · {who(seat, names)}", 15, INK, anchor="lm")
            facts = f"{mine.vp} VP · {mine.gold} gold · {held[realm]} lands · {_cards(len(mine.hand))}"
            if state.finished:  # what the game counted: VP, and the treasures a long game is won by
                facts = f"{mine.vp} VP · {count(mine.collected, 'treasure', zero='0')} · {held[realm]} lands"
            stamp(image, (left, y + 31), facts, TEXT, INK, anchor="lm")
            y += 46
        y = _progress(image, state, side, left, y, width) + 10
    return y


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def _progress(image: Image.Image, state: State, side: tuple[str, ...], left: int, y: int, width: int) -> int:
    """The side's swatches (with their initials), its score toward the target and a bar."""
    draw = ImageDraw.Draw(image)
    x = left
    for realm in side:
        colour = realm_colour(realm)
        draw.rectangle((x, y, x + 18, y + 18), fill=colour, outline=INK)
        centred_text(draw, (x + 9.5, y + 9.5), initial(realm), 14, fill=contrast(colour))
        x += 22
    target = _target(state, side)
    unit = "treasures" if state.length == "long" else "VP"
    score = sum(state.realms[r].collected for r in side) if state.length == "long" else turns.side_vp(state, side)
    label = f"{'shared ' if len(side) > 1 else ''}{unit} {score}/{target}"
    x += 4 + stamp(image, (x + 4, y + 9.5), label, TEXT, INK, anchor="lm") + 8
    share = min(1.0, score / target) if target else 0.0
    draw.rectangle((x, y + 4, left + width, y + 15), outline=INK)
    draw.rectangle((x, y + 4, x + int((left + width - x) * share), y + 15), fill=realm_colour(side[0]))
    return y + 22


def _game_line(state: State) -> str:
    goal = {"short": "short", "medium": "medium", "long": "long (Capitals or treasures)"}[state.length]
    ended = "ended in " if state.finished else ""
    return f"{state.mode}, {goal} game, {ended}round {state.round} of {state.round_limit}"


def _key(image: Image.Image, left: int, y: int, width: int) -> int:
    stamp(image, (left, y), "Key", 15, INK, anchor="la")
    return draw_key(image, left, y + 20, width, TEXT)


def _panel(state: State, names: Sequence[str], zoom: str | None = None) -> Image.Image:
    """The panel beside a close-up: the realms (or, zoomed, the chosen space told in words) and the key."""
    panel = Image.new("RGB", (PANEL_W, 900), PAPER)
    left, width = MARGIN + 2, PANEL_W - 2 * MARGIN - 4
    if zoom is None:
        y = _realms(panel, state, names, left, 14, width)
        for line in wrap(_game_line(state), TEXT, width, keep_long_words=True):
            stamp(panel, (left, y), line, TEXT, MUTED, anchor="la")
            y += TEXT + 5
        y += 9
    else:
        y = place_words(panel, state, zoom, left, 12, width) + 10
    bottom = _key(panel, left, y, width) + 8
    return panel.crop((0, 0, PANEL_W, bottom))


# --- the boards ------------------------------------------------------------------------------------------------


def focus(state: State) -> tuple[str, str]:
    """The space the posted board centres on, and why: the battle under way or to fight, the moves of this step,
    this turn's battles, its reinforcements, last turn's battles, else the active realm's capital."""
    realm = board.active(state)
    if state.finished and state.end_reason:  # the finale: the final turn's battles, else the winner's capital
        if state.battles_now:
            return state.battles_now[-1], "the final turn's battle"
        won = next((r for r in REALM_ORDER if state.seat_of[r] in state.winners), realm)
        return CONTENT.realms[won].capital, f"{board.name(won)}'s capital, a winner's"
    if state.battle is not None:
        return state.battle.space, "battle under way"
    if state.pending:
        return state.pending[0], "battle to fight"
    moved = Counter(p.space for p in state.pieces if p.realm == realm and p.moved)
    if moved:
        return moved.most_common(1)[0][0], f"{board.name(realm)} moved here"
    if state.battles_now:
        return state.battles_now[-1], "battle this turn"
    new = Counter(p.space for p in state.pieces if p.realm == realm and p.new)
    if new:
        return new.most_common(1)[0][0], "new pieces"
    if state.battles_last:
        return state.battles_last[-1], "last turn's battle"
    return CONTENT.realms[realm].capital, f"{board.name(realm)}'s capital"


def _close_up(
    state: State, names: Sequence[str], place: str, head: str, detail: str, caption: str, zoom: bool
) -> Image.Image:
    """The map around `place` at twice its scale, the banner above, the panel at the right."""
    top, lower = banner_lines(head, detail, WIDTH)
    height = banner_height(top, lower)
    panel = _panel(state, names, place if zoom else None)
    body = max(MAP_H, panel.height)
    image = Image.new("RGB", (WIDTH, height + body), PAPER)
    outlined = fought(state) | set(state.pending)
    ring = place if zoom or place not in outlined else ""  # a battle's outline marks the focus well enough
    image.paste(draw_map(state, close(CONTENT.spaces[place].centre, MAP_W, body - CAPTION), ring), (0, height))
    image.paste(panel, (MAP_W, height))
    banner(image, top, lower)
    ImageDraw.Draw(image).line((0, image.height - CAPTION, MAP_W, image.height - CAPTION), fill=INK, width=2)
    stamp(image, (MARGIN, image.height - CAPTION / 2), caption, TEXT, INK, anchor="lm")
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


def render(state: State, facts: TableFacts) -> Image.Image:
    """The board posted after each turn: the area of the current action, readable at Discord's inline width."""
    names = facts.names
    place, why = focus(state)
    caption = f"Around {CONTENT.spaces[place].name}: {why}. /board full: the whole map"
    return _close_up(state, names, place, turn_line(state, names), battle_line(state), caption, zoom=False)


def render_zoom(state: State, facts: TableFacts, place_id: str) -> Image.Image:
    """One space and its neighbours at twice the map's scale, the space told in words beside them."""
    names = facts.names
    place = zoom_place(place_id) or place_id
    name = CONTENT.spaces[place].name
    caption = "/board full: the whole map"
    return _close_up(state, names, place, f"{name} and its neighbours", _headline(state, names), caption, zoom=True)


def render_full(state: State, facts: TableFacts) -> Image.Image:
    """The whole map (/board full) as an overview as wide as the posted board, so it reads inline too: who holds
    each land, each realm's pieces per space counted together, capitals, Castles and battles; the realm panel
    beside it. Names and piece kinds are the close-ups' (/board zoom)."""
    names = facts.names
    lens = overview(MAP_W)
    top, lower, height = _full_banner(state, names)
    panel = _panel(state, names)
    image = Image.new("RGB", (WIDTH, height + max(lens.height + 4 * (TEXT + 5) + CAPTION, panel.height)), PAPER)
    image.paste(draw_map(state, lens), (0, height))
    image.paste(panel, (MAP_W, height))
    banner(image, top, lower)
    y = height + lens.height + 10
    for line in wrap(OVERVIEW_NOTE, TEXT, MAP_W - 2 * MARGIN):
        stamp(image, (MARGIN, y), line, TEXT, INK, anchor="la")
        y += TEXT + 5
    ImageDraw.Draw(image).line((0, image.height - CAPTION, MAP_W, image.height - CAPTION), fill=INK, width=2)
    caption = "The whole map. /board zoom:<place>: a space and its neighbours"
    stamp(image, (MARGIN, image.height - CAPTION / 2), caption, TEXT, INK, anchor="lm")
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


def _full_banner(state: State, names: Sequence[str]) -> tuple[list[str], list[str], int]:
    """The whole map's banner: its headline's lines, the battle's, and its height (where the map starts)."""
    top, lower = banner_lines(turn_line(state, names), battle_line(state), WIDTH)
    return top, lower, banner_height(top, lower)


def spots(state: State, facts: TableFacts) -> list[Spot]:
    """Where the whole map (render_full) shows each space, by the space's name: its hex, under the banner."""
    _, _, height = _full_banner(state, facts.names)
    return [Spot(name, (x0, y0 + height, x1, y1 + height)) for name, (x0, y0, x1, y1) in _space_boxes()]


SPOT_CELL = 5  # pixels a cell of the spaces' raster: the clickable boxes follow the hexes this closely


@cache
def _space_boxes() -> tuple[tuple[str, Box], ...]:
    """Each space's hex on the overview map (its top-left corner at 0, 0) as a few boxes inside it."""
    lens = overview(MAP_W)
    raster = Image.new("L", (-(-lens.width // SPOT_CELL), -(-lens.height // SPOT_CELL)), 0)
    draw = ImageDraw.Draw(raster)

    def cells(centre: tuple[float, float]) -> list[tuple[float, float]]:
        x, y = lens.at(centre)
        return hexagon((x / SPOT_CELL, y / SPOT_CELL), lens.radius / SPOT_CELL)

    spaces = list(CONTENT.spaces.values())
    for index, space in enumerate(spaces, start=1):  # in draw_map's order: a shared edge goes to the later hex
        draw.polygon(cells(space.centre), fill=index)
    for _, centres in CONTENT.impassable:  # drawn over the spaces, and no place of their own
        for centre in centres:
            draw.polygon(cells(centre), fill=0)
    found = areas(raster, SPOT_CELL, band=4)
    limit = (0, 0, lens.width, lens.height)
    return tuple(
        (space.name, box) for index, space in enumerate(spaces, start=1) for box in clip(found.get(index, []), limit)
    )


OVERVIEW_NOTE = "K12: the realm's 12 pieces in that space (K, V, I, N as in the panel). Star: a capital."


@cache
def _places() -> dict[str, str]:
    """Every spelling /board zoom accepts (normalised id or name) -> space id."""
    found = {normal(space.name): sid for sid, space in CONTENT.spaces.items()}
    return found | {normal(sid): sid for sid in CONTENT.spaces}


def zoom_places(state: State | None = None) -> list[tuple[str, str]]:
    """Every space /board zoom accepts, as (id, name), by name (the same on every Nerath table)."""
    return sorted(((sid, space.name) for sid, space in CONTENT.spaces.items()), key=lambda pair: pair[1])


def zoom_place(name: str) -> str | None:
    """The space id for a typed name or id, whatever its case and punctuation; None if there is none."""
    return _places().get(normal(name))


@cache
def _palette() -> Image.Image:
    """One fixed palette for every board: quantizing to it is far faster than choosing a new one each time."""
    colours = [SEA, SEA_LINE, SEA_TEXT, LAND, DUNGEON, DUNGEON_TEXT, ROCK, HATCH, PENDING, CAPITAL_RED]
    colours += [HIGHLIGHT, INK, PAPER, WHITE, MUTED, TITLE_INK]
    for realm in REALM_ORDER:
        colours += [realm_colour(realm), tint(realm_colour(realm))]
    return fixed_palette(colours)


def warm() -> None:
    """Build the cached palette, glyphs and texts at start-up (called by the bot), so the first boards are as fast
    as the rest: the whole map once at each scale draws every space's name and the key."""
    from rules.base import SeatInfo
    from rules.nerath.engine import ENGINE
    from rules.rng import Rng

    _palette()
    _places()
    for realm in REALM_ORDER:
        for kind in (*KINDS, WOUNDED):
            glyph(kind, TEXT, contrast(realm_colour(realm)))
    state = ENGINE.view(ENGINE.new([SeatInfo() for _ in range(4)], ENGINE.meta.resolve_options({}), Rng(0)), None)
    render_full(state, TableFacts(("",) * 4))
    left, top, right, bottom = EXTENT
    draw_map(state, close(((left + right) / 2, (top + bottom) / 2), round(right - left) * 2, round(bottom - top) * 2))


RENDERER = Renderer(
    board=render,
    full=render_full,
    zoom=Zoom(render_zoom, zoom_places, zoom_place),
    hand=render_hand,
    warm=warm,
    spots=spots,
    colours=tuple(realm_colour(realm) for realm in REALM_ORDER),
)
