"""Step 5 (buying and placing new pieces) and step 6 (income)."""

from __future__ import annotations

from rules.base import ActionLog, require
from rules.nerath import board
from rules.nerath.board import PIECES, REALMS, SPACES, label, name
from rules.nerath.state import Piece, State

CASTLE_LIMIT = 4  # new pieces per Castle and turn, except at the Capital or a realm's only Castle
UNLIMITED = 99


def eligible_castles(state: State, realm: str) -> list[str]:
    """Castles held since the start of the turn, and the Capital even if retaken this turn."""
    capital = REALMS[realm].capital
    mine = state.realms[realm]
    result = []
    for space in board.castles_of(state, realm):
        if state.control[space] != realm or space in mine.new_castles:
            continue
        if space == capital or space in mine.start_castles:
            result.append(space)
    return sorted(result, key=lambda s: (s != capital, s))


def _room(state: State, realm: str, castle: str) -> int:
    held = [c for c in board.castles_of(state, realm) if state.control[c] == realm]
    if castle == REALMS[realm].capital or len(held) == 1:
        return UNLIMITED
    return CASTLE_LIMIT - state.realms[realm].placed.get(castle, 0)


def placements(state: State, realm: str, kind: str) -> dict[str, tuple[int, str]]:
    """Where a new piece of `kind` may go: space -> (how many more fit, the Castle whose limit it uses)."""
    ptype = board.piece_type(kind)
    result: dict[str, tuple[int, str]] = {}
    if kind == "castle":
        mine = state.realms[realm]
        for space in mine.start_control:
            if (
                state.control[space] == realm
                and space not in board.castles_of(state, realm)
                and not any(p.kind == "castle" for p in board.pieces_at(state, space))
                and space not in mine.placed
                and space not in mine.new_castles
            ):
                result[space] = (1, space)
        return result
    castles = eligible_castles(state, realm)
    if not board.castles_of(state, realm) and ptype != "sea":
        held = [s for s, owner in state.control.items() if owner == realm]
        for space in board.nearest_land(state, realm, REALMS[realm].capital, held):
            result[space] = (UNLIMITED, "")
        return result
    for castle in castles:
        room = _room(state, realm, castle)
        if room <= 0:
            continue
        if ptype != "sea":
            result.setdefault(castle, (room, castle))
        for sea in SPACES[castle].adjacent:
            if SPACES[sea].kind != "sea" or not board.is_friendly(state, sea, realm) or sea in result:
                continue
            if ptype == "land":
                seats = sum(board.CARRY - len(board.cargo(state, s)) for s in board.ships_with_room(state, sea, realm))
                if seats:
                    result[sea] = (min(room, seats), castle)
            elif ptype == "sea" or "hover" in PIECES[kind].abilities:  # Warships and Storm Elementals, not Dragons
                result[sea] = (room, castle)
    return result


def check_buy(state: State, realm: str, kind: str, count: int, at: str) -> str:
    """Returns the Castle whose placement limit the purchase uses."""
    require(count >= 1, "Buy at least 1 piece.")
    cost = PIECES[kind].cost * count
    gold = state.realms[realm].gold
    require(cost <= gold, f"{count} {board.kind_name(kind, count)} cost {cost} gold; {name(realm)} has {gold}.")
    spots = placements(state, realm, kind)
    where = ", ".join(label(s) for s in sorted(spots)) or "nowhere"
    full = at in eligible_castles(state, realm) and _room(state, realm, at) <= 0
    require(not full, f"{label(at)} has taken its {CASTLE_LIMIT} new pieces this turn; other places: {where}.")
    require(at in spots, f"A new {PIECES[kind].name} cannot be placed at {label(at)}; it may go to: {where}.")
    room, castle = spots[at]
    require(count <= room, f"Only {room} more new pieces fit at {label(at)} this turn.")
    return castle


def apply_buy(state: State, realm: str, kind: str, count: int, at: str, castle: str, log: ActionLog) -> None:
    mine = state.realms[realm]
    mine.gold -= PIECES[kind].cost * count
    if castle and kind != "castle":
        mine.placed[castle] = mine.placed.get(castle, 0) + count
    if kind == "castle":
        mine.new_castles.append(at)
    for _ in range(count):
        piece = Piece(state.next_id, realm, kind, at, new=True)
        state.next_id += 1
        if SPACES[at].kind == "sea" and board.piece_type(kind) == "land":
            ships = sorted(board.ships_with_room(state, at, realm), key=lambda s: (not s.new, s.id))
            piece.carrier = ships[0].id
            if not ships[0].new:
                ships[0].stopped = True  # an existing Warship given new pieces cannot move
        state.pieces.append(piece)
    log.say(
        f"{name(realm)} buys {count} {board.kind_name(kind, count)} for {PIECES[kind].cost * count} gold "
        f"and places {'it' if count == 1 else 'them'} at {label(at)}."
    )


def buy_options(state: State, realm: str) -> list[tuple[str, str, int]]:
    """(kind, space, most affordable there) for every purchase possible now."""
    gold = state.realms[realm].gold
    result = []
    for kind, spec in PIECES.items():
        if spec.cost > gold:
            continue
        for at, (room, _) in sorted(placements(state, realm, kind).items()):
            result.append((kind, at, min(room, gold // spec.cost)))
    return result


def income(state: State, realm: str) -> tuple[int, str]:
    """1 gold per land space held (so base income +/- spaces gained or lost); half, rounded up, without the Capital."""
    held = sum(1 for owner in state.control.values() if owner == realm)
    mine = state.realms[realm]
    bonus = mine.turn_income + board.lasting(state, realm, "income_bonus")
    total = held + bonus
    note = f"{held} land spaces" + (f" + {bonus} from cards" if bonus else "")
    if not board.capital_held(state, realm):
        total = (total + 1) // 2
        note += ", halved without the Capital"
    return total, note
