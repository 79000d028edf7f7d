"""What an adversarial review broke: nagging without a floor, newer or shared database files, lost races on the
log, odd input reaching the generic error, durability settings."""

from __future__ import annotations

import asyncio
import functools
import io
import sqlite3
from pathlib import Path

import pytest

import bot
from console.clock import ConsoleClock
from console.session import Console
from rules.base import ActionSpec, Meta, Param, RuleError
from rules.notation import DiceError, roll
from rules.rng import Rng
from table.service import TableError, TableService
from table.service.clock import Reminders, parse_quiet
from table.storage import NewerDatabase, Store, migrations
from table.storage.instance import InstanceError, claim
from table.text.actions import build_action, whole_number
from tests.support import sqlite
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock, Inbox

HOUR = 3600


async def started(service: TableService) -> None:
    await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")


# --- nagging -------------------------------------------------------------------------------------------------


async def test_reminders_and_deadlines_have_a_floor_and_a_refusal_writes_nothing(service: TableService) -> None:
    await started(service)
    for pace in ((1, None, None), (None, 1, None), (None, None, 59 * 60)):
        with pytest.raises(TableError, match="can't come sooner than 1h"):
            await service.settings(CHANNEL, ALICE, *pace)
    table = await service.table_here(CHANNEL)
    assert (table.remind_after, table.remind_every, table.deadline) == (12 * HOUR, 24 * HOUR, None)
    await service.settings(CHANNEL, ALICE, HOUR, HOUR, HOUR)  # the floor itself is allowed


async def test_the_floor_is_the_operators_setting(store: Store, clock: FakeClock) -> None:
    service = TableService(store, clock=clock, min_pace=1)
    await started(service)
    await service.settings(CHANNEL, ALICE, 1, 1, 2)
    assert (await service.table_here(CHANNEL)).remind_every == 1


async def test_the_channel_is_told_at_most_once_per_wait(service: TableService, clock: FakeClock) -> None:
    await started(service)
    await service.settings(CHANNEL, ALICE, HOUR, HOUR, None)
    inbox = Inbox()
    reminders = Reminders(service, inbox)
    for _ in range(60):  # sixty hours of hourly reminders
        clock.advance(HOUR)
        await reminders.tick(clock())
    assert len(inbox.mentions) == 1 and len(inbox.dms) == 59  # DMs go on, privately; one mention
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})
    await service.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    for _ in range(5):
        clock.advance(HOUR)
        await reminders.tick(clock())
    assert len(inbox.mentions) == 2  # a new wait may be escalated once more


# --- the database file --------------------------------------------------------------------------------------


async def test_a_database_from_a_newer_version_is_refused_and_left_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    store = await Store.open(path)
    await store.close()
    newer = max(number for number, _ in migrations("sqlite")) + 1
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {newer}")
        db.execute("PRAGMA journal_mode = DELETE")
    before = path.read_bytes()
    with pytest.raises(NewerDatabase, match=f"newer version of this bot \\(database version {newer}"):
        await Store.open(path)
    assert path.read_bytes() == before


def test_the_bot_refuses_to_start_on_a_newer_database(tmp_path: Path, monkeypatch, capsys) -> None:
    path = tmp_path / "tables.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 9999")
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setenv("PBP_DATA_DIR", str(tmp_path))
    assert bot.main([]) == 2
    assert "written by a newer version" in capsys.readouterr().err


def test_a_second_process_on_the_same_database_is_refused_naming_the_first(tmp_path: Path, monkeypatch, capsys):
    database = tmp_path / "tables.sqlite3"
    held = claim(database)
    try:
        with pytest.raises(InstanceError, match=r"the bot with process id \d+ on .*, running since"):
            claim(database)
        monkeypatch.setenv("DISCORD_TOKEN", "not-used")
        monkeypatch.setenv("PBP_DATA_DIR", str(tmp_path))
        assert bot.main([]) == 2
        assert "Another process is already using" in capsys.readouterr().err
    finally:
        held.release()
    claim(database).release()  # free again once the holder is gone


async def test_durability_is_stated_and_busy_writers_are_waited_for(sqlite_store: Store, tmp_path: Path) -> None:
    store = sqlite_store
    assert await sqlite.pragma(store, "synchronous") == 1  # NORMAL: docs/operating.md says what it keeps and may lose
    assert await sqlite.pragma(store, "busy_timeout") == 5000
    full = await Store.open(tmp_path / "full.sqlite3", "FULL")
    try:
        assert await sqlite.pragma(full, "synchronous") == 2
    finally:
        await full.close()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PBP_SYNCHRONOUS", "sometimes"),
        ("PBP_MIN_PACE", "an hour"),
        ("PBP_DATABASE_URL", "mysql://db/tables"),
        ("PBP_DATABASE_URL", "sqlite:///"),
        ("PBP_SHARDS", "two"),
        ("PBP_SHARD_IDS", "0"),  # without PBP_SHARDS
        ("PBP_LEASE_SECONDS", "-5"),
    ],
)
def test_a_setting_the_bot_cannot_use_is_refused_at_start(monkeypatch, capsys, name: str, value: str) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-used")
    monkeypatch.setenv(name, value)
    assert bot.main([]) == 2
    assert name in capsys.readouterr().err


