"""Duties and favours the schedule names: units ordered to an alliance army (turn 8), Tobasta hunting Alkoring
(turns 20-21), the True Golden Horde (turns 22-23), the Wolf Pirates' loans and departure (turns 35-36), Sir Ethilrist
fighting for the Lunar Empire (turn 32), and the end-of-game points for individuals being dead."""

from __future__ import annotations

from typing import Any

from rules.base import ActionLog
from rules.genertela import decisions
from rules.genertela.alliance_army import horde_rule, horde_targets
from rules.genertela.board import BOARD, CONTENT, NATIONS, controlled, units_of
from rules.genertela.casualties import unit_count
from rules.genertela.movement import destinations, movers
from rules.genertela.reinforce import PLACED_FLAG
from rules.genertela.state import Decision, State, Unit
from rules.rng import Rng
from rules.text import verb


def _events(state: State, nation: str, kind: str) -> list[dict[str, Any]]:
    return [e.params for entry in CONTENT.turn(state.turn).entries_of(nation) for e in entry.events if e.type == kind]


def _move(state: State, units: list[Unit], to: str) -> None:
    for unit in units:
        unit.zone, unit.moved = to, True


# --- turn 8: units a nation must send to an alliance army -----------------------------------------------------


def _send_to_alliance(state: State, nation: str, log: ActionLog) -> None:
    """The ordered units go to the alliance centre when the nation's movement ends, if they can reach it (house:
    the engine moves whatever the player did not send, named units first)."""
    for params in _events(state, nation, "send_to_alliance"):
        centre = next((a.centre for a in CONTENT.turn(state.turn).alliances if a.id == params["alliance"]), "")
        if not centre:
            continue
        names = [u["name"] for u in params.get("units", [])]
        there = units_of(state, nation, centre)
        for name in names:
            if not any(u.name == name for u in there):
                hero = next((u for u in units_of(state, nation) if u.name == name and not u.moved), None)
                if hero and centre in destinations(state, nation, hero.zone):
                    _move(state, [hero], centre)
                    log.say(f"{hero.name} joins the alliance army in {BOARD.zones[centre].name}.")
        missing = int(params.get("count", 0)) - sum(1 for u in units_of(state, nation, centre) if u.kind != "special")
        for start in sorted({u.zone for u in units_of(state, nation)} - {centre}):
            if missing <= 0:
                break
            ready = [u for u in movers(state, nation, start) if u.kind != "special"]
            if ready and centre in destinations(state, nation, start):
                sent = ready[:missing]
                _move(state, sent, centre)
                missing -= len(sent)
                where = BOARD.zones[centre].name
                log.say(f"{NATIONS[nation].acts('send')} {unit_count(len(sent))} to {where} as ordered.")


# --- turns 20-21: Tobasta must attack Alkoring -----------------------------------------------------------------


def _must_attack(state: State, nation: str, log: ActionLog) -> None:
    """If the hunter has not moved and can reach its quarry's zone, the engine sends it there (house)."""
    for entry in CONTENT.turn(state.turn).entries_of(nation):
        for event in entry.events:
            if event.type != "must_attack":
                continue
            target = event.params["target"]
            quarry = next(
                (
                    u
                    for u in state.units
                    if u.nation == CONTENT.nations.resolve(target["nation"]) and u.name == target["name"]
                ),
                None,
            )
            hunters = {p.name for p in entry.placements if p.unit == "special"}
            for hunter in [u for u in units_of(state, nation) if u.name in hunters]:
                if quarry is None or hunter.zone == quarry.zone or hunter.moved:
                    continue
                if quarry.zone in destinations(state, nation, hunter.zone):
                    _move(state, [hunter], quarry.zone)
                    log.say(f"{event.text} {hunter.name} goes to {BOARD.zones[quarry.zone].name}.")


# --- turns 22-23: the True Golden Horde ---------------------------------------------------------------------


def _horde_together(state: State, nation: str, log: ActionLog) -> None:
    """Whatever the Horde's player left behind follows the army into its Deathline zone (or the first it can reach)."""
    if horde_rule(state) is None:
        return
    army = [u for u in state.units if u.in_army and u.nation == nation]
    moved = [u for u in army if u.moved]
    for start in sorted({u.zone for u in army if not u.moved}):
        found = horde_targets(state, nation, destinations(state, nation, start))
        if not found:
            continue
        target = moved[0].zone if moved else found[0]
        left = [u for u in army if u.zone == start and not u.moved and u.mobile]
        _move(state, left, target)
        moved += left
        log.say(f"The True Golden Horde keeps together: {len(left)} units follow into {BOARD.zones[target].name}.")


def _horde_breaks_up(state: State, nation: str, log: ActionLog) -> None:
    """Turn 23: when the named nation's turn ends, the Horde's survivors go home."""
    for alliance in CONTENT.turn(state.turn).alliances:
        if alliance.ends_after_nation != nation or not state.politics.horde:
            continue
        survivors = [u for u in state.units if u.uid in state.politics.horde]
        for unit in survivors:
            held = [z for z in controlled(state, unit.nation) if z != unit.zone]
            if held:
                unit.zone = unit.home if unit.home in held else held[0]
        state.politics.horde = []
        log.say(f"The {alliance.name} breaks up: {len(survivors)} surviving units go home.")


