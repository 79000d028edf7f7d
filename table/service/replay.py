"""Rebuilding a game's state from its log: for undo, for snapshots, to prove the log is the truth, and to replay an
exported game (table/service/archive_file.py) in the console."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules import serial
from rules.base import Engine, Event, SeatInfo
from rules.rng import Rng
from table.storage import ActionRow, SeatRow, SnapshotRow, TableRow

Seen = Callable[[ActionRow, list[Event]], None]  # told of each action replayed, with the events it made


def effective(rows: list[ActionRow]) -> list[ActionRow]:
    """The actions that count: every act/fallback not taken back by a later undo."""
    undone = {int(row.action["undoes"]) for row in rows if row.kind == "undo"}
    return [row for row in rows if row.kind != "undo" and row.n not in undone]


def initial_state(engine: Engine[Any], table: TableRow, seats: list[SeatRow]) -> Any:
    return new_game(engine, table.options, table.seed, [seat.faction for seat in seats])


def new_game(engine: Engine[Any], options: dict[str, Any], seed: int, factions: Sequence[str | None]) -> Any:
    """The state a game starts in: its seats' chosen factions, its options and the table's seed."""
    return engine.new([SeatInfo(faction) for faction in factions], dict(options), Rng(seed))


def replay(
    engine: Engine[Any],
    table: TableRow,
    seats: list[SeatRow],
    rows: list[ActionRow],
    start: SnapshotRow | None = None,
) -> Any:
    """The state after the effective actions in `rows` (those after `start`, when a snapshot is given)."""
    state = serial.loads(engine.State, start.state) if start else initial_state(engine, table, seats)
    return play_on(engine, state, rows, start.upto if start else 0)


def play_on(engine: Engine[Any], state: Any, rows: list[ActionRow], after: int = 0, seen: Seen | None = None) -> Any:
    """`state` (changed in place) after the effective actions in `rows` numbered above `after`; `seen` is told of
    each one as it is replayed."""
    for row in effective(rows):
        if row.n <= after:
            continue
        assert row.seat is not None
        events = engine.act(state, row.seat, row.action, Rng(row.seed))
        if seen is not None:
            seen(row, events)
    return state
