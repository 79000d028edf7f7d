"""Conquest of Nerath piece glyphs, the Castle keep and the key that names them: shapes rather than letter codes,
so a big stack reads as a few counts ("32" and a shield) at any size."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, Colour, stamp
from rules.nerath.content import CONTENT

PENDING: Colour = (230, 70, 40)
# Piece kinds in the order a stack lists them (Castles are drawn as keeps, not in stacks).
KINDS = ("footsoldier", "siege_engine", "fighter", "wizard", "monster", "storm_elemental", "dragon", "warship")
WOUNDED = "dragon*"  # a Dragon that took its one hit in the battle under way (healed afterwards)
LEGEND_NOTES = ("wounded Dragon", "Castle out of battle")


# --- piece glyphs: shapes in a unit box (-1..1), drawn 4x and shrunk so they stay smooth when small ----------


def _shield(d: ImageDraw.ImageDraw, p: Callable[[float, float], tuple[float, float]], fill: Colour) -> None:
    d.polygon([p(-0.75, -0.9), p(0.75, -0.9), p(0.75, 0.15), p(0, 1), p(-0.75, 0.15)], fill=fill)


def _wheel(d: ImageDraw.ImageDraw, p: Callable[[float, float], tuple[float, float]], fill: Colour) -> None:
    (x0, y0), (x1, y1) = p(-0.9, -0.9), p(0.9, 0.9)
    d.ellipse((x0, y0, x1, y1), outline=fill, width=max(2, round((x1 - x0) * 0.2)))
    d.line([p(-0.8, 0), p(0.8, 0)], fill=fill, width=max(2, round((x1 - x0) * 0.12)))
    d.line([p(0, -0.8), p(0, 0.8)], fill=fill, width=max(2, round((x1 - x0) * 0.12)))


def _sword(d: ImageDraw.ImageDraw, p: Callable[[float, float], tuple[float, float]], fill: Colour) -> None:
    d.polygon([p(-0.2, 0.35), p(-0.2, -0.7), p(0, -1), p(0.2, -0.7), p(0.2, 0.35)], fill=fill)
    d.rectangle((*p(-0.65, 0.3), *p(0.65, 0.55)), fill=fill)
    d.rectangle((*p(-0.14, 0.55), *p(0.14, 1)), fill=fill)


def _hat(d: ImageDraw.ImageDraw, p: Callable[[float, float], tuple[float, float]], fill: Colour) -> None:
    d.polygon([p(0.15, -1), p(0.55, 0.6), p(-0.55, 0.6)], fill=fill)
    d.rectangle((*p(-0.95, 0.55), *p(0.95, 0.9)), fill=fill)


def _horns(d: ImageDraw.ImageDraw, p: Callable[[float, float], tuple[float, float]], fill: Colour) -> None:
    (x0, y0), (x1, y1) = p(-0.65, -0.35), p(0.65, 1)
    d.ellipse((x0, y0, x1, y1), fill=fill)
    d.polygon([p(-0.6, 0.0), p(-0.95, -1), p(-0.2, -0.3)], fill=fill)
    d.polygon([p(0.6, 0.0), p(0.95, -1), p(0.2, -0.3)], fill=fill)


def _bolt(d: ImageDraw.ImageDraw, p: Callable[[float, float], tuple[float, float]], fill: Colour) -> None:
    d.polygon([p(0.3, -1), p(-0.65, 0.15), p(-0.05, 0.15), p(-0.35, 1), p(0.7, -0.25), p(0.1, -0.25), p(0.5, -1)], fill)


def _wings(d: ImageDraw.ImageDraw, p: Callable[[float, float], tuple[float, float]], fill: Colour) -> None:
    outline = [(-1, -0.7), (-0.35, -0.2), (0, -0.7), (0.35, -0.2), (1, -0.7), (0.75, 0.45), (0.3, 0.2), (0, 1)]
    outline += [(-0.3, 0.2), (-0.75, 0.45)]
    d.polygon([p(x, y) for x, y in outline], fill=fill)


def _ship(d: ImageDraw.ImageDraw, p: Callable[[float, float], tuple[float, float]], fill: Colour) -> None:
    d.polygon([p(-1, 0.35), p(1, 0.35), p(0.6, 0.95), p(-0.6, 0.95)], fill=fill)
    d.polygon([p(-0.1, -1), p(-0.1, 0.2), p(-0.8, 0.2)], fill=fill)
    d.polygon([p(0.05, -0.8), p(0.7, 0.2), p(0.05, 0.2)], fill=fill)


SHAPES = {
    "footsoldier": _shield,
    "siege_engine": _wheel,
    "fighter": _sword,
    "wizard": _hat,
    "monster": _horns,
    "storm_elemental": _bolt,
    "dragon": _wings,
    "warship": _ship,
}


@cache
def glyph(kind: str, size: int, fill: Colour) -> Image.Image:
    """A piece type's shape, `size` pixels square (a wounded Dragon carries a red slash)."""
    big = size * 4
    sprite = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(sprite)
    half = big / 2

    def p(x: float, y: float) -> tuple[float, float]:
        return half + x * (half - 1), half + y * (half - 1)

    SHAPES[kind.rstrip("*")](d, p, fill)
    if kind == WOUNDED:
        d.line([p(-1, 1), p(1, -1)], fill=PENDING, width=max(4, big // 6))
    return sprite.resize((size, size), Image.Resampling.LANCZOS)


def keep(draw: ImageDraw.ImageDraw, left: float, top: float, colour: Colour, knocked_out: bool, size: int) -> None:
    """A small keep `size` pixels high; crossed out while a hit keeps it out of the battle."""
    u = size / 12
    draw.rectangle((left, top + 3 * u, left + 11 * u, top + 12 * u), fill=colour, outline=INK)
    for dx in (0, 4, 8):
        draw.rectangle((left + dx * u, top, left + (dx + 3) * u, top + 3 * u), fill=colour, outline=INK)
    if knocked_out:
        width = max(3, round(2.5 * u))
        draw.line((left - u, top - u, left + 12 * u, top + 13 * u), fill=PENDING, width=width)
        draw.line((left - u, top + 13 * u, left + 12 * u, top - u), fill=PENDING, width=width)


# --- the key to the glyphs and marks ---------------------------------------------------------------------------


def key_entries() -> list[tuple[str, str]]:
    """(mark, words) for the key: the piece glyphs, then the other marks."""
    pieces = [(kind, CONTENT.pieces[kind].name) for kind in KINDS]
    wounded, out = LEGEND_NOTES
    marks = [(WOUNDED, wounded), ("castle", "Castle"), ("castle*", out)]
    return [*pieces, *marks, ("fought", "recent battle"), ("pending", "battle to fight")]


def draw_key(image: Image.Image, left: int, top: int, width: int, size: int, columns: int = 2) -> int:
    """The key in `columns` columns from (left, top); returns the y below it."""
    draw = ImageDraw.Draw(image)
    entries = key_entries()
    per_column = -(-len(entries) // columns)
    step = size + 6
    column = width // columns
    for index, (mark, words) in enumerate(entries):
        x = left + (index // per_column) * column
        y = top + (index % per_column) * step
        middle = y + step / 2
        if mark in ("fought", "pending"):
            colour, thick = (HIGHLIGHT, 4) if mark == "fought" else (PENDING, 3)
            draw.rectangle((x, middle - size / 2 + 1, x + size + 2, middle + size / 2 - 1), outline=colour, width=thick)
        elif mark.startswith("castle"):
            keep(draw, x + 1, middle - size / 2, PAPER, mark.endswith("*"), size)
        else:
            sprite = glyph(mark, size, INK)
            image.paste(sprite, (x, round(middle - size / 2)), sprite)
        stamp(image, (x + size + 7, middle), words, size, INK, anchor="lm")
    return top + per_column * step
