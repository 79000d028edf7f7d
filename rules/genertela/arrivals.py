"""Units that events bring into play or change: individuals by name (the Red Emperor, Argrath), one special unit
becoming another, a Forest zone given over to the nation that took it, and the room a nation has for more units.
Below the events and the conversions, which both use it."""

from __future__ import annotations

from typing import Any

from rules.base import ActionLog
from rules.genertela.board import BOARD, NATIONS
from rules.genertela.reinforce import PLACED_FLAG, add_unit
from rules.genertela.state import State, Unit


def room(state: State, nation: str) -> int:
    limit = NATIONS[nation].counter_limits.get("standard", 0)
    return max(0, limit - sum(1 for u in state.units if u.nation == nation and u.kind == "standard"))


def special_id(nation: str, name: str, types: list[str]) -> str:
    """The id of an individual an event brings (the Red Emperor, Argrath), built like the schedule's ids."""
    return f"{nation}.{name.lower().replace(' ', '_')}.{'_'.join(types)}"


def special_unit(state: State, nation: str, name: str, types: list[str], zid: str, recovery: str) -> Unit:
    unit_id = special_id(nation, name, types)
    if PLACED_FLAG + unit_id not in state.flags:  # it entered play: being dead at the end may score
        state.flags.append(PLACED_FLAG + unit_id)
    return add_unit(state, Unit(0, nation, "special", zid, name, types, unit_id, recovery, "until_lost", zid))


def becomes(state: State, old: Unit, into: dict[str, Any], log: ActionLog) -> None:
    """A special unit gives way to another (Argrath)."""
    state.units.remove(old)
    special_unit(state, old.nation, into["name"], list(into["types"]), old.zone, into["recovery_mark"])
    log.say(f"{old.name} gives way to {into['name']} in {BOARD.zones[old.zone].name}.")


def convert_forest_zone(state: State, taker: str, zid: str, per_unit: int, text: str, log: ActionLog) -> None:
    """The forest and every Aldryami unit of the zone give way to `per_unit` units each of the taking nation."""
    here = [u for u in state.units if u.zone == zid and u.nation == "aldryami"]
    count = min(len(here) * per_unit, room(state, taker))
    state.units = [u for u in state.units if u not in here]
    for _ in range(count):
        add_unit(state, Unit(0, taker, "standard", zid, home=zid))
    log.say(f"{text} ({BOARD.zones[zid].name}: {count} units.)")
