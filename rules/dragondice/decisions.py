"""Decisions awaited in the middle of automatic work: the defender's counter-attack and where its units that rolled
Vanish go, and the marching player's own choices (which dragon attacks next, which unit the City returns, which unit
Treasure promotes)."""

from __future__ import annotations

from typing import Any

from rules.base import ActionLog, Choice, RuleError, seat_ref
from rules.dragondice import combat, dragons, tasks
from rules.dragondice.model import RESERVE, STAY, Decision, State
from rules.dragondice.turn import city_returns
from rules.rng import Rng

VANISH_NAMES = 60  # longer lists of the units that rolled Vanish are counted instead

ACTION = {
    "counter_attack": "counterattack",
    "order": "choose",
    "city": "choose",
    "promote": "choose",
    "vanish": "choose",
}


def _terrain_of(state: State, option: str) -> str:
    """An order option is a terrain id; an older save's is the id of a dragon there."""
    dragon = next((d for d in state.dragons if d.id == option), None)
    return dragon.where if dragon is not None else option


def _dragon_text(state: State, option: str) -> str:
    return f"The dragons at {state.terrain(_terrain_of(state, option)).name}"


def option_text(state: State, decision: Decision, option: str) -> str:
    if decision.kind == "order":
        return f"{_dragon_text(state, option)} attack next"
    if decision.kind == "city":
        unit = state.unit(option)
        return f"The City brings back {unit.name} {unit.id}"
    if decision.kind == "vanish":
        ids = decision.target.split(",")
        units = ", ".join(f"{state.unit(u).name} {u}" for u in ids)
        if len(units) > VANISH_NAMES:  # a choice's label stays within Discord's 100 characters
            units = f"The {len(ids)} units that rolled Vanish"
        if option == STAY:
            return f"{units} stay with the army"
        return f"{units} vanish to {'the reserves' if option == RESERVE else state.terrain(option).name}"
    return dragons.promotion_text(state, option)


def choices(state: State) -> list[Choice]:
    """The awaited decision's options; the first is what a deadline chooses (today's automatic choice)."""
    decision = state.decision
    assert decision is not None
    if decision.kind == "counter_attack":
        answer = combat.counter_target(decision.target)
        army = f"{seat_ref(answer.seat)}'s army at {state.terrain(answer.where or decision.where).name}"
        how = " with missiles" if answer.kind == "missile" else ""
        return [
            Choice({"type": "counterattack", "strike": "yes"}, f"Counter-attack {army}{how}", quick=True),
            Choice({"type": "counterattack", "strike": "no"}, "Do not counter-attack", quick=True),
        ]
    return [
        Choice({"type": "choose", "option": option}, option_text(state, decision, option), quick=index == 0)
        for index, option in enumerate(decision.options)
    ]


def hint(state: State) -> str:
    """Who must decide what now, with the command (the head of the status and of a wrong-step refusal)."""
    decision = state.decision
    assert decision is not None
    who = seat_ref(decision.seat)
    if decision.kind == "counter_attack":
        answer = combat.counter_target(decision.target)
        how = " with missiles (Defensive Volley)" if answer.kind == "missile" else ""
        return (
            f"{who} decides whether to counter-attack {seat_ref(answer.seat)}'s army at "
            f"{state.terrain(answer.where or decision.where).name}{how}: /dd counterattack with strike yes or no."
        )
    if decision.kind == "order":
        what = "at which terrain the dragons attack next"
    elif decision.kind == "city":
        what = f"which health-1 unit the City at {state.terrain(decision.where).name} brings back"
    elif decision.kind == "vanish":
        what = f"where the units that rolled Vanish at {state.terrain(decision.where).name} go, before the casualties"
    else:
        what = f"which unit the dragon's Treasure promotes at {state.terrain(decision.where).name}"
    return f"{who} chooses {what}: pick it in the menu under the board, or /dd choose."


def choose(state: State, seat: int, kind: str, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Apply the awaited decision; validated fully before anything changes."""
    decision = state.decision
    assert decision is not None and decision.seat == seat
    if kind != ACTION[decision.kind]:
        raise RuleError(f"First this decision. {hint(state)}")
    if decision.kind == "counter_attack":
        strike = action.get("strike")
        if strike not in ("yes", "no"):
            raise RuleError("Answer strike yes to counter-attack or strike no to let the attack stand.")
        state.decision = None
        answer = combat.counter_target(decision.target)
        attacker, held = answer.seat, answer.held
        if strike == "yes":
            at = answer.where or decision.where
            combat.attack(state, rng, log, answer.kind, seat, decision.where, attacker, at, True, held)
        else:
            log.say(f"{seat_ref(seat)} does not counter-attack {seat_ref(attacker)}'s army.")
        return
    option = action.get("option")
    if option not in decision.options:
        offered = "; ".join(f"{o} ({option_text(state, decision, o)})" for o in decision.options)
        raise RuleError(f"Choose one of: {offered}.")
    state.decision = None
    if decision.kind == "order":
        where = _terrain_of(state, str(option))
        task = next(t for t in state.tasks if t.kind in tasks.DRAGON_TASKS and t.where == where)
        state.tasks.remove(task)
        log.say(f"{seat_ref(seat)} chooses: {_dragon_text(state, option)} attack next.")
        tasks.run(state, rng, log, task)
    elif decision.kind == "city":
        city_returns(state, log, decision.where, str(option))
    elif decision.kind == "vanish":
        _vanish(state, log, seat, decision, str(option))
    else:
        dragons.promote(state, log, str(option))


def _vanish(state: State, log: ActionLog, seat: int, decision: Decision, option: str) -> None:
    """Vanish: the units leave their army after its save roll, whose saves still count for the army they left."""
    units = [state.unit(u) for u in decision.target.split(",") if state.unit(u).where == decision.where]
    if option == STAY or not units:
        log.say(f"{seat_ref(seat)}'s units that rolled Vanish stay with their army.")
        return
    for unit in units:
        unit.where = option
    place = "the reserves" if option == RESERVE else state.terrain(option).name
    names = ", ".join(f"{u.name} {u.id}" for u in units)
    log.say(f"Vanish: {seat_ref(seat)}'s {names} leave {state.terrain(decision.where).name} for {place}.")
