"""Races between tasks, each with its interleaving forced (a store call or the table lock held open by the test,
never a sleep): every check that decides a write must be made under the table's lock on a fresh read."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from types import TracebackType
from typing import Any

import pytest

from rules import serial
from table.service import Ask, TableError, TableService
from table.service.clock import Reminders
from table.storage import ReminderRow
from tests.table.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock, Inbox

HOUR = 3600


class Gate:
    """Holds the first call of an async callable open until `release()`; later calls pass straight through."""

    def __init__(self, target: Any, name: str) -> None:
        self.entered = asyncio.Event()
        self._open = asyncio.Event()
        self._used = False
        original: Callable[..., Awaitable[Any]] = getattr(target, name)

        async def gated(*args: Any, **kwargs: Any) -> Any:
            if not self._used:
                self._used = True
                self.entered.set()
                await self._open.wait()
            return await original(*args, **kwargs)

        setattr(target, name, gated)

    def release(self) -> None:
        self._open.set()


class WatchedLocks:
    """From now on, tells when a task starts waiting for a table's lock (the lock itself is unchanged)."""

    def __init__(self, service: TableService) -> None:
        self.waiting = asyncio.Event()
        real = service.tables.lock
        watch = self

        class Watched:
            def __init__(self, table_id: int) -> None:
                self.lock = real(table_id)

            async def __aenter__(self) -> None:
                watch.waiting.set()
                await self.lock.__aenter__()

            async def __aexit__(
                self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
            ) -> None:
                await self.lock.__aexit__(kind, error, trace)

        # every part takes a table's lock through the tables part; the clock through the service
        service.tables.lock = service.lock = Watched  # type: ignore[method-assign]


async def lobby(service: TableService, *players: Any, game: str = "tictactoe") -> int:
    table = await service.create(GUILD, CHANNEL, ALICE, game, {})
    for player in players:
        await service.join(CHANNEL, player)
    return table.id


@pytest.mark.parametrize("move", ["join", "leave", "kick", "faction", "join_faction"])
async def test_a_lobby_change_racing_the_start_is_refused_and_the_game_keeps_its_seats(
    service: TableService, move: str
) -> None:
    table_id = await lobby(service, BOB)
    if move in ("faction", "join_faction"):
        await service.choose_faction(CHANNEL, BOB, "O")
    gate = Gate(service.store.tables, "save_state")  # the start holds its lock, about to commit the running game
    start = asyncio.create_task(service.start(CHANNEL, ALICE, "joined"))
    await gate.entered.wait()
    watch = WatchedLocks(service)
    calls = {
        "join": lambda: service.join(CHANNEL, CAROL),
        "leave": lambda: service.leave(CHANNEL, BOB),
        "kick": lambda: service.kick(CHANNEL, ALICE, BOB.user_id),
        "faction": lambda: service.choose_faction(CHANNEL, BOB, "X"),
        "join_faction": lambda: service.join_or_choose(CHANNEL, BOB, "X"),  # /game join X, seated already
    }
    change = asyncio.create_task(calls[move]())
    await watch.waiting.wait()  # the lobby change has read the table and waits for the lock
    gate.release()
    await start
    with pytest.raises(TableError, match=r"started|under way|in the lobby"):
        await change
    seats = await service.store.tables.seats(table_id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, ALICE.user_id), (1, BOB.user_id)]
    assert seats[1].faction == ("O" if move in ("faction", "join_faction") else None)
    table = await service.store.tables.table(table_id)
    assert table is not None and table.status == "running"
    assert serial.loads(service.engine(table).State, table.state or "").__dict__  # the game is whole


