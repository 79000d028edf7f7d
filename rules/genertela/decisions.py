"""Awaited decisions: one generic "choose" step for every choice the seed leaves to a player.

A decision is asked only when a real choice exists (two options or more). Its first option is the default: what
the bot and the deadline fallback take, and for "amend" decisions (placements, recoveries, tribute) what the engine
already applied, so answering with the default changes nothing. Each kind has one handler that applies an answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.base import ActionLog, Choice, seat_ref
from rules.genertela.board import BOARD, NATIONS, controlled
from rules.genertela.casualties import described
from rules.genertela.state import Decision, State
from rules.rng import Rng

Handler = Callable[[State, Decision, str, Rng, ActionLog], None]


def ask(state: State, nation: str, kind: str, options: list[str], labels: list[str], **data: str) -> bool:
    """Queue a decision for the nation's owner; False (nothing asked) when there is no real choice."""
    if len(options) < 2:
        return False
    state.decisions.append(Decision(nation, kind, list(options), list(labels), dict(data)))
    return True


def choices(state: State) -> list[Choice]:
    decision = state.decisions[0]
    return [
        Choice({"type": "choose", "option": option}, label, quick=index == 0)
        for index, (option, label) in enumerate(zip(decision.options, decision.labels, strict=True))
    ]


def prompt(state: State) -> str:
    """One line for status and reminders: what is being decided and its default answer."""
    decision = state.decisions[0]
    others = len(decision.options) - 1
    more = f" ({others} other choice{'s' * (others != 1)})" if others else ""
    return f"{NATIONS[decision.nation].name} to decide with /gen choose: {decision.labels[0]} by default{more}."


def resolve(state: State, option: str, rng: Rng, log: ActionLog, answers: Mapping[str, Handler]) -> None:
    """Apply the answer to the first awaited decision (the caller checked it is one of its options), with the
    handler `answers` holds for its kind (the engine's one table of every module's answers)."""
    decision = state.decisions.pop(0)
    answers[decision.kind](state, decision, option, rng, log)


def seat_label(seat: str) -> str:
    return "the bot" if seat == "-1" else seat_ref(int(seat))


# --- choosing where units go: open placements and recoveries (amend decisions) ---------------------------------


def ask_zone(state: State, nation: str, kind: str, uids: list[int], what: str, among: tuple[str, ...] = ()) -> None:
    """The units were put in the first zone the nation holds (of `among`, if given); let its owner pick another."""
    if not uids:
        return
    here = next((u.zone for u in state.units if u.uid == uids[0]), "")
    held = [zid for zid in controlled(state, nation) if not among or zid in among]
    options = [here, *[zid for zid in held if zid != here]] if here in held else []
    labels = [f"{what} in {BOARD.zones[zid].name}" for zid in options]
    ask(state, nation, kind, options, labels, uids=",".join(str(uid) for uid in uids))


def _relocate(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    del rng
    uids = {int(uid) for uid in decision.data["uids"].split(",")}
    units = [u for u in state.units if u.uid in uids and u.nation == decision.nation]
    if not units or option not in controlled(state, decision.nation) or units[0].zone == option:
        return  # nothing to move (the units fell, or the zone changed hands meanwhile)
    for unit in units:
        unit.zone = option
        unit.home = option if decision.kind == "placement" else unit.home
    moved = described([u.label() for u in units])
    log.say(f"{NATIONS[decision.nation].acts('put')} {moved} in {BOARD.zones[option].name}.")


# The answers to this module's questions, by decision kind (the engine puts every module's in one table).
ANSWERS: dict[str, Handler] = {"placement": _relocate, "recovery": _relocate, "relocate": _relocate}
