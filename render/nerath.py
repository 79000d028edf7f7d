"""Conquest of Nerath board: hex map with control, pieces, castles, dungeons, last battles and a realm panel."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, centred_text, contrast, font, header
from render.nerath_hand import render_hand
from rules.base import fill_seats
from rules.nerath import board, guardians, sharing, turns
from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import State

TOP = 56  # header strip
PANEL = 300  # realm panel on the right
SEA = (70, 120, 170)
SEA_LINE = (95, 145, 195)
LAND = (214, 200, 160)
DUNGEON = (60, 52, 58)
ROCK = (95, 90, 85)
PENDING = (230, 70, 40)
__all__ = ["render", "render_hand"]

CODES = {
    "footsoldier": "Ft",
    "siege_engine": "Sg",
    "fighter": "Fi",
    "wizard": "Wz",
    "monster": "Mo",
    "castle": "Ca",
    "storm_elemental": "St",
    "dragon": "Dr",
    "warship": "Ws",
}
WOUNDED = "dragon*"  # a Dragon that took its one hit in the battle under way (healed afterwards)
LEGEND_NOTES = ("Dr* wounded Dragon", "castle out of this battle")


def _hex(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    x, y = centre
    return [
        (x + radius * math.cos(math.radians(60 * i - 30)), y + TOP + radius * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]


def _tint(colour: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    """Mix a realm colour with parchment so labels stay readable."""
    r, g, b = colour
    pr, pg, pb = LAND
    return (
        int(r * amount + pr * (1 - amount)),
        int(g * amount + pg * (1 - amount)),
        int(b * amount + pb * (1 - amount)),
    )


def _colour(realm: str) -> tuple[int, int, int]:
    return CONTENT.realms[realm].colour


def initial(realm: str) -> str:
    """The letter on a realm's pieces and legend swatch (K, V, I, N), so realms differ by more than colour."""
    return CONTENT.realms[realm].short[0].upper()


@cache
def _base() -> Image.Image:
    """The static layer: sea, dungeon entrances, impassable corners and the panel background."""
    width, height = CONTENT.size
    image = Image.new("RGB", (width + PANEL, height + TOP), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, TOP, width, height + TOP), fill=SEA)
    radius = CONTENT.hex_radius
    for space in CONTENT.spaces.values():
        points = _hex(space.centre, radius)
        if space.kind == "sea":
            draw.polygon(points, fill=SEA, outline=SEA_LINE)
        elif space.kind == "dungeon":
            draw.polygon(points, fill=DUNGEON, outline=INK)
            centred_text(draw, (space.centre[0], space.centre[1] + TOP - 24), "DUNGEON", 9, fill=(230, 220, 200))
    for name, centres in CONTENT.impassable:
        for centre in centres:
            points = _hex(centre, radius)
            draw.polygon(points, fill=ROCK, outline=INK)
            x, y = centre
            for dx in range(-30, 31, 10):  # hatching: nobody passes here
                draw.line((x + dx - 12, y + TOP + 18, x + dx + 12, y + TOP - 18), fill=(70, 66, 62), width=2)
        cx = sum(c[0] for c in centres) / len(centres)
        cy = sum(c[1] for c in centres) / len(centres)
        centred_text(draw, (cx, cy + TOP), name.replace("Impassable ", ""), 12, fill=PAPER, outline=INK)
    for space in CONTENT.spaces.values():
        if space.kind == "sea":
            centred_text(draw, (space.centre[0], space.centre[1] + TOP - 26), space.name, 9, fill=(200, 220, 240))
        elif space.kind == "land" and space.realm:
            _land(draw, space.id, space.realm)
    _legend(draw)
    return image


def _land(draw: ImageDraw.ImageDraw, space_id: str, controller: str) -> None:
    """A land hex tinted by its controller, bordered in the colour of the realm it started in, with its name."""
    space = CONTENT.spaces[space_id]
    points = _hex(space.centre, CONTENT.hex_radius)
    draw.polygon(points, fill=_tint(_colour(controller), 0.45))
    draw.line([*points, points[0]], fill=_colour(space.realm or controller), width=4)
    _name(draw, space_id)


