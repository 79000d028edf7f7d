"""Small World Underground board: the public view of a game drawn over the cached map (smallworld_base).

Shows the turn track and whose turn it is, every region's tokens (seat colour; declined stacks grey with a
coloured ring), monsters, Places/Relics and markers, this turn's conquests outlined, each player's active and
declined race (never their coins), and the combo row with the coins lying on each combo.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, contrast, readable_on, seat_colour, seat_letter, stamp, text_size
from render.smallworld_base import (
    CARD,
    COMBO_ROW,
    DECLINED_FILL,
    GAP,
    GOLD,
    PANEL,
    PANEL_EDGE,
    PLAYERS_ROW,
    SOFT,
    Layout,
    base_layer,
    layout,
    monster_sprite,
    palette_for,
    paste_centred,
    token_sprite,
    treasure,
)
from rules.base import fill_seats
from rules.smallworld.content import MapData, content, load_map
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.state import CONQUER, DEFENDERS, OVER, PICK, REDEPLOY, Combo, State

PHASES = {PICK: "picks a combo", CONQUER: "is conquering", REDEPLOY: "is redeploying", DEFENDERS: "has ended the turn"}


def render(state: State, names: Sequence[str]) -> Image.Image:
    """The public board as a 256-colour image (render.draw.encode_png saves it without re-quantizing).

    Only public fields are read (regions, the combo row, races in play, hand sizes, the turn): never coins
    nor the face-down stacks, so the result is the same for `state` and `view(state, None)`.
    """
    game_map = load_map(state.players)
    place = layout(game_map)
    image = base_layer(game_map).copy()
    draw = ImageDraw.Draw(image)
    _header(image, draw, state, names, game_map, place)
    _conquests(draw, state, game_map, place)
    _pieces(image, draw, state, game_map, place)
    _players(image, draw, state, names, place)
    _combos(image, draw, state, place)
    return image.quantize(palette=palette_for(game_map), dither=Image.Dither.NONE)


def warm() -> None:
    """Build every map's still layer and palette now (about a quarter second each), not on a first render."""
    for players in (2, 3, 4, 5):
        palette_for(load_map(players))


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def combo_text(combo: Combo) -> str:
    data = content()
    race = data.races[combo.race].name if combo.race in data.races else combo.race.replace("_", " ").title()
    power = data.powers[combo.power].name if combo.power in data.powers else combo.power.replace("_", " ").title()
    return f"{power} {race}"


def combo_tokens(combo: Combo) -> int:
    data = content()
    race = data.races.get(combo.race)
    power = data.powers.get(combo.power)
    return (race.tokens if race else 0) + (power.tokens if power else 0)


def _header(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: State, names: Sequence[str], game_map: MapData, place: Layout
) -> None:
    draw.rectangle((0, 0, place.width, place.map_top - 1), fill=INK)
    stamp(image, (16, 8), f"Small World Underground · {game_map.title}", 24, PAPER, anchor="la")
    if state.phase == OVER:
        result = smallworld.outcome(state)
        line = fill_seats(result.summary, lambda seat: _name(names, seat)) if result else "Game over"
    else:
        line = f"{_name(names, state.current)} {PHASES.get(state.phase, state.phase)}"
        waiting = sorted(smallworld.awaiting(state) - {state.current})
        if waiting:
            line += " · waiting for " + ", ".join(_name(names, seat) for seat in waiting)
    stamp(image, (16, 40), _fit(draw, line, 20, place.width - 40 - 26 * state.turns), 20, HIGHLIGHT, anchor="la")
    # Turn track: one pip per game turn, the current one large and lit.
    right = place.width - 16
    label = f"Turn {min(state.turn, state.turns)} of {state.turns}"
    stamp(image, (right - text_size(draw, label, 20)[0], 8), label, 20, PAPER, anchor="la")
    step = 26
    for turn in range(state.turns, 0, -1):
        x = right - 10 - (state.turns - turn) * step
        y = 52
        if turn == state.turn:
            draw.ellipse((x - 11, y - 11, x + 11, y + 11), fill=HIGHLIGHT, outline=PAPER, width=2)
            stamp(image, (x, y), str(turn), 14, INK)
        elif turn < state.turn:
            draw.ellipse((x - 7, y - 7, x + 7, y + 7), fill=(120, 115, 105))
        else:
            draw.ellipse((x - 7, y - 7, x + 7, y + 7), outline=PAPER, width=2)


def _conquests(draw: ImageDraw.ImageDraw, state: State, game_map: MapData, place: Layout) -> None:
    for rid in state.log.conquered:
        region = game_map.regions.get(rid)
        if region is None:
            continue
        points = [(x, y + place.map_top) for x, y in region.outline]
        draw.line([*points, points[0]], fill=HIGHLIGHT, width=7, joint="curve")


