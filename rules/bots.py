"""Bots: automatic players for a seat. A bot sees only what its seat may see (engine.view(state, seat)) and
answers with one legal action; the table plays it like anyone's (logged, shown, undoable).

Each game's rules/<id>/bot.py builds its own bot from these parts: `lookahead` (one step over legal() with the
game's evaluation of a position) or a policy of its own, and declares it on the engine (Engine(bot=...)).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

from rules import serial
from rules.base import Engine, RuleError
from rules.rng import Rng

Policy = Callable[[Any, int, random.Random], dict[str, Any]]  # (the seat's view, seat, chooser) -> an action
Evaluate = Callable[[Any, int], float]  # how good a position is for a seat: higher is better
Strength = Literal["easy", "normal"]
STRENGTHS: tuple[Strength, ...] = ("easy", "normal")
STRENGTH_WORDS = {"easy": "plays any legal move at random", "normal": "looks ahead and plays to win"}


GIVING_UP = frozenset({"resign"})  # a random player who resigns at random would flatter any bot


def random_policy(engine: Engine[Any]) -> Policy:
    """The baseline every bot must beat: any legal move, uniformly (never giving up while it may play on)."""

    def choose(view: Any, seat: int, chooser: random.Random) -> dict[str, Any]:
        choices = [choice.action for choice in engine.legal(view, seat)]
        playing = [action for action in choices if action["type"] not in GIVING_UP]
        return chooser.choice(playing or choices)

    return choose


def clone(engine: Engine[Any], state: Any) -> Any:
    """An independent copy of a state (or a view) to try an action on."""
    return serial.clone(state)


def lookahead(
    engine: Engine[Any],
    evaluate: Evaluate,
    *,
    widest: int = 60,
    copy: Callable[[Any], Any] | None = None,
) -> Policy:
    """One step of look-ahead: try each legal action on a copy of the seat's view and play the one whose result
    `evaluate` rates best for the seat (ties at random). Dice are rolled with the chooser's seeds, so a bot
    weighs a chancy attack by one sample; at most `widest` actions are tried (a random sample of the rest)."""
    duplicate = copy or (lambda state: clone(engine, state))

    def choose(view: Any, seat: int, chooser: random.Random) -> dict[str, Any]:
        choices = [choice.action for choice in engine.legal(view, seat)]
        if len(choices) == 1:
            return choices[0]
        tried = choices if len(choices) <= widest else chooser.sample(choices, widest)
        best: list[dict[str, Any]] = []
        best_score = float("-inf")
        for action in tried:
            trial = duplicate(view)
            try:
                engine.apply(trial, seat, action, Rng(chooser.randrange(2**62)))
            except (RuleError, KeyError, IndexError, ValueError):  # the view hides what this action needs
                continue
            score = evaluate(trial, seat)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return chooser.choice(best or tried)

    return choose


def choose(engine: Engine[Any], state: Any, seat: int, strength: str, chooser: random.Random) -> dict[str, Any]:
    """The action a bot of `strength` plays for `seat`, from what that seat sees."""
    view = engine.view(state, seat)
    if strength == "easy" or engine.bot is None:
        return random_policy(engine)(view, seat, chooser)
    return engine.bot(view, seat, chooser)
