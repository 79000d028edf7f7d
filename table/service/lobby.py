"""The lobby: opening a table, taking and leaving seats, factions, and starting the game."""

from __future__ import annotations

import asyncio
import difflib

import rules
from rules import serial
from rules.base import Meta, fill_seats, normal
from rules.rng import Rng
from table.service.core import (
    ACTIVE,
    Caller,
    TableError,
    Tables,
    TableView,
    engine_of,
    namer,
    require_host,
    seat_of,
    title,
)
from table.service.outbox import Outbox, Post
from table.service.replay import initial_state
from table.service.views import Views
from table.storage import SeatRow, Store, TableRow
from table.text import present


class Lobby:
    """Gathering players until the host starts the game."""

    def __init__(self, store: Store, tables: Tables, outbox: Outbox, views: Views) -> None:
        self.store = store
        self.tables = tables
        self.outbox = outbox
        self.views = views  # what a change in the lobby answers: the table as it stands

    async def create(
        self, guild_id: int, channel_id: int, caller: Caller, game: str, options: dict[str, str]
    ) -> TableRow:
        try:
            engine = rules.engine(game)
        except KeyError as error:
            raise TableError(str(error.args[0])) from None
        resolved = engine.meta.resolve_options(options)
        existing = await self.store.tables.table_in_channel(channel_id)
        if existing and existing.status in ACTIVE:
            raise TableError(
                f"This channel already has a {title(existing)} game ({existing.status}). "
                "Finish or abandon it, or open the new game in another channel or thread."
            )
        async with self.store.transaction():
            table_id = await self.store.tables.insert_table(
                guild_id, channel_id, engine.meta.id, resolved, caller.user_id, self.tables.clock(), self.tables.seeds()
            )
            await self.store.tables.add_seat(table_id, 0, caller.user_id, caller.name, None)
        table = await self.store.tables.table(table_id)
        assert table is not None
        return table

    async def join(self, channel_id: int, caller: Caller, faction: str | None = None) -> TableView:
        return (await self.join_or_choose(channel_id, caller, faction))[0]

    async def join_or_choose(
        self, channel_id: int, caller: Caller, faction: str | None = None
    ) -> tuple[TableView, bool]:
        """/game join: a seat (True), or, for a player already seated who names a faction, that faction instead
        (False): the creator sits down without one when opening the table."""
        async with self.tables.holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("This game has already started. Ask a player to /game replace you in, if they leave.")
            meta = engine_of(table).meta
            seats = await self.store.tables.seats(table.id)
            mine = seat_of(seats, caller.user_id)
            if mine and faction:
                others = [seat for seat in seats if seat.seat != mine.seat]
                mine.faction = self._faction(meta, others, faction)
                await self.store.tables.replace_seats(table.id, seats)
            elif mine:
                raise TableError(
                    "You are already at this table. /game join with a faction changes yours; /game leave gets you up."
                )
            elif len(seats) >= meta.max_players:
                raise TableError(f"This table is full: {meta.title} takes at most {meta.max_players} players.")
            else:
                chosen = self._faction(meta, seats, faction)
                await self.store.tables.add_seat(
                    table.id, max(seat.seat for seat in seats) + 1, caller.user_id, caller.name, chosen
                )
        return await self.views.view(channel_id), not mine

    @staticmethod
    def _faction(meta: Meta, seats: list[SeatRow], wanted: str | None) -> str | None:
        if not wanted:
            return None
        if not meta.factions:
            raise TableError(f"{meta.title} has no factions or colours to choose.")
        match = next((f for f in meta.factions if normal(f) == normal(wanted)), None)
        if match is None:
            close = difflib.get_close_matches(normal(wanted), [normal(f) for f in meta.factions], n=1, cutoff=0.7)
            hint = next((f" Did you mean {f}?" for f in meta.factions if close and normal(f) == close[0]), "")
            shown = present.escape_text(wanted[:40])
            raise TableError(f"{shown} is not a choice in {meta.title}: {', '.join(meta.factions)}.{hint}")
        if any(seat.faction == match for seat in seats):
            raise TableError(
                f"{match} is taken. Free: {', '.join(f for f in meta.factions if f not in {s.faction for s in seats})}."
            )
        return match

    async def choose_faction(self, channel_id: int, caller: Caller, faction: str) -> TableView:
        async with self.tables.holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("Factions are chosen in the lobby, before the game starts.")
            seats, mine = await self.tables.seated(table, caller)
            others = [seat for seat in seats if seat.seat != mine.seat]
            mine.faction = self._faction(engine_of(table).meta, others, faction)
            await self.store.tables.replace_seats(table.id, seats)
        return await self.views.view(channel_id)

    async def leave(self, channel_id: int, caller: Caller) -> TableView:
        async with self.tables.holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("The game is under way: /game replace hands your seat to someone else.")
            seats, mine = await self.tables.seated(table, caller)
            await self.remove_seat(table, seats, mine)
        return await self.views.view(channel_id)

    async def kick(self, channel_id: int, caller: Caller, user_id: int) -> TableView:
        async with self.tables.holding(channel_id) as table:
            require_host(table, caller, "kick a player")
            if table.status != "lobby":
                raise TableError("The game is under way: use /game replace to give that seat to someone else.")
            seats = await self.store.tables.seats(table.id)
            target = seat_of(seats, user_id)
            if target is None:
                raise TableError("That member is not at this table.")
            await self.remove_seat(table, seats, target)
        return await self.views.view(channel_id)

    async def remove_seat(self, table: TableRow, seats: list[SeatRow], seat: SeatRow) -> None:
        rest = [s for s in seats if s.seat != seat.seat]
        people = [s for s in rest if s.person]
        async with self.store.transaction():
            if not people:  # bots alone don't make a table
                await self.store.tables.set_table(table.id, status="abandoned", finished_at=self.tables.clock())
            for index, other in enumerate(rest):
                other.seat = index
            await self.store.tables.replace_seats(table.id, rest)
            if people and seat.user_id == table.creator_id:
                await self.store.tables.set_table(table.id, creator_id=people[0].user_id)  # the lobby keeps a host

    async def start(self, channel_id: int, caller: Caller, order: str = "random") -> Post:
        async with self.tables.holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("This game has already started.")
            seats, _ = await self.tables.seated(table, caller)
            require_host(table, caller, "start the game")
            engine = engine_of(table)
            meta: Meta = engine.meta
            if not meta.min_players <= len(seats) <= meta.max_players:
                wanted = f"{meta.min_players}" + (
                    f" to {meta.max_players}" if meta.max_players > meta.min_players else ""
                )
                raise TableError(  # more than the most can't happen: /game join refuses a full table
                    f"{meta.title} needs {wanted} players; {len(seats)} joined. Others can /game join, "
                    "or seat a bot with /game bot add (once per missing player) and start again."
                )
            if order == "random":
                Rng(self.tables.seeds()).shuffle(seats)
            elif order != "joined":
                raise TableError("Seat order is 'random' or 'joined'.")
            for index, seat in enumerate(seats):
                seat.seat = index
            # in a worker thread: a start can take seconds (Genertela's short scenario plays 24 bot turns first),
            # and the event loop must stay free to acknowledge everyone else within Discord's 3 seconds
            state = await asyncio.to_thread(initial_state, engine, table, seats)
            text = await asyncio.to_thread(serial.dumps, state)
            now = self.tables.clock()
            async with self.tables.committing(table):
                await self.store.tables.replace_seats(table.id, seats)
                version = await self.store.tables.save_state(
                    table.id, table.version, text, status="running", started_at=now
                )
                await self.store.log.add_snapshot(table.id, 0, 0, text, now)
                await self.tables.sync_reminders(table, seats, engine, state, acted=None, now=now)
            order_line = ", ".join(f"{i + 1}. {present.seat_label(seat)}" for i, seat in enumerate(seats))
            intro = [
                f"**{meta.title}** begins. Seats: {order_line}.",
                fill_seats(engine.status(state, None), namer(seats)),
            ]
            self.tables.keep(table.id, version, state)
            return await self.outbox.post(table.id, channel_id, version, engine, state, seats, intro, [])
