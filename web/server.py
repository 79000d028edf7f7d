"""The web companion's server: read-only pages of the tables, on 127.0.0.1 (docs/web.md).

Every address of a table starts with its path /t/<id>-<token>/ (web/tokens.py): a wrong token, a missing table,
a table whose page is off and one still gathering players all answer the same 404. What a page shows comes from
the store and the engine's public view (web/read.py); the pictures are the renderers' whole map, drawn in a worker
thread through the service's picture cache (which forgetting a user empties). guard.py checks every request first.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import mimetypes
import re
from collections import OrderedDict
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from aiohttp import web

import rules
from render.record import table_facts
from rules import serial
from table.service import TableService, web_links
from table.service.stats import member_stats
from table.storage import SeatRow, TableRow
from web import guard, pages, read, records, tokens

log = logging.getLogger(__name__)
# aiohttp's own refusals of malformed or oversized requests (400, with a traceback): noise from the open internet,
# never an error of ours (the handlers' faults are logged by guard.py)
QUIET = logging.getLogger("web.refused")
QUIET.setLevel(logging.CRITICAL)

STATIC = Path(__file__).parent / "static"
IMMUTABLE = "public, max-age=31536000, immutable"
STATIC_CACHE = "public, max-age=86400"
RATE, BURST = 10.0, 120  # requests a second per client, and at once (a page, its pictures and a quick slide)
KEPT = 64  # data.json and places answers kept, the latest made
_KEY = re.compile(r"^(0|[1-9][0-9]{0,18})-([a-z2-7]{1,64})$")  # <id>-<token>
_TURN = re.compile(r"^(?:([0-9]{1,9})|now-([0-9]{1,12}))$")  # a finished turn, or now-<version>
_MEMBER = re.compile(r"^[1-9][0-9]{0,18}$")  # a Discord user id (0, a former player, has no page)
_STATIC_NAME = re.compile(r"^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]{0,80}/){0,2}[A-Za-z0-9_-][A-Za-z0-9_.-]{0,80}$")


class Kept:
    """The latest answers made, at most `size` of them (the oldest made is dropped first)."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._answers: OrderedDict[Hashable, bytes] = OrderedDict()

    def get(self, key: Hashable) -> bytes | None:
        return self._answers.get(key)

    def clear(self) -> None:
        self._answers.clear()

    def put(self, key: Hashable, answer: bytes) -> bytes:
        self._answers[key] = answer
        if len(self._answers) > self.size:
            self._answers.popitem(last=False)
        return answer


