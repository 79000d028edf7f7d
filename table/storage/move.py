"""Moving every table from one store to another (bot.py --migrate-to): copied whole, then verified.

The target must be empty: no row in any of the store's tables. Every row of every table is copied in one
transaction, ids kept; then the counts are compared table by table, and every started game's log is replayed with
its engine to the state the target stores.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import serial
from table.service.replay import replay
from table.storage import TABLES, Store, snapshots


class MoveError(Exception):
    """The copy cannot start (the target holds rows) or did not verify: said in words."""


@dataclass
class MoveReport:
    counts: dict[str, int] = field(default_factory=dict)  # rows copied, per table
    replayed: int = 0  # games whose log replayed to their stored state

    def lines(self) -> list[str]:
        copied = ", ".join(f"{count} {name}" for name, count in self.counts.items() if count)
        return [f"Copied {copied or 'nothing'}.", f"Replayed {self.replayed} games to their stored states."]


def _portable(table: str, row: dict[str, Any]) -> dict[str, Any]:
    """A row as the target stores it: snapshots saved before compression (text) become compressed keyframes."""
    if table == "snapshots" and isinstance(row["state"], str):
        return {**row, "state": snapshots.keyframe(row["state"])}
    return row


async def move(source: Store, target: Store) -> MoveReport:
    # every table counts: a first run that copied only preferences leaves `tables` empty, and a second would collide
    held = {table: count for table in TABLES if (count := await target.schema.count(table))}
    if held:
        listed = ", ".join(f"{count} {table}" for table, count in held.items())
        raise MoveError(
            f"The target database already holds data ({listed}): moving needs an empty one. Nothing was copied."
        )
    report = MoveReport()
    async with target.transaction():
        for table in TABLES:
            rows = [_portable(table, row) for row in await source.schema.rows_of(table)]
            await target.schema.put_rows(table, rows)
            report.counts[table] = len(rows)
        await target.database.ids_copied()
    for table in TABLES:
        found = await target.schema.count(table)
        if found != report.counts[table]:
            raise MoveError(f"{table}: {report.counts[table]} rows read, {found} in the target.")
    report.replayed = await verify_games(target)
    return report


async def verify_games(store: Store) -> int:
    """Replay every started game's log; raise MoveError naming the first whose replay differs from its state."""
    replayed = 0
    for row in await store.schema.rows_of("tables"):
        table = await store.tables.table(int(row["id"]))
        if table is None or table.state is None or table.game not in rules.engines():
            continue
        engine = rules.engine(table.game)
        state = replay(engine, table, await store.tables.seats(table.id), await store.log.actions(table.id))
        if json.loads(serial.dumps(state)) != json.loads(table.state):  # as data: the text's key order may differ
            raise MoveError(f"Table {table.id} ({table.game}): its log does not replay to its stored state.")
        replayed += 1
    return replayed
