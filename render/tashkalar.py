"""Tash-Kalar board: the arena with coordinates, tokens by colour and rank, the last summon, scores and tasks."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, MUTED, PAPER, Colour, centred_text, contrast, header, seat_colour, seat_letter
from render.tashkalar_hand import render_hand
from render.tashkalar_parts import GOLD, WHITE, paragraph, pattern, put_text, token
from rules.tashkalar.board import FILES, SIZE, coords
from rules.tashkalar.content import CARDS, TASKS
from rules.tashkalar.effects import current, targets
from rules.tashkalar.engine import outcome, view
from rules.tashkalar.state import (
    COLOURS,
    TARGET,
    State,
    discs_free,
    legends_free,
    owner_of,
    rank_of,
    team_score,
)

__all__ = ["render", "render_hand"]

CELL = 62
TOP = 56
MARGIN = 28
BOARD = CELL * SIZE
PANEL = 300
WIDTH = MARGIN * 2 + BOARD + PANEL
HEIGHT = TOP + MARGIN * 2 + BOARD + 8
LIGHT, DARK = (232, 224, 204), (214, 204, 180)
CENTRE_TINT = (222, 210, 228)


def _cell_box(square: str) -> tuple[int, int, int, int]:
    x, y = coords(square)
    left = MARGIN + x * CELL
    top = TOP + MARGIN + (SIZE - 1 - y) * CELL
    return left, top, left + CELL, top + CELL


@cache
def _background() -> Image.Image:
    """The empty arena with its coordinates: drawn once, copied for every render."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    for x in range(SIZE):
        for y in range(SIZE):
            square = f"{FILES[x]}{y + 1}"
            fill = CENTRE_TINT if 3 <= x <= 5 and 3 <= y <= 5 else (LIGHT if (x + y) % 2 else DARK)
            draw.rectangle(_cell_box(square), fill=fill, outline=MUTED)
    for i in range(SIZE):
        cx = MARGIN + i * CELL + CELL / 2
        cy = TOP + MARGIN + (SIZE - 1 - i) * CELL + CELL / 2
        for y in (TOP + MARGIN / 2, TOP + MARGIN + BOARD + MARGIN / 2):
            centred_text(draw, (cx, y), FILES[i], 16, fill=INK)
        for x in (MARGIN / 2, MARGIN + BOARD + MARGIN / 2):
            centred_text(draw, (x, cy), str(i + 1), 16, fill=INK)
    draw.rectangle((MARGIN, TOP + MARGIN, MARGIN + BOARD, TOP + MARGIN + BOARD), outline=INK, width=3)
    return image


def _tag(seat: int) -> str:
    """A seat as the board marks it: its letter and its colour's name ("A, red")."""
    return f"{seat_letter(seat)}, {COLOURS[seat]}"


def _headline(state: State, names: Sequence[str]) -> str:
    result = outcome(state)
    if result:
        winners = " & ".join(names[s] for s in result.winners)
        return f"Game over: {winners} with {result.scores[result.winners[0]]} points"
    who = names[state.controller]
    if state.take is not None:
        return f"{who} ({_tag(state.controller)}) picks a token to reuse"
    if state.queue:
        return f"{who} ({_tag(state.controller)}) resolves an effect; {state.actions_left} action(s) left"
    if state.phase == "claim":
        return f"{names[state.active]} ({_tag(state.active)}) chooses a task to claim"
    return f"{who} ({_tag(state.controller)}) to act: {state.actions_left} action(s) left"


def _highlights(draw: ImageDraw.ImageDraw, state: State) -> None:
    for square in state.changed:
        left, top, right, bottom = _cell_box(square)
        draw.rectangle((left + 3, top + 3, right - 3, bottom - 3), outline=(240, 150, 60), width=2)
    last = state.last
    if last is None:
        return
    for square in last.pattern:
        left, top, right, bottom = _cell_box(square)
        draw.rectangle((left + 6, top + 6, right - 6, bottom - 6), outline=(90, 90, 200), width=2)
    for square in last.touched:
        left, top, right, bottom = _cell_box(square)
        draw.rectangle((left + 1, top + 1, right - 1, bottom - 1), outline=(230, 80, 40), width=3)
    left, top, right, bottom = _cell_box(last.square)
    draw.rectangle((left, top, right, bottom), outline=HIGHLIGHT, width=5)


def _choices(draw: ImageDraw.ImageDraw, state: State) -> None:
    """While an effect waits for a choice, mark the squares it may target."""
    now = current(state)
    if now is None:
        return
    for square in targets(state, *now):
        left, top, _, _ = _cell_box(square)
        draw.ellipse((left + 4, top + 4, left + 16, top + 16), fill=HIGHLIGHT, outline=INK)


