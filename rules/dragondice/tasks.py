"""Automatic work queued behind decisions: counter-attacks, spells, dragon attacks, the end of an action or turn."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.dragondice import dragons, spells
from rules.dragondice.model import Cast, Decision, State, Task
from rules.dragondice.turn import end_action, next_turn
from rules.rng import Rng


def run(state: State, rng: Rng, log: ActionLog, task: Task) -> None:
    if task.kind == "counter_attack":  # the seed: the opposing army "may" counter-attack: its player decides
        attacker = int(task.target)
        if state.army(task.seat, task.where) and state.army(attacker, task.where):
            state.decision = Decision("counter_attack", task.seat, task.where, task.target)
    elif task.kind == "spell":
        spell_id, target, element = task.target.split("|")
        spells.resolve(state, rng, log, task.seat, Cast(spell_id, target, element))
    elif task.kind == "dragon_fight":
        dragons.dragon_fight(state, rng, log, task.where)
    elif task.kind == "dragon":
        dragons.dragon_attack(state, rng, log, task.seat, task.where, task.target)
    elif task.kind == "end_action":
        end_action(state)
    elif task.kind == "end_turn":
        next_turn(state, rng, log)
    else:  # a state written by a newer version; failing loudly beats guessing
        raise ValueError(f"unknown task {task.kind!r}")


def attacking_dragons(state: State) -> list[str]:
    """The dragons whose attacks wait at the head of the queue and will still strike, one per kind of dragon
    (owner, colour, terrain): those are the marching player's real options for what happens next."""
    options: dict[tuple[int, str, str], str] = {}
    for task in state.tasks:
        if task.kind != "dragon":
            break
        dragon = next((d for d in state.dragons if d.id == task.target), None)
        if dragon is not None and dragon.where == task.where and state.army(task.seat, task.where):
            options.setdefault((dragon.owner, dragon.element, dragon.where), dragon.id)
    return list(options.values())


def ask_order(state: State, log: ActionLog) -> bool:
    """Two or more dragons about to attack the marching player's armies: that player picks which goes next (the
    seed: the marching player orders the things that happen in one step)."""
    options = attacking_dragons(state)
    if len(options) < 2:
        return False
    state.decision = Decision("order", state.turn, options=options)
    log.say(f"{len(options)} dragons are about to attack: {seat_ref(state.turn)} chooses which attacks next.")
    return True
