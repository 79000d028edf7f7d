"""Points: High Form tasks, Deathmatch destroyed tokens, Flare criteria, the end of a turn and of the game."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.rng import Rng
from rules.tashkalar.board import coords
from rules.tashkalar.content import CARDS, FLARES, TASKS, Flare, Task, distinct_orientations
from rules.tashkalar.patterns import shape_present
from rules.tashkalar.state import (
    HAND_BEINGS,
    HAND_FLARES,
    HAND_LEGENDS,
    TARGET,
    State,
    enemies,
    rank_of,
    team_of,
    team_score,
    teammate,
    tokens_of,
    upgraded,
)
from rules.text import count


def in_zone(square: str, zone: str) -> bool:
    """Whether a square lies in a task's zone: the centre, the edge or the four 2x2 corners."""
    x, y = coords(square)
    if zone == "centre":
        return 3 <= x <= 5 and 3 <= y <= 5
    if zone == "edge":
        return x in (0, 8) or y in (0, 8)
    return x in (0, 1, 7, 8) and y in (0, 1, 7, 8)  # the four 2x2 corners


def task_done(state: State, seat: int, task: Task) -> bool:
    if task.kind == "shape":
        return shape_present(state, seat, task.cells, distinct_orientations(task.cells))
    mine = [sq for sq in tokens_of(state, seat) if rank_of(state.board[sq]) >= task.rank]
    if task.kind == "count":
        return len(mine) >= task.at_least
    if task.kind == "zone":
        return sum(1 for sq in mine if in_zone(sq, task.zone)) >= task.at_least
    rivals = [len(tokens_of(state, other)) for other in enemies(state, seat)]
    return len(tokens_of(state, seat)) - max(rivals, default=0) >= task.at_least


def claimable(state: State, seat: int) -> list[str]:
    if state.mode != "high_form":
        return []
    return [task for task in state.tasks_offer if task_done(state, seat, TASKS[task])]


def flare_parts(state: State, seat: int, flare: Flare, against: int) -> list[str]:
    """Which halves of a Flare may be called against `against`: top (upgraded tokens), then bottom (all tokens)."""
    parts = []
    if upgraded(state, against) - upgraded(state, seat) >= flare.top.by:
        parts.append("top")
    if len(tokens_of(state, against)) - len(tokens_of(state, seat)) >= flare.bottom.by:
        parts.append("bottom")
    return parts


def score_destroyed(state: State, log: ActionLog) -> None:
    """Deathmatch: 2 per legendary, 1 per heroic, 1 per pair of commons destroyed this turn."""
    seat = state.active
    commons, heroics, legends = state.tally
    pairs, state.carry_common[seat] = divmod(state.carry_common[seat] + commons, 2)
    points = 2 * legends + heroics + pairs
    if points:
        state.scores[seat] += points
        log.say(f"{seat_ref(seat)} scores {points} for enemy tokens destroyed this turn.")


def _draw(deck: list[str], discard: list[str] | None, rng: Rng, log: ActionLog, what: str) -> str | None:
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        rng.shuffle(deck)
        log.say(f"The {what} discard pile is shuffled into a new deck.", "routine")
    return deck.pop(0) if deck else None


def drawn_name(card: str) -> str:
    """A drawn card's name for the log. The bot plays trials on its view, where decks hold hidden cards: their
    draws must not fail (a KeyError there made every trial that ended a turn or discarded look illegal)."""
    if card in CARDS:
        return CARDS[card].name
    return FLARES[card].name if card in FLARES else "a hidden card"


def draw_being(state: State, seat: int) -> str | None:
    deck = state.decks[seat]
    return deck.pop(0) if deck else None


def refill(state: State, rng: Rng, log: ActionLog) -> None:
    """End of turn: draw up to 3 beings (plus extra cards), 2 legends (a team shares them) and 1 Flare."""
    seat = state.active
    hand = state.hands[seat]
    drawn: list[str] = []
    while len(hand.beings) < HAND_BEINGS + state.extra_cards:
        card = draw_being(state, seat)
        if card is None:
            break
        hand.beings.append(card)
        drawn.append(drawn_name(card))
    holder = seat
    mate = teammate(state, seat)
    if mate is not None and state.hands[mate].legends:
        holder = mate
    while len(state.hands[holder].legends) < HAND_LEGENDS:
        card = _draw(state.legend_deck, state.legend_discard, rng, log, "legend")
        if card is None:
            break
        state.hands[holder].legends.append(card)
        if holder == seat:
            drawn.append(drawn_name(card))
        else:
            log.say(f"You draw the legend {drawn_name(card)} for your team.", to=(holder,))
    while len(hand.flares) < HAND_FLARES:
        card = _draw(state.flare_deck, state.flare_discard, rng, log, "Flare")
        if card is None:
            break
        hand.flares.append(card)
        drawn.append(drawn_name(card))
    if drawn:
        log.say(f"{seat_ref(seat)} draws {count(len(drawn), 'card')}.", "routine")
        log.say(f"You draw: {', '.join(drawn)}.", to=(seat,))


def check_end(state: State, log: ActionLog) -> None:
    """Trigger the end: a target score, a being deck run out, or the safety round limit."""
    if state.ending:
        return
    target = TARGET[state.mode]
    leaders = [s for s in range(state.players) if team_score(state, s) >= target]
    if leaders:
        state.ending, state.end_reason = True, f"{seat_ref(leaders[0])} reached {target} points"
    elif any(not deck for deck in state.decks):
        empty = next(s for s in range(state.players) if not state.decks[s])
        state.ending, state.end_reason = True, f"{seat_ref(empty)}'s deck ran out"
    elif state.round >= state.max_rounds:
        state.ending, state.end_reason = True, f"the {state.max_rounds}-round limit was reached"
    if state.ending:
        log.say(f"The game will end after this round: {state.end_reason}.")


def final_scores(state: State) -> dict[int, int]:
    return {seat: team_score(state, seat) for seat in range(state.players)}


def winners(state: State) -> tuple[int, ...]:
    scores = final_scores(state)
    best = max(scores.values())
    return tuple(seat for seat, score in scores.items() if score == best)


def same_team(state: State, a: int, b: int) -> bool:
    return team_of(state, a) == team_of(state, b)
