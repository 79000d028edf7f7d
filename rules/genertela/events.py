"""Schedule events the engine plays: the Great Chaos Nest (turns 9-11). Unit removals live in reinforce.py."""

from __future__ import annotations

from typing import Any

from rules.base import ActionLog
from rules.genertela import arrivals
from rules.genertela import conversions as conversion_asks
from rules.genertela.board import BOARD, CONTENT, NATIONS, controlled, controller, holds
from rules.genertela.content import Condition
from rules.genertela.reinforce import add_unit
from rules.genertela.state import State, Unit
from rules.text import count

NEST_FLAG = "great_chaos_nest_in_play"


def _found_nest(state: State, zid: str, log: ActionLog) -> None:
    state.great_chaos_nest = zid
    state.flags.append(NEST_FLAG)
    log.say(f"The Great Chaos Nest opens in {BOARD.zones[zid].name}.")


def after_battle(state: State, zid: str, winner: str, log: ActionLog) -> None:
    """Turns 9-10: if the Uz or the Heortlings take Dorastor, the Great Chaos Nest is set up there."""
    if state.great_chaos_nest:
        return
    for entry in CONTENT.turn(state.turn).entries:
        for event in entry.events:
            if event.type != "great_chaos_nest_if_taken" or BOARD.resolve(event.params["zone"]) != zid:
                continue
            takers = {CONTENT.nations.resolve(n) for n in event.params["takers"]}
            if winner in takers:
                _found_nest(state, zid, log)
                if "sets_flag" in event.params:
                    state.flags.append(str(event.params["sets_flag"]))
                return


def start_of_nation_turn(state: State, nation: str, log: ActionLog) -> None:
    """Turn 11: with no Great Chaos Nest yet, Chaos turns an Uz zone north of Tarsh into one, holding 6 units."""
    for entry in CONTENT.turn(state.turn).entries_of(nation):
        for event in entry.events:
            if event.type != "great_chaos_nest_forced" or state.great_chaos_nest:
                continue
            rule = event.params["candidates"]
            owner = CONTENT.nations.resolve(rule["controlled_by"])
            limit = BOARD.zone(rule["north_of"]).centre[1]
            options = [zid for zid in controlled(state, owner) if BOARD.zones[zid].centre[1] < limit]
            if not options:
                log.say("No Uz zone lies north of Tarsh: no Great Chaos Nest this turn.")
                continue
            zid = options[0]  # house: the first in map order
            state.units = [u for u in state.units if u.zone != zid]
            _found_nest(state, zid, log)
            for _ in range(int(event.params["units"])):
                add_unit(state, Unit(0, nation, "standard", zid, home=zid))
            placed = count(int(event.params["units"]), "unit")
            log.say(f"{NATIONS[nation].acts('place')} {placed} in the Great Chaos Nest.")


def _in_region(zid: str, region: dict[str, str]) -> bool:
    """ "North of X" / "south of X": compared by map position (house)."""
    y = BOARD.zones[zid].centre[1]
    if "north_of" in region and not y < BOARD.zone(region["north_of"]).centre[1]:
        return False
    return not ("south_of" in region and not y > BOARD.zone(region["south_of"]).centre[1])


def conversions(state: State, nation: str, log: ActionLog) -> None:
    """Swaps and forest conversions due when `nation`'s turn starts; the taking nation's owner chooses the units or
    the zone (see conversions.py)."""
    for entry in CONTENT.turn(state.turn).entries:
        for event in entry.events:
            timing = str(event.params.get("timing", ""))
            if event.type == "swap_units" and _swap_due(timing, entry.nation, nation):
                _swap(state, entry.nation, event.params, log, event.text)
            elif event.type == "forest_conversion" and entry.nation == nation:
                _convert_forest(state, nation, event.params, log, event.text)


def _swap_due(timing: str, owner: str, nation: str) -> bool:
    kind, _, who = timing.partition(":")
    if kind == "start_of_nation":
        return CONTENT.nations.resolve(who) == nation
    return kind == "after_nation" and owner == nation  # done when the taking nation's turn starts (house)


def _swap(state: State, taker: str, params: dict[str, Any], log: ActionLog, text: str) -> None:
    raw = params.get("condition")
    if isinstance(raw, dict):
        condition = Condition(
            "in_play", CONTENT.nations.resolve(str(raw["nation"])), (), "", str(raw["name"]),
            tuple(raw.get("types", ())), bool(raw.get("negate", False)),
        )  # fmt: skip
        if not holds(state, condition):
            return
    source = CONTENT.nations.resolve(str(params["source"]))
    region = params.get("region", {})
    pool = [
        u
        for zid in BOARD.zones
        for u in state.units
        if u.zone == zid and u.nation == source and u.kind == "standard" and _in_region(zid, region)
    ]

    zones = list(dict.fromkeys(u.zone for u in pool))
    conversion_asks.ask_swap(
        state, taker, source, zones, min(int(params["max_units"]), arrivals.room(state, taker)), text, log
    )


def _convert_forest(state: State, taker: str, params: dict[str, Any], log: ActionLog, text: str) -> None:

    region = params.get("region", {})
    terrain = params.get("terrain")
    candidates = []
    for zid, zone in BOARD.zones.items():
        here = [u for u in state.units if u.zone == zid and u.nation == "aldryami"]
        if not any(u.kind == "forest" for u in here) or not _in_region(zid, region):
            continue
        if terrain and zone.terrain != terrain:
            continue
        candidates.append(zid)
    conversion_asks.ask_forest(state, taker, candidates, int(params.get("per_unit", 1)), text, log)


