"""The players' side of alliances: who leads an alliance turn (votes by units, a die on a tie), the alliance VP,
units granted between allies, and homelands retaken from allies without a battle."""

from __future__ import annotations

from collections import Counter

from rules.base import ActionLog
from rules.genertela import decisions
from rules.genertela.alliance_army import centre_of, send_home
from rules.genertela.board import (
    BOARD,
    CONTENT,
    NATIONS,
    ORDER,
    alliances,
    allied,
    controlled,
    controller,
    seat_of,
    units_of,
)
from rules.genertela.casualties import unit_count
from rules.genertela.movement import destinations, movers
from rules.genertela.state import Decision, State, Unit
from rules.rng import Rng
from rules.text import count

ALLIANCE_VP_PER_ZONE = 1  # house: the seed does not say what the alliance VP are


def _seat(state: State, nation: str) -> str:
    return str(seat_of(state, nation))


def ask_votes(state: State, army: list[Unit]) -> None:
    """Each member that sent units votes, with one vote per unit, for the player who will lead the army."""
    providers = Counter(u.nation for u in army)
    state.politics.providers = dict(providers)
    state.politics.votes = {}
    members = sorted(providers, key=lambda n: NATIONS[n].turn_order)
    candidates = list(dict.fromkeys(_seat(state, n) for n in members))
    for member in members:
        own = _seat(state, member)
        options = [own, *[c for c in candidates if c != own]]
        labels = [
            f"Give {decisions.seat_label(c)} the {providers[member]} votes of {NATIONS[member].name}" for c in options
        ]
        decisions.ask(state, member, "vote", options, labels)


