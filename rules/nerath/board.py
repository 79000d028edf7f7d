"""Questions about the board: who is allied with whom, which spaces are friendly, where pieces are."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from rules.nerath.content import CONTENT, REALM_ORDER
from rules.nerath.state import Piece, State
from rules.text import noun

SPACES = CONTENT.spaces
PIECES = CONTENT.pieces
REALMS = CONTENT.realms
TEAMS = (("karkoth", "iron_circle"), ("vailin", "nerath"))
HEROES = ("fighter", "wizard")
CARRY = 2  # land pieces one Warship carries


def teams(state: State) -> list[tuple[str, ...]]:
    """The sides of this game, in turn order of their first realm."""
    if state.mode == "free-for-all":
        return [(realm,) for realm in REALM_ORDER]
    if state.players == 3:  # Vailin and Nerath allied against two lone realms
        return [("karkoth",), ("vailin", "nerath"), ("iron_circle",)]
    return [TEAMS[0], TEAMS[1]]


def side_of(state: State, realm: str) -> tuple[str, ...]:
    return next(side for side in teams(state) if realm in side)


def allied(state: State, a: str, b: str) -> bool:
    """True for the same realm or two allies."""
    return b in side_of(state, a)


def active(state: State) -> str:
    return REALM_ORDER[state.turn]


def name(realm: str) -> str:
    return REALMS[realm].short


def slug(text: str) -> str:
    """The id of a space or card from its id or its shown name, whatever the case and punctuation."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


def label(space: str) -> str:
    return SPACES[space].name


def kind_name(kind: str, count: int = 1) -> str:
    return noun(count, PIECES[kind].name)


class _Placed:
    """The pieces by space and by carrier, in the state's order: built once while the state only is read (see
    reading), since legal() asks where pieces stand thousands of times and a long game holds a hundred pieces."""

    def __init__(self, pieces: list[Piece]) -> None:
        self.at: dict[str, list[Piece]] = {}
        self.carried: dict[int, list[Piece]] = {}
        self.enemy: dict[str, set[str]] = {}  # realm -> its enemy spaces (enemy_spaces), once asked
        for piece in pieces:
            self.at.setdefault(piece.space, []).append(piece)
            if piece.carrier is not None:
                self.carried.setdefault(piece.carrier, []).append(piece)


@contextmanager
def reading(state: State) -> Iterator[None]:
    """While the state is only read (legal(): nothing moves), the board's questions use one index of the pieces.
    Nothing may change the pieces meanwhile; kept outside the state's fields, so never serialised."""
    if "_placed" in state.__dict__:  # nested: the outer reading's index holds
        yield
        return
    state.__dict__["_placed"] = _Placed(state.pieces)
    try:
        yield
    finally:
        del state.__dict__["_placed"]


def _at(state: State, space: str) -> list[Piece]:
    placed: _Placed | None = state.__dict__.get("_placed")
    if placed is not None:
        return placed.at.get(space, [])
    return [p for p in state.pieces if p.space == space]


def pieces_at(state: State, space: str, realm: str | None = None) -> list[Piece]:
    return [p for p in _at(state, space) if realm is None or p.realm == realm]


def realms_at(state: State, space: str) -> list[str]:
    present = {p.realm for p in _at(state, space)}
    return [realm for realm in REALM_ORDER if realm in present]


def enemies_at(state: State, space: str, realm: str) -> bool:
    return any(not allied(state, realm, p.realm) for p in _at(state, space))


def is_enemy_space(state: State, space: str, realm: str) -> bool:
    """Land: held by an enemy. Sea: holds enemy pieces. A dungeon entrance is neither friend nor enemy."""
    kind = SPACES[space].kind
    if kind == "land":
        return not allied(state, realm, state.control[space])
    if kind == "sea":
        return enemies_at(state, space, realm)
    return False


def enemy_spaces(state: State, realm: str) -> set[str]:
    """Every space that is enemy to `realm` right now (one pass, for path searches; once per realm while reading)."""
    placed: _Placed | None = state.__dict__.get("_placed")
    if placed is None:
        return _enemy_spaces(state, realm)
    found = placed.enemy.get(realm)
    if found is None:
        found = placed.enemy[realm] = _enemy_spaces(state, realm)
    return set(found)


def _enemy_spaces(state: State, realm: str) -> set[str]:
    side = side_of(state, realm)
    result = {space for space, owner in state.control.items() if owner not in side}
    result |= {p.space for p in state.pieces if p.realm not in side and SPACES[p.space].kind == "sea"}
    return result


