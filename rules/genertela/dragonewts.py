"""The Dragonewts' special rules: named units of a city, moving from city to city, sitting on a city among
enemies (and fighting from it or being attacked on it only by choice), recovery, population, the Dragonkill duty.
"""

from __future__ import annotations

import heapq
import json
from functools import cache
from typing import Any

from rules.base import ActionLog
from rules.genertela import decisions
from rules.genertela.board import (
    BOARD,
    NATIONS,
    _index,
    active_nation,
    allied,
    controller,
    enemies_in,
    may_enter,
    on_city,
    units_in,
    units_of,
    zone,
)
from rules.genertela.content import CONTENT_DIR, ContentError
from rules.genertela.specials import blockers
from rules.genertela.state import Decision, State, Unit
from rules.rng import Rng

CITY_STACK = 2  # named Dragonewts that may sit on a city in an enemy zone
CITY_POPULATION = 2  # population for each such city
INHUMAN_KING = "dragonewts.inhuman_king.hero"
LETS_PASS = "lets_dragonewts_pass:"  # flag: that nation does not block named Dragonewts moving city to city


@cache
def city_names(file: str = "dragonewt_cities.json") -> dict[str, str]:
    """Zone id -> the name on that city's named Dragonewts; every Dragonewt city of the map needs one."""
    raw = json.loads((CONTENT_DIR / file).read_text(encoding="utf-8"))
    names: dict[str, str] = {}
    for index, item in enumerate(raw.get("cities", [])):
        entry = f"city #{index + 1}"
        for key in ("zone", "name", "source"):
            if not isinstance(item.get(key), str) or not item[key]:
                raise ContentError(f"{file}: {entry}: field {key!r}: is missing or not text")
        try:
            zid = BOARD.resolve(item["zone"])
        except KeyError:
            raise ContentError(f"{file}: {entry}: field 'zone': {item['zone']!r} is not a zone of map.json") from None
        if not zone(zid).dragonewt_city:
            raise ContentError(f"{file}: {entry}: field 'zone': {item['zone']!r} has no Dragonewt city")
        names[zid] = item["name"]
    missing = [z.name for z in BOARD.zones.values() if z.dragonewt_city and z.id not in names]
    if missing:
        raise ContentError(f"{file}: cities: field 'zone': no name for the Dragonewt city of {', '.join(missing)}")
    return names


def label(zid: str) -> str:
    return f"{city_names()[zid]} dragonewt"


def name_unit(state: State, unit: Unit, sit: bool = False) -> None:
    """A named Dragonewt placed in a city zone carries that city's name and sits on the city when told so or when
    another nation holds the zone."""
    if unit.kind != "named_dragonewt" or not zone(unit.zone).dragonewt_city:
        return
    unit.name = unit.name or label(unit.zone)
    unit.sitting = sit or controller(state, unit.zone) not in ("", unit.nation)


# --- movement ----------------------------------------------------------------------------------------------


def lets_pass(state: State, nation: str) -> bool:
    return LETS_PASS + nation in state.flags


def _blocked(state: State, nation: str, zid: str) -> bool:
    return any(not lets_pass(state, u.nation) for u in blockers(state, nation, zid))


def hop_targets(state: State, nation: str, start: str, closed: frozenset[str] = frozenset()) -> list[str]:
    """Named Dragonewts leaving a Dragonewt city may head for any other Dragonewt city through enemy or empty
    zones; an enemy that chooses to block them stops them on the way (see hop)."""
    if not NATIONS[nation].has("dragonewt") or not zone(start).dragonewt_city:
        return []
    return list(_hop_search(nation, start, closed))


def _cache(state: State) -> dict[tuple[object, ...], Any]:
    """Searches kept until units change (like ordinary reach)."""
    index = _index(state)
    cache = state.__dict__.get("_hops")
    if cache is None or cache[0] is not index:
        cache = (index, {})
        state.__dict__["_hops"] = cache
    return cache[1]


