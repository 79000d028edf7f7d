"""Conquest of Nerath boards in words: the headline and the banner it sits in, and a space told in full for
/board zoom (its holder, Castle, Guardians and every realm's pieces by name)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, Colour, contrast, stamp, text_width, wrap
from render.nerath_glyphs import KINDS, WOUNDED
from render.nerath_map import guardian_lines, initial, realm_colour, stacks
from rules.base import fill_seats
from rules.nerath import board, guardians, sharing
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import State

TITLE = "D&D: Conquest of Nerath"
TEXT = 14  # the panel's and captions' type: 9 px at Discord's inline width
MARGIN = 14
TITLE_INK: Colour = (190, 185, 175)


# --- the headline ----------------------------------------------------------------------------------------------


def who(seat: int, names: Sequence[str]) -> str:
    """The player at `seat` (a seat past the names given: "seat n")."""
    return names[seat] if seat < len(names) else f"seat {seat}"


def turn_line(state: State, names: Sequence[str]) -> str:
    """Whose turn and step it is, or the result once the game is over: the posted board's headline."""
    if state.finished and state.winners and state.end_reason:  # the finale: who won, and by which condition
        winners = " and ".join(who(seat, names) for seat in state.winners)
        won = "share the win" if len(state.winners) > 1 else "wins"
        return f"Game over: {winners} {won}. {state.end_reason[0].upper()}{state.end_reason[1:]}"
    if state.finished:
        return fill_seats(state.result, lambda seat: who(seat, names))
    realm = board.active(state)
    player = names[state.seat_of[realm]] if state.seat_of[realm] < len(names) else "?"
    return f"Round {state.round}: {board.name(realm)} ({player}), {state.step} step"


def battle_line(state: State) -> str:
    """The battle under way and whose choice it waits for ("" without one); at the game's end, the final turn's
    battles (outlined on the map: they are the last word on the scores)."""
    if state.finished and state.end_reason:
        fought = ", ".join(CONTENT.spaces[space].name for space in state.battles_now)
        return f"Final scores in the panel, winners on yellow. The final turn's battles: {fought or 'none'}"
    if state.finished or state.battle is None:
        return ""
    owing = ", ".join(board.name(r) for r in state.battle.hits)
    waiting = f", {owing} to choose casualties" if owing else ""
    if state.battle.split_hits:  # allies sharing hits: who proposes or answers now
        first, second = sharing.pair(state.battle.split_default)
        deciding, verb = (second, "to answer the split") if state.battle.proposal else (first, "to propose a split")
        waiting += f", {board.name(deciding)} {verb}"
    if state.battle.guardian_hits:  # the explorer's opponent decides for the Guardians
        waiting += f", {board.name(guardians.player(state, state.battle.attacker))} to assign the Guardians' hits"
    if not waiting and state.battle.stage in ("decide", "retreat"):
        verb = "to press on or retreat" if state.battle.stage == "decide" else "to retreat the rest"
        waiting = f", {board.name(state.battle.attacker)} {verb}"
    return f"battle at {board.label(state.battle.space)}, round {state.battle.round}{waiting}"


def headline(state: State, names: Sequence[str]) -> str:
    """The turn and the battle in one line."""
    battle = battle_line(state)
    return turn_line(state, names) + (f" - {battle}" if battle else "")


HEAD = 22  # the headline's size
DETAIL = 16  # the battle line's size


def banner_lines(head: str, detail: str, width: int) -> tuple[list[str], list[str]]:
    """The headline's lines (beside the title) and the battle line's, fitted to an image `width` wide."""
    room = width - 2 * MARGIN
    title = text_width(TITLE, TEXT) + 24
    heads = wrap(head, HEAD, room - title, keep_long_words=True)
    return heads, wrap(detail, DETAIL, room, keep_long_words=True) if detail else []


def banner(image: Image.Image, head: list[str], detail: list[str]) -> None:
    """The dark strip across the top: the headline (whose turn and step), the title, the battle line."""
    ImageDraw.Draw(image).rectangle((0, 0, image.width, banner_height(head, detail)), fill=INK)
    y = 8
    for line in head:  # stamped (cached) text: the same headline comes back on every board of a turn
        stamp(image, (MARGIN, y + 4), line, HEAD, PAPER, anchor="la", headline=True)
        y += HEAD + 6
    stamp(image, (image.width - MARGIN - text_width(TITLE, TEXT), 14), TITLE, TEXT, TITLE_INK, anchor="la")
    for line in detail:
        stamp(image, (MARGIN, y + 3), line, DETAIL, HIGHLIGHT, anchor="la")
        y += DETAIL + 5


def banner_height(head: list[str], detail: list[str]) -> int:
    """The banner's height for its lines."""
    return 12 + len(head) * (HEAD + 6) + len(detail) * (DETAIL + 5) + 4


# --- a space in words (/board zoom) -----------------------------------------------------------------------------------


def chip(text: str, realm: str, image: Image.Image, at: tuple[float, float], size: int) -> int:
    """A label on the realm's colour ("K: Karkoth": the initial its pieces carry), `at` its left middle; returns
    its width."""
    colour = realm_colour(realm)
    width = round(text_width(text, size)) + 10
    x, y = at
    ImageDraw.Draw(image).rounded_rectangle((x, y - size / 2 - 3, x + width, y + size / 2 + 3), 4, fill=colour)
    stamp(image, (x + 5, y), text, size, contrast(colour), anchor="lm")
    return width


def place_words(image: Image.Image, state: State, place: str, left: int, y: int, width: int) -> int:
    """A space in words: what it is, who holds it, its Castle, Guardians and every realm's pieces."""
    space = CONTENT.spaces[place]
    stamp(image, (left, y), space.name, 18, INK, anchor="la")
    y += 26
    if space.kind == "land":
        holder = state.control[place]
        home = space.realm or holder
        facts = f"{board.name(home)} {'capital' if space.capital else 'land'}"
        facts += f", held by {board.name(holder)}" if holder != home else ""
    else:
        facts = "Sea" if space.kind == "sea" else "Dungeon entrance"
    castles = [p for p in state.pieces if p.space == place and p.kind == "castle"]
    facts += "".join(f". {board.name(c.realm)} Castle" + (" (out of battle)" if c.hit else "") for c in castles)
    y = paragraph(image, facts, left, y, width)
    if space.kind == "dungeon" and place in state.dungeons:
        dungeon = state.dungeons[place]
        hidden = sum(1 for up in dungeon.face_up if not up)
        known = guardian_lines(state, place) + ([f"{hidden} hidden"] if hidden else [])
        y = paragraph(image, "Guardians: " + (", ".join(known) or "none"), left, y, width)
    here = stacks(state).get(place, {})
    for realm in (r for r in REALM_ORDER if r in here):
        y += 4
        chip(f"{initial(realm)}: {board.name(realm)}", realm, image, (left, y + 10), TEXT)
        y += 24
        order = [*KINDS, WOUNDED]
        words = [
            f"{n} {'wounded Dragon' if k == WOUNDED else board.kind_name(k, n)}"
            for k, n in sorted(here[realm].items(), key=lambda kv: order.index(kv[0]))
        ]
        y = paragraph(image, ", ".join(words), left, y, width)
    if not here:
        y = paragraph(image, "No pieces.", left, y + 4, width)
    return y


def paragraph(image: Image.Image, text: str, left: int, y: int, width: int) -> int:
    """`text` in lines that fit `width` from (left, y); returns the y below it."""
    for line in wrap(text, TEXT, width, keep_long_words=True):
        stamp(image, (left, y), line, TEXT, INK, anchor="la")
        y += TEXT + 5
    return y
