"""The outbox: the one message a change becomes (lines, mentions, buttons and menus, the board's inputs), how a
front end shows it (Screen), and the bookkeeping that finds results which never reached the channel."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from render.record import TableFacts
from rules.base import Choice, Engine, Meta, fill_seats
from rules.nextstep import hidden, secrets
from table.service.core import Tables, engine_of, namer, told
from table.service.pictures import Pictures
from table.service.replay import effective
from table.service.turn_edits import TurnEdits
from table.service.web_links import Link, WebLinks
from table.storage import ActionRow, SeatRow, Store, TableRow, TurnMessage
from table.text import finale, next_line, present, recap

MAX_QUICK = 5  # buttons under the board for each awaited seat
MAX_MENUS = 2  # select menus under the board (each takes a whole row of Discord's five)
MENU_SIZE = 25  # options in one select menu (Discord's limit)
BUTTON_LABEL = 80  # characters of a button's label (Discord's limit)
MENU_LABEL = 100  # characters of a select option's label (Discord's limit)
# seconds a post waits (after Discord was answered, outside the table's lock) for the id of the turn's message
# it edits, while that message is still being posted; past it the post begins a new message
MESSAGE_WAIT = 30.0
SINCE_WINDOW = 80  # actions looked back through for it
SINCE_LINES = 5  # lines of "since your last turn" in a reminder or a new turn's message
MENTION_ROOM = 200  # kept free in a message for the pings of the players awaited (added by the front end)


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


@dataclass(frozen=True)
class BoardSource:
    """What a board picture is drawn from: the game, its public view and what the table knows beside it (the
    seats' names, who it awaits). Kept apart from the message so drawing can wait until Discord has been answered."""

    game: str
    public: Any
    facts: TableFacts


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
    board: BoardSource | None = None  # what the board picture is drawn from, once the reply is on its way
    menus: list[Menu] = field(default_factory=list)  # select menus under the board
    # One message per turn: the channel message to edit with this post (None: post a new message), and the
    # version that began the message this post shows (its id is recorded against it once Discord has it).
    edit: int | None = None
    started: int = 0
    # the turn's message is still on its way: edit it once its id is known (message_to_edit), or post anew
    pending: bool = False
    # Discord's nonce for a new message of this post (kept with its claim, so a retry after a crash sends the same),
    # and the nonce of the earliest result it shows again ("Not shown before"), whose own message may have reached
    # the channel unconfirmed: a new message is sent with that one first (see cogs/common.py's show_in_channel)
    nonce: str | None = None
    reshown: str | None = None
    # what each awaited player may do now: the text ends with their lines in slash form; the console shows them bare
    next: list[next_line.NextLine] = field(default_factory=list)
    # a bot seat is awaited: whoever made the post wakes the bot seats' driver (front ends ignore it)
    bots_due: bool = False
    # the table's web page ("Open the map"), when it has one to link to: a link button under the message (not part
    # of its text, which is what a resend after a crash compares)
    link: Link | None = None
    # a file shown instead of a board (a finished game's timelapse): its name and bytes (TableService.show sends such
    # a post to table/service/timelapse.py)
    file: tuple[str, bytes] | None = None


@dataclass(frozen=True)
class Missed:
    """Results committed before a post that never reached the channel: their lines, and the nonce of the earliest
    of them whose post was claimed (it may be in the channel after all, its id never stored)."""

    lines: list[str] = field(default_factory=list)
    nonce: str | None = None


class NotShown(Exception):
    """A front end could not show a post (Discord refused it): it is committed all the same, and the next post or
    the catch-up shows it."""


class Screen(Protocol):
    """Where a front end shows a post: Discord's channel (answering an interaction, or on its own), the console's
    terminal. Each method raises NotShown when the post could not be shown."""

    @property
    def edits(self) -> bool:
        """Whether a turn's later posts edit its message (Discord); else each is shown whole again (the console).
        Read once the front end has answered first."""
        ...

    async def answer_first(self, post: Post) -> None:
        """What goes out before the board is drawn (Discord's answer within 3 seconds)."""

    async def new(self, post: Post, picture: bytes) -> int:
        """Show the post as a new message: its id."""
        ...

    async def edit(self, post: Post, picture: bytes, message_id: int) -> int | None:
        """Edit the turn's message with the post: its id; None when it can no longer be edited (then shown anew)."""
        ...

    async def shown(self, post: Post, message_id: int) -> None:
        """What the front end says once the post is shown (Discord: the actor's link to the turn's message)."""


EARLIER = re.compile(r"… \((\d+) earlier lines? of this turn in /history\)")


def _within_limit(body: list[str], closing: list[str]) -> list[str]:
    """The turn's lines, its oldest dropped (and counted, every line stays in /history) until the message fits:
    a long turn stays one message rather than spilling into new ones that would ping nobody."""
    limit = present.MESSAGE_LIMIT - MENTION_ROOM
    dropped = int(match[1]) if body and (match := EARLIER.fullmatch(body[0])) else 0
    lines = body[1:] if dropped else list(body)
    while lines and len("\n".join([_earlier(dropped), *lines, *closing])) > limit:
        lines.pop(0)
        dropped += 1
    return [_earlier(dropped), *lines] if dropped else lines


def _without(body: list[str], taken_back: tuple[str, ...]) -> list[str]:
    """The turn's lines less those of the actions an undo took back: they are the latest, so each is looked for
    from the end, before the one found after it (an older line that reads alike stays)."""
    kept = list(body)
    end = len(kept)
    for line in reversed(taken_back):
        found = next((i for i in range(end - 1, -1, -1) if kept[i] == line), None)
        if found is not None:
            del kept[found]
            end = found
    return kept


def _made(row: ActionRow) -> int:
    """The version an action's change made (rows logged before migrations/0010: one version per action)."""
    return row.version if row.version is not None else row.n + 1


def _earlier(count: int) -> str:
    return f"… ({count} earlier line{'s' * (count != 1)} of this turn in /history)"


class Outbox:
    """Turns a committed change into a Post, shows it through a front end, and remembers what reached the channel."""

    def __init__(
        self,
        store: Store,
        tables: Tables,
        pictures: Pictures,
        owner: str,
        lease: float,
        confirms_messages: bool,
        links: WebLinks,
    ) -> None:
        self.store = store
        self.tables = tables
        self.pictures = pictures  # a post's board, drawn once the front end has answered
        self.links = links  # the table's web page, linked under its message
        # who this process is, in the claims it takes (posts on their way), and how long they hold: if it dies,
        # another process on the same database takes them over when the lease runs out
        self.owner = owner
        self.lease = lease
        # the front end reports each new message's id (message_sent), so a turn's next action may wait for it
        self.confirms_messages = confirms_messages
        # results this process has committed and is still posting (each also claimed in the store, for the other
        # processes); any other unannounced result was lost (a crash, a post Discord refused for good) and is shown
        # with the next post or by the catch-up
        self._posting: set[tuple[int, int]] = set()
        self._fewer = asyncio.Event()  # set (and replaced) whenever a post leaves _posting: until_posted wakes on it
        # new turn messages on their way to Discord, and the order of the edits of each (turn_edits.py)
        self.turn_edits = TurnEdits()

    async def post(
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
        taken_back: tuple[str, ...] = (),
    ) -> Post:
        name = namer(seats)
        missed = await self.missed(table_id, version, seats) if with_missed else Missed()
        lines = [*missed.lines, *lines]
        self._posting.add((table_id, version))
        nonce = await self.store.clocks.begin_posting(table_id, version, self.owner, self.tables.clock() + self.lease)
        result = engine.outcome(state)
        if result is not None:  # the finale below retells the engine's own end line, with the reason and scores
            lines = _without(lines, tuple(finale.retold(events, name)))
        waiting = sorted(engine.awaiting(state))
        # the game's end calls every player (each once, whatever seats they hold), never a bot
        pinged = (seat for seat in seats if seat.person and (result is not None or seat.seat in waiting))
        mentions = list(dict.fromkeys(seat.user_id for seat in pinged))
        bots = {seat.seat for seat in seats if not seat.person}
        if result is None and waiting:
            deadlines = {row.seat: row.deadline_at for row in await self.store.clocks.reminders(table_id)}
            closing = ["Waiting for " + ", ".join(name(s) + present.due(deadlines.get(s)) for s in waiting) + "."]
        elif result is not None:
            closing = [await self._final_summary(table_id, engine, state, seats)]
        else:
            closing = []
        if result is None and len(seats) > 2 and with_missed and await self._begins_message(table_id, waiting, events):
            lines = [*lines, *await self._since_lines(table_id, waiting, name)]
        people = [waiter for waiter in waiting if waiter not in bots]  # a bot plays its own move: no buttons, no line
        legal = {waiter: engine.legal(state, waiter) for waiter in people} if result is None else {}
        # what only each waiter may see (a card in hand): the channel's line, buttons and menus never name it
        public = engine.view(state, None)
        secret = {waiter: secrets(engine.view(state, waiter), public) for waiter in legal}
        nexts = next_line.lines(engine, state, legal, secret, name)
        closing += [found.slash for found in nexts]
        table = await self.store.tables.table(table_id)
        turn = await self._turn_message(
            table, table_id, version, waiting, lines, closing, events, continuing=with_missed, taken_back=taken_back
        )
        private: dict[int, list[str]] = {}
        for seat in seats:
            mine = [
                line
                for line in present.event_lines(events, name, seat.seat)
                if line not in present.event_lines(events, name)
            ]
            if mine and seat.person:
                private[seat.user_id] = mine
        quick: list[Quick] = []
        menus: list[Menu] = []
        for waiter, choices in legal.items():
            options = [(i, c) for i, c in enumerate(c for c in choices if c.quick) if not hidden(c, secret[waiter])]
            quick += [
                Quick(table_id, version, waiter, i, present.cut(fill_seats(c.label, name), BUTTON_LABEL))
                for i, c in options[:MAX_QUICK]
            ]
            menus += self._menus(table_id, version, waiter, engine.meta, choices, name, secret[waiter])
        return Post(
            table_id,
            channel_id,
            version,
            present.fit("\n".join([*turn.body, *closing]), present.MESSAGE_LIMIT - MENTION_ROOM),
            mentions,
            private,
            quick,
            result is not None,
            BoardSource(engine.meta.id, public, TableFacts(tuple(seat.name for seat in seats), frozenset(waiting))),
            menus[:MAX_MENUS],
            turn.message_id,
            turn.started,
            pending=turn.message_id is None and turn.started != version,  # continues a message not yet confirmed
            nonce=nonce,
            reshown=missed.nonce,
            next=nexts,
            bots_due=result is None and bool(bots & set(waiting)),
            link=None if table is None else await self.links.map_link(table),
        )

    async def _turn_message(
        self,
        table: TableRow | None,
        table_id: int,
        version: int,
        waiting: list[int],
        lines: list[str],
        closing: list[str],
        events: list[dict[str, Any]],
        continuing: bool,
        taken_back: tuple[str, ...] = (),
    ) -> TurnMessage:
        """The message this post shows: the turn's message with these lines added, edited in place (Discord does
        not notify on edits), or a new one when someone not yet awaited in it must act (they are pinged), a turn
        ended, the game is over, the lines would no longer fit, or the table wants a message per action. `table`:
        the table as the change left it."""
        current = await self.store.tables.turn_message(table_id)
        # a message this process is still posting (a quick second action) is edited once its id is known
        message_id, on_its_way = None, False
        if current is not None:
            key = (table_id, current.started)
            message_id = current.message_id if current.message_id is not None else self.turn_edits.known(key)
            on_its_way = self.turn_edits.on_its_way(key)
        ends_turn = any(event.get("kind") == "turn_end" for event in events)
        if (
            table is not None
            and table.posts == "turn"
            and continuing
            and current is not None
            and (message_id is not None or on_its_way)
            and not ends_turn
            and table.status == "running"
            and set(waiting) <= current.seen
        ):
            body = _within_limit([*_without(current.body, taken_back), *lines], closing)
            turn = TurnMessage(table_id, current.started, message_id, current.seen, body)
            await self.store.tables.put_turn_message(turn)
            return turn
        # a decision of someone new within the turn (a defender, an ally) keeps who was awaited so far: when the
        # turn comes back to them, the new message is edited rather than followed by yet another one
        seen = frozenset(waiting) if current is None or ends_turn or not continuing else current.seen | set(waiting)
        turn = TurnMessage(table_id, version, None, seen, list(lines))
        await self.store.tables.put_turn_message(turn)
        if self.confirms_messages:
            self.turn_edits.begin((table_id, version))
        return turn

    async def _since_lines(self, table_id: int, waiting: list[int], name: Callable[[int], str]) -> list[str]:
        """At a table of three or more, a player's new message says what the others did since their last turn
        (with two, it is the message just above)."""
        table = await self.store.tables.table(table_id)
        lines = []
        for waiter in waiting if table is not None else []:
            assert table is not None
            summary = await self.since_last_turn(table, waiter, limit=3)
            if summary:
                lines.append(f"Since {name(waiter)}'s last turn: " + " ".join(summary))
        return lines

    async def _begins_message(self, table_id: int, waiting: list[int], events: list[dict[str, Any]]) -> bool:
        """Whether this post begins a new message for someone newly awaited (a turn's end, a hand-off)."""
        current = await self.store.tables.turn_message(table_id)
        ends_turn = any(event.get("kind") == "turn_end" for event in events)
        return current is None or ends_turn or not set(waiting) <= current.seen

    async def show(self, post: Post, screen: Screen) -> int | None:
        """A post through a front end, the one way each front end shows one: its answer first, then the board drawn,
        the turn's message edited (in order, and only by the newest post) or a new one made, and what reached the
        channel recorded. The message's id; None when it could not be shown (the catch-up shows it later)."""
        try:
            await screen.answer_first(post)
            picture = await self.picture(post)
            message_id = await self._edited(post, picture, screen) if screen.edits else None
            if message_id is None:
                message_id = await screen.new(post, picture)
            await screen.shown(post, message_id)
        except NotShown:
            await self.post_failed(post)
            return None
        await self.message_sent(post, message_id)
        await self.announced(post.table_id, post.version)
        return message_id

    async def _edited(self, post: Post, picture: bytes, screen: Screen) -> int | None:
        """The turn's message edited with the post; None when the post begins a message or the edit failed."""
        edit = await self.message_to_edit(post)  # a quick second action waits here for the first one's message
        if edit is None:
            return None
        async with self.editing(post) as newest:
            if not newest:
                return edit  # a later action's edit, shown already, shows this one's lines too
            return await screen.edit(post, picture, edit)

    async def message_sent(self, post: Post, message_id: int) -> None:
        """Discord has the message a post was shown in (posted or edited): the turn's next actions edit it."""
        await self.store.tables.set_turn_message_id(post.table_id, post.started, message_id)
        self.turn_edits.sent((post.table_id, post.started), message_id)

    async def message_to_edit(self, post: Post) -> int | None:
        """The message a post edits: known when it was made, or (a pending post) once the turn's first post has
        its id; call it after Discord was answered, never holding the table's lock. None: post a new message."""
        if not post.pending:
            return post.edit
        known, message_id = await self.turn_edits.wait((post.table_id, post.started), MESSAGE_WAIT)
        if not known:  # posted by a process since restarted, or given up: the store knows it if anyone does
            current = await self.store.tables.turn_message(post.table_id)
            message_id = current.message_id if current is not None and current.started == post.started else None
        return message_id

    def editing(self, post: Post) -> contextlib.AbstractAsyncContextManager[bool]:
        """Around the edit of the turn's message with a post: True if it is still the newest to show."""
        return self.turn_edits.edit((post.table_id, post.started), post.version)

    @staticmethod
    def _menus(
        table_id: int,
        version: int,
        seat: int,
        meta: Meta,
        choices: list[Choice],
        name: Callable[[int], str],
        secret: frozenset[str],
    ) -> list[Menu]:
        menus = []
        for spec in meta.actions:
            mine = [c for c in choices if c.action["type"] == spec.name]
            if any(hidden(c, secret) for c in mine):
                continue  # the channel would read them: /<game> <action> lists them to their player alone
            labels = [present.cut(fill_seats(c.label, name), MENU_LABEL) for c in mine]
            # one choice, or only choices already shown as buttons: the buttons say it all
            if spec.menu and len(mine) > 1 and not all(c.quick for c in mine):
                shown = f"first {MENU_SIZE} of {len(labels)}, or type /{meta.command or meta.id} {spec.name}"
                more = f" ({shown})" if len(labels) > MENU_SIZE else ""
                placeholder = f"{name(seat)}: {spec.help}{more}"[:150]
                menus.append(Menu(table_id, version, seat, spec.name, placeholder, tuple(labels[:MENU_SIZE])))
        return menus

    async def _final_summary(self, table_id: int, engine: Engine[Any], state: Any, seats: list[SeatRow]) -> str:
        table = await self.store.tables.table(table_id)
        assert table is not None
        result = engine.outcome(state)
        assert result is not None, "a summary is written only for a finished game"
        started = table.started_at or table.created_at
        kept = await self.store.results.result(table_id)  # the time to move /stats reads too (results.py)
        medians = {s.seat: s.median_move for s in kept[1] if s.median_move is not None} if kept else {}
        lasted = (table.finished_at or self.tables.clock()) - started
        return finale.text(result, seats, namer(seats), table.turns, lasted, medians)

    async def picture(self, post: Post) -> bytes:
        """The board after a post's change. Cogs call it once the reply is on its way, so drawing never
        delays Discord's 3-second answer."""
        assert post.board is not None, "every post of a change carries its board"
        board = post.board
        return await self.pictures.draw((post.table_id, post.version, -1), board.game, board.public, board.facts)

    def posting(self, table_id: int) -> bool:
        """Whether a post of this table made here is still on its way to the channel."""
        return any(key[0] == table_id for key in self._posting)

    async def until_posted(self, table_id: int, at_most: float) -> None:
        """Wait until no post of this table made here is on its way to the channel, `at_most` seconds: woken as
        each post arrives (the bots' driver waits here before each bot move, so the channel reads in order)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + at_most
        while self.posting(table_id) and (left := deadline - loop.time()) > 0:
            try:
                await asyncio.wait_for(self._fewer.wait(), left)
            except TimeoutError:
                return

    def _posted(self, done: set[tuple[int, int]]) -> None:
        """These posts are no longer on their way: wake whoever waits for them."""
        if done & self._posting:
            self._posting -= done
            self._fewer.set()
            self._fewer = asyncio.Event()

    async def announced(self, table_id: int, version: int) -> None:
        """Everything up to `version` is in the channel: the outbox needs no retry for it."""
        async with self.store.transaction():
            await self.store.tables.set_announced(table_id, version)
            await self.store.clocks.end_postings(table_id, upto=version)
        self._posted({key for key in self._posting if key[0] == table_id and key[1] <= version})

    async def post_failed(self, post: Post) -> None:
        """Discord refused a post for good: leave it to the next post or the catch-up (with its nonce: a refusal
        may be an answer lost on the way back from a message Discord made)."""
        self._posted({(post.table_id, post.version)})
        await self.store.clocks.release_posting(post.table_id, post.version)
        self.turn_edits.failed((post.table_id, post.started))

    async def missed(self, table_id: int, version: int, seats: list[SeatRow]) -> Missed:
        """Results committed before `version` that never reached the channel and are not on their way."""
        # the claims first, then the table: a post that arrives meanwhile ends its claim and raises `announced` in
        # one transaction, so read the other way round it could look lost (claim gone, `announced` read before)
        # by this process or another live one
        on_its_way = await self.store.clocks.postings(table_id, self.tables.clock())
        table = await self.store.tables.table(table_id)
        assert table is not None
        lost = {v for v in range(table.announced + 1, version) if v not in on_its_way}
        if not lost:
            return Missed()
        nonces = await self.store.clocks.posting_nonces(table_id)
        name = namer(seats)
        lines = ["(Not shown before: the bot was interrupted.)"]
        # read by the version each row made, never by its number: an undo of a move and the bot's answers logs a
        # row per action taken back for one version. Each version after the start is one row or more, so the rows
        # of version v come after action v - 2.
        rows = [row for row in await self.store.log.actions(table_id, after=min(lost) - 2) if _made(row) in lost]
        undone = [row.action["undoes"] for row in rows if row.kind == "undo"]
        taken = {row.n: row for row in await self.store.log.actions(table_id, after=min(undone) - 1)} if undone else {}
        for _, made in itertools.groupby(rows, key=_made):
            group = list(made)
            if group[0].kind == "undo":
                chain = sorted((taken[row.action["undoes"]] for row in group), key=lambda row: row.n)
                lines.append(f"↩ {name(chain[0].seat or 0)} took back: {self.chain_gist(chain, name)}")
                continue
            for row in group:
                if row.kind == "fallback":
                    lines.append(f"⏰ Time ran out for {name(row.seat or 0)}: the bot played a safe move for them.")
                lines += told(row.events, row.action, row.seat, name)
        return Missed(lines, next((nonces[v] for v in sorted(lost) if v in nonces), None))

    @staticmethod
    def chain_gist(chain: list[ActionRow], name: Callable[[int], str]) -> str:
        """A player's move and the bot moves that answered it, as undo names them."""
        what = Outbox.gist(chain[0], name)
        if len(chain) > 1:
            moves = "bot move" if len(chain) == 2 else f"{len(chain) - 1} bot moves"
            what = f"{what.rstrip('.')}, and the {moves} after it."
        return what

    @staticmethod
    def gist(row: ActionRow, name: Callable[[int], str]) -> str:
        """One public sentence for an action (its first line), as undo and its requests name it."""
        return told(row.events, row.action, row.seat, name)[0].rstrip(".") + "."

    async def catch_up(self, table: TableRow) -> Post | None:
        """A post for results that never reached the channel (a crash, a Discord outage); None when every
        unannounced result is still on its way.

        Under the table's lock, on a fresh read: an action that has just committed holds the lock until its post
        is registered as on its way, so its result is never taken for a lost one and shown twice."""
        async with self.tables.lock(table.id):
            fresh = await self.store.tables.table(table.id)
            if fresh is None or fresh.announced >= fresh.version:
                return None
            return await self._catch_up(fresh)

    async def _catch_up(self, table: TableRow) -> Post | None:
        seats = await self.store.tables.seats(table.id)
        missed = await self.missed(table.id, table.version + 1, seats)  # the newest result included
        if not missed.lines:
            return None
        engine = engine_of(table)
        state = self.tables.state(table)
        post = await self.post(table.id, table.channel_id, table.version, engine, state, seats, missed.lines, [], False)
        post.reshown = missed.nonce
        return post

    async def since_last_turn(self, table: TableRow, seat: int, limit: int = SINCE_LINES) -> list[str]:
        """What others did since `seat` last acted, in a few public lines: what happened to that seat first, then
        the newest of the rest (table/text/recap.py). None for a bot's seat: nobody reads it."""
        seats = await self.store.tables.seats(table.id)
        if not any(row.seat == seat and row.person for row in seats):
            return []
        # the recent log is enough (and a long campaign's whole log is not read for every reminder)
        recent = max(0, table.version - 1 - SINCE_WINDOW)  # action n made version n + 1 (undos are actions too)
        rows = effective(await self.store.log.actions(table.id, after=recent))
        return recap.lines(rows, seat, namer(seats), limit)
