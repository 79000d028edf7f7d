"""What every part of the table service stands on: who is calling, the refusals, and the Tables part (a table's
lock and a fresh read of it under the lock, its state kept in memory between actions, the caller's seat, and the
reminder clocks restarted after a change).

The service is parts, one module each, every part given in its constructor the parts it uses: lobby.py (gathering
and starting), play.py (the round trip of an action, deadlines' fallbacks and undo), manage.py (pace, pause, seats
changing hands, abandon), bot_seats.py (bots seated and playing), privacy.py (forgetting a user), views.py (status,
boards, history, rules) and outbox.py (what a change posts, and posts that were lost). service.py builds them, in
the one place every front end uses (TableService)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import serial
from rules.base import Engine, Meta
from table.service.state_cache import StateCache
from table.storage import ReminderRow, SeatRow, StaleVersion, Store, TableRow
from table.text import present

ACTIVE = ("lobby", "running")
MIN_PACE = 3600  # default floor for reminders and deadlines; PBP_MIN_PACE lowers it (the end-to-end tests do)


BOT_WAIT = 4e12  # a bot seat's reminder row is never due (year 128,000): bots play at once, never by the clock
WARN_LEFT = 0.25  # a deadline's warning goes out when this share of the time is left


def warning(since: float, deadline_at: float | None) -> float | None:
    """When the warning of a wait's deadline goes out: once a quarter of its time is left."""
    return None if deadline_at is None else deadline_at - (deadline_at - since) * WARN_LEFT


class TableError(Exception):
    """A refusal from the table (not the rules): shown only to the caller."""


@dataclass(frozen=True)
class Caller:
    user_id: int
    name: str
    admin: bool = False  # may manage the channel: kick, abandon, replace and settings for any table
    bot: bool = False  # an automated account (Discord bots): never given a seat


@dataclass
class TableView:
    """A table as /game status and /game list show it."""

    table: TableRow
    seats: list[SeatRow]
    meta: Meta
    awaiting: list[SeatRow]
    since: float | None
    status: str
    deadlines: dict[int, float] = field(default_factory=dict)  # awaited seat -> when its deadline falls


@dataclass
class Ask:
    """A request that needs the other players' consent: an undo after dice or hidden information, a pause."""

    request_id: int
    table_id: int
    asker: int
    needed: list[int]
    reason: str


