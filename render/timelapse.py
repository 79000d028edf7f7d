"""A game's timelapse: its whole map at the end of each turn, one frame a turn (or an even pick of them), captioned,
as one animated WebP (a GIF where Pillow has no WebP) that fits Discord's attachment limit.

What the frames show is the caller's: public views only (table/service/timelapse.py reads them from the snapshots).
The same frames always give the same bytes: the picks, the scale and the timing depend on the frames alone.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, features

from render import renderer
from render.draw import INK, PAPER, fit, write
from render.record import TableFacts

LIMIT = 10_000_000  # bytes: Discord's attachment limit for everyone is 10 MiB; a little room is kept
MOST_FRAMES = 120  # a long game (Genertela's nation turns, hundreds) is shown by an even pick of its turns
MOST_SECONDS = 60.0  # the whole game plays within this, the last frame's hold included
HOLD_LAST = 4000  # ms the final board stays before the loop starts again
FRAME_MS = (250, 1000)  # the shortest and longest time one turn is shown, in ms (a short game plays slower)
LONGEST_SIDE = 1200  # px: larger maps are scaled down first (Discord shows a picture about 550 px wide)
SMALLEST_SCALE = 0.3  # below this the map is unreadable: fewer frames are kept instead
# libwebp's effort for lossless frames. Measured on a random 40-turn Genertela (120 frames): this took 1.8 s for
# 0.37 MB; method 4 (quality 80) 2.9 s for 0.25 MB; the least effort (quality 0) was larger and no faster
EFFORT = {"method": 0, "quality": 50}
CAPTION = 16  # px: the caption's text size (its strip is twice as tall)


@dataclass(frozen=True)
class Frame:
    """One frame: the caption (which turn it shows), the public view to draw and what the table knows beside it."""

    label: str
    public: Any
    facts: TableFacts


@dataclass(frozen=True)
class Timelapse:
    data: bytes
    kind: str  # the file's extension and format: "webp", or "gif" where Pillow has no WebP
    frames: int  # frames drawn (the picked turns)
    scale: float  # of the whole map's own size
    frame_ms: int  # how long each turn shows; the last one HOLD_LAST

    @property
    def name(self) -> str:
        return f"timelapse.{self.kind}"


def pick(count: int, most: int = MOST_FRAMES) -> list[int]:
    """Which of `count` frames to keep: all of them, or `most` spread evenly, always the first and the last."""
    if count <= most:
        return list(range(count))
    if most < 2:
        return [count - 1]
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def frame_ms(frames: int) -> int:
    """How long each frame shows, so the whole game plays within MOST_SECONDS with the last frame held."""
    if frames <= 1:
        return HOLD_LAST
    share = (MOST_SECONDS * 1000 - HOLD_LAST) / (frames - 1)
    return int(max(FRAME_MS[0], min(FRAME_MS[1], share)))


def draw(game: str, frames: Sequence[Frame], limit: int = LIMIT) -> Timelapse:
    """The timelapse of `frames` (in order), within `limit` bytes: the map scaled down, then fewer frames kept,
    until it fits. Call it in a worker thread: a long game takes a second or more."""
    if not frames:
        raise ValueError("a timelapse needs one frame at least")
    whole_map = renderer(game).whole_map
    kept = [frames[i] for i in pick(len(frames))]
    first = whole_map(kept[0].public, kept[0].facts)
    scale = min(1.0, LONGEST_SIDE / max(first.size))
    while True:
        pictures = [_framed(whole_map(f.public, f.facts), f.label, scale) for f in kept]
        data = _encode(_one_palette(pictures))
        if len(data) <= limit:
            return Timelapse(data, _kind(), len(kept), round(scale, 3), frame_ms(len(kept)))
        smaller = scale * math.sqrt(limit / len(data)) * 0.95
        if smaller >= SMALLEST_SCALE:
            scale = smaller
        elif len(kept) > 1:  # the map would be unreadable: show fewer turns at this scale
            kept = [kept[i] for i in pick(len(kept), max(1, len(kept) // 2))]
        else:
            raise ValueError(f"one frame of {game} does not fit in {limit} bytes")


def _framed(image: Image.Image, label: str, scale: float) -> Image.Image:
    """The map at `scale` with the caption in a strip under it."""
    picture = image.convert("RGB")
    if scale < 1.0:
        size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
        picture = picture.resize(size, Image.Resampling.LANCZOS)
    strip = CAPTION * 2
    framed = Image.new("RGB", (picture.width, picture.height + strip), INK)
    framed.paste(picture, (0, 0))
    text = fit(label, CAPTION, picture.width - 16)
    write(ImageDraw.Draw(framed), (8, picture.height + strip // 2), text, CAPTION, PAPER, anchor="lm")
    return framed


def _one_palette(images: list[Image.Image]) -> list[Image.Image]:
    """Every frame on one canvas size (a map may grow: a legend, a long name) and in one palette, the last frame's
    (it holds the most pieces): a place that did not change is the same bytes in the next frame, which the
    encoder then leaves out; and a palette frame takes a third of an RGB one's memory."""
    width, height = max(i.width for i in images), max(i.height for i in images)
    palette = images[-1].quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = []
    for image in images:
        if image.size != (width, height):
            canvas = Image.new("RGB", (width, height), PAPER)
            canvas.paste(image, (0, 0))
            image = canvas
        out.append(image.quantize(palette=palette, dither=Image.Dither.NONE))
    return out


def _kind() -> str:
    return "webp" if features.check("webp") else "gif"


def _encode(images: list[Image.Image]) -> bytes:
    """An animated picture that loops: each frame shown frame_ms, the last one HOLD_LAST. Lossless WebP: the maps
    are flat colours and text, which it keeps sharp and small (only what changed between frames is stored)."""
    each = frame_ms(len(images))
    durations = [each] * (len(images) - 1) + [HOLD_LAST]
    out = io.BytesIO()
    first, rest = images[0], images[1:]
    if _kind() == "webp":
        first.save(out, "WEBP", save_all=True, append_images=rest, duration=durations, loop=0, lossless=True, **EFFORT)
    else:
        first.save(out, "GIF", save_all=True, append_images=rest, duration=durations, loop=0, disposal=1)
    return out.getvalue()
