"""What comes next: automatic work after each action (captures, the game's end, damage, the turn's tasks) until
someone must decide. Above the turn and the tasks, which it runs; below the engine."""

from __future__ import annotations

from rules.base import ActionLog
from rules.dragondice import damage, tasks
from rules.dragondice.model import RESERVE, State, Task
from rules.dragondice.turn import check_end, update_captures
from rules.rng import Rng


def advance(state: State, rng: Rng, log: ActionLog) -> None:
    """Run automatic work until someone must decide (casualties, a counter-manoeuvre, the next step)."""
    while True:
        update_captures(state, log)
        if check_end(state, log):
            return
        if state.decision is not None:  # before the damage queued with it (Treasure promotes before casualties)
            return
        if damage.settle(state, rng, log):
            return
        update_captures(state, log)
        if check_end(state, log):
            return
        if state.manoeuvre is not None or state.decision is not None:
            return
        if not state.tasks:
            _skip_empty_steps(state)
            if not state.tasks:
                return
        if tasks.ask_order(state, log):
            return
        tasks.run(state, rng, log, state.tasks.pop(0))


def _skip_empty_steps(state: State) -> None:
    """Don't wait on a player for a step where pass is the only thing they could do."""
    if state.step == "reinforce" and not state.army(state.turn, RESERVE):
        state.step = "retreat"
    on_terrains = {t.id for t in state.terrains}
    if state.step == "retreat" and not any(u.owner == state.turn and u.where in on_terrains for u in state.units):
        state.tasks.append(Task("end_turn", state.turn))
