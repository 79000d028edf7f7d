"""The results of ended tables (migrations/0012): one row a table that finished or was abandoned, and who held each
of its seats at the end. Written once, in the transaction that ends the table; read by /stats and the ratings.
Beside them, when each table was paused (migrations/0013), which a player's time to move leaves out."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple, dataclass, field
from typing import Any

from table.storage.database import Database
from table.storage.rows import ResultRow, ResultSeatRow, Row

Ended = list[tuple[ResultRow, list[ResultSeatRow]]]


@dataclass
class Tally:
    """A game's ended tables on one server, counted by the database (a server may hold thousands): what /stats
    game says. `seats`: (players, seat, side, played, won, drawn) of finished games, a draw being every seat first;
    `turns` and `days`: (median, longest) of finished games."""

    finished: int = 0
    abandoned: int = 0
    endings: dict[str, int] = field(default_factory=dict)
    seats: list[tuple[int, int, str | None, int, int, int]] = field(default_factory=list)
    turns: tuple[float, float] | None = None
    days: tuple[float, float] | None = None


FINISHED = "FROM results r WHERE r.guild_id = ? AND r.game = ? AND r.status = 'finished'"
ORDER = "ORDER BY r.finished_at, r.table_id"  # the order the ratings are computed in


def result_row(row: Row) -> ResultRow:
    return ResultRow(
        int(row["table_id"]),
        int(row["guild_id"]),
        row["game"],
        row["status"],
        row["started_at"],
        float(row["finished_at"]),
        int(row["turns"]),
        row["ending"],
    )


def seat_row(row: Row) -> ResultSeatRow:
    data: dict[str, Any] = dict(row)
    data["handed_over"] = bool(data["handed_over"])
    return ResultSeatRow(**data)


class Results:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(self, result: ResultRow, seats: Sequence[ResultSeatRow]) -> None:
        """Keep an ended table's result (inside the caller's transaction, the one that ends the table)."""
        async with self.db.transaction():
            await self.db.write(
                "INSERT INTO results (table_id, guild_id, game, status, started_at, finished_at, turns, ending)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                astuple(result),
            )
            for seat in seats:
                values = astuple(seat)
                await self.db.write(
                    "INSERT INTO result_seats (table_id, seat, user_id, side, bot, place, score, handed_over, moves,"
                    " median_move, p90_move) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*values[:7], int(seat.handed_over), *values[8:]),
                )

    async def ended(self, guild_id: int, game: str | None = None) -> Ended:
        """The server's ended tables (of one game, or all), each with its seats, by (finished_at, table_id)."""
        where, args = "r.guild_id = ?", list[int | str]([guild_id])
        if game is not None:
            where, args = where + " AND r.game = ?", [guild_id, game]
        rows = await self.db.all(f"SELECT r.* FROM results r WHERE {where} {ORDER}", args)
        seats = await self.db.all(
            f"SELECT s.* FROM result_seats s JOIN results r ON r.table_id = s.table_id WHERE {where}"
            " ORDER BY s.table_id, s.seat",
            args,
        )
        return _joined(rows, seats)

    async def of_member(self, guild_id: int, user_id: int, game: str | None = None) -> Ended:
        """The server's ended tables where the user held a seat at the end (of one game, or all), with every seat,
        by (finished_at, table_id)."""
        where, args = "r.guild_id = ? AND m.user_id = ?", list[int | str]([guild_id, user_id])
        if game is not None:
            where, args = where + " AND r.game = ?", [*args, game]
        mine = f"SELECT DISTINCT r.table_id FROM results r JOIN result_seats m ON m.table_id = r.table_id WHERE {where}"
        rows = await self.db.all(f"SELECT r.* FROM results r WHERE r.table_id IN ({mine}) {ORDER}", args)
        seats = await self.db.all(
            f"SELECT s.* FROM result_seats s WHERE s.table_id IN ({mine}) ORDER BY s.table_id, s.seat", args
        )
        return _joined(rows, seats)

    async def tally(self, guild_id: int, game: str) -> Tally:
        """The server's ended tables of `game`, counted."""
        tally = Tally()
        key = (guild_id, game)
        for row in await self.db.all(
            "SELECT status, COUNT(*) FROM results WHERE guild_id = ? AND game = ? GROUP BY status", key
        ):
            setattr(tally, str(row[0]), int(row[1]))
        endings = await self.db.all(f"SELECT r.ending, COUNT(*) {FINISHED} GROUP BY r.ending ORDER BY 2 DESC, 1", key)
        tally.endings = {str(row[0]): int(row[1]) for row in endings}
        rows = await self.db.all(
            "WITH t AS (SELECT r.table_id, COUNT(*) AS players,"
            " CASE WHEN SUM(CASE WHEN s.place = 1 THEN 0 ELSE 1 END) = 0 THEN 1 ELSE 0 END AS draw"
            f" {FINISHED.replace('FROM results r', 'FROM results r JOIN result_seats s ON s.table_id = r.table_id')}"
            " GROUP BY r.table_id)"
            " SELECT t.players, s.seat, s.side, COUNT(*), SUM(CASE WHEN t.draw = 0 AND s.place = 1 THEN 1 ELSE 0 END),"
            " SUM(t.draw) FROM t JOIN result_seats s ON s.table_id = t.table_id GROUP BY t.players, s.seat, s.side"
            " ORDER BY 1, 2, 3",
            key,
        )
        tally.seats = [(int(r[0]), int(r[1]), r[2], int(r[3]), int(r[4]), int(r[5])) for r in rows]
        tally.turns = await self._middle("r.turns", key, tally.finished)
        timed = f"{FINISHED} AND r.started_at IS NOT NULL"
        counted = await self.db.one(f"SELECT COUNT(*) {timed}", key)
        tally.days = await self._middle(
            "(r.finished_at - r.started_at) / 86400.0", key, int(counted[0]) if counted else 0, timed
        )
        return tally

    async def _middle(
        self, what: str, key: tuple[int, str], count: int, where: str = FINISHED
    ) -> tuple[float, float] | None:
        """(median, largest) of `what` over `count` rows, sorted by the database."""
        if count == 0:
            return None
        middle = await self.db.all(
            f"SELECT {what} {where} ORDER BY 1 LIMIT ? OFFSET ?", (*key, 2 - count % 2, (count - 1) // 2)
        )
        largest = await self.db.one(f"SELECT MAX({what}) {where}", key)
        assert largest is not None
        return sum(float(row[0]) for row in middle) / len(middle), float(largest[0])

    async def result(self, table_id: int) -> tuple[ResultRow, list[ResultSeatRow]] | None:
        row = await self.db.one("SELECT r.* FROM results r WHERE r.table_id = ?", (table_id,))
        if row is None:
            return None
        seats = await self.db.all("SELECT * FROM result_seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return result_row(row), [seat_row(seat) for seat in seats]

    async def forget_user(self, user_id: int) -> list[tuple[int, str]]:
        """The user becomes a former player (user id 0) in every result; the (guild, game) pairs whose results
        changed, for their ratings to be rebuilt."""
        touched = await self.db.all(
            "SELECT DISTINCT r.guild_id, r.game FROM results r JOIN result_seats s ON s.table_id = r.table_id"
            " WHERE s.user_id = ? ORDER BY r.guild_id, r.game",
            (user_id,),
        )
        await self.db.write("UPDATE result_seats SET user_id = 0 WHERE user_id = ?", (user_id,))
        return [(int(row[0]), str(row[1])) for row in touched]

    async def missing(self) -> list[int]:
        """Tables that ended after a game began (a lobby given up never played) and have no result row: those
        that ended before results were kept, or by a path that could not record one."""
        rows = await self.db.all(
            "SELECT t.id FROM tables t WHERE t.status IN ('finished', 'abandoned') AND t.started_at IS NOT NULL"
            " AND NOT EXISTS (SELECT 1 FROM results r WHERE r.table_id = t.id) ORDER BY t.id",
            (),
        )
        return [int(row[0]) for row in rows]

    # --- pauses: kept for the time to move ---------------------------------------------------------------------

    async def pause_began(self, table_id: int, now: float) -> None:
        await self.db.write(
            "INSERT INTO pauses (table_id, began) VALUES (?, ?) ON CONFLICT (table_id, began) DO NOTHING",
            (table_id, now),
        )

    async def pause_ended(self, table_id: int, now: float) -> None:
        await self.db.write("UPDATE pauses SET ended = ? WHERE table_id = ? AND ended IS NULL", (now, table_id))

    async def pauses(self, table_id: int, now: float) -> list[tuple[float, float]]:
        """The table's pauses, in order; one still on lasts until `now`."""
        rows = await self.db.all(
            "SELECT began, COALESCE(ended, ?) FROM pauses WHERE table_id = ? ORDER BY began", (now, table_id)
        )
        return [(float(row[0]), float(row[1])) for row in rows]


def _joined(rows: list[Row], seats: list[Row]) -> Ended:
    """Each result with its seats (read in table order)."""
    by_table: dict[int, list[ResultSeatRow]] = {}
    for seat in seats:
        by_table.setdefault(int(seat["table_id"]), []).append(seat_row(seat))
    return [(result_row(row), by_table.get(int(row["table_id"]), [])) for row in rows]
