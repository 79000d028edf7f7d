"""Discord's limits over whole games: every choice's label and every value it sends fit in 100 characters, and a
person is never awaited with a single thing to do (such steps are taken for them)."""

from __future__ import annotations

import random

import pytest

from rules.base import SeatInfo
from rules.genertela.engine import ENGINE as genertela
from rules.rng import Rng

DISCORD_LIMIT = 100


def _play(seed: int, **options: str) -> list[str]:
    """Random legal play to the end; the problems found on the way."""
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options(options), Rng(seed))
    pick = random.Random(seed)
    problems: list[str] = []
    for _ in range(20_000):
        if genertela.outcome(state) is not None:
            return problems
        seat = min(genertela.awaiting(state))
        choices = genertela.legal(state, seat)
        for choice in choices:
            if len(choice.label) > DISCORD_LIMIT:
                problems.append(f"label {choice.label!r}")
            problems += [f"value {v!r}" for v in choice.action.values() if len(str(v)) > DISCORD_LIMIT]
        if len(choices) == 1:
            problems.append(f"a single choice on turn {state.turn}: {choices[0].label!r}")
        ends = [c for c in choices if c.action["type"] in ("end", "fight")]
        choice = ends[0] if ends and pick.random() < 0.4 else pick.choice(choices)
        genertela.act(state, seat, choice.action, Rng(pick.randrange(2**62)))
    return [*problems, "the game did not end"]


def test_every_label_and_value_fits_discord_in_the_first_turns() -> None:
    assert _play(1, last_turn="3") == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3])
def test_every_label_and_value_fits_discord_over_whole_games(seed: int) -> None:
    assert _play(seed) == []


@pytest.mark.slow
def test_every_label_and_value_fits_discord_in_the_short_scenario() -> None:
    assert _play(4, scenario="short") == []
