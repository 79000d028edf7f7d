"""Automatic work queued behind decisions: counter-attacks, spells, dragon attacks, the end of an action or turn."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.dragondice import combat, dragons, species_phase, spells
from rules.dragondice.model import Cast, Decision, State, Task
from rules.dragondice.turn import end_action, next_turn
from rules.rng import Rng

DRAGON_TASKS = ("dragons", "dragon", "dragon_fight")  # a terrain's dragon attacks ("dragon", "dragon_fight": older)


def run(state: State, rng: Rng, log: ActionLog, task: Task) -> None:
    if task.kind == "counter_attack":  # the seed: the opposing army "may" counter-attack: its player decides
        answer = combat.counter_target(task.target)
        rolling = [u for u in state.army(task.seat, task.where) if u.id not in answer.held]
        if rolling and state.army(answer.seat, answer.where or task.where):
            state.decision = Decision("counter_attack", task.seat, task.where, task.target)
    elif task.kind == "spell":
        spell_id, target, element = task.target.split("|")
        spells.resolve(state, rng, log, task.seat, Cast(spell_id, target, element))
    elif task.kind in DRAGON_TASKS:
        state.tasks = [t for t in state.tasks if not (t.kind in DRAGON_TASKS and t.where == task.where)]
        dragons.dragon_phase(state, rng, log, task.seat, task.where)
    elif task.kind == "species":
        species_phase.run(state, rng, log, task.seat)
    elif task.kind == "end_action":
        end_action(state)
    elif task.kind == "end_turn":
        next_turn(state, rng, log)
    else:  # a state written by a newer version; failing loudly beats guessing
        raise ValueError(f"unknown task {task.kind!r}")


def attacking_dragons(state: State) -> list[str]:
    """The terrains whose dragon attacks wait at the head of the queue and will still happen: the marching player's
    options for which comes next."""
    options: list[str] = []
    for task in state.tasks:
        if task.kind not in DRAGON_TASKS:
            break
        here = any(d.where == task.where for d in state.dragons)
        if here and state.army(task.seat, task.where) and task.where not in options:
            options.append(task.where)
    return options


def ask_order(state: State, log: ActionLog) -> bool:
    """Dragons about to attack the marching player's armies at two or more terrains: that player picks which
    terrain's attack comes next (as published)."""
    options = attacking_dragons(state)
    if len(options) < 2:
        return False
    state.decision = Decision("order", state.turn, options=options)
    log.say(f"Dragons are about to attack at {len(options)} terrains: {seat_ref(state.turn)} chooses which is next.")
    return True
