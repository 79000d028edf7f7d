"""Dragon Dice board: terrain dice with their face and action, the armies on them, each player's reserves,
dead and buried units, captures, dragons, lasting spells, and whose decision it is."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render.dragondice_faces import ELEMENT_COLOURS, GOLD, LIGHT, icon, info_picture, species_marks
from render.draw import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    SEAT_COLOURS,
    Colour,
    centred_text,
    contrast,
    drawn_layer,
    fit,
    header,
    put_text,
    readable_on,
    seat_colour,
    seat_letter,
    text_width,
    wrap,
)
from render.record import Renderer, Spot, TableFacts
from rules.base import fill_seats
from rules.dragondice.content import SPECIES, SPELLS, TERRAINS, UNIT_DICE
from rules.dragondice.glossary import lookups
from rules.dragondice.model import BURIED, DEAD, RESERVE, SUMMONING, Dragon, Effect, State, Unit
from rules.dragondice.setup import army_points
from rules.dragondice.turn import living_health, terrain_health

# Sized for Discord's inline width (550 px): at most three terrain columns a row (four terrains are laid out two
# by two, five three and two) keep the board WIDTH px wide, shown at 77% inline, so its smallest text (11 px) still
# reads at 8.5 px there.
COLUMN = 230  # a terrain's column, with the gap to the next, when three share a row
COLUMNS = 3  # terrain columns a row at most
WIDTH = COLUMN * COLUMNS + 20
TERRAIN_TOP = 70
DIE = 84
CHIP = 30  # a unit die: its species' mark, the owner's letter and health, its colours
PLAYER_ROW = 88  # a player's line and two rows of chips
FOOTER = 77  # two lines of this turn's notes (or the result) and the legend's two
DEAD_X = WIDTH - 240  # where a player's dead and buried units start, right of the reserves
PANEL = (232, 226, 210)


def _who(name: str, rest: str, size: int, width: int) -> str:
    """A player's name followed by `rest`: the name is shortened first, so what follows it stays readable."""
    room = width - text_width(rest, size)
    return fit(name, size, max(room, 12)) + rest if room > 12 else fit(name + rest, size, width)


@cache
def _ink(seat: int) -> Colour:
    """A seat's colour for text on the light panels, darkened until it reads there (WCAG 4.5:1 on PANEL)."""
    return readable_on(seat_colour(seat), PANEL)


@cache
def _palette() -> Image.Image:
    """A fixed palette: our flat colours plus the in-between shades of text edges on each background.
    Mapping to it is ~10x faster than computing a palette per image, which keeps render + encode fast."""
    backgrounds = [PAPER, PANEL, INK, (250, 248, 240), (150, 145, 135), *SEAT_COLOURS[:4]]
    inks = [INK, MUTED, (255, 255, 255), HIGHLIGHT, *SEAT_COLOURS[:4], *(_ink(seat) for seat in range(4))]
    colours: list[Colour] = [*backgrounds, *inks, *ELEMENT_COLOURS.values(), GOLD]
    for back in backgrounds:
        for ink in inks:
            for step in (1, 2):
                r, g, b = (round(c + (i - c) * step / 3) for c, i in zip(back, ink, strict=True))
                colours.append((r, g, b))
    unique = list(dict.fromkeys(colours))[:256]
    flat = [value for colour in unique for value in colour]
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + flat[:3] * (256 - len(unique)))
    return palette


