"""One handler per action: each validates everything, then changes the state. Also the end of a turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.base import ActionLog, RuleError, normal, require, seat_ref
from rules.rng import Rng
from rules.tashkalar.board import ORIENTATION_LABELS, is_square
from rules.tashkalar.content import CARDS, FLARES, MOVE_KINDS, RANK_NAMES, TASKS, Card
from rules.tashkalar.effects import apply_move, apply_pick, current, destinations, remove, settle, start, targets
from rules.tashkalar.patterns import check_spot, reusable, spots
from rules.tashkalar.scoring import (
    check_end,
    claimable,
    draw_being,
    drawn_name,
    final_scores,
    flare_parts,
    refill,
    score_destroyed,
    task_done,
    winners,
)
from rules.tashkalar.state import (
    COLOURS,
    LastSummon,
    Pending,
    State,
    Take,
    enemies,
    make_token,
    piece_free,
    teammate,
    tokens_of,
    upgraded,
)
from rules.text import count

Handler = Callable[[State, int, dict[str, Any], Rng, ActionLog], None]


def _text(action: dict[str, Any], key: str, what: str) -> str:
    value = action.get(key)
    require(isinstance(value, str) and 0 < len(value) <= 200, f"Give {key}: {what}.")
    return str(value).strip()


def _square(action: dict[str, Any], key: str) -> str:
    value = _text(action, key, "a square from a1 to i9").lower()
    require(is_square(value), f"{value[:12]!r} is not a square; squares run from a1 (bottom left) to i9.")
    return value


def _card(text: str, cards: list[str]) -> str:
    """One of `cards` by its id or by its name as the hand shows it ('Dust Runner'); else `text` as given."""
    for card_id in cards:
        if text == card_id or normal(text) == normal(CARDS[card_id].name):
            return card_id
    return text


def _names(cards: list[str]) -> str:
    return ", ".join(CARDS[c].name for c in cards) or "none"


# a facing as the summon list shows it ('mirrored, rotated 90°'), its short form ('90m') or 'rotated 90'
def _facing_key(text: str) -> str:
    return normal(text).replace(",", "").replace("°", "")


_FACINGS = {_facing_key(key): code for code, label in ORIENTATION_LABELS.items() for key in (code, label)}


def _facing(action: dict[str, Any]) -> str:
    shown = "; ".join(ORIENTATION_LABELS.values())
    text = _text(action, "orientation", f"how the being faces: {shown}")
    key = _facing_key(text)
    require(key in _FACINGS, f"{text[:20]!r} is not a facing. Say it as the summon list does: {shown}.")
    return _FACINGS[key]


def _fits_now(state: State, seat: int, card: Card) -> str:
    where = [f"{s.where} ({ORIENTATION_LABELS[s.orientation]})" for s in spots(state, seat, card)]
    if not where:
        return f"{card.name} fits nowhere on the arena now."
    more = f" and {len(where) - 10} more" if len(where) > 10 else ""
    return f"{card.name} fits now at: {', '.join(where[:10])}{more}."


def _colour(action: dict[str, Any], key: str, state: State, seat: int) -> int:
    value = _text(action, key, "an opponent's colour").lower()
    rivals = {COLOURS[s]: s for s in enemies(state, seat)}
    require(value in rivals, f"{value[:12]!r} is not an opponent's colour; choose {', '.join(rivals)}.")
    return rivals[value]


def _free_action(state: State, seat: int, own_turn: bool) -> None:
    """A new action may start: nothing pending, actions left, and (for most) the player whose turn it is."""
    require(state.phase == "play", "Your actions are used up; claim a task or end your turn.")
    require(state.take is None, "First choose which of your tokens to reuse (take).")
    require(current(state) is None, "First finish the effect being resolved: pick a target or skip.")
    require(state.actions_left > 0, "You have no actions left this turn.")
    if own_turn:
        require(
            seat == state.active,
            "With control passed to you, you may only finish effects and place common tokens.",
        )


def place(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _free_action(state, seat, own_turn=False)
    square = _square(action, "square")
    require(square not in state.board, f"{square} is occupied; place your common token on an empty square.")
    options = [] if piece_free(state, seat, 1) else reusable(state, seat, 1, set())
    require(piece_free(state, seat, 1) or bool(options), "You have no common or heroic token left anywhere to place.")
    state.actions_left -= 1
    if options and len(options) > 1:
        state.take = Take("place", square, options)
        log.say(f"{seat_ref(seat)} has no token left in supply and picks one up from the board to place on {square}.")
        return
    if options:
        del state.board[options[0]]
        log.say(f"{seat_ref(seat)} is out of tokens and picks up the one on {options[0]}.")
    _put_common(state, seat, square, log)


def _put_common(state: State, seat: int, square: str, log: ActionLog) -> None:
    state.board[square] = make_token(seat, 1)
    state.changed.append(square)
    log.say(f"{seat_ref(seat)} places a common token on {square}.")


def summon(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _free_action(state, seat, own_turn=True)
    hand = state.hands[seat]
    known = [*hand.beings, *hand.legends]
    card_id = _card(_text(action, "card", "a being or legend from your hand"), known)
    require(card_id in known, f"{card_id[:40]!r} is not in your hand. Your beings and legends: {_names(known)}.")
    card = CARDS[card_id]
    where = _square(action, "where")
    orientation = _facing(action)
    borrow = None
    if action.get("borrow") is not None:
        require(
            state.mode == "deathmatch" and state.players > 2 and not state.teams,
            "Improvised summoning is only for a Deathmatch battle of 3 or 4 players.",
        )
        borrow = _colour(action, "borrow", state, seat)
        require(COLOURS[borrow] not in state.borrowed[seat], f"You have already improvised with {COLOURS[borrow]}.")
    try:
        spot = check_spot(state, seat, card, where, orientation, borrow)
    except RuleError as error:  # why not there, and where it does fit
        raise RuleError(f"{error} {_fits_now(state, seat, card)}") from None
    # valid: apply
    state.actions_left -= 1
    if card_id in hand.beings:
        hand.beings.remove(card_id)
        state.discards[seat].append(card_id)
    else:
        hand.legends.remove(card_id)
        state.legend_discard.append(card_id)
    how = ORIENTATION_LABELS[orientation]
    extra = f", improvising with a {COLOURS[borrow]} token" if borrow is not None else ""
    log.say(f"{seat_ref(seat)} summons {card.name} ({RANK_NAMES[card.rank]}) at {where} ({how}{extra}).")
    if borrow is not None:
        state.borrowed[seat].append(COLOURS[borrow])
    if where in state.board:
        remove(state, where, log, f"{card.name} was summoned onto it")
    if not piece_free(state, seat, card.rank):
        options = reusable(state, seat, card.rank, {where, *spot.pattern})
        if len(options) > 1:
            state.take = Take("summon", where, options, card_id, list(spot.pattern))
            return
        del state.board[options[0]]
        log.say(f"{seat_ref(seat)} is out of pieces and reuses the token on {options[0]}.")
    _finish_summon(state, seat, card_id, where, list(spot.pattern), log)


def _finish_summon(state: State, seat: int, card_id: str, where: str, pattern: list[str], log: ActionLog) -> None:
    card = CARDS[card_id]
    state.board[where] = make_token(seat, card.rank)
    state.changed.append(where)
    state.last = LastSummon(seat, card_id, where, pattern)
    if state.mode == "deathmatch" and card.rank == 3:
        state.scores[seat] += 1
        log.say(f"{seat_ref(seat)} scores 1 for summoning a legend.")
    state.queue.append(start(Pending(card_id, "being", seat, source=where, pattern=pattern)))


def take(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    pending = state.take
    require(pending is not None, "Nothing asks you to reuse a token now.")
    assert pending is not None
    square = _square(action, "square")
    require(square in pending.options, f"Reuse one of your tokens on: {', '.join(pending.options)}.")
    del state.board[square]
    state.changed.append(square)
    state.take = None
    log.say(f"{seat_ref(seat)} picks up their token on {square} to reuse it.")
    if pending.purpose == "place":
        _put_common(state, seat, pending.square, log)
    else:
        _finish_summon(state, seat, pending.card, pending.square, pending.pattern, log)


def _effect_now(state: State) -> tuple[Pending, Any]:
    now = current(state)
    if now is None:
        raise RuleError("No effect is waiting for a choice; place, summon, discard or call a Flare instead.")
    return now


def pick(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    pending, effect = _effect_now(state)
    require(effect.do not in MOVE_KINDS, "This effect moves a token: use move with from and to.")
    square = _square(action, "square")
    valid = targets(state, pending, effect)
    require(square in valid, f"{square} is not a valid target for this effect. Valid: {', '.join(valid)}.")
    apply_pick(state, pending, effect, square, log)


def move(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    pending, effect = _effect_now(state)
    require(effect.do in MOVE_KINDS, f"This effect is to {effect.do.replace('_', ' ')}: use pick with a square.")
    start_sq, end_sq = _square(action, "from"), _square(action, "to")
    valid = targets(state, pending, effect)
    require(start_sq in valid, f"The token on {start_sq} may not move now. Tokens that may: {', '.join(valid)}.")
    ends = destinations(state, start_sq, effect)
    require(end_sq in ends, f"The token on {start_sq} cannot go to {end_sq}. It may go to: {', '.join(ends)}.")
    apply_move(state, pending, effect, start_sq, end_sq, log)


def skip(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    pending, effect = _effect_now(state)
    valid = ", ".join(targets(state, pending, effect))
    require(not effect.must, f"This effect is not optional; choose one of: {valid}.")
    pending.left = 0
    log.say(f"{seat_ref(seat)} skips the rest of this effect.")


def flare(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _free_action(state, seat, own_turn=True)
    hand = state.hands[seat]
    require(bool(hand.flares), "You hold no Flare; you draw a new one at the end of your turn.")
    against = _colour(action, "against", state, seat)
    card = FLARES[hand.flares[0]]
    parts = flare_parts(state, seat, card, against)
    require(
        bool(parts),
        f"{card.name} needs {seat_ref(against)} to have {card.top.by}+ more upgraded tokens "
        f"(now {upgraded(state, against)} against your {upgraded(state, seat)}) or {card.bottom.by}+ more tokens "
        f"(now {len(tokens_of(state, against))} against your {len(tokens_of(state, seat))}).",
    )
    hand.flares.pop(0)
    state.flare_discard.append(card.id)
    called = f"{seat_ref(seat)} calls the Flare {card.name} against {seat_ref(against)}"
    log.say(f"{called} ({' then '.join(parts)}).", affects=(against,))
    for part in parts:
        state.queue.append(start(Pending(card.id, part, seat)))
    if state.mode == "deathmatch":
        state.scores[against] += 1
        log.say(f"{seat_ref(against)} scores 1 because a Flare was called against them.")


def _bottom(action: dict[str, Any]) -> list[str]:
    raw = action.get("bottom")
    if raw is None or raw == "":
        return []
    if isinstance(raw, str):
        return [part.strip() for part in raw.split(",") if part.strip()]
    require(isinstance(raw, list) and all(isinstance(x, str) for x in raw), "bottom must be a list of your beings.")
    return list(raw)


def discard(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    _free_action(state, seat, own_turn=True)
    require(not state.discarded, "You may discard and draw only once per turn.")
    hand = state.hands[seat]
    card_id = _card(_text(action, "card", "a being from your hand"), hand.beings)
    names = _names(hand.beings)
    require(card_id in hand.beings, f"{card_id[:40]!r} is not a being in your hand. Your beings: {names}.")
    others = [c for c in hand.beings if c != card_id]
    bottom = [_card(c, others) for c in _bottom(action)]
    require(
        len(set(bottom)) == len(bottom) and all(c in others for c in bottom),
        f"Under the deck you may put only your other beings, once each: {_names(others)}.",
    )
    state.actions_left -= 1
    state.discarded = True
    hand.beings.remove(card_id)
    state.discards[seat].append(card_id)
    for card in bottom:
        hand.beings.remove(card)
        state.decks[seat].append(card)
    under = f" and puts {len(bottom)} under the deck" if bottom else ""
    log.say(f"{seat_ref(seat)} discards {CARDS[card_id].name}{under}, then draws a card.")
    drawn = draw_being(state, seat)
    if drawn is None:
        log.say(f"{seat_ref(seat)}'s deck is empty: no card is drawn.")
    else:
        hand.beings.append(drawn)
        log.say(f"You draw {drawn_name(drawn)}.", to=(seat,))


def claim(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    require(state.phase == "claim", "Tasks are claimed at the end of your turn, once your actions are used.")
    task_id = _text(action, "task", "a task on offer")
    offered = ", ".join(state.tasks_offer)
    require(task_id in state.tasks_offer, f"{task_id[:40]!r} is not on offer. Tasks on offer: {offered}.")
    task = TASKS[task_id]
    require(task_done(state, seat, task), f"You have not completed {task.name}: {task.text}")
    _score_task(state, seat, task_id, log)
    _end_turn(state, rng, log)


def _score_task(state: State, seat: int, task_id: str, log: ActionLog) -> None:
    task = TASKS[task_id]
    state.scores[seat] += task.points
    state.claimed[seat].append(task_id)
    index = state.tasks_offer.index(task_id)
    if state.task_deck:
        state.tasks_offer[index] = state.task_deck.pop(0)
    else:
        state.tasks_offer.pop(index)
    log.say(f"{seat_ref(seat)} claims the task {task.name} for {count(task.points, 'point')}.")


def end(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    """Give up the actions left. Whether any is still possible is the engine's check (it needs the choices)."""
    require(state.phase == "play", "A completed task must be claimed: choose which one with claim.")
    log.say(f"{seat_ref(seat)} can do nothing more and gives up {count(state.actions_left, 'action')}.")
    state.actions_left = 0
    _end_turn(state, rng, log)


