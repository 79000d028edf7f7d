"""Which race, power, Place and Relic effects are in force for a player, and for which of their regions."""

from __future__ import annotations

from rules.smallworld.content import Ability, Effect, content
from rules.smallworld.state import State


def race(race_id: str) -> Ability:
    return content().races[race_id]


def power(power_id: str) -> Ability:
    return content().powers[power_id]


def marker_region(state: State, seat: int, marker: str) -> str | None:
    """Where the seat's Great Ancient ("ancient") or Queen ("queen") stands, if it is on the map."""
    return next((rid for rid, r in state.regions.items() if marker in r.markers and r.owner == seat), None)


def treasure(treasure_id: str) -> Ability:
    return content().treasures[treasure_id]


def active_regions(state: State, seat: int) -> list[str]:
    return [rid for rid, r in state.regions.items() if r.owner == seat and not r.declined and r.tokens > 0]


def declined_regions(state: State, seat: int) -> list[str]:
    return [rid for rid, r in state.regions.items() if r.owner == seat and r.declined and r.tokens > 0]


def held_treasures(state: State, seat: int) -> dict[str, str]:
    """The Places and Relics lying in regions of the seat's active race, by region (declined races do not use
    them)."""
    return {rid: r.treasure for rid, r in state.regions.items() if r.treasure and r.owner == seat and not r.declined}


def active_effects(state: State, seat: int) -> list[Effect]:
    """Effects of the active race, its power and the Places/Relics it holds."""
    player = state.seats[seat]
    effects: list[Effect] = []
    if player.active is not None:
        effects += race(player.active.race).effects
        effects += power(player.active.power).effects
    for tid in held_treasures(state, seat).values():
        effects += treasure(tid).effects
    return effects


def declined_effects(state: State, seat: int) -> list[Effect]:
    """Effects still in force for the declined race: race effects marked in_decline, surviving powers."""
    player = state.seats[seat]
    if player.declined is None:
        return []
    effects = [
        e for e in race(player.declined.race).effects if e.get("in_decline") or e.kind == "score_declined_region"
    ]
    declined_power = power(player.declined.power)
    if declined_power.survives_decline:
        effects += declined_power.effects
    return effects


def has_active(state: State, seat: int, kind: str) -> bool:
    return any(effect.kind == kind for effect in active_effects(state, seat))


def die_bonus(state: State, seat: int) -> int:
    """What the seat adds to each reinforcement die roll (Rusty Blade)."""
    return sum(int(e.get("amount", 0)) for e in active_effects(state, seat) if e.kind == "die_bonus")


def region_effects(state: State, region_id: str) -> list[Effect]:
    """Effects of whoever holds `region_id` (active or declined) that protect it."""
    region = state.regions[region_id]
    if region.owner is None or region.tokens == 0:
        return []
    if region.declined:
        return declined_effects(state, region.owner)
    player = state.seats[region.owner]
    effects: list[Effect] = []
    if player.active is not None:
        effects += race(player.active.race).effects + power(player.active.power).effects
    return effects


def immune_to_abilities(state: State, region_id: str) -> bool:
    """Gnomes: an attacker's reductions and gains never apply to their regions, active or declined."""
    region = state.regions[region_id]
    if region.owner is None or region.tokens == 0:
        return False
    player = state.seats[region.owner]
    combo = player.declined if region.declined else player.active
    return combo is not None and race(combo.race).has("immune_abilities")
