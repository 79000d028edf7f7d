"""Forgetting a user: their own request (/privacy forget), or the bot owner acting on Discord's deletion request
(/privacy erase), which may come mid-game.

The store scrubs every row that names them (table/storage/people.py's forget_user). What needs the table service comes
first: a seat erased in a lobby is emptied, one erased at a running table goes to a bot, so nobody waits for,
reminds, pings or asks a player who no longer exists, and the channel is told once."""

from __future__ import annotations

from contextlib import AsyncExitStack
from dataclasses import replace

from table.service.bot_driver import BotDriver
from table.service.bot_seats import bot_strength, new_bot
from table.service.core import TableError, Tables, engine_of, seat_of
from table.service.lobby import Lobby
from table.service.outbox import Outbox, Post
from table.service.pictures import Pictures
from table.service.results import Results
from table.storage import FORMER_PLAYER, Store


class Privacy:
    """Forgetting a user: the rows that name them, and what becomes of their seats."""

    def __init__(
        self,
        store: Store,
        tables: Tables,
        lobby: Lobby,
        outbox: Outbox,
        pictures: Pictures,
        driver: BotDriver,
        results: Results,
    ) -> None:
        self.store = store
        self.results = results  # a forgotten user is a former player in results; the ratings are rebuilt
        self.tables = tables
        self.lobby = lobby  # a lobby's seat is taken away as when its player leaves
        self.outbox = outbox
        self.pictures = pictures
        self.driver = driver  # a running game's seat goes to a bot, who plays it at once

    async def forget(self, user_id: int, by_owner: bool = False) -> str:
        """Remove or anonymise everything stored about a user. Games keep replaying: seats keep their numbers as
        'a former player'.

        A player asking for themselves is first sent to leave the tables they still play at; the owner's
        erasure goes ahead: a lobby loses the seat, and at a running table a bot plays it from now on."""
        playing = await self.store.tables.running_seats_of(user_id)
        if playing and not by_owner:
            where = ", ".join(f"<#{table.channel_id}>" for table in playing)
            raise TableError(
                f"You still have a seat at {len(playing)} table{'s' * (len(playing) > 1)} ({where}). Leave the "
                "lobby, or ask the host to /game replace you, then ask again. Nothing was changed."
            )
        notices: list[Post] = []
        handed: list[tuple[int, int]] = []  # (table, seat) now played by a bot
        async with AsyncExitStack() as held:
            # every table whose rows name them: a table they left still shows their name in its turn's message,
            # which an action there rewrites; in id order, as every lock here is taken, so no two tasks deadlock
            touched = sorted({*await self.store.people.tables_naming(user_id), *(table.id for table in playing)})
            for table_id in touched:
                await held.enter_async_context(self.tables.lock(table_id))
            async with self.store.transaction():
                for table_id in touched:
                    seat = await self._empty_seat(table_id, user_id)
                    if seat is not None:
                        handed.append((table_id, seat))
                changed = await self.store.people.forget_user(user_id)
                rated = await self.store.results.forget_user(user_id)
            for table_id, seat in handed:  # after the commit, under the lock: the turn's message edits stay in order
                notices.append(await self._erased_notice(table_id, seat))
        await self.results.rebuild(rated)  # everyone else's ratings come out as if the user had never been named
        await self.store.database.reclaim()
        self.pictures.forget()  # boards drawn with the old name
        for post in notices:
            await self.driver.show(post)
        for table_id, _ in handed:
            self.driver.wake(table_id)  # the erased seat may be awaited: its bot plays now
        seats, actions = changed["seats"], changed["actions"]
        seats += len(handed)
        whose = "their" if by_owner else "your"
        return (
            f"{f'User {user_id} erased' if by_owner else 'Forgotten'}: {whose} preferences are deleted, {whose} "
            f"{seats} seat{'s' * (seats != 1)} now read '{FORMER_PLAYER}', and the id is gone from {actions} logged "
            f"action{'s' * (actions != 1)}, from requests and from the tables opened. The games themselves are kept."
        )

    async def _empty_seat(self, table_id: int, user_id: int) -> int | None:
        """The user's seat at a table still gathering or running, read afresh under its lock: a lobby's seat is
        removed; a running game's goes to a bot (its number is returned), or the game is abandoned when only bots
        would be left."""
        table = await self.store.tables.table(table_id)
        if table is None or table.status not in ("lobby", "running"):
            return None
        seats = await self.store.tables.seats(table_id)
        mine = seat_of(seats, user_id)
        if mine is None:
            return None
        if table.status == "lobby":
            await self.lobby.remove_seat(table, seats, mine)
            return None
        heir = next((seat for seat in seats if seat.person and seat.seat != mine.seat), None)
        if heir is None:  # bots alone don't make a game
            now = self.tables.clock()
            await self.store.tables.set_table(table_id, status="abandoned", finished_at=now)
            await self.store.clocks.drop_reminders(table_id)
            await self.store.clocks.close_requests(table_id)
            ended = replace(table, status="abandoned", finished_at=now)
            await self.results.record(ended, seats, self.tables.state(table))  # before the store forgets the user
            return None
        engine = engine_of(table)
        bot_id, _ = new_bot(seats)
        await self.store.tables.set_seat_user(table_id, mine.seat, bot_id, FORMER_PLAYER, bot_strength(engine, None))
        if table.creator_id == user_id:
            await self.store.tables.set_table(table_id, creator_id=heir.user_id)
        fresh = await self.store.tables.seats(table_id)
        state = self.tables.state(table)
        await self.tables.sync_reminders(table, fresh, engine, state, acted=mine.seat, now=self.tables.clock())
        await self.store.clocks.close_requests(table_id)  # asked of (or by) a player who no longer exists
        return mine.seat

    async def _erased_notice(self, table_id: int, seat: int) -> Post:
        """The one message that tells the table what became of the erased seat: an edit of the turn's message
        when there is one (so the channel's copy loses the name too), pinging nobody."""
        table = await self.store.tables.table(table_id)
        assert table is not None
        seats = await self.store.tables.seats(table_id)
        level = next(held.bot for held in seats if held.seat == seat)
        line = (
            f"🛡 A player's data was erased (a data deletion request made through Discord). From now on the "
            f"{level} bot plays their seat, shown as '{FORMER_PLAYER}'; a member not playing here may take it "
            "over with /game bot takeover. "
            "Any undo or pause vote that was open is closed: ask again if you still want it."
        )
        engine, state = engine_of(table), self.tables.state(table)
        post = await self.outbox.post(table_id, table.channel_id, table.version, engine, state, seats, [line], [])
        post.mentions = []  # news, not a call to act: nobody is pinged for it
        return post
