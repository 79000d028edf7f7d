"""Small World Underground board image: size, pieces, highlights, no secret coins, text readable at Discord's
inline width, and the zoomed view (/board zoom) with its place names."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops

from render.draw import Drawn, contrast_ratio, encode_png, recording
from render.record import table_facts
from render.smallworld import render, render_zoom, warm, zoom_place, zoom_places
from render.smallworld_base import INLINE, PANEL, WIDTH, labels, layout, race_colour, shade_inner
from rules.base import SeatInfo
from rules.rng import Rng
from rules.smallworld.content import TURNS_BY_PLAYERS, content, load_map
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.state import CONQUER, Combo, State
from tests.render.pixels import colour_at

NAMES = ["Ana", "Bo", "Cyd", "Dee", "Eli"]
MAPS = sorted(TURNS_BY_PLAYERS)


def start(players: int) -> State:
    return smallworld.new([SeatInfo() for _ in range(players)], {}, Rng(3))


def played(players: int, steps: int = 80) -> State:
    """A state from random legal play."""
    state = start(players)
    chooser = random.Random(players)
    for step in range(steps):
        if smallworld.outcome(state) is not None:
            break
        seat = min(smallworld.awaiting(state))
        smallworld.act(state, seat, chooser.choice(smallworld.legal(state, seat)).action, Rng(step))
    return state


def land(players: int) -> list[str]:
    game_map = load_map(players)
    return [rid for rid, region in game_map.regions.items() if region.terrain not in ("river", "chasm", "volcano")]


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels differ inside box."""
    diff = ImageChops.difference(a.convert("RGB").crop(box), b.convert("RGB").crop(box)).convert("L")
    return sum(diff.point(lambda v: 255 if v else 0).histogram()[255:])


def around(players: int, rid: str, radius: int = 16) -> tuple[int, int, int, int]:
    """A square about the region's tokens."""
    x, y = labels(players)[rid].pieces
    return (round(x) - radius, round(y) - radius, round(x) + radius, round(y) + radius)


def too_small(image: Image.Image, drawn: list[Drawn]) -> list[str]:
    """Texts under 8 px (a headline under 11 px) once Discord shrinks the image to 550 px."""
    scale = min(1.0, INLINE / image.width)
    return [f"{t.text!r} {t.size * scale:.1f}" for t in drawn if t.size * scale < (11 if t.headline else 8)]


@pytest.mark.parametrize("players", MAPS)
def test_each_map_renders_at_its_size(players: int) -> None:
    image = render(start(players), table_facts(smallworld, start(players), NAMES[:players]))
    place = layout(load_map(players))
    assert image.size == (place.width, place.height) == (WIDTH, place.height)
    assert image.height < 1.3 * image.width  # a board, not a scroll: Discord shows it whole
    assert encode_png(image).startswith(b"\x89PNG")


@pytest.mark.parametrize("players", MAPS)
def test_every_text_reads_at_discords_inline_width(players: int) -> None:
    for state in (start(players), played(players)):
        with recording() as drawn:
            image = render(smallworld.view(state, None), table_facts(smallworld, state, NAMES[:players]))
        assert not too_small(image, drawn)
        assert any(text.headline for text in drawn)
        texts = {text.text for text in drawn}
        words = set(" ".join(texts).split())  # a name may be drawn on two lines
        assert all(set(region.name.split()) <= words for region in load_map(players).regions.values())
        assert any(NAMES[seat] in text for text in texts for seat in range(players))


def test_cached_layers_report_their_texts_on_every_board() -> None:
    state = played(4)
    counts = []
    for _ in range(2):
        with recording() as drawn:
            render(state, table_facts(smallworld, state, NAMES[:4]))
        counts.append(len(drawn))
    assert counts[0] == counts[1] > 60


def test_the_race_line_reads_on_its_panel() -> None:
    for seat in range(len(NAMES)):
        assert contrast_ratio(race_colour(seat), PANEL) >= 4.5
    state = start(5)
    for seat, player in enumerate(state.seats):
        player.active = Combo(state.row[seat].race, state.row[seat].power)
    image = render(state, table_facts(smallworld, state, NAMES)).convert("RGB")
    place = layout(load_map(5))
    rows = image.crop((0, place.players_top, image.width, place.combos_top))
    colours = {colour for _, colour in rows.getcolors(1 << 16) or []}
    for seat in range(5):
        assert race_colour(seat) in colours  # the palette keeps the exact colour: quantizing dulls no text