@cache
def _hop_search(nation: str, start: str, closed: frozenset[str]) -> tuple[str, ...]:
    """Every other Dragonewt city the units could reach if nobody blocked them (blocking is asked on the way, see
    hop_paths): the cities of the start's part of the map as the nation may walk it, which the units never change
    (so it is kept for the process)."""
    seen = {start}
    queue = [start]
    while queue:
        here = queue.pop()
        for nxt in BOARD.zones[here].adjacent:
            if nxt not in seen and may_enter(nation, nxt) and nxt not in closed:
                seen.add(nxt)
                queue.append(nxt)
    return tuple(sorted(z for z in seen - {start} if zone(z).dragonewt_city))


def hop_paths(state: State, nation: str, start: str, closed: frozenset[str]) -> dict[str, list[str]]:
    """The path to each zone the units may walk to (start excluded): the one that crosses the fewest zones where
    an enemy could block them, then the shortest, then the first in map order."""
    best: dict[str, tuple[int, int]] = {start: (0, 0)}
    paths: dict[str, list[str]] = {start: []}
    heap = [(0, 0, start)]
    blocked = _cache(state).setdefault(("blocked", nation, tuple(state.flags)), {})  # each zone asked once
    while heap:
        blocks, steps, here = heapq.heappop(heap)
        if (blocks, steps) > best[here]:
            continue
        for nxt in BOARD.zones[here].adjacent:
            if not may_enter(nation, nxt) or nxt in closed:
                continue
            if nxt not in blocked:
                blocked[nxt] = _blocked(state, nation, nxt)
            cost = (blocks + int(blocked[nxt]), steps + 1)
            if nxt not in best or cost < best[nxt]:
                best[nxt], paths[nxt] = cost, [*paths[here], nxt]
                heapq.heappush(heap, (*cost, nxt))
    del paths[start]
    return paths


def hop(state: State, units: list[Unit], start: str, target: str, closed: frozenset[str], log: ActionLog) -> str:
    """Move named Dragonewts city to city: they stop at the first zone where an enemy could block them (its owner
    is asked; blocking is the default) unless that nation declared it lets them pass; returns where they stand."""
    path = hop_paths(state, units[0].nation, start, closed).get(target, [])
    return _walk(state, units, path, log)


def _walk(state: State, units: list[Unit], path: list[str], log: ActionLog) -> str:
    nation = units[0].nation
    for index, zid in enumerate(path):
        stop = index == len(path) - 1
        askers = [] if stop else _askers(state, nation, zid)
        if not (stop or askers):
            continue
        for unit in units:
            unit.zone, unit.moved = zid, True
            arrive(state, unit, nation, zid)
        if askers:
            name = zone(zid).name
            labels = [f"Stop the Dragonewts in {name}", f"Let the Dragonewts pass through {name}"]
            data = {"uids": ",".join(str(u.uid) for u in units), "rest": ",".join(path[index + 1 :])}
            decisions.ask(state, askers[0], "dragonewt_block", ["block", "pass"], labels, **data)
            log.say(f"The Dragonewts are stopped in {name} unless {NATIONS[askers[0]].name} let them pass.")
        return zid
    return ""


def arrive(state: State, unit: Unit, nation: str, zid: str) -> None:
    """A named Dragonewt ending a move on a Dragonewt city in a zone another nation holds sits on the city
    (house: it takes the city rather than fighting; it may attack from it by declaring so)."""
    if unit.kind == "named_dragonewt":
        unit.sitting = zone(zid).dragonewt_city and any(
            u.nation != nation and not on_city(state, u) for u in units_in(state, zid)
        )


def _askers(state: State, nation: str, zid: str) -> list[str]:
    """Enemy nations that could block here and have not declared that they let Dragonewts pass."""
    return sorted({u.nation for u in blockers(state, nation, zid) if not lets_pass(state, u.nation)})


