"""Small World Underground board: the public view of a game drawn over the cached map (smallworld_base).

Shows the turn track and whose turn it is, every region's tokens (seat letter and count; declined stacks grey with
a coloured ring), monsters, Places/Relics and markers, this turn's conquests outlined, each player's active and
declined race (never their coins), and the combo row with the coins lying on each combo. Drawn 1000 px wide with
no text under 15 px, so it reads where Discord shows it (550 px); /board zoom enlarges one region and its
neighbours (smallworld_zoom).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, contrast, fit, seat_colour, seat_letter, stamp, text_width, wrap
from render.record import Renderer, Spot, TableFacts, Zoom
from render.smallworld_base import (
    CARD,
    CARD_INK,
    COMBO_CARD,
    COMBO_TITLE,
    GAP,
    GOLD,
    PANEL,
    PANEL_EDGE,
    PLAYER_ROW,
    SMALL,
    SOFT,
    TEXT,
    Layout,
    View,
    base_layer,
    combo_text,
    combo_tokens,
    draw_header,
    draw_pieces,
    labels,
    layout,
    monster_colour,
    name_boxes,
    names_over,
    outline_sprite,
    palette_for,
    player_name,
    race_colour,
)
from render.smallworld_zoom import render_zoom, zoom_place, zoom_places
from render.spots import areas, clip
from rules.smallworld.content import MapData, load_map
from rules.smallworld.scoring import outcome, tokens_on_map
from rules.smallworld.state import OVER, State
from rules.text import count

__all__ = ["combo_text", "combo_tokens", "render", "render_zoom", "spots", "warm", "zoom_place", "zoom_places"]

SPOT_CELL = 10  # pixels a cell of the regions' raster: the clickable boxes follow the outlines this closely


def render(state: State, facts: TableFacts) -> Image.Image:
    """The public board as a 256-colour image (render.draw.encode_png saves it without re-quantizing).

    Only public fields are read (regions, the combo row, races in play, hand sizes, the turn): never coins
    nor the face-down stacks, so the result is the same for `state` and `view(state, None)`.
    """
    names = facts.names
    game_map = load_map(state.players)
    place = layout(game_map)
    image = base_layer(state.players).copy()
    draw = ImageDraw.Draw(image)
    draw_header(image, draw, state, facts, f"Small World Underground · {game_map.title}")
    _conquests(image, state, game_map)
    where = labels(state.players)
    box = (0, place.map_top, place.width, place.map_top + place.map_height)
    for rid, here in state.regions.items():
        if rid in where:
            fill = monster_colour(game_map.regions[rid].terrain)
            draw_pieces(image, draw, here, where[rid], 1.0, box, name_boxes(state.players), fill)
    _players(image, draw, state, names, place)
    if state.phase == OVER and state.revealed:
        _final_scores(image, draw, state, names, place)  # the combos on offer no longer matter: the coins do
    else:
        _combos(image, draw, state, place)
    return image.quantize(palette=palette_for(state.players), dither=Image.Dither.NONE)


def spots(state: State, facts: TableFacts) -> list[Spot]:
    """Where the board shows each region (its area, tokens and name), by the region's name: the same on every
    board of a map."""
    return list(_region_spots(state.players))


@cache
def _region_spots(players: int) -> tuple[Spot, ...]:
    game_map = load_map(players)
    place = layout(game_map)
    cells = (-(-place.width // SPOT_CELL), -(-place.map_height // SPOT_CELL))
    drawn = Image.new("L", (cells[0] * SPOT_CELL, cells[1] * SPOT_CELL), 0)  # the map area: each region's number
    draw = ImageDraw.Draw(drawn)
    view = View(place.scale, 0, 0, 0)
    regions = list(game_map.regions.values())
    for index, region in enumerate(regions, start=1):
        draw.polygon(view.points(region.outline), fill=index)
    raster = drawn.resize(cells, Image.Resampling.NEAREST)  # a cell holds the region at (about) its middle
    where = labels(players)  # a region's name and tokens are always in its spots, wherever its edges run
    marks = {
        index: [where[region.id].pieces, *((x, y) for x, y, _ in where[region.id].lines)]
        for index, region in enumerate(regions, start=1)
        if region.id in where
    }
    found = areas(raster, SPOT_CELL, (0, place.map_top), marks=marks)
    limit = (0, place.map_top, place.width, place.map_top + place.map_height)
    return tuple(
        Spot(region.name, box)
        for index, region in enumerate(regions, start=1)
        for box in clip(found.get(index, []), limit)
    )


def warm() -> None:
    """Build every map's still layer and palette now (a fraction of a second each), not on a first render."""
    for players in (2, 3, 4, 5):
        palette_for(players)


