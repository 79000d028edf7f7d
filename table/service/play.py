"""Playing: the round trip of an action typed, pressed or picked (read once, checked once, acted, committed,
posted), a deadline's fallback, and undo (with the consent votes it may need)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from rules import serial
from rules.base import Choice, Engine, Event, RuleError, fill_seats
from rules.rng import Rng
from table.service.core import Ask, Caller, TableError, Tables, active, engine_of, namer, seat_of, told
from table.service.outbox import Outbox, Post
from table.service.replay import effective, replay
from table.service.results import Results
from table.storage import ActionRow, SeatRow, Store, TableRow
from table.text.names import resolve

STALE = (
    "That button belongs to an earlier moment of the game, which has moved on since. "
    "Use /board to see where it stands now."
)
GONE = "That choice is no longer available. Use /board to see where the game stands."


@dataclass(frozen=True)
class Typed:
    """An action given whole: typed by a person (`names`: a name as the board prints it stands for its value, a
    near miss is answered with a did-you-mean) or taken from the legal choices (the console's `do`)."""

    action: dict[str, Any]
    names: bool


@dataclass(frozen=True)
class Offered:
    """A button or a menu's option: the `index`-th of the seat's legal choices that `offers` keeps."""

    index: int
    offers: Callable[[Choice], bool]


class Play:
    """Everything that changes a running game."""

    def __init__(self, store: Store, tables: Tables, outbox: Outbox, results: Results) -> None:
        self.store = store
        self.tables = tables
        self.outbox = outbox
        self.results = results  # the finishing move keeps the game's result in its own commit

    async def choices(self, channel_id: int, user_id: int) -> tuple[TableRow, list[Choice]]:
        """The caller's legal actions right now (for autocomplete and the console's `legal`)."""
        table = active(await self.tables.table_here(channel_id))
        seats = await self.store.tables.seats(table.id)
        mine = seat_of(seats, user_id)
        if mine is None or table.status != "running":
            return table, []
        name = namer(seats)
        choices = engine_of(table).legal(self.tables.state(table), mine.seat)
        return table, [Choice(c.action, fill_seats(c.label, name), c.quick) for c in choices]

    async def act(
        self, channel_id: int, caller: Caller, action: dict[str, Any], version: int | None = None, typed: bool = False
    ) -> Post:
        """Play `action` for the caller. `typed`: its values were typed by a person (a slash command, the console),
        so a name as the board prints it stands for its id, and a near miss is answered with a did-you-mean."""
        async with self.tables.holding(channel_id) as table:
            if table.status != "running":
                raise TableError("The game has not started yet: the creator starts it with /game start.")
            if version is not None and version != table.version:
                raise TableError(STALE)
            seats, mine = await self.tables.seated(table, caller)
            return await self.round_trip(table, seats, mine.seat, caller.user_id, Typed(action, typed))

    async def press(self, caller: Caller, table_id: int, version: int, seat: int, index: int) -> Post:
        """A quick-action button: the seat's `index`-th quick choice, valid only at `version`."""
        return await self._offered(caller, table_id, version, seat, Offered(index, lambda choice: choice.quick))

    async def pick(self, caller: Caller, table_id: int, version: int, seat: int, action: str, index: int) -> Post:
        """A select menu's option: the seat's `index`-th legal choice of `action`, valid only at `version`."""
        table = await self.store.tables.table(table_id)
        if table is not None and not any(s.name == action and s.menu for s in engine_of(table).meta.actions):
            raise TableError(GONE)
        offers = Offered(index, lambda choice: choice.action["type"] == action)
        return await self._offered(caller, table_id, version, seat, offers)

    async def _offered(self, caller: Caller, table_id: int, version: int, seat: int, offered: Offered) -> Post:
        """What a button or menu stands for, played only by its seat's holder and only at the version it shows."""
        async with self.tables.lock(table_id):
            table = await self.store.tables.table(table_id)
            if table is None or table.status != "running":
                raise TableError("That button belongs to a game that is no longer running.")
            seats = await self.store.tables.seats(table.id)
            holder = next((s for s in seats if s.seat == seat), None)
            if holder is None or holder.user_id != caller.user_id:
                raise TableError("That button is for another player's move.")
            if version != table.version:
                raise TableError(STALE)
            await self.tables.named(holder, caller)
            return await self.round_trip(table, seats, seat, caller.user_id, offered)

    async def round_trip(
        self, table: TableRow, seats: list[SeatRow], seat: int, user_id: int, given: Typed | Offered
    ) -> Post:
        """An action of a seat's holder, under the table's lock on a fresh read: the input read once as the legal
        choice it stands for (legal() built at most once), the action admitted once (the seat is awaited, its
        values have their kinds), then acted, committed and posted. Refusals name players as every message does."""
        engine = engine_of(table)
        state = self.tables.state(table)
        name = namer(seats)
        try:
            if isinstance(given, Offered):
                choices = [c for c in engine.legal(state, seat) if given.offers(c)]
                if not 0 <= given.index < len(choices):
                    raise TableError(GONE)
                action = choices[given.index].action
                engine.admit(state, seat, action)
            else:
                engine.admit(state, seat, given.action)  # before names are read: a seat not awaited is told so
                action = given.action
                if given.names:  # legal() can take a while: off the event loop, like act below
                    action = await asyncio.to_thread(_typed_action, engine, state, seat, action, name)
            return await self.commit(table, seats, engine, state, seat, user_id, action, "act", admitted=True)
        except RuleError as error:  # engines name players by seat: the refusal names them as every message does
            raise RuleError(fill_seats(str(error), name)) from None

    async def commit(
        self,
        table: TableRow,
        seats: list[SeatRow],
        engine: Engine[Any],
        state: Any,
        seat: int,
        user_id: int | None,
        action: dict[str, Any],
        kind: str,
        notes: tuple[str, ...] = (),
        admitted: bool = False,
    ) -> Post:
        """Act on `state` (the caller's copy) and commit; `notes`: lines of ours shown before the action's own (not
        kept in the log); `admitted`: the engine's front door was passed already (the round trip)."""
        seed = self.tables.seeds()
        rng = Rng(seed)
        # the engine's work in a worker thread (RuleError: nothing was written): a costly move (a bot playing the
        # sides nobody holds) leaves the event loop free to acknowledge other players within Discord's 3 seconds
        events, text, result = await asyncio.to_thread(_acted, engine, state, seat, action, rng, admitted)
        now = self.tables.clock()
        turn_ends = sum(1 for event in events if event.kind == "turn_end")
        fields: dict[str, Any] = {}
        if turn_ends:
            fields["turns"] = table.turns + turn_ends
        if result is not None:
            fields.update(status="finished", finished_at=now)
        secret = any(event.to is not None or event.kind == "reveal" for event in events)
        n = await self.store.log.action_count(table.id) + 1
        row = ActionRow(
            table.id, n, kind, seat, user_id, action, seed, [asdict(e) for e in events], len(rng.rolls), secret, now
        )
        row.version = table.version + 1  # the version the commit below makes
        async with self.tables.committing(table):
            await self.store.log.append_action(row)
            version = await self.store.tables.save_state(table.id, table.version, text, **fields)
            if turn_ends:
                await self.store.log.add_snapshot(table.id, table.turns + turn_ends, n, text, now)
            await self.tables.sync_reminders(table, seats, engine, state, acted=seat, now=now)
            await self.store.clocks.close_requests(table.id)
            if result is not None:
                ended = replace(table, version=version, **fields)
                await self.results.record(ended, seats, state)
        self.tables.keep(table.id, version, state)
        name = namer(seats)
        late = [f"⏰ Time ran out for {name(seat)}: the bot plays a safe move for them."] if kind == "fallback" else []
        lines = [*late, *notes, *told(row.events, action, seat, name)]
        return await self.outbox.post(table.id, table.channel_id, version, engine, state, seats, lines, row.events)

    async def fallback(self, table_id: int, seat: int, now: float) -> Post | None:
        """Play the engine's fallback for a seat whose deadline has passed by `now`, judged on the reminder row
        read under the lock: a player who moved meanwhile started a new wait with a deadline of its own."""
        async with self.tables.lock(table_id):
            table = await self.store.tables.table(table_id)
            if table is None or table.status != "running" or table.paused:
                return None
            wait = await self.store.clocks.reminder(table_id, seat)
            if wait is None or wait.deadline_at is None or wait.deadline_at > now:
                return None
            engine = engine_of(table)
            state = self.tables.state(table)
            if seat not in engine.awaiting(state):
                return None
            seats = await self.store.tables.seats(table_id)
            return await self.commit(table, seats, engine, state, seat, None, engine.fallback(state, seat), "fallback")

    async def undo(self, channel_id: int, caller: Caller) -> Post | Ask:
        async with self.tables.holding(channel_id) as table:
            seats, mine = await self.tables.seated(table, caller)
            chain = await self._undo_chain(table, seats, mine.seat)
            what = Outbox.chain_gist(chain, namer(seats))
            people = [seat for seat in seats if seat.person]
            if not any(row.rolls or row.secret for row in chain) or len(people) == 1:
                return await self._undo_now(table, seats, chain, f"{mine.name} takes back their last move: {what}")
            reason = "dice were rolled" if any(row.rolls for row in chain) else "hidden information was revealed"
            return await self.tables.ask(
                table, seats, caller, "undo", f"take back their last move ({what}) {reason}, so everyone must agree"
            )

    async def _undo_chain(self, table: TableRow, seats: list[SeatRow], seat: int) -> list[ActionRow]:
        """What /undo takes back for `seat`: its latest action, with the bot moves that answered it since (a bot
        replies at once, so a player could never take back a move against a bot otherwise)."""
        rows = effective(await self.store.log.actions(table.id))
        bots = {s.seat for s in seats if not s.person}
        answers: list[ActionRow] = []
        while rows and rows[-1].seat in bots and rows[-1].kind == "act":
            answers.insert(0, rows.pop())
        last = rows[-1] if rows else None
        if last is None or last.seat != seat or last.kind != "act":
            name = namer(seats)
            latest = "nothing has been played yet" if last is None else f"the latest is: {Outbox.gist(last, name)}"
            raise TableError(f"Only the latest action can be taken back, by its player; {latest}")
        return [last, *answers]

    async def _undo_now(self, table: TableRow, seats: list[SeatRow], chain: list[ActionRow], line: str) -> Post:
        """Take back the actions of `chain` (the player's latest and the bot moves after it), newest first."""
        engine = engine_of(table)
        first = chain[0].n
        start = await self.store.log.last_snapshot_before(table.id, first)
        rows = await self.store.log.actions(table.id, after=start.upto if start else 0)
        taken = {row.n for row in chain}
        kept = [row for row in rows if row.n not in taken]
        state = await asyncio.to_thread(replay, engine, table, seats, kept, start)  # a replay may be long: off the loop
        turn_ends = sum(1 for row in chain for event in row.events if event["kind"] == "turn_end")
        now = self.tables.clock()
        n = await self.store.log.action_count(table.id)
        text = serial.dumps(state)
        made = table.version + 1  # one version for every row of the chain taken back
        async with self.tables.committing(table):
            for offset, row in enumerate(reversed(chain), start=1):
                undo = {"undoes": row.n}
                await self.store.log.append_action(
                    ActionRow(table.id, n + offset, "undo", row.seat, row.user_id, undo, 0, [], 0, False, now, made)
                )
            version = await self.store.tables.save_state(
                table.id, table.version, text, turns=table.turns - turn_ends, status="running", finished_at=None
            )
            await self.store.log.drop_snapshots_from(table.id, first)
            await self.tables.sync_reminders(table, seats, engine, state, acted=chain[0].seat, now=now)
            await self.store.clocks.close_requests(table.id)
        self.tables.keep(table.id, version, state)
        name = namer(seats)  # the turn's message drops what these actions said there
        said = tuple(line for row in chain for line in told(row.events, row.action, row.seat, name))
        lines = [f"↩ {line}"]
        return await self.outbox.post(
            table.id, table.channel_id, version, engine, state, seats, lines, [], taken_back=said
        )

    async def answer(self, caller: Caller, request_id: int, agree: bool) -> tuple[str, Post | None]:
        """A player's button answer to an undo or pause request: (reply to them, post if it went through)."""
        first = await self.store.clocks.request(request_id)
        if first is None:
            raise TableError("That request is closed: the game moved on or it was already decided.")
        async with self.tables.lock(first.table_id):
            # read again under the lock: two players agreeing at once must both be counted
            request = await self.store.clocks.request(request_id)
            if request is None or not request.open:
                raise TableError("That request is closed: the game moved on or it was already decided.")
            table = await self.tables.fresh(request.table_id)
            seats = await self.store.tables.seats(table.id)
            if seat_of(seats, caller.user_id) is None:
                raise TableError("Only the players at this table can answer.")
            if table.version != request.version:
                await self.store.clocks.update_request(request.id, request.approvals, False)
                raise TableError("That request is out of date: the game moved on since it was asked.")
            if not agree:
                await self.store.clocks.update_request(request.id, request.approvals, False)
                return f"{caller.name} said no: the {request.kind} request is dropped.", None
            approvals = sorted({*request.approvals, caller.user_id})
            missing = [seat.name for seat in seats if seat.person and seat.user_id not in approvals]
            await self.store.clocks.update_request(request.id, approvals, bool(missing))
            if missing:
                return f"{caller.name} agrees. Still waiting for {', '.join(missing)}.", None
            if request.kind == "pause":
                async with self.store.transaction():
                    await self.store.tables.set_table(table.id, paused=1)
                    await self.store.results.pause_began(table.id, self.tables.clock())
                return "Everyone agreed: the table is paused. No reminders or deadlines until /game pause again.", None
            asker = seat_of(seats, request.user_id)
            if asker is None:
                await self.store.clocks.update_request(request.id, request.approvals, False)
                raise TableError("That request is closed: its player no longer sits at this table.")
            chain = await self._undo_chain(table, seats, asker.seat)
            what = Outbox.chain_gist(chain, namer(seats))
            post = await self._undo_now(table, seats, chain, f"Everyone agreed to take back: {what}")
            return "Everyone agreed: the action is taken back.", post


def _typed_action(
    engine: Engine[Any], state: Any, seat: int, action: dict[str, Any], name: Callable[[int], str]
) -> dict[str, Any]:
    """A typed action as the engine takes it: names as the board prints them stand for their ids, and a near miss
    is refused with a did-you-mean. Labels are read with the players' names, as they are shown. A name is made its
    id even where the game's rules would take it, so the log holds the same action however it was given. legal()
    is built once, here, and asked again if the names do not resolve."""
    # each chosen parameter of this action and what one of its values is called, for a did-you-mean
    spec = [p for s in engine.meta.actions if s.name == action.get("type") for p in s.params]
    chosen = {p.name: p.called for p in spec if p.kind in ("choice", "list")}
    legal = engine.legal(state, seat)
    shown = [Choice(c.action, fill_seats(c.label, name), c.quick) for c in legal]
    try:
        return resolve(shown, action, chosen)
    except RuleError:
        if _rules_take(engine, state, seat, action, legal):  # a spelling the rules know and the names here do not
            return action
        raise


def _rules_take(engine: Engine[Any], state: Any, seat: int, action: dict[str, Any], legal: list[Choice]) -> bool:
    """Whether the game's rules take `action` as it is: the game's own check, or the legal() list already built
    (Engine.check's two ways, without building the list again)."""
    if engine.own_check is None:
        return action in [choice.action for choice in legal]
    try:
        engine.own_check(state, seat, action)
    except RuleError:
        return False
    return True


def _acted(
    engine: Engine[Any], state: Any, seat: int, action: dict[str, Any], rng: Rng, admitted: bool
) -> tuple[list[Event], str, Any]:
    """The action on the state (the caller's copy), and what is stored of it: (events, state as text, outcome)."""
    events = engine.apply(state, seat, action, rng) if admitted else engine.act(state, seat, action, rng)
    return events, serial.dumps(state), engine.outcome(state)
