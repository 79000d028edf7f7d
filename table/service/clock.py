"""Reminders and deadlines: who has kept a table waiting too long, and what to do about it.

The due times live in the database (reminders table), so a restart loses none. `Reminders.tick(now)` does one
pass: it plays the fallback for expired deadlines, then DMs (or mentions) players whose reminder is due. Each
item is handled on its own, so one failure never stops the loop; the clock is injected so tests never sleep.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from typing import Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rules.base import fill_seats
from table.service import Post, TableError, TableService
from table.service.core import WARN_LEFT, namer
from table.storage import Delivery, Prefs, ReminderRow, SeatRow, TableRow
from table.text.actions import whole_number

log = logging.getLogger(__name__)
ESCALATE_AFTER = 3  # unanswered DMs before the channel is told (once per wait)
RETRY = 600  # a message Discord did not take is tried again this much later


@dataclass(frozen=True)
class Origin:
    """Where a DM comes from, so a player at several tables can tell them apart: the game, its server and channel,
    and the turn's message to jump to."""

    game: str
    guild_id: int
    channel_id: int
    message_id: int | None


class Notifier(Protocol):
    """How reminders reach people: Discord in the bot, a list in tests, the terminal in the console."""

    async def dm(self, user_id: int, text: str, origin: Origin) -> bool:
        """Send a DM naming its origin; False when the user does not accept DMs from the bot (error 50007)."""
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
    warned: int = 0


@dataclass(frozen=True)
class Message:
    """One reminder or warning to send, decided under the table's lock."""

    how: str  # dm, mention or none
    text: str
    origin: Origin
    user_id: int
    delivery: int | None = None  # its claim in the store (deliveries), ended once it is sent
    since: float | None = None  # the wait it belongs to

    @property
    def warning(self) -> bool:
        return self.text.startswith("⏳")


