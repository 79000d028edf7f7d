"""Durations as players type them: 90s, 30m, 12h, 2d, 1h30m."""

from __future__ import annotations

import re

_PART = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])", re.IGNORECASE)
_UNIT = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


class DurationError(ValueError):
    pass


def parse_duration(text: str) -> int:
    """Seconds in `text`; a bare number means hours (the usual unit for a table's pace)."""
    cleaned = text.strip().lower().replace(" ", "")
    if not cleaned:
        raise DurationError("Give a duration such as 12h, 2d or 90m.")
    if re.fullmatch(r"\d+(\.\d+)?", cleaned):
        seconds = float(cleaned) * 3600
    else:
        parts = _PART.findall(cleaned)
        if not parts or "".join(f"{n}{u}" for n, u in parts) != cleaned:
            raise DurationError(f"{text[:30]!r} is not a duration; write it like 12h, 2d, 90m or 1h30m.")
        seconds = sum(float(number) * _UNIT[unit] for number, unit in parts)
    if not 1 <= seconds <= 90 * 86400:
        raise DurationError("A duration must be between 1 second and 90 days.")
    return int(seconds)


def show_duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds}s"
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [f"{days}d" if days else "", f"{hours}h" if hours else "", f"{minutes}m" if minutes and not days else ""]
    return "".join(parts) or "0m"
