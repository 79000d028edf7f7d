"""Pig, a test-only dice game: roll a d6 to build a turn total (a 1 loses it) or hold to bank it.

It exercises what tic-tac-toe can't: dice (undo needs consent), private events (a peek at a hidden
number), quick choices on every turn, and a fallback. Registered only by the tests that use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

import rules
from render.record import Renderer, TableFacts
from rules.base import (
    ActionLog,
    ActionSpec,
    Choice,
    Engine,
    Event,
    Meta,
    Outcome,
    RuleError,
    SeatInfo,
    require,
    seat_ref,
)
from rules.rng import Rng

GOAL = 20

meta = Meta(
    id="pig",
    title="Pig",
    min_players=2,
    max_players=4,
    summary="Test game: push your luck with a d6.",
    actions=(
        ActionSpec("roll", "Roll the die"),
        ActionSpec("hold", "Bank your turn total"),
        ActionSpec("peek", "Look at your secret number"),
    ),
)


@dataclass
class State:
    players: int
    scores: list[int] = field(default_factory=list)
    secrets: list[int] = field(default_factory=list)
    turn_total: int = 0
    to_move: int = 0


def new(seats: Sequence[SeatInfo], options: dict[str, Any], rng: Rng) -> State:
    secrets = [rng.randrange(100) for _ in seats]
    return State(len(seats), [0] * len(seats), secrets)


def awaiting(state: State) -> frozenset[int]:
    return frozenset() if outcome(state) else frozenset({state.to_move})


def legal(state: State, seat: int) -> list[Choice]:
    if seat not in awaiting(state):
        return []
    return [
        Choice({"type": "roll"}, "Roll", quick=True),
        Choice({"type": "hold"}, f"Hold {state.turn_total}", quick=True),
        Choice({"type": "peek"}, "Peek"),
    ]


def act(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    require(outcome(state) is None, "The game is over.")
    require(seat == state.to_move, "Not your turn.")
    log = ActionLog()
    kind = action.get("type")
    if kind == "roll":
        face = rng.roll(6, 1, "pig")[0]
        log.say(f"{seat_ref(seat)} rolls [{face}].", "roll")
        if face == 1:
            state.turn_total = 0
            _pass(state, seat, log)
        else:
            state.turn_total += face
    elif kind == "hold":
        state.scores[seat] += state.turn_total
        log.say(f"{seat_ref(seat)} banks {state.turn_total}.")
        state.turn_total = 0
        _pass(state, seat, log)
    elif kind == "peek":
        log.say(f"Your secret number is {state.secrets[seat]}.", to=(seat,))
    else:
        raise RuleError("Pig has roll, hold and peek.")
    return log.events


def _pass(state: State, seat: int, log: ActionLog) -> None:
    log.say(f"End of {seat_ref(seat)}'s turn.", "turn_end")
    if outcome(state) is None:
        state.to_move = (seat + 1) % state.players


def view(state: State, seat: int | None) -> State:
    secrets = [s if i == seat else -1 for i, s in enumerate(state.secrets)]
    return State(state.players, list(state.scores), secrets, state.turn_total, state.to_move)


def status(state: State, seat: int | None) -> str:
    line = f"Scores {state.scores}; {seat_ref(state.to_move)} has {state.turn_total} at stake."
    return line + (f" Your secret: {state.secrets[seat]}." if seat is not None else "")


def outcome(state: State) -> Outcome | None:
    best = max(state.scores)
    if best < GOAL:
        return None
    winner = state.scores.index(best)
    return Outcome((winner,), dict(enumerate(state.scores)), f"{seat_ref(winner)} reaches {best}.")


def fallback(state: State, seat: int) -> dict[str, Any]:
    return {"type": "hold"}


def render(state: State, facts: TableFacts) -> Image.Image:
    image = Image.new("RGB", (200, 60), "white")
    ImageDraw.Draw(image).text((5, 5), " ".join(map(str, state.scores + state.secrets)), fill="black")
    return image


GAME = rules.Game(engine=__name__, renderer=__name__, players=2)


def install() -> None:
    """Make pig an installed game (engine and renderer) for the current test process."""
    rules.register(GAME)


def uninstall() -> None:
    rules.unregister(GAME)


ENGINE = Engine(
    meta=meta,
    State=State,
    new=new,
    awaiting=awaiting,
    legal=legal,
    apply=act,
    view=view,
    status=status,
    outcome=outcome,
    fallback=fallback,
)
RENDERER = Renderer(board=render)
