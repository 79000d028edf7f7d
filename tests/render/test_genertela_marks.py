"""The Genertela map's marks (Deathline, fortresses, narrow passes, the Emperor's lands), the house-map note, the
lettered side tokens, and colours no side shares with uncontrolled land."""

from __future__ import annotations

from render.genertela import (
    DEATHLINE,
    GOLD,
    HOUSE_MAP,
    PANEL,
    SIDE_COLOURS,
    TERRAIN,
    TOP,
    _house_note,
    _outline,
    drawn_marks,
    mark_spot,
    render,
)
from rules.genertela.board import BOARD
from rules.genertela.engine import ENGINE as genertela
from tests.rules.genertela.helpers import blank, put, z

FLAGS = {
    "deathline": "deathline",
    "fortress": "fortress",
    "narrow pass": "narrow_pass",
    "Emperor's lands": "north_of_emperor_line",
}


def _board(state):  # type: ignore[no-untyped-def]
    return render(genertela.view(state, None), ["Ann"]).convert("RGB")


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int], step: int = 6) -> bool:
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


def test_the_glyphs_and_the_deathline_band_are_on_the_board() -> None:
    image = _board(blank(nation="uz"))

    def around(x: int, y: int, reach: int = 5) -> list[tuple[int, ...]]:
        return [
            image.getpixel((x + dx, y + TOP + dy)) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
        ]

    marks = [m for m in drawn_marks()]
    for zid, mark in marks:
        if mark == "Emperor's lands":
            index = 0
            x, y = mark_spot(zid, index)
            assert any(_near(p, GOLD) for p in around(x, y)), BOARD.zones[zid].name
    for zid, mark in marks:
        if mark == "deathline":
            (left, top), band, _ = _outline(list(BOARD.zones).index(zid))
            spots = [
                (left + bx, top + by)
                for by in range(band.height)
                for bx in range(band.width)
                if band.getpixel((bx, by))
            ]
            assert any(_near(image.getpixel((x, y + TOP)), DEATHLINE) for x, y in spots[::3]), BOARD.zones[zid].name
    plain = BOARD.resolve("Prax")  # no mark at all: no mark colour near its centre's mark row
    x, y = BOARD.zones[plain].centre
    assert not any(_near(p, GOLD) or _near(p, DEATHLINE) for p in around(x, max(8, y - 36), 8))


def test_the_header_says_the_map_is_a_house_map() -> None:
    assert HOUSE_MAP.startswith("House map")
    note = _house_note()
    assert note.getbbox() is not None  # the note has ink
    image = _board(blank(nation="uz"))
    corner = image.crop((image.width - PANEL, 0, image.width, TOP))
    light = sum(1 for _, c in corner.getcolors(maxcolors=4096) or [] if sum(c) > 600)
    assert light  # light text on the dark header, at its right end


def test_units_carry_their_sides_letter_on_the_token() -> None:
    from render.genertela import army_lines

    state = blank(nation="uz")
    put(state, "heortlings", "Prax", 2)
    assert army_lines(state, z("Prax"))[0][0] == "Yellow"
    image = _board(state)
    x, y = BOARD.zones[z("Prax")].centre
    row = [image.getpixel((px, y + TOP + 6)) for px in range(x - 70, x)]
    assert any(_near(p, SIDE_COLOURS["Yellow"]) for p in row)
    assert any(sum(p) < 150 for p in row)  # the dark Y on the yellow token (and the text)


def test_no_terrain_tint_is_a_sides_colour() -> None:
    for terrain, colour in TERRAIN.items():
        for side, side_colour in SIDE_COLOURS.items():
            assert sum(abs(a - b) for a, b in zip(colour, side_colour, strict=True)) > 120, (terrain, side)
    for colour in TERRAIN.values():  # neutral: greys and beiges, not a hue of their own
        assert max(colour) - min(colour) <= 40
