"""Genertela's starts and bot decisions, pinned: tables replay from their logs, so a speed-up of the board's queries
or the bots (bench/genertela_start.py measures them) must leave every starting state and every bot decision exactly
as it was. The hashes were computed on the code before the caches of board.py and policy.firepower's shortcut;
`python -m bench.genertela_start --digest FILE` checks 122 such cases (10 seeds x both scenarios x 2-4 players x both
prelude bots, and two bot-played stretches)."""

from __future__ import annotations

import pytest

from bench.genertela_start import bot_play_digest, start, state_digest

STARTS = [
    # (scenario, the prelude's bot, players, seed, hash of the state new() returns)
    ("short", "normal", 2, 0, "89640bff3e392bcd"),
    ("short", "simple", 3, 2, "c971064de8b5c89c"),
    ("full", "normal", 4, 3, "1d72841d621a2c10"),
    ("full", "simple", 2, 1, "7427354a199d3b77"),
]


@pytest.mark.parametrize(("scenario", "prelude", "players", "seed", "expected"), STARTS)
def test_a_start_is_the_same_state_as_before(
    scenario: str, prelude: str, players: int, seed: int, expected: str
) -> None:
    assert state_digest(start(seed, players, scenario, prelude)) == expected


def test_the_seat_bot_chooses_the_same_actions_as_before() -> None:
    """300 actions of four bot seats (bot.policy, the sharp one) after a short start: each action and the end state."""
    assert bot_play_digest(0, 4, 300) == "0527e8af291a5f95"
