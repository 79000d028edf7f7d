"""Dragon Dice's moves: who the game awaits, what they may do, and playing an action with what follows it.
The engine (engine.py) and the bot (bot.py) both stand on these."""

from __future__ import annotations

from typing import Any

from rules.base import ActionLog, Choice, Event, seat_ref
from rules.dragondice import actions, choices, decisions
from rules.dragondice.flow import advance
from rules.dragondice.model import State
from rules.rng import Rng


def awaiting(state: State) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    if state.phase == "draft":
        return frozenset({state.drafted})
    if state.phase == "ready":
        return frozenset({0})
    if state.decision is not None:
        return frozenset({state.decision.seat})
    if state.damage:
        return frozenset({state.damage[0].seat})
    if state.manoeuvre is not None:
        return frozenset(state.manoeuvre.pending)
    return frozenset({state.turn})


def legal(state: State, seat: int) -> list[Choice]:
    if seat not in awaiting(state):
        return []
    if state.phase == "draft":
        return choices.draft_choices(state, seat)
    if state.phase == "ready":
        return [Choice({"type": "begin"}, "Build the armies and roll the hordes", quick=True)]
    if state.decision is not None:
        return decisions.choices(state)
    if state.damage:
        return choices.casualty_choices(state)
    if state.manoeuvre is not None:
        terrain = state.terrain(state.manoeuvre.terrain).name
        labels = [f"Counter-manoeuvre at {terrain}", f"Let the manoeuvre at {terrain} pass"]
        if len(state.manoeuvre.pending) > 1:  # several buttons under one board: say whose each is
            labels = [f"{seat_ref(seat)}: {label[0].lower()}{label[1:]}" for label in labels]
        return [
            Choice({"type": "counter", "oppose": "yes"}, labels[0]),
            Choice({"type": "counter", "oppose": "no"}, labels[1], quick=True),
        ]
    return choices.play_choices(state, seat)


def play(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    """An action, then the automatic work that follows it. The front door (rules/base.py) has checked the game
    runs, the seat is awaited and the action's shape."""
    log = ActionLog()
    actions.dispatch(state, seat, action["type"], action, rng, log)
    advance(state, rng, log)
    return log.events
