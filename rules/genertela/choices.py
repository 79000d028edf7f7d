"""Every legal choice of the nation or player who must act now: builds, moves, targets, casualties, retreats."""

from __future__ import annotations

from rules.base import Choice
from rules.genertela import (
    aims,
    alliance_votes,
    bidding,
    combat,
    decisions,
    declarations,
    dragonewts,
    dragonkill,
    submission,
)
from rules.genertela.board import (
    BOARD,
    CONTENT,
    NATIONS,
    active_nation,
    controlled,
    enemies_in,
    has_city,
    units_of,
    zone,
)
from rules.genertela.casualties import compact, label
from rules.genertela.economy import FOREST_COST, UNIT_COST
from rules.genertela.movement import Outset, destinations
from rules.genertela.state import State


def decider(state: State) -> str:
    """The nation whose owner must act now."""
    if state.decisions:
        return state.decisions[0].nation
    battle = state.battle
    if state.phase != "battle" or battle is None:
        return active_nation(state)
    if battle.step == "casualties":
        return next(n for n in (battle.defender, battle.attacker) if battle.hits.get(n, 0))
    if battle.step == "retreat_defender":
        return battle.defender
    if battle.step == "target" and (choosing := aims.pending(state)):
        return choosing[0]  # the attacker first when both choose (and the bot plays it)
    return battle.attacker


def builds(state: State) -> list[Choice]:
    nation = active_nation(state)
    card = NATIONS[nation]
    pool = state.resources.get(nation, 0)
    held = controlled(state, nation)
    choices = []
    room = card.counter_limits.get("standard", 0) - sum(1 for u in units_of(state, nation) if u.kind == "standard")
    if pool >= UNIT_COST and room > 0:
        for zid in held + dragonewts.build_zones(state, nation, held):
            if zid not in state.built:
                choices.append(Choice({"type": "build", "kind": "unit", "zone": zid}, f"Unit in {zone(zid).name}: 6"))
    if pool >= UNIT_COST and _may_build_cities(state, nation):
        for zid in held:
            z = zone(zid)
            if z.city_site and not has_city(state, zid) and _city_zone_ok(state, nation, zid):
                choices.append(Choice({"type": "build", "kind": "city", "zone": zid}, f"City in {z.name}: 6"))
            elif not z.city_site and not has_city(state, zid) and temple_site(state, nation, zid):
                label = f"Temple of the Reaching Moon (a City) in {z.name}: 6"
                choices.append(Choice({"type": "build", "kind": "city", "zone": zid}, label))
    if pool >= FOREST_COST and card.has("aldryami_forests"):
        for zid in held:
            z = zone(zid)
            wooded = any(u.kind == "forest" for u in units_of(state, nation, zid))
            if z.terrain in ("lowland", "highland") and not wooded:
                choices.append(Choice({"type": "build", "kind": "forest", "zone": zid}, f"Forest in {z.name}: 3"))
    limit = card.counter_limits
    return [
        c
        for c in choices
        if c.action["kind"] == "unit"
        or sum(1 for u in units_of(state, nation) if u.kind == c.action["kind"]) < limit.get(c.action["kind"], 0)
    ]


def temple_site(state: State, nation: str, zid: str) -> bool:
    """House: from the turn the schedule says, the nation may build a Temple of the Reaching Moon, a City that needs
    no city site, in any lowland or highland it holds (the seed gives Temples no cost nor effect of their own)."""
    start = TEMPLES_FROM.get(nation)
    return start is not None and start <= state.turn and zone(zid).terrain in ("lowland", "highland")


TEMPLES_FROM = {
    e.nation: int(ev.params.get("from_turn", t.turn))
    for t in CONTENT.turns
    for e in t.entries
    for ev in e.events
    if ev.type == "temples"
}


def _city_events(state: State, nation: str) -> list[str]:
    return [
        BOARD.resolve(z)
        for e in CONTENT.turn(state.turn).entries_of(nation)
        for ev in e.events
        if ev.type == "build_cities"
        for z in ev.params.get("zones", [])
    ]


def _may_build_cities(state: State, nation: str) -> bool:
    return NATIONS[nation].has("cities") or bool(_city_events(state, nation))