def pass_control(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    mate = teammate(state, seat)
    require(mate is not None, "Passing control is only for team play.")
    assert mate is not None
    require(state.phase == "play" and seat == state.active == state.controller, "Only the active player may pass.")
    require(state.take is None, "First choose which of your tokens to reuse (take).")
    state.controller = mate
    state.hands[mate].legends.extend(state.hands[seat].legends)
    state.hands[seat].legends.clear()
    log.say(f"{seat_ref(seat)} passes control and the team's legends to {seat_ref(mate)}.")


def after(state: State, rng: Rng, log: ActionLog) -> None:
    """After any action: resolve what needs no choice; when the actions are used up, the turn ends."""
    settle(state, log)
    if state.phase != "play" or state.take is not None or state.queue or state.actions_left > 0:
        return
    done = claimable(state, state.active)
    if len(done) == 1:  # claiming is not optional; with one choice the bot does it
        _score_task(state, state.active, done[0], log)
    elif done:
        state.phase = "claim"
        state.controller = state.active
        log.say(f"{seat_ref(state.active)} has completed several tasks and chooses one to claim.")
        return
    _end_turn(state, rng, log)


def _end_turn(state: State, rng: Rng, log: ActionLog) -> None:
    seat = state.active
    if state.mode == "deathmatch":
        score_destroyed(state, log)
    refill(state, rng, log)
    check_end(state, log)
    log.say(f"End of {seat_ref(seat)}'s turn.", "turn_end")
    if state.ending and seat == state.players - 1:
        state.phase = "over"
        best = winners(state)
        scores = final_scores(state)
        names = " and ".join(seat_ref(s) for s in best)
        won = "share the win" if len(best) > 1 else "wins"
        points = count(scores[best[0]], "point", zero="0")
        log.say(f"The game ends ({state.end_reason}): {names} {won} with {points}.", "game_end")
        return
    state.active = (seat + 1) % state.players
    if state.active == 0:
        state.round += 1
    state.controller = state.active
    state.turn += 1
    first_round = state.round == 1 and bool(state.opening)
    state.actions_left = state.opening[state.active] if first_round else 2
    state.discarded = False
    state.extra_cards = 0
    state.tally = [0, 0, 0]
    state.changed = []
    state.phase = "play"


# Each action type and its move; the engine checks `end` (nothing left to do) before it runs.
MOVES: dict[str, Handler] = {
    "place": place,
    "summon": summon,
    "pick": pick,
    "move": move,
    "skip": skip,
    "take": take,
    "flare": flare,
    "discard": discard,
    "claim": claim,
    "pass": pass_control,
    "end": end,
}
