"""Moving pieces: the move step, sea transport, repositioning and moving newly bought pieces."""

from __future__ import annotations

from dataclasses import dataclass

from rules.base import ActionLog, require
from rules.nerath import board
from rules.nerath.board import HEROES, PIECES, SPACES, label, name
from rules.nerath.state import Piece, State


@dataclass(frozen=True)
class MoveOption:
    kind: str
    origin: str
    to: str
    most: int  # how many pieces of the stack can make it
    attack: bool


def _movers(state: State, realm: str, kind: str, origin: str) -> list[Piece]:
    """Pieces of one stack that may still move in the current step."""
    result = []
    for piece in board.pieces_at(state, origin, realm):
        if piece.kind != kind or piece.carrier is not None or piece.stopped or PIECES[kind].move == 0:
            continue
        if state.step == "reinforce" and not piece.new:
            continue
        if state.step == "reposition":
            in_dungeon = SPACES[origin].kind == "dungeon" and origin in state.plundered
            if board.piece_type(kind) != "flying" and not in_dungeon:
                continue
        if board.move_value(state, piece) - piece.moved <= 0 and not _leaving_dungeon(state, piece):
            continue
        result.append(piece)
    return result


def _leaving_dungeon(state: State, piece: Piece) -> bool:
    return state.step == "reposition" and piece.space in state.plundered


def _destinations(state: State, realm: str, kind: str, origin: str, budget: int) -> dict[str, int]:
    if state.step == "reposition" and origin in state.plundered:
        # Heroes leave a plundered dungeon for friendly land next to it, or a Warship of theirs beside it
        result = {}
        for there in SPACES[origin].adjacent:
            if not board.is_friendly(state, there, realm):
                continue
            if SPACES[there].kind == "land" or board.ships_with_room(state, there, realm):
                result[there] = 1
        return result
    attack = state.step == "move"
    ends = board.distances(state, origin, realm, kind, budget, attack)
    if state.step == "reposition" and kind != "storm_elemental":
        ends = {s: c for s, c in ends.items() if SPACES[s].kind == "land"}  # only Storm Elementals hover at sea
    return ends


def options(state: State, realm: str) -> list[MoveOption]:
    stacks = sorted({(p.kind, p.space) for p in state.pieces if p.realm == realm})
    result = []
    for kind, origin in stacks:
        movers = _movers(state, realm, kind, origin)
        if not movers:
            continue
        left = [board.move_value(state, p) - p.moved for p in movers]
        budget = max(max(left), 1)
        for to, cost in sorted(_destinations(state, realm, kind, origin, budget).items()):
            most = sum(1 for n in left if n >= cost) if not _leaving_dungeon(state, movers[0]) else len(movers)
            if SPACES[to].kind == "sea" and board.piece_type(kind) == "land":  # Heroes boarding on the way out
                most = min(most, _seats(state, realm, to))
            if most:
                attack = SPACES[to].kind == "dungeon" or board.is_enemy_space(state, to, realm)
                result.append(MoveOption(kind, origin, to, most, attack))
    return result


def _seats(state: State, realm: str, sea: str) -> int:
    return sum(board.CARRY - len(board.cargo(state, s)) for s in board.ships_with_room(state, sea, realm))


def check_move(state: State, realm: str, kind: str, count: int, origin: str, to: str) -> tuple[list[Piece], int]:
    """The pieces that will move and the spaces it costs; raises a RuleError naming what is possible."""
    require(count >= 1, "Move at least 1 piece.")
    movers = _movers(state, realm, kind, origin)
    require(
        bool(movers),
        f"{name(realm)} has no {board.kind_name(kind, 2)} that can move from {label(origin)} now.",
    )
    budget = max(max(board.move_value(state, p) - p.moved for p in movers), 1)
    ends = _destinations(state, realm, kind, origin, budget)
    require(
        to in ends,
        lambda: (
            f"{board.kind_name(kind, 2)} from {label(origin)} cannot reach {label(to)}; "
            f"they can reach: {', '.join(label(s) for s in sorted(ends)) or 'nowhere'}."
        ),
    )
    cost = ends[to]
    able = (
        movers
        if _leaving_dungeon(state, movers[0])
        else [p for p in movers if board.move_value(state, p) - p.moved >= cost]
    )
    require(
        count <= len(able),
        f"Only {len(able)} {board.kind_name(kind, len(able))} at {label(origin)} can reach {label(to)}.",
    )
    if SPACES[to].kind == "sea" and board.piece_type(kind) == "land":
        room = _seats(state, realm, to)
        require(count <= room, f"The Warships at {label(to)} have room for only {room}.")
    return sorted(able, key=lambda p: (-(board.move_value(state, p) - p.moved), p.id))[:count], cost