def _pieces(image: Image.Image, draw: ImageDraw.ImageDraw, state: State, game_map: MapData, place: Layout) -> None:
    top = place.map_top
    for rid, here in state.regions.items():
        region = game_map.regions.get(rid)
        if region is None:
            continue
        x, y = region.centre[0], region.centre[1] + top + 8
        if here.owner is not None and here.tokens > 0:
            colour = seat_colour(here.owner)
            fill, ring = (DECLINED_FILL, colour) if here.declined else (colour, INK)
            mark = f"{seat_letter(here.owner)}{here.tokens}"
            paste_centred(image, token_sprite(fill, ring, mark, 20), (x, y))
        if here.monsters:
            paste_centred(image, monster_sprite(here.monsters, 16), (x + 44, y))
        below = y + 30
        if here.treasure:
            treasure(draw, (x - 40, below), "", 10)
            stamp(image, (x - 26, below), _treasure_name(here.treasure), 14, INK, PAPER, anchor="lm")
            below += 22
        for marker in here.markers:
            text = marker.replace("_", " ").title()
            width = text_size(draw, text, 13)[0]
            draw.rounded_rectangle((x - width / 2 - 6, below - 10, x + width / 2 + 6, below + 10), radius=8, fill=INK)
            stamp(image, (x, below), text, 13, HIGHLIGHT)
            below += 22


def _treasure_name(treasure_id: str) -> str:
    found = content().treasures.get(treasure_id)
    return found.name if found else treasure_id.replace("_", " ").title()


def _players(image: Image.Image, draw: ImageDraw.ImageDraw, state: State, names: Sequence[str], place: Layout) -> None:
    top = place.players_top
    count = max(1, len(state.seats))
    width = (place.width - GAP * (count + 1)) // count
    for seat, player in enumerate(state.seats):
        x0 = GAP + seat * (width + GAP)
        current = seat == state.current and state.phase != OVER
        draw.rounded_rectangle(
            (x0, top, x0 + width, top + PLAYERS_ROW),
            radius=10,
            fill=PANEL,
            outline=HIGHLIGHT if current else PANEL_EDGE,
            width=4 if current else 2,
        )
        colour = seat_colour(seat)
        draw.ellipse((x0 + 8, top + 8, x0 + 36, top + 36), fill=colour, outline=PAPER, width=2)
        stamp(image, (x0 + 22, top + 22), seat_letter(seat), 16, contrast(colour))
        name = _fit(draw, _name(names, seat), 20, width - (130 if current else 50))
        end = x0 + 42 + stamp(image, (x0 + 42, top + 22), name, 20, PAPER, anchor="lm")
        if current:
            draw.rounded_rectangle((end + 8, top + 11, end + 78, top + 33), radius=8, fill=HIGHLIGHT)
            stamp(image, (end + 43, top + 22), "to play", 15, INK)
        active = combo_text(player.active) if player.active else "no active race"
        if player.active and player.hand:
            active += f" · {player.hand} in hand"
        stamp(
            image, (x0 + 12, top + 44), _fit(draw, active, 17, width - 24), 17, readable_on(colour, PANEL), anchor="la"
        )
        declined = f"Declined: {combo_text(player.declined)}" if player.declined else "Declined: none"
        stamp(image, (x0 + 12, top + 72), _fit(draw, declined, 16, width - 24), 16, SOFT, anchor="la")


def _combos(image: Image.Image, draw: ImageDraw.ImageDraw, state: State, place: Layout) -> None:
    top = place.combos_top
    stamp(image, (GAP, top + 2), "Combos (taking #k costs 1 coin on each combo above it)", 16, PAPER, anchor="la")
    slots = 6
    width = (place.width - GAP * (slots + 1)) // slots
    box_top = top + 24
    for index in range(slots):
        x0 = GAP + index * (width + GAP)
        draw.rounded_rectangle((x0, box_top, x0 + width, top + COMBO_ROW), radius=10, fill=CARD, outline=INK, width=2)
        if index >= len(state.row):
            stamp(image, (x0 + width / 2, (box_top + top + COMBO_ROW) / 2), "empty", 16, (120, 115, 105))
            continue
        combo = state.row[index]
        stamp(image, (x0 + 16, box_top + 16), str(index + 1), 18, INK)
        lines = _two_lines(draw, combo_text(combo), 17, width - 40)
        for row, line in enumerate(lines):
            stamp(image, (x0 + 32, box_top + 8 + row * 21), line, 17, INK, anchor="la")
        stamp(image, (x0 + 10, top + COMBO_ROW - 19), f"{combo_tokens(combo)} tokens", 16, (60, 56, 52), anchor="lm")
        if combo.coins:
            coins = f"+{combo.coins} coin" + ("s" if combo.coins > 1 else "")
            cw = text_size(draw, coins, 16)[0]
            cx = x0 + width - cw - 14
            draw.rounded_rectangle((cx - 6, top + COMBO_ROW - 30, cx + cw + 6, top + COMBO_ROW - 8), 8, fill=GOLD)
            stamp(image, (cx, top + COMBO_ROW - 19), coins, 16, INK, anchor="lm")


def _fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    if text_size(draw, text, size)[0] <= width:
        return text
    while text and text_size(draw, text + "…", size)[0] > width:
        text = text[:-1]
    return text + "…"


def _two_lines(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> list[str]:
    words = text.split()
    lines = [""]
    for word in words:
        trial = f"{lines[-1]} {word}".strip()
        if text_size(draw, trial, size)[0] <= width or not lines[-1]:
            lines[-1] = trial
        elif len(lines) < 2:
            lines.append(word)
        else:
            lines[-1] = _fit(draw, f"{lines[-1]} {word}", size, width)
    return lines
