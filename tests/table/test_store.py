"""Migrations, versions and transactions, on both stores (SQLite and PostgreSQL)."""

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from table.storage import TABLES, NewerDatabase, StaleVersion, Store, migrations
from tests.support import postgres, sqlite

DIALECTS = ["sqlite", "postgresql"]
LATEST = max(number for number, _ in migrations("sqlite"))


async def location(dialect: str, tmp_path: Path) -> str:
    return str(tmp_path / "db.sqlite3") if dialect == "sqlite" else await postgres.fresh_database()


@pytest.fixture(params=DIALECTS)
async def where(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    yield await location(request.param, tmp_path)


async def test_migrations_apply_once_and_record_user_version(tmp_path: Path):
    store = await Store.open(tmp_path / "db.sqlite3")
    latest = max(number for number, _ in migrations("sqlite"))
    assert await sqlite.pragma(store, "user_version") == latest
    assert await store.database.migrate() == latest  # a second start changes nothing
    assert await sqlite.pragma(store, "journal_mode") == "wal"
    await store.close()


async def test_a_stale_version_is_refused_and_a_failed_transaction_writes_nothing(where: str):
    store = await Store.open(where)
    table_id = await store.tables.insert_table(1, 2, "tictactoe", {}, 3, 0.0, 42)
    assert await store.tables.save_state(table_id, 0, "{}") == 1
    with pytest.raises(StaleVersion):
        await store.tables.save_state(table_id, 0, '{"late": true}')
    with pytest.raises(RuntimeError):
        async with store.transaction():
            await store.tables.save_state(table_id, 1, '{"half": true}')
            raise RuntimeError("crash in the middle")
    table = await store.tables.table(table_id)
    assert table and table.version == 1 and table.state == "{}"
    await store.close()


async def test_a_failed_transaction_never_takes_another_tasks_write_with_it(where: str):
    import asyncio

    store = await Store.open(where)
    first = await store.tables.insert_table(1, 2, "tictactoe", {}, 3, 0.0, 1)
    second = await store.tables.insert_table(1, 3, "tictactoe", {}, 3, 0.0, 2)
    inside = asyncio.Event()

    async def failing() -> None:
        with pytest.raises(RuntimeError):
            async with store.transaction():
                await store.tables.save_state(first, 0, "{}")
                inside.set()
                await asyncio.sleep(0.05)  # another table's task runs meanwhile
                raise RuntimeError("this table's action fails")

    async def other_table() -> None:
        await inside.wait()
        await store.tables.set_table(second, turns=5)

    await asyncio.gather(failing(), other_table())
    second_row, first_row = await store.tables.table(second), await store.tables.table(first)
    assert second_row is not None and second_row.turns == 5
    assert first_row is not None and first_row.version == 0
    await store.close()


# --- both dialects, one history -------------------------------------------------------------------------------


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    assert (
        [n for n, _ in migrations("sqlite")] == [n for n, _ in migrations("postgresql")] == list(range(1, LATEST + 1))
    )


async def columns(store: Store) -> dict[str, set[str]]:
    """Each table's columns, from the database's own catalogue."""
    found: dict[str, set[str]] = {}
    for table in TABLES:
        if store.database.dialect == "sqlite":
            rows = await store.database.all(f"SELECT name FROM pragma_table_info('{table}')")
        else:
            rows = await store.database.all(
                "SELECT column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = ?",
                (table,),
            )
        found[table] = {str(row[0]) for row in rows}
    return found


async def test_both_dialects_build_the_same_tables_and_columns(tmp_path: Path) -> None:
    lite, pg = await Store.open(await location("sqlite", tmp_path)), await Store.open(await postgres.fresh_database())
    try:
        assert await lite.database.schema_version() == await pg.database.schema_version() == LATEST
        lite_columns = await columns(lite)
        assert lite_columns == await columns(pg) and all(lite_columns.values())
    finally:
        await lite.close()
        await pg.close()


async def at_version(dialect: str, where: str, version: int) -> None:
    """A database as an older bot left it: migrations 1..version applied, and one table row written."""
    scripts = [script for number, script in migrations(dialect) if number <= version]
    row = (
        "INSERT INTO tables (guild_id, channel_id, game, options, status, creator_id, created_at, seed)"
        " VALUES (1, 2, 'tictactoe', '{}', 'lobby', 3, 1.5, 99)"
    )
    if dialect == "sqlite":
        with sqlite3.connect(where) as db:
            db.executescript("".join(scripts) + (row + ";" if version else "") + f"PRAGMA user_version = {version};")
        return
    conn = await asyncpg.connect(where)
    try:
        for script in scripts:
            await conn.execute(script)
        if version:
            await conn.execute(row)
        await conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", version)
    finally:
        await conn.close()


@pytest.mark.parametrize("version", range(LATEST))
@pytest.mark.parametrize("dialect", DIALECTS)
async def test_a_database_of_every_earlier_version_migrates_to_the_latest(
    dialect: str, version: int, tmp_path: Path
) -> None:
    where = await location(dialect, tmp_path)
    await at_version(dialect, where, version)
    store = await Store.open(where)
    try:
        assert await store.database.schema_version() == LATEST
        if version:
            table = await store.tables.table(1)
            assert table is not None and (table.game, table.seed, table.posts) == ("tictactoe", 99, "turn")
        new_id = await store.tables.insert_table(1, 2, "tictactoe", {}, 3, 2.0, 7)  # ids go on after the old rows
        assert new_id == (2 if version else 1)
    finally:
        await store.close()


@pytest.mark.parametrize("dialect", DIALECTS)
async def test_a_database_of_a_newer_version_is_refused(dialect: str, tmp_path: Path) -> None:
    where = await location(dialect, tmp_path)
    await at_version(dialect, where, LATEST)
    if dialect == "sqlite":
        with sqlite3.connect(where) as db:
            db.execute(f"PRAGMA user_version = {LATEST + 1}")
    else:
        conn = await asyncpg.connect(where)
        await conn.execute("UPDATE schema_version SET version = $1", LATEST + 1)
        await conn.close()
    with pytest.raises(NewerDatabase, match="newer version"):
        await Store.open(where)


async def test_two_processes_starting_at_once_migrate_a_postgresql_database_once() -> None:
    import asyncio

    url = await postgres.fresh_database()
    stores = await asyncio.gather(*(Store.open(url) for _ in range(3)))
    try:
        assert [await store.database.schema_version() for store in stores] == [LATEST] * 3
    finally:
        for store in stores:
            await store.close()