def apply_move(state: State, realm: str, movers: list[Piece], to: str, cost: int, log: ActionLog) -> None:
    origin = movers[0].space
    kind = movers[0].kind
    attack = state.step == "move" and (SPACES[to].kind == "dungeon" or board.is_enemy_space(state, to, realm))
    for piece in movers:
        piece.moved += cost
        piece.space = to
        for carried in board.cargo(state, piece):
            carried.space = to
        if attack:
            piece.stopped = True
        if SPACES[to].kind == "sea" and board.piece_type(kind) == "land":
            ship = board.ships_with_room(state, to, realm)[0]  # a Hero leaving a dungeon boards a ship
            piece.carrier = ship.id
            piece.stopped = True
    if state.step == "reposition" and SPACES[origin].kind == "dungeon":
        for piece in movers:
            piece.stopped = True
    if attack and to not in state.pending:
        state.pending.append(to)
    kinds = [c.kind for ship in movers for c in board.cargo(state, ship)]
    aboard = ", ".join(f"{kinds.count(k)} {board.kind_name(k, kinds.count(k))}" for k in dict.fromkeys(sorted(kinds)))
    log.say(
        f"{name(realm)}: {move_text(kind, len(movers), origin, to, attack, event=True)}"
        + (f", carrying {aboard}." if aboard else ".")
    )


def move_text(kind: str, count: int, origin: str, to: str, attack: bool, event: bool = False) -> str:
    """One move in words: as a choice to offer ("Move 2 Footsoldiers from...") or as what happened."""
    pieces = f"{count} {board.kind_name(kind, count)}"
    one = count == 1
    if SPACES[to].kind == "dungeon" and attack:
        if event:
            return f"{pieces} from {label(origin)} {'enters' if one else 'enter'} the dungeon {label(to)} " + (
                "(explored in the battle step)"
            )
        return f"Send {pieces} from {label(origin)} into the dungeon {label(to)}"
    if attack:
        if event:
            return f"{pieces} from {label(origin)} {'attacks' if one else 'attack'} {label(to)}"
        return f"Attack {label(to)} with {pieces} from {label(origin)}"
    if event:
        return f"{pieces} {'moves' if one else 'move'} from {label(origin)} to {label(to)}"
    return f"Move {pieces} from {label(origin)} to {label(to)}"


# --- sea transport ---------------------------------------------------------------------------------------------


def embark_options(state: State, realm: str) -> list[tuple[str, str, str, int]]:
    """(kind, land space, sea space, how many) for land pieces that can board this realm's Warships."""
    if state.step != "move":
        return []
    result = []
    for kind, origin in sorted({(p.kind, p.space) for p in state.pieces if p.realm == realm}):
        if board.piece_type(kind) != "land" or kind == "castle" or SPACES[origin].kind != "land":
            continue
        ready = _boarders(state, realm, kind, origin)
        if not ready:
            continue
        for sea in SPACES[origin].adjacent:
            if SPACES[sea].kind != "sea" or not board.is_friendly(state, sea, realm):
                continue
            room = _room(state, realm, sea)
            if room:
                result.append((kind, origin, sea, min(room, len(ready))))
    return result


def _boarders(state: State, realm: str, kind: str, origin: str) -> list[Piece]:
    """Land pieces must start their move in the coastal space they board from."""
    return [
        p
        for p in board.pieces_at(state, origin, realm)
        if p.kind == kind and p.moved == 0 and not p.stopped and p.carrier is None
    ]


def _ships(state: State, realm: str, sea: str) -> list[Piece]:
    return [s for s in board.ships_with_room(state, sea, realm) if not s.stopped]


def _room(state: State, realm: str, sea: str) -> int:
    return sum(board.CARRY - len(board.cargo(state, s)) for s in _ships(state, realm, sea))


def check_embark(state: State, realm: str, kind: str, count: int, origin: str, sea: str) -> list[Piece]:
    require(state.step == "move", "Pieces board Warships only in the move step.")
    offered = {(k, o, s): n for k, o, s, n in embark_options(state, realm)}
    choices = ", ".join(
        f"{n} {board.kind_name(k, n)} from {label(o)} to {label(s)}" for (k, o, s), n in offered.items()
    )
    require(
        (kind, origin, sea) in offered,
        f"No {board.kind_name(kind, 2)} can board at {label(sea)} from {label(origin)} now; "
        f"possible: {choices or 'none'}.",
    )
    require(1 <= count <= offered[(kind, origin, sea)], f"At most {offered[(kind, origin, sea)]} can board there.")
    return _boarders(state, realm, kind, origin)[:count]


