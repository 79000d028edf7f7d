"""The bot's policy for sides nobody sits at, and the deadline fallback: always legal, never clever."""

from __future__ import annotations

from typing import Any

from rules.genertela import dragonkill
from rules.genertela.board import active_nation, controller, enemies_in, units_of, zone
from rules.genertela.choices import builds, legal_now
from rules.genertela.movement import destinations, move_limit, movers
from rules.genertela.specials import stranded
from rules.genertela.state import State


def next_action(state: State) -> dict[str, Any]:
    """Hold, reinforce, attack the weak: buy a unit where the nation is weakest, attack a zone at twice the odds."""
    if state.decisions:
        return fallback_action(state)  # the default answer: what the engine did before players could choose
    if state.phase == "build":
        options = [c.action for c in builds(state)]
        return options[0] if options else {"type": "end"}
    if state.phase == "move":
        nation = active_nation(state)
        return dragonkill.duty_move(state) or leave_sea(state, nation) or _bot_attack(state) or {"type": "end"}
    return fallback_action(state)


def _bot_attack(state: State) -> dict[str, Any] | None:
    """The bot attacks a neighbouring enemy zone when it can bring twice the defenders and still keep a unit."""
    nation = active_nation(state)
    for start in sorted({u.zone for u in units_of(state, nation)}):
        ready = movers(state, nation, start)
        spare = min(len(ready), len(units_of(state, nation, start)) - 1)
        for target in zone(start).adjacent:
            foes = sum(len(units_of(state, n, target)) for n in enemies_in(state, nation, target))
            if not foes or spare < 2 * foes or target not in destinations(state, nation, start):
                continue
            count = min(spare, move_limit(state, nation, start, target))
            if count >= 2 * foes:
                return {"type": "move", "from": start, "to": target, "count": count}
    return None


def fallback_action(state: State) -> dict[str, Any]:
    if state.bidding is not None:
        return legal_now(state)[0].action  # pass, or open the first side at 0
    if state.decisions:
        return legal_now(state)[0].action  # the default answer
    if state.phase == "move" and (duty := dragonkill.duty_move(state)):
        return duty  # the Dragonkill: a Dragon must attack before the step may end
    if state.phase in ("build", "move"):
        return {"type": "end"}
    choices = legal_now(state)
    quick = [c.action for c in choices if c.quick]
    return (quick or [c.action for c in choices])[0]


def leave_sea(state: State, nation: str) -> dict[str, object] | None:
    """The bot's move that takes a non-raider's units off the sea, to a zone it holds if it can."""
    for zid in sorted({u.zone for u in stranded(state, nation)}):
        if not movers(state, nation, zid):
            continue
        options = destinations(state, nation, zid)
        held = [t for t in options if controller(state, t) == nation]
        for target in held + options:
            count = move_limit(state, nation, zid, target)
            if count:
                return {"type": "move", "from": zid, "to": target, "count": count}
    return None
