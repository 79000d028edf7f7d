"""The Genertela board image: size, control colours, and that it draws a running and a finished game."""

from __future__ import annotations

from render.draw import encode_png
from render.genertela import PANEL, SIDE_COLOURS, TOP, render
from rules import genertela
from rules.base import SeatInfo
from rules.genertela.board import BOARD
from rules.rng import Rng


def test_board_image_has_the_map_and_the_panel() -> None:
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    image = render(state, ["Ann", "Bob"])
    assert image.size == (BOARD.canvas[0] + PANEL, BOARD.canvas[1] + TOP)
    assert encode_png(image)[:4] == b"\x89PNG"


def test_a_controlled_zone_is_tinted_with_its_sides_colour() -> None:
    state = genertela.new([SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    x, y = BOARD.zone("Pent").centre  # held by the Pentans (Blue) at the start
    pixel = render(state, ["Ann"]).convert("RGB").getpixel((x + 30, y + TOP - 25))
    blue = SIDE_COLOURS["Blue"]
    assert pixel[2] > pixel[0]  # bluer than red: a waste tinted Blue
    assert abs(pixel[2] - blue[2]) < 120
