"""The table service: everything a player or admin can do to a table, with no Discord in it.

Cogs and the console call these methods with the caller and the channel; each method either returns what to
show or raises TableError / RuleError with a message for that caller alone. A change to a game is one SQLite
transaction, made under the table's lock on a copy of the state, so a refused action writes nothing.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import rules
from render import renderer
from render.draw import encode_png
from rules import serial
from rules.base import Choice, Engine, Event, Meta, fill_seats
from rules.rng import Rng
from table import present
from table.actions import describe
from table.durations import show_duration
from table.replay import effective, initial_state, replay
from table.store import FORMER_PLAYER, ActionRow, ReminderRow, SeatRow, StaleVersion, Store, TableRow

ACTIVE = ("lobby", "running")
HISTORY_PAGE = 10
MAX_QUICK = 5  # buttons under the board for each awaited seat
MAX_MENUS = 2  # select menus under the board (each takes a whole row of Discord's five)
MENU_SIZE = 25  # options in one select menu (Discord's limit)
MIN_PACE = 3600  # default floor for reminders and deadlines; PBP_MIN_PACE lowers it (the end-to-end tests do)


class TableError(Exception):
    """A refusal from the table (not the rules): shown only to the caller."""


@dataclass(frozen=True)
class Caller:
    user_id: int
    name: str
    admin: bool = False  # may manage the channel: kick, abandon, replace and settings for any table


@dataclass(frozen=True)
class Quick:
    """A button: the quick choice `index` of `seat` at table `version`."""

    table_id: int
    version: int
    seat: int
    index: int
    label: str


@dataclass(frozen=True)
class Menu:
    """A select menu: `seat`'s legal choices of action `action` at table `version`, by their index."""

    table_id: int
    version: int
    seat: int
    action: str
    placeholder: str
    options: tuple[str, ...]  # labels of the first MENU_SIZE choices; the value sent back is the index


@dataclass
class Post:
    """What to show in the table's channel after a change, plus what goes privately to whom."""

    table_id: int
    channel_id: int
    version: int
    text: str
    mentions: list[int] = field(default_factory=list)  # users now awaited
    private: dict[int, list[str]] = field(default_factory=dict)  # user -> private lines
    quick: list[Quick] = field(default_factory=list)
    finished: bool = False
    # what the board picture is drawn from, after the reply is on its way (see TableService.picture)
    game: str = ""
    public: Any = None
    names: list[str] = field(default_factory=list)
    menus: list[Menu] = field(default_factory=list)  # select menus under the board


@dataclass
class TableView:
    """A table as /game status and /game list show it."""

    table: TableRow
    seats: list[SeatRow]
    meta: Meta
    awaiting: list[SeatRow]
    since: float | None
    status: str


@dataclass
class Ask:
    """A request that needs the other players' consent: an undo after dice or hidden information, a pause."""

    request_id: int
    table_id: int
    asker: int
    needed: list[int]
    reason: str