def _vote(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    weight = state.politics.providers.get(decision.nation, 0)
    state.politics.votes[option] = state.politics.votes.get(option, 0) + weight
    log.say(f"{NATIONS[decision.nation].acts('cast')} {count(weight, 'vote')} for {decisions.seat_label(option)}.")
    if not any(d.kind == "vote" for d in state.decisions):
        elect(state, rng, log)


def elect(state: State, rng: Rng, log: ActionLog) -> None:
    """The most voted player leads; tied players each roll a d10 until one is highest (the seed: roll a die)."""
    votes = state.politics.votes
    top = max(votes.values())
    tied = sorted((seat for seat, count in votes.items() if count == top), key=int)
    while len(tied) > 1:
        faces = rng.roll(10, len(tied), "alliance vote tie")
        shown = ", ".join(f"{decisions.seat_label(s)} [{f}]" for s, f in zip(tied, faces, strict=True))
        log.say(f"Tied vote for the alliance's leader: {shown}.", "roll")
        tied = [s for s, f in zip(tied, faces, strict=True) if f == max(faces)]
    winner = tied[0]
    providers = state.politics.providers
    theirs = [n for n in providers if _seat(state, n) == winner]
    leader = min(theirs, key=lambda n: (-providers[n], NATIONS[n].turn_order))
    lead(state, leader)
    log.say(f"{decisions.seat_label(winner)} leads the alliance army as {NATIONS[leader].name}.")


def lead(state: State, leader: str) -> None:
    """Hand every unit of the alliance army to the leading nation for the alliance turn."""
    for unit in [u for u in state.units if u.in_army]:
        owner = unit.lent_from or unit.nation
        unit.nation, unit.lent_from = leader, "" if owner == leader else owner
    state.acting_for = leader


def score(state: State, taken: list[str], log: ActionLog) -> None:
    """House: each player who sent units scores 1 VP per zone the army took, given to that player's nation that sent
    the most units."""
    points = ALLIANCE_VP_PER_ZONE * len(set(taken))
    providers = state.politics.providers
    if not points or not providers:
        return
    for seat in dict.fromkeys(_seat(state, n) for n in providers):
        theirs = [n for n in providers if _seat(state, n) == seat]
        nation = min(theirs, key=lambda n: (-providers[n], NATIONS[n].turn_order))
        state.vp[nation] = state.vp.get(nation, 0) + points
        log.say(f"{NATIONS[nation].acts('score')} {points} alliance VP.")


def keep_one_nation(state: State, leader: str, zid: str, units: list[Unit], log: ActionLog) -> None:
    """A zone the alliance took keeps one nation's units, as the alliance's controller decides (default: the nation
    with the most units there); the others go home."""
    nations = sorted({u.nation for u in units}, key=lambda n: (-sum(u.nation == n for u in units), ORDER.index(n)))
    if len(nations) < 2:
        return
    for unit in units:
        if unit.nation != nations[0]:
            send_home(state, unit)
    groups = ";".join(f"{n}:{','.join(str(u.uid) for u in units if u.nation == n)}" for n in nations)
    labels = [f"{NATIONS[n].acts('keep')} {BOARD.zones[zid].name}" for n in nations]
    decisions.ask(state, leader, "keep", nations, labels, zone=zid, groups=groups)
    log.say(f"{NATIONS[nations[0]].name} keep {BOARD.zones[zid].name}; the other allies go home.")


def _keep(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    zid = decision.data["zone"]
    groups = {
        n: {int(uid) for uid in uids.split(",")}
        for n, uids in (g.split(":") for g in decision.data["groups"].split(";"))
    }
    if option == decision.options[0]:
        return
    for unit in state.units:
        if unit.uid in groups[decision.options[0]] and unit.zone == zid:
            send_home(state, unit)
        elif unit.uid in groups[option]:
            unit.zone = zid
    log.say(f"{NATIONS[option].acts('keep')} {BOARD.zones[zid].name} instead.")


def ask_home(state: State, nation: str, uids: list[int]) -> None:
    """The units going home went back to their starting zones (or the first zone held); their player may put them
    all in one zone of theirs instead."""
    held = controlled(state, nation)
    options = ["home", *held]
    labels = [f"{count(len(uids), NATIONS[nation].name + ' unit')} back to their starting zones"]
    labels += [f"All {len(uids)} back in {BOARD.zones[zid].name}" for zid in held]
    decisions.ask(state, nation, "home", options, labels, uids=",".join(str(uid) for uid in uids))


def _home(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    uids = {int(uid) for uid in decision.data["uids"].split(",")}
    if option == "home" or option not in controlled(state, decision.nation):
        return
    for unit in state.units:
        if unit.uid in uids and unit.nation == decision.nation:
            unit.zone = option
    log.say(f"{NATIONS[decision.nation].acts('put')} their returning units in {BOARD.zones[option].name}.")


def ask_challenges(state: State, nation: str) -> None:
    """Units that moved into a zone an ally holds attempt an attack: the ally challenges it (the default: no
    battle, the units stay) or lets the battle go ahead. Gathering at the alliance centre is no attack, and a
    subject and its overlord never fight."""
    state.politics.feuds = []
    gathering = centre_of(state, nation)
    for zid in sorted({u.zone for u in units_of(state, nation) if u.moved}):
        ally = controller(state, zid)
        if not ally or ally == nation or zid == gathering or not allied(state, nation, ally):
            continue
        if state.overlords.get(nation, nation) == state.overlords.get(ally, ally):
            continue  # bound by submission, not by the alliance
        where = BOARD.zones[zid].name
        labels = [f"Challenge the attack of {NATIONS[nation].name} in {where}", f"Let them attack you in {where}"]
        decisions.ask(state, ally, "challenge", ["yes", "no"], labels, zone=zid, attacker=nation)


def _challenge(state: State, decision: Decision, option: str, rng: Rng, log: ActionLog) -> None:
    zid, attacker = decision.data["zone"], decision.data["attacker"]
    if option == "yes":
        log.say(f"{NATIONS[decision.nation].acts('challenge')} the attack in {BOARD.zones[zid].name}: no battle.")
        return
    state.politics.feuds.append(f"{zid}>{attacker}>{decision.nation}")
    log.say(f"{NATIONS[decision.nation].acts('do not challenge')}: the battle in {BOARD.zones[zid].name} goes ahead.")


def form(state: State, log: ActionLog) -> None:
    """When a turn begins, an alliance with a centre comes into being only if one of its members holds it (house:
    checked once, so an alliance does not break and re-form within the turn)."""
    state.politics.unformed = []
    for alliance in alliances(state):
        if alliance.centre and controller(state, alliance.centre) not in alliance.members:
            state.politics.unformed.append(alliance.id)
            where = BOARD.zones[alliance.centre].name
            log.say(f"No member holds {where}: the {alliance.name} does not come into being this turn.")


# --- homelands and grants --------------------------------------------------------------------------------------


def retake_homeland(state: State, nation: str, zid: str, log: ActionLog) -> None:
    """Moving into one's homeland held by an ally retakes it without a battle: the ally's units move out to a zone
    of their own they can reach (the first in map order; their owner may pick another), else they stay."""
    if zid not in NATIONS[nation].homelands:
        return
    # in the units' order, not a set's: a set of names iterates in an order that changes between processes
    for ally in dict.fromkeys(u.nation for u in state.units if u.zone == zid and u.nation != nation):
        if not allied(state, nation, ally) or state.overlords.get(ally) == nation:
            continue
        units = [u for u in units_of(state, ally, zid) if u.mobile]
        reach = destinations(state, ally, zid)
        own = [z for z in controlled(state, ally) if z != zid and z in reach]
        if not units or not own:
            continue
        for unit in units:
            unit.zone = own[0]
        log.say(f"{NATIONS[nation].acts('retake')} {BOARD.zones[zid].name}: {NATIONS[ally].acts('move')} out.")
        decisions.ask_zone(state, ally, "relocate", [u.uid for u in units], f"{len(units)} units", tuple(own))


def grant_targets(state: State, nation: str) -> list[str]:
    """Allies the nation may grant units to: members of one of its alliances that play later this turn, or any
    member when the alliance goes on next turn."""
    later = CONTENT.turn(state.turn + 1).alliances if state.turn < 40 else ()
    found: list[str] = []
    for alliance in alliances(state):
        if nation not in alliance.members or f"{alliance.id}>{nation}" in state.politics.left:
            continue
        goes_on = any(a.id == alliance.id for a in later)
        for member in alliance.members:
            if member != nation and (goes_on or NATIONS[member].turn_order > NATIONS[nation].turn_order):
                found.append(member)
    return sorted(set(found), key=lambda n: NATIONS[n].turn_order)


def grantable(state: State, nation: str, zid: str) -> list[Unit]:
    """Units the nation may grant from a zone: its movers, but not units it only borrows (granted units, subject
    troops, loans), which are not its to give and must go back to their own nation."""
    return [u for u in movers(state, nation, zid) if not u.lent_from]


def grant(state: State, nation: str, zid: str, to: str, count: int, log: ActionLog) -> None:
    """Granted units serve the ally like subject troops for its next nation turn, then come back."""
    given = grantable(state, nation, zid)[:count]
    for unit in given:
        unit.lent_from, unit.nation, unit.moved = nation, to, False
        state.politics.loans.append(unit.uid)
    granted = unit_count(len(given))
    log.say(f"{NATIONS[nation].acts('grant')} {granted} in {BOARD.zones[zid].name} to {NATIONS[to].name}.")


# The answers to this module's questions, by decision kind (the engine puts every module's in one table).
ANSWERS: dict[str, decisions.Handler] = {
    "vote": _vote,
    "keep": _keep,
    "home": _home,
    "challenge": _challenge,
}
