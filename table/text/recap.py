"""A player's "since your last turn": what the others did meanwhile, what happened to the reader first.

Decided from what the events carry, never from their wording: `affects` names the seats an event cost something
(a region lost, a battle or card against them), kind "routine" marks the steps a game takes by itself (a turn's
header, income), which the recap leaves out, and `to` marks lines only some may read, which it leaves out too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.text import count
from table.storage import ActionRow
from table.text import present

LEFT_OUT = frozenset({"routine", "turn_end"})  # kinds that say nothing the reader missed


def concerns(event: dict[str, Any], seat: int) -> bool:
    """Whether an event cost `seat` something (logs from before `affects` existed: nothing does)."""
    return seat in (event.get("affects") or ())


def shown(event: dict[str, Any]) -> bool:
    """Whether an event belongs in anyone's recap: public and not a routine step."""
    return event.get("to") is None and event.get("kind", "info") not in LEFT_OUT


def lines(rows: list[ActionRow], seat: int, name: Callable[[int], str], limit: int) -> list[str]:
    """The recap for `seat` from the effective actions `rows` (oldest first): every line that concerns the reader,
    oldest first, then the newest of the others' other lines, oldest first, up to `limit` lines in all. The lines
    left out are counted (they are in /history); a line that concerns the reader is never left out."""
    mine = [index for index, row in enumerate(rows) if row.seat == seat]
    later = rows[mine[-1] + 1 :] if mine else rows
    theirs: list[str] = []
    others: list[str] = []
    for row in later:
        if row.seat == seat:
            continue
        for event in row.events:
            if shown(event):
                (theirs if concerns(event, seat) else others).extend(present.event_lines([event], name))
    room = max(0, limit - len(theirs))
    kept = others[max(0, len(others) - room) :] if room else []
    dropped = len(others) - len(kept)
    more = [f"({count(dropped, 'earlier line')} in /history)"] if dropped else []
    return [*theirs, *more, *kept]
