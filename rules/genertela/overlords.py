"""The overlord's answers that move the turn on: taking back a nation that revolted (mid-battle) and leaving tribute
(which may let the subject build again). Above the vassals, the submission and the flow, which they use."""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela import decisions, flow, submission, vassals
from rules.genertela.board import NATIONS, units_of
from rules.genertela.state import Decision, State
from rules.rng import Rng
from rules.text import count


def accept(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    battle = state.battle
    if battle is None:
        return
    if option == "yes":
        zone = decision.data["zone"]
        submission.submit(state, battle.defender, battle.attacker, log, zone)
        vassals.after_submission(state, battle, log, partial=bool(zone))
        if not state.politics.resume:
            state.politics.resume = "next_battle"
        return
    log.say(f"{NATIONS[decision.nation].acts('refuse')} the submission of {NATIONS[battle.defender].name}: fight on.")
    flow.defender_fights_on(state, log, rng)


def tribute(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    subject, back = decision.data["subject"], int(decision.data["share"]) - int(option)
    if back:
        state.resources[decision.nation] -= back
        state.resources[subject] = state.resources.get(subject, 0) + back
        log.say(f"{NATIONS[decision.nation].acts('leave')} {count(back, 'resource')} to {NATIONS[subject].name}.")
        if state.phase in ("build", "move") and not any(u.moved for u in units_of(state, subject)):
            state.phase = "build" if flow.can_build(state) else "move"
    vassals.tribute_unit(state, decision.nation, log)


# The answers to this module's questions, by decision kind (the engine puts every module's in one table).
ANSWERS: dict[str, decisions.Handler] = {"accept": accept, "tribute": tribute}
