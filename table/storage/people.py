"""The people at the tables: their preferences, the absences charged to their seats, and forgetting a user
(every row that names them removed or anonymised)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import asdict

from table.storage import logchunks
from table.storage.database import Database
from table.storage.rows import Prefs

FORMER_PLAYER = "a former player"  # the name a forgotten user's seats keep


def scrub(text: str, names: Iterable[str]) -> str:
    """`text` with each of `names` (a forgotten user's) replaced by FORMER_PLAYER, as a whole word: a name found
    inside a longer word belongs to that word."""
    for name in sorted(names, key=len, reverse=True):  # "ann" must not eat the start of "anna"
        if name:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", FORMER_PLAYER, text)
    return text


class People:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- preferences --------------------------------------------------------------------------------------

    async def prefs(self, user_id: int) -> Prefs:
        row = await self.db.one("SELECT * FROM prefs WHERE user_id = ?", (user_id,))
        if not row:
            return Prefs(user_id)
        data = dict(row)
        return Prefs(**{**data, "dms": bool(data["dms"]), "dm_closed": bool(data["dm_closed"])})

    async def save_prefs(self, prefs: Prefs) -> None:
        await self.db.upsert(
            "prefs", ("user_id",), {**asdict(prefs), "dms": int(prefs.dms), "dm_closed": int(prefs.dm_closed)}
        )

    # --- absences: how long they held back a seat's deadlines ------------------------------------------------

    async def away_used(self, table_id: int, seat: int) -> float:
        row = await self.db.one("SELECT seconds FROM away_used WHERE table_id = ? AND seat = ?", (table_id, seat))
        return float(row[0]) if row else 0.0

    async def add_away_used(self, table_id: int, seat: int, seconds: float) -> None:
        await self.db.write(
            "INSERT INTO away_used (table_id, seat, seconds) VALUES (?, ?, ?)"
            " ON CONFLICT (table_id, seat) DO UPDATE SET seconds = away_used.seconds + excluded.seconds",
            (table_id, seat, seconds),
        )

    # --- forgetting a user --------------------------------------------------------------------------------------

    async def tables_naming(self, user_id: int) -> list[int]:
        """Every table whose rows name the user, whatever its status: where they sit or ever sat (seat_names),
        acted (the log, live or in chunks), asked or agreed (requests), opened, or have a message on its way."""
        rows = await self.db.all(
            "SELECT table_id FROM seat_names WHERE user_id = ? UNION SELECT table_id FROM seats WHERE user_id = ?"
            " UNION SELECT table_id FROM actions WHERE user_id = ? UNION SELECT table_id FROM log_chunks"
            " WHERE users LIKE ? UNION SELECT id FROM tables WHERE creator_id = ?"
            " UNION SELECT table_id FROM deliveries WHERE user_id = ?",
            (user_id, user_id, user_id, f"%,{user_id},%", user_id, user_id),
        )
        asked = {
            int(row["table_id"])
            for row in await self.db.all("SELECT table_id, user_id, approvals FROM requests")
            if row["user_id"] == user_id or user_id in json.loads(row["approvals"])
        }
        return sorted({int(row[0]) for row in rows} | asked)

    async def forget_user(self, user_id: int) -> dict[str, int]:
        """Remove or anonymise every row that names the user, in one transaction; what was changed, by kind.

        Seats keep their number (the log replays from seat numbers, never from users) and become a former player
        with a placeholder id no Discord user has (negative, unique within the table); preferences go; the log,
        requests and table ownership lose the id. Every name the user held a seat under is replaced in the texts
        kept at each table they ever sat at, seat handed on or not: the turn's message (its next edit shows it
        without them) and reminders not yet sent. A seat at a running table is the service's to hand on first
        (table/service/privacy.py)."""
        changed: dict[str, int] = {}
        async with self.db.transaction():
            tables = await self.tables_naming(user_id)
            named = await self.db.all(
                "SELECT name FROM seat_names WHERE user_id = ? UNION SELECT name FROM seats WHERE user_id = ?",
                (user_id, user_id),
            )
            names = {str(row[0]) for row in named}
            await self.db.write("DELETE FROM deliveries WHERE user_id = ?", (user_id,))  # unsent texts to them
            for table_id in tables:
                turn = await self.db.one("SELECT body FROM turn_messages WHERE table_id = ?", (table_id,))
                if turn is not None:
                    body = json.dumps([scrub(line, names) for line in json.loads(turn["body"])])
                    await self.db.write("UPDATE turn_messages SET body = ? WHERE table_id = ?", (body, table_id))
                for row in await self.db.all("SELECT id, text FROM deliveries WHERE table_id = ?", (table_id,)):
                    text = scrub(row["text"], names)  # a reminder to another player names everyone at the table
                    await self.db.write("UPDATE deliveries SET text = ? WHERE id = ?", (text, row["id"]))
            changed["seats"] = await self.db.write(
                "UPDATE seats SET user_id = -(seat + 1), name = ? WHERE user_id = ?", (FORMER_PLAYER, user_id)
            )
            await self.db.write("DELETE FROM seat_names WHERE user_id = ?", (user_id,))
            changed["actions"] = await self.db.write("UPDATE actions SET user_id = NULL WHERE user_id = ?", (user_id,))
            for chunk in await self.db.all(
                "SELECT table_id, first_n, rows FROM log_chunks WHERE users LIKE ?", (f"%,{user_id},%",)
            ):
                logged = logchunks.decode(chunk["rows"])
                for entry in logged:
                    if entry["user_id"] == user_id:
                        entry["user_id"] = None
                        changed["actions"] += 1
                await self.db.write(
                    "UPDATE log_chunks SET users = ?, rows = ? WHERE table_id = ? AND first_n = ?",
                    (logchunks.users(logged), logchunks.encode(logged), chunk["table_id"], chunk["first_n"]),
                )
            changed["tables"] = await self.db.write("UPDATE tables SET creator_id = 0 WHERE creator_id = ?", (user_id,))
            changed["prefs"] = await self.db.write("DELETE FROM prefs WHERE user_id = ?", (user_id,))
            requests = 0
            for row in await self.db.all("SELECT id, user_id, approvals FROM requests"):
                approvals = json.loads(row["approvals"])
                if row["user_id"] != user_id and user_id not in approvals:
                    continue
                kept = [other for other in approvals if other != user_id]
                asker = 0 if row["user_id"] == user_id else row["user_id"]
                await self.db.write(
                    "UPDATE requests SET user_id = ?, approvals = ? WHERE id = ?", (asker, json.dumps(kept), row["id"])
                )
                requests += 1
            changed["requests"] = requests
        return changed
