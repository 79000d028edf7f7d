"""The SQLite connection under a store opened on a file, for the tests that read what only SQLite keeps (PRAGMAs,
column types, a WAL checkpoint)."""

from __future__ import annotations

from typing import Any

import aiosqlite

from table.storage import Store
from table.storage.sqlite import SqliteDatabase


def connection(store: Store) -> aiosqlite.Connection:
    database = store.database
    assert isinstance(database, SqliteDatabase), f"not an SQLite store: {type(database).__name__}"
    return database.connection


async def pragma(store: Store, name: str) -> Any:
    """What SQLite answers to `PRAGMA name` on the store's connection."""
    async with connection(store).execute(f"PRAGMA {name}") as cursor:
        row = await cursor.fetchone()
    assert row is not None, name
    return row[0]
