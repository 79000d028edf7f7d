"""The turn messages this process is still posting, and the order in which edits of a turn's message are shown.

A turn's first post is a new Discord message; the turn's next actions edit it. A quick second action may come
while that message is still on its way (drawing the board and uploading it take a moment): its post is made at
once, under the table's lock, as an edit of a message whose id is not known yet, and the front end waits for
the id only after answering Discord, outside the lock. Edits of one message are shown one at a time, in the
order of the versions they show; one overtaken by a later edit is left out, since the later one shows its lines
too (a turn's message is cumulative)."""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import TypeVar

Key = tuple[int, int]  # (table id, the version that began the message)
KEPT = 256  # messages remembered (ids, edit order): far more than a process posts within one wait
V = TypeVar("V")


class TurnEdits:
    def __init__(self) -> None:
        self._sending: dict[Key, asyncio.Event] = {}
        self._ids: OrderedDict[Key, int | None] = OrderedDict()  # the outcome of recent posts (None: failed)
        self._locks: OrderedDict[Key, asyncio.Lock] = OrderedDict()
        self._shown: OrderedDict[Key, int] = OrderedDict()  # the version each message shows now

    def begin(self, key: Key) -> None:
        """A new message is on its way to Discord."""
        self._sending[key] = asyncio.Event()

    def on_its_way(self, key: Key) -> bool:
        return key in self._sending

    def known(self, key: Key) -> int | None:
        """The id a recent message got (its row in the store may have been read just before)."""
        return self._ids.get(key)

    def sent(self, key: Key, message_id: int) -> None:
        """The message has its id (posted, or edited by a later post): anyone waiting for it goes on."""
        self._remember(self._ids, key, message_id)
        done = self._sending.pop(key, None)
        if done is not None:
            done.set()

    def failed(self, key: Key) -> None:
        """A post failed: if it was the one posting the message, the message will not come."""
        done = self._sending.pop(key, None)
        if done is not None:
            self._remember(self._ids, key, None)
            done.set()

    async def wait(self, key: Key, timeout: float) -> tuple[bool, int | None]:
        """Wait for a message on its way: (known, its id). Not known: this process never posted it, or it took
        longer than `timeout` (then it is given up, so later actions begin a new message instead of waiting)."""
        sending = self._sending.get(key)
        if sending is not None:
            try:
                await asyncio.wait_for(sending.wait(), timeout)
            except TimeoutError:
                self._sending.pop(key, None)
                return False, None
        return (True, self._ids[key]) if key in self._ids else (False, None)

    @contextlib.asynccontextmanager
    async def edit(self, key: Key, version: int) -> AsyncIterator[bool]:
        """Around an edit of a message: one at a time, and True only if no later version was shown already."""
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._remember(self._locks, key, lock)
        async with lock:
            newest = self._shown.get(key, -1) < version
            yield newest
            if newest:
                self._remember(self._shown, key, version)

    @staticmethod
    def _remember(kept: OrderedDict[Key, V], key: Key, value: V) -> None:
        kept[key] = value
        kept.move_to_end(key)
        while len(kept) > KEPT:
            kept.popitem(last=False)
