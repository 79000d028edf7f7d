"""Movement: where a nation's units may go this movement step, narrow passes, and stacking after movement."""

from __future__ import annotations

from collections import deque
from functools import cache

from rules.genertela import dragonewts
from rules.genertela.alliance_army import centre_of as alliance_centre
from rules.genertela.alliance_army import horde_targets
from rules.genertela.battle import FOUR_DICE
from rules.genertela.board import (
    BOARD,
    CONTENT,
    NATIONS,
    _index,
    attack_from_bond,
    barred,
    enemies_in,
    may_enter,
    memo,
    must_stay,
    on_city,
    politics_key,
    units_of,
    wrong_way_in,
    zone,
)
from rules.genertela.specials import anywhere, blockers, free_mover, passable
from rules.genertela.state import State, Unit

LOSS_ORDER = {"named_dragonewt": 1, "giant": 2, "dragon": 2, "special": 3}  # overstack losses: cheapest first
PASS_LIMIT = 3  # units that may attack into one zone over the narrow passes
STACK = {"lowland": 8, "highland": 4, "mountain": 4, "waste": 4}


def _closed_deathline(state: State, nation: str, zid: str) -> bool:
    """Turns 23-27: human units may not move into Deathline zones (turn 27 lets the Pentans into the Grazelands)."""
    return zid in _closed_on(state.turn, nation)


def _closed_deathline_on(turn: int, nation: str, zid: str) -> bool:
    if NATIONS[nation].human is False or not zone(zid).deathline:
        return False
    for rule in CONTENT.turn(turn).restrictions:
        if rule.type == "no_humans_into_deathline":
            allowed = {BOARD.resolve(z) for z in rule.params.get("except_zones", [])}
            exempt = rule.params.get("except_nation")
            return not (exempt and CONTENT.nations.resolve(exempt) == nation and zid in allowed)
    return False


def movers(state: State, nation: str, zid: str) -> list[Unit]:
    """Units that may still move out of a zone, ordinary units first (house: a move takes those before heroes);
    on the Dragonkill turn the Dragons come last. Memoised while the units stand as they are: legal() asks again for
    every target of every zone."""
    known = memo(state, ("movers", nation, state.alliance, state.turn))
    found = known.get(zid)
    if found is None:
        units = [
            u for u in units_of(state, nation, zid) if u.mobile and not u.moved and (u.in_army or not state.alliance)
        ]
        late = dragonkill(state, nation)
        found = known[zid] = sorted(units, key=lambda u: (late and u.kind == "dragon", u.kind == "special", u.uid))
    return list(found)


def movers_to(state: State, nation: str, start: str, target: str) -> list[Unit]:
    """The units one move from `start` to `target` takes, in order. Where ordinary movement cannot reach, only
    Assassins and Hon-eel (anywhere) and named Dragonewts (city to city) may go. On the Dragonkill turn Dragons go
    first to a zone they must attack and nowhere else."""
    return list(Outset(state, nation, start).movers_to(target))


class Outset:
    """Moves out of one zone: what they depend on besides the target, worked out once (legal() asks movers_to and
    move_limit for every target of every zone)."""

    def __init__(self, state: State, nation: str, start: str) -> None:
        self.state, self.nation, self.start = state, nation, start
        self.ready = movers(state, nation, start)
        self.ordinary = frozenset(_ordinary(state, nation, start) if self.ready else ())
        self.late = dragonkill(state, nation)
        self._hops: frozenset[str] | None = None
        self._leaving: int | None = None  # how many may leave at most, once asked

    def movers_to(self, target: str) -> list[Unit]:
        """See movers_to (the list may be this outset's own: copy it before changing it)."""
        ready = self.ready
        if target not in self.ordinary:
            if self._hops is None:
                closed = _closed(self.state, self.nation)
                self._hops = frozenset(dragonewts.hop_targets(self.state, self.nation, self.start, closed))
            hop = target in self._hops
            ready = [u for u in ready if free_mover(u) or (hop and u.kind == "named_dragonewt")]
        if self.late:
            if not dragon_target(self.state, self.nation, target):
                return [u for u in ready if u.kind != "dragon"]
            return sorted(ready, key=lambda u: u.kind != "dragon")
        return ready

    def limit(self, target: str) -> int:
        """See move_limit."""
        state, nation, start = self.state, self.nation, self.start
        most = len(self.movers_to(target))
        if self._leaving is None:  # a subject keeps a unit in each zone it holds
            stays = must_stay(state, nation, start)
            self._leaving = len(units_of(state, nation, start)) - 1 if stays else len(self.ready)
        most = min(most, self._leaving)
        cap = pass_room(state, nation, start, target)
        return most if cap is None else min(most, cap)


def hop_movers(state: State, nation: str, start: str, target: str, units: list[Unit]) -> list[Unit]:
    """The named Dragonewts of a move that only their city-to-city movement takes to `target`."""
    if target in _ordinary(state, nation, start):
        return []
    return [u for u in units if u.kind == "named_dragonewt" and not free_mover(u)]


def closed_zones(state: State, nation: str) -> frozenset[str]:
    return _closed(state, nation)


def dragonkill(state: State, nation: str) -> bool:
    """Turn 23: the nation's Dragons may only attack human units in Deathline zones."""
    return _dragonkill(state.turn, nation)


@cache
def _dragonkill(turn: int, nation: str) -> bool:
    return any(e.type == "dragonkill" for entry in CONTENT.turn(turn).entries_of(nation) for e in entry.events)


def dragon_target(state: State, nation: str, zid: str) -> bool:
    return zone(zid).deathline and any(NATIONS[n].human for n in enemies_in(state, nation, zid))


