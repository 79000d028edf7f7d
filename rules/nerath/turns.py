"""The turn: draw, move, battles, reposition, reinforce, income; the round and the victory check."""

from __future__ import annotations

from fractions import Fraction

from rules.base import ActionLog, seat_ref
from rules.nerath import battle, board, cards, movement, reinforce
from rules.nerath.board import PIECES, REALMS, SPACES, label, name
from rules.nerath.content import REALM_ORDER
from rules.nerath.state import Piece, State
from rules.rng import Rng

VP_TARGET = {"short": 13, "medium": 20}  # a lone realm
ALLIED_VP_TARGET = {"short": 20, "medium": 30}  # an alliance's shared VP
TREASURE_TARGET, ALLIED_TREASURE_TARGET = 8, 12


def begin_turn(state: State, log: ActionLog, rng: Rng) -> None:
    realm = board.active(state)
    mine = state.realms[realm]
    mine.turn_roll, mine.turn_move, mine.turn_income = {}, {}, 0
    mine.placed, mine.new_castles = {}, []
    mine.start_castles = [c for c in board.castles_of(state, realm) if state.control[c] == realm]
    mine.start_control = sorted(s for s, owner in state.control.items() if owner == realm)
    for piece in state.pieces:
        piece.moved, piece.stopped, piece.new = 0, False, False
    state.step = "move"
    state.sea_won, state.pending, state.plundered, state.amok = [], [], [], []
    state.battles_now = []
    log.say(f"Round {state.round}: {name(realm)}'s turn ({seat_ref(state.seat_of[realm])}).", "routine")
    cards.draw_event(state, realm, log, rng)


def end_step(state: State, log: ActionLog, rng: Rng) -> None:
    realm = board.active(state)
    if state.step == "battle" and state.amok:
        state.amok = []
        log.say(f"{name(realm)}'s Monsters stop running amok.")
        return
    if state.step == "move":
        state.step = "battle"
        fights = ", ".join(map(label, state.pending))
        then = f"battles to fight: {fights}." if fights else "no battles to fight."
        log.say(f"{name(realm)} ends the move step; {then}")
        if not state.pending:
            _to_reposition(state, log, rng)
    elif state.step == "battle":
        _to_reposition(state, log, rng)
    elif state.step == "reposition":
        _end_reposition(state, log, rng)
        state.step = "reinforce"
        log.say(f"{name(realm)} reinforces (gold: {state.realms[realm].gold}).", "routine")
    elif state.step == "reinforce":
        _income(state, realm, log)
        log.say(f"End of {name(realm)}'s turn.", "turn_end")
        state.battles_last = list(state.battles_now)
        _next_turn(state, log, rng)


def _to_reposition(state: State, log: ActionLog, rng: Rng) -> None:
    state.step = "reposition"
    for piece in state.pieces:
        flying = board.piece_type(piece.kind) == "flying"
        if piece.realm == board.active(state) and (flying or piece.space in state.plundered):
            piece.moved, piece.stopped = 0, False
    if movement.options(state, board.active(state)):
        log.say(f"{name(board.active(state))} may now reposition flying pieces (move), then ends the step (end).")
    else:
        _end_reposition(state, log, rng)
        state.step = "reinforce"
        log.say(
            f"Nothing to reposition; {name(board.active(state))} reinforces "
            f"(gold: {state.realms[board.active(state)].gold})."
        )


def _end_reposition(state: State, log: ActionLog, rng: Rng) -> None:
    realm = board.active(state)
    for dungeon in list(state.plundered):
        moved: dict[str, int] = {}  # where the Heroes went -> how many, told in one line each
        for hero in board.pieces_at(state, dungeon, realm):
            exits = [
                s for s in SPACES[dungeon].adjacent if SPACES[s].kind == "land" and board.is_friendly(state, s, realm)
            ]
            ships = [
                s
                for there in SPACES[dungeon].adjacent
                if SPACES[there].kind == "sea" and board.is_friendly(state, there, realm)
                for s in board.ships_with_room(state, there, realm)
            ]
            if exits:
                hero.space = exits[0]
                where = f"for {label(exits[0])}"
            elif ships:
                hero.space, hero.carrier = ships[0].space, ships[0].id
                where = f"aboard a Warship at {label(ships[0].space)}"
            else:
                state.pieces.remove(hero)
                where = "lost: no way out"
            moved[where] = moved.get(where, 0) + 1
        for where, n in moved.items():
            heroes = "a Hero" if n == 1 else f"{n} Heroes"
            if where.startswith("lost"):
                log.say(f"{name(realm)}: {heroes} find{'s' * (n == 1)} no way out of {label(dungeon)}: lost.")
            else:
                log.say(f"{name(realm)}: {heroes} leave{'s' * (n == 1)} {label(dungeon)} {where}.")
        battle.restock(state, dungeon, rng, log)
    state.plundered = []
    for piece in stranded(state, realm):
        state.pieces.remove(piece)
        log.say(
            f"{name(realm)}: a {board.kind_name(piece.kind)} has no friendly land to rest on "
            f"at {label(piece.space)} and is lost."
        )


