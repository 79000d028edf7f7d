"""The Genertela boards: the posted board (a focused view made for Discord's inline width), the zoom, and the whole
map (/board full): what each shows, where the focused view looks, and that no label runs out of its zone."""

from __future__ import annotations

from PIL import Image

from render.draw import HIGHLIGHT, encode_png, recording
from render.genertela import HOUSE_MAP, SIDE_COLOURS, render, render_full, render_zoom, view_frame
from render.genertela_frame import MAP_HEIGHT, WIDTH, Frame, frame_for, geometry, scale_layers
from render.genertela_full import layers, map_left, map_size, outline
from render.genertela_labels import layout
from render.genertela_map import zone_colour
from render.genertela_panel import HEAD
from render.record import table_facts
from rules.base import ActionLog, SeatInfo
from rules.genertela.board import BOARD, NATIONS
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z

INLINE = 550


def _near(pixel: float | tuple[int, ...] | None, colour: tuple[int, int, int]) -> bool:
    """The boards are quantised to a fixed palette: a colour comes back within a few steps. `pixel` is typed as
    Pillow reads one out of an image of any mode; these are RGB, so it is a tuple."""
    assert isinstance(pixel, tuple), pixel
    return all(abs(a - b) <= 4 for a, b in zip(pixel, colour, strict=True))


def _full(state: State) -> Image.Image:
    return render_full(genertela.view(state, None), table_facts(genertela, state, ["Ann"])).convert("RGB")


def _texts(draw: object) -> list[str]:
    with recording() as drawn:
        draw()  # type: ignore[operator]
    return [text.text for text in drawn]


def _in_view(frame: Frame, zid: str) -> tuple[float, float]:
    """Where a zone's centre lies on a focused board (the map starts under the header)."""
    x, y = frame.at(*BOARD.zones[zid].centre)
    return x, y + HEAD


# --- the posted board: a focused view --------------------------------------------------------------------------


def test_the_posted_board_is_drawn_for_the_inline_width() -> None:
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    with recording() as drawn:
        image = render(state, table_facts(genertela, state, ["Ann", "Bob"]))
    assert image.width == WIDTH and HEAD + MAP_HEIGHT < image.height < 1000
    assert encode_png(image)[:4] == b"\x89PNG"
    shrink = INLINE / image.width
    assert min(text.size for text in drawn) * shrink >= 8  # every word readable in the 550 px preview
    assert any(text.headline and "Turn 1/40" in text.text for text in drawn)


def test_the_view_centres_on_a_battle_under_way() -> None:
    from rules.genertela import combat

    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 3)
    put(state, "uz", "Prax", 2)
    put(state, "uz", "Kitori", 1)  # far away: not in the view
    state.phase = "battle"
    combat.start(state, z("Prax"), "uz", ActionLog())
    frame, core, why = view_frame(state)
    assert core[0] == z("Prax") and why == "battle under way"
    x, y = _in_view(frame, z("Prax"))
    assert abs(x - WIDTH / 2) < WIDTH / 4 and abs(y - HEAD - MAP_HEIGHT / 2) < MAP_HEIGHT / 4
    texts = _texts(lambda: render(state, table_facts(genertela, state, ["Ann"])))
    assert "Prax" in texts and "Kitori" not in texts
    assert any("battle: Prax against Uz, round 1" in text for text in texts)
    image = render(state, table_facts(genertela, state, ["Ann"])).convert("RGB")
    left, top, right, _ = geometry(frame).band(list(BOARD.zones).index(z("Prax")))[0]  # type: ignore[index]
    band = [image.getpixel((px, top + HEAD + 3)) for px in range(left, right)]
    assert any(_near(p, HIGHLIGHT) for p in band)  # the battle is outlined


