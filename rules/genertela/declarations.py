"""Standing declarations a nation makes in its own build or movement step: units outside a City or fortress,
a fight over a Dragonewt city, and letting named Dragonewts pass through its zones."""

from __future__ import annotations

from typing import Any

from rules.base import ActionLog, Choice
from rules.genertela import dragonewts
from rules.genertela.board import NATIONS, active_nation, allied, units_of, zone
from rules.genertela.specials import walled
from rules.genertela.state import State, Unit

TYPES = ("outside", "attack", "letpass")


def _standing(state: State, nation: str, zid: str) -> list[Unit]:
    """Units that may stand outside the walls: mobile ones, ordinary units first."""
    units = [u for u in units_of(state, nation, zid) if u.mobile]
    return sorted(units, key=lambda u: (u.kind == "special", u.uid))


def choices(state: State) -> list[Choice]:
    nation = active_nation(state)
    found = []
    for zid in sorted({u.zone for u in units_of(state, nation)}):
        units = _standing(state, nation, zid)
        if not units or not walled(state, zid):
            continue
        now = sum(1 for u in units if u.outside)
        for count in range(len(units) + 1):
            if count != now:
                label = f"{count} of {len(units)} stand outside the walls of {zone(zid).name} (they block movement)"
                found.append(Choice({"type": "outside", "zone": zid, "count": count}, label))
    for zid in dragonewts.attack_options(state, nation):
        verb = "Call off the fight" if zid in state.city_attacks else "Fight"
        found.append(Choice({"type": "attack", "zone": zid}, f"{verb} over the Dragonewt city in {zone(zid).name}"))
    if _passing_matters(state, nation):
        text = "Block named Dragonewts again" if dragonewts.lets_pass(state, nation) else "Let named Dragonewts pass"
        found.append(Choice({"type": "letpass"}, f"{text} through your zones"))
    return found


def may_let_pass(state: State) -> bool:
    """Letting named Dragonewts pass is a standing declaration any other nation may make in its own build or
    movement step, as before; only the menus wait until it can matter (_passing_matters)."""
    return not NATIONS[active_nation(state)].has("dragonewt")


def _passing_matters(state: State, nation: str) -> bool:
    """The standing "let named Dragonewts pass" is offered in the movement step only, to a nation whose enemies have
    named Dragonewts in play (or that lets them pass, to take it back): a nation in their way is asked on the spot
    anyway, so the build menu never carries it."""
    if state.phase != "move" or NATIONS[nation].has("dragonewt"):
        return False
    if dragonewts.lets_pass(state, nation):
        return True
    return any(u.kind == "named_dragonewt" and not allied(state, nation, u.nation) for u in state.units)


def apply(state: State, action: dict[str, Any], log: ActionLog) -> None:
    nation = active_nation(state)
    name = NATIONS[nation].name
    kind = action["type"]
    if kind == "outside":
        zid, count = action["zone"], action["count"]
        for index, unit in enumerate(_standing(state, nation, zid)):
            unit.outside = index < count
        log.say(f"{name}: {count} units stand outside the walls of {zone(zid).name}.")
    elif kind == "attack":
        zid = action["zone"]
        if zid in state.city_attacks:
            state.city_attacks.remove(zid)
            log.say(f"{name} will not fight over the Dragonewt city in {zone(zid).name}.")
        else:
            state.city_attacks.append(zid)
            log.say(f"{name} will fight over the Dragonewt city in {zone(zid).name} in the battle step.")
    else:
        flag = dragonewts.LETS_PASS + nation
        if flag in state.flags:
            state.flags.remove(flag)
            log.say(f"{name} block named Dragonewts moving through their zones again.")
        else:
            state.flags.append(flag)
            log.say(f"{name} let named Dragonewts move through their zones.")
