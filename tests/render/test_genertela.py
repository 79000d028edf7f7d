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


def test_zoom_enlarges_a_zone_and_its_neighbours_and_names_their_units() -> None:
    from render.genertela import ZOOM_LIST, _unit_lines, render_zoom, zoom_place, zoom_places

    state = genertela.new([SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    assert zoom_place("Pent") == zoom_place("pent") == BOARD.resolve("Pent")
    assert zoom_place("Atlantis") is None
    assert len(zoom_places()) == len(BOARD.zones)
    pent = BOARD.resolve("Pent")
    image = render_zoom(state, ["Ann"], pent)
    assert image.width > ZOOM_LIST + 2 * 2 * 70  # at least the margin around the zone, twice as large
    assert encode_png(image)[:4] == b"\x89PNG"
    lines = [text for text, _ in _unit_lines(state, pent)]
    assert lines and all(":" in line for line in lines)
    special = next(u for u in state.units if u.kind == "special")
    named = [text for text, _ in _unit_lines(state, special.zone)]
    assert any(special.label() in line for line in named)  # special units are named, not just counted