def test_the_view_shows_the_last_battles_then_the_moves_then_the_homelands() -> None:
    state = blank(nation="uz")
    _, core, why = view_frame(state)
    assert why == "Uz homelands" and core[0] in NATIONS["uz"].homelands
    state.fought, state.fought_in = [z("Pavis"), z("Holay")], "19:3:"  # an earlier nation turn's battles
    _, core, why = view_frame(state)
    assert core[0] == z("Holay") and why == "last battles"  # the latest first
    moved = put(state, "uz", "Storn", 2)
    for unit in moved:
        unit.moved = True
    _, core, why = view_frame(state)
    assert core[0] == z("Storn") and why == "Uz moved"
    texts = _texts(lambda: render(state, table_facts(genertela, state, ["Ann"])))
    assert any("Uz moved: Storn" in text for text in texts)


def test_the_panel_names_each_sides_player_with_their_seat_letter_and_the_nations_in_view() -> None:
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    texts = _texts(lambda: render(state, table_facts(genertela, state, ["Ann", "Bob"])))
    seats = {side: seat for side, seat in state.side_seat.items()}
    for side, seat in seats.items():
        who = "bot" if seat < 0 else f"{'AB'[seat]} {['Ann', 'Bob'][seat]}"
        assert any(text.startswith(f"{side} - {who}: ") for text in texts), side
    frame, _, _ = view_frame(state)
    shown = layout(state, geometry(frame), set())[1]
    present = {u.nation for u in state.units if u.zone in shown}
    assert present and all(any(NATIONS[n].name in text for text in texts) for n in present)


def test_armies_are_compact_counts_beside_their_icons_not_notes() -> None:
    state = blank(nation="uz")
    put(state, "dara_happans", "Alkoth", 2)[1].outside = True
    put(state, "dragonewts", "Alkoth", kind="named_dragonewt")[0].sitting = True
    texts = _texts(lambda: render_zoom(state, table_facts(genertela, state, ["Ann"]), z("Alkoth")))
    assert not any("out)" in text or "on city)" in text for text in texts)
    assert "Dara Happans" in texts and "2" in texts  # the nation's name and its count, apart
    assert "1" in texts  # the count beside an icon
    assert any("outside" in text for text in texts) and any("on their city" in text for text in texts)


def _zone_pixels(frame: Frame, box: tuple[float, float, float, float]) -> set[int]:
    """The zone indices under a label's outline on the enlarged raster (BORDER where it crosses a border)."""
    bordered = scale_layers(frame.cell)[0]
    ox, oy = frame.col * frame.cell, frame.row * frame.cell
    left, top, right, bottom = (round(v) for v in box)
    edge = [(x, y) for x in range(left, right) for y in (top, bottom - 1)]
    edge += [(x, y) for y in range(top, bottom) for x in (left, right - 1)]
    return {bordered.getpixel((ox + x, oy + y)) for x, y in edge}  # type: ignore[misc]


def test_no_label_runs_out_of_its_zone_even_in_a_crowded_small_zone() -> None:
    state = blank(nation="uz")
    for nation in ("heortlings", "uz", "dara_happans", "praxians"):  # Print is among the smallest zones
        put(state, nation, "Print", 3)
    hero(state, "heortlings", "Print", "Karastand Halftroll", ["hero"])
    hero(state, "heortlings", "Print", "Vardan", ["hero"])
    put(state, "chaos", "Snakepipe Hollow", 12)
    ids = list(BOARD.zones)
    assert z("Print") in layout(state, geometry(frame_for([z("Print")])), set())[1]
    for frame in (frame_for([z("Print")]), Frame(45, 40, 18), Frame(10, 5, 14)):
        placed, _ = layout(state, geometry(frame), set())
        for spot in placed:
            assert spot.fits, (spot.zid, spot.kind)
            assert _zone_pixels(frame, spot.box) == {ids.index(spot.zid)}, (spot.zid, spot.kind, spot.box)
            left, top, right, bottom = spot.box
            assert left >= 0 and right <= WIDTH and top >= 0 and bottom <= MAP_HEIGHT


