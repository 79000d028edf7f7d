"""Genertela board. The posted board is a focused view made for Discord's 550 px preview: the area of the action
(a battle under way, this or the last nation turn's battles, the acting nation's moves, else its homelands) drawn at
a large scale, with a panel in large type. /board full is the whole map as an overview that reads inline too
(render_full), /board zoom the zone and its neighbours with every unit listed (render_zoom)."""

from __future__ import annotations

from PIL import Image

from render.draw import PAPER
from render.genertela_frame import (
    CELLS,
    MAP_HEIGHT,
    WIDTH,
    Frame,
    cluster,
    dashed_layer,
    focus,
    frame_for,
    land_around,
    zone_boxes,
)
from render.genertela_full import render_full, spots, warm_full
from render.genertela_labels import draw_view, warm_text
from render.genertela_map import (
    DEATHLINE,
    GOLD,
    HOUSE_MAP,
    SIDE_COLOURS,
    TERRAIN,
    TREE,
    drawn_marks,
    headline,
    palette_image,
    short_name,
    unit_lines,
    zone_cells,
)
from render.genertela_panel import (
    HEAD,
    house,
    key,
    nations,
    sides,
    title_line,
    top_strip,
    turn_line,
    zoom_list,
)
from render.record import Renderer, TableFacts, Zoom
from rules.genertela.board import BOARD, NATIONS
from rules.genertela.engine import outcome
from rules.genertela.state import State

__all__ = [
    "DEATHLINE",
    "GOLD",
    "HOUSE_MAP",
    "SIDE_COLOURS",
    "TERRAIN",
    "TREE",
    "drawn_marks",
    "headline",
    "render",
    "render_full",
    "render_zoom",
    "short_name",
    "spots",
    "unit_lines",
    "view_frame",
    "warm",
    "zoom_place",
    "zoom_places",
]


def view_frame(state: State) -> tuple[Frame, list[str], str]:
    """Where the posted board looks: its frame, the zones of the action it was chosen for, and what they are."""
    zones, why = focus(state)
    core = cluster(zones)
    return frame_for(core), core, why


def _canvas() -> Image.Image:
    """Room for the map and the longest panel; the board is cut to what it uses."""
    return Image.new("RGB", (WIDTH, HEAD + MAP_HEIGHT + 700), PAPER)


def _finish(image: Image.Image, bottom: int) -> Image.Image:
    return image.crop((0, 0, WIDTH, bottom + 6)).quantize(palette=palette_image(), dither=Image.Dither.NONE)


def render(state: State, facts: TableFacts) -> Image.Image:
    """The posted board: the area of the action at a large scale, whose move it is, the sides and the key."""
    players = facts.names
    frame, core, why = view_frame(state)
    image = _canvas()
    view, keys, shown = draw_view(state, frame, core)
    image.paste(view, (0, HEAD))
    where = ", ".join(BOARD.zones[z].name for z in core[:3]) + (" ..." if len(core) > 3 else "")
    battle = state.battle
    if battle is not None:  # where, against whom, which round: the line under the headline
        foe = NATIONS[battle.defender].name if battle.defender in NATIONS else battle.defender
        why, where = "battle", f"{BOARD.zones[battle.zone].name} against {foe}, round {battle.round}"
    line = f"{why}: {where} - {turn_line(state)}"
    result = outcome(state)
    if result is not None:  # the finale: why it ended (the header names the winners), and what the view shows
        line = f"{result.reason[:1].upper()}{result.reason[1:]}. {why[:1].upper()}{why[1:]}: {where}"
    top_strip(image, title_line(state, players), line)
    y = sides(image, HEAD + MAP_HEIGHT + 10, state, players)
    y = nations(image, y + 8, state, shown)
    y = key(image, y + 8, keys, state, shown)
    return _finish(image, house(image, y + 2))


def render_zoom(state: State, facts: TableFacts, zid: str) -> Image.Image:
    """The zone and its neighbours at a large scale (drawn natively, as the posted board is), every unit listed."""
    zones = [zid, *land_around([zid])]
    image = _canvas()
    view, keys, shown = draw_view(state, frame_for([zid]), [zid])
    image.paste(view, (0, HEAD))
    top_strip(image, f"Around {BOARD.zones[zid].name} - turn {state.turn}/{state.last_turn}", headline(state))
    y = zoom_list(image, HEAD + MAP_HEIGHT + 10, state, zones)
    y = key(image, y + 6, keys, state, shown)
    return _finish(image, house(image, y + 2))


def zoom_places(state: State | None = None) -> list[tuple[str, str]]:
    """Every zone /board zoom accepts, as (id, name), by name (the same on every Genertela table)."""
    return sorted(((zid, zone.name) for zid, zone in BOARD.zones.items()), key=lambda pair: pair[1])


def zoom_place(name: str) -> str | None:
    """The zone id for any spelling of a zone (the seed's aliases too), or None."""
    try:
        return BOARD.resolve(name)
    except KeyError:
        return None


def warm() -> None:
    """Build the cached layers at start-up (called by the bot), so the first board is as fast as the rest."""
    zone_cells()
    palette_image()
    warm_full()
    for cell in CELLS:  # the focused views' layers: ~0.3 s each once rather than on a board
        dashed_layer(cell)
    zone_boxes()  # every zone's cells' box, ~50 ms once
    warm_text()


RENDERER = Renderer(
    board=render,
    full=render_full,
    zoom=Zoom(render_zoom, zoom_places, zoom_place),
    warm=warm,
    spots=spots,
    colours=tuple(SIDE_COLOURS.values()),
)
