"""What the awaited nation may do now, in Genertela's words: a plain line for the status (no commands: it is shown
in Discord, in the console and in reminders alike), and the steps of the turn's "next" line (rules/nextstep.py),
whose commands the table writes as /gen build ... in Discord and as build ... in the console."""

from __future__ import annotations

from typing import Any

from rules import nextstep
from rules.base import Choice, Meta
from rules.genertela import aims, choices, combat, dragonkill, submission
from rules.genertela.board import BOARD, NATIONS, active_nation, alliances, zone
from rules.genertela.economy import CITY_COST, FOREST_COST, UNIT_COST
from rules.genertela.state import State
from rules.nextstep import Step
from rules.text import count

BUILDS = {"unit": f"a unit ({UNIT_COST})", "city": f"a City ({CITY_COST})", "forest": f"a Forest ({FOREST_COST})"}


def _nation(state: State) -> str:
    name = NATIONS[active_nation(state)].name
    if state.alliance:  # the leader moves the alliance's army, not its own nation
        army = next((a.name for a in alliances(state) if a.id == state.alliance), state.alliance)
        name = f"{name} ({army} turn)"
    return name


def _battle(state: State) -> str:
    battle = state.battle
    return f"Battle in {zone(battle.zone).name}, round {battle.round}: " if battle else ""


def guidance(state: State) -> str:
    """Empty when nothing is awaited from a nation (bidding, decisions and the end have their own lines)."""
    if state.phase == "over" or state.bidding is not None or state.decisions:
        return ""
    name = _nation(state)
    if state.phase == "build":
        return f"{name}: {count(state.resources.get(active_nation(state), 0), 'point')} to spend, then movement."
    if state.phase == "move":
        return f"{name}: movement, then battles."
    battle = state.battle
    if battle is None:
        return ""
    if battle.step == "target":
        return _battle(state) + " and ".join(NATIONS[n].name for n in aims.pending(state)) + " choose what to aim at."
    awaited = choices.decider(state)
    if battle.step == "casualties":
        return _battle(state) + f"{NATIONS[awaited].name}: take {count(battle.hits.get(awaited, 0), 'hit')}."
    moves = ["fight on"]
    if combat.retreat_options(state, awaited):
        moves.append("pull back")
    if battle.step == "retreat_defender" and submission.submission_options(state):
        moves.append("give in")
    return _battle(state) + f"{NATIONS[awaited].name}: {', '.join(moves[:-1])} or {moves[-1]}.".replace(": or ", ": ")


def spelled(value: Any) -> str:
    """An id as the board names it: zones and nations by their names, units listed."""
    if isinstance(value, list):
        return ", ".join(map(spelled, value))
    if isinstance(value, str) and value in BOARD.zones:
        return zone(value).name
    return NATIONS[value].name if isinstance(value, str) and value in NATIONS else str(value)


def _where(names: list[str]) -> str:
    """'Sartar', 'Sartar, Prax or Tarsh', or 'any of 12 zones, such as Sartar, Prax, Tarsh…'."""
    if len(names) <= nextstep.SHOWN_NAMES:
        return nextstep.either(names)
    return f"any of {len(names)} zones, {nextstep.few(names)}"


def steps(meta: Meta, state: State, seat: int, legal: list[Choice]) -> list[Step]:
    """The turn's next line for the awaited nation: building and movement in the game's own words, with the one-line
    orders; a battle's round named. [] (the default from legal()) for bids, decisions and the secret target."""
    if not legal or state.bidding is not None or state.decisions or state.phase not in ("build", "move", "battle"):
        return []
    kinds: dict[str, list[Choice]] = {}
    for choice in legal:
        kinds.setdefault(str(choice.action["type"]), []).append(choice)
    if state.phase == "battle":
        return _in_battle(meta, state, kinds)
    main = "build" if state.phase == "build" else "move"
    found = _building(meta, state, kinds) if main == "build" else _moving(meta, state, kinds)
    ends = "end" in kinds and not dragonkill.duty_zones(state, active_nation(state))
    if "end" in kinds:
        done = "building" if main == "build" else "movement (battles follow)"
        found.append(Step(f"then end {done}" if found else f"{_nation(state)}: end {done}", "end"))
    first = kinds.get(main, [])
    if first and ends:  # the orders play the steps through to the end: offered only when the step may end
        action = first[0].action
        order = (
            f"build {zone(action['zone']).name}"
            if main == "build"
            else f"move {zone(action['from']).name}>{zone(action['to']).name} {action['count']}"
        )
        what = "the whole turn in one line, builds then moves" if main == "build" else "all your moves in one line"
        found.append(Step(f"{what}, split by ;", "orders", (("list", order),)))
    others = [c for c in legal if c.action["type"] not in (main, "end")]
    return found + nextstep.grouped(meta, others, spell=spelled)


def _building(meta: Meta, state: State, kinds: dict[str, list[Choice]]) -> list[Step]:
    builds = kinds.get("build", [])
    if not builds:
        return []
    points = count(state.resources.get(active_nation(state), 0), "point")
    what = list(dict.fromkeys(BUILDS[c.action["kind"]] for c in builds if c.action["kind"] in BUILDS))
    zones = list(dict.fromkeys(zone(c.action["zone"]).name for c in builds))
    text = f"{_nation(state)}: {points} to spend: build {nextstep.either(what)} in {_where(zones)}"
    return [Step(text, "build", nextstep.example(meta, builds[0]))]


def _moving(meta: Meta, state: State, kinds: dict[str, list[Choice]]) -> list[Step]:
    moves = kinds.get("move", [])
    if not moves:
        return []
    starts = list(dict.fromkeys(zone(c.action["from"]).name for c in moves))
    text = f"{_nation(state)}: move units from {_where(starts)}"
    return [Step(text, "move", nextstep.example(meta, moves[0]))]


def _in_battle(meta: Meta, state: State, kinds: dict[str, list[Choice]]) -> list[Step]:
    battle = state.battle
    if battle is None or battle.step == "target":
        return []  # the aim is secret: the default line never names it
    awaited = choices.decider(state)
    who = _battle(state) + NATIONS[awaited].name
    found = nextstep.grouped(
        meta, [c for group in kinds.values() for c in group if c.action["type"] != "fight"], spell=spelled
    )
    if battle.step == "casualties" and found:
        hits = count(battle.hits.get(awaited, 0), "hit")
        return [Step(f"{who} takes {hits}: {found[0].text}", found[0].action, found[0].example), *found[1:]]
    fight = [Step(f"{who}: fight on", "fight")] if "fight" in kinds else []
    return fight + found