async def test_losing_a_race_on_the_log_to_another_connection_is_an_ordinary_refusal(
    tmp_path: Path, clock: FakeClock
) -> None:
    seeds = iter(range(1, 10**6))
    first = await Store.open(tmp_path / "shared.sqlite3")
    second = await Store.open(tmp_path / "shared.sqlite3")
    try:
        one = TableService(first, clock=clock, seeds=lambda: next(seeds))
        two = TableService(second, clock=clock, seeds=lambda: next(seeds))
        await started(one)
        numbered, go_on = asyncio.Event(), asyncio.Event()
        count = first.log.action_count

        async def numbered_then_wait(table_id: int) -> int:
            n = await count(table_id)
            numbered.set()  # one has numbered its action and is about to write it...
            await go_on.wait()
            return n

        first.log.action_count = numbered_then_wait  # type: ignore[method-assign]
        late = asyncio.create_task(one.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"}))
        await numbered.wait()
        await two.act(CHANNEL, ALICE, {"type": "mark", "square": "a1"})  # ...when two writes the same number
        go_on.set()
        with pytest.raises(TableError, match="moved on while you acted"):
            await late
        rows = await first.log.actions((await first.tables.table_in_channel(CHANNEL)).id)  # type: ignore[union-attr]
        assert [row.action["square"] for row in rows] == ["a1"]
    finally:
        await first.close()
        await second.close()


# --- odd input ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["²", "٣", "9" * 5000, "-", "", " 12x", "1e3"])
def test_whole_numbers_are_ascii_digits_within_a_limit(typed: str) -> None:
    assert whole_number(typed) is None


def test_whole_numbers_read_plain_digits() -> None:
    assert whole_number(" 42 ") == 42 and whole_number("0") == 0 and whole_number("24", 23) is None


@pytest.mark.parametrize("notation", ["1d6+²", "1d6+٣", "²d6", "1d6+" + "9" * 90, "d" + "9" * 98])
def test_odd_dice_are_refused_with_a_dice_error(notation: str) -> None:
    with pytest.raises(DiceError):
        roll(notation, Rng(1), str)


@pytest.mark.parametrize("typed", ["²", "9" * 5000, "12345678901234567890"])
def test_odd_whole_number_parameters_are_refused_as_rule_errors(typed: str) -> None:
    bet = ActionSpec("bet", "Bet", params=(Param("n", "a number", "int"),))
    meta = Meta("demo", "Demo", 2, 2, "a test game", (bet,))
    with pytest.raises(RuleError, match=r"whole number|too long"):
        build_action(meta, "bet", {"n": typed})
    assert build_action(meta, "bet", {"n": "-3"}) == {"type": "bet", "n": -3}


@pytest.mark.parametrize("quiet", ["²-7", "22-٣", "99999999999999999999-1", "x", "22-24"])
def test_odd_quiet_hours_are_refused(quiet: str) -> None:
    with pytest.raises(TableError, match="two hours from 0 to 23"):
        parse_quiet(quiet)


async def test_odd_console_numbers_are_refused_not_crashing(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "console.sqlite3")
    out = io.StringIO()
    clock = ConsoleClock()
    console = Console(functools.partial(TableService, store, clock=clock), out, tmp_path / "images", clock)
    lines = ["game new tictactoe", "as bob", "game join", "as alice", "game start joined"]
    lines += ["board 99999999999999999999999", "history abc", "do ²", "pick 99999999999999999999999"]
    lines += ["reminders quiet=a-b", "roll 1d6+²"]
    try:
        for line in lines:
            assert await console.run_line(line)
    finally:
        await store.close()
    text = out.getvalue()
    assert "Traceback" not in text and "Something went wrong" not in text
    assert "There is no turn 999999999999: give a number from 0 to 100000" in text and "There is no page abc" in text
    assert "two hours from 0 to 23" in text and "is not a dice term" in text


@pytest.mark.parametrize(
    ("env", "shards", "ids", "syncs"),
    [
        ({}, None, None, True),
        ({"PBP_SHARDS": "4"}, 4, None, True),
        ({"PBP_SHARDS": "4", "PBP_SHARD_IDS": "3, 1"}, 4, (1, 3), False),
        ({"PBP_SHARDS": "2", "PBP_SHARD_IDS": "0"}, 2, (0,), True),
    ],
)
def test_shards_come_from_the_environment_and_one_process_syncs(
    monkeypatch, env: dict[str, str], shards: int | None, ids: tuple[int, ...] | None, syncs: bool
) -> None:
    for name in ("PBP_SHARDS", "PBP_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    config = bot.Config.from_env()
    assert (config.shards, config.shard_ids, config.syncs_commands) == (shards, ids, syncs)
    assert isinstance(bot.make_bot(config), bot.ShardedTableBot) == (shards is not None)


def test_a_shard_id_beyond_the_count_is_refused(monkeypatch) -> None:
    monkeypatch.setenv("PBP_SHARDS", "2")
    monkeypatch.setenv("PBP_SHARD_IDS", "0,2")
    with pytest.raises(bot.ConfigError, match="from 0 to 1"):
        bot.Config.from_env()


@pytest.mark.parametrize(
    ("url", "database", "shared"),
    [
        (None, "data/tables.sqlite3", False),
        ("sqlite:///games/t.sqlite3", "games/t.sqlite3", False),
        ("sqlite:////srv/t.sqlite3", "/srv/t.sqlite3", False),
        ("postgresql://bot:pw@db.example/tables", "postgresql://bot:pw@db.example/tables", True),
    ],
)
def test_the_database_is_chosen_by_url(monkeypatch, url: str | None, database: str, shared: bool) -> None:
    monkeypatch.setenv("PBP_DATA_DIR", "data")
    if url is None:
        monkeypatch.delenv("PBP_DATABASE_URL", raising=False)
    else:
        monkeypatch.setenv("PBP_DATABASE_URL", url)
    config = bot.Config.from_env()
    assert (config.database, config.shared) == (database, shared)
