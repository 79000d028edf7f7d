"""Map questions: which regions a player may conquer, and what a conquest costs (seed steps 4-10)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.smallworld import abilities
from rules.smallworld.content import MapData, load_map
from rules.smallworld.state import State


def game_map(state: State) -> MapData:
    return load_map(state.players)


@dataclass(frozen=True)
class Target:
    region: str
    cost: int
    by_doormat: bool  # reachable only through the Flying Doormat


def is_edge(state: State, region_id: str) -> bool:
    """A first conquest may be on the border, on a River, or touching a River (seed step 4)."""
    return game_map(state).is_edge(region_id)


def neighbours(state: State, region_id: str, leap_chasms: bool) -> set[str]:
    """Adjacent regions; Spiderines also reach the far side of a Chasm (never stopping in it)."""
    data = game_map(state).regions
    result = set(data[region_id].adjacent)
    if leap_chasms:
        for other in data[region_id].adjacent:
            if data[other].terrain == "chasm":
                result |= set(data[other].adjacent)
    result.discard(region_id)
    return result


def immune(state: State, region_id: str, attacker: int) -> bool:
    """The Great Ancient and the Queen make their region unconquerable by anyone else; so do a sanctuary (Shrubmen
    on Fungus, the Crystal Chapel) while an active race holds the region."""
    region = state.regions[region_id]
    if region.owner is None or region.owner == attacker or region.tokens == 0:
        return False
    if {"ancient", "queen"} & set(region.markers):
        return True
    return not region.declined and sanctuary(state, region_id)


def sanctuary(state: State, region_id: str) -> bool:
    """Whether the active race holding `region_id` may not be attacked there (Shrubmen, Crystal Chapel)."""
    region = state.regions[region_id]
    if region.owner is None or region.declined or region.tokens == 0:
        return False
    terrain = game_map(state).regions[region_id].terrain
    if region.treasure and any(e.get("where") == "here" for e in abilities.treasure(region.treasure).all("sanctuary")):
        return True
    return any(
        e.kind == "sanctuary" and e.get("where") == "terrain" and e.get("terrain") == terrain
        for e in abilities.region_effects(state, region_id)
    )


def defence(state: State, region_id: str) -> int:
    """Extra defence: Black Mountain, Fortress-like Places/Relics, and the holder's defence effects."""
    data = game_map(state).regions[region_id]
    region = state.regions[region_id]
    total = 1 if data.black_mountain else 0
    if region.treasure:
        total += sum(
            e.get("amount", 0) for e in abilities.treasure(region.treasure).all("defence") if e.get("where") == "here"
        )
    for effect in abilities.region_effects(state, region_id):
        if effect.kind != "defence":
            continue
        where = effect.get("where")
        if (
            where == "all"
            or (where == "terrain" and effect.get("terrain") == data.terrain)
            or (where == "stack" and region.tokens >= effect.get("min_tokens", 0))
        ):
            total += effect.get("amount", 0)
    return total


def base_cost(state: State, region_id: str) -> int:
    """Cost before the attacker's own abilities (seed steps 5-6, rulings: River costs 1)."""
    data = game_map(state).regions[region_id]
    region = state.regions[region_id]
    return (1 if data.terrain == "river" else 2) + defence(state, region_id) + region.monsters + region.tokens


def _applies(state: State, seat: int, region_id: str, where: str, terrain: str | None) -> bool:
    data = game_map(state).regions[region_id]
    region = state.regions[region_id]
    occupied = region.tokens > 0 and not (region.owner == seat and not region.declined)
    if where == "all":
        return True
    if where == "empty":
        return region.tokens == 0 and region.monsters == 0
    if where == "occupied":
        return occupied
    if where == "terrain":
        return data.terrain == terrain
    if where == "monster":
        return region.monsters > 0
    if where == "near_ancient":
        return any("ancient" in state.regions[o].markers for o in data.adjacent)
    if where == "first":
        return not state.log.conquered
    if where == "mountain":
        return data.black_mountain
    return False


def cost(state: State, seat: int, region_id: str) -> int:
    """What `seat` pays in tokens to conquer `region_id`, never below 1."""
    total = base_cost(state, region_id)
    shielded = abilities.immune_to_abilities(state, region_id)
    for effect in abilities.active_effects(state, seat):
        if effect.kind != "cost_change":
            continue
        amount = effect.get("amount", 0)
        if amount < 0 and shielded:
            continue
        if _applies(state, seat, region_id, effect.get("where"), effect.get("terrain")):
            total += amount
    return max(1, total)


def reachable(state: State, seat: int) -> dict[str, bool]:
    """Regions `seat`'s active race may attack now, mapped to whether only the Doormat reaches them."""
    data = game_map(state).regions
    mine = abilities.active_regions(state, seat)
    effects = abilities.active_effects(state, seat)
    kinds = {e.kind for e in effects}
    result: dict[str, bool] = {}
    if mine:
        near: set[str] = set()
        for rid in mine:
            near |= neighbours(state, rid, "chasm_leap" in kinds)
        if "reach_two" in kinds:  # Will-o'-Wisps: one step further, through any region but a Chasm or Volcano
            for step in list(near):
                if data[step].terrain not in ("chasm", "volcano"):
                    near |= set(data[step].adjacent)
    else:
        anywhere = "enter_anywhere" in kinds
        near = {rid for rid in data if anywhere or is_edge(state, rid)}
    if "drop_empty" in kinds:  # Martians: any empty region, anywhere, at any time
        near |= {rid for rid, r in state.regions.items() if r.tokens == 0 and r.monsters == 0}
    doormat = "doormat" in kinds and not state.log.doormat_used and bool(mine)
    for rid, region in data.items():
        if region.terrain == "chasm" or (region.terrain == "volcano" and "volcano" not in kinds):
            continue
        here = state.regions[rid]
        if here.owner == seat and not here.declined and here.tokens > 0:
            continue
        if immune(state, rid, seat):
            continue
        if rid in near:
            result[rid] = False
        elif doormat:
            result[rid] = True
    return result


def targets(state: State, seat: int) -> list[Target]:
    return [Target(rid, cost(state, seat, rid), door) for rid, door in reachable(state, seat).items()]