def _conquests(image: Image.Image, state: State, game_map: MapData) -> None:
    for rid in state.log.conquered:
        if rid in game_map.regions:
            sprite, at = outline_sprite(state.players, rid, HIGHLIGHT, 6)
            image.paste(sprite, at, sprite)
            names_over(image, state.players, (*at, at[0] + sprite.width, at[1] + sprite.height))


def _players(image: Image.Image, draw: ImageDraw.ImageDraw, state: State, names: Sequence[str], place: Layout) -> None:
    """One row per player: seat disc and letter, name, active race (in the seat's colour, readable on the
    panel) with tokens in hand, declined race, regions held."""
    held = [0] * len(state.seats)
    for here in state.regions.values():
        if here.owner is not None and here.owner < len(held) and here.tokens > 0:
            held[here.owner] += 1
    right = place.width - GAP
    for seat, player in enumerate(state.seats):
        top = place.players_top + seat * (PLAYER_ROW + 4)
        mid = top + PLAYER_ROW / 2
        current = seat == state.current and state.phase != OVER
        draw.rounded_rectangle(
            (GAP, top, right, top + PLAYER_ROW),
            radius=8,
            fill=PANEL,
            outline=HIGHLIGHT if current else PANEL_EDGE,
            width=3 if current else 1,
        )
        colour = seat_colour(seat)
        draw.ellipse((GAP + 6, mid - 13, GAP + 32, mid + 13), fill=colour, outline=PAPER, width=2)
        stamp(image, (GAP + 19, mid), seat_letter(seat), 16, contrast(colour))
        name_room = 190 - (74 if current else 0)
        end = GAP + 42 + stamp(image, (GAP + 42, mid), fit(player_name(names, seat), 20, name_room), 20, PAPER,
                               anchor="lm")  # fmt: skip
        if current:
            draw.rounded_rectangle((end + 6, mid - 11, end + 70, mid + 11), radius=8, fill=HIGHLIGHT)
            stamp(image, (end + 38, mid), "to play", SMALL, INK)
        x = GAP + 250
        if player.active:
            race = fit(combo_text(player.active), 18, 300)
            x += stamp(image, (x, mid), race, 18, race_colour(seat), anchor="lm")
            if player.hand:
                stamp(image, (x + 8, mid), f"{player.hand} in hand", 16, SOFT, anchor="lm")
        else:
            stamp(image, (x, mid), "no active race", 16, SOFT, anchor="lm")
        regions = count(held[seat], "region", zero="0")
        count_width = round(text_width(regions, 16))
        stamp(image, (right - 10 - count_width, mid), regions, 16, SOFT, anchor="lm")
        if player.declined:
            left = GAP + 660
            declined = fit(f"declined: {combo_text(player.declined)}", 16, right - 24 - count_width - left)
            stamp(image, (left, mid), declined, 16, SOFT, anchor="lm")