def _name(draw: ImageDraw.ImageDraw, space_id: str) -> None:
    """A land space's name (and CAPITAL), drawn again over a highlight so no letter is hidden."""
    space = CONTENT.spaces[space_id]
    x, y = space.centre[0], space.centre[1] + TOP
    lines = _wrap(space.name)
    if len(lines) == 1:
        centred_text(draw, (x, y - 27), lines[0], 10, fill=INK)
    else:  # long names on two smaller lines rather than cut off
        centred_text(draw, (x, y - 33), lines[0], 9, fill=INK)
        centred_text(draw, (x, y - 23), lines[1], 9, fill=INK)
    if space.capital:
        centred_text(draw, (x, y - 14), "CAPITAL", 9, fill=(150, 20, 20))


def _wrap(text: str, width: int = 13) -> list[str]:
    """One line if it fits, else two, broken at the space nearest the middle."""
    if len(text) <= width or " " not in text:
        return [text]
    middle = len(text) / 2
    cut = min((i for i, ch in enumerate(text) if ch == " "), key=lambda i: abs(i - middle))
    return [text[:cut], text[cut + 1 :]]


@cache
def _palette() -> Image.Image:
    """One fixed palette for every board: quantizing to it is far faster than choosing a new one each time."""
    sample = _base().copy()
    draw = ImageDraw.Draw(sample)
    swatches = [HIGHLIGHT, PENDING, INK, PAPER, (150, 20, 20), (240, 230, 200), (255, 255, 255)]
    for realm in REALM_ORDER:
        swatches += [_colour(realm), _tint(_colour(realm), 0.45), contrast(_colour(realm))]
    for i, colour in enumerate(swatches):
        draw.rectangle((i * 12, 0, i * 12 + 11, 40), fill=colour)
    for i, realm in enumerate(REALM_ORDER):
        sprite = _badge(f"{initial(realm)}: 8Ft 8Dr 8Ws", realm)
        sample.paste(sprite, (i * 80, 44), sprite)
    return sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


