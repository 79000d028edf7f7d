"""Checks every game engine must pass; each game's tests call these with its own player counts/options.

from tests.engine_contract import check_engine
def test_contract(): check_engine(engine_module, players=2, options={...}, games=50)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules import serial
from rules.base import Choice, Engine, Event, Meta, RuleError, SeatInfo
from rules.rng import Rng


@dataclass
class Played:
    """A finished random game: the seeds and actions that replay it, and what it produced."""

    state: Any
    start_seed: int
    log: list[tuple[int, dict[str, Any], int]] = field(default_factory=list)  # (seat, action, seed)
    events: list[Event] = field(default_factory=list)


def start(engine: Engine[Any], players: int, options: dict[str, str] | None = None, seed: int = 1) -> Any:
    meta: Meta = engine.meta
    resolved = meta.resolve_options(options or {})
    return engine.new([SeatInfo() for _ in range(players)], resolved, Rng(seed))


def play_random(
    engine: Engine[Any],
    players: int,
    options: dict[str, str] | None = None,
    seed: int = 1,
    max_actions: int = 20_000,
    check_each_step: bool = True,
) -> Played:
    """Play a game to its end by random legal choices, checking the contract at every step."""
    chooser = random.Random(seed)
    state = start(engine, players, options, seed)
    played = Played(state, seed)
    for _ in range(max_actions):
        if engine.outcome(state) is not None:
            assert not engine.awaiting(state), "a finished game still awaits someone"
            return played
        waiting = sorted(engine.awaiting(state))
        assert waiting, "the game is running but awaits nobody"
        seat = chooser.choice(waiting)
        choices: list[Choice] = engine.legal(state, seat)
        assert choices, f"seat {seat} is awaited but has no legal action"
        action = chooser.choice(choices).action
        action_seed = chooser.randrange(2**62)
        if check_each_step:
            _check_step(engine, state, seat, waiting, chooser)
        rng = Rng(action_seed)
        events = engine.act(state, seat, action, rng)
        if rng.rolls:
            assert any(e.kind == "roll" for e in events), f"{action} rolled dice but showed no roll event"
        played.log.append((seat, action, action_seed))
        played.events.extend(events)
    raise AssertionError(f"no result after {max_actions} actions")


def _check_step(engine: Engine[Any], state: Any, seat: int, waiting: list[int], chooser: random.Random) -> None:
    before = serial.dumps(state)
    assert serial.dumps(serial.loads(engine.State, before)) == before, "state does not round-trip JSON"
    # the fallback of every awaited seat is legal
    for waiter in waiting:
        trial = serial.clone(state)
        engine.act(trial, waiter, engine.fallback(trial, waiter), Rng(chooser.randrange(2**62)))
    # bad input of every kind is refused and changes nothing: the state is fingerprinted once after the whole
    # batch (dumping it after each of dozens of refusals was most of the suite's time); only when the batch
    # changed it is each refusal tried again alone, on a fresh copy, to name the one that did
    batch = _bad_actions(engine, state, seat, waiting)
    for bad_seat, bad in batch:
        _refused(engine, state, bad_seat, bad)
    if engine.own_check is not None:  # without one, check() is legal() itself: nothing to compare
        for bad_seat, bad in batch:
            assert not engine.is_legal(state, bad_seat, bad), f"check() allows {bad!r}, which act() refuses"
        # check() agrees with legal(): every listed action passes it (a sample, where the list is long)
        listed = [choice.action for choice in engine.legal(state, seat)]
        for action in random.Random(len(listed)).sample(listed, min(len(listed), 12)):  # the game's chooser untouched
            engine.check(state, seat, action)
    if serial.dumps(state) != before:
        for bad_seat, bad in batch:
            alone = serial.loads(engine.State, before)
            _refused(engine, alone, bad_seat, bad)
            assert serial.dumps(alone) == before, f"refused action {bad!r} changed the state"
        raise AssertionError("refused actions together changed the state")
    view = engine.view(state, None)
    assert isinstance(view, engine.State)
    assert isinstance(engine.status(state, None), str)


def _refused(engine: Engine[Any], state: Any, seat: int, action: dict[str, Any]) -> None:
    try:
        engine.act(state, seat, action, Rng(7))
    except RuleError as error:
        assert str(error).strip(), "a RuleError needs a message for the player"
    else:
        raise AssertionError(f"seat {seat} was allowed {action!r}")


def _bad_actions(engine: Engine[Any], state: Any, seat: int, waiting: list[int]) -> list[tuple[int, dict[str, Any]]]:
    meta: Meta = engine.meta
    bad: list[tuple[int, dict[str, Any]]] = [
        (seat, {"type": "no-such-action"}),
        (seat, {}),
        (seat, {"type": 12}),
    ]
    legal_actions = [choice.action for choice in engine.legal(state, seat)]
    for spec in meta.actions:
        for param in spec.params:
            if param.kind in ("choice", "list"):
                bad.append((seat, {"type": spec.name, param.name: "zz-unknown-" + "x" * 3000}))
            bad.append((seat, {"type": spec.name, param.name: {"nested": [1, 2]}}))
    idle = [s for s in range(_seat_count(engine, state)) if s not in waiting]
    if idle and legal_actions:
        bad.append((idle[0], legal_actions[0]))
    return [(s, a) for s, a in bad if a not in legal_actions or s != seat]


def _seat_count(engine: Engine[Any], state: Any) -> int:
    return int(getattr(state, "players", engine.meta.max_players))


def replay(engine: Engine[Any], played: Played, players: int, options: dict[str, str] | None = None) -> Any:
    state = start(engine, players, options, played.start_seed)
    for seat, action, seed in played.log:
        engine.act(state, seat, action, Rng(seed))
    return state


def check_engine(
    engine: Engine[Any], players: int, options: dict[str, str] | None = None, games: int = 20
) -> list[Played]:
    """Random legal games end with a result; the log replays to the same state; JSON round-trips."""
    results = []
    for seed in range(1, games + 1):
        played = play_random(engine, players, options, seed, check_each_step=seed <= 2)
        outcome = engine.outcome(played.state)
        assert outcome is not None and outcome.summary
        assert serial.dumps(replay(engine, played, players, options)) == serial.dumps(played.state)
        results.append(played)
    return results
