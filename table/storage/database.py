"""One database under the store: the handle every part of the store writes its queries through.

The parts (tables.py, log.py, clocks.py, people.py, schema.py) write their SQL once, with ? marks, in SQL that
SQLite and PostgreSQL both accept; a `Database` runs it. Its two kinds supply only what differs: connecting and
migrating, transactions, the table lock, the marks, and a few spellings.
- table/storage/sqlite.py (the default): one file, one process (table/storage/instance.py refuses a second).
- table/storage/postgres.py: a shared PostgreSQL database, for several bot processes at once.

Guarantees both keep: a change made inside `transaction()` lands whole or not at all (it may be nested within
one task); `lock(table_id)` is held by one task at a time in every process on the database.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any

from table.storage.rows import Row


class Database(ABC):
    dialect: str
    location: str  # what Store.open was given: the file's path or the database's URL
    one_process: bool  # True when one process serves the database (SQLite: table/storage/instance.py)
    GREATEST = "MAX"  # the larger of two values: MAX(a, b) in SQLite, GREATEST(a, b) in PostgreSQL
    LEAST = "MIN"

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration newer than the database's version; returns the version reached."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[None]:
        """Statements that land together or not at all; nested within one task, the outer one decides."""

    @abstractmethod
    def lock(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """The table's lock: one holder at a time among all tasks of all processes using this database."""

    async def reclaim(self) -> None:
        """After forgetting: no copy of the deleted or rewritten rows is left in the database's files (see
        SqliteDatabase's). PostgreSQL keeps dead rows until its VACUUM, which is the operator's (see the README)."""
        return None

    async def ids_copied(self) -> None:
        """After rows were copied in with their ids (Schema.put_rows): the next new row gets an id above them."""
        return None

    # --- statements: what the parts run ---------------------------------------------------------------------

    @abstractmethod
    async def write(self, sql: str, args: Iterable[Any] = ()) -> int:
        """One write statement (inside the caller's transaction or as its own); the number of rows it changed.
        A unique key already taken raises Conflict."""

    @abstractmethod
    async def write_rows(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        """A write statement with RETURNING: the rows it wrote."""

    async def insert(self, sql: str, args: Iterable[Any] = ()) -> int:
        """An INSERT ... RETURNING id; the new row's id."""
        rows = await self.write_rows(sql, args)
        return int(rows[0][0])

    @abstractmethod
    async def one(self, sql: str, args: Iterable[Any] = ()) -> Row | None: ...

    @abstractmethod
    async def all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]: ...

    async def upsert(self, table: str, key: tuple[str, ...], values: dict[str, Any]) -> None:
        """Insert the row, or replace the one with the same key (INSERT OR REPLACE, in SQL both accept)."""
        columns = ", ".join(values)
        marks = ", ".join("?" * len(values))
        changes = ", ".join(f"{name} = excluded.{name}" for name in values if name not in key)
        await self.write(
            f"INSERT INTO {table} ({columns}) VALUES ({marks}) ON CONFLICT ({', '.join(key)}) DO UPDATE SET {changes}",
            tuple(values.values()),
        )
