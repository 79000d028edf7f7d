"""The web companion's addresses, as messages link to them: a table's page (at a turn), a server's list of tables.

A link is given only when it leads somewhere: the bot has a public address (PBP_WEB_URL; the console, its local
server), the table's page is on and its game has begun (a lobby's page answers 404). The secret the addresses are
made from is read from the database and kept a minute at most, so a secret rotated by another process (./run-bot
--rotate-web-secret) changes the links within a minute; forget_secret() changes them at once in this process.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from table.storage import Store, TableRow
from web import tokens

SECRET_TTL = 60.0  # seconds the secret is kept in memory before it is read again
MAP = "Open the map"  # the label of the button under a turn's message and /game status
TABLES = "Open the tables' page"  # the label of /game list's link to the server's page
ROTATED = (  # what a rotation of the secret says (./run-bot --rotate-web-secret, the console's rotate-web-secret)
    "The web pages' secret is new: every table's and server's old web address now answers 404 (Not found), and "
    "messages link to the new ones (a running bot within a minute). Links already posted in Discord stop working."
)


@dataclass(frozen=True)
class Link:
    """A link a front end shows: a link button in Discord, a line of text in the console."""

    label: str
    url: str


def listed(table: TableRow) -> bool:
    """Whether the server's page lists a table: its page is on, its channel was last seen open to the whole server
    (a private channel's table is never listed, though its own link works) and its game has begun."""
    return table.web and table.public_channel and table.state is not None


class WebLinks:
    """Builds the links under `base` (the public address, no trailing slash); None: no links at all."""

    def __init__(self, store: Store, base: str | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.base = base
        self.clock = clock
        self._secret: tuple[bytes, float] | None = None  # the secret and when it was read

    def forget_secret(self) -> None:
        """The secret was rotated: the next link is made from the new one."""
        self._secret = None

    async def _key(self) -> bytes:
        now = self.clock()
        if self._secret is None or now - self._secret[1] >= SECRET_TTL:
            self._secret = (await tokens.web_secret(self.store), now)
        return self._secret[0]

    async def page(self, table: TableRow) -> str | None:
        """The table's page, or None when no link may be given (no address, page off, no game yet)."""
        if self.base is None or not table.web or table.state is None:
            return None
        return self.base + tokens.table_path(await self._key(), table.id)

    async def map_link(self, table: TableRow, turn: int | None = None) -> Link | None:
        """The "Open the map" link: the page now, or opened at the end of `turn`."""
        page = await self.page(table)
        if page is None:
            return None
        if turn is None:
            return Link(MAP, page)
        return Link(f"{MAP} at turn {turn}" if turn else f"{MAP} at the start", f"{page}?turn={turn}")

    async def server_link(self, guild_id: int) -> Link | None:
        """The server's list page, when it lists at least one table."""
        if self.base is None or not guild_id:
            return None
        if not any(listed(table) for table in await self.store.tables.tables_in_guild(guild_id)):
            return None
        return Link(TABLES, self.base + tokens.server_path(await self._key(), guild_id))

    async def seen(self, table_id: int, public: bool, known: bool | None = None) -> None:
        """Record whether the table's channel is open to the whole server, when that changed (`known`: the stored
        value, if the caller has read it; else it is read here)."""
        if known is None:
            table = await self.store.tables.table(table_id)
            if table is None:
                return
            known = table.public_channel
        if known != public:
            await self.store.tables.set_table(table_id, public_channel=int(public))

    async def seen_in(self, channel_id: int, public: bool) -> None:
        """As seen, for the table in a channel (its newest: the one being played, or the last one finished)."""
        table = await self.store.tables.table_in_channel(channel_id)
        if table is not None:
            await self.seen(table.id, public, table.public_channel)