# --- turns 32 and 35-36: loans between allies ------------------------------------------------------------------


def _lend(state: State, units: list[Unit], to: str) -> None:
    for unit in units:
        unit.lent_from, unit.nation, unit.moved = unit.nation, to, False
        state.politics.loans.append(unit.uid)


def _return_loans(state: State, borrower: str, log: ActionLog) -> None:
    """Units lent to the borrower go back to their lender. A loan that ended otherwise (the unit served in an
    alliance army and went home, or fell) is forgotten, so no stale entry can hand a unit to nobody later."""
    loans = set(state.politics.loans)
    back = [u for u in state.units if u.uid in loans and u.nation == borrower and u.lent_from]
    for unit in back:
        unit.nation, unit.lent_from = unit.lent_from, ""
    still = {u.uid for u in state.units if u.uid in loans and u.lent_from}
    state.politics.loans = [uid for uid in dict.fromkeys(state.politics.loans) if uid in still]
    if back:
        go = verb(len(back) == 1, "go")
        log.say(f"{unit_count(len(back))} lent to {NATIONS[borrower].name} {go} back to their nation.")


def _auxiliaries(state: State, nation: str, log: ActionLog) -> None:
    """Turn 32: Sir Ethilrist and the units placed with him fight for the Lunar Empire in the Lunar turn (house:
    the turn of the Empire's first member, the Rinliddi), then go back to the Malkioni."""
    for entry in CONTENT.turn(state.turn).entries:
        for event in entry.events:
            if event.type != "lunar_auxiliaries":
                continue
            alliance = next((a for a in CONTENT.turn(state.turn).alliances if a.id == event.params["alliance"]), None)
            if alliance is None or alliance.members[0] != nation:
                continue
            placed = entry.placements
            names = {p.name for p in placed if p.unit == "special"}
            leader = next((u for u in units_of(state, entry.nation) if u.name in names), None)
            if leader is None:
                continue
            count = sum(p.count for p in placed if p.unit != "special")
            company = [u for u in units_of(state, entry.nation, leader.zone) if u.kind == "standard"][:count]
            _lend(state, [leader, *company], nation)
            log.say(f"{event.text} ({unit_count(1 + len(company))} fight for {NATIONS[nation].name} this turn.)")


def _lend_answer(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    to = decision.data["to"]
    lenders = sorted(
        (u for u in units_of(state, decision.nation) if u.mobile and not u.lent_from),
        key=lambda u: (u.kind == "special", u.uid),
    )
    lent = lenders[: int(option)]
    if lent:
        _lend(state, lent, to)
        borrower = NATIONS[to].name
        lent_out = unit_count(len(lent))
        log.say(f"{NATIONS[decision.nation].acts('lend')} {lent_out} to {borrower} for their next turn.")


def _offer_loans(state: State, nation: str) -> None:
    """Turn 35: when their turn ends the Wolf Pirates may lend units to the Heortlings (default: none)."""
    for params in _events(state, nation, "lend_units"):
        to = CONTENT.nations.resolve(params["to"])
        most = sum(1 for u in units_of(state, nation) if u.mobile and not u.lent_from)
        options = [str(k) for k in range(most + 1)]
        labels = ["Lend no units"] + [f"Lend {k} unit{'s' * (k > 1)} to {NATIONS[to].name}" for k in range(1, most + 1)]
        decisions.ask(state, nation, "lend", options, labels, to=to)


def _leave_alliances(state: State, nation: str, log: ActionLog) -> None:
    """Turn 36: the Wolf Pirates leave the Anti-Lunar Alliance when their turn starts."""
    for params in _events(state, nation, "leave_alliance"):
        mark = f"{params['alliance']}>{nation}"
        if mark not in state.politics.left:
            state.politics.left.append(mark)
            log.say(f"{NATIONS[nation].acts('leave')} the alliance.")


# --- hooks called by flow.py ------------------------------------------------------------------------------------


def start_of_nation_turn(state: State, nation: str, log: ActionLog) -> None:
    _leave_alliances(state, nation, log)
    _auxiliaries(state, nation, log)


def before_battles(state: State, nation: str, log: ActionLog) -> None:
    _send_to_alliance(state, nation, log)
    _must_attack(state, nation, log)
    _horde_together(state, nation, log)


def end_of_nation_turn(state: State, nation: str, log: ActionLog) -> None:
    _return_loans(state, nation, log)
    _offer_loans(state, nation)
    _horde_breaks_up(state, nation, log)


# --- the end of the game ----------------------------------------------------------------------------------------


def final_points(state: State, log: ActionLog) -> None:
    """Points a data card lists for an individual being dead at the end: it entered play once and is not in play
    now. Our default cards list none (the seed gives no values)."""
    in_play = {u.unit_id for u in state.units}
    for nation, card in NATIONS.items():
        points = 0
        for unit_id, value in card.dead_vp.items():
            if PLACED_FLAG + unit_id in state.flags and unit_id not in in_play:
                points += value
        if points:
            state.vp[nation] = state.vp.get(nation, 0) + points
            log.say(f"{NATIONS[nation].acts('score')} {points} VP for individuals who are dead at the end.")


# The answers to this module's questions, by decision kind (the engine puts every module's in one table).
ANSWERS: dict[str, decisions.Handler] = {
    "lend": _lend_answer,
}
