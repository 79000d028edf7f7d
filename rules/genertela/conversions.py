"""The player's choices in the schedule's swaps and conversions: which units change sides (turns 25 and 35), which
Aldryami Forest zone is taken (turn 27), which Heortling hero becomes Argrath (turn 37). The defaults are what the
engine took before players could choose: the first units or zone in map order, the first hero in play."""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela import arrivals, decisions
from rules.genertela.board import BOARD, CONTENT, NATIONS, units_of
from rules.genertela.casualties import described
from rules.genertela.state import Decision, State, Unit
from rules.rng import Rng


def _standard(state: State, nation: str, zid: str) -> list[Unit]:
    return [u for u in units_of(state, nation, zid) if u.kind == "standard"]


def ask_swap(
    state: State, taker: str, source: str, zones: list[str], left: int, text: str, log: ActionLog, first: bool = True
) -> None:
    """Zone by zone (map order), the taking nation's owner says how many of the source's units there change sides,
    up to the number still allowed. The event's text is told once, when the first question is asked."""
    while zones and left > 0:
        zid, zones = zones[0], zones[1:]
        most = min(left, len(_standard(state, source, zid)))
        if most <= 0:
            continue
        where = f"of the {NATIONS[source].name} in {BOARD.zones[zid].name}"
        options = [str(k) for k in range(most, -1, -1)]
        labels = [f"Take {described(['standard'] * k) or 'no unit'} {where}" for k in range(most, -1, -1)]
        data = {"source": source, "zone": zid, "rest": ",".join(zones), "left": str(left), "text": text}
        if first:
            log.say(text)
        decisions.ask(state, taker, "swap", options, labels, **data)
        return


def _swap(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    data, taker = decision.data, decision.nation
    taken = _standard(state, data["source"], data["zone"])[: int(option)]
    for unit in taken:
        unit.nation = taker
    if taken:
        where = f"of the {NATIONS[data['source']].name} in {BOARD.zones[data['zone']].name}"
        log.say(f"{NATIONS[taker].acts('take over')} {described([u.label() for u in taken])} {where}.")
    rest = [zid for zid in data["rest"].split(",") if zid]
    ask_swap(state, taker, data["source"], rest, int(data["left"]) - len(taken), data["text"], log, first=False)


def ask_forest(state: State, taker: str, zones: list[str], per_unit: int, text: str, log: ActionLog) -> None:
    """The taking nation's owner picks the Aldryami Forest zone; with a single candidate it is taken at once."""
    if not zones:
        return
    labels = [f"Take the Aldryami Forest zone {BOARD.zones[zid].name}" for zid in zones]
    if not decisions.ask(state, taker, "forest", zones, labels, per_unit=str(per_unit), text=text):
        arrivals.convert_forest_zone(state, taker, zones[0], per_unit, text, log)


def _forest(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    if any(u.kind == "forest" and u.nation == "aldryami" for u in state.units if u.zone == option):
        arrivals.convert_forest_zone(
            state, decision.nation, option, int(decision.data["per_unit"]), decision.data["text"], log
        )


def ask_argrath(state: State, nation: str, heroes: list[Unit], log: ActionLog) -> None:
    """The player picks which of its heroes in play becomes Argrath."""
    options = [str(u.uid) for u in heroes]
    labels = [f"{u.name} becomes Argrath" for u in heroes]
    if not decisions.ask(state, nation, "argrath", options, labels):
        arrivals.becomes(state, heroes[0], _argrath(state), log)


def _argrath(state: State) -> dict[str, object]:
    return next(
        e.params["becomes"] for entry in CONTENT.turn(state.turn).entries for e in entry.events if e.type == "argrath"
    )


def _choose_argrath(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    hero = next((u for u in state.units if u.uid == int(option)), None)
    if hero is not None:
        arrivals.becomes(state, hero, _argrath(state), log)


# The answers to this module's questions, by decision kind (the engine puts every module's in one table).
ANSWERS: dict[str, decisions.Handler] = {
    "swap": _swap,
    "forest": _forest,
    "argrath": _choose_argrath,
}