def stranded(state: State, realm: str) -> list[Piece]:
    """Flying pieces that would be lost if repositioning ended now: only Storm Elementals may hover at sea."""
    return [
        p
        for p in state.pieces
        if p.realm == realm
        and "hover" not in PIECES[p.kind].abilities
        and board.piece_type(p.kind) == "flying"
        and SPACES[p.space].kind != "land"
    ]


def _income(state: State, realm: str, log: ActionLog) -> None:
    amount, note = reinforce.income(state, realm)
    state.realms[realm].gold += amount
    log.say(f"{name(realm)} collects {amount} gold ({note}); treasury {state.realms[realm].gold}.", "routine")


def _next_turn(state: State, log: ActionLog, rng: Rng) -> None:
    state.turn += 1
    if state.turn == len(REALM_ORDER):
        state.turn = 0
        end_round(state, log)
        if state.finished:
            return
        state.round += 1
    begin_turn(state, log, rng)


def side_vp(state: State, side: tuple[str, ...]) -> int:
    return sum(state.realms[r].vp for r in side)


def vp_target(state: State, side: tuple[str, ...]) -> int:
    """The VP a side needs: an alliance's shared target or a lone realm's (a long game's round limit measures
    against the medium targets)."""
    length = state.length if state.length in VP_TARGET else "medium"
    return (ALLIED_VP_TARGET if len(side) > 1 else VP_TARGET)[length]


def standing(state: State, side: tuple[str, ...]) -> Fraction:
    """How far a side is along: its VP over its own target. "The most VP" compares these, so in the 3-player game
    the alliance's shared VP (target 30) and a lone realm's (target 20) are weighed alike; where every side has
    the same target it is the plain VP count."""
    return Fraction(side_vp(state, side), vp_target(state, side))


def end_round(state: State, log: ActionLog) -> None:
    """Victory is checked at the end of each round only; a tie for the lead plays on."""
    sides = board.teams(state)
    winner = _long_winner(state, sides) if state.length == "long" else _vp_winner(state, sides)
    how = "by the victory conditions"
    if winner is None and state.round >= state.round_limit:
        best = max(standing(state, s) for s in sides)
        leaders = [s for s in sides if standing(state, s) == best]
        how = f"on VP at the round limit ({state.round_limit} rounds)"
        # the realms that lead, named: the game-over post and the final board say who was ahead, not only when
        ahead = " and ".join(", ".join(name(r) for r in side) for side in leaders)
        level = "level" if len(leaders) > 1 else "ahead"
        state.end_reason = f"the round limit ({state.round_limit} rounds) was reached with {ahead} {level} on VP"
        _declare(state, [r for s in leaders for r in s], how, log, shared=len(leaders) > 1)
        return
    if winner is not None:
        state.end_reason = _victory(state, winner)
        _declare(state, list(winner), how, log)


def _victory(state: State, side: tuple[str, ...]) -> str:
    """Which victory condition `side` met, in words for the game-over post."""
    names = ", ".join(name(r) for r in side)
    if state.length != "long":
        return f"{names} reached {vp_target(state, side)} VP"
    capitals = [REALMS[r].capital for r in REALM_ORDER]
    if all(state.control[c] in side for c in capitals):
        return f"{names} hold every capital"
    target = ALLIED_TREASURE_TARGET if len(side) > 1 else TREASURE_TARGET
    return f"{names} collected the most treasures, at least {target}"


def _vp_winner(state: State, sides: list[tuple[str, ...]]) -> tuple[str, ...] | None:
    scores = {side: standing(state, side) for side in sides}
    best = max(scores.values())
    leaders = [s for s, v in scores.items() if v == best]
    if len(leaders) != 1:
        return None
    return leaders[0] if best >= 1 else None


def _long_winner(state: State, sides: list[tuple[str, ...]]) -> tuple[str, ...] | None:
    capitals = [REALMS[r].capital for r in REALM_ORDER]
    for side in sides:
        if all(state.control[c] in side for c in capitals):
            return side
    counts = {side: sum(state.realms[r].collected for r in side) for side in sides}
    for side, count in counts.items():
        target = ALLIED_TREASURE_TARGET if len(side) > 1 else TREASURE_TARGET
        if count >= target and all(count > other for s, other in counts.items() if s != side):
            return side
    return None


def _declare(state: State, realms: list[str], how: str, log: ActionLog, shared: bool = False) -> None:
    state.finished = True
    seats = sorted({state.seat_of[r] for r in realms})
    state.winners = seats
    names = ", ".join(name(r) for r in realms)
    players = ", ".join(seat_ref(s) for s in seats)
    verb = "share the win" if shared else "win"
    state.result = f"{names} {verb} {how} ({players})."
    log.say(state.result, "game_end")
