"""The Emperor and the King of Dragon Pass, checked for the active nation at the end of its nation turn."""

from __future__ import annotations

from collections import Counter

from rules.genertela.board import BOARD, NATIONS, alliances, controller, partial_bond
from rules.genertela.state import State

IGNORED = ("uz", "aldryami_forests", "mostali", "dragonewt", "chaos")  # their zones count for nobody
COMPLETE = ("Raibanth", "Yuthuppa", "Alkoth", "Darsen", "Henjarl", "Dara Happa", "Darjin")
KING_MINIMUM = 10  # zones besides the Chaos Nests, Wintertop among them


def _counted(nation: str) -> bool:
    return not any(NATIONS[nation].has(flag) for flag in IGNORED)


def holder(state: State, zid: str) -> str:
    """Who a zone counts for: a subject's zones (or a zone submitted on its own) count as its overlord's."""
    bond = partial_bond(state, zid)
    owner = bond[1] if bond else controller(state, zid)
    return state.overlords.get(owner, owner)


def _tally(state: State, zones: list[str], nation: str) -> tuple[int, Counter[str]]:
    """Zones held per nation; the nation's alliance lends it its allies' zones when it leads the alliance."""
    owners = Counter(holder(state, zid) for zid in zones)
    owners.pop("", None)
    own = owners.get(nation, 0)
    for alliance in alliances(state):
        if nation in alliance.members:
            members = [m for m in alliance.members if owners.get(m, 0)]
            if members and max(members, key=lambda m: (owners[m], m == nation)) == nation:
                own = max(own, sum(owners[m] for m in members))
    return own, owners


def emperor(state: State, nation: str) -> tuple[int, int]:
    """(units, VP) the nation gains as Emperor now: (1, 2) Jenorang, (2, 4) Complete, (0, 0) neither."""
    if not _counted(nation):
        return 0, 0
    zones = [z.id for z in BOARD.zones.values() if z.north_of_emperor_line]
    zones = [zid for zid in zones if not controller(state, zid) or _counted(controller(state, zid))]
    own, owners = _tally(state, zones, nation)
    if own == 0 or any(count >= own for other, count in owners.items() if other != nation):
        return 0, 0
    if all(holder(state, BOARD.resolve(name)) == nation for name in COMPLETE):
        return 2, 4
    return 1, 2


def king(state: State, nation: str) -> tuple[int, int]:
    """(units, VP) for the King of Dragon Pass: Wintertop and 10 Deathline zones besides the nests."""
    zones = [z.id for z in BOARD.zones.values() if z.deathline and not z.chaos_nest]
    own, _ = _tally(state, zones, nation)
    if holder(state, BOARD.resolve("Wintertop")) == nation and own >= KING_MINIMUM:
        return 1, 3
    return 0, 0
