"""Footrace: each player holds a hidden hand of three cards (1 to 3) and, on their turn, plays one to run that
many spaces along a track of ten; they draw a new card in secret. The first to the finish wins.

Small as it is, it has what the checks every game must pass look for: hidden information (the hands, drawn
privately), a menu of choices and buttons, a map of places to zoom on, a whole-map picture, a private hand picture,
a fallback and an end every random game reaches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.base import (
    ActionLog,
    ActionSpec,
    Choice,
    Engine,
    Event,
    Lookup,
    Meta,
    Moves,
    Outcome,
    Param,
    SeatInfo,
    require,
    seat_ref,
)
from rules.rng import Rng

FINISH = 10  # the track's last space
HAND = 3  # cards in a hand
CARDS = (1, 2, 3)  # what a card may say: the spaces it runs

meta = Meta(
    id="footrace",
    title="Footrace",
    min_players=2,
    max_players=4,
    summary="A test game: play a card from your hidden hand to run that many spaces; first to the finish wins.",
    actions=(
        ActionSpec("run", "Play a card and run that many spaces.", (Param("card", "A card in your hand"),), menu=True),
    ),
)


@dataclass
class State:
    players: int
    spaces: list[int] = field(default_factory=list)  # seat -> the space it stands on, 0 (start) to FINISH
    hands: list[list[int]] = field(default_factory=list)  # seat -> its cards; another seat's view shows none
    to_move: int = 0
    turn: int = 1  # the round being run
    last: str = ""  # what happened last, for the board


def space_name(space: int) -> str:
    return "Start" if space == 0 else "Finish" if space == FINISH else f"Mile {space}"


def new(seats: Sequence[SeatInfo], options: dict[str, Any], rng: Rng) -> State:
    hands = [[_draw(rng) for _ in range(HAND)] for _ in seats]
    return State(len(seats), [0] * len(seats), hands)


def _draw(rng: Rng) -> int:
    return rng.choice(CARDS)  # a card from an endless deck: drawn in secret, so no roll is shown


def awaiting(state: State) -> frozenset[int]:
    return frozenset() if outcome(state) is not None else frozenset({state.to_move})


def legal(state: State, seat: int) -> list[Choice]:
    if seat not in awaiting(state):
        return []
    return [Choice({"type": "run", "card": str(card)}, f"Run {card} (to {space_name(_to(state, seat, card))})",
                   quick=True) for card in sorted(set(state.hands[seat]))]  # fmt: skip


def _to(state: State, seat: int, card: int) -> int:
    return min(FINISH, state.spaces[seat] + card)


def check(state: State, seat: int, action: dict[str, Any]) -> None:
    card = str(action.get("card"))  # a choice's value is text, as typed ("2")
    held = ", ".join(str(c) for c in sorted(set(state.hands[seat])))
    require(card in [str(c) for c in state.hands[seat]], f"You hold no {card:.10} card; your cards: {held}.")


def _run(state: State, seat: int, action: dict[str, Any], rng: Rng, log: ActionLog) -> None:
    card = int(action["card"])
    state.hands[seat].remove(card)
    state.spaces[seat] = _to(state, seat, card)
    state.last = f"{seat_ref(seat)} ran {card} to {space_name(state.spaces[seat])}"
    log.say(f"{state.last}.")
    drawn = _draw(rng)
    state.hands[seat].append(drawn)
    log.say(f"You draw a {drawn}.", to=(seat,))


MOVES = Moves({"run": _run})  # each action type and its move (rules.base.Moves); a game with stages lists them too


def act(state: State, seat: int, action: dict[str, Any], rng: Rng) -> list[Event]:
    check(state, seat, action)
    log = ActionLog()
    MOVES.play(state, seat, action, rng, log)
    log.say(f"End of {seat_ref(seat)}'s turn.", "turn_end")
    result = outcome(state)
    if result is not None:
        log.say(result.summary, "game_end")
    else:
        state.to_move = (seat + 1) % state.players
        state.turn += state.to_move == 0
    return log.events


def view(state: State, seat: int | None) -> State:
    hands = [list(hand) if mine == seat else [] for mine, hand in enumerate(state.hands)]
    return State(state.players, list(state.spaces), hands, state.to_move, state.turn, state.last)


def status(state: State, seat: int | None) -> str:
    result = outcome(state)
    where = "; ".join(f"{seat_ref(s)} at {space_name(space)}" for s, space in enumerate(state.spaces))
    line = result.summary if result is not None else f"Round {state.turn}, {seat_ref(state.to_move)} to run. {where}."
    if seat is not None:
        line += f" Your cards: {', '.join(str(card) for card in sorted(state.hands[seat]))}."
    return line


def outcome(state: State) -> Outcome | None:
    if FINISH not in state.spaces:
        return None
    winner = state.spaces.index(FINISH)
    return Outcome(
        (winner,),
        dict(enumerate(state.spaces)),
        f"{seat_ref(winner)} wins the race.",
        "first to the finish",
        unit="space",
    )


def fallback(state: State, seat: int) -> dict[str, Any]:
    return {"type": "run", "card": str(min(state.hands[seat]))}


def places(public: State) -> list[Lookup]:
    """/info on a space of the track: its neighbours and who stands there."""
    found = []
    for space in range(FINISH + 1):
        near = ", ".join(space_name(n) for n in (space - 1, space + 1) if 0 <= n <= FINISH)
        here = [seat_ref(seat) for seat, at in enumerate(public.spaces) if at == space]
        held = f" Held by {', '.join(here)}." if here else ""
        found.append(Lookup(space_name(space), "space", f"Neighbours: {near}.{held}", "house", (f"space {space}",)))
    return found


ENGINE = Engine(
    meta=meta,
    State=State,
    new=new,
    awaiting=awaiting,
    legal=legal,
    apply=act,
    check=check,
    view=view,
    status=status,
    outcome=outcome,
    fallback=fallback,
    places=places,
)