def _panel(image: Image.Image, state: State, names: Sequence[str]) -> None:
    draw = ImageDraw.Draw(image)
    x = MARGIN * 2 + BOARD
    y = TOP + 10
    mode = "High Form" if state.mode == "high_form" else "Deathmatch"
    teams = ", teams" if state.teams else ""
    put_text(image, (x, y), f"{mode}{teams}: target {TARGET[state.mode]}, round {state.round}", 15, INK)
    y += 24
    for seat in range(state.players):
        hand = state.hands[seat]
        if seat == state.controller and state.phase != "over":
            draw.rectangle((x - 6, y - 3, x + PANEL - 18, y + 58), fill=(255, 246, 200), outline=HIGHLIGHT)
        token(draw, (x + 14, y + 16), seat_colour(seat), 2, 30, seat_letter(seat))
        team = f"  (team {seat % 2 + 1})" if state.teams else ""  # numbers: A-D are the seats' marks
        put_text(image, (x + 34, y), f"{names[seat][:18]}{team}", 16, INK)
        score = team_score(state, seat)
        put_text(image, (x + PANEL - 60, y), f"{score} pts", 16, INK)
        cards = f"hand {len(hand.beings)} beings, {len(hand.legends)} legends, {len(hand.flares)} Flare"
        put_text(image, (x + 34, y + 20), cards, 12, MUTED)
        free = f"{discs_free(state, seat)} discs, {legends_free(state, seat)} legendary"
        supply = f"deck {len(state.decks[seat])}; supply {free}"
        put_text(image, (x + 34, y + 36), supply, 12, MUTED)
        y += 66
    if state.mode == "deathmatch" and state.phase != "over":
        commons, heroics, legends = state.tally
        waiting = state.carry_common[state.active]
        line = f"Destroyed this turn: {commons} common, {heroics} heroic, {legends} legendary (+{waiting} kept)"
        y = paragraph(image, (x, y), line, 12, PANEL - 30) + 4
    if state.last is not None:
        card = CARDS[state.last.card]
        put_text(image, (x, y), "Last summon:", 14, INK)
        y += 18
        y = paragraph(image, (x, y), f"{card.name} at {state.last.square}", 14, PANEL - 30, fill=INK)
        pattern(draw, (x, y + 2), card.grid, seat_colour(state.last.seat), card.rank, 18)
        y += 18 * len(card.grid) + 10
    y = _key(image, draw, x, y)
    if state.tasks_offer:
        put_text(image, (x, y), "Tasks on offer:", 14, INK)
        y += 20
        for task_id in state.tasks_offer:
            task = TASKS[task_id]
            if task.grid:
                pattern(draw, (x, y), task.grid, MUTED, 1, 12)
                indent = 12 * len(task.grid[0]) + 6
                bottom = y + 12 * len(task.grid)
            else:
                indent, bottom = 0, y
            end = paragraph(
                image, (x + indent, y), f"{task.name} ({task.points}): {task.text}", 12, PANEL - 30 - indent
            )
            y = max(end, bottom) + 6


def _key(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> int:
    """What the three token shapes mean."""
    for index, label in enumerate(("common", "heroic", "legendary")):
        left = x + index * 92
        token(draw, (left + 12, y + 12), MUTED, index + 1, 26)
        put_text(image, (left + 28, y + 5), label, 13, INK)
    return y + 34


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@cache
def _palette() -> Image.Image:
    """A fixed palette of every colour drawn plus blends for smooth edges: mapping onto it is far quicker
    than computing a palette per image, and encode_png then skips its own quantising."""
    seats = [seat_colour(s) for s in range(len(COLOURS))]
    panel = (255, 246, 200)
    accents = [HIGHLIGHT, (240, 150, 60), (90, 90, 200), (230, 80, 40), GOLD, (70, 70, 80), (225, 218, 200)]
    base = [PAPER, INK, MUTED, WHITE, LIGHT, DARK, CENTRE_TINT, panel, *seats, *accents]
    pairs = [(fg, bg) for fg in (INK, MUTED, *seats) for bg in (PAPER, LIGHT, DARK, CENTRE_TINT, panel)]
    pairs += [(fg, INK) for fg in (PAPER, HIGHLIGHT, WHITE, GOLD)] + [(WHITE, s) for s in seats]
    pairs += [(contrast(s), s) for s in seats]
    pairs += [(GOLD, s) for s in seats] + [(fg, bg) for fg in accents[:4] for bg in (LIGHT, DARK)]
    colours = list(dict.fromkeys([*base, *(_mix(fg, bg, t) for fg, bg in pairs for t in (0.25, 0.5, 0.75))]))
    colours = colours[:256]
    flat = [channel for colour in colours for channel in colour]
    image = Image.new("P", (1, 1))
    image.putpalette(flat + flat[:3] * (256 - len(colours)))
    return image


def render(state: State, names: Sequence[str]) -> Image.Image:
    state = view(state, None)  # the channel's view: nothing hidden is drawn
    image = _background().copy()
    header(image, "Tash-Kalar", _headline(state, names))
    draw = ImageDraw.Draw(image)
    _highlights(draw, state)
    for square, value in state.board.items():
        left, top, right, bottom = _cell_box(square)
        owner = owner_of(value)
        token(
            draw, ((left + right) / 2, (top + bottom) / 2), seat_colour(owner), rank_of(value), CELL, seat_letter(owner)
        )
    _choices(draw, state)
    _panel(image, state, names)
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)
