"""Rebuilding a game's state from its log: for undo, for snapshots, and to prove the log is the truth."""

from __future__ import annotations

from typing import Any

from rules import serial
from rules.base import Engine, SeatInfo
from rules.rng import Rng
from table.storage import ActionRow, SeatRow, SnapshotRow, TableRow


def effective(rows: list[ActionRow]) -> list[ActionRow]:
    """The actions that count: every act/fallback not taken back by a later undo."""
    undone = {int(row.action["undoes"]) for row in rows if row.kind == "undo"}
    return [row for row in rows if row.kind != "undo" and row.n not in undone]


def initial_state(engine: Engine[Any], table: TableRow, seats: list[SeatRow]) -> Any:
    infos = [SeatInfo(seat.faction) for seat in seats]
    return engine.new(infos, dict(table.options), Rng(table.seed))


def replay(
    engine: Engine[Any],
    table: TableRow,
    seats: list[SeatRow],
    rows: list[ActionRow],
    start: SnapshotRow | None = None,
) -> Any:
    """The state after the effective actions in `rows` (those after `start`, when a snapshot is given)."""
    state = serial.loads(engine.State, start.state) if start else initial_state(engine, table, seats)
    after = start.upto if start else 0
    for row in effective(rows):
        if row.n <= after:
            continue
        assert row.seat is not None
        engine.act(state, row.seat, row.action, Rng(row.seed))
    return state
