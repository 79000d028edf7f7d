"""The reinforcement step: the schedule's placements for one nation, expiring special units, counter limits."""

from __future__ import annotations

from typing import Any

from rules.base import ActionLog
from rules.genertela import decisions, dragonewts
from rules.genertela.board import (
    BOARD,
    CONTENT,
    NATIONS,
    controlled,
    has_city,
    holds,
    on_city,
    remove,
    units_in,
    units_of,
)
from rules.genertela.casualties import described
from rules.genertela.content import Placement
from rules.genertela.state import State, Unit

PLACED_FLAG = "placed:"  # flags remembering which special units have entered play once


def _zones_for(state: State, p: Placement) -> list[str]:
    """Where a placement goes. House: where the seed leaves the choice open, the engine takes the first option."""
    if p.zone:
        return [p.zone]
    if p.zone_rule == "great_chaos_nest":
        return [state.great_chaos_nest] if state.great_chaos_nest else []
    if p.zone_rule == "each_other_dragonewt_city":
        eye = BOARD.resolve("Dragon's Eye")
        return [z.id for z in BOARD.zones.values() if z.dragonewt_city and z.id != eye]
    held = controlled(state, p.nation)
    if p.zone_rule == "choice":
        return [z for z in p.zones if z in held][:1] or list(p.zones[:1])
    return held[:1]  # any_controlled


def _room(state: State, nation: str, kind: str) -> int:
    limit = NATIONS[nation].counter_limits.get(kind, 0)
    return max(0, limit - sum(1 for u in units_of(state, nation) if u.kind == kind))


def add_unit(state: State, unit: Unit) -> Unit:
    unit.uid = state.next_uid
    state.next_uid += 1
    state.units.append(unit)
    return unit


def place(state: State, p: Placement, log: ActionLog) -> None:
    if p.condition is not None and not holds(state, p.condition):
        return
    name = NATIONS[p.nation].name
    for zid in _zones_for(state, p):
        if p.unless_city and has_city(state, zid):
            continue
        if p.unit == "special":
            in_play = any(u.unit_id == p.unit_id for u in state.units)
            if in_play or (p.status == "continuing" and PLACED_FLAG + p.unit_id in state.flags):
                continue
            hero = add_unit(
                state,
                Unit(
                    0,
                    p.nation,
                    "special",
                    zid,
                    p.name,
                    list(p.types),
                    p.unit_id,
                    p.recovery,
                    p.stays,
                    zid,
                    immobile=p.immobile,
                    free_move=p.assassin_movement,
                ),
            )
            state.flags.append(PLACED_FLAG + p.unit_id)
            log.say(f"{name}: {p.name} ({'/'.join(t.replace('_', ' ') for t in p.types)}) enters in {_name(zid)}.")
            _ask_zone(state, p, [hero.uid], p.name)
            continue
        count = min(p.count, _room(state, p.nation, p.unit))
        placed = [add_unit(state, Unit(0, p.nation, p.unit, zid, home=zid, immobile=p.immobile)) for _ in range(count)]
        for unit in placed:  # named Dragonewts carry their city's name; "only not control" ones sit on the city
            dragonewts.name_unit(state, unit, p.zone_rule == "each_other_dragonewt_city")
        kind = p.unit.replace("_", " ")
        _ask_zone(state, p, [u.uid for u in placed], described([kind] * count))
        if count:
            log.say(f"{name}: {described([kind] * count)} placed in {_name(zid)}.")
        if count < p.count:
            log.say(f"{name}: {described([kind] * (p.count - count))} not placed (counter limit reached).")


def _ask_zone(state: State, p: Placement, uids: list[int], what: str) -> None:
    """Where the seed leaves the zone open, the owner may move the placed units to another zone it may use."""
    if p.zone_rule in ("any_controlled", "choice"):
        decisions.ask_zone(state, p.nation, "placement", uids, what, p.zones if p.zone_rule == "choice" else ())


def _name(zid: str) -> str:
    return BOARD.zones[zid].name


def listed_ids(state: State, nation: str) -> set[str]:
    """Special units this turn lists for the nation, leaving out those whose condition fails."""
    return {
        p.unit_id
        for e in CONTENT.turn(state.turn).entries_of(nation)
        for p in e.placements
        if p.unit == "special" and (p.condition is None or holds(state, p.condition))
    }


def expire(state: State, nation: str, log: ActionLog) -> None:
    """Special units listed for some turns only leave play when their nation's next turn does not list them."""
    keep = listed_ids(state, nation)
    for unit in [u for u in units_of(state, nation) if u.kind == "special" and u.stays == "listed_turns"]:
        if unit.unit_id not in keep:
            remove(state, [unit])
            log.say(f"{NATIONS[nation].name}: {unit.name} leaves play.")


def reinforce(state: State, nation: str, timings: tuple[str, ...], log: ActionLog) -> None:
    for entry in CONTENT.turn(state.turn).entries_of(nation):
        for p in entry.placements:
            if p.timing in timings:
                place(state, p, log)
        for event in entry.events:
            if event.type == "remove_units" and event.params.get("timing", "reinforcement") in timings:
                _remove(state, nation, event.params, log, event.text)


def _remove(state: State, nation: str, params: dict[str, Any], log: ActionLog, text: str) -> None:
    zones = {BOARD.resolve(str(z)) for z in params.get("zones", [])}
    types = set(params.get("types", []))
    kind = params.get("unit")
    gone = []
    for u in units_of(state, nation):
        if (
            (kind and u.kind == kind)
            or (types and (u.kind in types or types & set(u.types)))
            or (zones and u.zone in zones)
        ):
            gone.append(u)
    for u in gone:
        state.units.remove(u)
    city_zone = params.get("replace_with_city_in")
    if city_zone and kind:
        zid = BOARD.resolve(str(city_zone))
        if any(u.zone == zid for u in gone) and not has_city(state, zid):
            add_unit(state, Unit(0, nation, "city", zid, home=zid))
    if gone:
        log.say(f"{text} ({len(gone)} units)")


def setup(state: State, log: ActionLog) -> None:
    """Turn 1's placements are the starting position."""
    for nation in NATIONS:
        for entry in CONTENT.turn(1).entries_of(nation):
            for p in entry.placements:
                place(state, p, log)


def recover_dragonewts(state: State, fallen: list[Unit], log: ActionLog) -> None:
    """At the end of combat, fallen Dragonewts with a city name go back to their city while Dragonewts still occupy
    it, and only while the Inhuman King is in play."""
    if not fallen:
        return
    if not any(u.unit_id == dragonewts.INHUMAN_KING for u in state.units):
        log.say("The Inhuman King is out of play: no Dragonewt recovers.")
        return
    for unit in fallen:
        home = unit.home
        if not any(u.nation == unit.nation for u in units_in(state, home)):
            log.say(f"{unit.name} does not recover: no Dragonewt holds its city.")
            continue
        unit.zone, unit.moved = home, True
        add_unit(state, unit)
        unit.sitting = any(u.nation != unit.nation and not on_city(state, u) for u in units_in(state, home))
        log.say(f"{unit.name} recovers in {BOARD.zones[home].name}.")
