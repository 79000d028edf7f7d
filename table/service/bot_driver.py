"""The bot seats' driver: plays the moves the game awaits of bots, one after another, as soon as the posts before
each have reached the channel (so the channel reads in order), and hands each post to the front end.

The front end gives the composition a `deliver` function (Discord posts to the channel, the console prints);
without one (the service alone, in tests) bots move only when `play_bot` is called.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from table.service.bot_seats import BotSeats
from table.service.outbox import Outbox, Post
from table.storage import Store

log = logging.getLogger(__name__)
POSTS_WAIT = 15.0  # seconds a bot waits for the posts before its move to reach the channel
Deliver = Callable[[Post], Awaitable[None]]


class BotDriver:
    """One task per table playing its awaited bot moves, and the front end's way to show what they post."""

    def __init__(self, store: Store, bots: BotSeats, outbox: Outbox, deliver: Deliver | None) -> None:
        self.store = store
        self.bots = bots
        self.outbox = outbox
        self.deliver = deliver  # None: bots move only when asked (play_bot), as in the service's own tests
        self._tasks: dict[int, asyncio.Task[None]] = {}  # table -> the task playing its bots' moves

    def after(self, post: Post) -> Post:
        """A post made by a change: wake the table's bots when it awaits one. The post, unchanged."""
        if post.bots_due:
            self.wake(post.table_id)
        return post

    def wake(self, table_id: int) -> None:
        """Let the bots of a table play what is awaited of them (once the posts before are in the channel)."""
        if self.deliver is None:
            return
        running = self._tasks.get(table_id)
        if running is not None and not running.done():
            return  # its loop plays every bot move until no bot is awaited
        self._tasks[table_id] = asyncio.create_task(self._drive(table_id, self.deliver))

    async def _drive(self, table_id: int, deliver: Deliver) -> None:
        """Play the awaited bot moves one by one. An edit of the turn's message is held back while the next bot
        move edits the same message (that edit shows its lines too): a bot's turn of fifty moves is a few edits,
        not fifty uploads of the board within Discord's edit rate limit. A new message goes out at once."""
        held: Post | None = None
        try:
            while True:
                await self._posted(table_id)
                post = await self.bots.play_bot(table_id)
                if post is None:
                    break
                if held is not None and post.edit != held.edit:
                    await deliver(held)  # the message it edits is done with: show its last lines
                held = None
                if post.edit is None:
                    await deliver(post)
                else:
                    held = post
                    await self.outbox.announced(post.table_id, post.version)  # on its way with the next edit
        except Exception:  # a bot must never take the service down; the next wake (or tick) tries again
            log.exception("a bot move at table %s failed", table_id)
        if held is not None:
            await deliver(held)

    async def _posted(self, table_id: int) -> None:
        """Wait (a while at most) until every post of this table is in the channel."""
        await self.outbox.until_posted(table_id, POSTS_WAIT)

    async def settled(self) -> None:
        """Wait until the bots have played everything awaited of them (the console and tests read after it)."""
        while pending := [task for task in self._tasks.values() if not task.done()]:
            await asyncio.gather(*pending)

    async def wake_waiting(self) -> None:
        """After a restart: wake the bots of every running table that awaits one."""
        for table_id in await self.store.tables.tables_awaiting_bots():
            self.wake(table_id)

    async def show(self, post: Post) -> None:
        """Hand a notice of the table's own to the front end, like a bot's move; with none (the service alone), it
        is left to the catch-up."""
        if self.deliver is not None:
            await self.deliver(post)
        else:
            await self.outbox.post_failed(post)
