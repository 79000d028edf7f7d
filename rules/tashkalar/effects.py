"""Card effects: which squares an effect may target, where a token may move, and applying a choice."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from rules.base import ActionLog, seat_ref
from rules.tashkalar.board import SQUARES, neighbours, rays, within
from rules.tashkalar.content import CARDS, FLARES, MOVE_KINDS, RANK_NAMES, Effect
from rules.tashkalar.state import Pending, State, is_enemy, make_token, owner_of, piece_free, rank_of
from rules.text import count


def effects_of(pending: Pending) -> tuple[Effect, ...]:
    if pending.part == "being":
        return CARDS[pending.card].effects
    flare = FLARES[pending.card]
    return flare.top.effects if pending.part == "top" else flare.bottom.effects


def card_name(pending: Pending) -> str:
    return CARDS[pending.card].name if pending.part == "being" else FLARES[pending.card].name


def start(pending: Pending) -> Pending:
    effects = effects_of(pending)
    pending.left = effects[pending.index].count if pending.index < len(effects) else 0
    return pending


def advance(pending: Pending) -> None:
    pending.index += 1
    pending.used = []
    start(pending)


def current(state: State) -> tuple[Pending, Effect] | None:
    if not state.queue:
        return None
    pending = state.queue[0]
    effects = effects_of(pending)
    if pending.index >= len(effects):
        return None
    return pending, effects[pending.index]


def _area(state: State, pending: Pending, effect: Effect) -> Sequence[str]:
    source = pending.source
    if effect.area == "anywhere":
        return list(SQUARES)
    if effect.area in ("near_own", "near_enemy"):
        wanted = effect.area == "near_own"
        near: set[str] = set()
        for square, token in state.board.items():
            mine = owner_of(token) == pending.seat
            if mine == wanted and (wanted or is_enemy(state, pending.seat, owner_of(token))):
                near.update(neighbours(square))
        return sorted(near)
    if source is None or source not in state.board:
        return []
    if effect.area == "self":
        return [source]
    if effect.area == "adjacent":
        return neighbours(source)
    if effect.area == "within2":
        return within(source, 2)
    if effect.area == "pattern":
        return list(pending.pattern)
    # "line": the first token met in each of the 8 straight lines from the being
    return [
        next(square for square in ray if square in state.board) for ray in rays(source) if set(ray) & state.board.keys()
    ]


def _owner_ok(state: State, pending: Pending, effect: Effect, square: str, token: int) -> bool:
    if effect.who == "self":
        return square == pending.source
    if effect.who == "own":
        return owner_of(token) == pending.seat
    if effect.who == "enemy":
        return is_enemy(state, pending.seat, owner_of(token))
    return True


def targets(state: State, pending: Pending, effect: Effect) -> list[str]:
    """Squares the player may pick for this effect now (the token to act on, or for `place` an empty square)."""
    found = []
    for square in _area(state, pending, effect):
        if square in pending.used:
            continue
        token = state.board.get(square)
        if effect.do == "place":
            if token is None and piece_free(state, pending.seat, 1):
                found.append(square)
            continue
        if token is None or rank_of(token) not in effect.ranks or not _owner_ok(state, pending, effect, square, token):
            continue
        if _can_affect(state, pending, effect, square, token):
            found.append(square)
    return sorted(set(found))


def _can_affect(state: State, pending: Pending, effect: Effect, square: str, token: int) -> bool:
    if effect.do in MOVE_KINDS:
        return _may_move(state, square, effect)
    if effect.do == "upgrade":
        return rank_of(token) == 1 or (rank_of(token) == 2 and piece_free(state, owner_of(token), 3))
    if effect.do == "downgrade":
        return rank_of(token) == 2 or (rank_of(token) == 3 and piece_free(state, owner_of(token), 2))
    if effect.do == "convert":
        return owner_of(token) != pending.seat and piece_free(state, pending.seat, rank_of(token))
    return effect.do == "destroy"


def _may_enter(state: State, square: str, rank: int, combat: bool) -> bool:
    there = state.board.get(square)
    return there is None or rank_of(there) < rank or (combat and rank_of(there) == rank)


def _combat(effect: Effect) -> bool:
    """Whether a move may end on an enemy token of its own rank (and destroy it)."""
    return effect.do == "combat_move" or (effect.do == "jump" and effect.combat)


def _may_move(state: State, square: str, effect: Effect) -> bool:
    """Whether destinations() finds anywhere, without walking every path: a walk goes on only through empty
    squares, so it goes anywhere exactly when its first step may."""
    rank, combat = rank_of(state.board[square]), _combat(effect)
    first = within(square, effect.reach) if effect.do == "jump" else neighbours(square) if effect.steps else ()
    return any(_may_enter(state, step, rank, combat) for step in first)


def destinations(state: State, square: str, effect: Effect) -> list[str]:
    """Where the token on `square` may go: paths through empty squares; only the last square may hold a token."""
    token = state.board[square]
    combat = _combat(effect)
    if effect.do == "jump":
        return sorted(s for s in within(square, effect.reach) if _may_enter(state, s, rank_of(token), combat))
    found: set[str] = set()
    frontier = deque([(square, 0)])
    seen = {square}
    while frontier:
        here, steps = frontier.popleft()
        if steps == effect.steps:
            continue
        for step in neighbours(here):
            if step in seen:
                continue
            seen.add(step)
            if step not in state.board:
                found.add(step)
                frontier.append((step, steps + 1))
            elif _may_enter(state, step, rank_of(token), combat):
                found.add(step)
    return sorted(found)


def remove(state: State, square: str, log: ActionLog, why: str) -> None:
    """Destroy a token; enemy tokens destroyed in a turn count for Deathmatch scoring."""
    token = state.board.pop(square)
    if is_enemy(state, state.active, owner_of(token)):
        state.tally[rank_of(token) - 1] += 1
    owner = owner_of(token)
    log.say(
        f"{seat_ref(owner)}'s {RANK_NAMES[rank_of(token)]} token on {square} is destroyed ({why}).", affects=(owner,)
    )


def _touch(state: State, pending: Pending, *squares: str) -> None:
    for square in squares:
        state.changed.append(square)
        if pending.part == "being" and state.last is not None:
            state.last.touched.append(square)


def apply_pick(state: State, pending: Pending, effect: Effect, square: str, log: ActionLog) -> None:
    """Apply a non-moving effect to `square` (already checked to be a target)."""
    name = card_name(pending)
    token = state.board.get(square)
    if effect.do == "place":
        state.board[square] = make_token(pending.seat, 1)
        log.say(f"{name}: {seat_ref(pending.seat)} places a common token on {square}.")
    elif token is None:
        raise AssertionError("targets() only offers occupied squares")
    elif effect.do == "upgrade":
        state.board[square] = token = token + 1
        log.say(f"{name}: the token on {square} is upgraded to {RANK_NAMES[rank_of(token)]}.")
    elif effect.do == "downgrade":
        state.board[square] = token = token - 1
        rank = RANK_NAMES[rank_of(token)]
        log.say(f"{name}: the token on {square} is downgraded to {rank}.", affects=(owner_of(token),))
    elif effect.do == "destroy":
        remove(state, square, log, name)
    elif effect.do == "convert":
        old = owner_of(token)
        state.board[square] = make_token(pending.seat, rank_of(token))
        converted = f"{seat_ref(old)}'s token on {square} is converted to {seat_ref(pending.seat)}'s colour"
        log.say(f"{name}: {converted}.", affects=(old,))
    pending.used.append(square)
    pending.left -= 1
    _touch(state, pending, square)


def apply_move(state: State, pending: Pending, effect: Effect, start_sq: str, end_sq: str, log: ActionLog) -> None:
    name = card_name(pending)
    verb = {"move": "moves", "combat_move": "makes a combat move", "jump": "jumps"}[effect.do]
    token = state.board[start_sq]
    if end_sq in state.board:
        remove(state, end_sq, log, f"{name} moved onto it")
    del state.board[start_sq]
    state.board[end_sq] = token
    if pending.source == start_sq:
        pending.source = end_sq
        if pending.part == "being" and state.last is not None:
            state.last.square = end_sq
    log.say(f"{name}: the {RANK_NAMES[rank_of(token)]} token on {start_sq} {verb} to {end_sq}.")
    pending.used.append(end_sq)
    pending.left -= 1
    _touch(state, pending, start_sq, end_sq)


def settle(state: State, log: ActionLog) -> None:
    """Resolve what needs no choice and skip effects with nothing to target, until a choice is awaited."""
    while state.queue:
        pending = state.queue[0]
        effects = effects_of(pending)
        if pending.index >= len(effects) or pending.left <= 0:
            if pending.index >= len(effects):
                state.queue.pop(0)
            else:
                advance(pending)
            continue
        effect = effects[pending.index]
        if effect.do == "extra_action":
            state.actions_left += effect.count
            log.say(f"{card_name(pending)}: {seat_ref(state.active)} gains {count(effect.count, 'extra action')}.")
            advance(pending)
        elif effect.do == "extra_card":
            state.extra_cards += effect.count
            log.say(f"{card_name(pending)}: {seat_ref(state.active)} will draw {count(effect.count, 'extra card')}.")
            advance(pending)
        elif not targets(state, pending, effect):
            if pending.left == effect.count:
                log.say(f"{card_name(pending)}: nothing to {effect.do.replace('_', ' ')} here; the effect is skipped.")
            advance(pending)
        else:
            return