class WebServer:
    """The pages of one bot (or console) process: `await start(port)`, `await stop()`. `behind_proxy`: requests
    come through the operator's reverse proxy (PBP_WEB_URL is set), so the client's address is the one it adds."""

    def __init__(self, service: TableService, behind_proxy: bool = False, rate: float = RATE, burst: int = BURST):
        self.service = service
        self.store = service.store
        self.guard = guard.Guard(guard.Buckets(rate, burst), behind_proxy)
        self.data = Kept()
        self.places = Kept()
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        app = web.Application(middlewares=[self.guard.middleware], client_max_size=0)
        routes = [
            ("/t/{key}/", self.table_page),
            ("/t/{key}/data.json", self.table_data),
            ("/t/{key}/board/{turn}.png", self.board),
            ("/t/{key}/places/{turn}.json", self.spots),
            ("/t/{key}/rules/", self.rules_page),
            ("/s/{key}/", self.server_page),
            ("/s/{key}/data.json", self.server_data),
            ("/s/{key}/leaderboard/{game}/", self.leaderboard_page),
            ("/s/{key}/member/{user}/", self.member_page),
            ("/static/{name:.+}", self.static),
        ]
        for path, handler in routes:
            app.router.add_get(path, handler)  # HEAD too
        return app

    async def start(self, port: int) -> str:
        """Listen on 127.0.0.1 at `port` (0: any free one); the address the pages are at. A port in use raises
        OSError, with nothing left open."""
        await tokens.web_secret(self.store)  # made now if the bot has none yet, so that no request ever writes it
        runner = web.AppRunner(
            self.app(),
            access_log=None,
            max_line_size=guard.MAX_LINE,
            max_field_size=guard.MAX_FIELD,
            max_headers=guard.MAX_HEADERS,
            logger=QUIET,
        )
        await runner.setup()
        try:
            site = web.TCPSite(runner, "127.0.0.1", port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        host, bound = runner.addresses[0][:2]
        return f"http://{host}:{bound}"

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- finding what an address names ------------------------------------------------------------------------

    async def _table(self, request: web.Request) -> TableRow:
        """The table the address names, if its page is served; else the one 404."""
        number = await self._owner(request, "table")
        table = await self.store.tables.table(number)
        if table is None or not table.web or table.state is None:
            raise web.HTTPNotFound()
        return table

    async def _owner(self, request: web.Request, kind: str) -> int:
        """The id in /t/<id>-<token>/ or /s/<id>-<token>/ when its token is right (the secret read each time:
        a rotation by another process takes effect at once)."""
        found = _KEY.match(request.match_info["key"])
        if found is None:
            raise web.HTTPNotFound()
        number = int(found.group(1))
        secret = await tokens.web_secret(self.store)
        if not tokens.check(secret, kind, number, found.group(2)):
            raise web.HTTPNotFound()
        return number

    # --- a table ----------------------------------------------------------------------------------------------

    async def table_page(self, request: web.Request) -> web.Response:
        table = await self._table(request)
        title = read.title(table)
        return _html(pages.shell("table.html", title, title))

    async def rules_page(self, request: web.Request) -> web.Response:
        table = await self._table(request)
        meta = rules.engine(table.game).meta
        body = pages.markdown(self.service.rules_page(table.game))
        return _html(pages.shell("rules.html", f"{meta.title}: rules", f"{meta.title}: rules", body=body))

    async def table_data(self, request: web.Request) -> web.Response:
        table = await self._table(request)
        seats = await self.store.tables.seats(table.id)
        reminders = await self.store.clocks.reminders(table.id)
        key = (table.id, table.version, table.status, _seats_key(seats), tuple(map(repr, reminders)))
        answer = self.data.get(key)
        if answer is None:
            rows = await self.store.log.actions(table.id)
            state = self.service.tables.state(table)
            made = await asyncio.to_thread(read.table_data, table, seats, state, rows, reminders)
            answer = self.data.put(key, _json_bytes(made))
        return _json(answer, "no-store")

    async def board(self, request: web.Request) -> web.StreamResponse:
        table, seats, turn, upto, key = await self._picture(request)
        etag = f'"{turn}-{upto}-{key}"'
        if _fresh(request, etag):
            return web.Response(status=304, headers=_cached(request, key, etag))
        state = await self._state(table, turn)
        facts = table_facts(rules.engine(table.game), state, [seat.name for seat in seats])
        public = await asyncio.to_thread(rules.engine(table.game).view, state, None)
        number = -1 if turn == "now" else int(turn)
        png = await self.service.pictures.draw((table.id, upto, number), table.game, public, facts, full=True)
        return web.Response(body=png, content_type="image/png", headers=_cached(request, key, etag))

    async def spots(self, request: web.Request) -> web.StreamResponse:
        table, seats, turn, upto, key = await self._picture(request)
        etag = f'"p{turn}-{upto}-{key}"'
        if _fresh(request, etag):
            return web.Response(status=304, headers=_cached(request, key, etag))
        kept = (table.id, turn, upto, key)
        answer = self.places.get(kept)
        if answer is None:
            state = await self._state(table, turn)
            engine = rules.engine(table.game)
            facts = table_facts(engine, state, [seat.name for seat in seats])

            def made() -> list[dict[str, Any]]:
                return read.places(engine, engine.view(state, None), facts, seats)

            answer = self.places.put(kept, _json_bytes(await asyncio.to_thread(made)))
        return _json(answer, headers=_cached(request, key, etag))

    async def _picture(self, request: web.Request) -> tuple[TableRow, list[SeatRow], str, int, str]:
        """What a picture's (or its spots') address names: the table, its seats, the turn ("now" or a number), the
        `upto` of the picture cache's key, and the picture's fingerprint. A turn not played, a now-<version> the
        table has moved on from, or a fingerprint (?v=) of another picture: 404 (the page reads data.json again)."""
        table = await self._table(request)
        found = _TURN.match(request.match_info["turn"])
        if found is None:
            raise web.HTTPNotFound()
        seats = await self.store.tables.seats(table.id)
        if found.group(2) is not None:
            if int(found.group(2)) != table.version:
                raise web.HTTPNotFound()
            turn, upto, key = "now", table.version, read.names_key(seats)
        else:
            turn = found.group(1)
            snapshot = await self.store.log.snapshot(table.id, int(turn))
            if snapshot is None:
                raise web.HTTPNotFound()
            upto, key = snapshot.upto, read.image_key(snapshot.upto, seats)
        if request.query.get("v", key) != key:
            raise web.HTTPNotFound()
        return table, seats, turn, upto, key

    async def _state(self, table: TableRow, turn: str) -> Any:
        """The state the picture shows (the caller reads only its public view)."""
        if turn == "now":
            return self.service.tables.state(table)
        snapshot = await self.store.log.snapshot(table.id, int(turn))
        if snapshot is None:  # taken back since _picture read it
            raise web.HTTPNotFound()
        engine = rules.engine(table.game)
        return await asyncio.to_thread(serial.loads, engine.State, snapshot.state)

    # --- a server ---------------------------------------------------------------------------------------------

    async def server_page(self, request: web.Request) -> web.Response:
        guild = await self._owner(request, "guild")
        rated = [game for game in await self.store.ratings.games(guild) if game in rules.engines()]
        boards = records.boards_nav([(game, _game_title(game)) for game in rated])
        return _html(pages.shell("server.html", "Games on this server", "Games on this server", boards=boards))

    async def leaderboard_page(self, request: web.Request) -> web.Response:
        """A game's leaderboard on the server: any installed game (one not played yet says so); else the 404."""
        guild = await self._owner(request, "guild")
        game = request.match_info["game"]
        if game not in rules.engines():
            raise web.HTTPNotFound()
        people = await self.service.ratings.board(guild, game)
        bots = await self.service.ratings.board(guild, game, bots=True)
        title = f"Leaderboard: {rules.engine(game).meta.title}"
        body = records.leaderboard_body(people, bots)
        return _html(pages.shell("records.html", title, title, body=body))

    async def member_page(self, request: web.Request) -> web.Response:
        """A member's record on the server: someone who held a seat at the end of a game here; else the 404."""
        guild = await self._owner(request, "guild")
        if _MEMBER.match(request.match_info["user"]) is None:
            raise web.HTTPNotFound()
        user = int(request.match_info["user"])
        ended = await self.store.results.of_member(guild, user)
        if not ended:
            raise web.HTTPNotFound()
        stats = member_stats(ended, user)
        rated = {game: await self.service.ratings.rating_of(guild, game, user) for game in stats.games}
        name = (await self.store.ratings.names(guild, [user])).get(user, "A player")
        body = records.member_body(stats, {game: row for game, row in rated.items() if row}, _game_title)
        heading = f"{name} on this server"
        return _html(pages.shell("records.html", heading, heading, body=body))

    async def server_data(self, request: web.Request) -> web.Response:
        guild = await self._owner(request, "guild")
        secret = await tokens.web_secret(self.store)
        tables = []
        for table in await self.store.tables.tables_in_guild(guild):  # running first
            if not web_links.listed(table):
                continue
            seats = await self.store.tables.seats(table.id)
            reminders = await self.store.clocks.reminders(table.id)
            state = self.service.tables.state(table)
            tables.append(read.listed(table, seats, state, reminders, tokens.table_path(secret, table.id)))
        return _json(_json_bytes({"server": None, "tables": tables}), "no-store")

    # --- the page's own files ---------------------------------------------------------------------------------

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        path = STATIC / name
        if not _STATIC_NAME.match(name) or ".." in name or not path.is_file():
            raise web.HTTPNotFound()
        body = await asyncio.to_thread(path.read_bytes)
        etag = f'"{hashlib.blake2b(body, digest_size=8).hexdigest()}"'
        headers = {"Cache-Control": STATIC_CACHE, "ETag": etag}
        if _fresh(request, etag):
            return web.Response(status=304, headers=headers)
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        charset = "utf-8" if kind.startswith("text/") or kind in ("application/javascript", "image/svg+xml") else None
        return web.Response(body=body, content_type=kind, charset=charset, headers=headers)


def _game_title(game: str) -> str:
    engines = rules.engines()
    return engines[game].meta.title if game in engines else game


def _seats_key(seats: list[SeatRow]) -> tuple[tuple[Any, ...], ...]:
    return tuple((seat.seat, seat.name, seat.faction, seat.bot) for seat in seats)


def _fresh(request: web.Request, etag: str) -> bool:
    """The browser holds this answer already (If-None-Match names its ETag)."""
    given = request.headers.get("If-None-Match", "")
    return etag in (part.strip() for part in given.split(",")) or given.strip() == "*"


def _cached(request: web.Request, key: str, etag: str) -> dict[str, str]:
    """A picture's headers: kept forever when its address carries its fingerprint (?v=), else checked each time."""
    return {"ETag": etag, "Cache-Control": IMMUTABLE if request.query.get("v") == key else "no-cache"}


def _json_bytes(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def _json(body: bytes, cache: str = "no-store", headers: dict[str, str] | None = None) -> web.Response:
    return web.Response(
        body=body, content_type="application/json", charset="utf-8", headers=headers or {"Cache-Control": cache}
    )


def _html(text: str) -> web.Response:
    return web.Response(text=text, content_type="text/html", charset="utf-8", headers={"Cache-Control": "no-cache"})
