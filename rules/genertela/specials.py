"""Special units and the places they may go: who blocks movement, Assassins and Hon-eel (free movement,
far retreats, the Assassins' strike), the sea, and the seed's fixed recovery zones of some individuals.

The seed: units inside a City or fortress block only when declared outside; pure Assassins never block;
Assassins and Hon-eel are not blocked and may move to, or retreat to, zones far away.
"""

from __future__ import annotations

from rules.base import ActionLog
from rules.genertela.board import (
    BOARD,
    CONTENT,
    NATIONS,
    barred,
    controller,
    enemies_in,
    has_city,
    on_city,
    remove,
    units_of,
    zone,
)
from rules.genertela.content import Placement
from rules.genertela.state import State, Unit

RECOVERY_RULES = {
    p.unit_id: p
    for t in CONTENT.turns
    for e in t.entries
    for p in e.placements
    if p.unit == "special" and (p.recovery_zone or p.recovery_zone_rule)
}
SPECIAL_SHOOTERS = frozenset({"assassin", "guardian", "hero", "superhero"})  # may hit a protected Assassin


def free_mover(unit: Unit) -> bool:
    """Assassins and Hon-eel move and retreat without being blocked, to any zone."""
    return unit.mobile and ("assassin" in unit.powers or unit.free_move)


def walled(state: State, zid: str) -> bool:
    """A zone with a City unit or a fortress: its units stand inside unless declared outside."""
    return zone(zid).fortress or has_city(state, zid)


def blocks(state: State, unit: Unit) -> bool:
    """Whether an enemy unit stops movement through its zone."""
    if unit.assassin_only or on_city(state, unit):
        return False
    if walled(state, unit.zone):
        return unit.outside and unit.kind != "city"
    return True


def blockers(state: State, nation: str, zid: str) -> list[Unit]:
    return [u for n in enemies_in(state, nation, zid) for u in units_of(state, n, zid) if blocks(state, u)]


def passable(state: State, nation: str, zid: str) -> bool:
    """Movement may go on through a zone someone holds where no enemy unit blocks (the nation's own or an ally's,
    an enemy zone defended only from inside its walls or by Assassins), or one overrun this step.
    An empty zone is held by no one: a move stops there (the seed moves only through zones a nation controls)."""
    if zid in state.overrun:
        return True
    return bool(controller(state, zid)) and not blockers(state, nation, zid) and not barred(state, nation, zid)


def anywhere(start: str) -> list[str]:
    """Every zone a free mover may go to from `start`: any land zone, mountains included ("no restrictions")."""
    return [zid for zid in BOARD.zones if zid != start and zone(zid).terrain != "sea"]


def stranded(state: State, nation: str) -> list[Unit]:
    """Units left at sea after movement: only raiders may stay there."""
    if NATIONS[nation].has("raider"):
        return []
    return [u for u in units_of(state, nation) if zone(u.zone).terrain == "sea"]


def strand(state: State, nation: str, log: ActionLog) -> None:
    """House: a nation that is not listed as raiding loses the units it leaves at sea when its movement ends."""
    lost = stranded(state, nation)
    remove(state, lost)
    if lost:
        log.say(f"{NATIONS[nation].acts('lose')} {', '.join(u.label() for u in lost)}: only raiders may stay at sea.")


def _placement(unit: Unit) -> Placement | None:
    return RECOVERY_RULES.get(unit.unit_id)


def fixed_recovery(unit: Unit) -> bool:
    """Units whose recovery zone the seed fixes: their owner does not pick another."""
    p = _placement(unit)
    return p is not None and bool(p.recovery_zone or p.recovery_zone_rule)


def recovery_zone(state: State, unit: Unit, held: list[str]) -> str:
    """Where a recovered special unit comes back: its starting zone if its nation holds it, else a zone it holds;
    the Only Old One only on the Shadow Plateau held by the Uz, Isidilian only at Dwarf Run (held or not), the
    Inhuman King in any Dragonewt city where Dragonewts stand. "" when it cannot come back now."""
    p = _placement(unit)
    if p is not None and p.recovery_zone:
        return p.recovery_zone if p.recovery_even_if_enemy or p.recovery_zone in held else ""
    if p is not None and p.recovery_zone_rule == "any_dragonewt_city":
        cities = [z for z in BOARD.zones if zone(z).dragonewt_city and units_of(state, unit.nation, z)]
        return unit.home if unit.home in cities else (cities or [""])[0]
    return unit.home if unit.home in held else (held or [""])[0]


def far_retreats(state: State, nation: str, zid: str) -> list[str]:
    """Assassins and Hon-eel may retreat to any zone their nation holds that is not under attack."""
    return [
        other
        for other in BOARD.zones
        if other != zid and controller(state, other) == nation and not enemies_in(state, nation, other)
    ]


def uses_ability(unit: Unit, aim: str) -> bool:
    """An Assassin aiming at special characters uses its ability (flat 6+); a pure Assassin attacks no other way."""
    return "assassin" in unit.powers and aim == "special_characters"


def special_shooter(unit: Unit) -> bool:
    """Units whose hits may fall on an Assassin protected in the first round."""
    return bool(SPECIAL_SHOOTERS & unit.powers)
