"""Tables and their seats: the games being played, who sits where (and under which names), and each turn's
channel message."""

from __future__ import annotations

import json
from typing import Any

from table.storage.database import Database
from table.storage.rows import Row, SeatRow, StaleVersion, TableRow, TurnMessage


def table_row(row: Row) -> TableRow:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    for flag in ("paused", "web", "public_channel", "timelapse"):
        data[flag] = bool(data[flag])
    return TableRow(**data)


class Tables:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- tables -------------------------------------------------------------------------------------------

    async def insert_table(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        creator_id: int,
        now: float,
        seed: int,
    ) -> int:
        return await self.db.insert(
            "INSERT INTO tables (guild_id, channel_id, game, options, status, creator_id, created_at, seed)"
            " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?) RETURNING id",
            (guild_id, channel_id, game, json.dumps(options), creator_id, now, seed),
        )

    async def table(self, table_id: int) -> TableRow | None:
        row = await self.db.one("SELECT * FROM tables WHERE id = ?", (table_id,))
        return table_row(row) if row else None

    async def table_in_channel(self, channel_id: int) -> TableRow | None:
        """The channel's newest table: the one being played, or the last one finished there."""
        row = await self.db.one("SELECT * FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return table_row(row) if row else None

    async def tables_in_guild(self, guild_id: int, limit: int = 50) -> list[TableRow]:
        rows = await self.db.all(
            "SELECT * FROM tables WHERE guild_id = ? ORDER BY status IN ('finished', 'abandoned'), id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [table_row(row) for row in rows]

    async def unannounced(self, limit: int = 20) -> list[TableRow]:
        rows = await self.db.all(
            "SELECT * FROM tables WHERE status IN ('running', 'finished') AND announced < version LIMIT ?", (limit,)
        )
        return [table_row(row) for row in rows]

    async def set_announced(self, table_id: int, version: int) -> None:
        await self.db.write(
            f"UPDATE tables SET announced = {self.db.GREATEST}(announced, ?) WHERE id = ?", (version, table_id)
        )

    async def set_table(self, table_id: int, **fields: Any) -> None:
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        columns = ", ".join(f"{name} = ?" for name in fields)
        await self.db.write(f"UPDATE tables SET {columns} WHERE id = ?", (*fields.values(), table_id))

    async def save_state(self, table_id: int, expected_version: int, state: str, **fields: Any) -> int:
        """Store a new state if the table is still at `expected_version`; returns the new version."""
        extra = "".join(f", {name} = ?" for name in fields)
        changed = await self.db.write(
            f"UPDATE tables SET state = ?, version = version + 1{extra} WHERE id = ? AND version = ?",
            (state, *fields.values(), table_id, expected_version),
        )
        if changed != 1:
            raise StaleVersion(table_id)
        return expected_version + 1

    async def tables_awaiting_bots(self) -> list[int]:
        """Running tables where the game awaits a bot's seat (its wait is marked by a reminder row)."""
        rows = await self.db.all(
            "SELECT DISTINCT t.id FROM tables t JOIN reminders r ON r.table_id = t.id"
            " JOIN seats s ON s.table_id = r.table_id AND s.seat = r.seat"
            " WHERE t.status = 'running' AND s.bot IS NOT NULL ORDER BY t.id",
            (),
        )
        return [int(row[0]) for row in rows]

    async def running_seats_of(self, user_id: int) -> list[TableRow]:
        """Tables still gathering or running at which the user has a seat."""
        rows = await self.db.all(
            "SELECT t.* FROM tables t JOIN seats s ON s.table_id = t.id"
            " WHERE s.user_id = ? AND t.status IN ('lobby', 'running') ORDER BY t.id",
            (user_id,),
        )
        return [table_row(row) for row in rows]

    async def timelapses_due(self, ended_before: float, limit: int = 20) -> list[TableRow]:
        """Finished games whose timelapse is on and not yet in the channel, their finale shown, that ended before
        `ended_before` (the process that finished one posts it at once; these are what a crash or a refusal left)."""
        rows = await self.db.all(
            "SELECT * FROM tables WHERE status = 'finished' AND timelapse = 1 AND timelapse_posted IS NULL"
            " AND announced >= version AND finished_at < ? ORDER BY finished_at LIMIT ?",
            (ended_before, limit),
        )
        return [table_row(row) for row in rows]

    # --- seats --------------------------------------------------------------------------------------------

    async def seats(self, table_id: int) -> list[SeatRow]:
        rows = await self.db.all("SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [SeatRow(**dict(row)) for row in rows]

    async def add_seat(
        self, table_id: int, seat: int, user_id: int, name: str, faction: str | None, bot: str | None = None
    ) -> None:
        async with self.db.transaction():
            await self.db.write(
                "INSERT INTO seats (table_id, seat, user_id, name, faction, bot) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, seat, user_id, name, faction, bot),
            )
            if bot is None:
                await self._remember_name(table_id, user_id, name)

    async def replace_seats(self, table_id: int, seats: list[SeatRow]) -> None:
        await self.db.write("DELETE FROM seats WHERE table_id = ?", (table_id,))
        for seat in seats:
            await self.add_seat(table_id, seat.seat, seat.user_id, seat.name, seat.faction, seat.bot)

    async def set_seat_user(self, table_id: int, seat: int, user_id: int, name: str, bot: str | None = None) -> None:
        """Hand a seat to a person, or to a bot of strength `bot`."""
        async with self.db.transaction():
            await self.db.write(
                "UPDATE seats SET user_id = ?, name = ?, bot = ? WHERE table_id = ? AND seat = ?",
                (user_id, name, bot, table_id, seat),
            )
            if bot is None:
                await self._remember_name(table_id, user_id, name)

    async def rename_user(self, user_id: int, name: str) -> None:
        async with self.db.transaction():
            await self.db.write("UPDATE seats SET name = ? WHERE user_id = ? AND name != ?", (name, user_id, name))
            await self.db.write(
                "INSERT INTO seat_names (table_id, user_id, name) SELECT table_id, user_id, name FROM seats"
                " WHERE user_id = ? AND bot IS NULL ON CONFLICT DO NOTHING",
                (user_id,),
            )

    async def _remember_name(self, table_id: int, user_id: int, name: str) -> None:
        """A name a person held a seat under: forgetting them scrubs it from the table's texts even after the
        seat changed hands (see migrations/0009)."""
        if user_id > 0:  # bots and erased seats have ids no Discord user has
            await self.db.write(
                "INSERT INTO seat_names (table_id, user_id, name) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (table_id, user_id, name),
            )

    # --- the turn message -----------------------------------------------------------------------------------

    async def turn_message(self, table_id: int) -> TurnMessage | None:
        row = await self.db.one("SELECT * FROM turn_messages WHERE table_id = ?", (table_id,))
        if row is None:
            return None
        seen = frozenset(int(seat) for seat in row["seen"].strip(",").split(",") if seat)
        return TurnMessage(table_id, row["started"], row["message_id"], seen, json.loads(row["body"]))

    async def put_turn_message(self, turn: TurnMessage) -> None:
        """Write the turn's message. Its Discord id, when not given, is kept if the stored row is the same message:
        the id may arrive (set_turn_message_id) while a quick next action rewrites the message's lines."""
        seen = "," + "".join(f"{seat}," for seat in sorted(turn.seen))
        await self.db.write(
            "INSERT INTO turn_messages (table_id, started, message_id, seen, body) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (table_id) DO UPDATE SET message_id = CASE WHEN turn_messages.started = excluded.started "
            "THEN COALESCE(excluded.message_id, turn_messages.message_id) ELSE excluded.message_id END, "
            "started = excluded.started, seen = excluded.seen, body = excluded.body",
            (turn.table_id, turn.started, turn.message_id, seen, json.dumps(turn.body)),
        )

    async def set_turn_message_id(self, table_id: int, started: int, message_id: int | None) -> None:
        """The Discord id of the message begun at version `started`: ignored if a newer message began since."""
        await self.db.write(
            "UPDATE turn_messages SET message_id = ? WHERE table_id = ? AND started = ?",
            (message_id, table_id, started),
        )