class Reminders:
    """Reminders, the warning before a deadline, and the deadline's fallback.

    A deadline never falls on a player who was not warned: the warning goes out when a quarter of the time is
    left, once per wait, and the deadline is always at least that quarter after the moment it was delivered (a
    warning postponed by quiet hours, or retried while Discord is down, moves the deadline with it). While a
    player is away (/away), reminders wait for their return and the warning and deadline are held back, but the
    deadline never moves further than the table's allowance for that seat over the whole game; once it is used
    up, the player is treated as present. Quiet hours postpone everything the clock sends on its own: DMs,
    escalation mentions and the warning."""

    def __init__(self, service: TableService, notifier: Notifier) -> None:
        self.service = service
        self.store = service.store
        self.notifier = notifier

    async def tick(self, now: float, batch: int = 100) -> TickReport:
        report = TickReport()
        await self._take_over(now, batch, report)
        for row in await self.store.clocks.due_reminders(now, batch):
            try:
                await self._handle(row, now, report)
            except Exception:  # one broken table or user must not stop the others' reminders
                report.failed += 1
                log.exception("reminder for table %s seat %s failed", row.table_id, row.seat)
                # try again what was due in ten minutes, not in a tight loop, unless the wait ended meanwhile; a
                # failed warning is not a reminder: the pace's next reminder keeps its time
                retry = replace(
                    row,
                    next_at=now + RETRY if row.next_at <= now else row.next_at,
                    warn_at=now + RETRY if row.warn_at is not None and row.warn_at <= now else row.warn_at,
                )
                await self.store.clocks.update_reminder_if(retry, row.since, row.sent)
        return report

    async def _handle(self, due: ReminderRow, now: float, report: TickReport) -> None:
        if due.deadline_at is not None and due.deadline_at <= now:
            if await self._held_back(due, now, report):
                held = await self.store.clocks.reminder(due.table_id, due.seat)
                owed = held is not None and held.warn_at is not None and held.warn_at <= now
                if held is not None and owed and (held.deadline_at or now + 1) > now:
                    await self._handle(held, now, report)  # the warning it still owes goes out now
                return
            post = await self.service.fallback(due.table_id, due.seat, now)
            if post is not None:
                report.fallbacks += 1
                await self.notifier.post(post)
            else:  # nothing to play for that wait: forget its deadline, unless a new wait replaced it
                await self.store.clocks.update_reminder_if(replace(due, deadline_at=None), due.since, due.sent)
            return
        if due.warn_at is not None and due.warn_at <= now:
            message = await self._claim_warning(due, now, report)
        else:
            message = await self._claim(due, now, report)
        if message is not None:
            await self._send(due.table_id, due.seat, message, report)

    async def _claimed(self, row: ReminderRow, message: Message) -> Message:
        """Store the advanced reminder row and the message's claim together: if this process dies before the
        message is sent, another process (or this one, restarted) sends it once the claim's lease runs out."""
        async with self.store.transaction():
            await self.store.clocks.put_reminder(row)
            if message.how == "none":
                return message
            delivery = await self.store.clocks.add_delivery(
                row.table_id,
                row.seat,
                row.since,
                message.how,
                message.user_id,
                message.text,
                asdict(message.origin),
                self.service.owner,
                self.service.clock() + self.service.lease,
            )
        return replace(message, delivery=delivery, since=row.since)

    async def _take_over(self, now: float, batch: int, report: TickReport) -> None:
        """Send the messages claimed by a process that died before sending them (their lease ran out)."""
        until = now + self.service.lease
        for claim in await self.store.clocks.take_deliveries(now, self.service.owner, until, batch):
            try:
                await self._resend(claim, report)
            except Exception:
                report.failed += 1
                log.exception("taking over message %s for table %s failed", claim.id, claim.table_id)

    async def _resend(self, claim: Delivery, report: TickReport) -> None:
        row = await self.store.clocks.reminder(claim.table_id, claim.seat)
        if row is None or row.since != claim.since:  # the player moved since: the message is out of date
            await self.store.clocks.end_delivery(claim.id)
            return
        message = Message(claim.how, claim.text, Origin(**claim.origin), claim.user_id, claim.id, claim.since)
        await self._send(claim.table_id, claim.seat, message, report)

    async def _send(self, table_id: int, seat: int, message: Message, report: TickReport) -> None:
        row = await self.store.clocks.reminder(table_id, seat)
        reached = False
        try:
            if message.how == "mention":  # the channel reads the call, not the player's private summary
                await self.notifier.mention(message.origin.channel_id, message.user_id, _public(message.text))
                report.mentioned += 1
                reached = True
            elif message.how == "dm":
                if await self.notifier.dm(message.user_id, message.text, message.origin):
                    report.reminded += 1
                    reached = True
                elif row is not None:
                    reached = await self._dms_closed(row, message, report)
        except Exception:  # Discord is down: the wait gets the message back, the other tables go on
            report.failed += 1
            log.exception("sending a reminder for table %s seat %s failed", table_id, seat)
            await self._undelivered(table_id, seat, message)
            await self._delivered(message)
            return
        await self._delivered(message)
        if reached and message.warning:
            await self._warned(table_id, seat, message)

    async def _undelivered(self, table_id: int, seat: int, message: Message) -> None:
        """Discord did not take the message: hand it back to the wait, so the clock tries it again in ten minutes
        as the same reminder (counted once) or the same warning (never a reminder of the pace)."""
        retry = self.service.clock() + RETRY
        async with self.service.lock(table_id):
            row = await self.store.clocks.reminder(table_id, seat)
            if row is None or row.since != message.since:
                return  # the player moved meanwhile: nothing is owed any more
            if message.warning:
                row.warn_at = retry if row.warn_at is None else min(row.warn_at, retry)
            elif message.text.startswith("⏰") and row.sent > 0:
                row.sent -= 1
                row.next_at = min(row.next_at, retry)
                row.mentioned = row.mentioned and message.how != "mention"
            await self.store.clocks.put_reminder(row)

    async def _warned(self, table_id: int, seat: int, message: Message) -> None:
        """The warning reached the player: the deadline is at least a quarter of the time after that moment, even
        when the warning went out late (Discord was down, or a process died and another took its claim over)."""
        delivered = self.service.clock()
        async with self.service.lock(table_id):
            row = await self.store.clocks.reminder(table_id, seat)
            table = await self.store.tables.table(table_id)
            if row is None or table is None or row.since != message.since or row.deadline_at is None:
                return
            if row.deadline_at < delivered + _quarter(table, row):
                row.deadline_at = delivered + _quarter(table, row)
                await self.store.clocks.put_reminder(row)

    async def _delivered(self, message: Message) -> None:
        if message.delivery is not None:
            await self.store.clocks.end_delivery(message.delivery)

    async def _held_back(self, due: ReminderRow, now: float, report: TickReport) -> bool:
        """Whether the deadline waits after all (under the table's lock, on the row as it is now): the player is
        away with allowance left, or was never warned. Then the deadline (and the warning) move."""
        async with self.service.lock(due.table_id):
            row = await self.store.clocks.reminder(due.table_id, due.seat)
            table = await self.store.tables.table(due.table_id)
            if row is None or table is None or row.deadline_at is None or row.deadline_at > now:
                return True  # the wait ended or moved meanwhile: nothing falls now
            holder = await self._holder(table, due.seat)
            if holder is None:
                return False
            prefs = await self.store.people.prefs(holder.user_id)
            if await self._hold(table, row, prefs, now):
                report.postponed += 1
                return True
            if row.warn_at is None:
                return False  # warned, and not away with allowance left: the deadline falls
            # the warning never went out (or its retry is pending): it goes first, the deadline after it
            warn = max(quiet_until(prefs, now) or now, row.warn_at)
            row.deadline_at = max(row.deadline_at, warn + _quarter(table, row))
            report.postponed += 1
            await self.store.clocks.put_reminder(row)
            return True

    async def _claim_warning(self, due: ReminderRow, now: float, report: TickReport) -> Message | None:
        """The warning before a deadline, claimed under the lock. Quiet hours and absences (within the allowance)
        postpone it; a postponed warning pushes the deadline back so the player still has a quarter of the time
        after it."""
        async with self.service.lock(due.table_id):
            row = await self.store.clocks.reminder(due.table_id, due.seat)
            table = await self.store.tables.table(due.table_id)
            if row is None or table is None or row.warn_at is None or row.warn_at > now or row.deadline_at is None:
                return None
            holder = await self._holder(table, due.seat)
            if holder is None:
                return None
            prefs = await self.store.people.prefs(holder.user_id)
            quarter = _quarter(table, row)
            if await self._hold(table, row, prefs, now):  # away, with allowance left: warned on their return
                report.postponed += 1
                return None
            wake = quiet_until(prefs, now)
            if wake is not None:
                row.warn_at = wake
                row.deadline_at = max(row.deadline_at, wake + quarter)
                report.postponed += 1
                await self.store.clocks.put_reminder(row)
                return None
            # a warning always reaches them, away with no allowance left too; with DMs closed or off it is a
            # channel mention of its own (the last call), besides the reminders' one mention per wait
            how = "dm" if prefs.dms and not prefs.dm_closed else "mention"
            row.warn_at = None
            row.deadline_at = max(row.deadline_at, now + quarter)
            report.warned += 1
            text = (
                f"⏳ Last call in **{self.service.engine(table).meta.title}**: your move is due "
                f"<t:{int(row.deadline_at)}:R>. After that the bot plays a safe move for you."
            )
            lines = await self.service.since_last_turn(table, due.seat)
            if lines:
                text += "\nSince your last turn:\n" + "\n".join(f"• {line}" for line in lines)
            return await self._claimed(row, Message(how, text, await self._origin(table), holder.user_id))

    async def _claim(self, due: ReminderRow, now: float, report: TickReport) -> Message | None:
        """Decide, under the table's lock and on the reminder row as it is now, whether and how to remind; the
        row is advanced before anything is sent, so a move made while the DM is on its way ends the wait for
        good instead of being overwritten by the row this tick read."""
        async with self.service.lock(due.table_id):
            row = await self.store.clocks.reminder(due.table_id, due.seat)
            if row is None or row.next_at > now:
                return None  # the player moved meanwhile, or the reminder was already sent
            table = await self.store.tables.table(due.table_id)
            seats = await self.store.tables.seats(due.table_id)
            holder = next((s for s in seats if s.seat == due.seat), None)
            if table is None or holder is None or table.status != "running":
                await self.store.clocks.drop_reminders(due.table_id)
                return None
            prefs = await self.store.people.prefs(holder.user_id)
            escalate = row.sent >= ESCALATE_AFTER and not row.mentioned
            wake = prefs.away_to if prefs.away(now) else quiet_until(prefs, now)
            if wake is not None:  # quiet hours and absences postpone the escalation's mention too
                row.next_at = wake
                report.postponed += 1
                await self.store.clocks.put_reminder(row)
                return None
            if escalate or (prefs.dm_closed and not row.mentioned):
                how = "mention"  # the channel hears of one wait once: the escalation, or instead of closed DMs
            elif prefs.dms and not prefs.dm_closed:
                how = "dm"
            else:
                how = "none"  # DMs muted (or closed, channel already told): counted towards the escalation
            text = self._summary(table, seats, now - row.since, row.deadline_at)
            if how == "dm":
                lines = await self.service.since_last_turn(table, due.seat)
                if lines:
                    text += "\nSince your last turn:\n" + "\n".join(f"• {line}" for line in lines)
            row.sent += 1
            row.next_at = now + table.remind_every
            row.mentioned = row.mentioned or how == "mention"
            return await self._claimed(row, Message(how, text, await self._origin(table), holder.user_id))

    async def _hold(self, table: TableRow, row: ReminderRow, prefs: Prefs, now: float) -> bool:
        """Hold a wait's warning or fallback, due now, while its player is away, and charge the seat's allowance
        with exactly how much further the deadline moves than it would for a player who is here; the row is
        stored in the same commit. False when they are not away or their allowance for this game is used up:
        then the clock runs as for anyone."""
        left = table.away_allowance - await self.store.people.away_used(table.id, row.seat)
        if not prefs.away(now) or prefs.away_to is None or left <= 0 or row.deadline_at is None:
            return False
        quarter = _quarter(table, row)
        if row.warn_at is not None:  # not warned yet: warned on their return, with a quarter still to play
            here = max(row.deadline_at, now + quarter)  # the deadline if they were warned now
            back = min(prefs.away_to, here + left - quarter)
            row.warn_at = back
            row.deadline_at = max(row.deadline_at, back + quarter)
            held = row.deadline_at - here
        else:  # warned before they left: the deadline waits for their return, and a quarter more if it can
            row.deadline_at = min(prefs.away_to + quarter, now + left)
            held = row.deadline_at - now
        row.next_at = max(row.next_at, min(prefs.away_to, row.deadline_at))  # no reminders while away
        async with self.store.transaction():  # never an allowance charged for a deadline that did not move
            await self.store.people.add_away_used(table.id, row.seat, held)
            await self.store.clocks.put_reminder(row)
        return True

    async def _holder(self, table: TableRow, seat: int) -> SeatRow | None:
        if table.status != "running":
            return None
        return next((s for s in await self.store.tables.seats(table.id) if s.seat == seat), None)

    async def _origin(self, table: TableRow) -> Origin:
        turn = await self.store.tables.turn_message(table.id)
        title = self.service.engine(table).meta.title
        return Origin(title, table.guild_id, table.channel_id, turn.message_id if turn else None)

    async def _dms_closed(self, row: ReminderRow, message: Message, report: TickReport) -> bool:
        """Discord refused the DM: remember it, and tell the channel instead: the warning always (the last call has
        its own mention), a reminder if the channel has not heard of this wait. Whether the player was reached."""
        prefs = await self.store.people.prefs(message.user_id)
        prefs.dm_closed = True  # remembered: next time, straight to the channel
        await self.store.people.save_prefs(prefs)
        async with self.service.lock(row.table_id):
            fresh = await self.store.clocks.reminder(row.table_id, row.seat)
            if fresh is None or fresh.since != row.since:
                return False
            if not message.warning:
                if fresh.mentioned:
                    return False
                fresh.mentioned = True
                await self.store.clocks.put_reminder(fresh)
        await self.notifier.mention(message.origin.channel_id, message.user_id, _public(message.text))
        report.mentioned += 1
        return True

    def _summary(self, table: TableRow, seats: list[SeatRow], waited: float, deadline_at: float | None) -> str:
        engine = self.service.engine(table)
        state = self.service.state(table)
        situation = fill_seats(engine.status(state, None), namer(seats))
        hours = max(1, int(waited // 3600))
        waited_text = f"{hours} h" if waited >= 3600 else f"{int(waited // 60)} min"
        due = f" Deadline <t:{int(deadline_at)}:R>." if deadline_at is not None else ""
        return f"⏰ Your move in **{engine.meta.title}** (waiting {waited_text}).{due} {situation}"


def _quarter(table: TableRow, row: ReminderRow) -> float:
    """The time a warned player always has: a quarter of the table's deadline (of the wait's own, if the table
    has none any more), never of a deadline that has already been moved."""
    span = table.deadline or ((row.deadline_at or row.since) - row.since)
    return span * WARN_LEFT


def _public(text: str) -> str:
    return text.split("\nSince your last turn:")[0]
