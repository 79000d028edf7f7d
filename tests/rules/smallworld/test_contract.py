"""The shared engine contract for every player count (random legal games, refusals, JSON, replay).

The quick run plays the small fixture maps with every step checked, and whole games on the real maps
without the per-step checks; the slow run checks many games step by step on the real maps.
"""

from __future__ import annotations

import pytest

from rules import serial
from rules.smallworld.engine import ENGINE as smallworld
from tests.engine_contract import check_engine, play_random, replay

PLAYERS = [2, 3, 4, 5]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.usefixtures("fixture_maps")
def test_contract_on_fixture_maps(players: int) -> None:
    check_engine(smallworld, players=players, games=2)


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_on_real_maps_end_and_replay(players: int) -> None:
    for seed in (11, 12):
        played = play_random(smallworld, players, seed=seed, check_each_step=False)
        result = smallworld.outcome(played.state)
        assert result is not None and result.winners
        assert serial.dumps(replay(smallworld, played, players)) == serial.dumps(played.state)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_contract_on_real_maps(players: int) -> None:
    check_engine(smallworld, players=players, games=10)
