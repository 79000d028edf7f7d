"""Movement: where a nation's units may go this movement step, narrow passes, and stacking after movement."""

from __future__ import annotations

from collections import deque

from rules.genertela.alliance_turns import centre_of as alliance_centre
from rules.genertela.board import BOARD, CONTENT, NATIONS, enemies_in, friendly, may_enter, units_of, zone
from rules.genertela.state import State, Unit

PASS_LIMIT = 3  # units that may attack into one zone over the narrow passes
STACK = {"lowland": 8, "highland": 4, "mountain": 4, "waste": 4}


def _closed_deathline(state: State, nation: str, zid: str) -> bool:
    """Turns 23-27: human units may not move into Deathline zones (turn 27 lets the Pentans into the Grazelands)."""
    if NATIONS[nation].human is False or not zone(zid).deathline:
        return False
    for rule in CONTENT.turn(state.turn).restrictions:
        if rule.type == "no_humans_into_deathline":
            allowed = {BOARD.resolve(z) for z in rule.params.get("except_zones", [])}
            exempt = rule.params.get("except_nation")
            return not (exempt and CONTENT.nations.resolve(exempt) == nation and zid in allowed)
    return False


def movers(state: State, nation: str, zid: str) -> list[Unit]:
    """Units that may still move out of a zone, ordinary units first (house: a move takes those before heroes);
    on the Dragonkill turn the Dragons come last."""
    units = [u for u in units_of(state, nation, zid) if u.mobile and not u.moved and (u.in_army or not state.alliance)]
    late = dragonkill(state, nation)
    return sorted(units, key=lambda u: (late and u.kind == "dragon", u.kind == "special", u.uid))


def dragonkill(state: State, nation: str) -> bool:
    """Turn 23: the nation's Dragons may only attack human units in Deathline zones."""
    return any(e.type == "dragonkill" for entry in CONTENT.turn(state.turn).entries_of(nation) for e in entry.events)


def dragon_target(state: State, nation: str, zid: str) -> bool:
    return zone(zid).deathline and any(NATIONS[n].human for n in enemies_in(state, nation, zid))


def move_limit(state: State, nation: str, start: str, target: str) -> int:
    """How many units one move from `start` to `target` may take now."""
    ready = movers(state, nation, start)
    most = len(ready)
    if dragonkill(state, nation) and not dragon_target(state, nation, target):
        most = sum(1 for u in ready if u.kind != "dragon")
    cap = pass_room(state, nation, start, target)
    return most if cap is None else min(most, cap)


def destinations(state: State, nation: str, start: str) -> list[str]:
    """Zones reachable from `start`: through own or allied zones, ending in any zone the nation may enter."""
    seen = {start}
    queue = deque([start])
    found: list[str] = []
    while queue:
        here = queue.popleft()
        for nxt in BOARD.zones[here].adjacent:
            if nxt in seen or not may_enter(nation, nxt) or _closed_deathline(state, nation, nxt):
                continue
            seen.add(nxt)
            found.append(nxt)
            if friendly(state, nation, nxt) or nxt in state.overrun:
                queue.append(nxt)
    return sorted(found)


def pass_room(state: State, nation: str, start: str, target: str) -> int | None:
    """How many more units may attack `target` from a narrow pass; None when the limit does not apply."""
    if not zone(start).narrow_pass or not enemies_in(state, nation, target):
        return None
    return max(0, PASS_LIMIT - state.pass_entries.get(target, 0))


def strength(units: list[Unit]) -> int:
    """Units as counted for an overrun: Giants, Dragons and the Crimson Bat count four, pure Assassins nothing."""
    return sum(0 if u.assassin_only else 4 if u.category == "monsters" else 1 for u in units)


def check_overrun(state: State, nation: str, zid: str) -> bool:
    """Twice the occupiers' strength moved in overruns an enemy zone: later moves may pass through it."""
    foes = [u for n in enemies_in(state, nation, zid) for u in units_of(state, n, zid)]
    if not foes or zid in state.overrun:
        return False
    if strength(units_of(state, nation, zid)) >= 2 * strength(foes):
        state.overrun.append(zid)
        return True
    return False


def overstacked(state: State, nation: str) -> list[Unit]:
    """Units lost to stacking: each zone's limit, except one zone that may hold up to double."""
    excess: dict[str, list[Unit]] = {}
    waiting = "" if state.alliance else alliance_centre(state, nation)
    for zid in sorted({u.zone for u in units_of(state, nation)}):
        terrain = zone(zid).terrain
        if terrain == "sea" or zid == waiting:  # units gathered for an alliance turn are not limited yet
            continue
        counted = [
            u
            for u in units_of(state, nation, zid)
            if u.kind not in ("city", "forest", "named_dragonewt") and not u.assassin_only
        ]
        over = len(counted) - STACK[terrain]
        if over > 0:
            excess[zid] = sorted(counted, key=lambda u: (u.kind == "special", u.uid))[:over]
    if not excess:
        return []
    # the one allowed overstack (up to double) goes to the zone where it saves the most units
    best = max(excess, key=lambda zid: (min(len(excess[zid]), STACK[zone(zid).terrain]), zid))
    excess[best] = excess[best][STACK[zone(best).terrain] :]
    return [u for units in excess.values() for u in units]
