"""Archives of ended games: /game export writes a game's file (table/service/archive_file.py, docs/archive.md) and
its final board; the console loads a file and steps through its replay, a board picture for each turn.

Only a game that has ended is exported: until then its log holds hidden choices (secret picks, hands) that must not
reach the channel. Every export is replayed before it is handed out, so a file always loads where it was made.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from render import renderer
from render.draw import encode_png
from render.record import table_facts
from rules import serial
from rules.base import Engine, fill_seats
from table.service import archive_file
from table.service.archive_file import ArchiveError, Replayed, Step
from table.service.core import TableError, Tables, engine_of, namer
from table.storage import Store

ATTACHMENTS = 10_000_000  # what one message may carry in Discord for everyone: the file and the board together
MARGIN = 64 * 1024  # the message's own text and framing


@dataclass(frozen=True)
class Export:
    """A game's file and its final board, ready to attach."""

    title: str
    status: str  # finished or abandoned
    name: str  # the file's name: <game>-<table>.json, or .json.gz when compressed to fit
    data: bytes
    board: bytes  # PNG of the whole map at the end
    actions: int
    turns: int

    @property
    def compressed(self) -> bool:
        return self.name.endswith(".gz")


class Archives:
    """Exporting a game that ended, and replaying an exported one; nothing here writes to the store."""

    def __init__(self, store: Store, tables: Tables) -> None:
        self.store = store
        self.tables = tables

    async def export(self, channel_id: int) -> Export:
        table = await self.tables.table_here(channel_id)
        engine = engine_of(table)
        if table.status == "lobby":
            raise TableError("The table here is still gathering players: there is no game to export yet.")
        if table.status == "running":
            raise TableError(
                f"The {engine.meta.title} game here is still being played. A game is exported once it is over: its "
                "log holds choices that stay hidden until the end (secret picks, hands)."
            )
        if table.state is None:
            raise TableError("This table was abandoned before its game began: there is no game to export.")
        seats = await self.store.tables.seats(table.id)
        rows = await self.store.log.actions(table.id)
        final = serial.loads(engine.State, table.state)
        outcome = engine.outcome(final)
        result = None if outcome is None else fill_seats(outcome.summary, namer(seats))
        content = archive_file.document(table, seats, rows, result, archive_file.digest(final))
        board = await whole_board(engine, final, [seat.name for seat in seats])
        room = ATTACHMENTS - MARGIN - len(board)
        data = await asyncio.to_thread(archive_file.encoded, content, room)
        if len(data) > room:
            raise TableError(
                f"This game's file is {len(data) / 1e6:.1f} MB even compressed: more than Discord lets a message carry."
            )
        try:
            await self.load(data)  # proves the file replays to the final state before anyone is handed it
        except ArchiveError:
            raise TableError(
                f"This {engine.meta.title} game's log no longer replays to its final board (the rules have changed "
                "since it was played), so it cannot be exported."
            ) from None
        suffix = ".json.gz" if data[:2] == archive_file.GZIP_MAGIC else ".json"
        return Export(
            engine.meta.title, table.status, f"{table.game}-{table.id}{suffix}", data, board, len(rows), table.turns
        )

    async def load(self, data: bytes) -> Replayed:
        """An exported game, read and replayed (off the event loop: a long game takes a while); ArchiveError says,
        in one line, why a file cannot be replayed."""
        return await asyncio.to_thread(lambda: archive_file.replayed(archive_file.read(data)))

    async def picture(self, replayed: Replayed, step: Step) -> bytes:
        """The whole map at the end of a step of a replayed game, as the export's final board draws it."""
        engine = replayed.engine
        state = serial.loads(engine.State, step.state)
        return await whole_board(engine, state, [seat.name for seat in replayed.archive.seats])


async def whole_board(engine: Engine[Any], state: Any, names: list[str]) -> bytes:
    """The whole map of a game's public view as PNG, drawn in a worker thread."""
    drawn = renderer(engine.meta.id)
    public = engine.view(state, None)
    facts = table_facts(engine, state, names)
    return await asyncio.to_thread(lambda: encode_png(drawn.whole_map(public, facts)))
