"""Tash-Kalar board: the arena with coordinates, tokens by colour and rank, the last summon, scores and tasks."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from render.draw import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    Colour,
    centred_text,
    contrast,
    drawn_layer,
    fit,
    header,
    put_text,
    seat_colour,
    seat_letter,
    text_width,
)
from render.record import Renderer, Spot, TableFacts
from render.tashkalar_hand import render_hand
from render.tashkalar_parts import GOLD, WHITE, paragraph, pattern, token
from rules.base import fill_seats
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
from rules.text import count

__all__ = ["render", "render_hand", "spots"]

# Sized for Discord's inline width (550 px): the image is shrunk by 550 / WIDTH (0.65), so no text is drawn below
# SMALLEST px (capitals 10 px high: 6.5 px inline) and the panel says only what fits at that size.
CELL = 56
TOP = 56
MARGIN = 26
BOARD = CELL * SIZE
PANEL = 290
WIDTH = MARGIN * 2 + BOARD + PANEL
KEY_Y = TOP + MARGIN * 2 + BOARD  # the key to the arena's marks, under it
HEIGHT = KEY_Y + 30
SMALLEST = 14
TEXT_W = PANEL - 16  # the panel's text column, clear of the image's right edge
LIGHT, DARK = (232, 224, 204), (214, 204, 180)
CENTRE_TINT = (222, 210, 228)


def _cell_box(square: str) -> tuple[int, int, int, int]:
    x, y = coords(square)
    left = MARGIN + x * CELL
    top = TOP + MARGIN + (SIZE - 1 - y) * CELL
    return left, top, left + CELL, top + CELL


@drawn_layer
def _background() -> Image.Image:
    """The empty arena with its coordinates: drawn once, copied for every render."""
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    for x in range(SIZE):
        for y in range(SIZE):
            square = f"{FILES[x]}{y + 1}"
            fill = CENTRE_TINT if 3 <= x <= 5 and 3 <= y <= 5 else (LIGHT if (x + y) % 2 else DARK)
            draw.rectangle(_cell_box(square), fill=fill, outline=MUTED)
    _marks_key(image, draw)
    for i in range(SIZE):
        cx = MARGIN + i * CELL + CELL / 2
        cy = TOP + MARGIN + (SIZE - 1 - i) * CELL + CELL / 2
        for row in (TOP + MARGIN / 2, TOP + MARGIN + BOARD + MARGIN / 2):
            centred_text(draw, (cx, row), FILES[i], 16, fill=INK)
        for column in (MARGIN / 2, MARGIN + BOARD + MARGIN / 2):
            centred_text(draw, (column, cy), str(i + 1), 16, fill=INK)
    draw.rectangle((MARGIN, TOP + MARGIN, MARGIN + BOARD, TOP + MARGIN + BOARD), outline=INK, width=3)
    return image


def _tag(seat: int) -> str:
    """A seat as the board marks it: its letter and its colour's name ("A, red")."""
    return f"{seat_letter(seat)}, {COLOURS[seat]}"


def _headline(state: State, names: Sequence[str]) -> str:
    result = outcome(state)
    if result:
        winners = " & ".join(names[s] for s in result.winners)
        won = "share the win" if len(result.winners) > 1 else "wins"
        why = fill_seats(result.reason, lambda seat: names[seat])
        return f"{winners} {won} with {count(result.scores[result.winners[0]], 'point', zero='0')}: {why}"
    who = names[state.controller]
    if state.take is not None:
        return f"{who} ({_tag(state.controller)}) picks a token to reuse"
    if state.queue:
        return f"{who} ({_tag(state.controller)}) resolves an effect; {count(state.actions_left, 'action')} left"
    if state.phase == "claim":
        return f"{names[state.active]} ({_tag(state.active)}) chooses a task to claim"
    return f"{who} ({_tag(state.controller)}) to act: {count(state.actions_left, 'action')} left"


CHANGED, PATTERN, TOUCHED = (240, 150, 60), (90, 90, 200), (230, 80, 40)  # the outlines of _highlights
MARKS = (  # (outline colour, inset, width, what it marks), as _highlights draws them
    (HIGHLIGHT, 0, 5, "summoned"),
    (PATTERN, 6, 2, "its pattern"),
    (TOUCHED, 1, 3, "its effect"),
    (CHANGED, 3, 2, "changed"),
)


