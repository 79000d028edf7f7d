"""The PostgreSQL database (asyncpg): one database shared by several bot processes.

A table's lock holds across processes: it is a PostgreSQL advisory lock keyed by the table's id, taken on a
pooled connection that the holding task then uses for all its statements, so its reads and its transaction
see one session. If the process dies, PostgreSQL ends the session and frees the lock. Inside the lock the
version check of Tables.save_state stays: two writers can never both commit from the same version.

The parts' queries are written with ? marks; they are numbered ($1, $2...) here, once per statement.
"""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager, suppress
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg

from table.storage.database import Database
from table.storage.rows import Conflict, Row, Unreachable
from table.storage.schema import migrations, newer_database

LOCK_SPACE = 0x5042  # the first key of our advisory locks ("PB"), so other users of the database never collide
MIGRATION_LOCK = -1  # the second key while migrating: two processes starting at once migrate one after the other
POOL_SIZE = 10
CONNECT_TIMEOUT = 15.0  # seconds to wait for the server's answer when connecting (asyncpg's own default is 60)
_MARK = re.compile(r"\?")


def numbered(sql: str) -> str:
    """SQLite's ? marks as PostgreSQL's $1, $2... (our SQL has no ? inside a string literal)."""
    count = 0

    def next_mark(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return _MARK.sub(next_mark, sql)


async def give_back(conn: asyncpg.Connection, table_id: int) -> None:
    """Unlock a table's advisory lock. A connection that broke took the lock with its session (asyncpg may
    already have taken it back into the pool, and then refuses every call on it); one that cannot answer the
    unlock (its server went away mid-reply, or the task was cancelled while unlocking) is closed, so its
    session and the lock end with it rather than go back to the pool still held."""
    try:
        if not conn.is_closed():
            await conn.execute("SELECT pg_advisory_unlock($1, $2)", LOCK_SPACE, table_id)
    except (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError):
        _close(conn)
    except asyncio.CancelledError:
        _close(conn)
        raise


def _close(conn: asyncpg.Connection) -> None:
    with suppress(asyncpg.InterfaceError):  # the pool took it back when its connection died: nothing to close
        conn.terminate()


def _changed(status: str) -> int:
    """The row count in a command's status ('UPDATE 3', 'INSERT 0 1', 'DELETE 0')."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def unreachable(url: str, error: BaseException) -> Unreachable:
    """Why connecting to `url` failed, in one line with what to check (the URL's password left out)."""
    said = " ".join(str(error).split())  # the driver's or the server's words, on one line
    try:
        parts = urlsplit(url)
        host = parts.hostname or parse_qs(parts.query).get("host", ["localhost"])[0]  # ?host=: a socket's folder
        port = parts.port or 5432
    except ValueError:
        return Unreachable(f"The PostgreSQL URL cannot be read ({said}): it should look like {URL_SHAPE}.")
    where = f"PostgreSQL at {host}:{port}"
    user = parts.username or "the default user"
    database = parts.path.lstrip("/") or parts.username or "the default database"
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return Unreachable(f"{where} has no database {database!r}: create it, or correct the name in the URL.")
    if isinstance(error, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError):
        return Unreachable(f"{where} refused the login of {user!r} ({said}): check the user and password in the URL.")
    if isinstance(error, socket.gaierror):
        return Unreachable(f"The host name {host!r} cannot be found: check the host in the URL.")
    if isinstance(error, ConnectionRefusedError) or "Connect call failed" in str(error):
        return Unreachable(f"{where} refused the connection: check that the server runs and listens on that port.")
    if isinstance(error, TimeoutError):
        return Unreachable(
            f"{where} did not answer within {CONNECT_TIMEOUT:g} s: check the host, the port and any firewall."
        )
    if isinstance(error, ValueError):
        return Unreachable(f"The PostgreSQL URL cannot be used ({said}): it should look like {URL_SHAPE}.")
    return Unreachable(f"{where} could not be opened ({type(error).__name__}: {said}).")


URL_SHAPE = "postgresql://user:password@host:port/database"


class PostgresDatabase(Database):
    dialect = "postgresql"
    one_process = False
    GREATEST = "GREATEST"
    LEAST = "LEAST"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.location = url
        self._held: dict[asyncio.Task[Any], asyncpg.Connection] = {}  # a task's own connection (lock, transaction)
        self._in_transaction: set[asyncio.Task[Any]] = set()
        self._local: dict[int, asyncio.Lock] = {}  # this process's tasks queue here before asking PostgreSQL
        self._sql: dict[str, str] = {}

    @classmethod
    async def connect(cls, url: str, pool_size: int = POOL_SIZE) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise unreachable(url, error) from None
        database = cls(pool, url)
        try:
            await database.migrate()
        except BaseException:
            await pool.close()
            raise
        return database

    async def close(self) -> None:
        await self.pool.close()

    async def schema_version(self) -> int:
        async with self._connection() as conn:
            exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            return int(await conn.fetchval("SELECT version FROM schema_version")) if exists else 0

    async def migrate(self) -> int:
        """Apply every migration newer than the schema_version row, each in its own transaction."""
        known = migrations(self.dialect)
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", LOCK_SPACE, MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            current = await conn.fetchval("SELECT version FROM schema_version")
            if current is None:
                await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
                current = 0
            newest = max((number for number, _ in known), default=0)
            if current > newest:
                raise newer_database("the PostgreSQL database", current, newest)
            for number, script in known:
                if number <= current:
                    continue
                async with conn.transaction():  # a savepoint: each migration whole or not at all
                    await conn.execute(script)
                    await conn.execute("UPDATE schema_version SET version = $1", number)
                current = number
        return int(current)

    # --- connections: a task holding a lock or a transaction keeps using its own --------------------------------

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        task = asyncio.current_task()
        held = self._held.get(task) if task is not None else None
        if held is not None:
            yield held
            return
        async with self.pool.acquire() as conn:
            yield conn

    @asynccontextmanager
    async def _bound(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection reserved for this task until the block ends (the one it holds already, if any)."""
        task = asyncio.current_task()
        assert task is not None
        held = self._held.get(task)
        if held is not None:
            yield held
            return
        async with self.pool.acquire() as conn:
            self._held[task] = conn
            try:
                yield conn
            finally:
                del self._held[task]

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        task = asyncio.current_task()
        assert task is not None
        if task in self._in_transaction:
            yield  # nested in this task's own transaction
            return
        async with self._bound() as conn:
            self._in_transaction.add(task)
            try:
                async with conn.transaction():
                    yield
            finally:
                self._in_transaction.discard(task)

    @asynccontextmanager
    async def lock(self, table_id: int) -> AsyncIterator[None]:
        async with self._local.setdefault(table_id, asyncio.Lock()), self._bound() as conn:
            await conn.execute("SELECT pg_advisory_lock($1, $2)", LOCK_SPACE, table_id)
            try:
                yield
            finally:
                await give_back(conn, table_id)

    # --- statements ------------------------------------------------------------------------------------------

    def _numbered(self, sql: str) -> str:
        found = self._sql.get(sql)
        if found is None:
            found = self._sql[sql] = numbered(sql)
        return found

    async def write(self, sql: str, args: Iterable[Any] = ()) -> int:
        async with self._connection() as conn:
            try:
                status = await conn.execute(self._numbered(sql), *args)
            except asyncpg.UniqueViolationError as error:
                raise Conflict(str(error)) from None
        return _changed(status)

    async def write_rows(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        async with self._connection() as conn:
            return list(await conn.fetch(self._numbered(sql), *args))

    async def one(self, sql: str, args: Iterable[Any] = ()) -> Row | None:
        async with self._connection() as conn:
            row: Row | None = await conn.fetchrow(self._numbered(sql), *args)
            return row

    async def all(self, sql: str, args: Iterable[Any] = ()) -> list[Row]:
        async with self._connection() as conn:
            return list(await conn.fetch(self._numbered(sql), *args))

    async def ids_copied(self) -> None:
        for table in ("tables", "requests", "deliveries"):
            await self.write(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
            )