class TableService:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
        min_pace: int = MIN_PACE,
    ) -> None:
        self.store = store
        self.min_pace = min_pace  # the shortest reminder interval or deadline a table may set, in seconds
        self.clock = clock
        self.seeds = seeds
        self._locks: dict[int, asyncio.Lock] = {}
        self._images: dict[tuple[int, int, int, str], bytes] = {}  # (table, version, turn, zoom) -> PNG, the latest few
        # results this process has committed and is still posting; any other unannounced result was lost
        # (a crash, a post Discord refused for good) and is shown with the next post or by the catch-up
        self._posting: set[tuple[int, int]] = set()

    # --- looking things up ---------------------------------------------------------------------------------

    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    async def table_here(self, channel_id: int) -> TableRow:
        table = await self.store.table_in_channel(channel_id)
        if table is None:
            raise TableError("There is no game in this channel. Start one with /game new.")
        return table

    @asynccontextmanager
    async def _holding(self, channel_id: int) -> AsyncIterator[TableRow]:
        """The channel's active table under its lock, read afresh once the lock is held: every check that
        decides a write is made on this row, never on one read before another action could commit."""
        first = await self._active_here(channel_id)
        async with self.lock(first.id):
            yield await self._fresh(first.id)

    async def _fresh(self, table_id: int) -> TableRow:
        """A table read now (call it holding the table's lock), refused if it no longer runs or gathers."""
        table = await self.store.table(table_id)
        if table is None:
            raise TableError("That table no longer exists.")
        return self._active(table)

    @asynccontextmanager
    async def _committing(self, table: TableRow) -> AsyncIterator[None]:
        """A transaction that changes a game: losing a race to another writer (another process on the same
        database, a version that moved) is the player's ordinary refusal, not an error of ours."""
        try:
            async with self.store.transaction():
                yield
        except StaleVersion:
            raise TableError(
                f"The {self._title(table)} game moved on while you acted: another action came first. "
                "Nothing of yours was written; look at /board and try again."
            ) from None

    async def _active_here(self, channel_id: int) -> TableRow:
        return self._active(await self.table_here(channel_id))

    def _active(self, table: TableRow) -> TableRow:
        """The table if it is gathering or running; else the refusal that says it is over."""
        if table.status not in ACTIVE:
            raise TableError(f"The {self._title(table)} game here is {table.status}. Start another with /game new.")
        return table

    @staticmethod
    def engine(table: TableRow) -> Engine[Any]:
        return rules.engine(table.game)

    def _title(self, table: TableRow) -> str:
        return self.engine(table).meta.title

    def state(self, table: TableRow) -> Any:
        if table.state is None:
            raise TableError("This game has not started yet: its players are still gathering (/game start).")
        return serial.loads(self.engine(table).State, table.state)

    @staticmethod
    def _seat_of(seats: list[SeatRow], user_id: int) -> SeatRow | None:
        return next((seat for seat in seats if seat.user_id == user_id), None)

    async def _seated(self, table: TableRow, caller: Caller) -> tuple[list[SeatRow], SeatRow]:
        seats = await self.store.seats(table.id)
        mine = self._seat_of(seats, caller.user_id)
        if mine is None:
            players = ", ".join(seat.name for seat in seats) or "nobody yet"
            raise TableError(f"You are not playing at this table (players: {players}). Watch, or /game join a lobby.")
        if mine.name != caller.name:
            await self.store.rename_user(caller.user_id, caller.name)
            mine.name = caller.name
        return seats, mine

    def public(self, table: TableRow, action: dict[str, Any]) -> str:
        """An action as the channel may read it: a secret action (a hidden manoeuvre) is not spelled out."""
        meta: Meta = self.engine(table).meta
        if "undoes" not in action and any(s.name == action.get("type") and s.secret for s in meta.actions):
            return f"{action.get('type')} (a secret choice)"
        return describe(action)

    @staticmethod
    def namer(seats: list[SeatRow]) -> Callable[[int], str]:
        names = {seat.seat: seat.name for seat in seats}
        return lambda n: names.get(n, f"seat {n + 1}")

    # --- the lobby -----------------------------------------------------------------------------------------

    async def create(
        self, guild_id: int, channel_id: int, caller: Caller, game: str, options: dict[str, str]
    ) -> TableRow:
        try:
            engine = rules.engine(game)
        except KeyError as error:
            raise TableError(str(error.args[0])) from None
        resolved = engine.meta.resolve_options(options)
        existing = await self.store.table_in_channel(channel_id)
        if existing and existing.status in ACTIVE:
            raise TableError(
                f"This channel already has a {self._title(existing)} game ({existing.status}). "
                "Finish or abandon it, or open the new game in another channel or thread."
            )
        async with self.store.transaction():
            table_id = await self.store.insert_table(
                guild_id, channel_id, engine.meta.id, resolved, caller.user_id, self.clock(), self.seeds()
            )
            await self.store.add_seat(table_id, 0, caller.user_id, caller.name, None)
        table = await self.store.table(table_id)
        assert table is not None
        return table

    async def join(self, channel_id: int, caller: Caller, faction: str | None = None) -> TableView:
        async with self._holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("This game has already started. Ask a player to /game replace you in, if they leave.")
            meta = self.engine(table).meta
            seats = await self.store.seats(table.id)
            if self._seat_of(seats, caller.user_id):
                raise TableError("You are already at this table. /game leave to get up.")
            if len(seats) >= meta.max_players:
                raise TableError(f"This table is full: {meta.title} takes at most {meta.max_players} players.")
            chosen = self._faction(meta, seats, faction)
            await self.store.add_seat(
                table.id, max(seat.seat for seat in seats) + 1, caller.user_id, caller.name, chosen
            )
        return await self.view(channel_id)

    @staticmethod
    def _faction(meta: Meta, seats: list[SeatRow], wanted: str | None) -> str | None:
        if not wanted:
            return None
        if not meta.factions:
            raise TableError(f"{meta.title} has no factions or colours to choose.")
        match = next((f for f in meta.factions if f.lower() == wanted.strip().lower()), None)
        if match is None:
            raise TableError(f"{wanted[:40]!r} is not a choice in {meta.title}: {', '.join(meta.factions)}.")
        if any(seat.faction == match for seat in seats):
            raise TableError(
                f"{match} is taken. Free: {', '.join(f for f in meta.factions if f not in {s.faction for s in seats})}."
            )
        return match

    async def choose_faction(self, channel_id: int, caller: Caller, faction: str) -> TableView:
        async with self._holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("Factions are chosen in the lobby, before the game starts.")
            seats, mine = await self._seated(table, caller)
            others = [seat for seat in seats if seat.seat != mine.seat]
            mine.faction = self._faction(self.engine(table).meta, others, faction)
            await self.store.replace_seats(table.id, seats)
        return await self.view(channel_id)

    async def leave(self, channel_id: int, caller: Caller) -> TableView:
        async with self._holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("The game is under way: /game replace hands your seat to someone else.")
            seats, mine = await self._seated(table, caller)
            await self._remove_seat(table, seats, mine)
        return await self.view(channel_id)

    async def kick(self, channel_id: int, caller: Caller, user_id: int) -> TableView:
        async with self._holding(channel_id) as table:
            self._require_host(table, caller, "kick a player")
            if table.status != "lobby":
                raise TableError("The game is under way: use /game replace to give that seat to someone else.")
            seats = await self.store.seats(table.id)
            target = self._seat_of(seats, user_id)
            if target is None:
                raise TableError("That member is not at this table.")
            await self._remove_seat(table, seats, target)
        return await self.view(channel_id)

    async def _remove_seat(self, table: TableRow, seats: list[SeatRow], seat: SeatRow) -> None:
        rest = [s for s in seats if s.seat != seat.seat]
        async with self.store.transaction():
            if not rest:
                await self.store.set_table(table.id, status="abandoned", finished_at=self.clock())
            for index, other in enumerate(rest):
                other.seat = index
            await self.store.replace_seats(table.id, rest)
            if rest and seat.user_id == table.creator_id:
                await self.store.set_table(table.id, creator_id=rest[0].user_id)  # the lobby keeps a host

    @staticmethod
    def _require_host(table: TableRow, caller: Caller, doing: str) -> None:
        if caller.user_id != table.creator_id and not caller.admin:
            raise TableError(f"Only the table's creator or someone who can manage this channel may {doing}.")

    async def start(self, channel_id: int, caller: Caller, order: str = "random") -> Post:
        async with self._holding(channel_id) as table:
            if table.status != "lobby":
                raise TableError("This game has already started.")
            seats, _ = await self._seated(table, caller)
            self._require_host(table, caller, "start the game")
            engine = self.engine(table)
            meta: Meta = engine.meta
            if not meta.min_players <= len(seats) <= meta.max_players:
                wanted = f"{meta.min_players}" + (
                    f" to {meta.max_players}" if meta.max_players > meta.min_players else ""
                )
                raise TableError(f"{meta.title} needs {wanted} players; {len(seats)} joined. Others can /game join.")
            if order == "random":
                Rng(self.seeds()).shuffle(seats)
            elif order != "joined":
                raise TableError("Seat order is 'random' or 'joined'.")
            for index, seat in enumerate(seats):
                seat.seat = index
            state = initial_state(engine, table, seats)
            text = serial.dumps(state)
            now = self.clock()
            async with self._committing(table):
                await self.store.replace_seats(table.id, seats)
                version = await self.store.save_state(table.id, table.version, text, status="running", started_at=now)
                await self.store.add_snapshot(table.id, 0, 0, text, now)
                await self._sync_reminders(table, engine, state, acted=None, now=now)
            order_line = ", ".join(
                f"{i + 1}. {seat.name}" + (f" ({seat.faction})" if seat.faction else "") for i, seat in enumerate(seats)
            )
            intro = [
                f"**{meta.title}** begins. Seats: {order_line}.",
                fill_seats(engine.status(state, None), self.namer(seats)),
            ]
            return await self._post(table.id, channel_id, version, engine, state, seats, intro, [])

    # --- playing -------------------------------------------------------------------------------------------

    async def choices(self, channel_id: int, user_id: int) -> tuple[TableRow, list[Choice]]:
        """The caller's legal actions right now (for autocomplete and the console's `legal`)."""
        table = await self._active_here(channel_id)
        seats = await self.store.seats(table.id)
        mine = self._seat_of(seats, user_id)
        if mine is None or table.status != "running":
            return table, []
        name = self.namer(seats)
        choices = self.engine(table).legal(self.state(table), mine.seat)
        return table, [Choice(c.action, fill_seats(c.label, name), c.quick) for c in choices]

    async def act(self, channel_id: int, caller: Caller, action: dict[str, Any], version: int | None = None) -> Post:
        async with self._holding(channel_id) as table:
            if table.status != "running":
                raise TableError("The game has not started yet: the creator starts it with /game start.")
            if version is not None and version != table.version:
                raise TableError(
                    "That button belongs to an earlier moment of the game, which has moved on since. "
                    "Use /board to see where it stands now."
                )
            seats, mine = await self._seated(table, caller)
            engine = self.engine(table)
            state = self.state(table)
            waiting = engine.awaiting(state)
            if mine.seat not in waiting:
                who = ", ".join(seat.name for seat in seats if seat.seat in waiting) or "nobody"
                raise TableError(f"It is not your move: the game is waiting for {who}.")
            return await self._apply(table, seats, engine, state, mine.seat, caller.user_id, action, "act")

    async def press(self, caller: Caller, table_id: int, version: int, seat: int, index: int) -> Post:
        """A quick-action button: the seat's `index`-th quick choice, valid only at `version`."""
        return await self._pick(caller, table_id, version, seat, index, lambda choice: choice.quick)

    async def pick(self, caller: Caller, table_id: int, version: int, seat: int, action: str, index: int) -> Post:
        """A select menu's option: the seat's `index`-th legal choice of `action`, valid only at `version`."""
        table = await self.store.table(table_id)
        if table is not None and not any(s.name == action and s.menu for s in self.engine(table).meta.actions):
            raise TableError("That choice is no longer available. Use /board to see where the game stands.")
        return await self._pick(caller, table_id, version, seat, index, lambda choice: choice.action["type"] == action)

    async def _pick(
        self, caller: Caller, table_id: int, version: int, seat: int, index: int, offered: Callable[[Choice], bool]
    ) -> Post:
        """What a button or menu stands for, played only by its seat's holder and only at the version it shows."""
        table = await self.store.table(table_id)
        if table is None or table.status != "running":
            raise TableError("That button belongs to a game that is no longer running.")
        seats = await self.store.seats(table.id)
        holder = next((s for s in seats if s.seat == seat), None)
        if holder is None or holder.user_id != caller.user_id:
            raise TableError("That button is for another player's move.")
        if version != table.version:
            raise TableError(
                "That button belongs to an earlier moment of the game, which has moved on since. "
                "Use /board to see where it stands now."
            )
        choices = [c for c in self.engine(table).legal(self.state(table), seat) if offered(c)]
        if not 0 <= index < len(choices):
            raise TableError("That choice is no longer available. Use /board to see where the game stands.")
        return await self.act(table.channel_id, caller, choices[index].action, version)

    async def _apply(
        self,
        table: TableRow,
        seats: list[SeatRow],
        engine: Engine[Any],
        state: Any,
        seat: int,
        user_id: int | None,
        action: dict[str, Any],
        kind: str,
    ) -> Post:
        seed = self.seeds()
        rng = Rng(seed)
        events: list[Event] = engine.act(state, seat, action, rng)  # RuleError: nothing was written
        now = self.clock()
        text = serial.dumps(state)
        turn_ends = sum(1 for event in events if event.kind == "turn_end")
        result = engine.outcome(state)
        fields: dict[str, Any] = {}
        if turn_ends:
            fields["turns"] = table.turns + turn_ends
        if result is not None:
            fields.update(status="finished", finished_at=now)
        secret = any(event.to is not None or event.kind == "reveal" for event in events)
        n = await self.store.action_count(table.id) + 1
        row = ActionRow(
            table.id, n, kind, seat, user_id, action, seed, [asdict(e) for e in events], len(rng.rolls), secret, now
        )
        async with self._committing(table):
            await self.store.append_action(row)
            version = await self.store.save_state(table.id, table.version, text, **fields)
            if turn_ends:
                await self.store.add_snapshot(table.id, table.turns + turn_ends, n, text, now)
            await self._sync_reminders(table, engine, state, acted=seat, now=now)
            await self.store.close_requests(table.id)
        name = self.namer(seats)
        lines = [
            f"**{name(seat)}**: {self.public(table, action)}"
            + (" (time ran out; played by the bot)" if kind == "fallback" else "")
        ]
        lines += present.event_lines(row.events, name)
        post = await self._post(table.id, table.channel_id, version, engine, state, seats, lines, row.events)
        return post

    async def _post(
        self,
        table_id: int,
        channel_id: int,
        version: int,
        engine: Engine[Any],
        state: Any,
        seats: list[SeatRow],
        lines: list[str],
        events: list[dict[str, Any]],
        with_missed: bool = True,
    ) -> Post:
        name = self.namer(seats)
        if with_missed:
            lines = [*await self._missed(table_id, version, seats), *lines]
        self._posting.add((table_id, version))
        result = engine.outcome(state)
        waiting = sorted(engine.awaiting(state))
        mentions = [seat.user_id for seat in seats if seat.seat in waiting]
        if result is None and waiting:
            lines.append("Waiting for " + ", ".join(name(s) for s in waiting) + ".")
        elif result is not None:
            lines.append(await self._final_summary(table_id, engine, state, seats))
        private: dict[int, list[str]] = {}
        for seat in seats:
            mine = [
                line
                for line in present.event_lines(events, name, seat.seat)
                if line not in present.event_lines(events, name)
            ]
            if mine:
                private[seat.user_id] = mine
        quick: list[Quick] = []
        menus: list[Menu] = []
        for waiter in waiting:
            choices = engine.legal(state, waiter)
            options = [c for c in choices if c.quick][:MAX_QUICK]
            quick += [
                Quick(table_id, version, waiter, i, fill_seats(c.label, name)[:80]) for i, c in enumerate(options)
            ]
            menus += self._menus(table_id, version, waiter, engine.meta, choices, name)
        return Post(
            table_id,
            channel_id,
            version,
            present.fit("\n".join(lines)),
            mentions,
            private,
            quick,
            result is not None,
            engine.meta.id,
            engine.view(state, None),
            [seat.name for seat in seats],
            menus[:MAX_MENUS],
        )

    @staticmethod
    def _menus(
        table_id: int, version: int, seat: int, meta: Meta, choices: list[Choice], name: Callable[[int], str]
    ) -> list[Menu]:
        menus = []
        for spec in meta.actions:
            mine = [c for c in choices if c.action["type"] == spec.name]
            labels = [fill_seats(c.label, name)[:100] for c in mine]
            # one choice, or only choices already shown as buttons: the buttons say it all
            if spec.menu and len(mine) > 1 and not all(c.quick for c in mine):
                shown = f"first {MENU_SIZE} of {len(labels)}, or type /{meta.command or meta.id} {spec.name}"
                more = f" ({shown})" if len(labels) > MENU_SIZE else ""
                placeholder = f"{name(seat)}: {spec.help}{more}"[:150]
                menus.append(Menu(table_id, version, seat, spec.name, placeholder, tuple(labels[:MENU_SIZE])))
        return menus

    async def _final_summary(self, table_id: int, engine: Engine[Any], state: Any, seats: list[SeatRow]) -> str:
        table = await self.store.table(table_id)
        assert table is not None
        result = engine.outcome(state)
        assert result is not None, "a summary is written only for a finished game"
        name = self.namer(seats)
        scores = ", ".join(
            f"{name(seat)} {score}" for seat, score in sorted(result.scores.items(), key=lambda kv: -kv[1])
        )
        winners = " and ".join(name(seat) for seat in result.winners)
        length = present.duration((table.finished_at or self.clock()) - (table.started_at or table.created_at))
        return (
            f"**Game over.** {fill_seats(result.summary, name)}\nWinner: {winners}. Scores: {scores}. "
            f"{table.turns} turns in {length}."
        )

    async def picture(self, post: Post) -> bytes:
        """The board after a post's change. Cogs call it once the reply is on its way, so drawing never
        delays Discord's 3-second answer."""
        return await self._draw((post.table_id, post.version, -1), post.game, post.public, post.names)

    async def _draw(
        self, key: tuple[int, int, int], game: str, public: Any, names: list[str], zoom: str | None = None
    ) -> bytes:
        """A public board as PNG, drawn in a worker thread so the bot never stalls; the latest are kept."""
        cache_key = (*key, zoom or "")
        if cache_key not in self._images:
            module = renderer(game)

            def draw() -> bytes:
                return encode_png(module.render_zoom(public, names, zoom) if zoom else module.render(public, names))

            png = await asyncio.to_thread(draw)
            if len(self._images) > 256:
                self._images.pop(next(iter(self._images)))
            self._images[cache_key] = png
        return self._images[cache_key]

    async def fallback(self, table_id: int, seat: int, now: float) -> Post | None:
        """Play the engine's fallback for a seat whose deadline has passed by `now`, judged on the reminder row
        read under the lock: a player who moved meanwhile started a new wait with a deadline of its own."""
        async with self.lock(table_id):
            table = await self.store.table(table_id)
            if table is None or table.status != "running" or table.paused:
                return None
            wait = await self.store.reminder(table_id, seat)
            if wait is None or wait.deadline_at is None or wait.deadline_at > now:
                return None
            engine = self.engine(table)
            state = self.state(table)
            if seat not in engine.awaiting(state):
                return None
            seats = await self.store.seats(table_id)
            return await self._apply(table, seats, engine, state, seat, None, engine.fallback(state, seat), "fallback")

    async def _sync_reminders(
        self, table: TableRow, engine: Engine[Any], state: Any, acted: int | None, now: float
    ) -> None:
        waiting = engine.awaiting(state) if engine.outcome(state) is None else frozenset()
        existing = {row.seat: row for row in await self.store.reminders(table.id)}
        await self.store.drop_reminders(table.id, keep=waiting)
        for seat in waiting:
            if seat in existing and seat != acted:
                continue  # still waiting on them: their clock keeps running
            deadline = now + table.deadline if table.deadline else None
            await self.store.put_reminder(ReminderRow(table.id, seat, now, now + table.remind_after, 0, deadline))

    # --- undo ----------------------------------------------------------------------------------------------

    async def undo(self, channel_id: int, caller: Caller) -> Post | Ask:
        async with self._holding(channel_id) as table:
            seats, mine = await self._seated(table, caller)
            last = await self._last_effective(table)
            if last is None or last.seat != mine.seat or last.kind != "act":
                who = self.namer(seats)(last.seat or 0) if last else ""
                latest = "nothing yet" if last is None else f"{who}'s {self.public(table, last.action)}"
                raise TableError(f"Only the latest action can be taken back, by its player; the latest is {latest}.")
            what = self.public(table, last.action)
            if (not last.rolls and not last.secret) or len(seats) == 1:
                return await self._undo_now(table, seats, last, f"{mine.name} takes back {what}.")
            reason = "dice were rolled" if last.rolls else "hidden information was revealed"
            return await self._ask(
                table, seats, caller, "undo", f"take back {what}: {reason}, so everyone else must agree"
            )

    async def _ask(self, table: TableRow, seats: list[SeatRow], caller: Caller, kind: str, what: str) -> Ask:
        """Open a request every other player answers by button (undo after dice, pause)."""
        request_id = await self.store.add_request(table.id, kind, caller.user_id, table.version, self.clock())
        needed = [seat.user_id for seat in seats if seat.user_id != caller.user_id]
        return Ask(request_id, table.id, caller.user_id, needed, f"{caller.name} asks to {what}.")

    async def _last_effective(self, table: TableRow) -> ActionRow | None:
        rows = effective(await self.store.actions(table.id))
        return rows[-1] if rows else None

    async def _undo_now(self, table: TableRow, seats: list[SeatRow], last: ActionRow, line: str) -> Post:
        engine = self.engine(table)
        start = await self.store.last_snapshot_before(table.id, last.n)
        rows = await self.store.actions(table.id, after=start.upto if start else 0)
        state = replay(engine, table, seats, [row for row in rows if row.n != last.n], start)
        turn_ends = sum(1 for event in last.events if event["kind"] == "turn_end")
        now = self.clock()
        n = await self.store.action_count(table.id) + 1
        text = serial.dumps(state)
        async with self._committing(table):
            await self.store.append_action(
                ActionRow(table.id, n, "undo", last.seat, last.user_id, {"undoes": last.n}, 0, [], 0, False, now)
            )
            version = await self.store.save_state(
                table.id, table.version, text, turns=table.turns - turn_ends, status="running", finished_at=None
            )
            await self.store.drop_snapshots_from(table.id, last.n)
            await self._sync_reminders(table, engine, state, acted=last.seat, now=now)
            await self.store.close_requests(table.id)
        return await self._post(table.id, table.channel_id, version, engine, state, seats, [f"↩ {line}"], [])

    async def answer(self, caller: Caller, request_id: int, agree: bool) -> tuple[str, Post | None]:
        """A player's button answer to an undo or pause request: (reply to them, post if it went through)."""
        first = await self.store.request(request_id)
        if first is None:
            raise TableError("That request is closed: the game moved on or it was already decided.")
        async with self.lock(first.table_id):
            # read again under the lock: two players agreeing at once must both be counted
            request = await self.store.request(request_id)
            if request is None or not request.open:
                raise TableError("That request is closed: the game moved on or it was already decided.")
            table = await self._fresh(request.table_id)
            seats = await self.store.seats(table.id)
            if self._seat_of(seats, caller.user_id) is None:
                raise TableError("Only the players at this table can answer.")
            if table.version != request.version:
                await self.store.update_request(request.id, request.approvals, False)
                raise TableError("That request is out of date: the game moved on since it was asked.")
            if not agree:
                await self.store.update_request(request.id, request.approvals, False)
                return f"{caller.name} said no: the {request.kind} request is dropped.", None
            approvals = sorted({*request.approvals, caller.user_id})
            missing = [seat.name for seat in seats if seat.user_id not in approvals]
            await self.store.update_request(request.id, approvals, bool(missing))
            if missing:
                return f"{caller.name} agrees. Still waiting for {', '.join(missing)}.", None
            if request.kind == "pause":
                await self.store.set_table(table.id, paused=1)
                return "Everyone agreed: the table is paused. No reminders or deadlines until /game pause again.", None
            last = await self._last_effective(table)
            assert last is not None
            what = self.public(table, last.action)
            post = await self._undo_now(table, seats, last, f"Everyone agreed to take back {what}.")
            return "Everyone agreed: the action is taken back.", post

    # --- table management ----------------------------------------------------------------------------------

    async def pause(self, channel_id: int, caller: Caller) -> str | Ask:
        async with self._holding(channel_id) as table:
            seats, mine = await self._seated(table, caller)
            if table.paused:
                now = self.clock()
                # one transaction: the clocks restart in the same commit that lifts the pause, so no tick (or
                # crash) in between can find the table running with deadlines that fell during the pause
                async with self.store.transaction():
                    await self.store.set_table(table.id, paused=0)
                    for row in await self.store.reminders(table.id):
                        row.since, row.next_at, row.sent, row.mentioned = now, now + table.remind_after, 0, False
                        row.deadline_at = now + table.deadline if table.deadline else None
                        await self.store.put_reminder(row)
                return f"{mine.name} resumes the table: reminders and deadlines run again."
            if len(seats) == 1:
                await self.store.set_table(table.id, paused=1)
                return "The table is paused."
            return await self._ask(table, seats, caller, "pause", "pause this table (a vacation): everyone must agree")

    async def settings(
        self,
        channel_id: int,
        caller: Caller,
        remind_after: int | None,
        remind_every: int | None,
        deadline: int | None,
        clear_deadline: bool = False,
    ) -> TableView:
        async with self._holding(channel_id) as table:
            self._require_host(table, caller, "change the table's pace")
            fields: dict[str, Any] = {}
            asked = {"remind_after": remind_after, "remind_every": remind_every, "deadline": deadline}
            for what, seconds in asked.items():
                if seconds is not None:
                    self._check_pace(what, seconds)
                    fields[what] = seconds
            if clear_deadline:
                fields["deadline"] = None
            if not fields:
                return await self._view(table)
            async with self.store.transaction():
                await self.store.set_table(table.id, **fields)
                updated = await self.store.table(table.id)
                assert updated is not None
                for row in await self.store.reminders(table.id):
                    row.next_at = row.since + updated.remind_after + updated.remind_every * row.sent
                    row.deadline_at = row.since + updated.deadline if updated.deadline else None
                    await self.store.put_reminder(row)
        return await self.view(channel_id)

    def _check_pace(self, what: str, seconds: int) -> None:
        """Reminders and deadlines faster than the floor would nag players (and the channel) without end."""
        if seconds < self.min_pace:
            label = {"remind_after": "The first reminder", "remind_every": "Reminders", "deadline": "A deadline"}
            raise TableError(
                f"{label[what]} can't come sooner than {show_duration(self.min_pace)} "
                f"(you asked for {show_duration(seconds)}): play by post runs on hours and days."
            )

    async def replace(self, channel_id: int, caller: Caller, old_user: int, new: Caller) -> TableView:
        async with self._holding(channel_id) as table:
            if caller.user_id != old_user:
                self._require_host(table, caller, "hand another player's seat to someone")
            seats = await self.store.seats(table.id)
            old = self._seat_of(seats, old_user)
            if old is None:
                raise TableError("That member has no seat at this table.")
            if self._seat_of(seats, new.user_id):
                raise TableError(f"{new.name} already has a seat at this table.")
            async with self.store.transaction():
                await self.store.set_seat_user(table.id, old.seat, new.user_id, new.name)
                if table.creator_id == old_user:
                    await self.store.set_table(table.id, creator_id=new.user_id)
        return await self.view(channel_id)

    async def abandon(self, table_id: int, caller: Caller, version: int) -> str:
        """Abandon the table the confirmation was drawn for (by id: never whatever the channel holds now)."""
        async with self.lock(table_id):
            table = await self._fresh(table_id)
            self._require_host(table, caller, "abandon the game")
            if table.version != version:
                raise TableError("The game moved on since you asked; run /game abandon again to confirm.")
            async with self.store.transaction():
                await self.store.set_table(table.id, status="abandoned", finished_at=self.clock())
                await self.store.drop_reminders(table.id)
                await self.store.close_requests(table.id)
        return f"The {self._title(table)} game in this channel was abandoned by {caller.name}."

    # --- privacy --------------------------------------------------------------------------------------------

    async def forget(self, user_id: int, by_owner: bool = False) -> str:
        """Remove or anonymise everything stored about a user: their own request, or the bot owner acting on
        Discord's deletion request. Games keep replaying: seats keep their numbers as 'a former player'.

        A player asking for themselves is first sent to leave the tables they still play at; the owner's
        erasure goes ahead, and those games carry on with a nameless seat (deadlines play for it)."""
        playing = await self.store.running_seats_of(user_id)
        if playing and not by_owner:
            where = ", ".join(f"<#{table.channel_id}>" for table in playing)
            raise TableError(
                f"You still have a seat at {len(playing)} table{'s' * (len(playing) > 1)} ({where}). Leave the "
                "lobby, or ask the host to /game replace you, then ask again. Nothing was changed."
            )
        async with AsyncExitStack() as held:
            for table in playing:  # in id order, as every lock here is taken: no two tasks wait on each other
                await held.enter_async_context(self.lock(table.id))
            changed = await self.store.forget_user(user_id)
        self._images.clear()  # boards drawn with the old name
        seats, actions = changed["seats"], changed["actions"]
        whose = "their" if by_owner else "your"
        return (
            f"{f'User {user_id} erased' if by_owner else 'Forgotten'}: {whose} preferences are deleted, {whose} "
            f"{seats} seat{'s' * (seats != 1)} now read '{FORMER_PLAYER}', and the id is gone from {actions} logged "
            f"action{'s' * (actions != 1)}, from requests and from the tables opened. The games themselves are kept."
        )

    # --- looking at a table --------------------------------------------------------------------------------

    async def view(self, channel_id: int) -> TableView:
        table = await self.table_here(channel_id)
        return await self._view(table)

    async def _view(self, table: TableRow) -> TableView:
        seats = await self.store.seats(table.id)
        engine = self.engine(table)
        if table.state is None:
            return TableView(table, seats, engine.meta, [], None, "Gathering players.")
        state = self.state(table)
        waiting = engine.awaiting(state)
        reminders = await self.store.reminders(table.id)
        since = min((row.since for row in reminders), default=None)
        status = fill_seats(engine.status(state, None), self.namer(seats))
        return TableView(table, seats, engine.meta, [s for s in seats if s.seat in waiting], since, status)

    async def listing(self, guild_id: int, visible: Callable[[int], bool]) -> tuple[list[TableView], int]:
        """The server's tables in channels `visible` says the caller can see, and how many others there are:
        a private channel's players and turns are not shown to members outside it."""
        tables = await self.store.tables_in_guild(guild_id)
        shown = [table for table in tables if visible(table.channel_id)]
        return [await self._view(table) for table in shown], len(tables) - len(shown)

    async def private_status(self, channel_id: int, caller: Caller) -> tuple[str, bytes | None]:
        """What only the caller may see: their hand, coins or secret choices (and a picture if the game has one)."""
        table = await self.table_here(channel_id)
        seats, mine = await self._seated(table, caller)
        engine = self.engine(table)
        state = self.state(table)
        text = fill_seats(engine.status(state, mine.seat), self.namer(seats))
        module = renderer(engine.meta.id)
        image = None
        if hasattr(module, "render_hand"):
            mine_view = engine.view(state, mine.seat)
            names = [seat.name for seat in seats]
            image = await asyncio.to_thread(lambda: encode_png(module.render_hand(mine_view, mine.seat, names)))
        return text, image

    async def board(self, channel_id: int, turn: int | None = None, zoom: str | None = None) -> tuple[str, bytes]:
        """The public board now or at the end of a past turn; with `zoom`, enlarged around one place of the map."""
        table = await self.table_here(channel_id)
        engine = self.engine(table)
        seats = await self.store.seats(table.id)
        names = [seat.name for seat in seats]
        place = self._zoom_place(engine.meta, zoom) if zoom is not None else None
        if turn is None:
            public = engine.view(self.state(table), None)
            png = await self._draw((table.id, table.version, -1), engine.meta.id, public, names, place)
            label = f"now ({table.turns} turns played)"
        else:
            snapshot = await self.store.snapshot(table.id, turn)
            if snapshot is None:
                raise TableError(f"There is no board for turn {turn}: turns 0 (the start) to {table.turns} exist.")
            public = engine.view(serial.loads(engine.State, snapshot.state), None)
            png = await self._draw((table.id, snapshot.upto, turn), engine.meta.id, public, names, place)
            label = "at the start" if turn == 0 else f"at the end of turn {turn}"
        around = f", around {dict(renderer(engine.meta.id).zoom_places())[place]}" if place else ""
        return f"{engine.meta.title}{around}, {label}.", png

    @staticmethod
    def _zoom_place(meta: Meta, zoom: str) -> str:
        """The renderer's id for a place named in /board zoom, or a refusal that says what may be named."""
        module = renderer(meta.id)
        if not hasattr(module, "render_zoom"):
            raise TableError(f"The {meta.title} board has no zoomed view: /board shows all of it.")
        place = module.zoom_place(zoom)
        if place is None:
            raise TableError(f"There is no place called {zoom[:40]!r} on the {meta.title} map; /board zoom lists them.")
        return str(place)

    async def zoom_places(self, channel_id: int) -> list[tuple[str, str]]:
        """(id, name) of the places /board zoom accepts at this channel's table; none for a game without zoom."""
        table = await self.table_here(channel_id)
        module = renderer(table.game)
        return list(module.zoom_places()) if hasattr(module, "zoom_places") else []

    async def history(self, channel_id: int, page: int = 1, seat_user: int | None = None) -> tuple[str, int]:
        """A page of the action log, newest first; private events only for their owner."""
        table = await self.table_here(channel_id)
        seats = await self.store.seats(table.id)
        mine = self._seat_of(seats, seat_user) if seat_user is not None else None
        total = await self.store.action_count(table.id)
        pages = max(1, -(-total // HISTORY_PAGE))
        if not 1 <= page <= pages:
            raise TableError(f"History has pages 1 to {pages}.")
        rows = await self.store.actions_page(table.id, (page - 1) * HISTORY_PAGE, HISTORY_PAGE)
        name = self.namer(seats)
        undone = {int(r.action["undoes"]) for r in await self.store.actions(table.id) if r.kind == "undo"}
        lines = [f"**History of {self._title(table)}**, page {page}/{pages} (newest first)"]
        for row in rows:
            who = name(row.seat) if row.seat is not None else "?"
            if row.kind == "undo":
                lines.append(f"`#{row.n}` ↩ {who} took back #{row.action['undoes']}")
                continue
            mark = " ~~(taken back)~~" if row.n in undone else ""
            tag = " (by the bot, time ran out)" if row.kind == "fallback" else ""
            own = mine is not None and row.seat == mine.seat
            shown = describe(row.action) if own else self.public(table, row.action)
            lines.append(f"`#{row.n}` **{who}**: {shown}{tag}{mark}")
            lines += [f"  {line}" for line in present.event_lines(row.events, name, mine.seat if mine else None)]
        return present.fit("\n".join(lines), tail="\n… (page cut to fit)"), pages

    def rules_page(self, game: str) -> str:
        engine = rules.engine(game)
        path = Path(rules.__file__).parent / engine.meta.id / "rules.md"  # each game's page sits beside its rules
        if path.exists():
            return path.read_text(encoding="utf-8")
        return f"# {engine.meta.title}\n\n{engine.meta.summary}\n"

    # --- posting bookkeeping --------------------------------------------------------------------------------

    async def announced(self, table_id: int, version: int) -> None:
        """Everything up to `version` is in the channel: the outbox needs no retry for it."""
        await self.store.set_announced(table_id, version)
        self._posting -= {key for key in self._posting if key[0] == table_id and key[1] <= version}

    def post_failed(self, post: Post) -> None:
        """Discord refused a post for good: leave it to the next post or the catch-up."""
        self._posting.discard((post.table_id, post.version))

    async def _missed(self, table_id: int, version: int, seats: list[SeatRow]) -> list[str]:
        """Lines of results committed before `version` that never reached the channel and are not on their way."""
        table = await self.store.table(table_id)
        assert table is not None
        lost = {v for v in range(table.announced + 1, version) if (table_id, v) not in self._posting}
        if not lost:
            return []
        name = self.namer(seats)
        lines = ["(Not shown before: the bot was interrupted.)"]
        for row in await self.store.actions(table_id, after=min(lost) - 2):
            if row.n + 1 not in lost:  # action n is the change to version n + 1 (version 1 is the start)
                continue
            if row.kind == "undo":
                lines.append(f"↩ {name(row.seat or 0)} took back #{row.action['undoes']}.")
                continue
            by_bot = " (time ran out; played by the bot)" if row.kind == "fallback" else ""
            lines.append(f"**{name(row.seat or 0)}**: {self.public(table, row.action)}{by_bot}")
            lines += present.event_lines(row.events, name)
        return lines

    async def catch_up(self, table: TableRow) -> Post | None:
        """A post for results that never reached the channel (a crash, a Discord outage); None when every
        unannounced result is still on its way."""
        seats = await self.store.seats(table.id)
        lines = await self._missed(table.id, table.version + 1, seats)  # the newest result included
        if not lines:
            return None
        engine = self.engine(table)
        state = self.state(table)
        return await self._post(table.id, table.channel_id, table.version, engine, state, seats, lines, [], False)
