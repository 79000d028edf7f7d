"""Resources, building, population limits and victory points: the bookkeeping steps of a nation turn."""

from __future__ import annotations

from rules.genertela.board import BOARD, NATIONS, controlled, has_city, units_of, zone
from rules.genertela.dragonewts import extra_population, held_cities
from rules.genertela.state import State, Unit

MAX_CARRIED = 5  # the seed: resource points max out at 5
UNIT_COST = 6
CITY_COST = 6
FOREST_COST = 3
CHAOS_NEST_RESOURCES = 2  # house: the seed says nests pay Chaos but not how much
CHAOS_NEST_POPULATION = 4  # house: likewise for population
NOMADIC_MARCH_TURN = 28  # from this turn the Heortlings treat the Praxian March as nomads do


def is_nest(state: State, zid: str) -> bool:
    return zone(zid).chaos_nest or zid == state.great_chaos_nest


def chaos_nests(state: State) -> list[str]:
    nests = [z.id for z in BOARD.zones.values() if z.chaos_nest]
    return nests + ([state.great_chaos_nest] if state.great_chaos_nest else [])


def _nomadic_here(state: State, nation: str, zid: str) -> bool:
    if NATIONS[nation].has("nomad"):
        return True
    return (
        NATIONS[nation].has("praxian_march_nomadic")
        and state.turn >= NOMADIC_MARCH_TURN
        and zid == BOARD.resolve("Praxian March")
    )


def zone_resources(state: State, nation: str, zid: str) -> int:
    """What one controlled zone pays the nation in the resources step."""
    terrain = zone(zid).terrain
    card = NATIONS[nation]
    if is_nest(state, zid):
        return CHAOS_NEST_RESOURCES if card.has("chaos") else 0
    if card.has("uz"):
        return 1
    if card.has("mostali"):
        return {"mountain": 2, "highland": 1}.get(terrain, 0)
    if card.has("dragonewt"):
        return 0  # their exception replaces terrain income: only their cities in others' zones pay (see below)
    if _nomadic_here(state, nation, zid):
        return 1 if terrain in ("lowland", "waste") else 0
    if has_city(state, zid):
        return 3
    return {"lowland": 2, "highland": 1}.get(terrain, 0)


def resources_gained(state: State, nation: str) -> int:
    gained = sum(zone_resources(state, nation, zid) for zid in controlled(state, nation))
    if NATIONS[nation].has("chaos"):
        # nests pay Chaos even where no Chaos unit stands
        held = set(controlled(state, nation))
        gained += CHAOS_NEST_RESOURCES * sum(1 for nid in chaos_nests(state) if nid not in held)
    if NATIONS[nation].has("dragonewt"):
        gained += len(held_cities(state, nation))  # 1 per Dragonewt city held in another nation's zone
    return gained


def zone_population(state: State, nation: str, zid: str) -> int:
    """How many units the nation may support thanks to one controlled zone."""
    terrain = zone(zid).terrain
    card = NATIONS[nation]
    homeland = zid in card.homelands
    if is_nest(state, zid):
        return CHAOS_NEST_POPULATION if card.has("chaos") else 0
    if card.has("uz"):
        return 4 if homeland else 2
    if card.has("mostali"):
        return 4 if homeland else {"mountain": 3, "highland": 2, "lowland": 1}.get(terrain, 0)
    base = {"lowland": 3, "highland": 2}.get(terrain, 0)
    if terrain == "waste" and _nomadic_here(state, nation, zid):
        base = 2
    if has_city(state, zid):
        base += 2
    if homeland and base and _supported_in(state, nation, zid) >= base:
        base += 2  # a full homeland zone may hold 2 more
    return base


def _supported_in(state: State, nation: str, zid: str) -> int:
    return sum(1 for u in units_of(state, nation, zid) if counts_for_population(u))


def counts_for_population(unit: Unit) -> bool:
    return unit.kind not in ("city", "forest") and not unit.assassin_only and unit.zone != _SEA


_SEA = next(z.id for z in BOARD.zones.values() if z.terrain == "sea")


def population_limit(state: State, nation: str) -> int:
    """The zones' population, plus 2 for each Dragonewt city the Dragonewts hold in another nation's zone."""
    zones = sum(zone_population(state, nation, zid) for zid in controlled(state, nation))
    return zones + extra_population(state, nation)


def population_excess(state: State, nation: str) -> list[Unit]:
    """Units over the limit, ordinary units from the biggest stacks first (house: the engine picks)."""
    counted = [u for u in units_of(state, nation) if counts_for_population(u)]
    excess = len(counted) - population_limit(state, nation)
    if excess <= 0:
        return []
    stack = {zid: sum(1 for u in counted if u.zone == zid) for zid in {u.zone for u in counted}}
    order = sorted(counted, key=lambda u: (u.kind == "special", -stack[u.zone], u.uid))
    return order[:excess]


def scoring_points(state: State, nation: str, zones: list[str] | None = None) -> int:
    """The default data card: 1 per homeland zone held, 1 per City, 1 per other zone worth holding. `zones`: score
    those instead of the nation's own (an overlord scoring its subjects' zones)."""
    card = NATIONS[nation]
    points = 0
    for zid in controlled(state, nation) if zones is None else zones:
        z = zone(zid)
        if is_nest(state, zid):
            continue  # holding a Chaos Nest is worth nothing
        if has_city(state, zid):
            points += card.vp.city
        if zid in card.homelands:
            points += card.vp.homeland
        elif z.terrain not in ("waste", "mountain") or zone_population(state, nation, zid) > 0:
            points += card.vp.zone
    return points


def kill_points(killer: str, victim: Unit) -> int:
    kills = NATIONS[killer].vp.kills
    return max((kills.get(kind, 0) for kind in victim.types), default=0)
