"""The bot: it plays only legal actions, sees only its seat's view, and beats random players."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from bench.selfplay import play
from rules import serial
from rules.bots import random_policy
from rules.genertela import aims, bot
from rules.genertela.board import seat_of
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.engine_contract import start


@dataclass
class Record:
    illegal: list[dict[str, Any]] = field(default_factory=list)
    decided: int = 0
    aims_checked: int = 0  # battle targets chosen with the other side's secret aim varied
    differed: list[str] = field(default_factory=list)


def _hidden_aims(state: State, seat: int, record: Record) -> None:
    """Whatever target the other side has secretly chosen, the seat sees the same view and picks the same."""
    battle = state.battle
    mine = [n for n in aims.pending(state) if seat_of(state, n) == seat]
    if battle is None or state.decisions or not mine:
        return
    other = battle.defender if mine[0] == battle.attacker else battle.attacker
    if seat_of(state, other) == seat:
        return
    views, picks = [], []
    for category in ["", *aims.options(state, other)]:  # none chosen yet, or any target it may have chosen
        trial = serial.clone(state)
        assert trial.battle is not None
        trial.battle.aims = {other: category} if category else {}
        views.append(genertela.view(trial, seat))
        picks.append(bot.policy(views[-1], seat, random.Random(7)))
    record.aims_checked += 1
    if any(view != views[0] for view in views) or any(pick != picks[0] for pick in picks):
        record.differed.append(f"{picks}")


@pytest.fixture(scope="module")
def record() -> Record:
    """A short-scenario game (the bot's prelude, then turn 25 on) with the bot at seat 0 against a random seat 1,
    played until a few battle targets were checked: every bot action is checked against the real state, every
    battle target with the other side's secret aim varied."""
    state = start(genertela, 2, {"scenario": "short", "last_turn": "30"}, seed=3)
    chooser = random.Random(3)
    baseline = random_policy(genertela)
    found = Record()
    while genertela.outcome(state) is None and (found.aims_checked < 3 or found.decided < 60):
        seat = chooser.choice(sorted(genertela.awaiting(state)))
        if seat == 0:
            _hidden_aims(state, seat, found)
            action = bot.policy(genertela.view(state, seat), seat, chooser)
            found.decided += 1
            if not genertela.is_legal(state, seat, action):
                found.illegal.append(action)
        else:
            action = baseline(genertela.view(state, seat), seat, chooser)
        genertela.act(state, seat, action, Rng(chooser.randrange(2**62)))
    return found


def test_the_bots_action_is_always_legal(record: Record) -> None:
    assert record.decided > 20
    assert not record.illegal


def test_the_other_sides_secret_aim_does_not_change_the_bots_choice(record: Record) -> None:
    assert not record.differed
    assert record.aims_checked >= 1  # the test did vary a hidden aim


def test_the_bot_beats_random_players() -> None:
    """Two-turn campaigns with fixed seeds, the bot at each seat in turn (and on each pair of sides)."""
    wins = 0
    for game in range(5):
        seat = game % 2
        result = play("genertela", 2, {"last_turn": "2"}, 500 + game, (seat,), measure=False, rotation=game)
        wins += result.winners == (seat,)
    assert wins >= 4


def test_side_of_and_ending_name_the_sides_and_the_end() -> None:
    state = start(genertela, 2, {"last_turn": "1"}, seed=1)
    assert {bot.side_of(state, 0), bot.side_of(state, 1)} == {"Red+Blue", "Green+Yellow"}
    assert bot.ending(state) == "unfinished"