def test_tokens_change_pixels_where_the_region_keeps_them() -> None:
    state = start(3)
    rid = land(3)[4]
    state.regions[rid].monsters = 0
    before = render(state, table_facts(smallworld, state, NAMES))
    state.regions[rid].owner, state.regions[rid].tokens = 1, 3
    with recording() as drawn:
        after = render(state, table_facts(smallworld, state, NAMES))
    assert changed(before, after, around(3, rid)) > 300
    assert changed(before, after, around(3, land(3)[9])) == 0
    assert "B3" in {text.text for text in drawn}  # the seat letter and the count


def test_declined_tokens_look_different_from_active_ones() -> None:
    state = start(2)
    rid = land(2)[2]
    state.regions[rid].owner, state.regions[rid].tokens, state.regions[rid].monsters = 0, 1, 0
    active = render(state, table_facts(smallworld, state, NAMES))
    state.regions[rid].declined = True
    declined = render(state, table_facts(smallworld, state, NAMES))
    assert changed(active, declined, around(2, rid, 14)) > 200


def test_monsters_and_treasures_are_drawn() -> None:
    state = start(2)
    rid = land(2)[3]
    state.regions[rid].monsters = 0
    empty = render(state, table_facts(smallworld, state, NAMES))
    state.regions[rid].monsters = 2
    treasure = next(iter(content().treasures.values()))
    state.regions[rid].treasure = treasure.id
    with recording() as drawn:
        shown = render(state, table_facts(smallworld, state, NAMES))
    x, y = (round(v) for v in labels(2)[rid].pieces)
    assert changed(empty, shown, (x - 16, y - 16, x + 16, y + 16)) > 100  # monsters where tokens go
    assert changed(empty, shown, (x - 40, y + 18, x + 40, y + 36)) > 100  # the Place or Relic below
    assert treasure.name in {text.text for text in drawn}


def test_this_turns_conquests_are_highlighted() -> None:
    state = start(4)
    rid = land(4)[5]
    state.regions[rid].owner, state.regions[rid].tokens, state.regions[rid].monsters = 0, 2, 0
    state.phase = CONQUER
    plain = render(state, table_facts(smallworld, state, NAMES))
    state.log.conquered = [rid]
    lit = render(state, table_facts(smallworld, state, NAMES))
    place = layout(load_map(4))
    points = place.view.points(load_map(4).regions[rid].outline)
    xs, ys = [round(x) for x, _ in points], [round(y) for _, y in points]
    assert changed(plain, lit, (min(xs) - 5, min(ys) - 5, max(xs) + 5, max(ys) + 5)) > 400
    other = land(4)[15]
    if other not in load_map(4).regions[rid].adjacent:
        assert changed(plain, lit, around(4, other)) == 0


def test_coins_never_reach_the_image() -> None:
    state = start(3)
    state.row[1].coins = 2
    state.seats[0].active = Combo(state.row[0].race, state.row[0].power)
    state.seats[0].coins = 5
    poor = render(state, table_facts(smallworld, state, NAMES)).tobytes()
    state.seats[0].coins = 87
    state.seats[1].coins = 0
    rich = render(state, table_facts(smallworld, state, NAMES)).tobytes()
    assert poor == rich
    assert render(smallworld.view(state, None), table_facts(smallworld, state, NAMES)).tobytes() == rich


def test_coins_lying_on_a_combo_are_public() -> None:
    state = start(2)
    without = render(state, table_facts(smallworld, state, NAMES))
    state.row[2].coins = 3
    with recording() as drawn:
        with_coins = render(state, table_facts(smallworld, state, NAMES))
    place = layout(load_map(2))
    assert changed(without, with_coins, (0, place.combos_top, place.width, place.legend_top)) > 100
    assert "+3 coins" in {text.text for text in drawn}


def test_turn_track_and_whose_turn_change_the_header() -> None:
    state = start(2)
    first = render(state, table_facts(smallworld, state, NAMES))
    state.turn, state.current = 4, 1
    later = render(state, table_facts(smallworld, state, NAMES))
    assert changed(first, later, (0, 0, WIDTH, 70)) > 200


@pytest.mark.parametrize("players", [2, 5])
def test_states_from_random_legal_play_render(players: int) -> None:
    state = played(players)
    assert any(region.owner is not None for region in state.regions.values())
    image = render(state, table_facts(smallworld, state, NAMES[:players]))
    assert image.size == render(start(players), table_facts(smallworld, start(players), NAMES[:players])).size


@pytest.mark.parametrize("players", MAPS)
def test_inner_regions_are_drawn_darker_and_edge_regions_are_not(players: int) -> None:
    """The edge a race enters from shows: inner regions are shaded, every other region keeps its colour."""
    game_map = load_map(players)
    plain = Image.new("RGB", game_map.size, (200, 200, 200))
    shaded = plain.copy()
    shade_inner(shaded, game_map, 0)
    inner = set(game_map.inner_land())
    assert inner
    for rid, region in game_map.regions.items():
        before, after = colour_at(plain, region.centre), colour_at(shaded, region.centre)
        if rid in inner:
            assert sum(after) < sum(before) - 100, f"{rid} is inner but not shaded"
        else:
            assert after == before, f"{rid} is an edge region but shaded"


