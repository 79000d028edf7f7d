"""The Genertela map's marks (Deathline, fortresses, narrow passes, the Emperor's lands), the house-map note, the
lettered side tokens, and colours no side shares with uncontrolled land: on the whole map (pixels at map
coordinates) and on the focused boards (the posted board and the zoom), whose key names only the marks they show."""

from __future__ import annotations

from PIL import Image

from render.draw import recording
from render.genertela import (
    DEATHLINE,
    GOLD,
    HOUSE_MAP,
    PANEL,
    SIDE_COLOURS,
    TERRAIN,
    TOP,
    drawn_marks,
    house_note,
    mark_spot,
    outline,
    render,
    render_full,
    render_zoom,
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
    return render_full(genertela.view(state, None), ["Ann"]).convert("RGB")


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
            (left, top), band, _ = outline(list(BOARD.zones).index(zid))
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
    note = house_note()
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


# --- the focused boards ------------------------------------------------------------------------------------------


def _drawn(draw) -> tuple[Image.Image, list[str]]:  # type: ignore[no-untyped-def]
    with recording() as drawn:
        image = draw().convert("RGB")
    return image, [text.text for text in drawn]


def _has(image: Image.Image, colour: tuple[int, int, int]) -> bool:
    return any(_near(c, colour) for _, c in image.getcolors(maxcolors=65536) or [])


def test_the_focused_boards_key_names_the_marks_they_show_and_only_those() -> None:
    state = blank(nation="uz")
    raibanth = BOARD.resolve("Raibanth")  # the Emperor's lands, far from the Deathline
    image, texts = _drawn(lambda: render_zoom(state, ["Ann"], raibanth))
    assert "Emperor's lands" in texts and _has(image, GOLD)
    assert "Deathline" not in texts and not _has(image, DEATHLINE)
    dead = next(zid for zid, mark in drawn_marks() if mark == "deathline")
    image, texts = _drawn(lambda: render_zoom(state, ["Ann"], dead))
    assert "Deathline" in texts and _has(image, DEATHLINE)
    for mark in ("fortress", "narrow pass"):
        zid = next(zid for zid, m in drawn_marks() if m == mark)
        _, texts = _drawn(lambda zid=zid: render_zoom(state, ["Ann"], zid))  # type: ignore[misc]
        assert mark in texts, mark


def test_the_focused_boards_say_the_map_is_a_house_map() -> None:
    state = blank(nation="uz")
    for draw in (lambda: render(state, ["Ann"]), lambda: render_zoom(state, ["Ann"], z("Prax"))):
        _, texts = _drawn(draw)
        assert any(text.startswith(HOUSE_MAP) for text in texts)


def test_armies_on_the_focused_boards_carry_their_sides_letter() -> None:
    state = blank(nation="uz")
    put(state, "heortlings", "Prax", 2)
    image, texts = _drawn(lambda: render_zoom(state, ["Ann"], z("Prax")))
    assert "Y" in texts and _has(image, SIDE_COLOURS["Yellow"])  # the chip: Yellow's letter on its colour
