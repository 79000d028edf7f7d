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


def _tally(state: State, zones: list[str], nation: str) -> tuple[set[str], Counter[str]]:
    """The zones that count for the nation, and the zones held per nation. The seed: whichever nation of an alliance
    holds the most of these zones counts its allies' zones as though it held them."""
    owners = Counter(holder(state, zid) for zid in zones)
    owners.pop("", None)
    partners = {nation}
    for alliance in alliances(state):
        if nation in alliance.members:
            members = [m for m in alliance.members if owners.get(m, 0)]
            if members and max(members, key=lambda m: (owners[m], m == nation)) == nation:
                partners.update(members)
    return {zid for zid in zones if holder(state, zid) in partners}, owners


def emperor(state: State, nation: str) -> tuple[int, int]:
    """(units, VP) the nation gains as Emperor now: (1, 2) Jenorang, (2, 4) Complete, (0, 0) neither."""
    if not _counted(nation):
        return 0, 0
    zones = [z.id for z in BOARD.zones.values() if z.north_of_emperor_line]
    zones = [zid for zid in zones if not controller(state, zid) or _counted(controller(state, zid))]
    mine, owners = _tally(state, zones, nation)
    own = len(mine)
    if own == 0 or any(count >= own for other, count in owners.items() if other != nation):
        return 0, 0
    complete = {BOARD.resolve(name) for name in COMPLETE}
    if complete <= mine:  # allied zones count here too ("in both cases")
        return 2, 4
    return 1, 2


def king(state: State, nation: str) -> tuple[int, int]:
    """(units, VP) for the King of Dragon Pass: Wintertop and 10 Deathline zones besides the nests, allied zones
    counting for the alliance's leading nation."""
    zones = [z.id for z in BOARD.zones.values() if z.deathline and not z.chaos_nest]
    mine, _ = _tally(state, zones, nation)
    if BOARD.resolve("Wintertop") in mine and len(mine) >= KING_MINIMUM:
        return 1, 3
    return 0, 0