def is_friendly(state: State, space: str, realm: str) -> bool:
    return SPACES[space].kind != "dungeon" and not is_enemy_space(state, space, realm)


def castles_of(state: State, realm: str) -> list[str]:
    return sorted({p.space for p in state.pieces if p.kind == "castle" and p.realm == realm})


def capital_held(state: State, realm: str) -> bool:
    return state.control[REALMS[realm].capital] == realm


def piece_type(kind: str) -> str:
    return PIECES[kind].type


def move_value(state: State, piece: Piece) -> int:
    realm = state.realms[piece.realm]
    return (
        PIECES[piece.kind].move
        + realm.turn_move.get(piece.kind, 0)
        + lasting(state, piece.realm, "move_bonus", piece.kind)
    )


def lasting(state: State, realm: str, kind: str, piece: str = "") -> int:
    """Sum of the lasting treasure Properties of `kind` that apply to `piece` (or to everything)."""
    total = 0
    for card in state.realms[realm].played:
        effect = CONTENT.treasures[card].property
        if effect.kind == kind and (not effect.pieces or piece in effect.pieces):
            total += effect.amount if kind != "dungeon_sight" else 1
    return total


def roll_bonus(state: State, realm: str, kind: str) -> int:
    return state.realms[realm].turn_roll.get(kind, 0) + lasting(state, realm, "roll_bonus", kind)


def cargo(state: State, ship: Piece) -> list[Piece]:
    placed: _Placed | None = state.__dict__.get("_placed")
    if placed is not None:
        return list(placed.carried.get(ship.id, ()))
    return [p for p in state.pieces if p.carrier == ship.id]


def ships_with_room(state: State, space: str, realm: str, new_only: bool = False) -> list[Piece]:
    ships = [p for p in pieces_at(state, space, realm) if p.kind == "warship" and (p.new or not new_only)]
    return [s for s in ships if len(cargo(state, s)) < CARRY]


def distances(state: State, start: str, realm: str, piece_kind: str, budget: int, attack: bool) -> dict[str, int]:
    """Spaces a piece of `piece_kind` may end its move in, with the spaces it costs.

    Land pieces pass only friendly land; sea pieces only friendly sea; flying pieces pass anything.
    Entering an enemy space (or, for Heroes, a dungeon entrance) ends the move: only with `attack`.
    """
    ptype = piece_type(piece_kind)
    hostile = enemy_spaces(state, realm)
    best: dict[str, int] = {start: 0}
    ends: dict[str, int] = {}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        cost = best[here]
        if cost >= budget:
            continue
        for there in SPACES[here].adjacent:
            if there in best:
                continue
            kind = SPACES[there].kind
            enemy = there in hostile
            if ptype == "land":
                if kind == "sea" or (kind == "dungeon" and (piece_kind not in HEROES or not attack)):
                    continue
                if kind == "dungeon" or enemy:
                    if attack:
                        ends.setdefault(there, cost + 1)
                    continue
            elif ptype == "sea":
                if kind != "sea":
                    continue
                if enemy:
                    if attack:
                        ends.setdefault(there, cost + 1)
                    continue
            best[there] = cost + 1
            queue.append(there)
    for space, cost in best.items():
        if space == start:
            continue
        kind = SPACES[space].kind
        if ptype == "flying":
            if kind == "dungeon":
                continue
            if space in hostile and not attack:
                continue
        ends.setdefault(space, cost)
    return ends


def nearest_land(state: State, realm: str, origin: str, spaces: Iterable[str]) -> list[str]:
    """The spaces of `spaces` closest to `origin` by adjacency (all tied ones)."""
    wanted = set(spaces)
    if not wanted:
        return []
    seen = {origin: 0}
    queue = deque([origin])
    found: list[str] = []
    limit: int | None = None
    while queue:
        here = queue.popleft()
        if limit is not None and seen[here] > limit:
            break
        if here in wanted:
            found.append(here)
            limit = seen[here]
        for there in SPACES[here].adjacent:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return sorted(found)


def cost_order(piece: Piece) -> tuple[int, int]:
    """Cheapest first: the order a bot (or a hurried player) gives up pieces."""
    return (PIECES[piece.kind].cost, piece.id)


def land_steps(starts: Iterable[str]) -> dict[str, int]:
    """Steps over land from every space reached to the nearest of `starts` (a front, the enemy Capitals)."""
    steps = dict.fromkeys(starts, 0)
    queue = deque(steps)
    while queue:
        here = queue.popleft()
        for there in SPACES[here].adjacent:
            if there not in steps and SPACES[there].kind == "land":
                steps[there] = steps[here] + 1
                queue.append(there)
    return steps
