"""The Genertela map's marks (Deathline, fortresses, narrow passes, the Emperor's lands), the house-map note, the
lettered side tokens, and colours no side shares with uncontrolled land: on the whole map (pixels of each zone on
the overview) and on the focused boards (the posted board and the zoom), whose key names only the marks they show."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PIL import Image

from render.draw import recording
from render.genertela import (
    DEATHLINE,
    GOLD,
    HOUSE_MAP,
    SIDE_COLOURS,
    TERRAIN,
    drawn_marks,
    render,
    render_full,
    render_zoom,
)
from render.genertela_frame import STRIPE
from render.genertela_full import layers, map_left
from render.genertela_panel import HEAD
from render.record import table_facts
from rules.genertela.board import BOARD
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from tests.render.pixels import colour_at
from tests.rules.genertela.helpers import blank, put, z

FLAGS = {
    "deathline": "deathline",
    "fortress": "fortress",
    "narrow pass": "narrow_pass",
    "Emperor's lands": "north_of_emperor_line",
}


def _board(state: State) -> Image.Image:
    return render_full(genertela.view(state, None), table_facts(genertela, state, ["Ann"])).convert("RGB")


def _near(pixel: float | tuple[int, ...] | None, colour: tuple[int, int, int], step: int = 6) -> bool:
    """`pixel` as Pillow reads it out of an image of any mode: a tuple from these RGB images."""
    assert isinstance(pixel, tuple), pixel
    return all(abs(a - b) <= step for a, b in zip(pixel, colour, strict=True))


def test_marks_are_drawn_for_exactly_the_flagged_zones() -> None:
    drawn = set(drawn_marks())
    for mark, flag in FLAGS.items():
        flagged = {zid for zid, zone in BOARD.zones.items() if getattr(zone, flag)}
        assert flagged, mark
        assert {zid for zid, m in drawn if m == mark} == flagged, mark
    assert {m for _, m in drawn} == set(FLAGS)
    # the Emperor's lands are the zones north of the Emperor line that titles.emperor counts
    assert BOARD.resolve("Raibanth") in {zid for zid, m in drawn if m == "Emperor's lands"}


def _zone_pixels(image: Image.Image, zid: str, codes: set[int] | None = None) -> list[tuple[int, ...]]:
    """A zone's pixels on the whole map (only those with the given band codes, when given)."""
    bordered, code = layers()
    index = list(BOARD.zones).index(zid)
    left, top = map_left(), HEAD
    box = bordered.point([255 if v == index else 0 for v in range(256)]).getbbox()
    assert box is not None
    return [
        colour_at(image, (left + x, top + y))
        for y in range(box[1], box[3])
        for x in range(box[0], box[2])
        if bordered.getpixel((x, y)) == index and (codes is None or code.getpixel((x, y)) in codes)
    ]


def test_the_glyphs_and_the_deathline_band_are_on_the_board() -> None:
    image = _board(blank(nation="uz"))
    for zid, mark in drawn_marks():
        if mark == "Emperor's lands":  # a crown in each
            assert any(_near(p, GOLD) for p in _zone_pixels(image, zid)), BOARD.zones[zid].name
        if mark == "deathline":  # the dashes in the band inside its border
            assert any(_near(p, DEATHLINE) for p in _zone_pixels(image, zid, {STRIPE})), BOARD.zones[zid].name
    plain = BOARD.resolve("Prax")  # no mark at all: no mark colour in it
    assert not any(_near(p, GOLD) or _near(p, DEATHLINE) for p in _zone_pixels(image, plain))


def test_the_header_says_the_map_is_a_house_map() -> None:
    assert HOUSE_MAP.startswith("House map")
    _, texts = _drawn(
        lambda: render_full(
            genertela.view(blank(nation="uz"), None), table_facts(genertela, blank(nation="uz"), ["Ann"])
        )
    )
    assert any(text.startswith(HOUSE_MAP) for text in texts)


def test_units_carry_their_sides_letter_on_the_token() -> None:
    state = blank(nation="uz")
    put(state, "heortlings", "Prax", 2)
    image, texts = _drawn(lambda: render_full(genertela.view(state, None), table_facts(genertela, state, ["Ann"])))
    assert "Y2" in texts  # the side's letter and its count
    pixels = _zone_pixels(image, z("Prax"))
    assert any(_near(p, SIDE_COLOURS["Yellow"]) for p in pixels)
    assert any(sum(p) < 150 for p in pixels)  # the dark Y2 on the yellow chip (and its ring)


def test_no_terrain_tint_is_a_sides_colour() -> None:
    for terrain, colour in TERRAIN.items():
        for side, side_colour in SIDE_COLOURS.items():
            assert sum(abs(a - b) for a, b in zip(colour, side_colour, strict=True)) > 120, (terrain, side)
    for colour in TERRAIN.values():  # neutral: greys and beiges, not a hue of their own
        assert max(colour) - min(colour) <= 40


# --- the focused boards ------------------------------------------------------------------------------------------


def _drawn(draw: Callable[[], Image.Image]) -> tuple[Image.Image, list[str]]:
    with recording() as drawn:
        image = draw().convert("RGB")
    return image, [text.text for text in drawn]


def _has(image: Image.Image, colour: tuple[int, int, int]) -> bool:
    return any(_near(c, colour) for _, c in image.getcolors(maxcolors=65536) or [])


def test_the_focused_boards_key_names_the_marks_they_show_and_only_those() -> None:
    state = blank(nation="uz")
    raibanth = BOARD.resolve("Raibanth")  # the Emperor's lands, far from the Deathline
    image, texts = _drawn(lambda: render_zoom(state, table_facts(genertela, state, ["Ann"]), raibanth))
    assert "Emperor's lands" in texts and _has(image, GOLD)
    assert "Deathline" not in texts and not _has(image, DEATHLINE)
    dead = next(zid for zid, mark in drawn_marks() if mark == "deathline")
    image, texts = _drawn(lambda: render_zoom(state, table_facts(genertela, state, ["Ann"]), dead))
    assert "Deathline" in texts and _has(image, DEATHLINE)
    for mark in ("fortress", "narrow pass"):
        zid = next(zid for zid, m in drawn_marks() if m == mark)
        _, texts = _drawn(partial(render_zoom, state, table_facts(genertela, state, ["Ann"]), zid))
        assert mark in texts, mark


def test_the_focused_boards_say_the_map_is_a_house_map() -> None:
    state = blank(nation="uz")
    for draw in (
        lambda: render(state, table_facts(genertela, state, ["Ann"])),
        lambda: render_zoom(state, table_facts(genertela, state, ["Ann"]), z("Prax")),
    ):
        _, texts = _drawn(draw)
        assert any(text.startswith(HOUSE_MAP) for text in texts)


def test_armies_on_the_focused_boards_carry_their_sides_letter() -> None:
    state = blank(nation="uz")
    put(state, "heortlings", "Prax", 2)
    image, texts = _drawn(lambda: render_zoom(state, table_facts(genertela, state, ["Ann"]), z("Prax")))
    assert "Y" in texts and _has(image, SIDE_COLOURS["Yellow"])  # the chip: Yellow's letter on its colour