def apply_embark(state: State, realm: str, boarders: list[Piece], sea: str, log: ActionLog) -> None:
    origin = boarders[0].space
    for piece in boarders:
        ship = next(s for s in _ships(state, realm, sea) if len(board.cargo(state, s)) < board.CARRY)
        piece.carrier = ship.id
        piece.space = sea
    verb = "boards" if len(boarders) == 1 else "board"
    log.say(
        f"{name(realm)}: {len(boarders)} {board.kind_name(boarders[0].kind, len(boarders))} "
        f"{verb} at {label(origin)} onto the Warships in {label(sea)}."
    )


def debark_options(state: State, realm: str) -> list[tuple[str, str, str, int]]:
    """(kind, sea space, land space or dungeon, how many) for carried pieces that can go ashore now."""
    result = []
    for kind, sea in sorted({(p.kind, p.space) for p in state.pieces if p.realm == realm and p.carrier is not None}):
        carried = _carried(state, realm, kind, sea)
        if not carried or not _may_land_from(state, realm, sea):
            continue
        for there in SPACES[sea].adjacent:
            kind_there = SPACES[there].kind
            if kind_there == "sea" or (kind_there == "dungeon" and kind not in HEROES):
                continue
            hostile = kind_there == "dungeon" or board.is_enemy_space(state, there, realm)
            if hostile and state.step not in ("move", "battle"):
                continue
            if state.step == "battle" and not (hostile and _may_join(state, there)):
                continue
            result.append((kind, sea, there, len(carried)))
    return result


def _carried(state: State, realm: str, kind: str, sea: str) -> list[Piece]:
    result = []
    for piece in board.pieces_at(state, sea, realm):
        if piece.kind != kind or piece.carrier is None:
            continue
        if state.step == "reinforce":  # only new pieces on a new Warship go ashore now
            ship = next(s for s in state.pieces if s.id == piece.carrier)
            if not (piece.new and ship.new):
                continue
        result.append(piece)
    return result


def _may_land_from(state: State, realm: str, sea: str) -> bool:
    if state.step == "move":
        return not board.enemies_at(state, sea, realm)  # an enemy sea space: win the sea battle first
    if state.step == "battle":
        return sea in state.sea_won and not state.amok
    return state.step == "reinforce"


def _may_join(state: State, space: str) -> bool:
    """A sea landing in the battle step starts a battle, or joins the land battle running there between rounds."""
    fight = state.battle
    if fight is None:
        return True
    return fight.space == space and fight.kind == "land" and fight.stage == "decide" and not fight.hits


def check_debark(state: State, realm: str, kind: str, count: int, sea: str, to: str) -> list[Piece]:
    offered = {(k, s, t): n for k, s, t, n in debark_options(state, realm)}
    choices = ", ".join(
        f"{n} {board.kind_name(k, n)} from {label(s)} to {label(t)}" for (k, s, t), n in offered.items()
    )
    require(
        (kind, sea, to) in offered,
        f"No {board.kind_name(kind, 2)} can go ashore from {label(sea)} to {label(to)} now; "
        f"possible: {choices or 'none'}.",
    )
    require(1 <= count <= offered[(kind, sea, to)], f"At most {offered[(kind, sea, to)]} can go ashore there.")
    return _carried(state, realm, kind, sea)[:count]


def apply_debark(state: State, realm: str, landers: list[Piece], to: str, log: ActionLog) -> None:
    sea = landers[0].space
    hostile = SPACES[to].kind == "dungeon" or board.is_enemy_space(state, to, realm)
    for piece in landers:
        ship = next(s for s in state.pieces if s.id == piece.carrier)
        ship.stopped = True  # unloading ends a Warship's move
        piece.carrier = None
        piece.space = to
        piece.stopped = True
    if hostile and to not in state.pending:
        state.pending.append(to)
    joining = state.battle is not None and state.battle.space == to
    what = "land and join the battle at" if joining else "land to attack" if hostile else "go ashore at"
    if len(landers) == 1:
        what = what.replace("land", "lands").replace("go ", "goes ")
    log.say(
        f"{name(realm)}: {len(landers)} {board.kind_name(landers[0].kind, len(landers))} "
        f"from {label(sea)} {what} {label(to)}."
    )
