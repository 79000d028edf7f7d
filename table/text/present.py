"""Text the table shows players: event lines, waiting lines, game-end summaries, within Discord's limits."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rules.base import fill_seats

MESSAGE_LIMIT = 2000  # Discord's message content limit
ICONS = {"roll": "🎲 ", "reveal": "👁 ", "game_end": "🏁 ", "turn_end": "", "info": ""}


def event_lines(events: Sequence[dict[str, Any]], name: Callable[[int], str], seat: int | None = None) -> list[str]:
    """Lines for the events a viewer may see: public ones, plus those addressed to `seat`."""
    lines = []
    for event in events:
        to = event.get("to")
        if to is not None and (seat is None or seat not in to):
            continue
        if event.get("kind") == "turn_end":
            continue  # the table says whose turn it is next; the marker itself says nothing new
        lines.append(ICONS.get(event.get("kind", "info"), "") + fill_seats(event["text"], name))
    return lines


_SILENT = {"pass": "passes", "end": "ends this step", "fight": "goes to battle", "choose": "makes a choice"}


def silent(action_type: str) -> str:
    """What a player did, for the rare action whose events say nothing in public."""
    return _SILENT.get(action_type, f"plays {action_type.replace('_', ' ')}")


def fit(text: str, limit: int = MESSAGE_LIMIT, tail: str = "\n… (more in /history)") -> str:
    """Cut `text` to Discord's limit at a line break, saying where the rest is."""
    if len(text) <= limit:
        return text
    cut = text[: limit - len(tail)]
    if "\n" in cut:
        cut = cut[: cut.rindex("\n")]
    return cut + tail


def cut(text: str, limit: int) -> str:
    """A label within Discord's `limit` (a button's 80 characters, a menu option's 100): cut between words, never
    inside a word or a number, ending with "…" (which the table reads back as the label cut short)."""
    if len(text) <= limit:
        return text
    room = text[: limit - 1]
    if not text[limit - 1].isspace() and " " in room:
        room = room[: room.rindex(" ")]  # the word the limit falls in is left out whole
    return room.rstrip(" ,;:-(") + "…"


def duration(seconds: float) -> str:
    """How long, for people: "2 days 3 h", "4 h 10 min", "5 min". A span that comes out negative (a clock set back,
    a console restarted after `wait`) reads as no time, never "-1 days"."""
    minutes = int(max(0.0, seconds) // 60)
    days, minutes = divmod(minutes, 1440)
    hours, minutes = divmod(minutes, 60)
    if days:
        return f"{days} day{'s' * (days != 1)} {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    return f"{minutes} min"


def due(deadline_at: float | None) -> str:
    """A deadline as Discord shows it in each reader's own time ("in 3 hours"), or nothing."""
    return f" (deadline <t:{int(deadline_at)}:R>)" if deadline_at is not None else ""


def table_line(view: Any, now: float) -> str:
    """One line of /game list: game, channel, state, whose turn and since when."""
    table = view.table
    where = f"<#{table.channel_id}>"
    if table.status == "lobby":
        return f"**{view.meta.title}** in {where}: gathering players ({len(view.seats)}/{view.meta.max_players})."
    if table.status in ("finished", "abandoned"):
        return f"**{view.meta.title}** in {where}: {table.status}."
    who = ", ".join(seat.name + due(view.deadlines.get(seat.seat)) for seat in view.awaiting) or "nobody"
    since = f" for {duration(now - view.since)}" if view.since else ""
    paused = " (paused)" if table.paused else ""
    return f"**{view.meta.title}** in {where}: waiting for {who}{since}{paused}."


_POSTS = {"turn": "one message per turn, edited as it goes", "action": "a message for every action"}


def seat_label(seat: Any) -> str:
    """A seat as lists show it: the name, its faction, and whether a bot plays it."""
    extras = [seat.faction] if seat.faction else []
    if seat.bot:
        extras.append(f"{seat.bot} bot")
    return seat.name + (f" ({', '.join(extras)})" if extras else "")


def table_card(view: Any, now: float) -> str:
    """/game status: the table in detail."""
    from table.text.durations import show_duration

    table = view.table
    options = ", ".join(f"{key}={value}" for key, value in table.options.items()) or "none"
    seats = "\n".join(f"{seat.seat + 1}. {seat_label(seat)}" for seat in view.seats)
    pace = f"remind after {show_duration(table.remind_after)}, then every {show_duration(table.remind_every)}"
    deadline = f"deadline {show_duration(table.deadline)}" if table.deadline else "no deadline"
    absences = (
        f"absences may hold a player's deadlines {show_duration(table.away_allowance)}"
        if table.away_allowance
        else "absences never hold deadlines back"
    )
    lines = [
        f"**{view.meta.title}** — {table.status}{' (paused)' if table.paused else ''}",
        f"Options: {options}",
        f"Players:\n{seats or 'none yet'}",
        f"Pace: {pace}; {deadline}; {absences}. Posts: {_POSTS.get(table.posts, table.posts)}."
        + ("" if table.timelapse else " No timelapse at the end."),
        view.status,
    ]
    if table.status == "running":
        where = f" in <#{table.channel_id}>: "  # not the first ": ", which a title may hold ("D&D: Conquest...")
        lines.append(f"Turns played: {table.turns}. " + table_line(view, now).split(where, 1)[1])
    return fit("\n".join(lines))


def escape_text(text: str) -> str:
    """Text a user typed (a name, a reason, an annotation), made inert wherever the bot shows it: markdown
    escaped, @everyone, @here and every <@id>, <@&role> or <#channel> broken by a zero-width space, line breaks
    and other unprintable characters turned into spaces. The project's one escape (the cogs use it too)."""
    text = "".join(" " if not ch.isprintable() else ch for ch in text)
    text = re.sub(r"([\\*_~`|>#\-\[\]()])", r"\\\1", text)
    return text.replace("@", "@\u200b").replace("<", "<\u200b")
