"""Reminders and deadlines: who has kept a table waiting too long, and what to do about it.

The due times live in the database (reminders table), so a restart loses none. `Reminders.tick(now)` does one
pass: it plays the fallback for expired deadlines, then DMs (or mentions) players whose reminder is due. Each
item is handled on its own, so one failure never stops the loop; the clock is injected so tests never sleep.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rules.base import fill_seats
from table.actions import whole_number
from table.service import Post, TableError, TableService
from table.store import Prefs, ReminderRow, SeatRow, TableRow

log = logging.getLogger(__name__)
ESCALATE_AFTER = 3  # unanswered DMs before the channel is told (once per wait)


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


def parse_quiet(text: str) -> tuple[int | None, int | None]:
    """Quiet hours as a player writes them: '22-7' (from 22:00 to 7:00 in their timezone), or 'off'."""
    if text.strip().lower() in ("off", "none", "no"):
        return None, None
    start, sep, end = text.replace(" ", "").partition("-")
    first, last = whole_number(start, 23), whole_number(end, 23)
    if not sep or first is None or last is None:
        raise TableError("Write quiet hours as two hours from 0 to 23, like 22-7, or off.")
    return first, last


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
                # try again in ten minutes, not in a tight loop, unless the wait ended meanwhile
                await self.store.update_reminder_if(replace(row, next_at=now + 600), row.since, row.sent)
        return report

    async def _handle(self, due: ReminderRow, now: float, report: TickReport) -> None:
        if due.deadline_at is not None and due.deadline_at <= now:
            post = await self.service.fallback(due.table_id, due.seat, now)
            if post is not None:
                report.fallbacks += 1
                await self.notifier.post(post)
            else:  # nothing to play for that wait: forget its deadline, unless a new wait replaced it
                await self.store.update_reminder_if(replace(due, deadline_at=None), due.since, due.sent)
            return
        claim = await self._claim(due, now, report)
        if claim is None:
            return
        row, how, text, channel_id, user_id = claim
        try:
            if how == "mention":
                await self.notifier.mention(channel_id, user_id, text)
                report.mentioned += 1
            elif how == "dm":
                if await self.notifier.dm(user_id, text + f"\nTable: <#{channel_id}>"):
                    report.reminded += 1
                else:
                    await self._dms_closed(row, user_id, channel_id, text, report)
        except Exception:
            # not delivered: give the claim back so the tick's retry (in ten minutes) sends it again
            await self.store.update_reminder_if(replace(row, sent=row.sent - 1), row.since, row.sent)
            raise

    async def _claim(
        self, due: ReminderRow, now: float, report: TickReport
    ) -> tuple[ReminderRow, str, str, int, int] | None:
        """Decide, under the table's lock and on the reminder row as it is now, whether and how to remind; the
        row is advanced before anything is sent, so a move made while the DM is on its way ends the wait for
        good instead of being overwritten by the row this tick read."""
        async with self.service.lock(due.table_id):
            row = await self.store.reminder(due.table_id, due.seat)
            if row is None or row.next_at > now:
                return None  # the player moved meanwhile, or the reminder was already sent
            table = await self.store.table(due.table_id)
            seats = await self.store.seats(due.table_id)
            holder = next((s for s in seats if s.seat == due.seat), None)
            if table is None or holder is None or table.status != "running":
                await self.store.drop_reminders(due.table_id)
                return None
            prefs = await self.store.prefs(holder.user_id)
            escalate = row.sent >= ESCALATE_AFTER and not row.mentioned
            wake = quiet_until(prefs, now)
            if wake is not None and not escalate:
                row.next_at = wake
                report.postponed += 1
                await self.store.put_reminder(row)
                return None
            if escalate or (prefs.dm_closed and not row.mentioned):
                how = "mention"  # the channel hears of one wait once: the escalation, or instead of closed DMs
            elif prefs.dms and not prefs.dm_closed:
                how = "dm"
            else:
                how = "none"  # DMs muted (or closed, channel already told): counted towards the escalation
            text = self._summary(table, seats, now - row.since)
            row.sent += 1
            row.next_at = now + table.remind_every
            row.mentioned = row.mentioned or how == "mention"
            await self.store.put_reminder(row)
            return row, how, text, table.channel_id, holder.user_id

    async def _dms_closed(self, row: ReminderRow, user_id: int, channel_id: int, text: str, report: TickReport) -> None:
        """Discord refused the DM: remember it, and tell the channel instead if it has not heard of this wait."""
        prefs = await self.store.prefs(user_id)
        prefs.dm_closed = True  # remembered: next time, straight to the channel
        await self.store.save_prefs(prefs)
        async with self.service.lock(row.table_id):
            fresh = await self.store.reminder(row.table_id, row.seat)
            if fresh is None or fresh.since != row.since or fresh.mentioned:
                return
            fresh.mentioned = True
            await self.store.put_reminder(fresh)
        await self.notifier.mention(channel_id, user_id, text)
        report.mentioned += 1

    def _summary(self, table: TableRow, seats: list[SeatRow], waited: float) -> str:
        engine = self.service.engine(table)
        state = self.service.state(table)
        situation = fill_seats(engine.status(state, None), self.service.namer(seats))
        hours = max(1, int(waited // 3600))
        waited_text = f"{hours} h" if waited >= 3600 else f"{int(waited // 60)} min"
        return f"⏰ Your move in **{engine.meta.title}** (waiting {waited_text}). {situation}"
