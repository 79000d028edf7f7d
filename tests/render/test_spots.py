"""The spots of the whole-map image (render.record.Spot: what the web page answers a click with), over a seeded
random game of every game whose renderer record has them: each box lies in the image, boxes of two things never overlap,
each name is one /info finds (a place of the map where the game has places, and then every place has a spot), and
the spots show nothing hidden. Then, per game, the boxes sit where the renderer draws those things (its own
geometry, or the very pixels it drew): a shift or a swap fails."""

from __future__ import annotations

import itertools
import random
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageDraw

import rules
from render import renderer
from render.record import Box, Spot, TableFacts, table_facts
from rules import serial
from rules.base import Lookup, SeatInfo, normal
from rules.rng import Rng
from table.text import info
from tests.engine_contract import play_random, replay

NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve"]
WITH_SPOTS = sorted(game for game in rules.engines() if renderer(game).spots is not None)


@cache
def _positions(game: str) -> tuple[str, ...]:
    """Five states of a seeded random short game, its start to its end (JSON)."""
    engine, entry = rules.engine(game), rules.game(game)
    options = dict(entry.short)
    played = play_random(engine, entry.players, options, seed=11, check_each_step=False)
    cuts = [len(played.log) * k // 4 for k in range(5)]
    return tuple(
        serial.dumps(replay(engine, type(played)(None, played.start_seed, played.log[:cut]), entry.players, options))
        for cut in cuts
    )


def _states(game: str) -> list[tuple[Any, TableFacts]]:
    engine = rules.engine(game)
    states = [serial.loads(engine.State, saved) for saved in _positions(game)]
    return [(state, table_facts(engine, state, NAMES[: rules.game(game).players])) for state in states]


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]


def _holders(spots: list[Spot], point: tuple[float, float]) -> set[str]:
    return {spot.name for spot in spots if _inside(point, spot.box)}


@pytest.mark.parametrize("game", WITH_SPOTS)
def test_every_spot_lies_in_the_whole_map_apart_from_the_others_and_names_what_info_explains(game: str) -> None:
    engine, record = rules.engine(game), renderer(game)
    assert record.spots is not None
    named = 0
    for state, facts in _states(game):
        public = engine.view(state, None)
        spots = record.spots(public, facts)
        assert record.spots(state, facts) == spots, f"{game}: the spots tell something hidden"
        width, height = record.whole_map(public, facts).size
        for spot in spots:
            x0, y0, x1, y1 = spot.box
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height, f"{game}: {spot} leaves the {width}x{height} map"
        for index, spot in enumerate(spots):  # a click names one thing at most
            for other in spots[index + 1 :]:
                a, b = spot.box, other.box
                apart = not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])
                assert apart or spot.name == other.name, (game, spot, other)
        places = engine.places(public)
        lookups: list[Lookup] = engine.glossary() + places
        for name in {spot.name for spot in spots}:
            found = info.find(lookups, name, engine.meta.title)
            assert normal(found.name) == normal(name), f"{game}: /info answers {name!r} with {found.name!r}"
            if places:
                assert found in places, f"{game}: {name!r} is no place of the map"
        if places:  # every place of the map can be clicked
            assert {normal(p.name) for p in places} == {normal(spot.name) for spot in spots}
        named += len(spots)
    assert named, f"{game}: no spot in a whole game"


def test_small_world_regions_hold_their_tokens() -> None:
    from render.smallworld import SPOT_CELL, spots
    from render.smallworld_base import labels, layout
    from rules.smallworld.content import load_map

    state, facts = _states("smallworld")[-1]
    found = spots(state, facts)
    game_map = load_map(state.players)
    for rid, where in labels(state.players).items():
        name = game_map.regions[rid].name
        assert _holders(found, where.pieces) == {name}, (name, where.pieces, _holders(found, where.pieces))
    place = layout(game_map)
    drawn = Image.new("L", (place.width, place.map_top + place.map_height), 0)
    for index, region in enumerate(game_map.regions.values(), start=1):  # each region's outline as the board has it
        ImageDraw.Draw(drawn).polygon(place.view.points(region.outline), fill=index)
    number = {region.name: index for index, region in enumerate(game_map.regions.values(), start=1)}
    for spot in found:  # each box two cells or more each way lies mostly in its own region (a box follows the
        x0, y0, x1, y1 = spot.box  # outline a cell at a time: a one-cell sliver at a tip may lie half outside)
        if min(x1 - x0, y1 - y0) >= 2 * SPOT_CELL:
            mine = drawn.crop(spot.box).histogram()[number[spot.name]]
            assert mine >= 0.6 * (x1 - x0) * (y1 - y0), (spot, mine)


