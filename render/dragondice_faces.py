"""Dragon Dice dice as pictures: the magic colours, the face icons, each species' mark, and /info's picture of a
die's faces (a unit die's six or ten, a Dragonkin's, the dragon's twelve), each face drawn as on the die.

The board (render/dragondice.py) draws its terrain icons and unit chips with the same colours, icons and marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from render.draw import INK, MUTED, PAPER, Colour, centred_text, fit, header, wrap
from rules.base import Lookup
from rules.dragondice.content import DRAGON, DRAGONKIN, SAIS, SPECIES, UNIT_DICE, DragonFace, DragonKind, UnitDie

# The magic colours keep the dice's hues, set apart in lightness so that every pair a terrain die or a unit's
# stripes show side by side stays >= 20 CIEDE2000 apart under protanopia, deuteranopia and tritanopia
# (tests/render/test_colour_vision.py): fire a deep red, earth a light gold, water a pale sea green. Ivory (no
# colour: the Amazons, ivory dragons) is a cream dark enough to show on the chips' light band; white (the white
# dragon) is drawn white with its outline.
ELEMENT_COLOURS: dict[str, Colour] = {
    "air": (80, 130, 193),
    "earth": (237, 197, 80),
    "fire": (215, 48, 16),
    "water": (80, 235, 207),
    "death": (45, 40, 50),
    "ivory": (196, 180, 140),
    "white": (255, 255, 255),
}
LIGHT: Colour = (250, 248, 240)  # the light ground icons, numbers and marks are drawn on
NO_COLOUR: Colour = (150, 145, 135)  # a die of no one colour (the dragon as a whole)
GOLD: Colour = (200, 150, 30)  # a champion's inner line on the board, the terrain of the action's ring
FACE = 80  # a face's side in /info's picture: six in a row fit in Discord's 550 px
GAP = 6
MARGIN = 16
HEAD = 56
PICTURE_MIN = 440  # wide enough for the header's line of facts
CAPTION = 12  # the smallest words of the picture: still 11 px when Discord shows it 550 px wide


def icon(draw: ImageDraw.ImageDraw, kind: str, centre: tuple[float, float], scale: float = 1.0) -> None:
    """A face's icon in ink, about 20 px across at scale 1: sword melee, arrow missile, star magic, boots
    manoeuvre, shield save."""
    x, y = centre

    def at(dx: float, dy: float) -> tuple[float, float]:
        return x + dx * scale, y + dy * scale

    width = max(2, round(3 * scale))
    if kind == "melee":  # a sword
        draw.line((*at(-9, 9), *at(9, -9)), fill=INK, width=width)
        draw.line((*at(-9, 1), *at(-1, 9)), fill=INK, width=width)
    elif kind == "missile":  # an arrow
        draw.line((*at(-10, 8), *at(9, -9)), fill=INK, width=max(2, width - 1))
        draw.polygon([at(11, -11), at(2, -8), at(8, -2)], fill=INK)
    elif kind == "magic":  # a starburst
        for dx, dy in ((10, 0), (0, 10), (7, 7), (7, -7)):
            draw.line((*at(-dx, -dy), *at(dx, dy)), fill=INK, width=max(2, width - 1))
    elif kind == "manoeuvre":  # two chevrons: on the move
        for dx in (-6, 4):
            draw.line((*at(dx - 5, -9), *at(dx + 4, 0), *at(dx - 5, 9)), fill=INK, width=width, joint="curve")
    elif kind == "save":  # a shield
        draw.polygon([at(-9, -10), at(9, -10), at(9, 1), at(0, 11), at(-9, 1)], outline=INK, width=width)


def _initials(name: str) -> list[str]:
    """A name's two-letter marks, the likeliest first: 'Coral Elves' CE, 'Dwarves' Dw, then Da, Dr... ."""
    words = name.split()
    first = words[0][0].upper()
    if len(words) > 1:
        return [first + words[1][0].upper(), *(first + c.lower() for c in "".join(words)[1:] if c.isalpha())]
    return [first + c.lower() for c in name[1:] if c.isalpha()]


def _species_name(species: str) -> str:
    if species == DRAGONKIN:
        return "Dragonkin"
    return SPECIES[species].name if species in SPECIES else species.replace("_", " ").title()


@cache
def species_marks() -> dict[str, str]:
    """Each species' two-letter mark on the board's unit chips, one of its own: the species in their data's order
    take their likeliest initials first ('Lava Elves' LE, 'Firewalkers' Fi, 'Frostwings' Fr), Dragonkin last."""
    marks: dict[str, str] = {}
    kinds = [*SPECIES, *sorted({die.species for die in UNIT_DICE.values()} - set(SPECIES))]
    for species in kinds:
        taken = set(marks.values())
        name = _species_name(species)
        marks[species] = next((mark for mark in _initials(name) if mark not in taken), name[:2])
    return marks


@dataclass(frozen=True)
class Cell:
    """One face as /info draws it: its icon ("id", a kind `icon` draws, or "words": its name written instead),
    its number, and a caption under it."""

    kind: str
    number: str
    caption: str
    words: str = ""


def _unit_cells(die: UnitDie) -> list[Cell]:
    cells = []
    for face in die.faces:
        if face.kind == "id":
            cells.append(Cell("id", str(die.health), "ID"))
        elif face.kind == "sai":
            cells.append(Cell("words", str(face.amount), "SAI", SAIS[face.sai].name))
        else:
            cells.append(Cell(face.kind, str(face.amount), face.kind))
    return cells