class Tables:
    """The tables themselves, as every other part reads them: found by channel or id, locked, read afresh under
    the lock, their state (kept in memory between actions), the caller's seat, and the reminder clocks restarted
    after a change."""

    def __init__(self, store: Store, clock: Callable[[], float], seeds: Callable[[], int], cache: StateCache) -> None:
        self.store = store
        self.clock = clock
        self.seeds = seeds
        self.cache = cache

    def lock(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """The table's lock, held across every process on the database (see table/storage/database.py)."""
        return self.store.lock(table_id)

    async def table_here(self, channel_id: int) -> TableRow:
        table = await self.store.tables.table_in_channel(channel_id)
        if table is None:
            raise TableError("There is no game in this channel. Start one with /game new.")
        return table

    @asynccontextmanager
    async def holding(self, channel_id: int) -> AsyncIterator[TableRow]:
        """The channel's active table under its lock, read afresh once the lock is held: every check that
        decides a write is made on this row, never on one read before another action could commit."""
        first = active(await self.table_here(channel_id))
        async with self.lock(first.id):
            yield await self.fresh(first.id)

    async def fresh(self, table_id: int) -> TableRow:
        """A table read now (call it holding the table's lock), refused if it no longer runs or gathers."""
        table = await self.store.tables.table(table_id)
        if table is None:
            raise TableError("That table no longer exists.")
        return active(table)

    @asynccontextmanager
    async def committing(self, table: TableRow) -> AsyncIterator[None]:
        """A transaction that changes a game: losing a race to another writer (another process on the same
        database, a version that moved) is the player's ordinary refusal, not an error of ours."""
        try:
            async with self.store.transaction():
                yield
        except StaleVersion:
            raise TableError(
                f"The {title(table)} game moved on while you acted: another action came first. "
                "Nothing of yours was written; look at /board and try again."
            ) from None

    def state(self, table: TableRow) -> Any:
        """The table's state at the version read, the caller's own to change (acting changes it in place): a copy of
        the one kept in memory when its version is the table's (another process's write is a new version, never
        missed), else parsed from the stored text (and kept)."""
        text = table.state
        if text is None:
            raise TableError("This game has not started yet: its players are still gathering (/game start).")
        return self.cache.read(table.id, table.version, lambda: serial.loads(engine_of(table).State, text))

    def keep(self, table_id: int, version: int, state: Any) -> None:
        """The state a commit made, kept for the table's next action: handed over, never changed after this."""
        self.cache.put(table_id, version, state)

    async def seated(self, table: TableRow, caller: Caller) -> tuple[list[SeatRow], SeatRow]:
        seats = await self.store.tables.seats(table.id)
        mine = seat_of(seats, caller.user_id)
        if mine is None:
            players = ", ".join(seat.name for seat in seats) or "nobody yet"
            raise TableError(f"You are not playing at this table (players: {players}). Watch, or /game join a lobby.")
        await self.named(mine, caller)
        return seats, mine

    async def named(self, mine: SeatRow, caller: Caller) -> None:
        """The caller's seat under the name they have now (a display name changed since they last acted)."""
        if mine.name != caller.name:
            await self.store.tables.rename_user(caller.user_id, caller.name)
            mine.name = caller.name

    async def sync_reminders(
        self,
        table: TableRow,
        seats: list[SeatRow],
        engine: Engine[Any],
        state: Any,
        acted: int | None,
        now: float,
    ) -> None:
        """Restart the clocks of the seats now awaited (`seats` as they stand after the change)."""
        waiting = engine.awaiting(state) if engine.outcome(state) is None else frozenset()
        existing = {row.seat: row for row in await self.store.clocks.reminders(table.id)}
        bots = {seat.seat for seat in seats if seat.bot}
        await self.store.clocks.drop_reminders(table.id, keep=waiting)
        for seat in waiting:
            # still waiting on them: their clock keeps running. A bot's wait lasts while the game awaits it, its own
            # moves included (it has no clock), so what the channel was told in that wait stays told (bot_seats.py)
            if (
                seat in existing
                and (seat != acted or seat in bots)
                and (seat in bots) == (existing[seat].next_at >= BOT_WAIT)
            ):
                continue
            if seat in bots:  # a bot is never reminded and has no deadline; the row marks that it is awaited
                await self.store.clocks.put_reminder(ReminderRow(table.id, seat, now, BOT_WAIT, 0, None, warn_at=None))
                continue
            deadline = now + table.deadline if table.deadline else None
            row = ReminderRow(
                table.id, seat, now, now + table.remind_after, 0, deadline, warn_at=warning(now, deadline)
            )
            await self.store.clocks.put_reminder(row)

    async def ask(self, table: TableRow, seats: list[SeatRow], caller: Caller, kind: str, what: str) -> Ask:
        """Open a request every other player answers by button (undo after dice, pause)."""
        request_id = await self.store.clocks.add_request(table.id, kind, caller.user_id, table.version, self.clock())
        needed = [seat.user_id for seat in seats if seat.user_id != caller.user_id and seat.person]
        return Ask(request_id, table.id, caller.user_id, needed, f"{caller.name} asks to {what}.")


def active(table: TableRow) -> TableRow:
    """The table if it is gathering or running; else the refusal that says it is over."""
    if table.status not in ACTIVE:
        raise TableError(f"The {title(table)} game here is {table.status}. Start another with /game new.")
    return table


def engine_of(table: TableRow) -> Engine[Any]:
    return rules.engine(table.game)


def title(table: TableRow) -> str:
    return engine_of(table).meta.title


def seat_of(seats: list[SeatRow], user_id: int) -> SeatRow | None:
    return next((seat for seat in seats if seat.user_id == user_id), None)


def namer(seats: list[SeatRow]) -> Callable[[int], str]:
    names = {seat.seat: seat.name for seat in seats}
    return lambda n: names.get(n, f"seat {n + 1}")


def told(
    events: list[dict[str, Any]],
    action: dict[str, Any],
    seat: int | None,
    name: Callable[[int], str],
    viewer: int | None = None,
) -> list[str]:
    """An action as a reader sees it, in sentences: the lines its events say (public ones, and the viewer's own),
    never the action's key=value form; an action that says nothing is named in a sentence of ours."""
    lines = present.event_lines(events, name, viewer)
    return lines or [f"{name(seat or 0)} {present.silent(str(action.get('type')))}."]


def require_host(table: TableRow, caller: Caller, doing: str) -> None:
    if caller.user_id != table.creator_id and not caller.admin:
        raise TableError(f"Only the table's creator or someone who can manage this channel may {doing}.")
