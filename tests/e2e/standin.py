"""A local stand-in for Discord's v10 REST API and gateway, enough for this bot, recording all it is sent.

Start it with `async with FakeDiscord() as discord:`; point the bot at `discord.env(data_dir)`. Tests drive
users through `tests.e2e.driver` and read what the bot posted from `messages`, `requests` and interactions.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import web

from tests.e2e import payloads
from tests.e2e.gateway import Gateway
from tests.e2e.interactions import Interaction
from tests.e2e.messages import Messages
from tests.e2e.multipart import Upload, parse_multipart
from tests.e2e.payloads import FakeGuild, FakeUser, json_response, snowflake

T = TypeVar("T")
# Discord: with enforce_nonce, a nonce the same author used "in the past few minutes" returns that message
NONCE_WINDOW = 300.0
API = "/api/v10"
TOKEN = "stand-in-token"


@dataclass
class Recorded:
    """One HTTP request the bot made, and the status it got."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    body: Any
    files: list[Upload]
    status: int = 0
    at: float = field(default_factory=time.monotonic)


@dataclass
class Fault:
    """Answer the next `times` matching requests with `status` (429 carries retry_after)."""

    method: str
    path: re.Pattern[str]
    status: int
    times: int
    retry_after: float
    hits: int = 0
    content: re.Pattern[str] | None = None  # only requests whose message content matches

    def matches(self, method: str, path: str, body: Any = None) -> bool:
        if self.content is not None and not (isinstance(body, dict) and self.content.search(body.get("content") or "")):
            return False
        return self.hits < self.times and self.method in (method, "*") and bool(self.path.search(path))


RECORD = web.RequestKey("record", Recorded)
STALL = 0  # a Fault status: hold the request `retry_after` seconds, then fail it unprocessed
LOST_ANSWER = -1  # a Fault status: process the request, then hold its answer `retry_after` seconds and lose it


def _error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status=status)


