"""Time to move: how long the game waited on a player each time it did, from the log's times, with the table's
pauses, the player's announced absences and their quiet hours taken out. The finale's "median move" and /stats
read the same figures (kept in result_seats when the game ends, table/service/results.py).

A wait runs from the move before (anyone else's, or the start) to the seat's own next move; a run of moves by one
seat is one wait (a turn's later steps follow at once), and moves taken back count from the move that stayed.
Pure: the caller reads the log, the pauses and the players' preferences."""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta

from table.service.replay import effective
from table.storage import ActionRow, Prefs

Span = tuple[float, float]  # from, until (epoch seconds)


@dataclass(frozen=True)
class Off:
    """What does not count as keeping a table waiting: the table's pauses, and per player their absences and their
    quiet hours (Prefs' quiet_from, quiet_to and timezone)."""

    pauses: Sequence[Span] = ()
    away: Mapping[int, Sequence[Span]] = field(default_factory=dict)  # user id -> absences
    prefs: Mapping[int, Prefs] = field(default_factory=dict)  # user id -> their quiet hours

    def seconds(self, user_id: int | None, since: float, until: float) -> float:
        """The part of [since, until] that any of them covers (counted once where they overlap)."""
        spans = list(self.pauses)
        if user_id is not None:
            spans += self.away.get(user_id, ())
            if user_id in self.prefs:
                spans += quiet_spans(self.prefs[user_id], since, until)
        return covered(spans, since, until)


NOTHING_OFF = Off()


def move_times(
    rows: Sequence[ActionRow], started: float, holders: Mapping[int, int], off: Off = NOTHING_OFF
) -> dict[int, list[float]]:
    """Each seat's waits, in seconds, that are its holder's (`holders`: seat -> the user who held it at the end):
    their own moves and the deadlines that ran out on them (a fallback). An earlier holder's moves are theirs."""
    times: dict[int, list[float]] = {}
    since, last = started, None
    for row in effective(list(rows)):
        if row.seat is None:
            continue
        holder = holders.get(row.seat)
        if row.seat != last and holder is not None and (row.user_id == holder or row.kind == "fallback"):
            seconds = row.at - since - off.seconds(holder, since, row.at)
            times.setdefault(row.seat, []).append(max(0.0, seconds))
        since, last = row.at, row.seat
    return times


def median(times: Sequence[float]) -> float | None:
    return statistics.median(times) if times else None


def p90(times: Sequence[float]) -> float | None:
    """The 90th percentile (nearest rank): nine waits in ten were as short or shorter."""
    if not times:
        return None
    ordered = sorted(times)
    return ordered[max(0, -(-9 * len(ordered) // 10) - 1)]


def covered(spans: Sequence[Span], since: float, until: float) -> float:
    """How much of [since, until] the spans cover, overlaps counted once."""
    clipped = sorted((max(a, since), min(b, until)) for a, b in spans if b > since and a < until)
    total, reached = 0.0, since
    for start, end in clipped:
        if end > reached:
            total += end - max(start, reached)
            reached = end
    return total


def quiet_spans(prefs: Prefs, since: float, until: float) -> list[Span]:
    """The player's quiet hours (in their timezone) that meet [since, until], one span a night."""
    from table.service.clock import zone  # here: the clock part imports the whole service, which imports this

    begin, end = prefs.quiet_from, prefs.quiet_to
    if begin is None or end is None or begin == end or until <= since:
        return []
    tz = zone(prefs.timezone)
    day = datetime.fromtimestamp(since, tz).date() - timedelta(days=1)  # last night's may run into `since`
    last = datetime.fromtimestamp(until, tz).date()
    spans: list[Span] = []
    while day <= last:
        ends_on = day if end > begin else day + timedelta(days=1)
        spans.append(
            (datetime.combine(day, time(begin), tz).timestamp(), datetime.combine(ends_on, time(end), tz).timestamp())
        )
        day += timedelta(days=1)
    return spans