@drawn_layer
def _unit_chip(seat: int, kind: str, dead: bool) -> Image.Image:
    """A unit die: its shape and edge by size, its species' mark on a light tag, the owner's colour and letter
    with its health, a stripe per colour of magic; greyed when dead."""
    die = UNIT_DICE[kind]
    fill = (150, 145, 135) if dead else seat_colour(seat)
    body = Image.new("RGB", (CHIP, CHIP), fill)
    draw = ImageDraw.Draw(body)
    # a light tag for the species' mark, and a light band behind the colour stripes (seen on a chip of their colour)
    draw.rectangle((3, 2, CHIP - 4, 12), fill=LIGHT)
    centred_text(draw, (CHIP / 2, 7), species_marks()[die.species], 11)
    draw.rectangle((3, CHIP - 7, CHIP - 4, CHIP - 3), fill=LIGHT)
    for index, element in enumerate(die.elements):
        width = (CHIP - 8) // len(die.elements)
        x0 = 4 + index * width
        draw.rectangle((x0, CHIP - 6, x0 + width - 1, CHIP - 4), fill=ELEMENT_COLOURS[element])
    # the owner's letter beside the health ("A3"): seats differ by more than colour
    centred_text(draw, (CHIP / 2, 17.5), f"{seat_letter(seat)}{die.health}", 11, fill=contrast(fill))
    shape, edge = _chip_shape(die.size)
    mask = Image.new("L", (CHIP, CHIP), 0)
    shape(ImageDraw.Draw(mask), 255, None, 0)
    chip = Image.new("RGB", (CHIP, CHIP), PAPER)
    chip.paste(body, (0, 0), mask)
    shape(ImageDraw.Draw(chip), None, INK, edge)
    if die.size == "champion":  # a gold line inside the edge
        ImageDraw.Draw(chip).rounded_rectangle((3, 3, CHIP - 4, CHIP - 4), 2, outline=GOLD, width=1)
    return chip


Shape = Callable[[ImageDraw.ImageDraw, "int | None", "Colour | None", int], None]
_DECAGON = [
    (
        CHIP / 2 - 0.5 + (CHIP / 2 - 0.5) * math.cos(math.radians(18 + 36 * k)),
        CHIP / 2 - 0.5 + (CHIP / 2 - 0.5) * math.sin(math.radians(18 + 36 * k)),
    )
    for k in range(10)
]


def _chip_shape(size: str) -> tuple[Shape, int]:
    """How a unit die's chip is outlined, and the edge's width: square, its edge heavier the larger the unit
    (small 1, medium 2, large and champion 3); a monster ten-sided (a round chip would not tell from it at 550
    px, so Dragonkin are told by their mark)."""
    box = (0, 0, CHIP - 1, CHIP - 1)

    def square(draw: ImageDraw.ImageDraw, fill: int | None, outline: Colour | None, width: int) -> None:
        draw.rounded_rectangle(box, 4, fill=fill, outline=outline, width=width)

    def ten_sided(draw: ImageDraw.ImageDraw, fill: int | None, outline: Colour | None, width: int) -> None:
        draw.polygon(_DECAGON, fill=fill, outline=outline, width=width)

    if size == "monster":
        return ten_sided, 3
    return square, {"small": 1, "medium": 2}.get(size, 3)


@drawn_layer
def _terrain_die(kind: str, face: int, captured_by: int | None) -> Image.Image:
    """The terrain die: its two colours, the face number and the action icon (or the eighth face's name)."""
    terrain = TERRAINS[kind]
    image = Image.new("RGB", (DIE, DIE), PANEL)
    draw = ImageDraw.Draw(image)
    first, second = (ELEMENT_COLOURS[e] for e in terrain.elements)
    draw.rounded_rectangle((0, 0, DIE - 1, DIE - 1), 12, fill=first, outline=INK, width=3)
    draw.polygon([(DIE - 4, 4), (DIE - 4, DIE - 4), (4, DIE - 4)], fill=second)
    ring = seat_colour(captured_by) if captured_by is not None else (250, 248, 240)
    draw.ellipse(
        (14, 10, DIE - 14, DIE - 18), fill=(250, 248, 240), outline=ring, width=5 if captured_by is not None else 1
    )
    centred_text(draw, (DIE / 2, 28), str(face), 26)
    if captured_by is not None:  # the holder's letter on a tag at the top left
        colour = seat_colour(captured_by)
        draw.ellipse((2, 2, 22, 22), fill=colour, outline=INK, width=2)
        centred_text(draw, (12, 12), seat_letter(captured_by), 13, fill=contrast(colour))
    action = "eighth" if face == 8 else terrain.bands[face - 1]
    if action == "eighth":
        centred_text(
            draw,
            (DIE / 2, DIE - 10),
            terrain.eighth.replace("_", " ").title()[:10],
            11,
            fill=(255, 255, 255),
            outline=INK,
        )
    else:
        icon(draw, action, (DIE / 2, 50))
    return image


@lru_cache(maxsize=64)
def _base(height: int) -> Image.Image:
    return Image.new("RGB", (WIDTH, height), PAPER)