def _combos(image: Image.Image, draw: ImageDraw.ImageDraw, state: State, place: Layout) -> None:
    top = place.combos_top
    title = "Combos on offer · taking #k costs 1 coin on each combo above it"
    stamp(image, (GAP, top + 4), title, 16, PAPER, anchor="la")
    slots = 6
    width = (place.width - GAP * (slots + 1)) // slots
    box_top = top + COMBO_TITLE
    bottom = box_top + COMBO_CARD
    for index in range(slots):
        x0 = GAP + index * (width + GAP)
        draw.rounded_rectangle((x0, box_top, x0 + width, bottom), radius=10, fill=CARD, outline=INK, width=2)
        if index >= len(state.row):
            stamp(image, (x0 + width / 2, (box_top + bottom) / 2), "empty", 16, (90, 86, 80))
            continue
        combo = state.row[index]
        stamp(image, (x0 + 14, box_top + 17), str(index + 1), 20, INK)
        for row, line in enumerate(_two_lines(combo_text(combo), TEXT, width - 38)):
            stamp(image, (x0 + 28, box_top + 8 + row * 21), line, TEXT, INK, anchor="la")
        stamp(image, (x0 + 10, bottom - 38), f"{combo_tokens(combo)} tokens", SMALL, CARD_INK, anchor="lm")
        if combo.coins:
            coins = f"+{count(combo.coins, 'coin')}"
            coins_width = round(text_width(coins, SMALL))
            draw.rounded_rectangle((x0 + 6, bottom - 26, x0 + coins_width + 20, bottom - 6), 8, fill=GOLD)
            stamp(image, (x0 + 13, bottom - 16), coins, SMALL, INK, anchor="lm")


def _final_scores(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: State, names: Sequence[str], place: Layout
) -> None:
    """At the game's end, where the combos were: every player's final coins, best first, the winners lit, and the
    race tokens on the map that break a tie on coins."""
    result = outcome(state)
    assert result is not None
    top = place.combos_top
    title = "Final scores · the most coins wins; a tie goes to the most race tokens on the map"
    stamp(image, (GAP, top + 4), fit(title, 16, place.width - 2 * GAP), 16, PAPER, anchor="la")
    order = sorted(result.scores, key=lambda seat: (seat not in result.winners, -result.scores[seat], seat))
    slots = max(len(order), 2)
    width = (place.width - GAP * (slots + 1)) // slots
    box_top = top + COMBO_TITLE
    bottom = box_top + COMBO_CARD
    for index, seat in enumerate(order):
        x0 = GAP + index * (width + GAP)
        won = seat in result.winners
        draw.rounded_rectangle(
            (x0, box_top, x0 + width, bottom),
            radius=10,
            fill=CARD,
            outline=HIGHLIGHT if won else INK,
            width=5 if won else 2,
        )
        colour = seat_colour(seat)
        draw.ellipse((x0 + 8, box_top + 8, x0 + 34, box_top + 34), fill=colour, outline=INK, width=2)
        stamp(image, (x0 + 21, box_top + 21), seat_letter(seat), 16, contrast(colour))
        who = ("Winner: " if won else f"{index + 1}. ") + player_name(names, seat)
        stamp(image, (x0 + 42, box_top + 21), fit(who, TEXT, width - 50), TEXT, INK, anchor="lm")
        coins = count(result.scores[seat], "coin", zero="0")
        coins_width = round(text_width(coins, 20))
        draw.rounded_rectangle((x0 + 8, box_top + 44, x0 + coins_width + 26, box_top + 72), 10, fill=GOLD)
        stamp(image, (x0 + 17, box_top + 58), coins, 20, INK, anchor="lm")
        tokens = count(tokens_on_map(state, seat), "race token", zero="0") + " on the map"
        stamp(image, (x0 + 10, bottom - 16), fit(tokens, SMALL, width - 16), SMALL, CARD_INK, anchor="lm")


def _two_lines(text: str, size: int, width: int) -> list[str]:
    """A combo's name on at most two lines, the second cut with an ellipsis if it must be."""
    lines = wrap(text, size, width, keep_long_words=True)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [fit(line, size, width) for line in lines]


RENDERER = Renderer(board=render, zoom=Zoom(render_zoom, zoom_places, zoom_place), warm=warm, spots=spots)
