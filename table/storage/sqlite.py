"""The SQLite database (aiosqlite, WAL): the default, a single file that needs nothing installed.

One connection serves the whole bot, and one process serves the file (table/storage/instance.py). Because every task
shares the connection, a write lock owned by one task at a time guards it: a transaction, and each single
write, take the lock, so one table's statements never end up in another table's transaction (and roll back
with it). A table's lock is a lock in this process's memory, which is all one process needs.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from table.storage.database import Database
from table.storage.rows import Conflict, Row
from table.storage.schema import migrations, newer_database

SYNCHRONOUS = ("NORMAL", "FULL")  # SQLite's durability levels that suit WAL (see SqliteDatabase.open_file)

RECLAIM_TRIES = 20  # VACUUM waits this many short turns for readers of other tasks to finish
BUSY_TIMEOUT_MS = 5000  # another connection's write (a backup, the sqlite3 shell) is waited for, not an error


async def _user_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


class SqliteDatabase(Database):
    dialect = "sqlite"
    one_process = True

    def __init__(self, connection: aiosqlite.Connection, location: str = ":memory:") -> None:
        self.connection = connection
        self.location = location
        self._write_lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None  # the task whose transaction is open
        self._locks: dict[int, asyncio.Lock] = {}

    @classmethod
    async def open_file(cls, path: str | Path, synchronous: str = "NORMAL") -> Self:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            # Read the file's version before anything writes to it (even the journal mode is a write).
            found = await _user_version(db)
            known = max((number for number, _ in migrations(cls.dialect)), default=0)
            if found > known:
                raise newer_database(str(path), found, known)
            db.row_factory = aiosqlite.Row
            await db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA journal_mode=WAL")
            # NORMAL (the default): with WAL, a commit survives any crash of the bot, but the last moves before a
            # power cut or OS crash may be lost; FULL (PBP_SYNCHRONOUS=full) keeps them too, at the price of a
            # disk flush per move, which under a burst of many tables at once costs seconds of waiting.
            if synchronous.upper() not in SYNCHRONOUS:
                raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
            await db.execute(f"PRAGMA synchronous={synchronous.upper()}")
            await db.execute("PRAGMA foreign_keys=ON")
        except BaseException:
            await db.close()
            raise
        database = cls(db, str(path))
        await database.migrate()
        return database

    async def close(self) -> None:
        await self.connection.close()

    async def schema_version(self) -> int:
        return await _user_version(self.connection)

    async def migrate(self) -> int:
        """Apply every migration newer than PRAGMA user_version, each in its own transaction."""
        current = await _user_version(self.connection)
        for number, script in migrations(self.dialect):
            if number <= current:
                continue
            await self.connection.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
            current = number
        return current

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        task = asyncio.current_task()
        if self._owner is task:
            yield  # nested in this task's own transaction
            return
        async with self._write_lock:
            self._owner = task
            try:
                await self.connection.execute("BEGIN IMMEDIATE")
                try:
                    yield
                except BaseException:
                    await self.connection.execute("ROLLBACK")
                    raise
                await self.connection.execute("COMMIT")
            finally:
                self._owner = None

    @asynccontextmanager
    async def lock(self, table_id: int) -> AsyncIterator[None]:
        async with self._locks.setdefault(table_id, asyncio.Lock()):
            yield

    async def reclaim(self) -> None:
        """Rebuild the file from its live rows (VACUUM), then empty the WAL into it (checkpoint, truncated): a
        forgotten user's id and name are left neither in freed pages nor in old frames of the WAL. It stalls the
        bot for as long as the file takes to copy, which is why it runs only after forgetting someone (rare),
        rather than secure_delete on every write (see the README's privacy section for the figures)."""
        async with self._write_lock:  # no transaction of another task is open on the connection meanwhile
            for statement in ("VACUUM", "PRAGMA wal_checkpoint(TRUNCATE)"):
                for attempt in range(RECLAIM_TRIES):
                    try:
                        async with self.connection.execute(
                            statement
                        ):  # closed at once: an open one would refuse VACUUM
                            break
                    except sqlite3.OperationalError as error:
                        # a reader of another task sits between its query and its fetch (readers take no lock):
                        # let it finish, then try again
                        if "in progress" not in str(error) or attempt == RECLAIM_TRIES - 1:
                            raise
                        await asyncio.sleep(0.01 * (attempt + 1))

    async def write(self, sql: str, args: Iterable[Any] = ()) -> int:
        async with self.transaction():
            try:
                async with self.connection.execute(sql, tuple(args)) as cursor:
                    return cursor.rowcount
            except sqlite3.IntegrityError as error:
                if "UNIQUE" in str(error) or "PRIMARY KEY" in str(error):
                    raise Conflict(str(error)) from None
                raise

    # Reads run the statement and fetch its rows in one trip to aiosqlite's thread (execute_fetchall): a cursor
    # takes three (execute, fetch, close), about 0.2 ms against 0.07 here, and an action makes about twenty reads.
    async def write_rows(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        async with self.transaction():
            return list(await self.connection.execute_fetchall(sql, tuple(args)))

    async def one(self, sql: str, args: Iterable[Any] = ()) -> Row | None:
        rows = list(await self.connection.execute_fetchall(sql, tuple(args)))
        return rows[0] if rows else None

    async def all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        return list(await self.connection.execute_fetchall(sql, tuple(args)))
