"""The table service: everything a player or admin can do to a table, with no Discord in it.

Cogs and the console call these methods with the caller and the channel; each method either returns what to
show or raises TableError / RuleError with a message for that caller alone. A change to a game is one transaction,
made under the table's lock on a copy of the state, so a refused action writes nothing.

The service is parts (see table/service/core.py), each given in its constructor the parts it uses; TableService
builds them, in this one place, for the bot, the console, the benches and the tests alike. Its methods are the
parts' own, named here so the front ends have one object to call; the only ones of its own wake the bot seats'
driver after a change that awaits a bot.
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any

from table.service.archive import Archives
from table.service.bot_driver import BotDriver, Deliver
from table.service.bot_seats import BotSeats
from table.service.core import MIN_PACE, Ask, Caller, Tables, TableView, engine_of
from table.service.lobby import Lobby
from table.service.manage import Management
from table.service.outbox import Outbox, Post, Screen
from table.service.pictures import Pictures
from table.service.play import Play
from table.service.privacy import Privacy
from table.service.ratings import Ratings
from table.service.results import Results
from table.service.state_cache import StateCache
from table.service.stats import Stats
from table.service.timelapse import Timelapses
from table.service.views import Views
from table.service.web_links import WebLinks
from table.storage import LEASE_SECONDS, Store, TableRow


class TableService:
    """One table service per bot (or console): the parts, built once, and the methods the front ends call.

    `deliver`: how the front end shows a post the service makes on its own (a bot seat's move, a notice): Discord
    posts it to the channel, the console prints it. Without one (the service alone, in tests) bots move only when
    `play_bot` is called. `cache`: the parsed states of the tables acted on recently (a StateCache of its own by
    default; tests hand one in to look at it). `web_url`: the web companion's public address (no trailing slash)
    that messages link to; None: they carry no links."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = lambda: secrets.randbits(62),
        min_pace: int = MIN_PACE,
        confirms_messages: bool = False,
        lease: float = LEASE_SECONDS,
        deliver: Deliver | None = None,
        cache: StateCache | None = None,
        web_url: str | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.seeds = seeds
        # who this process is, in the claims it takes (posts and DMs on their way), and how long they hold: if it
        # dies, another process on the same database takes them over when the lease runs out
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
        self.lease = lease
        self.tables = Tables(store, clock, seeds, StateCache() if cache is None else cache)
        self.pictures = Pictures()
        self.links = WebLinks(store, web_url)  # the web pages' addresses, as messages link to them
        self.outbox = Outbox(store, self.tables, self.pictures, self.owner, lease, confirms_messages, self.links)
        self.views = Views(store, self.tables, self.pictures)
        self.results = Results(store, self.tables)  # each ended table's result, kept as it ends
        self.stats = Stats(store)  # /stats, read from the results
        self.ratings = Ratings(store)  # per game per server, rated as each result is kept
        self.results.ratings = self.ratings
        self.play = Play(store, self.tables, self.outbox, self.results)
        self.lobby = Lobby(store, self.tables, self.outbox, self.views)
        self.manage = Management(store, self.tables, self.views, min_pace, self.results)
        self.bots = BotSeats(store, self.tables, self.play, self.outbox, self.views)
        self.driver = BotDriver(store, self.bots, self.outbox, deliver)
        self.timelapses = Timelapses(store, self.tables, deliver)  # posted after a game's finale; /board timelapse
        self.privacy = Privacy(store, self.tables, self.lobby, self.outbox, self.pictures, self.driver, self.results)
        self.archives = Archives(store, self.tables)  # /game export, and the console's replay of a file
        # the parts' methods, as the front ends call them (those that can leave a bot awaited are below)
        self.engine = engine_of
        self.lock = self.tables.lock
        self.table_here = self.tables.table_here
        self.state = self.tables.state
        self.choices = self.play.choices
        self.create = self.lobby.create
        self.join = self.lobby.join
        self.join_or_choose = self.lobby.join_or_choose
        self.leave = self.lobby.leave
        self.kick = self.lobby.kick
        self.choose_faction = self.lobby.choose_faction
        self.pause = self.manage.pause
        self.settings = self.manage.settings
        self.replace = self.manage.replace
        self.abandon = self.manage.abandon
        self.add_bot = self.bots.add_bot
        self.remove_bot = self.bots.remove_bot
        self.take_bot_seat = self.bots.take_bot_seat
        self.play_bot = self.bots.play_bot
        self.bots_settled = self.driver.settled
        self.wake_waiting_bots = self.driver.wake_waiting
        self.forget = self.privacy.forget
        self.view = self.views.view
        self.listing = self.views.listing
        self.private_status = self.views.private_status
        self.board = self.views.board
        self.zoom_places = self.views.zoom_places
        self.history = self.views.history
        self.info = self.views.info
        self.info_picture = self.views.info_picture
        self.info_names = self.views.info_names
        self.rules_text = self.views.rules_text
        self.rules_sections = self.views.rules_sections
        self.rules_page = self.views.rules_page
        self.board_timelapse = self.timelapses.board
        self.picture = self.outbox.picture
        self.message_sent = self.outbox.message_sent
        self.message_to_edit = self.outbox.message_to_edit
        self.editing = self.outbox.editing
        self.announced = self.outbox.announced
        self.post_failed = self.outbox.post_failed
        self.since_last_turn = self.outbox.since_last_turn

    async def started(self) -> None:
        """Call once when the process starts: claims that ended processes left behind are released, and games
        that ended before results were kept get theirs."""
        await self.store.clocks.claims_at_start()
        await self.results.backfill()

    async def show(self, post: Post, screen: Screen) -> int | None:
        """A post through a front end (the outbox's show; a timelapse's post, the timelapse part's): a finished game's
        finale, once shown, is followed by its timelapse. The message's id; None when it could not be shown."""
        if post.file is not None:
            return await self.timelapses.show(post, screen)
        message_id = await self.outbox.show(post, screen)
        if message_id is not None and post.finished:
            await self.timelapses.after_finale(post.table_id)
        return message_id

    # what can leave a bot awaited: the bot seats' driver is woken after it
    async def act(
        self, channel_id: int, caller: Caller, action: dict[str, Any], version: int | None = None, typed: bool = False
    ) -> Post:
        return self.driver.after(await self.play.act(channel_id, caller, action, version, typed))

    async def press(self, caller: Caller, table_id: int, version: int, seat: int, index: int) -> Post:
        return self.driver.after(await self.play.press(caller, table_id, version, seat, index))

    async def pick(self, caller: Caller, table_id: int, version: int, seat: int, action: str, index: int) -> Post:
        return self.driver.after(await self.play.pick(caller, table_id, version, seat, action, index))

    async def start(self, channel_id: int, caller: Caller, order: str = "random") -> Post:
        return self.driver.after(await self.lobby.start(channel_id, caller, order))

    async def undo(self, channel_id: int, caller: Caller) -> Post | Ask:
        result = await self.play.undo(channel_id, caller)
        return self.driver.after(result) if isinstance(result, Post) else result

    async def answer(self, caller: Caller, request_id: int, agree: bool) -> tuple[str, Post | None]:
        reply, post = await self.play.answer(caller, request_id, agree)
        return reply, None if post is None else self.driver.after(post)

    async def fallback(self, table_id: int, seat: int, now: float) -> Post | None:
        post = await self.play.fallback(table_id, seat, now)
        return None if post is None else self.driver.after(post)

    async def catch_up(self, table: TableRow) -> Post | None:
        post = await self.outbox.catch_up(table)
        return None if post is None else self.driver.after(post)

    async def bot_replace(
        self, channel_id: int, caller: Caller, old_user: int, strength: str | None = None
    ) -> tuple[TableView, str]:
        view, name = await self.bots.bot_replace(channel_id, caller, old_user, strength)
        self.driver.wake(view.table.id)
        return view, name
