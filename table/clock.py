"""Reminders and deadlines: who has kept a table waiting too long, and what to do about it.

The due times live in the database (reminders table), so a restart loses none. `Reminders.tick(now)` does one
pass: it plays the fallback for expired deadlines, then DMs (or mentions) players whose reminder is due. Each
item is handled on its own, so one failure never stops the loop; the clock is injected so tests never sleep.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rules.base import fill_seats
from table.service import Post, TableService
from table.store import Prefs, ReminderRow, SeatRow, TableRow

log = logging.getLogger(__name__)
ESCALATE_AFTER = 3  # unanswered DMs before the channel is told


class Notifier(Protocol):
    """How reminders reach people: Discord in the bot, a list in tests, the terminal in the console."""

    async def dm(self, user_id: int, text: str) -> bool:
        """Send a DM; False when the user does not accept DMs from the bot (Discord error 50007)."""
        ...

    async def mention(self, channel_id: int, user_id: int, text: str) -> None: ...

    async def post(self, post: Post) -> None: ...


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def quiet_until(prefs: Prefs, now: float) -> float | None:
    """When the player's quiet hours end, if `now` falls inside them; else None."""
    if prefs.quiet_from is None or prefs.quiet_to is None or prefs.quiet_from == prefs.quiet_to:
        return None
    local = datetime.fromtimestamp(now, zone(prefs.timezone))
    hour = local.hour
    start, end = prefs.quiet_from, prefs.quiet_to
    inside = start <= hour < end if start < end else hour >= start or hour < end
    if not inside:
        return None
    wake = local.replace(hour=end, minute=0, second=0, microsecond=0)
    if wake <= local:
        wake += timedelta(days=1)
    return wake.timestamp()


@dataclass
class TickReport:
    reminded: int = 0
    mentioned: int = 0
    fallbacks: int = 0
    postponed: int = 0
    failed: int = 0


class Reminders:
    def __init__(self, service: TableService, notifier: Notifier) -> None:
        self.service = service
        self.store = service.store
        self.notifier = notifier

    async def tick(self, now: float, batch: int = 100) -> TickReport:
        report = TickReport()
        for row in await self.store.due_reminders(now, batch):
            try:
                await self._handle(row, now, report)
            except Exception:  # one broken table or user must not stop the others' reminders
                report.failed += 1
                log.exception("reminder for table %s seat %s failed", row.table_id, row.seat)
                row.next_at = now + 600  # try again in ten minutes, not in a tight loop
                await self.store.put_reminder(row)
        return report

    async def _handle(self, row: ReminderRow, now: float, report: TickReport) -> None:
        if row.deadline_at is not None and row.deadline_at <= now:
            post = await self.service.fallback(row.table_id, row.seat)
            if post is not None:
                report.fallbacks += 1
                await self.notifier.post(post)
            else:
                row.deadline_at = None
                await self.store.put_reminder(row)
            return
        table = await self.store.table(row.table_id)
        seats = await self.store.seats(row.table_id)
        holder = next((s for s in seats if s.seat == row.seat), None)
        if table is None or holder is None:
            await self.store.drop_reminders(row.table_id)
            return
        prefs = await self.store.prefs(holder.user_id)
        escalate = row.sent >= ESCALATE_AFTER
        wake = quiet_until(prefs, now)
        if wake is not None and not escalate:
            row.next_at = wake
            report.postponed += 1
            await self.store.put_reminder(row)
            return
        text = self._summary(table, seats, now - row.since)
        if escalate or prefs.dm_closed:
            await self.notifier.mention(table.channel_id, holder.user_id, text)
            report.mentioned += 1
        elif prefs.dms:
            if await self.notifier.dm(holder.user_id, text + f"\nTable: <#{table.channel_id}>"):
                report.reminded += 1
            else:
                prefs.dm_closed = True  # remembered: next time, straight to the channel
                await self.store.save_prefs(prefs)
                await self.notifier.mention(table.channel_id, holder.user_id, text)
                report.mentioned += 1
        row.sent += 1
        row.next_at = now + table.remind_every
        await self.store.put_reminder(row)

    def _summary(self, table: TableRow, seats: list[SeatRow], waited: float) -> str:
        engine = self.service.engine(table)
        state = self.service.state(table)
        situation = fill_seats(engine.status(state, None), self.service.namer(seats))
        hours = max(1, int(waited // 3600))
        waited_text = f"{hours} h" if waited >= 3600 else f"{int(waited // 60)} min"
        return f"⏰ Your move in **{engine.meta.title}** (waiting {waited_text}). {situation}"
