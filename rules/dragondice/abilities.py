"""Lookups the species abilities share (content/abilities.json): which effects of an op a unit's species holds, whether
a terrain suits one, and the limits counted from a player's dead unit area."""

from __future__ import annotations

from typing import Any

from rules.dragondice.content import ABILITIES, SPECIES, TERRAINS, UNIT_DICE
from rules.dragondice.model import DEAD, State, Unit

FORCE_STEP = 24  # a limit "per dead unit" is given per 24 points of force, or part of it (published)


def effects_of(species: str, op: str) -> list[tuple[str, dict[str, Any]]]:
    """(ability name, effect) for each effect of `op` the species' abilities declare."""
    if species not in SPECIES:
        return []
    return [
        (ABILITIES[a].name, effect)
        for a in SPECIES[species].abilities
        for effect in ABILITIES[a].effects
        if effect["op"] == op
    ]


def unit_effects(unit: Unit, op: str) -> list[tuple[str, dict[str, Any]]]:
    return effects_of(UNIT_DICE[unit.kind].species, op)


def fits(state: State, where: str, effect: dict[str, Any]) -> bool:
    """Whether a terrain has the elements an effect asks for (none asked: any place, the reserves too)."""
    wanted = set(effect.get("terrain_has") or ())
    if not wanted:
        return True
    if where not in {t.id for t in state.terrains}:
        return False
    elements = set(TERRAINS[state.terrain(where).kind].elements)
    return wanted <= elements if effect.get("terrain_all") else bool(wanted & elements)


def dead_limit(state: State, seat: int, species: str, per_dead: int) -> int:
    """The player's units of the species in their dead unit area, at most `per_dead` for each 24 points of force."""
    dead = sum(1 for u in state.army(seat, DEAD) if UNIT_DICE[u.kind].species == species)
    steps = max(1, -(-state.force // FORCE_STEP))
    return min(dead, per_dead * steps)
