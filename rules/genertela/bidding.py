"""Bidding for sides: the first player (a die roll) opens an auction for a side with any number of VP; clockwise
the others may outbid or pass; the highest bid takes the side and loses those VP at the end. Repeat until every
player has a side; the last player takes a remaining side for nothing."""

from __future__ import annotations

from rules.base import ActionLog, Choice, seat_ref
from rules.genertela.content import SIDES
from rules.genertela.state import BOT, Bidding, State
from rules.rng import Rng

MAX_BID = 40  # house: the seed sets no ceiling; a cap keeps the list of choices finite


def start(state: State, rng: Rng) -> None:
    first = rng.roll(state.players, 1, "first player")[0] - 1
    state.bidding = Bidding(opener=first, to_act=first, resume_phase=state.phase)
    state.side_seat = dict.fromkeys(SIDES, BOT)
    state.phase = "bidding"


def _unseated(state: State) -> list[int]:
    return [seat for seat in range(state.players) if seat not in state.side_seat.values()]


def _open_sides(state: State) -> list[str]:
    return [side for side in SIDES if state.side_seat[side] == BOT]


def choices(state: State) -> list[Choice]:
    bid = state.bidding
    assert bid is not None
    if not bid.side:
        top = 0 if len(_unseated(state)) == 1 else MAX_BID
        return [
            Choice({"type": "bid", "side": side, "points": points}, f"Open {side} at {points} VP", quick=points == 0)
            for side in _open_sides(state)
            for points in range(top + 1)
        ]
    raises = [
        Choice({"type": "bid", "side": bid.side, "points": points}, f"Bid {points} VP for {bid.side}")
        for points in range(bid.high + 1, MAX_BID + 1)
    ]
    return [Choice({"type": "pass"}, f"Let {bid.side} go", quick=True), *raises]


def guidance(state: State) -> str:
    """What the awaited bidder may do, with the commands."""
    bid = state.bidding
    assert bid is not None
    if not bid.side:
        top = 0 if len(_unseated(state)) == 1 else MAX_BID
        sides = ", ".join(_open_sides(state))
        return f"Open an auction with /gen bid side points (0 to {top} VP; sides left: {sides})."
    return f"Outbid with /gen bid {bid.side} points ({bid.high + 1} to {MAX_BID} VP) or let it go with /gen pass."


def _next_bidder(state: State, after: int) -> int | None:
    bid = state.bidding
    assert bid is not None
    unseated = _unseated(state)
    for step in range(1, state.players + 1):
        seat = (after + step) % state.players
        if seat in unseated and seat != bid.high_seat and seat not in bid.passed:
            return seat
    return None


def act(state: State, seat: int, kind: str, side: str, points: int, log: ActionLog) -> bool:
    """Apply a bid or a pass; True once every player has a side and the campaign may start."""
    bid = state.bidding
    assert bid is not None
    if kind == "bid":
        bid.side, bid.high, bid.high_seat = side, points, seat
        log.say(f"{seat_ref(seat)} bids {points} VP for {side}.")
    else:
        bid.passed.append(seat)
        log.say(f"{seat_ref(seat)} passes.")
    following = _next_bidder(state, seat)
    if following is not None:
        bid.to_act = following
        return False
    return _award(state, log)


def _award(state: State, log: ActionLog) -> bool:
    bid = state.bidding
    assert bid is not None
    state.side_seat[bid.side] = bid.high_seat
    state.penalties[bid.side] = bid.high
    log.say(f"{seat_ref(bid.high_seat)} takes {bid.side} for {bid.high} VP.")
    unseated, left = _unseated(state), _open_sides(state)
    if len(unseated) == 1 and len(left) == 1:  # the last player gets the last side: nothing to ask
        state.side_seat[left[0]] = unseated[0]
        log.say(f"{seat_ref(unseated[0])} takes {left[0]} for nothing.")
        unseated = []
    if not unseated or not left:
        state.phase = bid.resume_phase
        state.bidding = None
        log.say("Every player has a side; sides left over are played by the bot.")
        return True
    opener = next(s for step in range(1, state.players + 1) if (s := (bid.opener + step) % state.players) in unseated)
    state.bidding = Bidding(opener=opener, to_act=opener, resume_phase=bid.resume_phase)
    return False
