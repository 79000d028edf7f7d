"""Bot seats: seating bots in the lobby, handing a player's seat to a bot (or a bot's seat to a member) during a
game, and one move of a bot the game awaits, through the same path as anyone's actions: logged, posted, undoable.
What plays those moves one after another, once the posts before them are in the channel, is bot_driver.py."""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import replace
from typing import Any

from rules.base import Engine
from rules.bots import STRENGTH_WORDS, STRENGTHS, choose
from table.service.core import BOT_WAIT, Caller, TableError, Tables, TableView, engine_of, require_host, seat_of
from table.service.outbox import Outbox, Post
from table.service.play import Play
from table.service.views import Views
from table.storage import ReminderRow, SeatRow, Store, TableRow
from table.text import present

log = logging.getLogger(__name__)
BOT_ID_BASE = -1000  # bots' user ids count down from here; forgotten players use -1, -2... (their seat)
# A bot's wait is marked by a reminder row that is never due; two of its fields record trouble in that wait, so
# every process and a restart know it: `mentioned`, the channel was told its move failed; `sent` = GAVE_UP, its
# safe move failed too and it has stopped trying (until the wait ends: another seat is awaited, or a member
# takes the seat over).
GAVE_UP = 1
FAILED = "⚠️ {name} couldn't work out a move, so it plays a safe one instead."
STUCK = (
    "⚠️ {name} is stuck: neither its own move nor a safe one worked, so it has stopped playing. "
    "Someone not playing here can take its seat with /game bot takeover, the last player can /undo, "
    "or the host can /game abandon."
)


class BotSeats:
    """The bot as a player."""

    def __init__(self, store: Store, tables: Tables, play: Play, outbox: Outbox, views: Views) -> None:
        self.store = store
        self.tables = tables
        self.play = play  # a bot's move is committed as anyone's
        self.outbox = outbox
        self.views = views  # what a change of the seats answers: the table as it stands

    async def add_bot(self, channel_id: int, caller: Caller, strength: str | None = None) -> tuple[TableView, str]:
        """Seat a bot in the lobby (the host): (the table, the bot's name)."""
        async with self.tables.holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("Bots join in the lobby. During a game, /game bot replace hands a seat to a bot.")
            require_host(table, caller, "seat a bot")
            engine = engine_of(table)
            seats = await self.store.tables.seats(table.id)
            if len(seats) >= engine.meta.max_players:
                raise TableError(f"This table is full: {engine.meta.title} takes at most {engine.meta.max_players}.")
            chosen = bot_strength(engine, strength)
            user_id, name = new_bot(seats)
            await self.store.tables.add_seat(table.id, max(s.seat for s in seats) + 1, user_id, name, None, chosen)
        return await self.views.view(channel_id), name

    async def remove_bot(self, channel_id: int, caller: Caller, name: str) -> TableView:
        """Take a bot out of the lobby (the host)."""
        async with self.tables.holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("The game is under way: /game bot takeover gives a bot's seat to a member.")
            require_host(table, caller, "remove a bot")
            seats = await self.store.tables.seats(table.id)
            target = bot_named(seats, name)
            rest = [seat for seat in seats if seat.seat != target.seat]
            for index, seat in enumerate(rest):
                seat.seat = index
            await self.store.tables.replace_seats(table.id, rest)
        return await self.views.view(channel_id)

    async def bot_replace(
        self, channel_id: int, caller: Caller, old_user: int, strength: str | None = None
    ) -> tuple[TableView, str]:
        """A player's seat goes to a bot for the rest of the game (the player themself, or the host): the table
        plays on instead of ending. (the table, the bot's name)"""
        async with self.tables.holding(channel_id) as table:
            if table.status != "running":
                raise TableError(
                    "Before the start, a player leaves (/game leave) and the host adds a bot (/game bot add)."
                )
            if caller.user_id != old_user:
                require_host(table, caller, "hand another player's seat to a bot")
            seats = await self.store.tables.seats(table.id)
            old = seat_of(seats, old_user)
            if old is None or old.bot:
                raise TableError("That member has no seat at this table.")
            if all(seat.bot or seat.seat == old.seat for seat in seats):
                raise TableError("Someone must still play: the last player can't hand their seat to a bot.")
            chosen = bot_strength(engine_of(table), strength)
            user_id, name = new_bot(seats)
            async with self.store.transaction():
                await self.store.tables.set_seat_user(table.id, old.seat, user_id, name, chosen)
                old.user_id, old.name, old.bot = user_id, name, chosen
                if table.creator_id == old_user:
                    heir = next(seat for seat in seats if not seat.bot and seat.seat != old.seat)
                    await self.store.tables.set_table(table.id, creator_id=heir.user_id)
                state = self.tables.state(table)
                await self.tables.sync_reminders(table, seats, engine_of(table), state, old.seat, self.tables.clock())
        return await self.views.view(channel_id), name

    async def take_bot_seat(self, channel_id: int, caller: Caller, name: str) -> TableView:
        """A member not playing here takes over a bot's seat during the game."""
        async with self.tables.holding(channel_id) as table:
            if table.status != "running":
                raise TableError("In the lobby, /game join takes a free seat (the host may /game bot remove a bot).")
            seats = await self.store.tables.seats(table.id)
            if seat_of(seats, caller.user_id):
                raise TableError("You already have a seat at this table.")
            target = bot_named(seats, name)
            async with self.store.transaction():
                await self.store.tables.set_seat_user(table.id, target.seat, caller.user_id, caller.name)
                target.user_id, target.name, target.bot = caller.user_id, caller.name, None
                state = self.tables.state(table)
                await self.tables.sync_reminders(
                    table, seats, engine_of(table), state, target.seat, self.tables.clock()
                )
        return await self.views.view(channel_id)

    async def play_bot(self, table_id: int) -> Post | None:
        """One action by a bot the game awaits, under the lock on a fresh read; None when no bot is awaited (or
        the only ones awaited gave up in this wait)."""
        async with self.tables.lock(table_id):
            table = await self.store.tables.table(table_id)
            if table is None or table.status != "running":
                return None
            seats = await self.store.tables.seats(table_id)
            engine = engine_of(table)
            state = self.tables.state(table)
            waits = {row.seat: row for row in await self.store.clocks.reminders(table_id)}
            bots = {seat.seat: seat for seat in seats if seat.bot}
            due = sorted(s for s in engine.awaiting(state) if s in bots and not _gave_up(waits.get(s)))
            if not due or engine.outcome(state) is not None:
                return None
            mine = bots[due[0]]
            assert mine.bot is not None
            chooser = random.Random(self.tables.seeds())
            seen = self.tables.state(table)  # its own copy: the bot looks at its seat's view of it in a worker thread
            try:
                action = await asyncio.to_thread(choose, engine, seen, mine.seat, mine.bot, chooser)
                return await self.play.commit(table, seats, engine, state, mine.seat, mine.user_id, action, "act")
            except TableError:
                raise  # another writer came first: not the bot's fault, the next wake reads afresh
            except Exception:
                log.exception(
                    "the bot of seat %s at table %s failed to move; it plays the safe move", mine.seat, table_id
                )
            wait = waits.get(mine.seat) or ReminderRow(table_id, mine.seat, self.tables.clock(), BOT_WAIT, 0, None)
            return await self._bot_fallback(table, seats, engine, mine, wait)

    async def _bot_fallback(
        self, table: TableRow, seats: list[SeatRow], engine: Engine[Any], bot: SeatRow, wait: ReminderRow
    ) -> Post:
        """The game's safe move for a bot whose own move failed, played like anyone's (logged, shown, undoable).
        The channel is told once in the bot's wait (a crash right after the move may tell it once more)."""
        notes = () if wait.mentioned else (FAILED.format(name=bot.name),)
        try:
            state = self.tables.state(table)  # afresh: the failed move may have changed the copy it was tried on
            action = engine.fallback(state, bot.seat)
            post = await self.play.commit(table, seats, engine, state, bot.seat, bot.user_id, action, "act", notes)
        except TableError:
            raise
        except Exception:
            log.exception("the safe move of the bot of seat %s at table %s failed; it stops", bot.seat, table.id)
        else:
            # its wait outlives its own moves (core.Tables.sync_reminders): marked while the game still awaits it
            if notes and (still := await self.store.clocks.reminder(table.id, bot.seat)) is not None:
                await self.store.clocks.put_reminder(replace(still, mentioned=True))
            return post
        # nothing of the above was written: the bot stops trying until its wait ends, and says so once
        await self.store.clocks.put_reminder(replace(wait, mentioned=True, sent=GAVE_UP))
        people = [seat.user_id for seat in seats if seat.person]
        lines = [STUCK.format(name=bot.name)]
        state = self.tables.state(table)
        post = await self.outbox.post(table.id, table.channel_id, table.version, engine, state, seats, lines, [], False)
        post.mentions = people  # the game can't go on without them: every player is told
        return post


