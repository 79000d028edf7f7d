"""Migrations, versions and transactions."""

from pathlib import Path

import pytest

from table.store import StaleVersion, Store, _migrations


async def test_migrations_apply_once_and_record_user_version(tmp_path: Path):
    store = await Store.open(tmp_path / "db.sqlite3")
    latest = max(number for number, _ in _migrations())
    async with store.db.execute("PRAGMA user_version") as cursor:
        assert (await cursor.fetchone())[0] == latest
    assert await store.migrate() == latest  # a second start changes nothing
    async with store.db.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    await store.close()


async def test_a_stale_version_is_refused_and_a_failed_transaction_writes_nothing(tmp_path: Path):
    store = await Store.open(tmp_path / "db.sqlite3")
    table_id = await store.insert_table(1, 2, "tictactoe", {}, 3, 0.0, 42)
    assert await store.save_state(table_id, 0, "{}") == 1
    with pytest.raises(StaleVersion):
        await store.save_state(table_id, 0, '{"late": true}')
    with pytest.raises(RuntimeError):
        async with store.transaction():
            await store.save_state(table_id, 1, '{"half": true}')
            raise RuntimeError("crash in the middle")
    table = await store.table(table_id)
    assert table and table.version == 1 and table.state == "{}"
    await store.close()


async def test_a_failed_transaction_never_takes_another_tasks_write_with_it(tmp_path: Path):
    import asyncio

    store = await Store.open(tmp_path / "db.sqlite3")
    first = await store.insert_table(1, 2, "tictactoe", {}, 3, 0.0, 1)
    second = await store.insert_table(1, 3, "tictactoe", {}, 3, 0.0, 2)
    inside = asyncio.Event()

    async def failing() -> None:
        with pytest.raises(RuntimeError):
            async with store.transaction():
                await store.save_state(first, 0, "{}")
                inside.set()
                await asyncio.sleep(0.05)  # another table's task runs meanwhile
                raise RuntimeError("this table's action fails")

    async def other_table() -> None:
        await inside.wait()
        await store.set_table(second, turns=5)

    await asyncio.gather(failing(), other_table())
    assert (await store.table(second)).turns == 5
    assert (await store.table(first)).version == 0
    await store.close()
