"""The game's timelapse as the table gives it: frames read from the stored snapshots (public views only, the seats
under the names the table shows now), drawn in a worker thread and kept for the table's version; posted once after
a finished game's finale (unless the table turned it off), and given by /board timelapse while the game runs."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from render import timelapse
from render.record import table_facts
from rules import serial
from rules.text import count
from table.service.core import TableError, Tables, engine_of, title
from table.service.outbox import NotShown, Post, Screen
from table.storage import Store, TableRow

log = logging.getLogger(__name__)
KEPT = 4  # timelapses kept (each up to 10 MB): the latest drawn
DUE_AFTER = 120.0  # seconds after a game's end before another process (or a restart) posts its timelapse


def nonce(table_id: int) -> str:
    """The nonce of a table's timelapse message: the same on every attempt (a retry after a crash, another process),
    so Discord hands back the message the first attempt made instead of posting a second one."""
    return f"timelapse-{table_id}"


class Timelapses:
    def __init__(self, store: Store, tables: Tables, deliver: Callable[[Post], Awaitable[None]] | None) -> None:
        self.store = store
        self.tables = tables
        self.deliver = deliver  # how the front end shows a post of the service's own; None: nothing is posted
        self._kept: dict[tuple[int, int, tuple[str, ...]], timelapse.Timelapse] = {}
        self._drawing: dict[tuple[int, int, tuple[str, ...]], asyncio.Task[timelapse.Timelapse]] = {}
        self._posting: set[int] = set()  # tables whose timelapse this process is posting now

    async def of(self, table: TableRow) -> timelapse.Timelapse:
        """The timelapse of a table that has begun, as it stands at the version read: the start, the end of each
        turn (an even pick of them in a long game) and the board now last."""
        if table.state is None:
            raise TableError("There is no timelapse yet: the game has not begun (its players are still gathering).")
        names = tuple(seat.name for seat in await self.store.tables.seats(table.id))
        key = (table.id, table.version, names)  # a forgotten user's new name is another timelapse
        if key in self._kept:
            return self._kept[key]
        task = self._drawing.get(key)
        if task is None:  # two asks at once draw it once
            task = asyncio.ensure_future(self._draw(table, list(names)))
            self._drawing[key] = task
            task.add_done_callback(lambda _: self._drawing.pop(key, None))
        drawn = await asyncio.shield(task)
        if len(self._kept) >= KEPT:
            self._kept.pop(next(iter(self._kept)))
        self._kept[key] = drawn
        return drawn

    async def _draw(self, table: TableRow, names: list[str]) -> timelapse.Timelapse:
        texts = await self._frames(table)
        engine = engine_of(table)

        def draw() -> timelapse.Timelapse:  # the states are parsed here too: a campaign's hundred are slow to read
            frames = []
            for label, text in texts:
                state = serial.loads(engine.State, text)
                facts = table_facts(engine, state, names)
                frames.append(timelapse.Frame(label, engine.view(state, None), facts))
            return timelapse.draw(engine.meta.id, frames)

        return await asyncio.to_thread(draw)

    async def _frames(self, table: TableRow) -> list[tuple[str, str]]:
        """(caption, stored state) of each frame to draw: the start and each turn's end from their snapshots (an even
        pick of them in a long game), then the state now where actions came after the last turn's end."""
        assert table.state is not None
        last = await self.store.log.snapshot(table.id, table.turns)
        now = last is None or last.upto < await self.store.log.action_count(table.id)
        ended = table.status == "finished"
        frames = []
        for index in timelapse.pick(table.turns + 1 + now):
            if index > table.turns:
                frames.append((_caption(table, "the end" if ended else "now"), table.state))
                continue
            snapshot = last if index == table.turns else await self.store.log.snapshot(table.id, index)
            if snapshot is None:
                continue  # a turn an undo took back: the turns around it still show
            said = "the start" if index == 0 else f"end of turn {index}"
            frames.append(
                (
                    _caption(table, said + (", the end" if ended and not now and index == table.turns else "")),
                    snapshot.state,
                )
            )
        return frames

    async def board(self, channel_id: int) -> tuple[str, timelapse.Timelapse]:
        """/board timelapse: the game so far (or the whole of a finished one), public like the board itself."""
        table = await self.tables.table_here(channel_id)
        drawn = await self.of(table)
        return f"{title(table)} so far: {_shown(drawn, table)}.", drawn

    async def after_finale(self, table_id: int) -> None:
        """The finale of a finished game is in the channel: post its timelapse after it, unless the table turned it
        off or it is there already. A failure is logged: the tick's post_due tries again."""
        if self.deliver is None or table_id in self._posting:
            return
        table = await self.store.tables.table(table_id)
        if table is None or table.status != "finished" or not table.timelapse or table.timelapse_posted is not None:
            return
        self._posting.add(table_id)
        try:
            drawn = await self.of(table)
            text = f"Timelapse of this {title(table)} game: {_shown(drawn, table)}."
            await self.deliver(
                Post(
                    table.id,
                    table.channel_id,
                    table.version,
                    text,
                    nonce=nonce(table.id),
                    file=(drawn.name, drawn.data),
                )
            )
        except Exception:  # the finale is posted whatever happens here
            log.exception("the timelapse of table %s failed", table_id)
        finally:
            self._posting.discard(table_id)

    async def show(self, post: Post, screen: Screen) -> int | None:
        """A timelapse's post through a front end (TableService.show sends it here): a message of its own that
        pings nobody, then marked posted. None when it could not be shown (post_due tries again)."""
        assert post.file is not None
        try:
            await screen.answer_first(post)
            message_id = await screen.new(post, post.file[1])
        except NotShown:
            log.warning("the timelapse of table %s was refused; it is tried again later", post.table_id)
            return None
        await self.store.tables.set_table(post.table_id, timelapse_posted=self.tables.clock())
        return message_id

    async def post_due(self) -> None:
        """Post the timelapses a crash or a refusal left unposted (the reminders' tick calls it)."""
        for table in await self.store.tables.timelapses_due(self.tables.clock() - DUE_AFTER):
            await self.after_finale(table.id)


def _caption(table: TableRow, said: str) -> str:
    return f"{title(table)}, {said}"


def _shown(drawn: timelapse.Timelapse, table: TableRow) -> str:
    """How much of the game the timelapse shows, in a few words."""
    turns = count(table.turns, "turn")
    if table.turns == 0:
        return "the start only (no turn played yet)"
    if drawn.frames >= table.turns + 1:
        return f"{turns}, one frame each"
    return f"{turns} in {drawn.frames} frames, picked evenly"