def _city_zone_ok(state: State, nation: str, zid: str) -> bool:
    return NATIONS[nation].has("cities") or zid in _city_events(state, nation)


def moves(state: State) -> list[Choice]:
    nation = active_nation(state)
    choices = []
    # target -> enemies there: asked once a target, not again from every zone that reaches it
    attacked: dict[str, bool] = {}
    for start in sorted({u.zone for u in units_of(state, nation)}):
        outset = Outset(state, nation, start)
        if not outset.ready:
            continue
        for target in destinations(state, nation, start):
            most = outset.limit(target)
            if target not in attacked:
                attacked[target] = bool(enemies_in(state, nation, target))
            hostile = " (attack)" if attacked[target] else ""
            for count in range(1, most + 1):
                label = f"{count} from {zone(start).name} to {zone(target).name}{hostile}"
                choices.append(Choice({"type": "move", "from": start, "to": target, "count": count}, label))
    return choices


def grants(state: State) -> list[Choice]:
    """Units an alliance member may grant to an ally that plays later (see alliance_votes.grant)."""
    nation = active_nation(state)
    if state.phase != "move" or state.alliance:
        return []
    allies = alliance_votes.grant_targets(state, nation)
    found = []
    for start in sorted({u.zone for u in units_of(state, nation)}) if allies else []:
        ready = len(alliance_votes.grantable(state, nation, start))
        for ally in allies:
            for count in range(1, ready + 1):
                label = f"Grant {count} in {zone(start).name} to {NATIONS[ally].name}"
                found.append(Choice({"type": "grant", "zone": start, "nation": ally, "count": count}, label))
    return found


def legal_now(state: State, list_moves: bool = True) -> list[Choice]:
    """Every legal choice of the awaited decision; `list_moves=False` leaves out the moves, the slow part (a
    refusal sums them up instead of listing them)."""
    if state.bidding is not None:
        return bidding.choices(state)
    if state.decisions:
        return decisions.choices(state)
    if state.phase == "build":
        return [*builds(state), Choice({"type": "end"}, "End building", quick=True), *_revolts(state),
                *declarations.choices(state)]  # fmt: skip
    if state.phase == "move":
        ends = (
            []
            if dragonkill.duty_zones(state, active_nation(state))
            else [Choice({"type": "end"}, "End movement", quick=True)]
        )
        listed = moves(state) if list_moves else []
        return [*ends, *_revolts(state), *listed, *declarations.choices(state), *grants(state)]
    battle = state.battle
    assert battle is not None
    if battle.step == "target":
        return aims.choices(state, decider(state))
    if battle.step == "casualties":
        nation = decider(state)
        return [
            Choice({"type": "casualties", "units": compact(option.split(","))}, label(option), quick=index == 0)
            for index, option in enumerate(combat.casualty_options(state, nation))
        ]
    nation = decider(state)
    zones = combat.retreat_options(state, nation)  # a lone retreat or submission is a button, several a menu
    retreats = [
        Choice({"type": "retreat", "zone": zid}, f"Retreat to {zone(zid).name}", len(zones) == 1) for zid in zones
    ]
    offers = submission.submission_options(state) if battle.step == "retreat_defender" else []
    submits = [
        Choice(action, f"Submit only {zone(action['zone']).name} to {NATIONS[action['nation']].name} (a Deathline zone)"
                       if "zone" in action else f"Submit the whole nation to {NATIONS[action['nation']].name}",
               len(offers) == 1)
        for action in offers
    ]  # fmt: skip
    return [Choice({"type": "fight"}, "Fight on", quick=True), *retreats, *submits]


def _revolts(state: State) -> list[Choice]:
    """A subject may revolt when its nation turn starts (before any unit has moved)."""
    nation = active_nation(state)
    lords = [state.overlords[nation]] if nation in state.overlords else []
    lords += [lord for lord in submission.partial_overlords(state, nation).values() if lord not in lords]
    if not lords or any(u.moved for u in units_of(state, nation)):
        return []
    return [Choice({"type": "revolt"}, f"Revolt against {' and '.join(NATIONS[n].name for n in lords)}")]
