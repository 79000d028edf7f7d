"""Backups of the SQLite file: `bot.py --backup PATH` beside the running bot, the bot's own daily backups, and a
restore that plays on."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

import bot
from table.service import TableService
from table.storage import Store
from table.storage.backup import BackupError, DailyBackups, copy_database
from table.storage.instance import claim
from tests.cogs.harness import Harness
from tests.table.conftest import CHANNEL, FakeClock
from tests.table.test_snapshots import assert_every_turn_reads, play_pig, start_pig

DAY = 86400.0


def restore(backup: Path, database: Path) -> None:
    """As the README says: with the bot stopped, set the database and its -wal and -shm files aside, then copy the
    backup into its place."""
    aside = database.parent / "before-restore"
    aside.mkdir()
    for name in (database.name, database.name + "-wal", database.name + "-shm"):
        if (database.parent / name).exists():
            (database.parent / name).rename(aside / name)
    shutil.copyfile(backup, database)


@pytest.mark.usefixtures("with_pig")
async def test_a_backup_taken_mid_game_beside_the_running_bot_restores_and_the_game_goes_on(
    tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "data" / "tables.sqlite3"
    running = claim(database)  # the running bot's lock: --backup must work beside it, without taking it
    store = await Store.open(database)
    try:
        seeds = iter(range(1, 10**6))
        service = TableService(store, clock=clock, seeds=lambda: next(seeds))
        await start_pig(service)
        texts = await play_pig(service, until_turns=6)
        at_backup = await service.table_here(CHANNEL)
        monkeypatch.setenv("PBP_DATA_DIR", str(database.parent))
        monkeypatch.delenv("PBP_DATABASE_URL", raising=False)
        # the moves are still in the write-ahead log, which a plain copy of tables.sqlite3 would miss
        assert (tmp_path / "data" / "tables.sqlite3-wal").stat().st_size > 0
        assert await asyncio.to_thread(bot.main, ["--backup", str(tmp_path / "copy.sqlite3")]) == 0
        assert f"to {tmp_path / 'copy.sqlite3'}" in capsys.readouterr().out
        assert not list(tmp_path.glob("*.partial"))
        await play_pig(service, until_turns=8)  # the game goes on after the backup: the restore goes back to turn 6
    finally:
        await store.close()
        running.release()

    restore(tmp_path / "copy.sqlite3", database)
    store = await Store.open(database)
    try:
        service = TableService(store, clock=clock, seeds=lambda: next(seeds))
        table = await service.table_here(CHANNEL)
        assert (table.version, table.turns, table.state) == (at_backup.version, 6, at_backup.state)
        await assert_every_turn_reads(service, texts)  # every stored turn's board reads back
        texts.update(await play_pig(service, until_turns=10))  # and the game goes on
        await assert_every_turn_reads(service, texts)
    finally:
        await store.close()


def test_backup_into_a_folder_names_the_file_by_the_time(tmp_path: Path, monkeypatch, capsys) -> None:
    asyncio.run(_a_database(tmp_path / "tables.sqlite3"))
    (tmp_path / "kept").mkdir()
    monkeypatch.setenv("PBP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PBP_DATABASE_URL", raising=False)
    assert bot.main(["--backup", str(tmp_path / "kept")]) == 0
    (made,) = (tmp_path / "kept").iterdir()
    assert made.name.startswith("tables-") and made.suffix == ".sqlite3"
    assert _tables_in(made) == 1


def test_backup_is_refused_on_postgresql_with_what_to_run_instead(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PBP_DATABASE_URL", "postgresql://bot:secret@127.0.0.1:1/tables")
    assert bot.main(["--backup", str(tmp_path / "copy")]) == 2
    err = capsys.readouterr().err
    assert "pg_dump --format=custom" in err and "pg_restore" in err and "secret" not in err
    assert not list(tmp_path.iterdir())


def test_backup_without_a_database_or_a_path_says_so(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("PBP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("PBP_DATABASE_URL", raising=False)
    assert bot.main(["--backup", str(tmp_path / "copy.sqlite3")]) == 2
    assert "There is no database at" in capsys.readouterr().err
    assert bot.main(["--backup"]) == 2
    assert "Usage: python bot.py --backup" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_failed_copy_leaves_no_file(tmp_path: Path) -> None:
    (tmp_path / "tables.sqlite3").write_text("not a database at all, " * 100)
    with pytest.raises(BackupError, match="no backup file was left"):
        copy_database(tmp_path / "tables.sqlite3", tmp_path / "copy.sqlite3")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["tables.sqlite3"]
    with pytest.raises(BackupError, match="another file than the database"):
        copy_database(tmp_path / "tables.sqlite3", tmp_path / "." / "tables.sqlite3")


async def test_one_backup_a_day_and_the_newest_seven_are_kept(tmp_path: Path, clock: FakeClock) -> None:
    database = tmp_path / "tables.sqlite3"
    await _a_database(database)
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "tables-2020-01-01.sqlite3.partial").write_text("cut short by a crash")
    (folder / "notes.txt").write_text("the operator's own file")  # not ours: never dropped
    daily = DailyBackups(database, folder, keep=7, clock=clock)
    days = []
    for _ in range(9):
        made = await daily.tick()
        assert made is not None and made.exists()
        days.append(datetime.fromtimestamp(clock.now, UTC).date().isoformat())
        clock.advance(DAY / 2)
        assert await daily.tick() is None  # the same day: today's is there already
        clock.advance(DAY / 2)
    assert [path.name for path in daily.kept()] == [f"tables-{day}.sqlite3" for day in days[-7:]]
    assert sorted(path.name for path in folder.iterdir()) == sorted([*(p.name for p in daily.kept()), "notes.txt"])
    assert all(_tables_in(path) == 1 for path in daily.kept())


def test_pbp_backups_sets_how_many_or_off(monkeypatch) -> None:
    for text, keep in (("", 7), ("3", 3), ("off", 0), ("OFF", 0), ("0", 0)):
        monkeypatch.setenv("PBP_BACKUPS", text)
        assert bot.Config.from_env().backups == keep
    monkeypatch.setenv("PBP_BACKUPS", "weekly")
    with pytest.raises(bot.ConfigError, match="PBP_BACKUPS must be how many daily backups to keep"):
        bot.Config.from_env()


async def test_the_bot_takes_its_daily_backup_by_itself(tmp_path: Path) -> None:
    harness = Harness(tmp_path)
    await harness.start()
    try:
        assert harness.bot.backups is not None
        await asyncio.wait_for(harness.bot.backups.ticked.wait(), 60)
        (made,) = (tmp_path / "backups").iterdir()
        assert made == harness.bot.backups.path_for(harness.bot.backups.clock())
        assert _tables_in(made) == 0  # the bot's database, empty as it started
    finally:
        assert harness.bot._backup_task is not None
        harness.bot._backup_task.cancel()
        await harness.close()


async def test_no_daily_backup_when_off(tmp_path: Path) -> None:
    harness = Harness(tmp_path)
    harness.bot.config = bot.Config("test-token", tmp_path, None, None, 3600, backups=0)
    await harness.start()
    try:
        assert harness.bot.backups is None
    finally:
        await harness.close()
    assert not (tmp_path / "backups").exists()


async def _a_database(path: Path) -> None:
    store = await Store.open(path)
    await store.tables.insert_table(1, 2, "tictactoe", {}, 3, 0.0, 4)
    await store.close()


def _tables_in(path: Path) -> int:
    with closing(sqlite3.connect(path)) as db:
        return int(db.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