def _marks_key(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """What the outlines on the arena mean, and the dot of a square that may be chosen."""
    x, y = MARGIN, KEY_Y
    for colour, inset, width, label in MARKS:
        box = (x + inset / 3, y + inset / 3, x + 20 - inset / 3, y + 20 - inset / 3)
        draw.rectangle((x, y, x + 20, y + 20), fill=LIGHT)
        draw.rectangle(box, outline=colour, width=max(2, width - 1))
        put_text(image, (x + 26, y + 3), label, SMALLEST, INK)
        x += 26 + round(text_width(label, SMALLEST)) + 18
    draw.ellipse((x + 4, y + 4, x + 16, y + 16), fill=HIGHLIGHT, outline=INK)
    put_text(image, (x + 26, y + 3), "may be chosen", SMALLEST, INK)


def _highlights(draw: ImageDraw.ImageDraw, state: State) -> None:
    for square in state.changed:
        left, top, right, bottom = _cell_box(square)
        draw.rectangle((left + 3, top + 3, right - 3, bottom - 3), outline=CHANGED, width=2)
    last = state.last
    if last is None:
        return
    for square in last.pattern:
        left, top, right, bottom = _cell_box(square)
        draw.rectangle((left + 6, top + 6, right - 6, bottom - 6), outline=PATTERN, width=2)
    for square in last.touched:
        left, top, right, bottom = _cell_box(square)
        draw.rectangle((left + 1, top + 1, right - 1, bottom - 1), outline=TOUCHED, width=3)
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


def _panel(image: Image.Image, state: State, names: Sequence[str]) -> list[Spot]:
    """The scores, hands, the last summon, the key and the tasks on offer; returns where the last summon and each
    task were written (what /info explains of them)."""
    found: list[Spot] = []
    draw = ImageDraw.Draw(image)
    x = MARGIN * 2 + BOARD
    y = TOP + 10
    mode = "High Form" if state.mode == "high_form" else "Deathmatch"
    teams = ", teams" if state.teams else ""
    if state.phase == "over":  # the finale: the scores below are final, the winners' boxed
        put_text(image, (x, y), f"{mode}{teams}: final scores after round {state.round}", 15, INK)
    else:
        put_text(image, (x, y), f"{mode}{teams}: target {TARGET[state.mode]}, round {state.round}", 15, INK)
    y += 26
    for seat in range(state.players):
        y = _seat(image, draw, state, names, seat, (x, y))
    if state.mode == "deathmatch" and state.phase != "over":
        commons, heroics, legends = state.tally
        kept = state.carry_common[state.active]
        line = f"Destroyed this turn: {commons} common, {heroics} heroic, {legends} legendary (+{kept} kept)"
        y = paragraph(image, (x, y), line, SMALLEST, TEXT_W, fill=MUTED) + 6
    if state.last is not None:
        end = _last_summon(image, draw, state, (x, y))
        found.append(Spot(CARDS[state.last.card].name, (x, y, x + TEXT_W, end)))
        y = end + 8
    y = _key(image, draw, x, y)
    if state.tasks_offer and state.phase != "over":
        put_text(image, (x, y), "Tasks on offer:", 14, INK)
        y += 21
        for task_id in state.tasks_offer:
            task = TASKS[task_id]
            cell = 10 if len(task.grid) > 3 else 12
            indent = cell * len(task.grid[0]) + 6 if task.grid else 0
            if task.grid:
                pattern(draw, (x, y + 1), task.grid, MUTED, 1, cell)
            bottom = y + cell * len(task.grid) + 1
            end = paragraph(
                image, (x + indent, y), f"{task.name} ({task.points}): {task.text}", SMALLEST, TEXT_W - indent
            )
            found.append(Spot(task.name, (x, y, x + TEXT_W, max(end, bottom))))
            y = max(end, bottom) + 5
    return found


def _seat(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: State, names: Sequence[str], seat: int, at: tuple[int, int]
) -> int:
    """One seat's lines: its mark, name and score, then its hand and what it has left; returns the y below."""
    x, y = at
    hand = state.hands[seat]
    result = outcome(state)
    if (seat == state.controller and result is None) or (result is not None and seat in result.winners):
        draw.rectangle(
            (x - 6, y - 4, x + PANEL - 12, y + 53), fill=(255, 246, 200), outline=HIGHLIGHT, width=3 if result else 1
        )
    token(draw, (x + 12, y + 12), seat_colour(seat), 1, 50, seat_letter(seat))  # a disc wide enough for its letter
    score = count(team_score(state, seat), "pt", zero="0")
    score_x = x + TEXT_W - text_width(score, 16)
    team = f" (team {seat % 2 + 1})" if state.teams else ""  # numbers: A-D are the seats' marks
    put_text(image, (x + 30, y), fit(names[seat], 16, score_x - x - 40 - text_width(team, 16)) + team, 16, INK)
    put_text(image, (score_x, y), score, 16, INK)
    held = f"hand {len(hand.beings)} beings, {len(hand.legends)} legends, {len(hand.flares)} Flare"
    put_text(image, (x + 30, y + 20), held, SMALLEST, MUTED)
    free = f"{count(discs_free(state, seat), 'disc', zero='0')}, {count(legends_free(state, seat), 'legend', zero='0')}"
    left = f"deck {len(state.decks[seat])} · free {free}"
    put_text(image, (x + 30, y + 36), fit(left, SMALLEST, TEXT_W - 30), SMALLEST, MUTED)
    return y + 62


def _last_summon(image: Image.Image, draw: ImageDraw.ImageDraw, state: State, at: tuple[int, int]) -> int:
    """The last summoned being's name and square, its pattern beside them; returns the y below."""
    assert state.last is not None
    x, y = at
    card = CARDS[state.last.card]
    cell = 16
    wide = cell * len(card.grid[0])
    pattern(draw, (x + TEXT_W - wide, y), card.grid, seat_colour(state.last.seat), card.rank, cell)
    put_text(image, (x, y), "Last summon:", SMALLEST, MUTED)
    end = paragraph(image, (x, y + 18), f"{card.name} at {state.last.square}", 15, TEXT_W - wide - 10, fill=INK)
    return max(end, y + cell * len(card.grid))


def _key(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, y: int) -> int:
    """What the three token shapes mean."""
    left = x
    for index, label in enumerate(("common", "heroic", "legendary")):
        token(draw, (left + 12, y + 12), MUTED, index + 1, 26)
        put_text(image, (left + 28, y + 4), label, SMALLEST, INK)
        left += 28 + round(text_width(label, SMALLEST)) + 16
    return y + 32


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@cache
def _palette() -> Image.Image:
    """A fixed palette of every colour drawn plus blends for smooth edges: mapping onto it is far quicker
    than computing a palette per image, and encode_png then skips its own quantising."""
    seats = [seat_colour(s) for s in range(len(COLOURS))]
    panel = (255, 246, 200)
    accents = [HIGHLIGHT, CHANGED, PATTERN, TOUCHED, GOLD, (70, 70, 80), (225, 218, 200)]
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


def render(state: State, facts: TableFacts) -> Image.Image:
    return _board(state, facts)[0]


def spots(state: State, facts: TableFacts) -> list[Spot]:
    """Where the board shows what /info explains: the last summoned being (its square and its lines in the panel)
    and each task on offer. Read off a drawing of the board, the one place that knows where its panel's lines go."""
    return _board(state, facts)[1]


def _board(state: State, facts: TableFacts) -> tuple[Image.Image, list[Spot]]:
    """The board, and where it put what /info explains."""
    names = facts.names
    state = view(state, None)  # the channel's view: nothing hidden is drawn
    image = _background().copy()
    header(image, "Tash-Kalar", fit(_headline(state, names), 16, WIDTH - 32))
    draw = ImageDraw.Draw(image)
    _highlights(draw, state)
    for square, value in state.board.items():
        left, top, right, bottom = _cell_box(square)
        owner = owner_of(value)
        token(
            draw, ((left + right) / 2, (top + bottom) / 2), seat_colour(owner), rank_of(value), CELL, seat_letter(owner)
        )
    _choices(draw, state)
    found = _panel(image, state, names)
    if state.last is not None:
        found.insert(0, Spot(CARDS[state.last.card].name, _cell_box(state.last.square)))
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE), found


RENDERER = Renderer(board=render, hand=render_hand, spots=spots)
