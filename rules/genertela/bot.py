"""Genertela's bot: the heuristic of policy.py (the same that plays the sides nobody sits at), for a seat.

It sees only engine.view(state, seat): the one thing the view hides, the other side's secret target in a battle,
is never read (a target is chosen from the armies on the board). Each decision rates the choices directly with the
game's numbers (zone VP and resources, battle odds from dice, hit chances, walls and stacking) instead of copying
the big state to look ahead, so a whole bot-played campaign stays fast.
"""

from __future__ import annotations

import random
from typing import Any

from rules.genertela import aims
from rules.genertela.board import seat_of
from rules.genertela.choices import decider
from rules.genertela.content import SIDES
from rules.genertela.policy import decide
from rules.genertela.scores import seat_scores
from rules.genertela.state import State


def policy(view: State, seat: int, chooser: random.Random) -> dict[str, Any]:
    """The action for `seat`: where both sides of a battle pick a target at once, the seat's own nation picks."""
    if view.bidding is not None:
        return decide(view, "", sharp=True)
    if not view.decisions and (choosing := [n for n in aims.pending(view) if seat_of(view, n) == seat]):
        return decide(view, choosing[0], sharp=True)
    return decide(view, decider(view), sharp=True)


# -- what the self-play reports need


def side_of(state: State, seat: int) -> str:
    """The seat's sides (a player may run several)."""
    return "+".join(side for side in SIDES if state.side_seat.get(side) == seat) or "none"


def ending(state: State) -> str:
    """A campaign always runs to its last turn and is won on points (VP of the seat's sides, less bids or the
    handicap)."""
    if state.phase != "over":
        return "unfinished"
    scores = seat_scores(state)
    tops = sorted(scores.values(), reverse=True)
    if len(tops) > 1 and tops[0] == tops[1]:
        return f"turn {state.last_turn} tie on points"
    return f"turn {state.last_turn} on points"