class FakeDiscord(Messages):
    """The stand-in server. One guild with a few channels and users; more can be added before the bot starts."""

    def __init__(self, users: int = 6, channels: int = 3, heartbeat_ms: int = 41250) -> None:
        self.bot_user = FakeUser(snowflake(), "pbp-bot", bot=True)
        self.app_id = self.bot_user.id
        owner = FakeUser(snowflake(), "owner", admin=True)
        self.guild = FakeGuild(snowflake(), "Stand-in Guild", owner.id, snowflake())
        self.guild.members = {owner.id: owner, self.bot_user.id: self.bot_user}
        self.channels: dict[int, dict[str, Any]] = {}
        self.threads: set[int] = set()
        for index in range(channels):
            self.add_channel(f"table-{index + 1}")
        self.players = [self.add_user(f"player{index + 1}") for index in range(users)]
        self.owner = owner
        self.messages: dict[int, dict[str, Any]] = {}
        self.channel_log: dict[int, list[int]] = {}
        self.files: dict[int, bytes] = {}  # attachment id -> bytes
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: dict[int | None, dict[str, dict[str, Any]]] = {}  # guild id (None: global) -> name -> cmd
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        self.requests: list[Recorded] = []
        self.unhandled: list[Recorded] = []
        self.faults: list[Fault] = []
        self.dm_closed: set[int] = set()
        self.departed: dict[int, FakeUser] = {}  # users who left the guild
        self.pings: dict[int, list[int]] = {}  # message id -> users it notified (mentions allowed to ping)
        self.notified: list[tuple[int, int]] = []  # (message id, user) for every notification, in order
        self.nonces: dict[str, tuple[int, float]] = {}  # the bot's message nonces: nonce -> (message id, when)
        self.nonce_window = NONCE_WINDOW
        self.refused: list[str] = []  # why Discord would have refused something the bot sent (400 50035)
        self.dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.gateway = Gateway(TOKEN, self._ready_payloads, self._members_chunk, heartbeat_ms)
        self.changed = asyncio.Condition()
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._closing = asyncio.Event()  # ends stalled requests at shutdown
        self._tasks: set[asyncio.Task[Any]] = set()  # gateway echoes in flight

    # -- world setup ---------------------------------------------------------------------------------------

    def add_user(self, name: str, admin: bool = False) -> FakeUser:
        user = FakeUser(snowflake(), name, admin=admin)
        self.guild.members[user.id] = user
        return user

    def add_channel(self, name: str) -> dict[str, Any]:
        channel = payloads.text_channel(snowflake(), self.guild.id, name, len(self.channels))
        self.channels[int(channel["id"])] = channel
        self.guild.channel_ids.append(int(channel["id"]))
        return channel

    async def remove_member(self, user: FakeUser) -> None:
        """The user leaves the server (GUILD_MEMBER_REMOVE); their user record stays resolvable."""
        self.guild.members.pop(user.id, None)
        self.departed[user.id] = user
        await self.gateway.dispatch("GUILD_MEMBER_REMOVE", {"guild_id": str(self.guild.id), "user": user.payload()})

    def channel(self, index: int = 0) -> dict[str, Any]:
        return self.channels[self.guild.channel_ids[index]]

    def env(self, data_dir: str, tick_seconds: float = 0.5) -> dict[str, str]:
        """The environment that points an unmodified bot.py at this stand-in."""
        return {
            "DISCORD_TOKEN": TOKEN,
            "DISCORD_API_BASE": f"{self.base_url}{API}",
            "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{self.port}/gateway",
            "PBP_DATA_DIR": data_dir,
            "PBP_TICK_SECONDS": str(tick_seconds),
            "PBP_MIN_PACE": "1",  # reminders and deadlines in seconds, so the tests need not wait for hours
            "PBP_WEB_PORT": "off",  # several bots run at once: the web pages have tests of their own (tests/web)
        }

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # -- lifecycle -------------------------------------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        from tests.e2e import rest  # the REST handlers live apart to keep modules small

        self._route_table = rest.routes(self)
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway-resume", self.gateway.handle)
        app.router.add_get("/attachments/{id}/{name}", self._get_attachment)
        app.router.add_route("*", API + "/{tail:.*}", self._route)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def __aexit__(self, *exc: object) -> None:
        self._closing.set()
        for session in self.gateway.sessions.values():
            if session.ws is not None:
                await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    # -- fault injection -------------------------------------------------------------------------------------

    def inject(
        self, method: str, path: str, status: int, times: int = 1, retry_after: float = 0.3, content: str | None = None
    ) -> Fault:
        """Answer the next `times` requests whose path (without /api/v10) matches regex `path` with `status`.

        429 carries `retry_after`; STALL (0) holds the request that long and fails it as if it never arrived;
        LOST_ANSWER (-1) does what was asked, then holds the answer that long and fails it (a crash meanwhile: the
        message is in the channel, the bot never learnt its id). `content`: only messages whose content matches.
        """
        pattern = re.compile(content) if content else None
        fault = Fault(method.upper(), re.compile(path), status, times, retry_after, content=pattern)
        self.faults.append(fault)
        return fault

    def close_dms(self, user: FakeUser) -> None:
        """This user accepts no DMs from the bot: sending one fails with 50007."""
        self.dm_closed.add(user.id)

    # -- waiting ---------------------------------------------------------------------------------------------

    async def notify(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 10.0) -> T:
        """Wait until predicate() is truthy (re-checked whenever the bot sends something); returns its value."""
        async with self.changed:
            return await asyncio.wait_for(self.changed.wait_for(predicate), timeout)

    def sent(self, method: str, pattern: str) -> list[Recorded]:
        """Requests the bot made with that method whose path matches regex `pattern`."""
        regex = re.compile(pattern)
        return [r for r in self.requests if r.method == method and regex.search(r.path)]

    # -- HTTP plumbing ---------------------------------------------------------------------------------------

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable[..., Any]) -> web.StreamResponse:
        if not request.path.startswith(API):
            return await handler(request)
        path = request.path[len(API) :]
        body, files = await self._read_body(request)
        record = Recorded(request.method, path, dict(request.query), body, files)
        self.requests.append(record)
        request[RECORD] = record
        if request.headers.get("Authorization") not in (f"Bot {TOKEN}", None):
            response: web.StreamResponse = _error(401, 0, "401: Unauthorized")
        else:
            faulty = await self._fault(request.method, path, body, lambda: handler(request))
            response = faulty or await handler(request)
        record.status = response.status
        await self.notify()
        return response

    async def _fault(
        self, method: str, path: str, body: Any, handle: Callable[[], Awaitable[web.StreamResponse]]
    ) -> web.Response | None:
        for fault in self.faults:
            if fault.matches(method, path, body):
                fault.hits += 1
                if fault.status == LOST_ANSWER:  # done, but the answer never reaches the bot
                    await handle()
                    await self.notify()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._closing.wait(), fault.retry_after)
                    return _error(503, 0, "503: stand-in lost answer")
                if fault.status == STALL:  # the request hangs, then fails without reaching Discord
                    await self.notify()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._closing.wait(), fault.retry_after)
                    return _error(503, 0, "503: stand-in stall")
                if fault.status == 429:
                    body = {"message": "You are being rate limited.", "retry_after": fault.retry_after, "global": False}
                    headers = {"Via": "1.1 google", "Retry-After": str(fault.retry_after), "X-RateLimit-Scope": "user"}
                    return json_response(body, status=429, headers=headers)
                return _error(fault.status, 0, f"{fault.status}: stand-in fault")
        return None

    async def _read_body(self, request: web.Request) -> tuple[Any, list[Upload]]:
        if not request.can_read_body:
            return None, []
        raw = await request.read()
        if request.content_type.startswith("multipart/"):
            return parse_multipart(raw, request.content_type, request.headers.get("Content-Type", ""))
        return (json.loads(raw) if raw else None), []

    async def _route(self, request: web.Request) -> web.StreamResponse:
        path = request.path[len(API) :]
        for method, pattern, handler in self._route_table:
            match = pattern.fullmatch(path)
            if match and method == request.method:
                return await handler(request, *match.groups())
        self.unhandled.append(request[RECORD])
        return _error(404, 0, f"404: stand-in has no route {request.method} {path}")

    async def _get_attachment(self, request: web.Request) -> web.Response:
        data = self.files.get(int(request.match_info["id"]))
        return web.Response(body=data) if data is not None else web.Response(status=404)

    # -- gateway payloads -------------------------------------------------------------------------------------

    def _ready_payloads(self, session_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        user = self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0}
        ready = {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(self.guild.id), "unavailable": True}],
            "session_id": session_id,
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway-resume",
            "application": {"id": str(self.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        threads = [self.channels[tid] for tid in self.threads]
        channels = [c for cid, c in self.channels.items() if cid not in self.threads]
        return ready, [payloads.guild_create(self.guild, channels, threads)]

    def _members_chunk(self, guild_id: int) -> dict[str, Any] | None:
        if guild_id != self.guild.id:
            return None
        members = [self.guild.member(user) for user in self.guild.members.values()]
        return {"guild_id": str(guild_id), "members": members, "chunk_index": 0, "chunk_count": 1}
