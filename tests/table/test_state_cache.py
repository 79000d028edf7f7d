"""The state cache: kept by (table, version), bounded, and the owner of what it keeps (copies out, objects in)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules import serial
from rules.base import RuleError, SeatInfo
from rules.rng import Rng
from rules.tictactoe.state import State
from table.service.state_cache import StateCache


def started(game: str, steps: int = 0, seed: int = 1) -> Any:
    engine = rules.engine(game)
    players = max(engine.meta.min_players, min(engine.meta.max_players, 3))
    state = engine.new([SeatInfo() for _ in range(players)], engine.meta.resolve_options({}), Rng(seed))
    chooser = random.Random(seed)
    for _ in range(steps):  # random moves, never giving up: the game is still running after them
        seat = chooser.choice(sorted(engine.awaiting(state)))
        moves = [c.action for c in engine.legal(state, seat) if c.action["type"] not in ("resign", "concede")]
        engine.act(state, seat, chooser.choice(moves), Rng(chooser.randrange(2**32)))
    assert engine.outcome(state) is None
    return state


def test_a_state_is_found_only_at_its_version() -> None:
    cache = StateCache()
    state = started("tictactoe")
    cache.put(7, 3, state)
    assert cache.get(7, 3) == state
    assert cache.get(7, 2) is None  # the caller read an older row: the kept state stays
    assert cache.get(7, 3) == state
    assert cache.get(7, 4) is None  # written since (another process): the kept state is gone for good
    assert cache.get(7, 3) is None and len(cache) == 0
    assert cache.get(8, 3) is None
    assert (cache.hits, cache.misses) == (2, 4)


def test_a_newer_version_replaces_and_an_older_put_does_not() -> None:
    cache = StateCache()
    first, second = started("tictactoe"), started("tictactoe", 1)
    cache.put(1, 1, first)
    cache.put(1, 2, second)
    assert cache.get(1, 1) is None and cache.get(1, 2) == second
    cache.put(1, 1, first)  # a slow reader's put of what it read before the write
    assert cache.get(1, 2) == second and len(cache) == 1


def test_the_tables_used_longest_ago_go_first() -> None:
    cache = StateCache(size=3)
    state = started("tictactoe")
    for table in (1, 2, 3):
        cache.put(table, 1, serial.clone(state))
    assert cache.get(1, 1) is not None  # table 1 used again: table 2 is now the oldest
    cache.put(4, 1, serial.clone(state))
    assert len(cache) == 3
    assert cache.get(2, 1) is None
    assert all(cache.get(table, 1) is not None for table in (1, 3, 4))


def test_drop_forgets_a_table() -> None:
    cache = StateCache()
    cache.put(1, 1, started("tictactoe"))
    cache.drop(1)
    cache.drop(2)  # not kept: nothing to do
    assert cache.get(1, 1) is None and len(cache) == 0


@pytest.mark.parametrize(("game", "steps"), [("tictactoe", 3), ("genertela", 12), ("nerath", 12)])
def test_get_hands_out_a_copy_the_caller_may_act_on(game: str, steps: int) -> None:
    engine = rules.engine(game)
    cache = StateCache()
    kept = started(game, steps)
    text = serial.dumps(kept)
    cache.put(1, 5, kept)
    mine = cache.get(1, 5)
    assert mine is not kept and mine == kept
    seat = sorted(engine.awaiting(mine))[0]
    engine.act(mine, seat, engine.legal(mine, seat)[0].action, Rng(1))
    assert serial.dumps(mine) != text
    assert serial.dumps(kept) == text  # what the cache keeps never changed
    assert serial.dumps(cache.get(1, 5)) == text


def test_a_refused_action_on_a_copy_leaves_the_kept_state_as_it_was() -> None:
    engine = rules.engine("tictactoe")
    cache = StateCache()
    cache.put(1, 1, started("tictactoe", 1))
    text = serial.dumps(cache.get(1, 1))
    mine = cache.get(1, 1)
    assert isinstance(mine, State)
    seat = sorted(engine.awaiting(mine))[0]
    taken = next(iter(mine.board))  # the square already played
    with pytest.raises(RuleError):
        engine.act(mine, seat, {"type": "mark", "square": taken}, Rng(1))
    mine.board["z9"] = 7  # whatever the caller does to its copy
    assert serial.dumps(cache.get(1, 1)) == text


def test_put_keeps_the_object_it_is_given() -> None:
    """The rule callers follow: the state put is the cache's from then on. Changing it afterwards changes what later
    readers get, which is why nothing may (this test shows the hand-over; it is no way to use the cache)."""
    cache = StateCache()
    state = started("tictactoe")
    cache.put(1, 1, state)
    state.board["b2"] = 0
    found = cache.get(1, 1)
    assert isinstance(found, State) and found.board == {"b2": 0}


def test_read_parses_once_then_hands_out_copies() -> None:
    cache = StateCache()
    state = started("tictactoe", 2)
    text = serial.dumps(state)
    parsed: list[State] = []

    def parse() -> State:
        parsed.append(serial.loads(State, text))
        return parsed[-1]

    first = cache.read(3, 9, parse)
    second = cache.read(3, 9, parse)
    assert len(parsed) == 1
    assert first == second == parsed[0] == state
    assert first is not parsed[0] and second is not parsed[0] and first is not second
    assert cache.read(3, 10, parse) == state and len(parsed) == 2  # another version: parsed again
