"""Kept shapes: a ringed piece drawn again is pasted from a tile; the board must not tell the difference."""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageDraw

from render.draw import HIGHLIGHT, INK, PAPER, SEAT_COLOURS, WHITE, _ring_shapes, ringed

COLOURS = [*SEAT_COLOURS, INK, PAPER, HIGHLIGHT, WHITE, (172, 188, 202)]


def test_a_ringed_piece_is_the_same_pixels_as_its_shapes_drawn_in_place() -> None:
    chooser = random.Random(7)
    for _ in range(1500):  # every kind of box: dyadic and other fractions, halves, near and past the top-left edge
        x, y = (
            chooser.randrange(-12, 140) + chooser.choice([0, 0.5, chooser.random(), chooser.randrange(64) / 64])
            for _ in "xy"
        )
        width = chooser.choice([16, 18, 12.5, chooser.random() * 40])
        height = chooser.choice([16, 18, chooser.random() * 25])
        radius = chooser.choice([0, 2, 3, 3.5, 5, 8, chooser.random() * 6])
        fill, ground = chooser.choice(COLOURS), chooser.choice(COLOURS)
        box = (x, y, x + width, y + height)
        ground_image = Image.effect_noise((170, 110), 60).convert(
            "RGB"
        )  # whatever lies under the piece shows around it
        kept, drawn = ground_image.copy(), ground_image.copy()
        ringed(ground_image.copy(), box, fill, ground, radius)  # drawn in place the first time
        ringed(kept, box, fill, ground, radius)  # from its tile the second
        _ring_shapes(ImageDraw.Draw(drawn), box, fill, ground, radius)
        assert ImageChops.difference(kept, drawn).getbbox() is None, (box, radius, fill, ground)
