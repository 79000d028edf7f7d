"""The Genertela board image: size, control colours, and that it draws a running and a finished game."""

from __future__ import annotations

from render.draw import HIGHLIGHT, encode_png
from render.genertela import LINE, PANEL, SIDE_COLOURS, TOP, render
from rules.base import ActionLog, SeatInfo
from rules.genertela.board import BOARD, NATIONS
from rules.genertela.engine import ENGINE as genertela
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


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


def _board(state):  # type: ignore[no-untyped-def]
    return render(genertela.view(state, None), ["Ann"]).convert("RGB")


def _near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    """The board is quantised to a fixed palette: a colour comes back within a few steps."""
    return all(abs(a - b) <= 4 for a, b in zip(pixel, colour, strict=True))


def test_special_units_are_named_with_a_star_under_their_nations_count() -> None:
    from render.genertela import army_lines, short_name

    state = blank(nation="uz")
    put(state, "heortlings", "Prax", 2)
    hero(state, "heortlings", "Prax", "Vardan", ["hero"])
    hero(state, "heortlings", "Prax", "Karastand Halftroll", ["hero"])
    assert army_lines(state, z("Prax")) == [("Yellow", "Heortlings 4", ["Vardan", "Karastand H."])]
    assert short_name("Harmast") == "Harmast" and len(short_name("A very long name indeed")) <= 12
    x, y = BOARD.zones[z("Prax")].centre
    image = _board(state)
    around = [image.getpixel((px, y + TOP + 6 + LINE + dy)) for px in range(x - 60, x + 10) for dy in (-2, 0, 2)]
    assert any(_near(p, HIGHLIGHT) for p in around)  # the star beside the names


def test_cities_and_forests_are_drawn_as_icons_not_counted_as_units() -> None:
    from render.genertela import TREE, army_lines

    state = blank(nation="uz")
    put(state, "heortlings", "Holay", 1)
    put(state, "heortlings", "Holay", kind="city")
    put(state, "aldryami", "Arstola", 1)
    put(state, "aldryami", "Arstola", kind="forest")
    assert army_lines(state, z("Holay")) == [("Yellow", "Heortlings 1", [])]
    image = _board(state)
    x, y = BOARD.zones[z("Holay")].centre
    assert _near(image.getpixel((x + 21, y + TOP - 17)), SIDE_COLOURS["Yellow"])  # the City, in its owner's colour
    x, y = BOARD.zones[z("Arstola")].centre
    assert _near(image.getpixel((x - 21, y + TOP - 19)), TREE)


def test_units_outside_the_walls_and_dragonewts_on_their_city_are_shown() -> None:
    from render.genertela import army_lines

    state = blank(nation="uz")
    outside = put(state, "dara_happans", "Alkoth", 2)[1]
    outside.outside = True
    newt = put(state, "dragonewts", "Alkoth", kind="named_dragonewt")[0]
    newt.sitting = True
    lines = {side: text for side, text, _ in army_lines(state, z("Alkoth"))}
    assert lines[NATIONS["dara_happans"].side] == "Dara Happa 2 (1 out)"
    assert lines[NATIONS["dragonewts"].side] == "Dragonewts 1 (1 on city)"


def test_zones_fought_over_in_the_last_nation_turn_are_outlined() -> None:
    from render.genertela import _outline

    state = blank(nation="uz")
    zid = z("Prax")
    (left, top), band, _ = _outline(list(BOARD.zones).index(zid))
    bx, by = next((bx, by) for by in range(band.height) for bx in range(band.width) if band.getpixel((bx, by)))
    spot = (left + bx, top + by + TOP)
    assert not _near(_board(state).getpixel(spot), HIGHLIGHT)
    state.fought = [zid]
    assert _near(_board(state).getpixel(spot), HIGHLIGHT)


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


def test_the_panel_marks_whose_nation_turn_it_is() -> None:
    state = blank(nation="uz")
    image = _board(state)
    panel = image.crop((BOARD.canvas[0], TOP, image.width, image.height))
    rows = [y for y in range(panel.height) if _near(panel.getpixel((PANEL - 30, y)), HIGHLIGHT)]
    assert 10 <= len(rows) <= 20  # one bar, on the active nation's line


def test_the_headline_says_whose_nation_turn_and_where_its_battle_is() -> None:
    from render.genertela import headline
    from rules.genertela import combat

    state = blank(nation="heortlings")
    assert headline(state) == "Heortlings (Yellow) - move"
    state.phase = "battle"
    combat.start(state, z("Prax"), "uz", ActionLog())
    assert headline(state) == "Heortlings (Yellow) - battle in Prax against Uz, round 1"


def test_the_zoom_list_says_which_units_stand_outside_or_sit_on_their_city() -> None:
    from render.genertela import _unit_lines

    state = blank(nation="uz")
    put(state, "dara_happans", "Alkoth", 2)[1].outside = True
    put(state, "dragonewts", "Alkoth", kind="named_dragonewt")[0].sitting = True
    text = " / ".join(line for line, _ in _unit_lines(state, z("Alkoth")))
    assert "1 outside the walls" in text and "1 on their city" in text


def test_the_panel_has_a_legend_of_terrains_and_marks() -> None:
    from render.genertela import TERRAIN, TREE

    image = _board(blank(nation="uz"))
    panel = image.crop((BOARD.canvas[0], image.height - 110, image.width, image.height))
    colours = {colour for _, colour in panel.getcolors(maxcolors=4096) or []}
    for colour in [*TERRAIN.values(), TREE, HIGHLIGHT]:
        assert any(_near(c, colour) for c in colours), colour
