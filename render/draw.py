"""Drawing primitives every board renderer shares: fonts, player colours, text, panels, PNG encoding."""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

# Player colours, chosen to stay distinct for the colour-blind and on a phone's dark theme.
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (220, 60, 50),  # red
    (40, 110, 220),  # blue
    (240, 190, 30),  # yellow
    (40, 170, 90),  # green
    (150, 80, 200),  # purple
    (240, 130, 40),  # orange
)
INK = (25, 25, 30)
PAPER = (245, 240, 228)
MUTED = (120, 115, 105)
HIGHLIGHT = (255, 235, 90)

Colour = tuple[int, int, int]


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font: no system fonts needed on a fresh machine."""
    return ImageFont.load_default(size=size)


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def contrast(colour: Colour) -> Colour:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = colour
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)


def text_size(draw: ImageDraw.ImageDraw, text: str, size: int) -> tuple[int, int]:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font(size))
    return right - left, bottom - top


def centred_text(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    size: int,
    fill: Colour = INK,
    outline: Colour | None = None,
) -> None:
    """Text centred on a point; an outline keeps it readable on any background."""
    stroke = max(1, size // 10) if outline else 0
    draw.text(centre, text, font=font(size), fill=fill, anchor="mm", stroke_width=stroke, stroke_fill=outline)


def badge(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, colour: Colour, size: int) -> None:
    """A filled disc with a short label (a piece count, a token)."""
    x, y = centre
    radius = size * 0.75
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour, outline=INK, width=2)
    centred_text(draw, centre, text, size, fill=contrast(colour))


def header(image: Image.Image, title: str, line: str, height: int = 56) -> None:
    """The strip across the top: game title and whose turn it is."""
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, image.width, height), fill=INK)
    draw.text((16, 8), title, font=font(22), fill=PAPER)
    draw.text((16, 33), line, font=font(16), fill=HIGHLIGHT)


@lru_cache(maxsize=4096)
def _text_sprite(text: str, size: int, fill: Colour, outline: Colour | None) -> Image.Image:
    stroke = max(1, size // 8) if outline else 0
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), text, font=font(size), stroke_width=stroke)
    sprite = Image.new("RGBA", (right - left + 2, bottom - top + 2), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).text(
        (1 - left, 1 - top), text, font=font(size), fill=fill, stroke_width=stroke, stroke_fill=outline
    )
    return sprite


def stamp(
    image: Image.Image,
    at: tuple[float, float],
    text: str,
    size: int,
    fill: Colour,
    outline: Colour | None = None,
    anchor: str = "mm",
) -> int:
    """Paste cached text (rendering glyphs is the slow part of a board); returns the text's width.

    anchor: "mm" centred on `at`, "lm" left end at `at` (vertically centred), "la" top-left at `at`.
    """
    sprite = _text_sprite(text, size, fill, outline)
    x, y = at
    if anchor[0] == "m":
        x -= sprite.width / 2
    if anchor[1] == "m":
        y -= sprite.height / 2
    image.paste(sprite, (round(x), round(y)), sprite)
    return sprite.width


def fixed_palette(colours: Sequence[Colour]) -> Image.Image:
    """A 256-colour palette built once from a board's own colours and the blends between them (anti-aliased
    edges and text). Quantising to a fixed palette is several times faster than choosing one per image."""
    steps = 6
    swatch = Image.new("RGB", (len(colours) * steps, len(colours)))
    for row, a in enumerate(colours):
        for col, b in enumerate(colours):
            for k in range(steps):
                share = k / (steps - 1)
                swatch.putpixel(
                    (col * steps + k, row), tuple(round(x * (1 - share) + y * share) for x, y in zip(a, b, strict=True))
                )
    return swatch.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_png(image: Image.Image) -> bytes:
    """Fast PNG: palette when the image allows it, low compression, never optimize=True."""
    out = io.BytesIO()
    if image.mode == "RGB":
        image = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
