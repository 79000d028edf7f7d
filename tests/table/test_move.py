"""Moving a SQLite file's tables into PostgreSQL (bot.py --migrate-to): everything copied, verified, playable."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

import bot
from table.service import TableService
from table.storage import TABLES, ActionRow, Prefs, Store
from table.storage.move import MoveError, move, verify_games
from tests.support import postgres
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock
from tests.table.test_snapshots import (  # noqa: F401 (small_keyframes: a fixture used by name)
    assert_every_turn_reads,
    old_database,
    play_pig,
    small_keyframes,
    start_pig,
)


async def a_used_database(path: Path, clock: FakeClock) -> dict[int, str]:
    """A SQLite file as a community leaves it: a long game with snapshots and chunked log, a finished game, a
    lobby, preferences, reminders and a request. Returns the long game's board text by turn."""
    store = await Store.open(path)
    seeds = iter(range(1, 10**6))
    service = TableService(store, clock=clock, seeds=lambda: next(seeds))
    await start_pig(service)
    texts = await play_pig(service, until_turns=9)
    await service.pause(CHANNEL, ALICE)  # an open request
    for channel, moves in ((CHANNEL + 1, ["a1", "b1", "a2", "b2", "a3"]), (CHANNEL + 2, [])):
        await service.create(GUILD, channel, ALICE, "tictactoe", {})
        await service.join(channel, BOB)
        if moves:
            await service.start(channel, ALICE, "joined")
        for index, square in enumerate(moves):
            await service.act(channel, (ALICE, BOB)[index % 2], {"type": "mark", "square": square})
    await store.people.save_prefs(Prefs(BOB.user_id, quiet_from=22, quiet_to=7, timezone="Europe/Oslo"))
    await store.close()
    return texts


@pytest.mark.usefixtures("with_pig")
async def test_every_row_moves_and_every_game_replays_and_plays_on(tmp_path: Path, clock: FakeClock) -> None:
    texts = await a_used_database(tmp_path / "tables.sqlite3", clock)
    source = await Store.open(tmp_path / "tables.sqlite3")
    target = await Store.open(await postgres.fresh_database())
    try:
        report = await move(source, target)
        for table in TABLES:
            assert report.counts[table] == await source.schema.count(table) == await target.schema.count(table)
        assert report.counts["snapshots"] > 5 and report.counts["log_chunks"] > 5 and report.counts["requests"] == 1
        assert report.replayed == 2  # the pig game and the finished tic-tac-toe (the lobby has no state)
        assert [await source.schema.rows_of(t) for t in ("seats", "prefs")] == [
            await target.schema.rows_of(t) for t in ("seats", "prefs")
        ]
        seeds = iter(range(10**6, 2 * 10**6))
        service = TableService(target, clock=clock, seeds=lambda: next(seeds))
        await assert_every_turn_reads(service, texts)  # every turn's board, from the copied snapshots
        texts.update(await play_pig(service, until_turns=12))  # and the game goes on in PostgreSQL
        await assert_every_turn_reads(service, texts)
        new = await service.create(GUILD, CHANNEL + 3, BOB, "tictactoe", {})
        assert new.id == 4  # ids go on after the copied ones
        assert await verify_games(target) == 2
    finally:
        await source.close()
        await target.close()


def as_0001_row(row: ActionRow) -> tuple[object, ...]:
    action, events = json.dumps(row.action), json.dumps(row.events)
    return (
        row.table_id,
        row.n,
        row.kind,
        row.seat,
        row.user_id,
        action,
        row.seed,
        events,
        row.rolls,
        row.secret,
        row.at,
    )


@pytest.mark.usefixtures("with_pig", "small_keyframes")
async def test_snapshots_from_before_compression_move_as_keyframes(tmp_path: Path, clock: FakeClock) -> None:
    source = await Store.open(tmp_path / "source.sqlite3")
    seeds = iter(range(1, 10**6))
    await start_pig(TableService(source, clock=clock, seeds=lambda: next(seeds)))
    texts = await play_pig(TableService(source, clock=clock, seeds=lambda: next(seeds)), until_turns=6)
    log = await source.log.actions(1)
    await source.database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # type: ignore[attr-defined]
    await source.close()
    old_database(tmp_path / "old.sqlite3", tmp_path / "source.sqlite3")  # a 0001 file: snapshots as text
    with sqlite3.connect(tmp_path / "old.sqlite3") as db:  # and its whole log in `actions`, as 0001 kept it
        db.execute("DELETE FROM actions")
        db.executemany(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [as_0001_row(row) for row in log],
        )
    old = await Store.open(tmp_path / "old.sqlite3")
    target = await Store.open(await postgres.fresh_database())
    try:
        assert any(isinstance(row["state"], str) for row in await old.schema.rows_of("snapshots"))
        await move(old, target)
        assert all(isinstance(row["state"], bytes) for row in await target.schema.rows_of("snapshots"))
        await assert_every_turn_reads(TableService(target, clock=clock), texts)
    finally:
        await old.close()
        await target.close()


async def test_a_target_that_holds_tables_is_refused_and_left_alone(tmp_path: Path, clock: FakeClock) -> None:
    source = await Store.open(tmp_path / "tables.sqlite3")
    target = await Store.open(await postgres.fresh_database())
    try:
        await target.tables.insert_table(GUILD, CHANNEL, "tictactoe", {}, 1, 0.0, 1)
        with pytest.raises(MoveError, match=r"already holds data \(1 tables\)"):
            await move(source, target)
        assert await target.schema.count("tables") == 1
    finally:
        await source.close()
        await target.close()


@pytest.mark.usefixtures("with_pig")
def test_the_command_copies_and_says_what_it_did(tmp_path: Path, clock: FakeClock, monkeypatch, capsys) -> None:
    import asyncio

    asyncio.run(a_used_database(tmp_path / "tables.sqlite3", clock))
    url = asyncio.run(postgres.fresh_database())
    monkeypatch.setenv("PBP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PBP_DATABASE_URL", raising=False)
    assert bot.main(["--migrate-to", url]) == 0
    out = capsys.readouterr().out
    assert "Copied 3 tables" in out and "Replayed 2 games" in out and f"PBP_DATABASE_URL={url}" in out
    assert bot.main(["--migrate-to", url]) == 1  # a second run finds the tables there: refused, nothing doubled
    assert "already holds data (3 tables," in capsys.readouterr().err
    assert bot.main(["--migrate-to", "mysql://somewhere/db"]) == 1
    assert "needs a postgresql:// URL" in capsys.readouterr().err


def test_a_second_run_after_copying_only_preferences_is_refused_not_a_conflict(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    """A file with preferences and no tables: the first run copies them; the second finds the target holds rows
    (any table counts, not only `tables`) and refuses in words, instead of a duplicate key."""
    import asyncio

    async def prefs_only() -> None:
        store = await Store.open(tmp_path / "tables.sqlite3")
        await store.people.save_prefs(Prefs(BOB.user_id, quiet_from=22, quiet_to=7))
        await store.close()

    asyncio.run(prefs_only())
    url = asyncio.run(postgres.fresh_database())
    monkeypatch.setenv("PBP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PBP_DATABASE_URL", raising=False)
    assert bot.main(["--migrate-to", url]) == 0
    assert "Copied 1 prefs." in capsys.readouterr().out
    assert bot.main(["--migrate-to", url]) == 1
    err = capsys.readouterr().err
    assert "already holds data (1 prefs)" in err and "Nothing was copied" in err and "Traceback" not in err
