"""Drawing primitives every board renderer shares: fonts, player colours, text, panels, PNG encoding."""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache, update_wrapper
from typing import Any, Generic, ParamSpec, TypeVar

from PIL import Image, ImageDraw, ImageFont

# Player colours from the Okabe-Ito palette (or darker/lighter variants of it), ordered so that the first
# N seats of every game stay apart under deuteranopia, protanopia and tritanopia (CIEDE2000 >= 20 in the
# Machado 2009 simulations; tests/render/test_colour_vision.py checks it). Each seat also carries its letter.
SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (213, 94, 0),  # vermillion
    (0, 114, 178),  # blue
    (240, 228, 66),  # yellow
    (128, 206, 185),  # bluish green, lightened (Tash-Kalar calls seat 4 "green")
    (92, 54, 75),  # reddish purple, darkened
    (0, 0, 0),  # black: no game seats six yet; it stays >= 18 from the purple under protanopia
)
SEAT_LETTERS = "ABCDEF"
INK = (25, 25, 30)
PAPER = (245, 240, 228)
MUTED = (120, 115, 105)
HIGHLIGHT = (255, 235, 90)

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Drawn:
    """One text a renderer drew: its words, its font size in pixels of the image it ends up in, and whether it is
    the board's headline (the tests hold every board to a size readable at Discord's inline width)."""

    text: str
    size: int
    headline: bool = False


P = ParamSpec("P")
R = TypeVar("R")
_drawn: ContextVar[list[Drawn] | None] = ContextVar("drawn", default=None)


@contextmanager
def recording() -> Iterator[list[Drawn]]:
    """Collect every text drawn (through this module's helpers) while the block runs."""
    log: list[Drawn] = []
    token = _drawn.set(log)
    try:
        yield log
    finally:
        _drawn.reset(token)


def noted(text: str, size: int, headline: bool = False) -> None:
    """Report a drawn text to the recording, if one is running (a no-op otherwise: boards pay nothing)."""
    log = _drawn.get()
    if log is not None and text.strip():
        log.append(Drawn(text, size, headline))


class DrawnLayer(Generic[P, R]):
    """functools.cache for a function that draws text into an image kept for reuse (a map's names, a legend):
    the texts it drew are reported again each time the kept image is used, so a board's record is whole."""

    def __init__(self, build: Callable[P, R]) -> None:
        self._build = build
        self._kept: dict[Any, tuple[R, list[Drawn]]] = {}
        update_wrapper(self, build)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        key = (args, tuple(sorted(kwargs.items())))
        if key not in self._kept:
            with recording() as texts:
                self._kept[key] = (self._build(*args, **kwargs), texts)
        result, texts = self._kept[key]
        log = _drawn.get()
        if log is not None:
            log.extend(texts)
        return result

    def cache_clear(self) -> None:
        """Forget the kept images (tests that count what is drawn start from nothing)."""
        self._kept.clear()


def drawn_layer(build: Callable[P, R]) -> DrawnLayer[P, R]:
    return DrawnLayer(build)


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font: no system fonts needed on a fresh machine."""
    return ImageFont.load_default(size=size)


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_letter(seat: int) -> str:
    """The mark every seat's pieces and legend entry carry besides its colour."""
    return SEAT_LETTERS[seat % len(SEAT_LETTERS)]


def luminance(colour: Colour) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


WHITE: Colour = (255, 255, 255)


@cache
def contrast(colour: Colour) -> Colour:
    """INK or white, whichever has the higher WCAG contrast ratio on `colour`."""
    return INK if contrast_ratio(colour, INK) >= contrast_ratio(colour, WHITE) else WHITE


RING = 2  # px: each ring round a piece (1.3-1.4 px on the boards Discord shows 550 px wide)
EDGE = 3.0  # WCAG ratio: a fill that stands out less than this from its outer ring gets a ring of its own


