"""Who is where: units in zones, control, alliances. Pure queries on the state."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from rules.genertela.content import Alliance, Condition, Zone, content
from rules.genertela.state import BOT, PLACEMENTS, STANDINGS, State, Unit

CONTENT = content()
BOARD = CONTENT.board
NATIONS = CONTENT.nations.nations
ORDER: tuple[str, ...] = tuple(NATIONS)  # the turn record


def zone(zid: str) -> Zone:
    return BOARD.zones[zid]


def units_of(state: State, nation: str, zid: str | None = None) -> list[Unit]:
    if zid is None:
        return [u for u in state.units if u.nation == nation]
    derived = _derived(state)
    known = derived.units_of
    found = known.get((zid, nation))
    if found is None:
        found = known[zid, nation] = [u for u in derived.index.get(zid, ()) if u.nation == nation]
    return list(found)


class _Derived:
    """What the board's queries derived from the units as they stand: cached on the state object (outside its
    fields, so never serialised), since the bots ask the same questions hundreds of thousands of times a campaign.
    The index of units by zone holds while placement is unchanged: the same units list, of the same length, and no
    unit created or moved since (state.PLACEMENTS); the rest also while no unit changed otherwise (STANDINGS)."""

    def __init__(self, units: list[Unit], index: dict[str, list[Unit]]) -> None:
        self.units, self.count, self.placements, self.index = units, len(units), PLACEMENTS[0], index
        self.standings = STANDINGS[0]
        self.units_of: dict[tuple[str, str], list[Unit]] = {}
        self.occupants: dict[str, list[str]] = {}
        self.control: dict[tuple[str, str], str] = {}  # (zone, active nation) -> controller
        self.memos: dict[tuple[Any, ...], dict[Any, Any]] = {}  # see memo()


def _derived(state: State) -> _Derived:
    derived: _Derived | None = state.__dict__.get("_derived")
    units = state.units
    if (
        derived is not None
        and derived.units is units
        and derived.count == len(units)
        and derived.placements == PLACEMENTS[0]
    ):
        if derived.standings == STANDINGS[0]:
            return derived
        index = derived.index  # units changed but none moved: the index (and reach, keyed on it) still hold
    else:
        index = {}
        for unit in units:
            index.setdefault(unit.zone, []).append(unit)
    derived = state.__dict__["_derived"] = _Derived(units, index)
    return derived


def _index(state: State) -> dict[str, list[Unit]]:
    """Units by zone (cached while placement is unchanged: _Derived)."""
    return _derived(state).index


def memo(state: State, key: tuple[Any, ...]) -> dict[Any, Any]:
    """A memo for answers that depend on the units as they stand and on what `key` names (every other part of the
    state they read): it is dropped as soon as a unit moves or changes."""
    memos = _derived(state).memos
    found = memos.get(key)
    if found is None:
        found = memos[key] = {}
    return found


def politics_key(state: State) -> tuple[Any, ...]:
    """Everything besides the units that decides who holds a zone, who is an ally or an enemy there and who may pass
    (a memo's key for such answers)."""
    politics = state.politics
    return (
        active_nation(state),
        state.turn,
        tuple(state.flags),
        tuple(sorted(state.overlords.items())),
        tuple(politics.passage),
        tuple(politics.left),
        tuple(sorted(politics.partial.items())),
        tuple(politics.unformed),
        tuple(politics.feuds),
    )


def forget(state: State) -> None:
    """Drop what was derived from the state: each engine call starts from the state it is handed (the caches also
    hold reach, which depends on more than placement)."""
    for derived in ("_derived", "_reach", "_hops"):
        state.__dict__.pop(derived, None)


def remove(state: State, units: list[Unit]) -> None:
    """Take units off the board; cached positions are forgotten with them."""
    for unit in units:
        state.units.remove(unit)


def units_in(state: State, zid: str) -> list[Unit]:
    return list(_derived(state).index.get(zid, ()))


def on_city(state: State, unit: Unit) -> bool:
    """Named dragonewts sitting on a Dragonewt city among other nations: they neither control nor block."""
    if unit.kind != "named_dragonewt" or not unit.sitting or not zone(unit.zone).dragonewt_city:
        return False
    return any(other.nation != unit.nation for other in units_in(state, unit.zone))


def occupants(state: State, zid: str) -> list[str]:
    """Nations with units that count in the zone, in turn-record order."""
    derived = _derived(state)
    known = derived.occupants
    found = known.get(zid)
    if found is None:
        present = {u.nation for u in derived.index.get(zid, ()) if not on_city(state, u)}
        found = known[zid] = [n for n in ORDER if n in present] if len(present) > 1 else list(present)
    return list(found)


def controller(state: State, zid: str) -> str:
    """The nation holding the zone; "" for an empty zone or the sea (RULINGS: control is presence)."""
    known = _derived(state).control
    key = (zid, state.acting_for or ORDER[state.order_index])  # the active nation
    found = known.get(key)
    if found is None:
        found = known[key] = _controller(state, zid, key[1])
    return found


def _controller(state: State, zid: str, active: str) -> str:
    if zone(zid).terrain == "sea":
        return ""
    present = occupants(state, zid)
    if len(present) <= 1:
        return present[0] if present else ""
    # a contested zone still belongs to whoever was there before the active nation came in
    others = [n for n in present if n != active] or present
    return max(others, key=lambda n: len(units_of(state, n, zid)))


def controlled(state: State, nation: str) -> list[str]:
    return [zid for zid in BOARD.zones if controller(state, zid) == nation]


def active_nation(state: State) -> str:
    return state.acting_for or ORDER[state.order_index]


def holds(state: State, condition: Condition) -> bool:
    """Whether a schedule condition is met now."""
    if condition.type == "controls":
        result = any(controller(state, z) == condition.nation for z in condition.zones)
    elif condition.type == "flag":
        result = condition.flag in state.flags
    else:  # in_play
        result = any(
            u.nation == condition.nation and u.name == condition.name and u.types == list(condition.types)
            for u in state.units
        )
    return result != condition.negate


def alliances(state: State) -> list[Alliance]:
    """This turn's alliances that came into being (their condition holds), without the nations that left them."""
    politics = state.politics
    key = (state.turn, active_nation(state), tuple(politics.unformed), tuple(politics.left), tuple(state.flags))
    known = memo(state, ("alliances",))
    found = known.get(key)
    if found is None:
        found = known[key] = _alliances(state)
    return list(found)


def _alliances(state: State) -> list[Alliance]:
    found = [
        a
        for a in CONTENT.turn(state.turn).alliances
        if (a.condition is None or holds(state, a.condition)) and a.id not in state.politics.unformed
    ]
    if state.politics.left:
        left = state.politics.left
        found = [replace(a, members=tuple(m for m in a.members if f"{a.id}>{m}" not in left)) for a in found]
    return found


def allied(state: State, a: str, b: str) -> bool:
    """Same nation, same alliance this turn, or bound by submission (a subject stands in its overlord's place)."""
    a, b = state.overlords.get(a, a), state.overlords.get(b, b)
    if a == b:
        return True
    return any(a in alliance.members and b in alliance.members for alliance in alliances(state))


def enemies_in(state: State, nation: str, zid: str) -> list[str]:
    found = [n for n in occupants(state, zid) if not allied(state, nation, n) and not bound_in(state, nation, n, zid)]
    if state.politics.feuds:  # an ally who did not challenge an attack fights it there
        found += [n for n in occupants(state, zid) if n not in found and feud(state, nation, n, zid)]
    return found


def feud(state: State, a: str, b: str, zid: str) -> bool:
    return f"{zid}>{a}>{b}" in state.politics.feuds or f"{zid}>{b}>{a}" in state.politics.feuds


def partial_bond(state: State, zid: str) -> tuple[str, str] | None:
    """(subject, overlord) when the zone was submitted on its own and the subject still holds it."""
    pair = state.politics.partial.get(zid)
    if not pair:
        return None
    subject, _, overlord = pair.partition(">")
    return (subject, overlord) if subject in occupants(state, zid) else None


def bound_in(state: State, a: str, b: str, zid: str) -> bool:
    """A partially submitted zone: there the subject and its overlord (and the overlord's allies) do not fight."""
    bond = partial_bond(state, zid)
    if bond is None:
        return False
    subject, overlord = bond
    return (a == subject and allied(state, b, overlord)) or (b == subject and allied(state, a, overlord))


def attack_from_bond(state: State, nation: str, start: str, target: str) -> bool:
    """Units may not attack the overlord from the zone their nation submitted to it on its own."""
    bond = partial_bond(state, start)
    return bond is not None and bond[0] == nation and bond[1] in occupants(state, target)


def wrong_way_in(state: State, nation: str, start: str, target: str) -> bool:
    """Turn 27: the Pentans may go into the Grazelands only from Prax or the Praxian March."""
    for zones, from_zones in _ways_in(state.turn, nation):
        if target in zones:
            return start not in from_zones
    return False


@cache
def _ways_in(turn: int, nation: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """The schedule's (zones, the only zones they may be entered from) for the nation this turn: legal() asks for
    every target of every zone."""
    return tuple(
        (frozenset(BOARD.resolve(z) for z in event.params["zones"]),
         frozenset(BOARD.resolve(z) for z in event.params["from_zones"]))
        for entry in CONTENT.turn(turn).entries_of(nation)
        for event in entry.events
        if event.type == "pentans_grazelands"
    )  # fmt: skip


def must_stay(state: State, nation: str, zid: str) -> bool:
    """A subject may not abandon a zone it holds (after a partial submission: the submitted zone)."""
    if controller(state, zid) != nation:
        return False
    bond = partial_bond(state, zid)
    return nation in state.overlords or (bond is not None and bond[0] == nation)


def friendly(state: State, nation: str, zid: str) -> bool:
    """A zone the nation may move through: held by itself or an ally."""
    owner = controller(state, zid)
    return (
        bool(owner)
        and allied(state, nation, owner)
        and not enemies_in(state, nation, zid)
        and not barred(state, nation, zid)
    )


def barred(state: State, nation: str, zid: str) -> bool:
    """A subject may pass through (or enter) its overlord's zones only with the overlord's leave."""
    overlord = state.overlords.get(nation)
    return bool(overlord) and nation not in state.politics.passage and controller(state, zid) == overlord


def may_enter(nation: str, zid: str) -> bool:
    target = zone(zid)
    if target.terrain == "sea":
        return False
    if target.terrain == "mountain" and not target.plateau:
        return NATIONS[nation].has("uz") or NATIONS[nation].has("mostali")
    return True


def has_city(state: State, zid: str) -> bool:
    return any(u.kind == "city" for u in _derived(state).index.get(zid, ()))


def seat_of(state: State, nation: str) -> int:
    return state.side_seat[NATIONS[nation].side]


def players_of(state: State, *nations: str) -> tuple[int, ...]:
    """The seats playing `nations` (none for a side the bot plays alone): whom a battle or a loss is told first."""
    return tuple(seat for nation in nations if (seat := seat_of(state, nation)) != BOT)
