"""The ratings (migrations/0012): each player's rating per game per server, as table/service/ratings.py computes
them from the results, and the reads a leaderboard makes. Players are 'u<user id>' (a person) or 'bot:<strength>'.

Every write first locks the (guild, game)'s guard row: PostgreSQL holds that lock to the commit, so two tables of
one game ending at once in two processes are rated one after the other (SQLite runs one transaction at a time)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from table.storage.database import Database
from table.storage.rows import RatingRow, Row

GUARD = ""  # the guard row's player: no person or bot, and never listed (persons are 'u...', bots 'bot:...')
PEOPLE, BOTS = "u%", "bot:%"
COLUMNS = "guild_id, game, player, mu, sigma, games, wins, last_at"
ORDINAL = "mu - 3 * sigma"  # the conservative estimate boards are ordered by (table/service/rating_model.py)


@dataclass(frozen=True)
class Record:
    """What a board says beside a rating, from the results: games drawn, and seats taken over from someone."""

    draws: int = 0
    taken_over: int = 0


def rating_row(row: Row) -> RatingRow:
    return RatingRow(
        int(row["guild_id"]),
        str(row["game"]),
        str(row["player"]),
        float(row["mu"]),
        float(row["sigma"]),
        int(row["games"]),
        int(row["wins"]),
        float(row["last_at"]),
    )


class Ratings:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- writes: each inside the caller's transaction, after guard() ----------------------------------------

    async def guard(self, guild_id: int, game: str) -> None:
        """Lock the (guild, game)'s ratings until the caller's transaction ends."""
        await self.db.write(
            f"INSERT INTO ratings ({COLUMNS}) VALUES (?, ?, ?, 0, 0, 0, 0, 0)"
            " ON CONFLICT (guild_id, game, player) DO UPDATE SET games = 0",
            (guild_id, game, GUARD),
        )

    async def put(self, rows: Iterable[RatingRow]) -> None:
        for row in rows:
            await self.db.upsert("ratings", ("guild_id", "game", "player"), asdict(row))

    async def replace(self, guild_id: int, game: str, rows: Iterable[RatingRow]) -> None:
        """The (guild, game)'s ratings become `rows` (a rebuild)."""
        await self.db.write(
            "DELETE FROM ratings WHERE guild_id = ? AND game = ? AND player <> ?", (guild_id, game, GUARD)
        )
        await self.put(rows)

    # --- reads -------------------------------------------------------------------------------------------------

    async def of(self, guild_id: int, game: str, players: Sequence[str]) -> dict[str, RatingRow]:
        """The players' ratings (those rated before)."""
        if not players:
            return {}
        marks = ", ".join("?" * len(players))
        rows = await self.db.all(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND player IN ({marks})",
            (guild_id, game, *players),
        )
        return {row.player: row for row in map(rating_row, rows)}

    async def every(self, guild_id: int, game: str) -> list[RatingRow]:
        """Every rating of the game in the server, by player."""
        rows = await self.db.all(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND player <> ? ORDER BY player",
            (guild_id, game, GUARD),
        )
        return [rating_row(row) for row in rows]

    async def games(self, guild_id: int) -> list[str]:
        """The games with a rating in the server (a finished game counted), by id."""
        rows = await self.db.all(
            "SELECT DISTINCT game FROM ratings WHERE guild_id = ? AND player <> ? ORDER BY game", (guild_id, GUARD)
        )
        return [str(row[0]) for row in rows]

    async def top(self, guild_id: int, game: str, bots: bool, least: int, limit: int) -> tuple[list[RatingRow], int]:
        """The best `limit` with at least `least` games (people, or bots), best first; and how many qualify."""
        kind = BOTS if bots else PEOPLE
        where = "guild_id = ? AND game = ? AND player LIKE ? AND games >= ?"
        args = (guild_id, game, kind, least)
        rows = await self.db.all(
            f"SELECT * FROM ratings WHERE {where} ORDER BY {ORDINAL} DESC, games DESC, player LIMIT ?", (*args, limit)
        )
        counted = await self.db.one(f"SELECT COUNT(*) FROM ratings WHERE {where}", args)
        return [rating_row(row) for row in rows], int(counted[0]) if counted else 0

    async def on_the_way(self, guild_id: int, game: str, least: int, limit: int) -> tuple[list[RatingRow], int]:
        """People with fewer than `least` games, the closest first (at most `limit`); and how many there are."""
        where = "guild_id = ? AND game = ? AND player LIKE ? AND games < ?"
        args = (guild_id, game, PEOPLE, least)
        rows = await self.db.all(
            f"SELECT * FROM ratings WHERE {where} ORDER BY games DESC, last_at DESC, player LIMIT ?", (*args, limit)
        )
        counted = await self.db.one(f"SELECT COUNT(*) FROM ratings WHERE {where}", args)
        return [rating_row(row) for row in rows], int(counted[0]) if counted else 0

    async def records(self, guild_id: int, game: str, players: Sequence[str]) -> dict[str, Record]:
        """Each player's draws (every seat placed first) and seats taken over, in the game's finished tables, as
        table/service/rating_model.py counts them (a table of one bot strength alone is not counted)."""
        users = [int(player[1:]) for player in players if player.startswith("u")]
        bots = [player.removeprefix("bot:") for player in players if player.startswith("bot:")]
        counts = (
            "COUNT(DISTINCT CASE WHEN NOT EXISTS (SELECT 1 FROM result_seats o WHERE o.table_id = s.table_id"
            " AND (o.place IS NULL OR o.place <> 1)) THEN s.table_id END) AS draws, SUM(s.handed_over) AS taken_over"
        )
        ended = "JOIN results r ON r.table_id = s.table_id AND r.guild_id = ? AND r.game = ? AND r.status = 'finished'"
        found: dict[str, Record] = {}
        if users:
            marks = ", ".join("?" * len(users))
            for row in await self.db.all(
                f"SELECT s.user_id AS who, {counts} FROM result_seats s {ended}"
                f" WHERE s.user_id IN ({marks}) AND s.bot IS NULL GROUP BY s.user_id",
                (guild_id, game, *users),
            ):
                found[f"u{row['who']}"] = Record(int(row["draws"] or 0), int(row["taken_over"] or 0))
        if bots:
            marks = ", ".join("?" * len(bots))
            against = (  # someone else at the table: a game of one bot strength alone is not rated
                "EXISTS (SELECT 1 FROM result_seats p WHERE p.table_id = s.table_id"
                " AND (p.bot IS NULL OR p.bot <> s.bot))"
            )
            for row in await self.db.all(
                f"SELECT s.bot AS who, {counts} FROM result_seats s {ended}"
                f" WHERE s.bot IN ({marks}) AND {against} GROUP BY s.bot",
                (guild_id, game, *bots),
            ):
                found[f"bot:{row['who']}"] = Record(int(row["draws"] or 0), int(row["taken_over"] or 0))
        return found

    async def names(self, guild_id: int, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each person last held a seat under at an ended table of the server (their newest result)."""
        if not user_ids:
            return {}
        marks = ", ".join("?" * len(user_ids))
        # "guild_id + 0": found through each person's seats (their index), not through every result of the server
        # (SQLite chose that index: 27 ms instead of 5 on 10,000 games, bench/leaderboard.py)
        rows = await self.db.all(
            "SELECT s.user_id, t.name FROM result_seats s JOIN results r ON r.table_id = s.table_id"
            " JOIN seats t ON t.table_id = s.table_id AND t.seat = s.seat"
            f" WHERE s.user_id IN ({marks}) AND r.guild_id + 0 = ? ORDER BY r.finished_at, s.table_id",
            (*user_ids, guild_id),
        )
        return {int(row["user_id"]): str(row["name"]) for row in rows}  # the newest wins
