"""What the clock and the outbox keep between ticks: each awaited seat's reminders and deadline, the requests
put to a table (undo consent, pause votes), and claims on work one process took on (a post or a DM on its
way), held by a lease another process takes over if the first dies."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable
from dataclasses import asdict
from typing import Any

from table.storage.database import Database
from table.storage.rows import Delivery, ReminderRow, RequestRow, Row

LEASE_SECONDS = 120.0  # how long a claim (a post or a DM on its way) is held before another process may take it
NONCE_BYTES = 10  # a post's nonce: 20 hex characters (Discord takes up to 25)


def reminder_row(row: Row) -> ReminderRow:
    data = dict(row)
    return ReminderRow(**{**data, "mentioned": bool(data["mentioned"])})


class Clocks:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- reminders ----------------------------------------------------------------------------------------

    async def reminders(self, table_id: int) -> list[ReminderRow]:
        rows = await self.db.all("SELECT * FROM reminders WHERE table_id = ? ORDER BY seat", (table_id,))
        return [reminder_row(row) for row in rows]

    async def reminder(self, table_id: int, seat: int) -> ReminderRow | None:
        row = await self.db.one("SELECT * FROM reminders WHERE table_id = ? AND seat = ?", (table_id, seat))
        return reminder_row(row) if row else None

    async def put_reminder(self, row: ReminderRow) -> None:
        await self.db.upsert("reminders", ("table_id", "seat"), {**asdict(row), "mentioned": int(row.mentioned)})

    async def update_reminder_if(self, row: ReminderRow, since: float, sent: int) -> bool:
        """Store `row` only if that seat's wait is still the one read (same `since`, same count of reminders
        sent): a reminder handled while the player moved must not bring back the wait they ended."""
        changed = await self.db.write(
            "UPDATE reminders SET next_at = ?, sent = ?, deadline_at = ?, mentioned = ?, warn_at = ?"
            " WHERE table_id = ? AND seat = ? AND since = ? AND sent = ?",
            (
                row.next_at,
                row.sent,
                row.deadline_at,
                int(row.mentioned),
                row.warn_at,
                row.table_id,
                row.seat,
                since,
                sent,
            ),
        )
        return changed == 1

    async def drop_reminders(self, table_id: int, keep: Iterable[int] = ()) -> None:
        kept = list(keep)
        marks = ",".join("?" * len(kept))
        clause = f" AND seat NOT IN ({marks})" if kept else ""
        await self.db.write(f"DELETE FROM reminders WHERE table_id = ?{clause}", (table_id, *kept))

    async def due_reminders(self, now: float, limit: int = 100) -> list[ReminderRow]:
        """Reminders or deadlines that are due, for tables that are running and not paused."""
        rows = await self.db.all(
            "SELECT r.* FROM reminders r JOIN tables t ON t.id = r.table_id"
            " WHERE (r.next_at <= ? OR r.deadline_at <= ? OR r.warn_at <= ?) AND t.status = 'running'"
            " AND t.paused = 0"
            f" ORDER BY {self.db.LEAST}(r.next_at, COALESCE(r.deadline_at, r.next_at),"
            " COALESCE(r.warn_at, r.next_at)) LIMIT ?",
            (now, now, now, limit),
        )
        return [reminder_row(row) for row in rows]

    # --- requests (undo consent, pause votes) -------------------------------------------------------------

    async def add_request(self, table_id: int, kind: str, user_id: int, version: int, now: float) -> int:
        return await self.db.insert(
            "INSERT INTO requests (table_id, kind, user_id, version, approvals, created_at) VALUES (?, ?, ?, ?, ?, ?)"
            " RETURNING id",
            (table_id, kind, user_id, version, json.dumps([user_id]), now),
        )

    async def request(self, request_id: int) -> RequestRow | None:
        row = await self.db.one("SELECT * FROM requests WHERE id = ?", (request_id,))
        if not row:
            return None
        data = dict(row)
        return RequestRow(**{**data, "approvals": json.loads(data["approvals"]), "open": bool(data["open"])})

    async def update_request(self, request_id: int, approvals: list[int], open_: bool) -> None:
        await self.db.write(
            "UPDATE requests SET approvals = ?, open = ? WHERE id = ?", (json.dumps(approvals), int(open_), request_id)
        )

    async def close_requests(self, table_id: int) -> None:
        await self.db.write("UPDATE requests SET open = 0 WHERE table_id = ? AND open = 1", (table_id,))

    # --- claims: work one process took on, with a lease another process takes over if it dies -------------

    async def begin_posting(self, table_id: int, version: int, owner: str, until: float) -> str:
        """The result of `version` is on its way to the channel (the catch-up leaves it alone until `until`).
        Returns the nonce of its channel message: made by the first claim and kept by every later one (a retry, a
        catch-up after a crash), so each attempt to post the result sends the same nonce."""
        rows = await self.db.write_rows(
            "INSERT INTO postings (table_id, version, owner, lease_until, nonce) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (table_id, version) DO UPDATE SET owner = excluded.owner,"
            " lease_until = excluded.lease_until, nonce = COALESCE(postings.nonce, excluded.nonce) RETURNING nonce",
            (table_id, version, owner, until, secrets.token_hex(NONCE_BYTES)),
        )
        return str(rows[0][0])

    async def end_postings(self, table_id: int, upto: int) -> None:
        """Posts that arrived: every version up to `upto` is in the channel."""
        await self.db.write("DELETE FROM postings WHERE table_id = ? AND version <= ?", (table_id, upto))

    async def release_posting(self, table_id: int, version: int) -> None:
        """A post failed (or its process ended): the catch-up takes it now. The claim stays, with its nonce: the
        post may have reached Discord all the same (an answer lost on the way back)."""
        await self.db.write(
            "UPDATE postings SET lease_until = 0 WHERE table_id = ? AND version = ?", (table_id, version)
        )

    async def postings(self, table_id: int, now: float) -> set[int]:
        """The versions whose posts some live process is still sending (its lease has not run out)."""
        rows = await self.db.all("SELECT version FROM postings WHERE table_id = ? AND lease_until > ?", (table_id, now))
        return {int(row[0]) for row in rows}

    async def posting_nonces(self, table_id: int) -> dict[int, str]:
        """The nonce of every claimed post not yet known to be shown, by version (live or not)."""
        rows = await self.db.all(
            "SELECT version, nonce FROM postings WHERE table_id = ? AND nonce IS NOT NULL", (table_id,)
        )
        return {int(row[0]): str(row[1]) for row in rows}

    async def add_delivery(
        self,
        table_id: int,
        seat: int,
        since: float,
        how: str,
        user_id: int,
        text: str,
        origin: dict[str, Any],
        owner: str,
        until: float,
    ) -> int:
        return await self.db.insert(
            "INSERT INTO deliveries (table_id, seat, since, how, user_id, text, origin, owner, lease_until)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (table_id, seat, since, how, user_id, text, json.dumps(origin), owner, until),
        )

    async def take_deliveries(self, now: float, owner: str, until: float, limit: int = 100) -> list[Delivery]:
        """Claim deliveries whose owner's lease ran out (the owner died before sending them). The lease is
        tested again on the row itself, so of two processes taking over at once only one gets each row."""
        if await self.db.one("SELECT 1 FROM deliveries WHERE lease_until <= ? LIMIT 1", (now,)) is None:
            return []  # the usual case, answered by a read: a tick writes nothing when no process died
        rows = await self.db.write_rows(
            "UPDATE deliveries SET owner = ?, lease_until = ? WHERE lease_until <= ? AND id IN"
            " (SELECT id FROM deliveries WHERE lease_until <= ? ORDER BY id LIMIT ?) RETURNING *",
            (owner, until, now, now, limit),
        )
        return [Delivery(**{**dict(row), "origin": json.loads(row["origin"])}) for row in rows]

    async def claims_at_start(self) -> None:
        """A process starts: claims left by processes that ended are free to take. Where one process serves the
        database (SQLite: table/storage/instance.py), every claim in it at start was left by a process that ended:
        its posts count as lost and its messages go out with the first tick, leases or not. A lost post's claim
        keeps its nonce: the catch-up sends with it (see begin_posting). A shared database's claims hold until
        their leases run out: another process may be sending them."""
        if not self.db.one_process:
            return
        async with self.db.transaction():
            await self.db.write("UPDATE postings SET lease_until = 0")
            await self.db.write("UPDATE deliveries SET lease_until = 0")

    async def end_delivery(self, delivery_id: int) -> None:
        await self.db.write("DELETE FROM deliveries WHERE id = ?", (delivery_id,))
