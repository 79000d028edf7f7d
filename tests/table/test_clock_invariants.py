"""The clock's promises, held over weeks of play (issue #38). A fake clock ticks every few minutes through
three weeks on three tables, with players who move or let the deadline fall, announce absences, keep quiet
hours, close or mute their DMs, while Discord goes down now and then and the bot restarts (sometimes between
claiming a message and sending it). Each seed replays exactly. What must hold, for every wait:

(a) absences hold a deadline back by no more than what is left of the seat's allowance;
(b) the bot plays the safe move at least a quarter of the deadline after the last call reached the player;
(c) there is one last call at most (exactly one before a safe move);
(d) the channel hears of the wait at most once for reminders, and once more for the last call;
(e) reminders keep the table's pace: the k-th is never sent before remind_after + (k-1) x remind_every.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from table.service import Caller, Post, TableService
from table.service.clock import Origin, Reminders, TickReport
from table.storage import Prefs, ReminderRow, Store
from tests.table.conftest import FakeClock

HOUR, DAY = 3600, 86400
SPAN = 21 * DAY
PEOPLE = [Caller(1, "alice"), Caller(2, "bob"), Caller(3, "carol")]
PAIRS = [(0, 1), (1, 2), (2, 0)]  # who plays whom, one table each (a new one when a game ends)
ZONES = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo"]
LONGEST_OUTAGE = 6 * HOUR
Wait = tuple[int, int, float]  # table, seat, since
Pace = dict[str, int]  # deadline, after, every (reminders) and away (allowance), in seconds


class Crash(BaseException):
    """The process dies while a message is on its way (not an Exception: nothing in the clock catches it)."""


@dataclass
class Sent:
    at: float
    wait: Wait
    kind: str  # ⏰ a reminder, ⏳ the last call
    how: str  # dm or mention


@dataclass
class Recorder:
    """The notifier: records what reached whom and when, and fails the way Discord and processes do."""

    store: Store
    clock: FakeClock
    seats: dict[tuple[int, int], int] = field(default_factory=dict)  # (table, user) -> seat
    tables: dict[int, int] = field(default_factory=dict)  # channel -> table
    closed: set[int] = field(default_factory=set)
    outage: bool = False
    crash_next: bool = False
    sent: list[Sent] = field(default_factory=list)
    posts: list[tuple[float, Post]] = field(default_factory=list)

    async def _reach(self, channel_id: int, user_id: int, text: str, how: str) -> None:
        if self.crash_next:
            self.crash_next = False
            raise Crash
        if self.outage:
            raise RuntimeError("Discord is down")
        table_id = self.tables[channel_id]
        seat = self.seats[(table_id, user_id)]
        row = await self.store.clocks.reminder(table_id, seat)
        assert row is not None, "a message for a wait that is over"
        self.sent.append(Sent(self.clock(), (table_id, seat, row.since), text[:1], how))

    async def dm(self, user_id: int, text: str, origin: Origin) -> bool:
        if user_id in self.closed and not self.outage and not self.crash_next:
            return False
        await self._reach(origin.channel_id, user_id, text, "dm")
        return True

    async def mention(self, channel_id: int, user_id: int, text: str) -> None:
        await self._reach(channel_id, user_id, text, "mention")

    async def post(self, post: Post) -> None:
        self.posts.append((self.clock(), post))


def intervals(
    rng: random.Random, start: float, gap: tuple[float, float], length: tuple[float, float]
) -> list[tuple[float, float]]:
    """Non-overlapping random intervals over the span."""
    found: list[tuple[float, float]] = []
    at = start
    while True:
        at += rng.uniform(*gap)
        if at >= start + SPAN:
            return found
        end = at + rng.uniform(*length)
        found.append((at, end))
        at = end


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """SQLite only: the clock's logic is the same on both stores, and this test is about the clock."""
    opened = await Store.open(str(tmp_path / "clock.sqlite3"))
    yield opened
    await opened.close()