async def test_a_reminder_sent_while_the_player_moves_does_not_bring_their_wait_back(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await lobby(service, BOB)
    await service.start(CHANNEL, ALICE, "joined")
    inbox = Inbox()
    gate = Gate(inbox, "dm")  # the DM is on its way...
    clock.advance(12 * HOUR)
    tick = asyncio.create_task(Reminders(service, inbox).tick(clock()))
    await gate.entered.wait()
    await service.act(CHANNEL, ALICE, {"type": "mark", "square": "b2"})  # ...when alice moves
    gate.release()
    report = await tick
    assert report.reminded == 1
    rows = await service.store.clocks.reminders(table_id)
    assert [(r.seat, r.sent, r.since) for r in rows] == [(1, 0, clock())]  # only bob's fresh wait is left


@pytest.mark.usefixtures("with_pig")
async def test_a_deadline_read_before_a_move_does_not_play_the_fallback_early(
    service: TableService, clock: FakeClock
) -> None:
    table_id = await lobby(service, BOB, game="pig")
    await service.start(CHANNEL, ALICE, "joined")
    await service.settings(CHANNEL, ALICE, None, None, 48 * HOUR)
    inbox = Inbox()
    clock.advance(36 * HOUR)
    await Reminders(service, inbox).tick(clock())  # the warning: a deadline falls only on a warned player
    clock.advance(12 * HOUR)  # a quarter of the time after it
    gate = Gate(service, "fallback")  # the tick has read alice's expired deadline...
    tick = asyncio.create_task(Reminders(service, inbox).tick(clock()))
    await gate.entered.wait()
    await service.act(CHANNEL, ALICE, {"type": "peek"})  # ...and alice acts, still to move, with a new deadline
    gate.release()
    report = await tick
    assert report.fallbacks == 0 and inbox.posts == []
    rows = await service.store.clocks.reminders(table_id)
    assert [(r.seat, r.deadline_at) for r in rows] == [(0, clock() + 48 * HOUR)]


@pytest.mark.usefixtures("with_pig")
async def test_two_players_agreeing_at_once_are_both_counted(service: TableService) -> None:
    await lobby(service, BOB, CAROL, game="pig")
    await service.start(CHANNEL, ALICE, "joined")
    await service.act(CHANNEL, ALICE, {"type": "roll"})
    ask = await service.undo(CHANNEL, ALICE)
    assert isinstance(ask, Ask)
    gate = Gate(service.store.clocks, "update_request")  # bob's answer is being written...
    bob = asyncio.create_task(service.answer(BOB, ask.request_id, True))
    await gate.entered.wait()
    watch = WatchedLocks(service)
    carol = asyncio.create_task(service.answer(CAROL, ask.request_id, True))  # ...when carol agrees too
    await watch.waiting.wait()
    gate.release()
    assert "Still waiting for carol" in (await bob)[0]
    reply, post = await carol
    assert reply == "Everyone agreed: the action is taken back." and post is not None


@pytest.mark.usefixtures("with_pig")
async def test_resuming_a_pause_restarts_the_clocks_in_the_same_commit(service: TableService, clock: FakeClock) -> None:
    table_id = await lobby(service, BOB, game="pig")
    await service.start(CHANNEL, ALICE, "joined")
    await service.settings(CHANNEL, ALICE, None, None, 48 * HOUR)
    ask = await service.pause(CHANNEL, ALICE)
    assert isinstance(ask, Ask)
    await service.answer(BOB, ask.request_id, True)
    clock.advance(100 * HOUR)  # the deadline fell during the pause

    # a crash between lifting the pause and restarting the clocks leaves the table paused
    real_put = service.store.clocks.put_reminder

    async def crash(row: ReminderRow) -> None:
        raise RuntimeError("the process died here")

    service.store.clocks.put_reminder = crash  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        await service.pause(CHANNEL, BOB)
    service.store.clocks.put_reminder = real_put  # type: ignore[method-assign]
    table = await service.store.tables.table(table_id)
    assert table is not None and table.paused

    # a tick while the resume is under way plays nothing: the clocks restart before anyone can see them
    inbox = Inbox()
    gate = Gate(service.store.clocks, "reminders")
    resume = asyncio.create_task(service.pause(CHANNEL, BOB))
    await gate.entered.wait()
    watch = WatchedLocks(service)
    tick = asyncio.create_task(Reminders(service, inbox).tick(clock()))
    waiting = asyncio.create_task(watch.waiting.wait())
    await asyncio.wait([tick, waiting], return_when=asyncio.FIRST_COMPLETED)  # old code: the tick ends at once
    waiting.cancel()
    gate.release()
    assert "resumes" in str(await resume)
    report = await tick
    assert report.fallbacks == 0 and inbox.posts == []
    rows = await service.store.clocks.reminders(table_id)
    assert [(r.seat, r.deadline_at) for r in rows] == [(0, clock() + 48 * HOUR)]