def bot_strength(engine: Engine[Any], wanted: str | None) -> str:
    strength = (wanted or ("normal" if engine.bot else "easy")).strip().lower()
    if strength not in STRENGTHS:
        choices = ", ".join(f"{s} ({STRENGTH_WORDS[s]})" for s in STRENGTHS)
        raise TableError(f"A bot's strength is one of: {choices}.")
    if strength == "normal" and engine.bot is None:
        raise TableError(f"{engine.meta.title} has only the easy bot (it {STRENGTH_WORDS['easy']}).")
    return strength


def new_bot(seats: list[SeatRow]) -> tuple[int, str]:
    """A user id no Discord user has and no other seat of the table uses, and a name no seat has."""
    user_id = min([BOT_ID_BASE, *(seat.user_id for seat in seats)]) - 1
    taken = {seat.name for seat in seats}
    number = next(n for n in range(1, len(seats) + 2) if f"Bot {n}" not in taken)
    return user_id, f"Bot {number}"


def bot_named(seats: list[SeatRow], name: str) -> SeatRow:
    bots = [seat for seat in seats if seat.bot]
    if not bots:
        raise TableError("No bot sits at this table.")
    found = next((seat for seat in bots if seat.name.casefold() == name.strip().casefold()), None)
    if found is None:
        shown = present.escape_text(name[:40])
        raise TableError(f"No bot here is called {shown}. Bots: {', '.join(seat.name for seat in bots)}.")
    return found


def _gave_up(wait: ReminderRow | None) -> bool:
    return wait is not None and wait.sent == GAVE_UP