async def new_table(service: TableService, recorder: Recorder, channel: int, pair: tuple[int, int], pace: Pace) -> None:
    first, second = PEOPLE[pair[0]], PEOPLE[pair[1]]
    await service.create(10, channel, first, "tictactoe", {})
    await service.join(channel, second)
    await service.start(channel, first, "joined")
    await service.settings(channel, first, pace["after"], pace["every"], pace["deadline"], away_allowance=pace["away"])
    table = await service.table_here(channel)
    recorder.tables[channel] = table.id
    for seat in await service.store.tables.seats(table.id):
        recorder.seats[(table.id, seat.user_id)] = seat.seat


@pytest.mark.parametrize("seed", range(4))
async def test_the_clock_keeps_its_promises_over_weeks(store: Store, seed: int) -> None:
    rng = random.Random(seed)
    clock = FakeClock(1_800_000_000.0 + rng.uniform(0, DAY))
    recorder = Recorder(store, clock)

    def restart() -> tuple[TableService, Reminders]:
        seeds = iter(range(rng.randrange(10**6), 10**7))
        service = TableService(store, clock=clock, seeds=lambda: next(seeds))
        return service, Reminders(service, recorder)

    service, reminders = restart()
    for person in PEOPLE:
        quiet = rng.random() < 0.7
        start = rng.randrange(24)
        prefs = Prefs(person.user_id, dms=rng.random() < 0.85, timezone=rng.choice(ZONES))
        if quiet:
            prefs.quiet_from, prefs.quiet_to = start, (start + rng.randint(4, 12)) % 24
        await store.people.save_prefs(prefs)
        if rng.random() < 0.3:
            recorder.closed.add(person.user_id)
    absences = {p.user_id: intervals(rng, clock(), (1 * DAY, 6 * DAY), (2 * HOUR, 8 * DAY)) for p in PEOPLE}
    outages = intervals(rng, clock(), (1 * DAY, 4 * DAY), (10 * 60, LONGEST_OUTAGE))
    paces: dict[tuple[int, int], Pace] = {}
    channels: dict[tuple[int, int], int] = {}
    for number, pair in enumerate(PAIRS):
        paces[pair] = {
            "deadline": rng.choice([3, 8, 24, 48]) * HOUR,
            "after": rng.choice([1, 2, 6, 12]) * HOUR,
            "every": rng.choice([1, 4, 12, 24]) * HOUR,
            "away": rng.choice([1 * HOUR, 6 * HOUR, DAY, 3 * DAY]),
        }
        channels[pair] = 1000 + number * 100
        await new_table(service, recorder, channels[pair], pair, paces[pair])
    pace_of = {recorder.tables[channel]: paces[pair] for pair, channel in channels.items()}
    plans: dict[Wait, float | None] = {}  # when the player means to move (None: they let the deadline fall)
    used_at_start: dict[Wait, float] = {}
    fell: dict[Wait, tuple[float, float]] = {}  # the safe move's time, and the allowance used by then
    announced: dict[int, tuple[float, float]] = {}
    posts_seen = 0
    end = clock() + SPAN

    while clock() < end:
        clock.advance(rng.randint(2, 10) * 60)
        now = clock()
        recorder.outage = any(a <= now < b for a, b in outages)
        away = {u for u, spans in absences.items() if any(a <= now < b for a, b in spans)}
        for person in PEOPLE:  # an absence is announced a day before it begins
            coming = [(a, b) for a, b in absences[person.user_id] if a - DAY <= now < b]
            if coming and announced.get(person.user_id) != coming[0]:
                announced[person.user_id] = coming[0]
                prefs = await store.people.prefs(person.user_id)
                prefs.away_from, prefs.away_to = coming[0]
                await store.people.save_prefs(prefs)
        if rng.random() < 0.002:
            service, reminders = restart()
        if rng.random() < 0.01:
            recorder.crash_next = True
        awaited: dict[int, ReminderRow] = {}
        for pair, channel in channels.items():
            rows = await store.clocks.reminders(recorder.tables[channel])
            if not rows:  # the game ended: the same players start another
                channels[pair] = channel = channel + 1
                await new_table(service, recorder, channel, pair, paces[pair])
                pace_of[recorder.tables[channel]] = paces[pair]
                rows = await store.clocks.reminders(recorder.tables[channel])
            (row,) = rows  # tic-tac-toe awaits one seat at a time
            if await play(service, recorder, rng, row, channel, plans, used_at_start, away, now):
                rows = await store.clocks.reminders(recorder.tables[channel])
            for row in rows:
                awaited[row.table_id] = row
        try:
            report = await reminders.tick(now)
        except Crash:
            service, reminders = restart()  # what was claimed is sent by the next process, once its lease ends
            report = TickReport(postponed=1)
        for at, post in recorder.posts[posts_seen:]:  # the clock posts only the safe moves it plays
            row = awaited[post.table_id]
            wait = (row.table_id, row.seat, row.since)
            assert wait not in fell
            fell[wait] = (at, await store.people.away_used(row.table_id, row.seat))
        posts_seen = len(recorder.posts)
        if report.postponed or report.fallbacks:
            for row in awaited.values():  # (a) the allowance is never overdrawn
                assert await store.people.away_used(row.table_id, row.seat) <= pace_of[row.table_id]["away"] + 1e-6

    by_wait: dict[Wait, list[Sent]] = defaultdict(list)
    for sent in recorder.sent:
        by_wait[sent.wait].append(sent)
    assert fell and len(fell) < len(plans), "the scenario should have deadlines falling and players moving"
    for wait in plans:
        table_id, _, since = wait
        pace = pace_of[table_id]
        quarter = pace["deadline"] / 4
        calls = [s for s in by_wait[wait] if s.kind == "⏳"]
        reminders_sent = [s for s in by_wait[wait] if s.kind == "⏰"]
        assert len(calls) <= 1, f"(c) two last calls in {wait}"
        assert sum(s.how == "mention" for s in reminders_sent) <= 1, f"(d) two reminder mentions in {wait}"
        for k, sent in enumerate(reminders_sent):
            assert sent.at >= since + pace["after"] + k * pace["every"] - 1e-6, f"(e) reminder too soon in {wait}"
        if wait in fell:
            at, used = fell[wait]
            assert calls, f"(b) a safe move without a last call in {wait}"
            assert at - calls[0].at >= quarter - 1e-6, f"(b) {at - calls[0].at:.0f} s after the last call in {wait}"
            held = used - used_at_start[wait]
            # quiet hours (twice: before and after an outage) and an outage may delay the last call further
            assert at <= since + pace["deadline"] + held + 2 * DAY + LONGEST_OUTAGE, f"(a) held too long in {wait}"


async def play(
    service: TableService,
    recorder: Recorder,
    rng: random.Random,
    row: ReminderRow,
    channel: int,
    plans: dict[Wait, float | None],
    used_at_start: dict[Wait, float],
    away: set[int],
    now: float,
) -> bool:
    """The awaited player moves when they planned to, if they are not away; whether they moved."""
    wait = (row.table_id, row.seat, row.since)
    if wait not in plans:
        deadline = row.deadline_at - row.since if row.deadline_at else DAY
        plans[wait] = row.since + rng.uniform(0, 1.5 * deadline) if rng.random() < 0.5 else None
        used_at_start[wait] = await service.store.people.away_used(row.table_id, row.seat)
    user = next(u for (t, u), s in recorder.seats.items() if (t, s) == (row.table_id, row.seat))
    due = plans[wait]
    if due is None or now < due or user in away:
        return False
    table = await service.table_here(channel)
    marks = [
        c.action for c in service.engine(table).legal(service.state(table), row.seat) if c.action["type"] == "mark"
    ]
    await service.act(channel, next(p for p in PEOPLE if p.user_id == user), rng.choice(marks))
    return True
