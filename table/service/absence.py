"""Announced absences (/away): when a player is away, reminders wait for their return and the deadlines of their
tables are held back, up to each table's allowance for that seat over the whole game (see table/service/clock.py)."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from table.service.clock import zone
from table.storage import Prefs
from table.text.durations import DurationError, parse_duration

MAX_AHEAD = 90 * 86400  # an absence can be announced up to this far ahead (start and end)
MAX_BACK = 366 * 86400  # and may have begun up to a year ago


def parse_day(text: str, timezone: str, now: float) -> datetime:
    """A day as YYYY-MM-DD in the player's timezone, at midnight. Days far off are refused before any
    arithmetic on them: the calendar's last day plus one would overflow."""
    try:
        day = datetime.strptime(text.strip(), "%Y-%m-%d").date()
    except ValueError:
        raise DurationError(f"{text[:30]!r} is not a date; write it like 2026-12-24.") from None
    today = datetime.fromtimestamp(now, zone(timezone)).date()
    if day > today + timedelta(seconds=MAX_AHEAD):
        raise DurationError(f"{day} is too far ahead: an absence can be announced at most 90 days ahead.")
    return datetime.combine(day, time(), zone(timezone))


def absence(
    prefs: Prefs, now: float, start: str | None = None, end: str | None = None, length: str | None = None
) -> tuple[float, float]:
    """The absence a player announces: from a day (or now) to a day (the whole of it) or for a duration."""
    if (end is None) == (length is None):
        raise DurationError("Say until when (to: 2026-12-27) or for how long (for: 10d), one of the two.")
    begins = parse_day(start, prefs.timezone, now).timestamp() if start else now
    if end is not None:
        ends = (parse_day(end, prefs.timezone, now) + timedelta(days=1)).timestamp()  # to the end of that day
    else:
        ends = begins + parse_duration(length or "")
    if begins < now - MAX_BACK:
        raise DurationError(f"{(start or '').strip()} is too long ago: an absence can have begun at most a year back.")
    if ends <= max(begins, now):
        raise DurationError("That absence is already over: give an end in the future, after its start.")
    if ends - now > MAX_AHEAD:
        raise DurationError("An absence can be announced at most 90 days ahead.")
    return begins, ends


def describe(prefs: Prefs, now: float) -> str:
    if prefs.away_from is None or prefs.away_to is None or prefs.away_to <= now:
        return "You have no absence announced."
    when = "since" if prefs.away_from <= now else "from"
    return (
        f"Away {when} <t:{int(prefs.away_from)}:f> until <t:{int(prefs.away_to)}:f>: reminders wait for your return, "
        "and your deadlines wait too, up to each table's allowance (14 days a game unless its host set another)."
    )