@cache
def _badge(text: str, realm: str) -> Image.Image:
    """A realm-coloured label for a stack of pieces, drawn once and pasted wherever needed."""
    colour = _colour(realm)
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), text, font=font(10))
    sprite = Image.new("RGBA", (right - left + 6, bottom - top + 4), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    draw.rounded_rectangle((0, 0, sprite.width - 1, sprite.height - 1), 3, fill=colour)
    draw.text((3 - left, 2 - top), text, font=font(10), fill=contrast(colour))
    return sprite


def render(state: State, names: Sequence[str]) -> Image.Image:
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    radius = CONTENT.hex_radius
    fought = set(state.battles_last) | set(state.battles_now) | ({state.battle.space} if state.battle else set())
    for space_id, controller in state.control.items():
        if controller != CONTENT.spaces[space_id].realm:  # only lands that changed hands: the rest is static
            _land(draw, space_id, controller)
    for space in fought:
        points = _hex(CONTENT.spaces[space].centre, radius)
        draw.line([*points, points[0]], fill=HIGHLIGHT, width=5)
        if CONTENT.spaces[space].kind == "land":
            _name(draw, space)
    for space in state.pending:  # attacks declared, battles still to fight
        points = _hex(CONTENT.spaces[space].centre, radius - 4)
        draw.line([*points, points[0]], fill=PENDING, width=3)
    _pieces(image, state)
    _castles(draw, state)
    _dungeons(image, state)
    _panel(image, draw, state, names)
    header(image, "D&D: Conquest of Nerath", _headline(state, names))
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


def _headline(state: State, names: Sequence[str]) -> str:
    if state.finished:
        return fill_seats(state.result, lambda seat: names[seat] if seat < len(names) else f"seat {seat}")
    realm = board.active(state)
    who = names[state.seat_of[realm]] if state.seat_of[realm] < len(names) else "?"
    battle = ""
    if state.battle is not None:
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
        battle = f" - battle at {board.label(state.battle.space)}, round {state.battle.round}{waiting}"
    return f"Round {state.round}: {board.name(realm)} ({who}), {state.step} step{battle}"


def _castles(draw: ImageDraw.ImageDraw, state: State) -> None:
    for piece in state.pieces:
        if piece.kind != "castle":
            continue
        x, y = CONTENT.spaces[piece.space].centre
        y += TOP
        _keep(draw, x + 24, y - 21, _colour(piece.realm), knocked_out=piece.hit, mark=initial(piece.realm))


def _keep(
    draw: ImageDraw.ImageDraw,
    left: float,
    top: float,
    colour: tuple[int, int, int],
    knocked_out: bool,
    mark: str = "",
) -> None:
    """A small keep at the right of a hex, below the name lines; crossed out while a hit keeps it out of the battle.
    `mark` is its realm's initial, beside the keep."""
    draw.rectangle((left, top + 3, left + 11, top + 12), fill=colour, outline=INK)
    for dx in (0, 4, 8):
        draw.rectangle((left + dx, top, left + dx + 3, top + 3), fill=colour, outline=INK)
    if mark:
        draw.text((left + 14, top + 7), mark, font=font(9), fill=INK, anchor="lm", stroke_width=1, stroke_fill=PAPER)
    if knocked_out:
        draw.line((left - 1, top - 1, left + 12, top + 13), fill=PENDING, width=3)
        draw.line((left - 1, top + 13, left + 12, top - 1), fill=PENDING, width=3)


def _pieces(image: Image.Image, state: State) -> None:
    stacks: dict[str, dict[str, dict[str, int]]] = {}
    for piece in state.pieces:
        if piece.kind != "castle":
            kind = WOUNDED if piece.kind == "dragon" and piece.hit else piece.kind
            kinds = stacks.setdefault(piece.space, {}).setdefault(piece.realm, {})
            kinds[kind] = kinds.get(kind, 0) + 1
    codes = CODES | {WOUNDED: "Dr*"}
    order = list(codes)
    for space, realms in stacks.items():
        x, y = CONTENT.spaces[space].centre
        y += TOP + (27 if CONTENT.spaces[space].kind == "dungeon" else 0)  # below the Guardians' lines
        line = 0
        for realm in REALM_ORDER:
            if realm not in realms:
                continue
            parts = [f"{n}{codes[k]}" for k, n in sorted(realms[realm].items(), key=lambda kv: order.index(kv[0]))]
            for row in range(0, len(parts), 3):  # three stacks a line keep inside the hex
                sprite = _badge(f"{initial(realm)}: " + " ".join(parts[row : row + 3]), realm)
                image.paste(sprite, (int(x - sprite.width / 2), int(y + line * 13 - sprite.height / 2)), sprite)
                line += 1


def _dungeons(image: Image.Image, state: State) -> None:
    for space, dungeon in state.dungeons.items():
        x, y = CONTENT.spaces[space].centre
        y += TOP
        hidden = sum(1 for up in dungeon.face_up if not up)
        title = _wrap(CONTENT.spaces[space].name, 14)  # a long name on two lines, in the Guardians' colour
        lines = list(title)
        if hidden:
            lines.append(f"{hidden} hidden")
        lines += _guardian_lines(state, space)
        if not dungeon.guardians:
            lines.append("empty")
        if len(lines) > 4 and len(title) == 2:  # no room for every line: the name's first word(s) only
            lines, title = lines[:1] + lines[2:], title[:1]
        for i, text in enumerate(lines[:4]):
            colour = HIGHLIGHT if i < len(title) else (240, 230, 200)
            _put(image, (x, y - 14 + i * 9), text, 9 if i < len(title) else 8, colour, centred=True)


def _guardian_lines(state: State, space: str) -> list[str]:
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


def _short(name: str, width: int = 12) -> str:
    """The last words of a name that fit ("Young Black Dragon" -> "Black Dragon", "Skeleton Horde" -> "Horde")."""
    words = name.split()
    while len(" ".join(words)) > width and len(words) > 1:
        words = words[1:]
    return " ".join(words)[:width]


def _panel(image: Image.Image, draw: ImageDraw.ImageDraw, state: State, names: Sequence[str]) -> None:
    left = CONTENT.size[0] + 12
    y = TOP + 40
    for side in board.teams(state):
        target = _target(state, side)
        for realm in side:
            mine = state.realms[realm]
            seat = state.seat_of[realm]
            who = names[seat] if seat < len(names) else f"seat {seat}"
            active = not state.finished and board.active(state) == realm
            draw.rectangle((left, y, left + 14, y + 14), fill=_colour(realm), outline=INK)
            centred_text(draw, (left + 7.5, y + 7.5), initial(realm), 10, fill=contrast(_colour(realm)))
            _put(image, (left + 20, y - 1), f"{board.name(realm)} - {who}" + ("  <" if active else ""), 14, INK)
            y += 18
            held = sum(1 for owner in state.control.values() if owner == realm)
            facts = (
                f"{mine.vp} VP  {mine.gold} gold  {held} lands  events {len(mine.hand)}  "
                f"treasures {len(mine.treasures)}+{len(mine.played)}"
            )
            _put(image, (left + 20, y), facts, 11, INK)
            y += 16
        shared = turns.side_vp(state, side)
        share = min(1.0, shared / target) if target else 0.0
        draw.rectangle((left, y, left + PANEL - 30, y + 10), outline=INK)
        draw.rectangle((left, y, left + int((PANEL - 30) * share), y + 10), fill=_colour(side[0]))
        unit = "treasures" if state.length == "long" else "VP"
        score = sum(state.realms[r].collected for r in side) if state.length == "long" else shared
        _put(image, (left, y + 12), f"{'shared ' if len(side) > 1 else ''}{unit} {score} / {target}", 11, INK)
        y += 34
    goal = {"short": "short", "medium": "medium", "long": "long (Capitals or treasures)"}[state.length]
    _put(image, (left, y + 6), f"Game: {state.mode}, {goal}", 11, INK)
    _put(image, (left, y + 20), f"Round limit (our rule): {state.round_limit}", 11, INK)


def _legend(draw: ImageDraw.ImageDraw) -> None:
    """The parts of the panel that never change (in the static layer)."""
    left = CONTENT.size[0] + 12
    draw.text((left, TOP + 12), "Realms", font=font(18), fill=INK)
    y = CONTENT.size[1] + TOP - 186
    draw.text((left, y), "Pieces", font=font(14), fill=INK)
    y += 18
    for kind, code in CODES.items():
        draw.text((left, y), f"{code} {CONTENT.pieces[kind].name}", font=font(11), fill=INK)
        y += 13
    wounded, castle = LEGEND_NOTES
    draw.text((left, y), wounded, font=font(11), fill=INK)
    _keep(draw, left + 142, y + 1, INK, knocked_out=True)
    draw.text((left + 160, y), castle, font=font(11), fill=INK)
    y += 13
    draw.rectangle((left, y + 6, left + 18, y + 16), outline=HIGHLIGHT, width=3)
    draw.text((left + 24, y + 4), "battle this or last turn", font=font(11), fill=INK)
    draw.rectangle((left + 160, y + 6, left + 178, y + 16), outline=PENDING, width=3)
    draw.text((left + 184, y + 4), "battle to fight", font=font(11), fill=INK)


@cache
def _sprite(text: str, size: int, fill: tuple[int, int, int]) -> Image.Image:
    """Text drawn once onto a transparent sprite: most labels repeat from one board to the next."""
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), text, font=font(size))
    sprite = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).text((-left, -top), text, font=font(size), fill=fill)
    return sprite


def _put(
    image: Image.Image, at: tuple[float, float], text: str, size: int, fill: tuple[int, int, int], centred: bool = False
) -> None:
    sprite = _sprite(text, size, fill)
    x, y = at
    if centred:
        x, y = x - sprite.width / 2, y - sprite.height / 2
    image.paste(sprite, (int(x), int(y)), sprite)


def _target(state: State, side: tuple[str, ...]) -> int:
    if state.length == "long":
        return turns.ALLIED_TREASURE_TARGET if len(side) > 1 else turns.TREASURE_TARGET
    table = turns.ALLIED_VP_TARGET if len(side) > 1 else turns.VP_TARGET
    return table[state.length]
