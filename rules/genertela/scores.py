"""Who is ahead: each side's VP, what it gives up (a bid, or the house handicap) and each seat's total.

The handicap (option `handicap`, house): the turn record gives Red eleven nations and the others five to eight,
and the sides are strong at different times, so with plain counts Red won nearly every bot-played campaign. On
each scoring turn a side gives up the VP its rate in the nation data says, and more when two or three players
share the sides, by how they share them and by scenario: a player's sides help each other (rates measured by
bot games, see rules.md). In the `bid` seating the players' bids take its place."""

from __future__ import annotations

from rules.genertela.board import CONTENT, NATIONS
from rules.genertela.content import SCENARIOS, SIDES, seating_name
from rules.genertela.state import BOT, State


def side_vp(state: State) -> dict[str, int]:
    """VP scored by each side's nations."""
    scores = dict.fromkeys(SIDES, 0)
    for nation, points in state.vp.items():
        scores[NATIONS[nation].side] += points
    return scores


def handicap(state: State, side: str) -> int:
    """The VP `side` has given up so far: its scenario's rate on every scoring turn begun since the
    scores started."""
    if not state.handicapped:
        return 0
    where = seating(state) if state.by_seating else None
    return sum(CONTENT.nations.handicap_rate(state.scenario, t, side, where) for t in scoring_turns(state))


def scoring_turns(state: State) -> list[int]:
    """The scoring turns begun so far that count in the state's scenario."""
    return [t for t in range(SCENARIOS[state.scenario], state.turn + 1) if CONTENT.turn(t).scoring]


def seating(state: State) -> str | None:
    """How the players share the sides ("Red+Blue / Green+Yellow"), for the handicap's rates by seating: two or
    three players holding all four sides; None when each holds one side or the bot plays some."""
    if BOT in state.side_seat.values():
        return None
    held = groups(state.side_seat)
    return seating_name(held.values()) if 1 < len(held) < len(SIDES) else None


def groups(side_seat: dict[str, int]) -> dict[int, list[str]]:
    """Each seat's sides, in side order."""
    held: dict[int, list[str]] = {}
    for side in SIDES:
        held.setdefault(side_seat[side], []).append(side)
    return held


def given_up(state: State, side: str) -> int:
    """Taken off the side's VP: its bid, or the handicap."""
    return state.penalties.get(side, 0) + handicap(state, side)


def sides_per_seat(state: State) -> dict[int, int]:
    """How many sides each seat plays."""
    held = dict.fromkeys(range(state.players), 0)
    for owner in state.side_seat.values():
        if owner != BOT:
            held[owner] += 1
    return held


def per_side(state: State) -> bool:
    """Whether seats are scored per side: when the players hold different numbers of sides (three players
    sharing the four), a player's score is their VP per side, so two sides do not simply count double."""
    return _uneven(sides_per_seat(state))


def _uneven(held: dict[int, int]) -> bool:
    return len({count for count in held.values() if count}) > 1


def seat_scores(state: State) -> dict[int, int]:
    """Each seat's score: the VP of its sides, less what they give up; per side held (rounded down) when the
    seats hold different numbers of sides."""
    scores = dict.fromkeys(range(state.players), 0)
    for side, points in side_vp(state).items():
        owner = state.side_seat.get(side, BOT)
        if owner != BOT:
            scores[owner] += points - given_up(state, side)
    held = sides_per_seat(state)
    if _uneven(held):
        return {seat: points // max(1, held[seat]) for seat, points in scores.items()}
    return scores


def given_up_note(state: State, side: str) -> str:
    """What the side gives up, as shown beside its VP: " (bid -7)", " (handicap -84)" or nothing."""
    parts = []
    if bid := state.penalties.get(side, 0):
        parts.append(f"bid -{bid}")
    if cut := handicap(state, side):
        parts.append(f"handicap -{cut}")
    return f" ({', '.join(parts)})" if parts else ""
