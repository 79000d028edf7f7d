"""The schema as a whole: its migrations and versions, its tables copied whole, and the bot's own settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from table.storage.database import Database
from table.storage.rows import NewerDatabase

MIGRATIONS = Path(__file__).resolve().parent.parent.parent / "migrations"

# Every table of the schema, parents before children: the order a copy between stores writes them in.
TABLES = (
    "tables",
    "seats",
    "actions",
    "log_chunks",
    "snapshots",
    "prefs",
    "reminders",
    "requests",
    "settings",
    "turn_messages",
    "away_used",
    "postings",
    "deliveries",
    "seat_names",
    "results",
    "result_seats",
    "ratings",
    "pauses",
)


def migrations(dialect: str) -> list[tuple[int, str]]:
    """The numbered schema changes for a dialect: migrations/*.sql (SQLite), migrations/postgresql/*.sql."""
    folder = MIGRATIONS if dialect == "sqlite" else MIGRATIONS / dialect
    files = sorted(folder.glob("[0-9][0-9][0-9][0-9]_*.sql"))
    return [(int(path.name[:4]), path.read_text(encoding="utf-8")) for path in files]


def newer_database(where: str, found: int, known: int) -> NewerDatabase:
    return NewerDatabase(
        f"{where} was written by a newer version of this bot (database version {found}; this one knows up "
        f"to {known}). Upgrade the bot, or point it at another database. Nothing was changed."
    )


class Schema:
    def __init__(self, db: Database) -> None:
        self.db = db

    # --- copying a whole database (bot.py --migrate-to, table/storage/move.py) -------------------------------

    async def rows_of(self, table: str) -> list[dict[str, Any]]:
        if table not in TABLES:
            raise ValueError(table)
        return [dict(row) for row in await self.db.all(f"SELECT * FROM {table}")]

    async def put_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        """Write rows read by rows_of from another store (ids kept), inside the caller's transaction; then
        Database.ids_copied."""
        if table not in TABLES:
            raise ValueError(table)
        for row in rows:
            columns = ", ".join(row)
            await self.db.write(
                f"INSERT INTO {table} ({columns}) VALUES ({', '.join('?' * len(row))})", tuple(row.values())
            )

    async def count(self, table: str) -> int:
        if table not in TABLES:
            raise ValueError(table)
        row = await self.db.one(f"SELECT COUNT(*) FROM {table}")
        return int(row[0]) if row else 0

    # --- settings -----------------------------------------------------------------------------------------

    async def setting(self, key: str) -> str | None:
        row = await self.db.one("SELECT value FROM settings WHERE key = ?", (key,))
        return str(row[0]) if row else None

    async def put_setting(self, key: str, value: str) -> None:
        await self.db.upsert("settings", ("key",), {"key": key, "value": value})

    async def first_setting(self, key: str, value: str) -> str:
        """The setting, stored as `value` if it had none: of several processes storing one at once, the first wins
        and all of them get its value."""
        insert = "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING"
        await self.db.write(insert, (key, value))
        found = await self.setting(key)
        assert found is not None
        return found