def _dragon_cells(faces: Sequence[DragonFace] = DRAGON.faces, times: int = 1) -> list[Cell]:
    """A dragon's faces with their damage (`times` it for the white dragon's doubled damage)."""
    return [
        Cell("words", str(face.damage * times) if face.damage else "", "" if face.saveable else "no save", face.name)
        for face in faces
    ]


def _words(text: str, room: float) -> tuple[list[str], int]:
    """A face's name in up to two lines and the size they are written in: 13 px, or 12 where a word needs it."""
    for size in (13, CAPTION):
        lines = wrap(text, size, room)
        if len(lines) <= 2 and not any(line.endswith("…") for line in lines):
            return lines, size
    lines = wrap(text, CAPTION, room)
    return (lines if len(lines) <= 2 else [lines[0], fit(" ".join(lines[1:]), CAPTION, room)]), CAPTION


def _face(cell: Cell, colours: Sequence[Colour]) -> Image.Image:
    """One face: the die's colours round a light panel with the icon (or the SAI's name), the number and a
    caption."""
    image = Image.new("RGB", (FACE, FACE), PAPER)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, FACE - 1, FACE - 1), 12, fill=colours[0], outline=INK, width=3)
    if len(colours) > 1:  # a second colour fills the lower right half, as on a terrain die
        draw.polygon([(FACE - 4, 4), (FACE - 4, FACE - 4), (4, FACE - 4)], fill=colours[1])
    draw.rounded_rectangle((6, 6, FACE - 7, FACE - 7), 8, fill=LIGHT, outline=INK, width=1)
    middle = FACE / 2
    if cell.kind == "words":  # an SAI or a dragon's face: its name in up to two lines
        lines, size = _words(cell.words, FACE - 14)
        for index, line in enumerate(lines):
            centred_text(draw, (middle, 22 - 7 * (len(lines) - 1) + 14 * index), line, size)
    elif cell.kind == "id":
        centred_text(draw, (middle, 22), "ID", 18)
    else:
        icon(draw, cell.kind, (middle, 22), 1.1)
    if cell.number:
        centred_text(draw, (middle, 46), cell.number, 22)
    if cell.caption:
        centred_text(draw, (middle, 65), cell.caption, CAPTION, fill=MUTED)
    return image


def faces_picture(title: str, line: str, cells: Sequence[Cell], colours: Sequence[Colour]) -> Image.Image:
    """A die's faces in rows under a header naming the die: six in one row; ten, twelve in two; more (a dragon's
    two forms) six to a row."""
    rows = 1 if len(cells) <= 6 else max(2, -(-len(cells) // 6))
    columns = -(-len(cells) // rows)
    width = max(PICTURE_MIN, 2 * MARGIN + columns * FACE + (columns - 1) * GAP)
    height = HEAD + MARGIN + rows * FACE + (rows - 1) * GAP + MARGIN
    image = Image.new("RGB", (width, height), PAPER)
    header(image, fit(title, 22, width - 32), fit(line, 16, width - 32))
    left = (width - (columns * FACE + (columns - 1) * GAP)) // 2
    for index, cell in enumerate(cells):
        row, column = divmod(index, columns)
        image.paste(_face(cell, colours), (left + column * (FACE + GAP), HEAD + MARGIN + row * (FACE + GAP)))
    return image


def unit_picture(die: UnitDie) -> Image.Image:
    """A unit die's (or a Dragonkin's) faces in its colours, under its name, species, size and health."""
    facts = [_species_name(die.species), die.size, f"health {die.health}", "/".join(die.elements)]
    colours = [ELEMENT_COLOURS.get(element, NO_COLOUR) for element in die.elements[:2]]
    return faces_picture(die.name, " · ".join(facts), _unit_cells(die), colours)


def dragon_picture() -> Image.Image:
    """The dragon's twelve faces, each with its damage, in no one colour (a dragon takes its element's)."""
    line = f"dragon · health {DRAGON.health} · {len(DRAGON.faces)} faces"
    return faces_picture("Dragon", line, _dragon_cells(), [NO_COLOUR])


def kind_picture(kind: DragonKind) -> Image.Image:
    """A kind of dragon in its colours: the drake's twelve faces in the first two rows, the wyrm's in the next two."""
    forms = list(DRAGON.forms.values())
    times = 2 if kind.doubled else 1
    cells = [cell for form in forms for cell in _dragon_cells(form.faces, times)]
    colours = [ELEMENT_COLOURS.get(colour, NO_COLOUR) for colour in kind.elements[:2]]
    rows = " · ".join(f"{form.name.lower()} rows {2 * i + 1}-{2 * i + 2}" for i, form in enumerate(forms))
    return faces_picture(kind.name, f"health {kind.health} · {rows}", cells, colours)


DRAGON_KEY = "dragon/"  # /info's key for a kind of dragon: "dragon/<kind id>"


def info_picture(entry: Lookup) -> Image.Image | None:
    """/info's picture of a die: a unit's or a Dragonkin's faces, the dragon's, a kind of dragon's; None for what is
    not a die."""
    if entry.key in UNIT_DICE:
        return unit_picture(UNIT_DICE[entry.key])
    if entry.kind == "dragon" and entry.key == "dragon":
        return dragon_picture()
    kind = DRAGON.kinds.get(entry.key.removeprefix(DRAGON_KEY)) if entry.key.startswith(DRAGON_KEY) else None
    return kind_picture(kind) if kind else None
