"""Alliance nation turns: after every nation has played, an alliance with a turn fights with the units its members
sent to its centre, under the player their units vote for; then the units go home."""

from __future__ import annotations

from collections import Counter

from rules.base import ActionLog
from rules.genertela import alliance_army, alliance_votes
from rules.genertela.board import BOARD, CONTENT, NATIONS, seat_of
from rules.genertela.state import State


def open_turn(state: State, alliance_id: str, log: ActionLog) -> bool:
    """Hand the members' units in the centre to the player they vote for; False when nobody sent any."""
    alliance = next(a for a in alliance_army._with_turns(state) if a.id == alliance_id)
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
            alliance_army.send_home(state, unit)
            going.setdefault(unit.nation, []).append(unit.uid)
    for nation, uids in going.items():
        alliance_votes.ask_home(state, nation, uids)
    if not stays:
        for zid in sorted(taken):
            alliance_votes.keep_one_nation(state, leader, zid, [u for u in army if u.zone == zid], log)
    name = next((a.name for a in CONTENT.turn(state.turn).alliances if a.id == state.alliance), state.alliance)
    log.say(f"The {name} turn is over; its units go home.")
    state.alliance, state.acting_for = "", ""
    state.politics.providers, state.politics.votes = {}, {}
