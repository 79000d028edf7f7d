"""Several processes on one PostgreSQL database: each test opens two stores on one database, as two bot
processes would, and forces the interleaving it is about (a lock held open, a claim left behind), never a sleep."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import replace

import asyncpg
import pytest

import rules
from rules import serial
from rules.base import RuleError
from table.service import TableError, TableService
from table.service.clock import Reminders
from table.service.replay import replay
from table.storage import Store
from table.storage.postgres import give_back
from tests.support import postgres
from tests.table.conftest import ALICE, BOB, CHANNEL, GUILD, FakeClock, Inbox

HOUR = 3600


@pytest.fixture
async def two() -> AsyncIterator[tuple[Store, Store]]:
    """Two stores on one fresh PostgreSQL database: what two bot processes would hold."""
    url = await postgres.fresh_database()
    first, second = await Store.open(url), await Store.open(url)
    yield first, second
    await first.close()
    await second.close()


async def waiting_for_advisory_locks(store: Store) -> int:
    row = await store.database.one("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
    assert row is not None
    return int(row[0])


async def until_someone_waits(store: Store) -> None:
    """Until another session waits on an advisory lock (polls PostgreSQL's own lock table)."""
    for _ in range(1000):
        if await waiting_for_advisory_locks(store):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("nobody waited for the lock: it does not hold across processes")


async def test_a_tables_lock_holds_across_processes(two: tuple[Store, Store]) -> None:
    first, second = two
    order: list[str] = []

    async def other_process() -> None:
        async with second.lock(7):
            order.append("second")

    async with first.lock(7):
        waiting = asyncio.create_task(other_process())
        await until_someone_waits(first)
        assert not waiting.done()
        async with second.lock(8):  # another table's lock is free meanwhile
            order.append("other table")
        order.append("first")
    await waiting
    assert order == ["other table", "first", "second"]


async def test_a_dead_process_leaves_no_lock_behind(two: tuple[Store, Store]) -> None:
    first, second = two
    inside = asyncio.Event()

    async def holder() -> None:
        async with first.lock(3):
            inside.set()
            await asyncio.Event().wait()  # holds it until its process dies

    held = asyncio.create_task(holder())
    await inside.wait()
    # the process dies: PostgreSQL ends its sessions (here: every backend of the first store's pool)
    admin = await asyncpg.connect(postgres.admin_url())
    try:
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = 3"
        )
    finally:
        await admin.close()
    async with second.lock(3):
        pass  # taken: the dead session's lock went with it
    held.cancel()
    with pytest.raises(asyncio.CancelledError):  # only the cancel: giving back a dead session's lock never fails
        await held


class DeadConnection:
    """A connection whose server went away while it read the reply: asyncpg has not closed it yet, and any
    statement fails inside the client (the state a CI run once met between the kill and its notice)."""

    def __init__(self, error: BaseException) -> None:
        self.error, self.terminated = error, False

    def is_closed(self) -> bool:
        return self.terminated

    async def execute(self, *_: object) -> str:
        raise self.error

    def terminate(self) -> None:
        self.terminated = True


@pytest.mark.parametrize(
    "error",
    [
        asyncpg.InternalClientError("cannot switch to state 11; another operation (2) is in progress"),
        asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
        ConnectionResetError("reset by peer"),
    ],
)
async def test_a_lock_that_cannot_be_given_back_closes_its_connection(error: Exception) -> None:
    dead = DeadConnection(error)
    await give_back(dead, 3)  # only what give_back touches (asyncpg is untyped: any object passes the check)
    assert dead.terminated  # so its session, and the lock, end instead of going back to the pool


class ReleasedConnection(DeadConnection):
    """What asyncpg's pool hands back once it has noticed the connection died: every call is refused."""

    def is_closed(self) -> bool:
        raise asyncpg.InterfaceError("cannot call Connection.is_closed(): connection has been released")

    def terminate(self) -> None:
        raise asyncpg.InterfaceError("cannot call Connection.terminate(): connection has been released")


async def test_a_lock_on_a_connection_the_pool_took_back_is_gone_with_it() -> None:
    await give_back(ReleasedConnection(RuntimeError("never called")), 3)


async def test_a_cancel_while_giving_a_lock_back_closes_its_connection() -> None:
    dead = DeadConnection(asyncio.CancelledError())
    with pytest.raises(asyncio.CancelledError):
        await give_back(dead, 3)
    assert dead.terminated


def services(two: tuple[Store, Store], clock: FakeClock) -> list[TableService]:
    """One table service per process, drawing seeds from one stream (as the tables' seeds never repeat)."""
    seeds = iter(range(1, 10**6))
    return [TableService(store, clock=clock, seeds=lambda: next(seeds)) for store in two]


async def ttt(service: TableService) -> int:
    table = await service.create(GUILD, CHANNEL, ALICE, "tictactoe", {})
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    return table.id