def terrain_rows(terrains: int) -> list[range]:
    """The terrains' indexes row by row: as few rows as COLUMNS allows, the first rows the fuller."""
    count = max(1, -(-terrains // COLUMNS))
    rows, start = [], 0
    for row in range(count):
        size = -(-(terrains - start) // (count - row))
        rows.append(range(start, start + size))
        start += size
    return rows


def render(state: State, facts: TableFacts) -> Image.Image:
    names = facts.names
    if state.phase in ("draft", "ready"):
        lines = [wrap(line, 15, WIDTH - 40) for line in setup_lines(state, names)]
        image = _base(TERRAIN_TOP + 10 + sum(len(wrapped) for wrapped in lines) * 20 + 8 * len(lines) + 10).copy()
        header(image, "Dragon Dice", fit(_whose_step(state, facts), 16, WIDTH - 32))
        _setup_panel(image, lines)
        return image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    columns, terrains_end = _columns(state)
    image = _base(terrains_end + PLAYER_ROW * state.players + FOOTER).copy()
    draw = ImageDraw.Draw(image)
    header(image, "Dragon Dice", fit(_whose_step(state, facts), 16, WIDTH - 32))
    for index, box in columns:
        _terrain_column(image, draw, state, names, index, box)
    for seat in range(state.players):
        _player_row(image, draw, state, names, seat, terrains_end + seat * PLAYER_ROW)
    _footer(image, state, names, terrains_end + state.players * PLAYER_ROW + 6)
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


def _columns(state: State) -> tuple[list[tuple[int, tuple[int, int, int, int]]], int]:
    """Each terrain's column (its index, and left, top, width with the gap, height), and the y below them all."""
    found: list[tuple[int, tuple[int, int, int, int]]] = []
    y = TERRAIN_TOP
    for row in terrain_rows(len(state.terrains)):
        column = (WIDTH - 20) // len(row)
        height = _column_height(state, row, column)
        found += [(index, (10 + place * column, y, column, height)) for place, index in enumerate(row)]
        y += height + 10
    return found, y


def spots(state: State, facts: TableFacts) -> list[Spot]:
    """Where the board shows each terrain (its die and name, by the terrain's kind), each dragon and each unit on
    a terrain (by its die's name): what /info explains of them. None while the players set up."""
    if state.phase in ("draft", "ready"):
        return []
    found: list[Spot] = []
    for index, (x0, y0, column, _) in _columns(state)[0]:
        terrain = state.terrains[index]
        found.append(Spot(_entry(TERRAINS[terrain.kind].name, "terrain"), (x0, y0, x0 + column - 10, y0 + DIE + 16)))
        dragons, armies, _ = _column_rows(state, index, x0, y0, column)
        found += [Spot(_entry("Dragon", "dragon"), (x0 + 4, y - 2, x0 + column - 14, y + 20)) for _, y in dragons]
        for _, army, y in armies:
            for unit, (x, top) in _chip_places(army, x0 + 8, y + 17, column - 26)[0]:
                found.append(Spot(_entry(UNIT_DICE[unit.kind].name, "unit"), (x, top, x + CHIP, top + CHIP)))
    return found


@cache
def _entry(name: str, kind: str) -> str:
    """The name /info knows a thing by: its own, or qualified by its kind where another thing shares it."""
    return next(e.name for e in lookups() if e.kind == kind and e.name in (name, f"{name} ({kind})"))


def _whose_step(state: State, facts: TableFacts) -> str:
    names = facts.names
    if state.phase == "over" and state.end_reason:  # the finale: who won and what decided it
        winners = " and ".join(names[seat] for seat in state.winners)
        return _named(f"{winners} wins: {state.tiebreak or state.end_reason}", names)
    if state.phase == "over":
        return _named(state.result, names)
    who = " and ".join(names[s] for s in sorted(facts.awaiting))
    if state.phase == "draft":
        return f"Draft: {who} chooses species, terrains and army split"
    if state.phase == "ready":
        return f"Set-up: {who} starts the game (begin)"
    if state.decision is not None:
        return _decision_step(state, who)
    if state.damage:
        hit = state.damage[0]
        place = "the reserves" if hit.where == RESERVE else state.terrain(hit.where).name
        return f"{who} chooses casualties for {hit.amount} damage ({hit.reason}) at {place}"
    if state.manoeuvre is not None:
        place = state.terrain(state.manoeuvre.terrain).name
        return f"{who}: counter-manoeuvre at {place}? (direction secret)"
    steps = {"march": f"march {state.march}", "action": f"action of march {state.march}", "magic": "casting spells"}
    step = steps.get(state.step, f"reserves: {state.step}")
    return f"Round {state.round}/{state.rounds} · {who} · {step}"


def _decision_step(state: State, who: str) -> str:
    decision = state.decision
    assert decision is not None
    if decision.kind == "order":
        return f"{who} chooses which dragon attacks next"
    place = state.terrain(decision.where).name
    if decision.kind == "counter_attack":
        return f"{who}: counter-attack at {place}?"
    if decision.kind == "city":
        return f"{who} chooses the unit the City at {place} brings back"
    if decision.kind == "vanish":
        return f"{who}: where do the units that rolled Vanish at {place} go?"
    return f"{who} chooses the unit Treasure promotes at {place}"


def _named(text: str, names: Sequence[str]) -> str:
    return fill_seats(text, lambda seat: names[seat] if seat < len(names) else f"seat {seat}")


def _column_height(state: State, row: range, column: int) -> int:
    """Tall enough for the most crowded terrain of a row, in steps of 40 px so few base images are cached."""
    per_row = (column - 26) // (CHIP + 3)
    tallest = 0
    for terrain in (state.terrains[index] for index in row):
        rows = sum(
            17 + 6 + -(-len(state.army(s, terrain.id)) // per_row) * (CHIP + 3) for s in state.seats_at(terrain.id)
        )
        rows += 22 * sum(1 for d in state.dragons if d.where == terrain.id)
        effects = sum(1 for e in state.effects if e.target == terrain.id or e.target.startswith(f"{terrain.id}:"))
        tallest = max(tallest, DIE + 26 + rows + 15 * effects)
    return max(240, -(-tallest // 40) * 40)


def focus(state: State) -> str:
    """The terrain ringed on the board: where the awaited decision is (casualties, a counter, the marching army)."""
    if state.decision is not None and state.decision.where:
        return state.decision.where
    if state.damage:
        return state.damage[0].where
    if state.manoeuvre is not None:
        return state.manoeuvre.terrain
    return state.marching


def _terrain_column(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: State,
    names: Sequence[str],
    index: int,
    box: tuple[int, int, int, int],
) -> None:
    """One terrain's column at `box` (left, top, width with the gap, height): its die, dragons, armies, spells."""
    terrain = state.terrains[index]
    x0, y0, column, height = box
    # at the game's end the winners' captured terrains are lit: what decided the game
    marching = terrain.id == focus(state) or (state.phase == "over" and terrain.captured_by in state.winners)
    draw.rounded_rectangle(
        (x0, y0, x0 + column - 10, y0 + height),
        10,
        fill=PANEL,
        outline=GOLD if marching else MUTED,
        width=3 if marching else 1,
    )
    image.paste(_terrain_die(terrain.kind, terrain.face, terrain.captured_by), (x0 + 8, y0 + 8))
    side = column - DIE - 34  # the room right of the terrain die
    owner = _who(names[terrain.home_of], "'s home", 13, side) if terrain.home_of is not None else "Frontier"
    put_text(image, (x0 + DIE + 16, y0 + 10), fit(f"{terrain.name} ({terrain.id})", 15, side), 15, INK)
    put_text(image, (x0 + DIE + 16, y0 + 30), owner, 13, MUTED)
    if terrain.captured_by is not None:
        held = "captured by " + names[terrain.captured_by]
        put_text(image, (x0 + DIE + 16, y0 + 48), fit(held, 13, side), 13, _ink(terrain.captured_by))
    dragons, armies, y = _column_rows(state, index, x0, y0, column)
    for dragon, top in dragons:  # who owns it, and its breath's element
        _dragon(draw, (x0 + 18, top + 8), dragon.element, dragon.owner)
        label = _who(names[dragon.owner], f"'s {dragon.element} dragon", 13, column - 52)
        put_text(image, (x0 + 34, top), label, 13, _ink(dragon.owner))
    for seat, army, top in armies:
        health = sum(u.health for u in army)
        put_text(
            image,
            (x0 + 8, top),
            _who(f"{seat_letter(seat)} · {names[seat]}", f": {health} health", 13, column - 26),
            13,
            _ink(seat),
        )
        _chips(image, army, x0 + 8, top + 17, column - 26, dead=False)
    effects = [e for e in state.effects if e.target == terrain.id or e.target.startswith(f"{terrain.id}:")]
    for effect in effects:
        put_text(image, (x0 + 8, y), fit(effect_label(effect, names), 12, column - 26), 12, INK)
        y += 15


def _column_rows(
    state: State, index: int, x0: int, y0: int, column: int
) -> tuple[list[tuple[Dragon, int]], list[tuple[int, list[Unit], int]], int]:
    """Under a terrain's die: each dragon there and its row's top, each army (seat, units, its line's top; the
    chips under that line), and the y below them (the lasting spells' first line)."""
    terrain = state.terrains[index]
    y = y0 + DIE + 18
    dragons: list[tuple[Dragon, int]] = []
    for dragon in [d for d in state.dragons if d.where == terrain.id]:
        dragons.append((dragon, y))
        y += 22
    armies: list[tuple[int, list[Unit], int]] = []
    for seat in state.seats_at(terrain.id):
        army = state.army(seat, terrain.id)
        armies.append((seat, army, y))
        y = _chip_places(army, x0 + 8, y + 17, column - 26)[1] + 6
    return dragons, armies, y


def effect_label(effect: Effect, names: Sequence[str]) -> str:
    """A lasting effect with whose it is: it ends at the start of that player's next turn."""
    label = SPELLS[effect.source].name if effect.source in SPELLS else effect.source.replace("_", " ").title()
    on = "" if ":" not in effect.target else f" on {names[int(effect.target.split(':')[1])]}"
    return f"* {label}{on} ({names[effect.caster]}'s)"


def _dragon(draw: ImageDraw.ImageDraw, centre: tuple[float, float], element: str, owner: int) -> None:
    x, y = centre
    draw.polygon(
        [(x, y - 12), (x + 11, y), (x, y + 12), (x - 11, y)],
        fill=ELEMENT_COLOURS[element],
        outline=seat_colour(owner),
        width=3,
    )
    centred_text(draw, (x, y), "D", 12, fill=(255, 255, 255))


def _chips(image: Image.Image, units: list[Unit], x0: int, y0: int, width: int, dead: bool) -> int:
    """Lay unit dice in rows; returns the y below the last row."""
    places, below = _chip_places(units, x0, y0, width)
    for unit, at in places:
        image.paste(_unit_chip(unit.owner, unit.kind, dead), at)
    return below


def _chip_places(units: list[Unit], x0: int, y0: int, width: int) -> tuple[list[tuple[Unit, tuple[int, int]]], int]:
    """Where unit dice go in rows `width` wide from (x0, y0), the healthiest first (each chip's top-left), and the
    y below the last row."""
    per_row = max(1, width // (CHIP + 3))
    ordered = sorted(units, key=lambda u: (-u.health, int(u.id[1:])))
    places = [
        (unit, (x0 + (i % per_row) * (CHIP + 3), y0 + (i // per_row) * (CHIP + 3))) for i, unit in enumerate(ordered)
    ]
    rows = (len(units) + per_row - 1) // per_row
    return places, y0 + rows * (CHIP + 3)


def _player_row(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: State, names: Sequence[str], seat: int, y: int
) -> None:
    colour = seat_colour(seat)
    draw.rectangle((10, y + 18, 16, y + PLAYER_ROW - 8), fill=colour)
    draw.rectangle((6, y - 1, 20, y + 15), fill=colour, outline=INK)  # the seat's letter tops its colour bar
    centred_text(draw, (13, y + 7), seat_letter(seat), 12, fill=contrast(colour))
    captured = sum(1 for t in state.terrains if t.captured_by == seat)
    pool = sum(1 for d in state.dragons if d.owner == seat and d.where == "pool")
    kin = len(state.army(seat, SUMMONING))
    species = SPECIES[state.species[seat]].name
    rest = f" · {species} · captured {captured}/2 · dragons in pool {pool} · Dragonkin to summon {kin}"
    if state.phase == "over":  # the final standing: what the round limit compares, the winner named
        won = " · WINNER" if seat in state.winners else ""
        health = f"{terrain_health(state, seat)} health on terrains · {living_health(state, seat)} living"
        rest = f"{won} · {species} · captured {captured} · {health}"
    put_text(image, (24, y), _who(names[seat], rest, 14, WIDTH - 40), 14, INK)
    # reserves on the left in two rows (a whole army may retreat there); the dead unit area above the buried area
    # on the right (buried units never return)
    step = CHIP + 3
    sections = (
        (RESERVE, "Reserves", False, 24, 20, 86, (DEAD_X - 120) // step, 2),
        (DEAD, "Dead", True, DEAD_X, 20, 64, (WIDTH - DEAD_X - 74) // step, 1),
        (BURIED, "Buried", True, DEAD_X, 20 + step, 64, (WIDTH - DEAD_X - 74) // step, 1),
    )
    for where, label, dead, x, dy, indent, per_row, rows in sections:
        units = [u for u in state.units if u.owner == seat and u.where == where]
        put_text(image, (x, y + dy + 5), f"{label} ({sum(u.health for u in units)})", 12, MUTED)
        room = per_row * rows
        shown = units if len(units) <= room else sorted(units, key=lambda u: (-u.health, int(u.id[1:])))[: room - 1]
        _chips(image, shown, x + indent, y + dy, per_row * step, dead)
        if len(units) > room:  # the last place says how many more there are
            col, row = (room - 1) % per_row, (room - 1) // per_row
            more = f"+{len(units) - room + 1}"
            put_text(image, (x + indent + col * step + 2, y + dy + row * step + 5), more, 12, MUTED)


def _footer(image: Image.Image, state: State, names: Sequence[str], y: int) -> None:
    notes = "; ".join(state.notes[-5:]) or "nothing yet"
    if state.last_notes:
        notes += " · last turn: " + "; ".join(state.last_notes[-5:])
    if state.step == "magic" and state.pool:
        pool = ", ".join(f"{n} {key}" for key, n in sorted(state.pool.items()))
        spells = ", ".join(SPELLS[c.spell].name for c in state.announced) or "none yet"
        notes = f"magic results {pool}; announced: {spells}"
    ended = state.end_reason or state.result
    text = f"The game ended: {ended}. Final turn: {notes}" if state.phase == "over" else f"This turn: {notes}"
    lines = wrap(_named(text, names), 13, WIDTH - 28)
    if len(lines) > 2:  # two lines at most: the second says there is more
        lines = [lines[0], fit(" ".join(lines[1:]), 13, WIDTH - 28)]
    for index, line in enumerate(lines):
        put_text(image, (14, y + index * 17), line, 13, INK)
    legend = (
        "Terrain: face and action (sword melee, arrow missile, star magic).",
        "Units: species (Dr Dragonkin), seat and health; edge heavier by size, gold: champion, ten-sided: monster; "
        "stripes: colours.",
    )
    for index, line in enumerate(legend):
        put_text(image, (14, y + 17 * len(lines) + 3 + 15 * index), fit(line, 12, WIDTH - 28), 12, MUTED)


def setup_lines(state: State, names: Sequence[str]) -> list[str]:
    """Each seat's choices; during the draft, seats that have not drafted yet show nothing chosen."""
    lines = []
    for seat in range(state.players):
        if state.phase == "draft" and seat >= state.drafted:
            lines.append(f"{names[seat]}: " + ("drafts now" if seat == state.drafted else "still to draft"))
            continue
        species = SPECIES[state.species[seat]].name
        home, frontier = TERRAINS[state.home[seat]].name, TERRAINS[state.frontier[seat]].name
        points = "/".join(str(p) for p in army_points(state.force, state.split[seat]))
        lines.append(
            f"{names[seat]}: {species}, home {home}, proposes {frontier}, armies {points} (home/horde/campaign), "
            f"horde at {names[state.horde[seat]]}'s home"
        )
    return lines


def _setup_panel(image: Image.Image, lines: Sequence[Sequence[str]]) -> None:
    """Each seat's choices, wrapped, in its colour."""
    y = TERRAIN_TOP + 10
    for seat, wrapped in enumerate(lines):
        for line in wrapped:
            put_text(image, (20, y), line, 15, _ink(seat))
            y += 20
        y += 8


RENDERER = Renderer(board=render, spots=spots, info_picture=info_picture)
