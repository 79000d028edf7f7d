"""Alliance nation turns: after every nation has played, an alliance with a turn fights with the units its members
sent to its centre, under the player their units vote for; then the units go home."""

from __future__ import annotations

from collections import Counter

from rules.base import ActionLog
from rules.genertela import alliance_votes
from rules.genertela.board import BOARD, CONTENT, NATIONS, alliances, controlled, controller, seat_of, touch
from rules.genertela.content import Alliance
from rules.genertela.state import State, Unit


def _with_turns(state: State) -> list[Alliance]:
    return [a for a in alliances(state) if a.alliance_turn and a.centre]


def pending(state: State) -> list[str]:
    """Alliances that get a turn now: listed with one, condition met, and their centre held by a member."""
    return [a.id for a in _with_turns(state) if controller(state, a.centre) in a.members]


def centre_of(state: State, nation: str) -> str:
    """The centre this nation sends units to this turn ("" if none): stacking waits there until the alliance turn."""
    return next((a.centre for a in _with_turns(state) if nation in a.members), "")


def open_turn(state: State, alliance_id: str, log: ActionLog) -> bool:
    """Hand the members' units in the centre to the player they vote for; False when nobody sent any."""
    alliance = next(a for a in _with_turns(state) if a.id == alliance_id)
    army = [u for u in state.units if u.zone == alliance.centre and u.nation in alliance.members and u.mobile]
    if not army:
        return False
    # until the votes are in, each player's units count for that player (a tie: the first in the turn record)
    votes = Counter(seat_of(state, u.nation) for u in army)
    top = max(votes.values())
    by_nation = Counter(u.nation for u in army)
    ranked = sorted(by_nation, key=lambda n: (votes[seat_of(state, n)] != top, -by_nation[n], NATIONS[n].turn_order))
    leader = ranked[0]
    alliance_votes.ask_votes(state, army)
    for unit in army:
        unit.in_army = True
    alliance_votes.lead(state, leader)
    state.alliance = alliance_id
    log.say(
        f"{alliance.name} turn: {len(army)} units in {BOARD.zones[alliance.centre].name}, led by "
        f"{NATIONS[leader].name}."
    )
    return True


def horde_rule(state: State) -> Alliance | None:
    """The alliance whose turn is being played, if it must move into Deathline zones (the True Golden Horde)."""
    return next((a for a in _with_turns(state) if a.id == state.alliance and a.must_move_to == "deathline"), None)


def horde_targets(state: State, nation: str, found: list[str]) -> list[str]:
    """In the Horde's turn its army may only go into Deathline zones, and all of it to the same one."""
    if horde_rule(state) is None:
        return found
    gone = {u.zone for u in state.units if u.in_army and u.moved}
    return [zid for zid in found if BOARD.zones[zid].deathline and (not gone or zid in gone)]


def invasion(state: State) -> bool:
    return any(a.id == state.alliance and a.invasion for a in _with_turns(state))


def send_home(state: State, unit: Unit) -> None:
    """Back to its starting zone if its nation holds it, else to the first zone its nation holds (if any)."""
    home = [z for z in controlled(state, unit.nation) if z != unit.zone]
    if unit.home in home:
        unit.zone = unit.home
    elif home:
        unit.zone = home[0]
    touch(state)


def close_turn(state: State, log: ActionLog) -> None:
    """Units go back to their nations; those in zones the alliance took stay, the others go home (the True Golden
    Horde's stay where they are, together, until the alliance ends)."""
    taken = set(state.changed)
    alliance_votes.score(state, list(taken), log)
    stays = any(a.id == state.alliance and a.no_return_home for a in CONTENT.turn(state.turn).alliances)
    army = [u for u in state.units if u.in_army]
    leader = state.acting_for
    going: dict[str, list[int]] = {}
    for unit in army:
        unit.in_army = False
        if unit.lent_from:
            unit.nation, unit.lent_from = unit.lent_from, ""
        if stays:
            state.politics.horde.append(unit.uid)
        elif unit.zone not in taken:
            send_home(state, unit)
            going.setdefault(unit.nation, []).append(unit.uid)
    touch(state)
    for nation, uids in going.items():
        alliance_votes.ask_home(state, nation, uids)
    if not stays:
        for zid in sorted(taken):
            alliance_votes.keep_one_nation(state, leader, zid, [u for u in army if u.zone == zid], log)
    name = next((a.name for a in CONTENT.turn(state.turn).alliances if a.id == state.alliance), state.alliance)
    log.say(f"The {name} turn is over; its units go home.")
    state.alliance, state.acting_for = "", ""
    state.politics.providers, state.politics.votes = {}, {}