def _answer_block(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    """The enemy's answer: "block" leaves the Dragonewts where they were stopped; "pass" lets them go on."""
    del rng
    uids = {int(uid) for uid in decision.data["uids"].split(",")}
    units = [u for u in state.units if u.uid in uids]
    if option != "pass" or not units or not decision.data.get("rest"):
        return
    log.say(f"{NATIONS[decision.nation].acts('let')} the Dragonewts pass.")
    _walk(state, units, decision.data["rest"].split(","), log)


# --- battle ------------------------------------------------------------------------------------------------


def fighting(state: State, nation: str, zid: str, units: list[Unit]) -> list[Unit]:
    """The units of a nation that take part in a battle in the zone. Dragonewts sitting on the city stay out
    unless the active nation declared a fight over the city there: then the Dragonewts attack leaving one
    named unit to keep the city, or all of them defend it."""
    sitting = [u for u in units if on_city(state, u)]
    if not sitting:
        return units
    rest = [u for u in units if u not in sitting]
    if zid not in state.city_attacks:
        return rest
    return rest + sitting[1:] if nation == active_nation(state) else units


def besieged(state: State, nation: str, zid: str) -> list[str]:
    """Nations whose Dragonewts sit on the city of a zone where the active nation declared an attack on them."""
    if zid not in state.city_attacks:
        return []
    found = {u.nation for u in units_in(state, zid) if on_city(state, u) and not allied(state, nation, u.nation)}
    return sorted(found)


def attack_options(state: State, nation: str) -> list[str]:
    """Zones where the nation may declare a fight over a Dragonewt city: its own Dragonewts sit there among enemies
    (at least two, one stays behind), or its army shares the zone with enemy Dragonewts sitting on the city."""
    options = []
    for zid in sorted({u.zone for u in units_of(state, nation)}):
        if not zone(zid).dragonewt_city:
            continue
        mine = units_of(state, nation, zid)
        sally = sum(1 for u in mine if on_city(state, u)) >= 2 and bool(enemies_in(state, nation, zid))
        assault = any(not on_city(state, u) for u in mine) and _enemy_sitters(state, nation, zid)
        if sally or assault:
            options.append(zid)
    return options


def _enemy_sitters(state: State, nation: str, zid: str) -> bool:
    return any(on_city(state, u) and not allied(state, nation, u.nation) for u in units_in(state, zid))


def city_retreat(state: State, nation: str, zid: str, army: list[Unit]) -> bool:
    """Named Dragonewts fighting in a zone with a Dragonewt city may retreat onto it while a Dragonewt unit of their
    nation sits there (house: when every mobile unit of the army is a named Dragonewt)."""
    mobile = [u for u in army if u.mobile]
    return (
        bool(mobile)
        and zone(zid).dragonewt_city
        and zid not in state.city_attacks
        and all(u.kind == "named_dragonewt" for u in mobile)
        and any(on_city(state, u) for u in units_of(state, nation, zid))
    )


def take_city(units: list[Unit]) -> None:
    for unit in units:
        unit.sitting = True


def build_zones(state: State, nation: str, held: list[str]) -> list[str]:
    """The Dragonewts may also place a bought unit in a zone they do not hold that has a Dragonewt city and at
    least one Dragonewt unit."""
    if not NATIONS[nation].has("dragonewt"):
        return []
    return sorted({u.zone for u in units_of(state, nation) if zone(u.zone).dragonewt_city} - set(held))


# --- recovery, population, stacking ------------------------------------------------------------------------


def recovers(unit: Unit) -> bool:
    """Only named Dragonewts with a city name recover (built Dragonewt units carry none)."""
    return unit.kind == "named_dragonewt" and bool(unit.name) and zone(unit.home).dragonewt_city


def held_cities(state: State, nation: str) -> list[str]:
    """Dragonewt cities the nation's named units sit on in a zone another nation holds."""
    return sorted({u.zone for u in units_of(state, nation) if on_city(state, u)})


def extra_population(state: State, nation: str) -> int:
    return CITY_POPULATION * len(held_cities(state, nation)) if NATIONS[nation].has("dragonewt") else 0


def city_overstack(state: State, nation: str) -> list[Unit]:
    """At most 2 named Dragonewts sit on one city in an enemy zone; the rest are lost."""
    lost: list[Unit] = []
    for zid in held_cities(state, nation):
        sitting = [u for u in units_of(state, nation, zid) if on_city(state, u)]
        lost += sitting[CITY_STACK:]
    return lost


def settle_cities(state: State) -> None:
    """Named Dragonewts left alone in their zone hold it again (an army entering later must fight them)."""
    for unit in state.units:
        if unit.sitting and not any(u.nation != unit.nation for u in units_in(state, unit.zone)):
            unit.sitting = False


# --- turn 23, the Dragonkill --------------------------------------------------------------------------------


# The answers to this module's questions, by decision kind (the engine puts every module's in one table).
ANSWERS: dict[str, decisions.Handler] = {"dragonewt_block": _answer_block}