@cache
def rings(fill: Colour, ground: Colour) -> tuple[Colour, ...]:
    """The rings round a piece standing on `ground`, outermost first: dark or light, whichever stands out from the
    ground, then (if the fill is about as dark or light as that ring) one in the fill's own text colour. A piece's
    colour can melt into the ground for colour-blind players (a realm's pieces on its own tinted land); its edge,
    dark on light or light on dark, does not."""
    outer = max((INK, WHITE), key=lambda ring: contrast_ratio(ring, ground))
    return (outer,) if contrast_ratio(fill, outer) >= EDGE else (outer, contrast(fill))


Box = tuple[float, float, float, float]
SHAPE_MARGIN = 8  # px (even) left round a kept shape: its rings and Pillow's rounding stay inside
SEEN_SHAPES = 4096  # shapes remembered as drawn once
_seen_shapes: dict[tuple[Box, Colour, Colour, float], None] = {}  # oldest first
_seen_lock = threading.Lock()  # boards are drawn in worker threads


def ringed(image: Image.Image, box: Box, fill: Colour, ground: Colour, radius: float = 0) -> None:
    """A piece's shape: `box` filled with its colour, its rings round it (outside the box, so whatever is drawn
    inside keeps its room). A shape drawn again (the same size, colours and place within two pixels: a piece that
    stays where it was) is pasted from a kept tile: drawing the rounded shapes is a good part of a board's time."""
    left, top, right, bottom = box
    if min(left, top) < len(rings(fill, ground)) * RING:  # Pillow rounds negative coordinates its own way
        _ring_shapes(ImageDraw.Draw(image), box, fill, ground, radius)
        return
    # shifted by an even number of pixels, the shape rounds the same (round() takes halves to even)
    x, y = 2 * int(left // 2) - SHAPE_MARGIN, 2 * int(top // 2) - SHAPE_MARGIN
    key = ((left - x, top - y, right - x, bottom - y), fill, ground, radius)
    with _seen_lock:
        first = key not in _seen_shapes
        if first:
            _seen_shapes[key] = None
            if len(_seen_shapes) > SEEN_SHAPES:
                del _seen_shapes[next(iter(_seen_shapes))]
    if first:  # drawn in place: a shape seen once (a piece that moved) is often not seen again
        _ring_shapes(ImageDraw.Draw(image), box, fill, ground, radius)
        return
    tile = _ring_tile(*key)
    image.paste(tile, (x, y), tile)


def _ring_shapes(draw: ImageDraw.ImageDraw, box: Box, fill: Colour, ground: Colour, radius: float) -> None:
    left, top, right, bottom = box
    around = rings(fill, ground)
    for index, ring in enumerate((*around, fill)):
        out = (len(around) - index) * RING
        draw.rounded_rectangle((left - out, top - out, right + out, bottom + out), radius + out, fill=ring)


@lru_cache(maxsize=2048)
def _ring_tile(box: Box, fill: Colour, ground: Colour, radius: float) -> Image.Image:
    """The shape on a transparent tile: opaque where drawn (no anti-aliasing), so pasting it is drawing it."""
    tile = Image.new("RGBA", (int(box[2]) + SHAPE_MARGIN + 2, int(box[3]) + SHAPE_MARGIN + 2), (0, 0, 0, 0))
    _ring_shapes(ImageDraw.Draw(tile), box, fill, ground, radius)
    return tile


def chip_size(text: str, size: int) -> tuple[float, float]:
    """The room a count chip takes (`chip`), its rings included."""
    gap = max(2, size // 4)
    return text_width(text, size) + 2 * gap + 4 * RING, size + gap + 4 * RING


def chip(image: Image.Image, centre: tuple[float, float], text: str, colour: Colour, size: int, under: Colour) -> None:
    """A count on its owner's colour ("K12", "R7"), ringed to stand out from the ground `under` it: how the whole
    maps (/board full) show each realm's or side's pieces in a space, counted together."""
    gap = max(2, size // 4)
    half_w, half_h = text_width(text, size) / 2 + gap, size / 2 + gap / 2
    x, y = centre
    ringed(image, (x - half_w, y - half_h, x + half_w, y + half_h), colour, under, gap)
    stamp(image, (x, y), text, size, contrast(colour))


def readable_on(colour: Colour, background: Colour, ratio: float = 4.5) -> Colour:
    """`colour` for text on `background`: blended toward INK or white (whichever side gains contrast) until the
    WCAG ratio reaches `ratio`, so a seat's colour keeps its hue as text on a panel."""
    target = INK if luminance(background) > 0.18 else WHITE
    for step in range(21):
        share = step / 20
        r, g, b = (round(c + (t - c) * share) for c, t in zip(colour, target, strict=True))
        if contrast_ratio((r, g, b), background) >= ratio:
            return (r, g, b)
    return target


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    """How far a text reaches at a size, in pixels (measured once: measuring is a good part of a board's time)."""
    return float(font(size).getlength(text))


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: float) -> str:
    """`text` cut with an ellipsis so it is at most `width` pixels wide at `size` (long names never overrun)."""
    if text_width(text, size) <= width:
        return text
    low, high = 1, len(text) - 1  # the longest prefix that fits with its ellipsis, found in a few measurements
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle] + "…", size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip(" ,-") + "…"


def wrap(text: str, size: int, width: float, keep_long_words: bool = False) -> list[str]:
    """`text` broken at spaces into lines at most `width` pixels wide at `size`. A word longer than a line is cut
    with an ellipsis, or kept whole with `keep_long_words` (a place's name must stay whole)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word if keep_long_words else fit(word, size, width))
    return lines


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
    write(draw, centre, text, size, fill, anchor="mm", outline=outline, stroke=stroke)


def write(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    text: str,
    size: int,
    fill: Colour = INK,
    *,
    anchor: str | None = None,
    outline: Colour | None = None,
    stroke: int = 0,
    headline: bool = False,
) -> None:
    """ImageDraw.text in the default font, reported to the recording: every renderer draws its words
    through here, `stamp` or the helpers built on them."""
    noted(text, size, headline)
    draw.text(at, text, font=font(size), fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=outline)


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
    write(draw, (16, 8), title, 22, PAPER, headline=True)
    write(draw, (16, 33), line, 16, HIGHLIGHT)


@lru_cache(maxsize=4096)
def _text_sprite(text: str, size: int, fill: Colour, outline: Colour | None) -> Image.Image:
    stroke = max(1, size // 8) if outline else 0
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), text, font=font(size), stroke_width=stroke)
    # textbbox is typed float (its origin may be); from (0, 0) the box is whole pixels, so int() changes nothing
    sprite = Image.new("RGBA", (int(right - left) + 2, int(bottom - top) + 2), (0, 0, 0, 0))
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
    headline: bool = False,
) -> int:
    """Paste cached text (rendering glyphs is the slow part of a board); returns the text's width.

    anchor: "mm" centred on `at`, "lm" left end at `at` (vertically centred), "la" top-left at `at`.
    """
    noted(text, size, headline)
    sprite = _text_sprite(text, size, fill, outline)
    x, y = at
    if anchor[0] == "m":
        x -= sprite.width / 2
    if anchor[1] == "m":
        y -= sprite.height / 2
    image.paste(sprite, (round(x), round(y)), sprite)
    return sprite.width


@lru_cache(maxsize=4096)
def _mask(text: str, size: int) -> tuple[Image.Image, int, int]:
    """Text rendered once as an alpha mask: drawing glyphs is the slowest part of a board image."""
    left, top, right, bottom = (int(edge) for edge in font(size).getbbox(text))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=font(size), fill=255)
    return mask, left, top


def put_text(image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: Colour = INK) -> None:
    """Same result as ImageDraw.text at `xy` (left, ascender), from a cached mask."""
    if not text.strip():
        return
    noted(text, size)
    mask, left, top = _mask(text, size)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)


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
