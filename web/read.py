"""What a table's page and a server's list say, built from the store and the engine's PUBLIC view only (never a
seat's own view): the data.json answers, the turns' boundaries in the log, and what /info says of a spot of the map.

Text here is plain (names as people typed them): the page inserts it as text, never as HTML."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import rules
from render import renderer
from render.record import TableFacts
from rules.base import Engine, Lookup, fill_seats, normal
from table.service.core import TableError, namer, told
from table.service.replay import effective
from table.storage import ActionRow, ReminderRow, SeatRow, TableRow
from table.text import info

STATUS = {"running": "running", "finished": "over", "abandoned": "abandoned"}
FALLBACK = " (played by the bot: time ran out)"
TAKEN_BACK = " (taken back)"


@dataclass(frozen=True)
class Turns:
    """The finished turns of a table, read from its log: turn t ended with action ends[t] (turn 0, the start, with
    none), as the stored snapshots were kept; and the turn each action was played in."""

    ends: tuple[int, ...]  # ends[t]: the `upto` of turn t's snapshot
    played_in: dict[int, int]  # action n -> the turn it was played in (1 for the first turn)
    said: tuple[str, ...] = ()  # said[t - 1]: how the game told turn t's end ("End of <seat:0>'s turn.")


def turns_of(rows: Sequence[ActionRow]) -> Turns:
    """Turn ends as play.py keeps snapshots: an action whose events end k turns ends the next k (all at its n). A
    taken-back action counts no end, and is played in the turn that stood when it was made."""
    kept = {row.n for row in effective(list(rows))}
    ends, played_in, said = [0], {}, []
    for row in rows:
        if row.kind == "undo":
            continue
        played_in[row.n] = len(ends)
        if row.n in kept:
            ended = [str(event.get("text", "")) for event in row.events if event.get("kind") == "turn_end"]
            ends += [row.n] * len(ended)
            said += ended
    return Turns(tuple(ends), played_in, tuple(said))


def turn_label(turn: int, turns: Turns, name: Callable[[int], str]) -> str:
    """The slider's words for a finished turn: its number and how the game told its end, as the table numbers turns
    (/board turn:N): "Turn 6: the Zarkosites turn", "Turn 3: alice's turn"."""
    if turn == 0:
        return "Start"
    told = fill_seats(turns.said[turn - 1], name) if turn <= len(turns.said) else ""
    whose = told.removeprefix("End of ").rstrip(".") if told.startswith("End of ") else told.rstrip(".")
    return f"Turn {turn}: {whose}" if whose else f"Turn {turn}"


def names_key(seats: Sequence[SeatRow]) -> str:
    """What the seats' names are now, in short: a picture drawn under other names (a user renamed or forgotten)
    has another key, so a browser never keeps showing a name that must go."""
    joined = "\x00".join(seat.name for seat in seats)
    return hashlib.blake2b(joined.encode(), digest_size=6).hexdigest()


def image_key(upto: int, seats: Sequence[SeatRow]) -> str:
    """The fingerprint of one turn's picture (or the board now, `upto` being the table's version): what it shows
    depends on the state after action `upto` and the names only, so an address carrying it may be kept forever."""
    return f"{upto}-{names_key(seats)}"


def title(table: TableRow) -> str:
    return f"{rules.engine(table.game).meta.title}, table {table.id}"


def log_lines(rows: Sequence[ActionRow], turns: Turns, name: Callable[[int], str]) -> list[dict[str, Any]]:
    """The public log grouped by the turn each action was played in, oldest first, as /history tells it (never a
    seat's private lines); moves taken back are marked, and the undo rows themselves say nothing more."""
    undone = {int(row.action["undoes"]) for row in rows if row.kind == "undo"}
    groups: list[dict[str, Any]] = []
    for row in rows:
        if row.kind == "undo":
            continue
        said = told(row.events, row.action, row.seat, name)
        tag = (FALLBACK if row.kind == "fallback" else "") + (TAKEN_BACK if row.n in undone else "")
        said = [said[0] + tag, *said[1:]]
        turn = turns.played_in[row.n]
        if not groups or groups[-1]["turn"] != turn:
            groups.append({"turn": turn, "lines": []})
        groups[-1]["lines"] += said
    return groups


def table_data(
    table: TableRow,
    seats: list[SeatRow],
    state: Any,
    rows: Sequence[ActionRow],
    reminders: Sequence[ReminderRow],
) -> dict[str, Any]:
    """data.json of a table's page. `state`: the table's state now (only its public view is read)."""
    engine = rules.engine(table.game)
    name = namer(seats)
    turns = turns_of(rows)
    running = table.status == "running"
    waiting = engine.awaiting(state) if running else frozenset()
    clocks = {row.seat: row for row in reminders}
    result = engine.outcome(state)
    shown_turns = [
        {
            "turn": turn,
            "label": turn_label(turn, turns, name),
            "image": f"board/{turn}.png?v={image_key(upto, seats)}",
            "places": f"places/{turn}.json?v={image_key(upto, seats)}",
        }
        for turn, upto in enumerate(turns.ends)
    ]
    if running:
        now = f"now-{table.version}"
        shown_turns.append(
            {
                "turn": "now",
                "label": f"Now (turn {len(turns.ends)} under way)",
                "image": f"board/{now}.png?v={names_key(seats)}",
                "places": f"places/{now}.json?v={names_key(seats)}",
            }
        )
    return {
        "title": title(table),
        "game": table.game,
        "game_title": engine.meta.title,
        "status": STATUS.get(table.status, table.status),
        "version": table.version,
        "players": [
            {"seat": seat.seat, "name": seat.name, "side": seat.faction, "bot": seat.bot is not None} for seat in seats
        ],
        "awaited": [
            {
                "seat": seat.seat,
                "name": seat.name,
                "since": clocks[seat.seat].since if seat.seat in clocks else None,
                "deadline": clocks[seat.seat].deadline_at if seat.seat in clocks else None,
            }
            for seat in seats
            if seat.seat in waiting
        ],
        "standings": fill_seats(engine.status(state, None), name).splitlines(),
        "result": fill_seats(result.summary, name) if result is not None else None,
        "turns": shown_turns,
        "log": log_lines(rows, turns, name),
        "rules": "rules/",
    }


def listed(
    table: TableRow, seats: list[SeatRow], state: Any, reminders: Sequence[ReminderRow], page: str
) -> dict[str, Any]:
    """One table in a server's list: what it is, whose turn and since when, and its page."""
    engine = rules.engine(table.game)
    waiting = engine.awaiting(state) if table.status == "running" and state is not None else frozenset()
    return {
        "title": title(table),
        "game": table.game,
        "game_title": engine.meta.title,
        "status": STATUS.get(table.status, table.status),
        "awaited": [seat.name for seat in seats if seat.seat in waiting],
        "since": min((row.since for row in reminders), default=None) if waiting else None,
        "page": page,
    }


def places(engine: Engine[Any], public: Any, facts: TableFacts, seats: list[SeatRow]) -> list[dict[str, Any]]:
    """The spots of the whole-map picture of `public` (a public view), each with what /info says of it; none for a
    game whose renderer cannot tell what stands where."""
    spots = renderer(engine.meta.id).spots
    if spots is None:
        return []
    name = namer(seats)
    entries = engine.glossary() + [replace(entry, text=fill_seats(entry.text, name)) for entry in engine.places(public)]
    by_name = {normal(entry.name): entry for entry in entries}  # as info.find matches names, made once here
    said: dict[str, str] = {}  # a place drawn in several boxes is looked up once
    found = []
    for spot in spots(public, facts):
        if spot.name not in said:
            said[spot.name] = _said(entries, by_name.get(normal(spot.name)), spot.name, engine.meta.title)
        found.append({"name": spot.name, "box": [int(v) for v in spot.box], "text": said[spot.name]})
    return found


_MARKDOWN = re.compile(r"\*\*|```\n?")


def _said(entries: list[Lookup], entry: Lookup | None, spot: str, game_title: str) -> str:
    """/info's answer on the spot (`entry`: found by its name already, else looked up as /info looks up what is
    typed), as plain text: its Discord markdown, the bold and the picture's fence, left out."""
    try:
        card = info.card(entry or info.find(entries, spot, game_title), game_title)
    except TableError:
        return ""
    return _MARKDOWN.sub("", card)