CITY_OF_WONDERS_FLAG = "wolf_pirates_took_city_of_wonders"


def _remove_named(state: State, nation: str, names: list[str], log: ActionLog) -> None:
    gone = [u for u in state.units if u.nation == nation and u.kind == "special" and u.name in names]
    state.units = [u for u in state.units if u not in gone]
    for unit in gone:
        log.say(f"{unit.name} leaves play.")


def end_of_turn(state: State, log: ActionLog) -> None:
    """Turn 26, when the whole turn ends: the Red Emperor's court is founded in Silver Shadow."""
    for entry in CONTENT.turn(state.turn).entries:
        for event in entry.events:
            if event.type != "silver_shadow_founding":
                continue
            zid = BOARD.resolve(event.params["zone"])
            state.units = [u for u in state.units if u.zone != zid or u.nation == entry.nation]
            _remove_named(state, entry.nation, [r["name"] for r in event.params["remove"]], log)
            for item in event.params["place"]:
                if item["unit"] == "special":
                    recovery = {"**": "**", "*": "*"}.get(item.get("recovery_mark", ""), "none")
                    arrivals.special_unit(state, entry.nation, item["name"], list(item["types"]), zid, recovery)
                else:
                    for _ in range(int(item["count"])):
                        add_unit(state, Unit(0, entry.nation, item["unit"], zid, home=zid))
            log.say(event.text)


def after_reinforcements(state: State, nation: str, log: ActionLog) -> None:
    """Turn 37: one Heortling hero in play, the player's choice, becomes Argrath (see conversions.py)."""
    for entry in CONTENT.turn(state.turn).entries_of(nation):
        for event in entry.events:
            if event.type != "argrath":
                continue

            heroes = [u for u in state.units if u.nation == nation and u.kind == "special" and "hero" in u.types]
            if heroes:
                conversion_asks.ask_argrath(state, nation, heroes, log)


def _broyan_events(state: State) -> list[tuple[str, dict[str, Any]]]:
    return [
        (entry.nation, event.params)
        for entry in CONTENT.turn(state.turn).entries
        for event in entry.events
        if event.type == "remove_if_flag"
    ]


def end_of_nation_turn(state: State, nation: str, log: ActionLog) -> None:
    """Turn 36: Broyan leaves when the Heortling turn ends if the Wolf Pirates already hold the City of Wonders."""
    for owner, params in _broyan_events(state):
        if owner == nation and params["flag"] in state.flags:
            _remove_named(state, owner, [params["unit"]["name"]], log)


def city_taken(state: State, zid: str, winner: str, log: ActionLog) -> None:
    """The Wolf Pirates taking the City of Wonders (turn 36: Broyan leaves at once)."""
    if winner != "wolf_pirates" or BOARD.zones[zid].city_name != "City of Wonders":
        return
    if CITY_OF_WONDERS_FLAG not in state.flags:
        state.flags.append(CITY_OF_WONDERS_FLAG)
        log.say("The Wolf Pirates take the City of Wonders.")
    for owner, params in _broyan_events(state):
        _remove_named(state, owner, [params["unit"]["name"]], log)


def _event_params(state: State, kind: str) -> list[dict[str, Any]]:
    return [e.params for entry in CONTENT.turn(state.turn).entries for e in entry.events if e.type == kind]


def before_battles(state: State, nation: str, log: ActionLog) -> None:
    """Turn 31, combat step: Hon-eel in an Alkoring zone turns up to 8 Alkoring units there and next door into
    Lunar Tarsh units; the Lunar player chooses how many in each zone (see conversion_asks.ask_swap)."""

    for params in _event_params(state, "alkoring_conversion"):
        source = CONTENT.nations.resolve(params["source"])
        into = CONTENT.nations.resolve(params["into"])
        name = params["unit"]["name"]
        for honeel in [u for u in state.units if u.nation == nation and u.name == name]:
            if controller(state, honeel.zone) != source:
                continue
            area = [honeel.zone, *BOARD.zones[honeel.zone].adjacent]
            allowance = min(int(params["max_units"]), arrivals.room(state, into))
            text = f"{name} wins over Alkoring units: they are Lunar Tarsh now."
            conversion_asks.ask_swap(state, into, source, area, allowance, text, log)


def fallen_in_battle(state: State, victim: Unit, killer: str, log: ActionLog) -> None:
    """Turn 35: the Alkoring Aelwrin destroyed in a battle Jar-eel fights in comes back at once as a Rinliddi
    Hero (*)."""
    for params in _event_params(state, "aelwrin_turns"):
        who = params["unit"]
        if victim.nation != CONTENT.nations.resolve(who["nation"]) or victim.name != who["name"]:
            continue
        if not any(u.nation == killer and u.name == "Jar-eel" and u.zone == victim.zone for u in state.units):
            continue
        becomes = params["becomes"]
        arrivals.special_unit(
            state, "rinliddi", becomes["name"], list(becomes["types"]), victim.zone, becomes["recovery_mark"]
        )
        log.say(f"{victim.name} goes over to the Rinliddi.")
