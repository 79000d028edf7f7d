"""Alliance turns as the rest of the rules ask about them: which alliances get a turn, where each nation gathers
its units for it, the True Golden Horde's Deathline rule, invasions, and units sent home. Below the movement and
the alliance votes; the turn itself (opening and closing it) is alliance_turns.py."""

from __future__ import annotations

from rules.genertela.board import BOARD, alliances, controlled, controller
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
