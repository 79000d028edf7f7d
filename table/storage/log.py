"""The action log (the turn under way row by row, finished turns in compressed chunks) and the board
snapshots kept at each turn's end (keyframes and deltas). The encodings are table/storage/logchunks.py's and
table/storage/snapshots.py's."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from table.storage import logchunks, snapshots
from table.storage.database import Database
from table.storage.rows import ActionRow, Conflict, Row, SnapshotRow, StaleVersion


def action_row(data: dict[str, Any]) -> ActionRow:
    data = dict(data)
    for column in ("action", "events"):
        if isinstance(data[column], str):  # a row of the turn under way; a chunk's rows are decoded already
            data[column] = json.loads(data[column])
    data["secret"] = bool(data["secret"])
    return ActionRow(**data)


SNAPSHOT = (  # a snapshot with the keyframe it may be a delta of
    "SELECT s.table_id, s.turn, s.upto, s.state, s.at, k.state AS base_state FROM snapshots s"
    " LEFT JOIN snapshots k ON k.table_id = s.table_id AND k.turn = s.base"
)


def snapshot_row(row: Row) -> SnapshotRow:
    text = snapshots.decode(row["state"], row["base_state"])
    return SnapshotRow(row["table_id"], row["turn"], row["upto"], text, row["at"])


class Log:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- the action log -----------------------------------------------------------------------------------

    async def append_action(self, row: ActionRow) -> None:
        """Append to the log; an action numbered like one already there lost a race (StaleVersion)."""
        try:
            await self.db.write(
                "INSERT INTO actions (table_id, n, kind, seat, user_id, action, seed, events, rolls, secret, at,"
                " version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.table_id,
                    row.n,
                    row.kind,
                    row.seat,
                    row.user_id,
                    json.dumps(row.action),
                    row.seed,
                    json.dumps(row.events),
                    row.rolls,
                    int(row.secret),
                    row.at,
                    row.version,
                ),
            )
        except Conflict:
            raise StaleVersion(row.table_id) from None

    async def actions(self, table_id: int, after: int = 0) -> list[ActionRow]:
        """The log after action `after`, in order: finished turns from their chunks, then the turn under way."""
        chunks = await self.db.all(
            "SELECT rows FROM log_chunks WHERE table_id = ? AND last_n > ? ORDER BY first_n", (table_id, after)
        )
        rows = [action_row(data) for chunk in chunks for data in logchunks.decode(chunk["rows"])]
        live = await self.db.all("SELECT * FROM actions WHERE table_id = ? AND n > ? ORDER BY n", (table_id, after))
        rows += [action_row(dict(row)) for row in live]
        return [row for row in rows if row.n > after]

    async def action_count(self, table_id: int) -> int:
        row = await self.db.one(
            f"SELECT {self.db.GREATEST}(COALESCE((SELECT MAX(n) FROM actions WHERE table_id = ?), 0),"
            " COALESCE((SELECT MAX(last_n) FROM log_chunks WHERE table_id = ?), 0))",
            (table_id, table_id),
        )
        return int(row[0]) if row else 0

    async def actions_page(self, table_id: int, offset: int, limit: int) -> list[ActionRow]:
        """A page of the log, newest first."""
        newest_first = list(reversed(await self.actions(table_id)))
        return newest_first[offset : offset + limit]

    async def _chunk_log(self, table_id: int, upto: int) -> None:
        """Move the live rows up to action `upto` (a turn that ended) into one compressed chunk."""
        live = [
            action_row(dict(row))
            for row in await self.db.all(
                "SELECT * FROM actions WHERE table_id = ? AND n <= ? ORDER BY n", (table_id, upto)
            )
        ]
        if not live:
            return
        rows = [asdict(row) for row in live]
        await self.db.write(
            "INSERT INTO log_chunks (table_id, first_n, last_n, users, rows) VALUES (?, ?, ?, ?, ?)",
            (table_id, live[0].n, live[-1].n, logchunks.users(rows), logchunks.encode(rows)),
        )
        await self.db.write("DELETE FROM actions WHERE table_id = ? AND n <= ?", (table_id, upto))

    # --- snapshots ----------------------------------------------------------------------------------------
    # Kept small by table/storage/snapshots.py: a keyframe (base NULL) or a delta against the keyframe of turn `base`.
    # A delta's keyframe has an earlier turn and no later action (upto), so drop_snapshots_from, which drops by
    # upto, never strands a delta; replacing a keyframe's turn would, so its deltas are made keyframes first.

    async def add_snapshot(self, table_id: int, turn: int, upto: int, state: str, now: float) -> None:
        async with self.db.transaction():
            dependents = await self.db.all(SNAPSHOT + " WHERE s.table_id = ? AND s.base = ?", (table_id, turn))
            for row in dependents:
                await self.db.write(
                    "UPDATE snapshots SET state = ?, base = NULL WHERE table_id = ? AND turn = ?",
                    (snapshots.keyframe(snapshot_row(row).state), table_id, row["turn"]),
                )
            key = await self.db.one(
                "SELECT turn, state FROM snapshots WHERE table_id = ? AND base IS NULL AND turn < ? AND upto <= ?"
                " ORDER BY turn DESC LIMIT 1",
                (table_id, turn, upto),
            )
            data, base = snapshots.encode(state, turn, (key["turn"], key["state"]) if key else None)
            await self.db.upsert(
                "snapshots",
                ("table_id", "turn"),
                {"table_id": table_id, "turn": turn, "upto": upto, "state": data, "at": now, "base": base},
            )
            await self._chunk_log(table_id, upto)  # the turn is over: its log rows are read, not written, now on

    async def snapshot(self, table_id: int, turn: int) -> SnapshotRow | None:
        row = await self.db.one(SNAPSHOT + " WHERE s.table_id = ? AND s.turn = ?", (table_id, turn))
        return snapshot_row(row) if row else None

    async def last_snapshot_before(self, table_id: int, n: int) -> SnapshotRow | None:
        """The newest snapshot that includes no action from n on."""
        row = await self.db.one(
            SNAPSHOT + " WHERE s.table_id = ? AND s.upto < ? ORDER BY s.upto DESC, s.turn DESC LIMIT 1",
            (table_id, n),
        )
        return snapshot_row(row) if row else None

    async def drop_snapshots_from(self, table_id: int, n: int) -> None:
        await self.db.write("DELETE FROM snapshots WHERE table_id = ? AND upto >= ?", (table_id, n))