def test_no_label_runs_out_of_its_zone_in_a_real_game() -> None:
    from rules import serial
    from tests.render.test_inline_text import positions

    ids = list(BOARD.zones)
    for saved in positions("genertela").values():
        state = genertela.view(serial.loads(genertela.State, saved), None)
        for frame in (view_frame(state)[0], *(Frame(col, 20, 14) for col in (0, 50, 90))):
            placed, _ = layout(state, geometry(frame), set())
            for spot in placed:
                assert spot.fits and _zone_pixels(frame, spot.box) == {ids.index(spot.zid)}, (spot.zid, spot.kind)


def test_the_view_is_the_raster_enlarged_cell_by_cell() -> None:
    for cell in (14, 18):
        bordered = scale_layers(cell)[0]
        for zid in ("prax", "pavis", "aggar"):
            x, y = BOARD.zones[zid].centre
            assert bordered.getpixel((x * cell // 8, y * cell // 8)) == list(BOARD.zones).index(zid)


def test_a_controlled_zone_is_tinted_on_the_focused_boards() -> None:
    from render.genertela import TERRAIN
    from render.genertela_map import SHARE, blend

    state = blank(nation="uz")
    tint = blend(TERRAIN["waste"], SIDE_COLOURS["Blue"], SHARE)
    colours = {
        c
        for _, c in render_zoom(state, table_facts(genertela, state, ["Ann"]), z("Pent"))
        .convert("RGB")
        .getcolors(65536)
        or []
    }
    assert not any(_near(c, tint) for c in colours)
    put(state, "pentans", "Pent", 2)  # Blue, on a waste
    colours = {
        c
        for _, c in render_zoom(state, table_facts(genertela, state, ["Ann"]), z("Pent"))
        .convert("RGB")
        .getcolors(65536)
        or []
    }
    assert any(_near(c, tint) for c in colours)


# --- the zoom ----------------------------------------------------------------------------------------------------


def test_zoom_draws_the_zone_and_its_neighbours_natively_and_lists_their_units() -> None:
    from render.genertela import unit_lines, zoom_place, zoom_places

    state = genertela.new([SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    assert zoom_place("Pent") == zoom_place("pent") == BOARD.resolve("Pent")
    assert zoom_place("Atlantis") is None
    assert len(zoom_places()) == len(zoom_places(state)) == len(BOARD.zones)
    special = next(u for u in state.units if u.kind == "special")
    with recording() as drawn:
        image = render_zoom(state, table_facts(genertela, state, ["Ann"]), special.zone)
    texts = [text.text for text in drawn]
    zone = BOARD.zones[special.zone]
    assert image.width == WIDTH and encode_png(image)[:4] == b"\x89PNG"
    assert zone.name in texts  # on the map
    assert any(text.headline and zone.name in text.text for text in drawn)
    neighbours = [BOARD.zones[n].name for n in zone.adjacent if BOARD.zones[n].terrain != "sea"]
    assert all(any(text.startswith(f"{name}: ") for text in texts) for name in neighbours)  # each listed
    assert any(special.label() in text for text in texts)  # special units are named, not just counted
    assert min(text.size for text in drawn) * INLINE / image.width >= 8
    lines = [text for text, _ in unit_lines(state, special.zone)]
    assert lines and all(":" in line for line in lines)


def test_the_zoom_list_says_which_units_stand_outside_or_sit_on_their_city() -> None:
    from render.genertela import unit_lines

    state = blank(nation="uz")
    put(state, "dara_happans", "Alkoth", 2)[1].outside = True
    put(state, "dragonewts", "Alkoth", kind="named_dragonewt")[0].sitting = True
    text = " / ".join(line for line, _ in unit_lines(state, z("Alkoth")))
    assert "1 outside the walls" in text and "1 on their city" in text


# --- the whole map (/board full) --------------------------------------------------------------------------------


def _zone_on_full(image: Image.Image, zid: str) -> list[tuple[int, int, int]]:
    """The pixels of a zone on the whole map (where its index lies on the overview's raster)."""
    bordered = layers()[0]
    index = list(BOARD.zones).index(zid)
    mine = bordered.point([255 if v == index else 0 for v in range(256)])
    left, top, right, bottom = mine.getbbox()  # type: ignore[misc]
    return [
        image.getpixel((map_left() + x, HEAD + y))  # type: ignore[misc]
        for y in range(top, bottom)
        for x in range(left, right)
        if mine.getpixel((x, y))
    ]


def test_the_whole_map_is_an_overview_as_wide_as_the_posted_board() -> None:
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    with recording() as drawn:
        image = render_full(state, table_facts(genertela, state, ["Ann", "Bob"]))
    assert image.width == WIDTH and HEAD + map_size()[1] < image.height < 1100
    assert encode_png(image)[:4] == b"\x89PNG"
    texts = [text.text for text in drawn]
    counts: dict[tuple[str, str], int] = {}
    for unit in state.units:
        if unit.kind not in ("city", "forest"):
            where = (unit.zone, NATIONS[unit.nation].side)
            counts[where] = counts.get(where, 0) + 1
    for (_, side), count in counts.items():  # each side's units per zone, its nations counted together
        assert f"{side[0]}{count}" in texts
    assert not any(zone.name in texts for zone in BOARD.zones.values())  # names: the focused views'
    assert any(text.startswith(HOUSE_MAP) for text in texts)


def test_a_controlled_zone_is_tinted_with_its_sides_colour() -> None:
    state = genertela.new([SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    pixels = _zone_on_full(
        render_full(state, table_facts(genertela, state, ["Ann"])).convert("RGB"), BOARD.resolve("Pent")
    )  # the Pentans' (Blue)
    tinted = zone_colour(BOARD.zone("Pent").terrain, "Blue")
    assert sum(_near(p, tinted) for p in pixels) > len(pixels) / 2


def test_special_units_are_counted_with_their_side_and_starred() -> None:
    state = blank(nation="uz")
    put(state, "heortlings", "Prax", 2)
    hero(state, "heortlings", "Prax", "Vardan", ["hero"])
    put(state, "heortlings", "Pavis", 1)
    with recording() as drawn:
        image = _full(state)
    assert "Y3" in [text.text for text in drawn] and "Y1" in [text.text for text in drawn]
    assert any(_near(p, HIGHLIGHT) for p in _zone_on_full(image, z("Prax")))  # the star beside Prax's count
    assert not any(_near(p, HIGHLIGHT) for p in _zone_on_full(image, z("Pavis")))
    state.fought = [z("Prax")]  # the posted board looks there
    texts = _texts(lambda: render(state, table_facts(genertela, state, ["Ann"])))
    assert any("Heortlings" in text and "Vardan" in text for text in texts)  # among the nations
    texts = _texts(lambda: render_zoom(state, table_facts(genertela, state, ["Ann"]), z("Prax")))
    assert any("Vardan" in text for text in texts)  # the zoom's list


def test_cities_and_forests_are_drawn_as_icons_not_counted_as_units() -> None:
    from render.genertela import TREE

    state = blank(nation="uz")
    put(state, "heortlings", "Holay", kind="city")
    put(state, "aldryami", "Arstola", 1)
    put(state, "aldryami", "Arstola", kind="forest")
    with recording() as drawn:
        image = _full(state)
    texts = [text.text for text in drawn]
    assert "R1" in texts and "R2" not in texts  # the Forest is not a unit
    assert not any(text[0] == "Y" and text[1:].isdigit() for text in texts)  # nor the City
    assert any(_near(p, SIDE_COLOURS["Yellow"]) for p in _zone_on_full(image, z("Holay")))  # its owner's colour
    assert any(_near(p, TREE) for p in _zone_on_full(image, z("Arstola")))
    for zid, colour in ((z("Holay"), SIDE_COLOURS["Yellow"]), (z("Arstola"), TREE)):  # and on the focused boards
        with recording() as drawn:
            zoom = render_zoom(state, table_facts(genertela, state, ["Ann"]), zid).convert("RGB")
        assert any(_near(c, colour) for _, c in zoom.getcolors(maxcolors=65536) or [])
        assert not any(text.text.startswith(("City", "Forest")) and "unit" in text.text for text in drawn)


def test_a_zone_without_walls_has_no_outside() -> None:
    from render.genertela import unit_lines

    state = blank(nation="uz")
    assert not BOARD.zone("Dog Plains").fortress
    put(state, "alkorings", "Dog Plains", 2)[0].outside = True  # a flag left from a walled zone it came from
    assert not any("outside" in line for line, _ in unit_lines(state, z("Dog Plains")))
    texts = _texts(lambda: render_zoom(state, table_facts(genertela, state, ["Ann"]), z("Dog Plains")))
    assert not any("outside" in text for text in texts)  # nor a count beside walls, nor its key


def test_zones_fought_over_in_the_last_nation_turn_are_outlined() -> None:
    state = blank(nation="uz")
    zid = z("Prax")
    (left, top), band, _ = outline(zid)
    bx, by = next((bx, by) for by in range(band.height) for bx in range(band.width) if band.getpixel((bx, by)))
    spot = (map_left() + left + bx, HEAD + top + by)
    assert not _near(_full(state).getpixel(spot), HIGHLIGHT)
    state.fought = [zid]
    assert _near(_full(state).getpixel(spot), HIGHLIGHT)


def test_battles_are_recorded_for_the_board_until_the_next_nation_turn_that_fights() -> None:
    from rules.genertela import combat
    from rules.genertela.board import ORDER

    state = blank(nation="heortlings")
    log = ActionLog()
    combat.start(state, z("Prax"), "uz", log)
    combat.start(state, z("Pavis"), "uz", log)
    assert state.fought == [z("Prax"), z("Pavis")]
    state.order_index = ORDER.index("uz")  # the next nation's first battle replaces them
    combat.start(state, z("Holay"), "heortlings", log)
    assert state.fought == [z("Holay")]


def test_the_nations_table_marks_whose_nation_turn_it_is() -> None:
    state = blank(nation="uz")
    with recording() as drawn:
        image = _full(state)
    assert any(text.text.startswith("> Uz ") for text in drawn)
    below = image.crop((0, HEAD + map_size()[1], image.width, image.height))
    rows = [y for y in range(below.height) if any(_near(below.getpixel((x, y)), HIGHLIGHT) for x in range(0, 800, 4))]
    assert 15 <= len(rows) <= 30  # one bar, on the active nation's line
    texts = _texts(lambda: render(state, table_facts(genertela, state, ["Ann"])))
    assert any(text.startswith("> Uz ") for text in texts)  # and first among the nations in view, marked


def test_the_headline_says_whose_nation_turn_and_where_its_battle_is() -> None:
    from render.genertela import headline
    from rules.genertela import combat

    state = blank(nation="heortlings")
    assert headline(state) == "Heortlings (Yellow) - move"
    state.phase = "battle"
    combat.start(state, z("Prax"), "uz", ActionLog())
    assert headline(state) == "Heortlings (Yellow) - battle in Prax against Uz, round 1"


def test_the_whole_map_has_a_key_of_terrains_and_marks() -> None:
    from render.genertela import TERRAIN

    with recording() as drawn:
        image = _full(blank(nation="uz"))
    below = image.crop((0, HEAD + map_size()[1], image.width, image.height))
    colours = {colour for _, colour in below.getcolors(maxcolors=4096) or []}
    for colour in TERRAIN.values():
        assert any(_near(c, colour) for c in colours), colour
    texts = [text.text for text in drawn]
    assert {"Deathline", "Emperor's lands", "fortress", "narrow pass"} <= set(texts)
