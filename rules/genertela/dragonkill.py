"""The Dragonkill (turn 23): Dragons must attack human units in Deathline zones. Which zones still wait for a
Dragon, and the move the bot makes for it. Above the movement, whose reach it asks."""

from __future__ import annotations

from rules.genertela.board import BOARD, CONTENT, active_nation, units_of, zone
from rules.genertela.movement import destinations, movers, movers_to
from rules.genertela.state import State


def dragonkill(state: State, nation: str) -> bool:
    return any(e.type == "dragonkill" for entry in CONTENT.turn(state.turn).entries_of(nation) for e in entry.events)


def _duty_moves(state: State, nation: str) -> dict[str, str]:
    """Deathline zones holding human units (even the Dragonewt player's own nations) that no Dragon attacks yet,
    each with a zone a Dragon could still come from."""
    if not dragonkill(state, nation):
        return {}
    ready = sorted({u.zone for u in units_of(state, nation) if u.kind == "dragon"})
    ready = [zid for zid in ready if any(u.kind == "dragon" for u in movers(state, nation, zid))]
    found: dict[str, str] = {}
    for zid in BOARD.zones:
        if not zone(zid).deathline or any(u.kind == "dragon" for u in units_of(state, nation, zid)):
            continue
        for start in ready:
            if zid in destinations(state, nation, start):
                first = movers_to(state, nation, start, zid)[:1]
                if first and first[0].kind == "dragon":
                    found[zid] = start
                    break
    return found


def duty_zones(state: State, nation: str) -> list[str]:
    """The Dragonkill (turn 23): the movement step may not end while a Dragon could still attack one of these."""
    return list(_duty_moves(state, nation))


def duty_move(state: State) -> dict[str, object] | None:
    """The move that sends one Dragon to the first zone the Dragonkill still owes a Dragon (bot and fallback)."""
    moves = _duty_moves(state, active_nation(state))
    for target, start in moves.items():
        return {"type": "move", "from": start, "to": target, "count": 1}
    return None
