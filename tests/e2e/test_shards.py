"""Two bot processes, each serving one of two gateway shards, on one PostgreSQL database (started by the tests).

The stand-in's gateway can `spread` interactions over both processes (as during a rolling restart, the worst
case for a shared database); reminders, deadlines and late posts run in both processes at once."""

from __future__ import annotations

import asyncio
import re
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable

import pytest

from table.service import Caller, TableService
from table.storage import Store
from tests.e2e import oracle
from tests.e2e.driver import Driver, NoReply
from tests.e2e.flow import open_table
from tests.e2e.load import describe, simultaneous
from tests.e2e.process import BOT, BotProcess
from tests.e2e.standin import STALL, FakeDiscord
from tests.support import postgres

RESHOWN = "(Not shown before: the bot was interrupted.)"
LEASE = 2  # seconds a dead process's claims wait before the other takes them over


class Pair:
    """Two bot processes (shards 0 and 1 of 2) on one PostgreSQL database."""

    def __init__(self, discord: FakeDiscord, spawn: Callable[..., BotProcess], url: str) -> None:
        self.discord = discord
        self.url = url
        self.bots = [spawn([str(BOT)]) for _ in range(2)]
        for shard, process in enumerate(self.bots):
            process.extra_env = {
                "PBP_DATABASE_URL": url,
                "PBP_SHARDS": "2",
                "PBP_SHARD_IDS": str(shard),
                "PBP_LEASE_SECONDS": str(LEASE),
            }

    async def start(self, *which: int) -> None:
        for index in which or (0, 1):
            await self.bots[index].start_and_connect()
        await self.discord.gateway.wait_shards(len(which or (0, 1)))

    def tracebacks(self) -> list[str]:
        return [trace for process in self.bots for trace in process.tracebacks()]


@pytest.fixture
async def pair(discord: FakeDiscord, spawn: Callable[..., BotProcess]) -> AsyncIterator[Pair]:
    two = Pair(discord, spawn, await postgres.fresh_database())
    yield two
    assert not discord.refused, f"Discord would have refused: {discord.refused[:3]}"
    assert not discord.unhandled, [(r.method, r.path) for r in discord.unhandled]


async def test_two_shard_processes_play_one_game_and_sync_the_commands_once(
    discord: FakeDiscord, pair: Pair, driver: Driver
) -> None:
    await pair.start()
    await discord.wait_for(lambda: discord.command_syncs, timeout=15)
    discord.gateway.spread = True  # every other interaction reaches the other process
    channel, x, o = discord.channel(0), discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    for index, square in enumerate(("a1", "b1", "a2", "b2", "a3")):
        reply = await driver.run((x, o)[index % 2], "tictactoe mark", _channel=channel, square=square)
        assert not reply.refused, reply.text
    served = [session.interactions for session in discord.gateway.shard_sessions().values()]
    assert len(served) == 2 and min(served) >= 3, served
    table = oracle.table_in(pair.url, channel["id"])
    assert table.status == "finished" and len(table.actions) == 5
    oracle.assert_log_explains_state(table)
    await asyncio.sleep(1)  # time for a second sync, were there one
    assert len(discord.command_syncs) == 1  # the process serving shard 0 syncs; the other does not
    assert not pair.tracebacks(), pair.tracebacks()[:1]


@pytest.mark.slow
@pytest.mark.alone
async def test_50_simultaneous_actions_through_both_processes(discord: FakeDiscord, pair: Pair, driver: Driver) -> None:
    await pair.start()
    discord.gateway.spread = True
    x, o = discord.players[0], discord.players[1]
    result = await simultaneous(driver, pair.url, discord.channel(0), x, o, 50)
    print(describe(result))
    assert not result.failures, result.failures[:5]
    assert result.applied >= 1 and result.applied + result.refused == 50
    assert all(session.interactions >= 25 for session in discord.gateway.shard_sessions().values())
    assert not pair.tracebacks(), pair.tracebacks()[:1]


async def seed_waiting_tables(discord: FakeDiscord, url: str, count: int, due_in: float) -> list[int]:
    """`count` running tic-tac-toe tables written straight into the database, each awaiting its first player,
    whose reminder falls due in `due_in` seconds; the awaited players' user ids."""
    store = await Store.open(url)
    service = TableService(store, min_pace=1)
    awaited = []
    try:
        for index in range(count):
            channel = int(discord.channel(index)["id"])
            x, o = discord.players[2 * index], discord.players[2 * index + 1]
            await service.create(discord.guild.id, channel, Caller(x.id, x.name), "tictactoe", {})
            await service.join(channel, Caller(o.id, o.name))
            table = await service.start(channel, Caller(x.id, x.name), "joined")
            row = await store.clocks.reminder(table.table_id, 0)
            assert row is not None
            row.next_at = time.time() + due_in
            await store.clocks.put_reminder(row)
            await service.announced(table.table_id, table.version)  # its start was shown
            awaited.append(x.id)
    finally:
        await store.close()
    return awaited


