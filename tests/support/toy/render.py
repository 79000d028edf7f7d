"""Footrace's pictures: the record the table asks (board, whole track, zoom on a space, hand), drawn with
render.draw's helpers like every shipped game's, so the shared checks read what it draws."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.draw import (
    INK,
    MUTED,
    PAPER,
    centred_text,
    contrast,
    drawn_layer,
    fit,
    header,
    seat_colour,
    seat_letter,
    stamp,
)
from render.record import Renderer, TableFacts, Zoom
from rules.base import fill_seats, normal
from tests.support.toy.engine import FINISH, State, outcome, space_name

WIDTH = 540
CELL = 100  # a space of the track on the posted board
ROW = 26  # a player's line under the track


def _headline(state: State, facts: TableFacts) -> str:
    result = outcome(state)
    if result is not None:
        return fill_seats(result.summary, lambda seat: facts.names[seat])
    who = " and ".join(facts.names[seat] for seat in sorted(facts.awaiting))
    return f"Round {state.turn}: {who} to run"


@drawn_layer
def _cells(first: int, count: int, width: int) -> Image.Image:
    """The spaces `first`.. of the track, named, side by side (kept: the same on every board that shows them)."""
    image = Image.new("RGB", (count * width, 90), PAPER)
    draw = ImageDraw.Draw(image)
    for index in range(count):
        x = index * width
        draw.rectangle((x + 2, 2, x + width - 2, 88), outline=INK, width=2)
        stamp(image, (x + width / 2, 16), space_name(first + index), 14, INK)
    return image


def _track(image: Image.Image, state: State, first: int, count: int, width: int, top: int) -> None:
    """Spaces first.. first + count - 1 at `top`, each player's token on the space it stands on."""
    image.paste(_cells(first, count, width), (20, top))
    draw = ImageDraw.Draw(image)
    for seat, space in enumerate(state.spaces):
        if first <= space < first + count:
            centre = (20 + (space - first) * width + 18 + seat * 20, top + 58)
            draw.ellipse(
                (centre[0] - 9, centre[1] - 9, centre[0] + 9, centre[1] + 9), fill=seat_colour(seat), outline=INK
            )
            centred_text(draw, centre, seat_letter(seat), 12, contrast(seat_colour(seat)))


def _runners(image: Image.Image, state: State, facts: TableFacts, top: int) -> int:
    """A line per player: their letter, name and space; returns the y under them."""
    for seat, space in enumerate(state.spaces):
        line = f"{seat_letter(seat)} {facts.names[seat]}: {space_name(space)}"
        stamp(image, (20, top + seat * ROW), fit(line, 16, WIDTH - 40), 16, INK, anchor="la")
    return top + len(state.spaces) * ROW


def board(state: State, facts: TableFacts) -> Image.Image:
    """Five spaces around the leader, every player's line, and the last run."""
    first = max(0, min(FINISH - 4, max(state.spaces) - 2))
    image = Image.new("RGB", (WIDTH, 56 + 110 + len(state.spaces) * ROW + 40), PAPER)
    header(image, "Footrace", fit(_headline(state, facts), 16, WIDTH - 32))
    _track(image, state, first, 5, CELL, 66)
    bottom = _runners(image, state, facts, 166)
    last = fill_seats(state.last, lambda seat: facts.names[seat]) or "Nobody has run yet."
    stamp(image, (20, bottom + 8), fit(last, 14, WIDTH - 40), 14, MUTED, anchor="la")
    return image


def full(state: State, facts: TableFacts) -> Image.Image:
    """The whole track in two rows."""
    image = Image.new("RGB", (WIDTH, 56 + 200 + len(state.spaces) * ROW + 10), PAPER)
    header(image, "Footrace: the whole track", fit(_headline(state, facts), 16, WIDTH - 32))
    _track(image, state, 0, 6, 83, 66)
    _track(image, state, 6, FINISH - 5, 83, 160)
    _runners(image, state, facts, 260)
    return image


def places(state: State | None = None) -> list[tuple[str, str]]:
    """Every space /board zoom accepts, as (id, name), by name."""
    return sorted(((f"s{space}", space_name(space)) for space in range(FINISH + 1)), key=lambda pair: pair[1])


def place(name: str) -> str | None:
    """A space by its number ('3' for Mile 3) or its name without spaces; None if there is none."""
    key = normal(name).removeprefix("mile")
    named = {normal(space_name(space)): f"s{space}" for space in range(FINISH + 1)}
    return f"s{int(key)}" if key.isdigit() and int(key) <= FINISH else named.get(key)


def zoom(state: State, facts: TableFacts, where: str) -> Image.Image:
    """A space and its neighbours at a larger scale, with who stands on each."""
    space = int(where.removeprefix("s"))
    first = max(0, min(FINISH - 2, space - 1))
    image = Image.new("RGB", (WIDTH, 56 + 110 + len(state.spaces) * ROW + 10), PAPER)
    header(image, f"Footrace: around {space_name(space)}", fit(_headline(state, facts), 16, WIDTH - 32))
    _track(image, state, first, 3, 166, 66)
    here = [facts.names[seat] for seat, at in enumerate(state.spaces) if at == space]
    stamp(
        image,
        (20, 176),
        fit(f"On {space_name(space)}: {', '.join(here) or 'nobody'}", 16, WIDTH - 40),
        16,
        INK,
        anchor="la",
    )
    return image


def hand(state: State, seat: int, facts: TableFacts) -> Image.Image:
    """The cards of `seat`, from its own view (sent to that player only)."""
    cards = sorted(state.hands[seat])
    image = Image.new("RGB", (WIDTH, 56 + 120), PAPER)
    header(image, fit(f"{facts.names[seat]}'s hand", 22, WIDTH - 32), f"You stand on {space_name(state.spaces[seat])}")
    draw = ImageDraw.Draw(image)
    for index, card in enumerate(cards):
        x = 20 + index * 90
        draw.rounded_rectangle((x, 70, x + 76, 160), radius=8, fill=seat_colour(seat), outline=INK, width=2)
        centred_text(draw, (x + 38, 115), str(card), 40, contrast(seat_colour(seat)))
    return image


def warm() -> None:
    """Draw the kept strips of the track before the first board."""
    for first in range(FINISH - 3):
        _cells(first, 5, CELL)


RENDERER = Renderer(board=board, full=full, zoom=Zoom(zoom, places, place), hand=hand, warm=warm)
