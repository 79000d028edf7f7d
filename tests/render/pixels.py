"""Pixels read back from rendered boards, typed: Pillow types getpixel for images of every mode at once."""

from __future__ import annotations

from PIL import Image


def colour_at(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """The colour at `xy` of an RGB or RGBA image."""
    pixel = image.getpixel(xy)
    assert isinstance(pixel, tuple), f"a {image.mode} image has no colour at {xy}: {pixel!r}"
    return pixel