def test_nerath_spaces_hold_the_centres_of_their_hexes_under_the_banner() -> None:
    from render.nerath import MAP_W, _full_banner, spots
    from render.nerath_map import overview
    from rules.nerath.content import CONTENT

    lens = overview(MAP_W)
    for state, facts in _states("nerath")[::2]:
        found = spots(state, facts)
        top = _full_banner(state, facts.names)[2]
        for space in CONTENT.spaces.values():
            x, y = lens.at(space.centre)
            assert _holders(found, (x, y + top)) == {space.name}, space.name


def test_genertela_zones_hold_the_centres_their_labels_are_placed_around() -> None:
    from render.genertela_full import _inside, at, spots
    from rules.genertela.board import BOARD

    state, facts = _states("genertela")[-1]
    found = spots(state, facts)
    for zone in BOARD.zones.values():
        assert _holders(found, at(zone.centre)) == {zone.name}, zone.name
    by_name = {zone.name: zid for zid, zone in BOARD.zones.items()}
    for spot in found:  # and each box lies in its zone's cells (the renderer's own test of a label's box)
        assert _inside(by_name[spot.name], (spot.box[0], spot.box[1], spot.box[2] - 1, spot.box[3] - 1)), spot


def _same_pixels(image: Image.Image, sprite: Image.Image, at: tuple[int, int], palette: Image.Image) -> bool:
    drawn = image.convert("RGB").crop((at[0], at[1], at[0] + sprite.width, at[1] + sprite.height))
    return drawn.tobytes() == sprite.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB").tobytes()


def test_dragon_dice_terrains_and_units_are_where_their_dice_are_drawn() -> None:
    from render.dragondice import CHIP, _palette, _terrain_die, _unit_chip, render, spots
    from rules.dragondice.content import TERRAINS, UNIT_DICE

    units = 0
    for state, facts in _states("dragondice"):
        image, found = render(state, facts), spots(state, facts)
        terrains = [spot for spot in found if spot.name in {t.name for t in TERRAINS.values()}]
        assert len(terrains) == (len(state.terrains) if found else 0)
        for spot, terrain in zip(terrains, state.terrains, strict=False):  # the die in each terrain's corner
            assert TERRAINS[terrain.kind].name == spot.name
            die = _terrain_die(terrain.kind, terrain.face, terrain.captured_by)
            assert _same_pixels(image, die, (spot.box[0] + 8, spot.box[1] + 8), _palette()), spot
        on_terrains = {u.id: u for u in state.units if any(u.where == t.id for t in state.terrains)}
        chips = [spot for spot in found if spot.box[2] - spot.box[0] == CHIP == spot.box[3] - spot.box[1]]
        assert len(chips) == len(on_terrains)
        for spot in chips:  # each unit's box holds the chip of a unit die of its name, drawn there
            kinds = {u.kind for u in on_terrains.values() if UNIT_DICE[u.kind].name == spot.name}
            owners = {u.owner for u in on_terrains.values()}
            assert any(
                _same_pixels(image, _unit_chip(owner, kind, False), spot.box[:2], _palette())
                for kind in kinds
                for owner in owners
            ), spot
        units += len(chips)
    assert units


def test_tash_kalar_spots_the_last_summon_on_its_square_and_the_tasks_in_offer_order() -> None:
    from render.tashkalar import _cell_box, spots
    from rules.tashkalar.content import CARDS, TASKS

    summons = 0
    engine, entry = rules.engine("tashkalar"), rules.game("tashkalar")
    assert engine.bot is not None  # random moves seldom summon: the game's bot does
    chooser = random.Random(11)
    state = engine.new([SeatInfo() for _ in range(entry.players)], engine.meta.resolve_options({}), Rng(11))
    for _ in range(120):
        seat = min(engine.awaiting(state))
        engine.act(state, seat, engine.bot(engine.view(state, seat), seat, chooser), Rng(chooser.randrange(2**62)))
        if engine.outcome(state) is not None:
            break
        found = spots(state, table_facts(engine, state, NAMES[: entry.players]))
        if state.last is not None:
            being = CARDS[state.last.card].name
            assert next(spot.box for spot in found if spot.name == being) == _cell_box(state.last.square)
            summons += 1
        if state.tasks_offer and state.phase != "over":
            tasks = [spot for spot in found if spot.name in {TASKS[t].name for t in state.tasks_offer}]
            assert [spot.name for spot in tasks] == [TASKS[t].name for t in state.tasks_offer]
            assert all(a.box[3] <= b.box[1] for a, b in itertools.pairwise(tasks))  # down the panel
    assert summons
