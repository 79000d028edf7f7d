"""Small World Underground board image: size, pieces, highlights, and no secret coins."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops

from render.draw import encode_png
from render.smallworld import render
from render.smallworld_base import layout, shade_inner
from rules.base import SeatInfo
from rules.rng import Rng
from rules.smallworld.content import content, load_map
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.state import CONQUER, Combo, State

NAMES = ["Ana", "Bo", "Cyd", "Dee", "Eli"]


def start(players: int) -> State:
    return smallworld.new([SeatInfo() for _ in range(players)], {}, Rng(3))


def land(players: int) -> list[str]:
    game_map = load_map(players)
    return [rid for rid, region in game_map.regions.items() if region.terrain not in ("river", "chasm", "volcano")]


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels differ inside box."""
    diff = ImageChops.difference(a.convert("RGB").crop(box), b.convert("RGB").crop(box)).convert("L")
    return sum(diff.point(lambda v: 255 if v else 0).histogram()[255:])


def around(players: int, rid: str, radius: int = 22) -> tuple[int, int, int, int]:
    x, y = load_map(players).regions[rid].centre
    top = layout(load_map(players)).map_top + 8
    return (x - radius, y + top - radius, x + radius, y + top + radius)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_map_renders_at_its_size(players: int) -> None:
    image = render(start(players), NAMES[:players])
    place = layout(load_map(players))
    assert image.size == (place.width, place.height)
    assert 1300 <= image.width <= 1500
    assert encode_png(image).startswith(b"\x89PNG")


def test_tokens_change_pixels_at_the_region_centre() -> None:
    state = start(3)
    rid = land(3)[4]
    state.regions[rid].monsters = 0
    before = render(state, NAMES)
    state.regions[rid].owner, state.regions[rid].tokens = 1, 3
    after = render(state, NAMES)
    assert changed(before, after, around(3, rid)) > 300
    elsewhere = around(3, land(3)[9])
    assert changed(before, after, elsewhere) == 0


def test_declined_tokens_look_different_from_active_ones() -> None:
    state = start(2)
    rid = land(2)[2]
    state.regions[rid].owner, state.regions[rid].tokens, state.regions[rid].monsters = 0, 1, 0
    active = render(state, NAMES)
    state.regions[rid].declined = True
    declined = render(state, NAMES)
    assert changed(active, declined, around(2, rid, 18)) > 200


def test_monsters_and_treasures_are_drawn() -> None:
    state = start(2)
    rid = land(2)[3]
    state.regions[rid].monsters = 0
    empty = render(state, NAMES)
    state.regions[rid].monsters = 2
    state.regions[rid].treasure = next(iter(content().treasures))
    shown = render(state, NAMES)
    x, y = load_map(2).regions[rid].centre
    top = layout(load_map(2)).map_top
    assert changed(empty, shown, (x + 20, y + top - 12, x + 60, y + top + 28)) > 100  # monsters right of centre
    assert changed(empty, shown, (x - 55, y + top + 25, x + 40, y + top + 50)) > 100  # treasure below


def test_this_turns_conquests_are_highlighted() -> None:
    state = start(4)
    rid = land(4)[5]
    state.regions[rid].owner, state.regions[rid].tokens, state.regions[rid].monsters = 0, 2, 0
    state.phase = CONQUER
    plain = render(state, NAMES)
    state.log.conquered = [rid]
    lit = render(state, NAMES)
    region = load_map(4).regions[rid]
    xs = [x for x, _ in region.outline]
    ys = [y + layout(load_map(4)).map_top for _, y in region.outline]
    assert changed(plain, lit, (min(xs) - 5, min(ys) - 5, max(xs) + 5, max(ys) + 5)) > 500
    other = land(4)[15]
    if other not in load_map(4).regions[rid].adjacent:
        assert changed(plain, lit, around(4, other)) == 0


def test_coins_never_reach_the_image() -> None:
    state = start(3)
    state.row[1].coins = 2
    state.seats[0].active = Combo(state.row[0].race, state.row[0].power)
    state.seats[0].coins = 5
    poor = render(state, NAMES).tobytes()
    state.seats[0].coins = 87
    state.seats[1].coins = 0
    rich = render(state, NAMES).tobytes()
    assert poor == rich
    assert render(smallworld.view(state, None), NAMES).tobytes() == rich


def test_coins_lying_on_a_combo_are_public() -> None:
    state = start(2)
    without = render(state, NAMES)
    state.row[2].coins = 3
    with_coins = render(state, NAMES)
    place = layout(load_map(2))
    assert changed(without, with_coins, (0, place.combos_top, place.width, place.combos_top + 130)) > 100


def test_turn_track_and_whose_turn_change_the_header() -> None:
    state = start(2)
    first = render(state, NAMES)
    state.turn, state.current = 4, 1
    later = render(state, NAMES)
    assert changed(first, later, (0, 0, 1400, 70)) > 200


@pytest.mark.parametrize("players", [2, 5])
def test_states_from_random_legal_play_render(players: int) -> None:
    state = start(players)
    chooser = random.Random(players)
    for step in range(80):
        if smallworld.outcome(state) is not None:
            break
        seat = min(smallworld.awaiting(state))
        smallworld.act(state, seat, chooser.choice(smallworld.legal(state, seat)).action, Rng(step))
    assert any(region.owner is not None for region in state.regions.values())
    image = render(state, NAMES[:players])
    assert image.size == render(start(players), NAMES[:players]).size


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_inner_regions_are_drawn_darker_and_edge_regions_are_not(players: int) -> None:
    """The edge a race enters from shows: inner regions are shaded, every other region keeps its colour."""
    game_map = load_map(players)
    plain = Image.new("RGB", game_map.size, (200, 200, 200))
    shaded = plain.copy()
    shade_inner(shaded, game_map, 0)
    inner = set(game_map.inner_land())
    assert inner
    for rid, region in game_map.regions.items():
        before, after = plain.getpixel(region.centre), shaded.getpixel(region.centre)
        if rid in inner:
            assert sum(after) < sum(before) - 100, f"{rid} is inner but not shaded"
        else:
            assert after == before, f"{rid} is an edge region but shaded"