async def test_fifty_simultaneous_actions_through_two_processes_commit_one_at_a_time(
    two: tuple[Store, Store], clock: FakeClock
) -> None:
    one, other = services(two, clock)
    table_id = await ttt(one)
    rng = random.Random(5)
    squares = [f"{col}{row}" for col in "abc" for row in "123"]

    async def act(index: int) -> str:
        service = (one, other)[index % 2]
        who = (ALICE, BOB)[rng.randrange(2)]
        try:
            await service.act(CHANNEL, who, {"type": "mark", "square": rng.choice(squares)})
        except (TableError, RuleError):
            return "refused"
        return "applied"

    results = await asyncio.gather(*(act(i) for i in range(50)))
    assert results.count("applied") >= 1 and results.count("applied") + results.count("refused") == 50
    table = await two[1].tables.table(table_id)
    assert table is not None and table.state is not None
    log = await two[1].log.actions(table_id)
    assert [row.n for row in log] == list(range(1, len(log) + 1)) == list(range(1, results.count("applied") + 1))
    engine = rules.engine("tictactoe")
    again = replay(engine, table, await two[1].tables.seats(table_id), log)
    assert serial.dumps(again) == table.state  # no lost update: the log explains the state exactly


async def test_a_post_on_its_way_in_another_process_is_not_taken_for_lost(
    two: tuple[Store, Store], clock: FakeClock
) -> None:
    one, other = services(two, clock)
    await ttt(one)
    await one.announced(1, (await one.table_here(CHANNEL)).version)
    post = await one.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})  # one is posting it...
    table = await other.table_here(CHANNEL)
    assert table.announced < table.version
    assert await other.catch_up(table) is None  # ...so the other process leaves it alone
    reply = await other.act(CHANNEL, BOB, {"type": "mark", "square": "a1"})
    assert "Not shown before" not in reply.text
    # the first process dies before the post reached the channel: after its lease, the other shows it
    clock.advance(one.lease)
    table = await other.table_here(CHANNEL)
    late = await other.catch_up(table)
    assert late is not None and "alice puts X on b2" in late.text and post.version < late.version


async def test_reminders_due_on_many_tables_go_out_once_with_two_processes_ticking(
    two: tuple[Store, Store], clock: FakeClock
) -> None:
    both = services(two, clock)
    for index in range(20):
        await both[0].create(GUILD, CHANNEL + index, ALICE, "tictactoe", {})
        await both[0].join(CHANNEL + index, BOB)
        await both[0].start(CHANNEL + index, ALICE, "joined")
    inbox = Inbox()
    ticking = [Reminders(service, inbox) for service in both]
    clock.advance(13 * HOUR)
    reports = await asyncio.gather(*(reminders.tick(clock()) for reminders in ticking))
    assert sum(report.reminded for report in reports) == 20
    assert len(inbox.dms) == 20 and len({text for _, text in inbox.dms}) >= 1
    assert not await two[0].schema.rows_of("deliveries")  # every claim ended with its DM
    again = await asyncio.gather(*(reminders.tick(clock()) for reminders in ticking))
    assert sum(report.reminded for report in again) == 0 and len(inbox.dms) == 20


async def test_a_reminder_claimed_by_a_process_that_died_goes_out_once_after_its_lease(
    two: tuple[Store, Store], clock: FakeClock
) -> None:
    dying, living = services(two, clock)
    await ttt(dying)
    clock.advance(13 * HOUR)
    inbox = Inbox()

    class Dies(Inbox):
        async def dm(self, *args: object) -> bool:
            raise asyncio.CancelledError  # the process is killed while the DM is on its way

    with pytest.raises(asyncio.CancelledError):
        await Reminders(dying, Dies()).tick(clock())
    claims = await two[1].schema.rows_of("deliveries")
    assert len(claims) == 1
    survivor = Reminders(living, inbox)
    await survivor.tick(clock())
    assert inbox.dms == []  # the claim's lease still runs: the dying process might yet send it
    clock.advance(living.lease)
    report = await survivor.tick(clock())
    assert report.reminded == 1 and [user for user, _ in inbox.dms] == [ALICE.user_id]
    assert "Your move" in inbox.dms[0][1]
    await survivor.tick(clock())
    assert len(inbox.dms) == 1 and not await two[1].schema.rows_of("deliveries")


async def test_two_processes_taking_over_one_claim_send_it_once(two: tuple[Store, Store], clock: FakeClock) -> None:
    service = TableService(two[0], clock=clock)
    table_id = await ttt(service)
    row = await two[0].clocks.reminder(table_id, 0)
    assert row is not None
    await two[0].clocks.add_delivery(table_id, 0, row.since, "dm", ALICE.user_id, "⏰ hello", {}, "dead", clock() - 1)
    taken = await asyncio.gather(
        *(store.clocks.take_deliveries(clock(), f"p{i}", clock() + 60) for i, store in enumerate(two) for _ in range(3))
    )
    assert sorted(len(claims) for claims in taken) == [0, 0, 0, 0, 0, 1]


async def test_a_claim_for_a_wait_that_ended_is_dropped_not_sent(two: tuple[Store, Store], clock: FakeClock) -> None:
    service = TableService(two[0], clock=clock)
    table_id = await ttt(service)
    row = await two[0].clocks.reminder(table_id, 0)
    assert row is not None
    origin = {"game": "Tic-tac-toe", "guild_id": GUILD, "channel_id": CHANNEL, "message_id": None}
    await two[0].clocks.add_delivery(
        table_id, 0, row.since, "dm", ALICE.user_id, "⏰ move", origin, "dead", clock() - 1
    )
    await two[0].clocks.put_reminder(replace(row, since=row.since + 5))  # she moved and is awaited anew since
    inbox = Inbox()
    await Reminders(TableService(two[1], clock=clock), inbox).tick(clock())
    assert inbox.dms == [] and not await two[1].schema.rows_of("deliveries")