def test_warm_builds_every_map() -> None:
    warm()
    for players in MAPS:
        assert render(start(players), table_facts(smallworld, start(players), NAMES[:players])).width == WIDTH


# --- /board zoom ---------------------------------------------------------------------------------------------


def test_zoom_places_list_every_region_of_every_map_once_by_name() -> None:
    places = zoom_places()
    ids = [rid for rid, _ in places]
    assert len(ids) == len(set(ids))
    assert [name for _, name in places] == sorted(name for _, name in places)
    for players in MAPS:
        game_map = load_map(players)
        assert set(game_map.regions) <= set(ids)
        assert zoom_places(start(players)) == sorted(
            ((rid, region.name) for rid, region in game_map.regions.items()), key=lambda pair: pair[1]
        )
    names = dict(places)
    for players in MAPS:  # a region keeps its name on every map it is on
        assert all(names[rid] == region.name for rid, region in load_map(players).regions.items())


def test_zoom_place_resolves_names_and_ids_in_any_spelling_and_refuses_others() -> None:
    rid, name = next((rid, name) for rid, name in zoom_places() if " " in name)
    for typed in (name, name.upper(), name.lower().replace(" ", "-"), f"  {name}  ", rid, rid.upper()):
        assert zoom_place(typed) == rid, typed
    assert zoom_place("Atlantis") is None
    assert zoom_place("") is None


@pytest.mark.parametrize("players", [2, 5])
def test_zoom_shows_the_region_and_its_neighbours_by_name(players: int) -> None:
    state = played(players)
    game_map = load_map(players)
    rid = max(game_map.regions, key=lambda r: len(game_map.regions[r].adjacent))
    with recording() as drawn:
        image = render_zoom(smallworld.view(state, None), table_facts(smallworld, state, NAMES[:players]), rid)
    texts = " ".join(text.text for text in drawn)
    for shown in (rid, *game_map.regions[rid].adjacent):
        assert game_map.regions[shown].name in texts
    assert any(text.headline and game_map.regions[rid].name in text.text for text in drawn)
    assert not too_small(image, drawn)
    on_map = [t for t in drawn if t.text in game_map.regions[rid].name.split() or t.text == game_map.regions[rid].name]
    assert max(t.size for t in on_map) >= 27  # drawn at the zoom's own scale, well above the board's 16 px


def test_zoom_names_the_owners_of_tokens_and_what_lies_in_each_region() -> None:
    state = start(3)
    game_map = load_map(3)
    rid = land(3)[4]
    here = state.regions[rid]
    state.seats[1].active = Combo(state.row[0].race, state.row[0].power)
    here.owner, here.tokens, here.monsters = 1, 4, 0
    here.treasure = next(iter(content().treasures))
    neighbour = game_map.regions[rid].adjacent[0]
    state.regions[neighbour].monsters = 2
    with recording() as drawn:
        render_zoom(
            state, table_facts(smallworld, state, NAMES[:3]), game_map.regions[rid].name
        )  # a name works as well as an id
    texts = [text.text for text in drawn]
    assert "B4" in texts
    assert any(text.startswith("Bo (B): 4 active") for text in texts)
    assert any(content().treasures[here.treasure].name in text for text in texts)
    beast = content().monsters.get(game_map.regions[neighbour].terrain)
    said = f"{beast.name}, strength 2" if beast else "2 monsters"
    assert any(text.startswith(said) for text in texts)  # who guards it, how strong, what they pay


def test_zoom_on_a_region_of_another_map_says_so_and_unknown_names_are_refused() -> None:
    two, five = set(load_map(2).regions), set(load_map(5).regions)
    elsewhere = sorted(five - two)[0]
    with recording() as drawn:
        image = render_zoom(start(2), table_facts(smallworld, start(2), NAMES[:2]), elsewhere)
    assert any("not on this one" in text.text for text in drawn)
    assert not too_small(image, drawn)
    with pytest.raises(ValueError):
        render_zoom(start(2), table_facts(smallworld, start(2), NAMES[:2]), "atlantis")


def test_the_zoom_reads_at_inline_width_for_a_sample_of_regions() -> None:
    state = smallworld.view(played(4, 120), None)
    for rid in sorted(load_map(4).regions)[::5]:
        with recording() as drawn:
            image = render_zoom(state, table_facts(smallworld, state, NAMES[:4]), rid)
        assert image.width <= WIDTH
        assert not too_small(image, drawn), rid
