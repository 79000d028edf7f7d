"""Running a table: its pace (reminders, deadlines), pausing, handing seats over and abandoning it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from table.service.core import (
    BOT_WAIT,
    Ask,
    Caller,
    TableError,
    Tables,
    TableView,
    require_host,
    seat_of,
    title,
    warning,
)
from table.service.results import Results
from table.service.views import Views
from table.storage import Store
from table.text import present
from table.text.durations import show_duration

POSTS = ("turn", "action")
POSTS_HELP = "turn (the default) edits one message per turn; action posts a new message for every action."
SWITCH = {"on": 1, "off": 0}
WEB_HELP = "on (the default) serves the table's web page; off takes it down at once, and its links with it."
TIMELAPSE_HELP = "on (the default) posts the game's timelapse after its end; off posts none."


class Management:
    """The host's and the channel managers' commands."""

    def __init__(self, store: Store, tables: Tables, views: Views, min_pace: int, results: Results) -> None:
        self.store = store
        self.tables = tables
        self.results = results  # an abandoned game's result is kept in the commit that abandons it
        self.views = views  # what a change of the table answers: the table as it stands
        self.min_pace = min_pace  # the shortest reminder interval or deadline a table may set, in seconds

    async def pause(self, channel_id: int, caller: Caller) -> str | Ask:
        async with self.tables.holding(channel_id) as table:
            seats, mine = await self.tables.seated(table, caller)
            if table.paused:
                now = self.tables.clock()
                # one transaction: the clocks restart in the same commit that lifts the pause, so no tick (or
                # crash) in between can find the table running with deadlines that fell during the pause
                async with self.store.transaction():
                    await self.store.tables.set_table(table.id, paused=0)
                    await self.store.results.pause_ended(table.id, now)
                    for row in await self.store.clocks.reminders(table.id):
                        if row.next_at >= BOT_WAIT:
                            continue  # a bot's wait: it is never reminded
                        row.since, row.next_at, row.sent, row.mentioned = now, now + table.remind_after, 0, False
                        row.deadline_at = now + table.deadline if table.deadline else None
                        row.warn_at = warning(now, row.deadline_at)
                        await self.store.clocks.put_reminder(row)
                return f"{mine.name} resumes the table: reminders and deadlines run again."
            if len(seats) == 1:
                async with self.store.transaction():
                    await self.store.tables.set_table(table.id, paused=1)
                    await self.store.results.pause_began(table.id, self.tables.clock())
                return "The table is paused."
            return await self.tables.ask(
                table, seats, caller, "pause", "pause this table (a vacation): everyone must agree"
            )

    async def settings(
        self,
        channel_id: int,
        caller: Caller,
        remind_after: int | None,
        remind_every: int | None,
        deadline: int | None,
        clear_deadline: bool = False,
        posts: str | None = None,
        away_allowance: int | None = None,
        web: str | None = None,
        timelapse: str | None = None,
    ) -> TableView:
        async with self.tables.holding(channel_id) as table:
            require_host(table, caller, "change the table's pace")
            fields: dict[str, Any] = {}
            if posts is not None:
                if posts.strip().lower() not in POSTS:
                    raise TableError(f"posts is {' or '.join(POSTS)}: {POSTS_HELP}")
                fields["posts"] = posts.strip().lower()
            if web is not None:
                fields["web"] = _switch(web)
            if timelapse is not None:
                fields["timelapse"] = _switch(timelapse, "timelapse", TIMELAPSE_HELP)
            if away_allowance is not None:
                fields["away_allowance"] = away_allowance
            asked = {"remind_after": remind_after, "remind_every": remind_every, "deadline": deadline}
            for what, seconds in asked.items():
                if seconds is not None:
                    self._check_pace(what, seconds)
                    fields[what] = seconds
            if clear_deadline:
                fields["deadline"] = None
            if not fields:
                return await self.views.view_of(table)
            async with self.store.transaction():
                await self.store.tables.set_table(table.id, **fields)
                updated = await self.store.tables.table(table.id)
                assert updated is not None
                for row in await self.store.clocks.reminders(table.id):
                    if row.next_at >= BOT_WAIT:
                        continue  # a bot's wait: it is never reminded
                    row.next_at = row.since + updated.remind_after + updated.remind_every * row.sent
                    row.deadline_at = row.since + updated.deadline if updated.deadline else None
                    row.warn_at = warning(row.since, row.deadline_at)  # a changed deadline is announced afresh
                    await self.store.clocks.put_reminder(row)
        return await self.views.view(channel_id)

    async def web_page(self, channel_id: int, caller: Caller, web: str) -> TableView:
        """The table's web page on or off, whatever its state: a finished game's page can be taken down too."""
        found = await self.tables.table_here(channel_id)
        async with self.tables.lock(found.id):
            table = await self.store.tables.table(found.id)
            assert table is not None
            require_host(table, caller, "take the table's web page down or put it up")
            await self.store.tables.set_table(table.id, web=_switch(web))
            updated = await self.store.tables.table(table.id)
            assert updated is not None
        return await self.views.view_of(updated)

    def _check_pace(self, what: str, seconds: int) -> None:
        """Reminders and deadlines faster than the floor would nag players (and the channel) without end."""
        if seconds < self.min_pace:
            label = {"remind_after": "The first reminder", "remind_every": "Reminders", "deadline": "A deadline"}
            raise TableError(
                f"{label[what]} can't come sooner than {show_duration(self.min_pace)} "
                f"(you asked for {show_duration(seconds)}): play by post runs on hours and days."
            )

    async def replace(self, channel_id: int, caller: Caller, old_user: int, new: Caller) -> TableView:
        async with self.tables.holding(channel_id) as table:
            if caller.user_id != old_user:
                require_host(table, caller, "hand another player's seat to someone")
            seats = await self.store.tables.seats(table.id)
            old = seat_of(seats, old_user)
            if old is None:
                raise TableError("That member has no seat at this table.")
            if seat_of(seats, new.user_id):
                raise TableError(f"{new.name} already has a seat at this table.")
            async with self.store.transaction():
                await self.store.tables.set_seat_user(table.id, old.seat, new.user_id, new.name)
                if table.creator_id == old_user:
                    await self.store.tables.set_table(table.id, creator_id=new.user_id)
        return await self.views.view(channel_id)

    async def abandon(self, table_id: int, caller: Caller, version: int) -> str:
        """Abandon the table the confirmation was drawn for (by id: never whatever the channel holds now)."""
        async with self.tables.lock(table_id):
            table = await self.tables.fresh(table_id)
            require_host(table, caller, "abandon the game")
            if table.version != version:
                raise TableError("The game moved on since you asked; run /game abandon again to confirm.")
            now = self.tables.clock()
            async with self.store.transaction():
                await self.store.tables.set_table(table.id, status="abandoned", finished_at=now)
                await self.store.clocks.drop_reminders(table.id)
                await self.store.clocks.close_requests(table.id)
                if table.state is not None:
                    ended = replace(table, status="abandoned", finished_at=now)
                    seats = await self.store.tables.seats(table.id)
                    await self.results.record(ended, seats, self.tables.state(table))
        return f"The {title(table)} game in this channel was abandoned by {caller.name}."


def _switch(value: str, name: str = "web", meaning: str = WEB_HELP) -> int:
    """web:on or web:off (timelapse:...) as the stored flag; anything else is refused."""
    if value.strip().lower() not in SWITCH:
        raise TableError(f"{name} is on or off, not {present.escape_text(value[:20])}: {meaning}")
    return SWITCH[value.strip().lower()]