def dm_counts(discord: FakeDiscord, users: list[int]) -> Counter[int]:
    members = {user.id: user for user in discord.players}
    return Counter({user: len(discord.dms_to(members[user])) for user in users})


async def deliveries(url: str) -> int:
    row = oracle.connect(url).execute("SELECT COUNT(*) AS n FROM deliveries").fetchone()
    assert row is not None
    return int(row["n"])


@pytest.mark.slow
@pytest.mark.alone
@pytest.mark.standin(users=400, channels=200)
async def test_reminders_due_on_200_tables_go_out_once_with_both_processes_ticking(
    discord: FakeDiscord, pair: Pair
) -> None:
    awaited = await seed_waiting_tables(discord, pair.url, 200, due_in=3)
    await pair.start()
    await discord.wait_for(lambda: all(dm_counts(discord, awaited).values()), timeout=60)
    await asyncio.sleep(3)  # several more ticks of both processes: nothing may go out twice
    counts = dm_counts(discord, awaited)
    assert set(counts.values()) == {1}, Counter(counts.values())
    assert await deliveries(pair.url) == 0
    assert not pair.tracebacks(), pair.tracebacks()[:1]


@pytest.mark.slow
@pytest.mark.alone
@pytest.mark.standin(users=40, channels=20)
async def test_a_process_killed_holding_a_claim_and_during_actions_loses_and_doubles_nothing(
    discord: FakeDiscord, pair: Pair, driver: Driver
) -> None:
    # 1. Claims: process 0 alone claims the first due reminder; its DM hangs (the stand-in holds the request) and
    # the process is killed while the claim is held. The other process takes it over after the lease.
    awaited = await seed_waiting_tables(discord, pair.url, 10, due_in=2)
    hang = discord.inject("POST", r"^/users/@me/channels$", STALL, times=1, retry_after=30)
    await pair.start(0)
    await discord.wait_for(lambda: hang.hits == 1, timeout=20)
    assert await deliveries(pair.url) == 1  # claimed, and the claim is in the database
    pair.bots[0].kill()
    await pair.start(1)
    await discord.wait_for(lambda: all(dm_counts(discord, awaited).values()), timeout=30)
    await asyncio.sleep(LEASE + 1.5)
    assert set(dm_counts(discord, awaited).values()) == {1}
    assert await deliveries(pair.url) == 0

    # 2. Actions: both processes take moves on ten more tables; process 0 is killed in the middle of the burst.
    await pair.start(0)
    discord.gateway.spread = True
    channels = [discord.channel(10 + index) for index in range(10)]
    for index, channel in enumerate(channels):
        await open_table(driver, channel, [discord.players[20 + 2 * index], discord.players[21 + 2 * index]])
    moves = [(channel, index, square) for index, square in enumerate(("a1", "b1", "a2")) for channel in channels]
    sent = []
    for count, (channel, index, square) in enumerate(moves):
        player = discord.players[20 + 2 * channels.index(channel) + index % 2]
        sent.append(await driver.slash(player, "tictactoe mark", _channel=channel, square=square))
        if count == len(moves) // 2:
            pair.bots[0].kill()  # a power cut, with moves on their way through it
    replies = await asyncio.gather(*(driver.reply(s) for s in sent), return_exceptions=True)
    applied = [r for r in replies if not isinstance(r, BaseException) and not r.refused]
    assert all(isinstance(r, NoReply) for r in replies if isinstance(r, BaseException)), replies
    await pair.start(0)

    def all_shown() -> bool:
        return all(t.announced >= t.version for t in oracle.tables(pair.url, actions=False) if t.status == "running")

    await wait_until(all_shown, timeout=LEASE + 20)
    for channel in channels:
        table = oracle.table_in(pair.url, channel["id"])
        oracle.assert_log_explains_state(table)
        messages = [message["content"] for message in discord.channel_messages(channel["id"])]
        for action in table.actions:
            move = rf"puts [XO] on {action['action']['square']}\b"
            shown = [m for m in messages for _ in re.findall(move, m)]
            assert shown, (move, messages)  # every committed move reached the channel
            # and once, unless the process died after Discord took its post and before the database recorded it:
            # then the move is shown again, after the mark that says so (docs/operating.md, "Running at scale")
            again = [m for m in shown[1:] if re.search(move, m.split(RESHOWN, 1)[-1]) and RESHOWN in m]
            assert len(shown) == 1 or (len(shown) == 2 and again), (move, messages)
    assert sum(len(oracle.table_in(pair.url, c["id"]).actions) for c in channels) >= len(applied)


async def wait_until(predicate: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.2)
