"""Every installed game's renderer record (render/record.py) over the states of one short game: each picture the
record offers draws, the same state twice the same; the posted board, the whole map and the zooms draw nothing hidden
(the same from the full state as from the channel's view), a hand only what its seat may see; the zoom's places
are its own."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import rules
from render import renderer
from render.record import TableFacts, table_facts
from rules import serial
from tests.engine_contract import play_random, replay

NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve"]
INSTALLED = sorted(rules.engines())


@cache
def _positions(game: str) -> tuple[str, ...]:
    """A short game's start, a third of the way, two thirds and its end (JSON)."""
    engine, entry = rules.engine(game), rules.game(game)
    options = dict(entry.short)
    played = play_random(engine, entry.players, options, seed=3, check_each_step=False)
    cuts = (0, len(played.log) // 3, 2 * len(played.log) // 3, len(played.log))
    return tuple(
        serial.dumps(replay(engine, type(played)(None, played.start_seed, played.log[:cut]), entry.players, options))
        for cut in cuts
    )


def _states(game: str) -> list[tuple[Any, TableFacts]]:
    engine = rules.engine(game)
    states = [serial.loads(engine.State, saved) for saved in _positions(game)]
    return [(state, table_facts(engine, state, NAMES[: rules.game(game).players])) for state in states]


@pytest.mark.parametrize("game", INSTALLED)
def test_the_posted_board_draws_the_same_state_alike_and_nothing_hidden(game: str) -> None:
    engine, pictures = rules.engine(game), renderer(game)
    drawn = []
    for state, facts in _states(game):
        public = engine.view(state, None)
        image = pictures.board(public, facts).tobytes()
        assert pictures.board(public, facts).tobytes() == image, f"{game}: the same board drew two ways"
        assert pictures.board(state, facts).tobytes() == image, f"{game}: the board shows hidden information"
        drawn.append(image)
    assert drawn[0] != drawn[-1], f"{game}: the board at the end looks as at the start"


@pytest.mark.parametrize("game", [game for game in INSTALLED if renderer(game).full is not None])
def test_the_whole_map_draws_nothing_hidden(game: str) -> None:
    engine, full = rules.engine(game), renderer(game).full
    assert full is not None
    for state, facts in _states(game)[::3]:
        assert full(state, facts).tobytes() == full(engine.view(state, None), facts).tobytes()


@pytest.mark.parametrize("game", [game for game in INSTALLED if renderer(game).zoom is not None])
def test_every_zoom_place_is_named_once_draws_and_shows_nothing_hidden(game: str) -> None:
    engine, zoom = rules.engine(game), renderer(game).zoom
    assert zoom is not None
    for state, facts in _states(game)[::3]:
        public = engine.view(state, None)
        places = zoom.places(public)
        assert places and len({pid for pid, _ in places}) == len({name for _, name in places}) == len(places)
        for pid, name in places:  # another spelling is the game's own: it never names another place
            assert zoom.place(name) in (pid, None) and zoom.place(pid) in (pid, None), (pid, name)
        for pid, _ in places[:: max(1, len(places) // 3)]:
            image = zoom.draw(public, facts, pid).tobytes()
            assert zoom.draw(state, facts, pid).tobytes() == image, (
                f"{game}: the zoom on {pid} shows hidden information"
            )


@pytest.mark.parametrize("game", [game for game in INSTALLED if renderer(game).hand is not None])
def test_a_hand_draws_only_what_its_seat_may_see(game: str) -> None:
    engine, hand = rules.engine(game), renderer(game).hand
    assert hand is not None
    for state, facts in _states(game)[1::2]:
        for seat in range(len(facts.names)):
            mine = hand(engine.view(state, seat), seat, facts).tobytes()
            assert hand(state, seat, facts).tobytes() == mine, f"{game}: seat {seat}'s hand shows another's secret"


@pytest.mark.parametrize("game", [game for game in INSTALLED if renderer(game).warm is not None])
def test_warming_up_leaves_the_boards_as_they_were(game: str) -> None:
    engine, pictures = rules.engine(game), renderer(game)
    state, facts = _states(game)[1]
    before = pictures.board(engine.view(state, None), facts).tobytes()
    assert pictures.warm is not None
    pictures.warm()
    assert pictures.board(engine.view(state, None), facts).tobytes() == before
