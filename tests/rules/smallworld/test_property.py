"""Property test of issue #3: 1,000 seeded games played by random legal choices all end with a winner, and
random illegal actions interleaved along the way are refused without changing the state."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import serial
from rules.base import RuleError
from rules.rng import Rng
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.state import State
from tests.engine_contract import start

GAMES = 1000
PLAYERS = (2, 3, 4, 5)


def illegal_action(chooser: random.Random, state: State, seat: int, waiting: list[int]) -> tuple[int, dict[str, Any]]:
    """A random action the engine must refuse: wrong seat, unknown type, unknown or garbled parameters."""
    legal = [c.action for c in smallworld.legal(state, seat)]
    idle = [s for s in range(state.players) if s not in waiting]
    options: list[tuple[int, dict[str, Any]]] = [
        (seat, {"type": chooser.choice(["fly", "", "conquer!", "pick "])}),
        (seat, {"type": "conquer", "region": f"no_such_region_{chooser.randrange(999)}"}),
        (seat, {"type": "pick", "combo": chooser.choice([0, 7, -1, "one", None])}),
        (seat, {"type": "redeploy", "source": "nowhere", "to": "nowhere", "count": chooser.randrange(-5, 50)}),
        (seat, {"type": "abandon", "region": {"x": 1}}),
    ]
    if idle and legal:
        options.append((chooser.choice(idle), chooser.choice(legal)))
    while True:
        bad_seat, action = chooser.choice(options)
        if bad_seat != seat or action not in legal:
            return bad_seat, action


def play(seed: int, players: int) -> None:
    chooser = random.Random(seed)
    state = start(smallworld, players, seed=seed)
    for _ in range(5000):
        if smallworld.outcome(state) is not None:
            break
        waiting = sorted(smallworld.awaiting(state))
        seat = chooser.choice(waiting)
        if chooser.random() < 0.05:
            before = serial.dumps(state)
            bad_seat, bad = illegal_action(chooser, state, seat, waiting)
            with pytest.raises(RuleError):
                smallworld.act(state, bad_seat, bad, Rng(seed))
            assert serial.dumps(state) == before, f"refused {bad!r} changed the state"
        action = chooser.choice(smallworld.legal(state, seat)).action
        smallworld.act(state, seat, action, Rng(chooser.randrange(2**62)))
    result = smallworld.outcome(state)
    assert result is not None and result.winners, f"game {seed} with {players} players did not end"


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_one_thousand_random_games_end_with_a_winner(players: int) -> None:
    for seed in range(GAMES // len(PLAYERS)):
        play(seed * 10 + players, players)


def test_random_games_with_illegal_actions_interleaved() -> None:
    for players in PLAYERS:
        play(7 + players, players)
