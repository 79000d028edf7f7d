"""Automatic work queued behind decisions: counter-attacks, spells, dragon attacks, the end of an action or turn."""

from __future__ import annotations

from rules.base import ActionLog
from rules.dragondice import combat, spells
from rules.dragondice.model import Cast, State, Task
from rules.dragondice.turn import end_action, next_turn
from rules.rng import Rng


def run(state: State, rng: Rng, log: ActionLog, task: Task) -> None:
    if task.kind == "counter_attack":
        attacker = int(task.target)
        if state.army(task.seat, task.where) and state.army(attacker, task.where):
            combat.attack(state, rng, log, "melee", task.seat, task.where, attacker, task.where, counter=True)
    elif task.kind == "spell":
        spell_id, target, element = task.target.split("|")
        spells.resolve(state, rng, log, task.seat, Cast(spell_id, target, element))
    elif task.kind == "dragon_fight":
        combat.dragon_fight(state, rng, log, task.where)
    elif task.kind == "dragon":
        combat.dragon_attack(state, rng, log, task.seat, task.where, task.target)
    elif task.kind == "end_action":
        end_action(state)
    elif task.kind == "end_turn":
        next_turn(state, rng, log)
    else:  # a state written by a newer version; failing loudly beats guessing
        raise ValueError(f"unknown task {task.kind!r}")
