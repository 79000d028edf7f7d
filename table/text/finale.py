"""The game's last message: who won and why, every seat's final score, how long the game took and how long each
player took to move. Built from the engine's Outcome (data, never its summary's wording) and the game's result
(each seat's median time to move, table/service/move_times.py: what /stats says too)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.base import Outcome, fill_seats
from rules.text import count, verb
from table.storage import SeatRow
from table.text import present
from table.text.present import duration

DAY = 86400.0


def retold(events: Sequence[dict[str, Any]], name: Callable[[int], str]) -> list[str]:
    """The lines of the engine's own end-of-game events (kind "game_end"). The finale says all of it again (the
    winners, why, the tie-break and the figures), so the final post leaves these out; /history keeps them."""
    return present.event_lines([event for event in events if event.get("kind") == "game_end"], name)


def days(seconds: float) -> str:
    """A game's length in days, as players say it: "3 days", "2.5 days", "less than a day (4 h 10 min)"."""
    if seconds < DAY:
        return f"less than a day ({duration(seconds)})"
    shown = f"{seconds / DAY:.1f}".removesuffix(".0")
    return f"{shown} day{'s' * (shown != '1')}"


def move_time(seconds: float) -> str:
    """A time to move as the finale and /stats say it: "under a minute", "3 h"..."""
    return "under a minute" if seconds < 60 else duration(seconds)


def amount(number: int, unit: str) -> str:
    """A score in its unit: "1 point", "0 coins", "12 VP", "7 VP a side" (VP has no plural)."""
    return count(number, unit, unit if unit.split()[0].isupper() else None, zero="0")


def text(
    result: Outcome,
    seats: Sequence[SeatRow],
    name: Callable[[int], str],
    turns: int,
    lasted: float,
    medians: dict[int, float],
) -> str:
    """The finale: "Game over" once, the winner line with the reason and any tie-break, the score table with every
    seat, the turns, the days and each player's median time to move."""
    why = fill_seats(result.reason or result.summary, name).rstrip(".")
    lines = [f"**Game over**: {why}."]
    winners = " and ".join(name(seat) for seat in result.winners)
    best = amount(result.scores.get(result.winners[0], 0), result.unit) if result.winners else ""
    if result.draw or not result.winners:
        lines.append(f"🤝 It's a draw: {winners or 'nobody wins'}" + (f", {best} each." if winners else "."))
    elif len(result.winners) > 1:
        lines.append(f"🏆 {winners} share the win with {best}.")
    else:
        lines.append(f"🏆 {winners} {verb(True, 'win')} with {best}.")
    if result.tiebreak:
        lines.append(f"⚖ The tie was broken by {fill_seats(result.tiebreak, name).rstrip('.')}.")
    lines.append("Final scores:")
    order = sorted(result.scores, key=lambda seat: (seat not in result.winners, -result.scores[seat], seat))
    bots = {seat.seat for seat in seats if not seat.person}
    for place, seat in enumerate(order, start=1):
        parts = [amount(result.scores[seat], result.unit)]
        parts += [fill_seats(figure, name) for figure in result.figures.get(seat, ())]
        who = name(seat) + (" (bot)" if seat in bots else "")
        took = f"; median move {move_time(medians[seat])}" if seat in medians and seat not in bots else ""
        lines.append(f"{place}. {who}: {', '.join(parts)}{took}")
    lines.append(f"The game lasted {count(turns, 'turn', zero='0')} over {days(lasted)}.")
    return "\n".join(lines)