def move_limit(state: State, nation: str, start: str, target: str) -> int:
    """How many units one move from `start` to `target` may take now."""
    return Outset(state, nation, start).limit(target)


def destinations(state: State, nation: str, start: str) -> list[str]:
    """Zones some unit in `start` may move to: ordinary movement, Assassins' and Hon-eel's free movement, and named
    Dragonewts going from city to city."""
    found = set(_ordinary(state, nation, start))
    ready = movers(state, nation, start)
    if any(free_mover(u) for u in ready):
        closed = _closed(state, nation)
        found |= {zid for zid in anywhere(start) if zid not in closed}
    if any(u.kind == "named_dragonewt" for u in ready):
        found |= set(dragonewts.hop_targets(state, nation, start, _closed(state, nation)))
    # a subject enters its overlord's zones only with leave; the True Golden Horde goes into Deathline zones
    found = {
        zid
        for zid in found
        if not barred(state, nation, zid)
        and not attack_from_bond(state, nation, start, zid)
        and not wrong_way_in(state, nation, start, zid)
    }
    return horde_targets(state, nation, sorted(found))


def _closed(state: State, nation: str) -> frozenset[str]:
    """Deathline zones closed to the nation this turn."""
    return _closed_on(state.turn, nation)


@cache
def _closed_on(turn: int, nation: str) -> frozenset[str]:
    """The schedule alone decides them (see _closed_deathline): legal() asks for every zone and target."""
    return frozenset(zid for zid in BOARD.zones if _closed_deathline_on(turn, nation, zid))


def _ordinary(state: State, nation: str, start: str) -> list[str]:
    """Zones reachable by ordinary movement (cached until units move: legal() asks for every zone and target)."""
    index = _index(state)
    cache: tuple[object, dict[tuple[object, ...], list[str]]] | None = state.__dict__.get("_reach")
    if cache is None or cache[0] is not index:
        cache = (index, {})
        state.__dict__["_reach"] = cache
    key = (nation, start, state.turn, state.order_index, state.alliance, state.acting_for, tuple(state.overrun),
           tuple(state.flags),
           tuple(sorted(state.overlords.items())), _bonds(state))  # fmt: skip
    if key not in cache[1]:
        cache[1][key] = _search(state, nation, start)
    return cache[1][key]


def _bonds(state: State) -> tuple[object, ...]:
    """What else decides who is an ally or may pass: leave, left alliances, partial submissions, unformed ones."""
    politics = state.politics
    return (tuple(politics.passage), tuple(politics.left), tuple(sorted(politics.partial.items())),
            tuple(politics.unformed))  # fmt: skip


def _search(state: State, nation: str, start: str) -> list[str]:
    """On through zones where no enemy blocks (see specials.passable), stopping in any other."""
    seen = {start}
    queue = deque([start])
    found: list[str] = []
    through = memo(state, ("passable", nation, tuple(state.overrun), *politics_key(state)))  # shared by the starts
    while queue:
        here = queue.popleft()
        for nxt in BOARD.zones[here].adjacent:
            if nxt in seen or not may_enter(nation, nxt) or _closed_deathline(state, nation, nxt):
                continue
            seen.add(nxt)
            found.append(nxt)
            go_on = through.get(nxt)
            if go_on is None:
                go_on = through[nxt] = passable(state, nation, nxt)
            if go_on:
                queue.append(nxt)
    return sorted(found)


def pass_room(state: State, nation: str, start: str, target: str) -> int | None:
    """How many more units may attack `target` from a narrow pass; None when the limit does not apply."""
    if not zone(start).narrow_pass or not enemies_in(state, nation, target):
        return None
    return max(0, PASS_LIMIT - state.pass_entries.get(target, 0))


def strength(units: list[Unit]) -> int:
    """Units as counted for an overrun: Giants, Dragons (Dragon Heroes too) and the Crimson Bat count four, pure
    Assassins nothing."""
    return sum(0 if u.assassin_only else 4 if FOUR_DICE & u.powers else 1 for u in units)


def check_overrun(state: State, nation: str, zid: str) -> bool:
    """Twice the occupiers' strength moved in overruns an enemy zone: later moves may pass through it."""
    foes = blockers(state, nation, zid)  # units inside walls and pure Assassins neither block nor count
    if not foes or zid in state.overrun:
        return False
    if strength(units_of(state, nation, zid)) >= 2 * strength(foes):
        state.overrun.append(zid)
        return True
    return False


def overstacked(state: State, nation: str, double: str | None = None) -> list[Unit]:
    """Units lost to stacking: each zone's limit, except one zone that may hold up to double (`double`: that zone,
    as the player chose; "" none; None the engine's pick)."""
    excess: dict[str, list[Unit]] = {}
    waiting = "" if state.alliance else alliance_centre(state, nation)
    for zid in sorted({u.zone for u in units_of(state, nation)}):
        terrain = zone(zid).terrain
        if terrain == "sea" or zid == waiting:  # units gathered for an alliance turn are not limited yet
            continue
        counted = [
            u
            for u in units_of(state, nation, zid)
            if u.kind not in ("city", "forest") and not u.assassin_only and not on_city(state, u)
        ]
        over = len(counted) - STACK[terrain]
        if over > 0:
            excess[zid] = sorted(counted, key=lambda u: (LOSS_ORDER.get(u.kind, 0), u.uid))[:over]
    if not excess:
        return dragonewts.city_overstack(state, nation)
    # the one allowed overstack (up to double) goes to the zone where it saves the most units
    best = max(excess, key=lambda zid: (min(len(excess[zid]), STACK[zone(zid).terrain]), zid))
    best = best if double is None else double
    if best in excess:
        excess[best] = excess[best][STACK[zone(best).terrain] :]
    return [u for units in excess.values() for u in units] + dragonewts.city_overstack(state, nation)
