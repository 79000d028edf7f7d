"""The stand-in's gateway: HELLO, IDENTIFY/READY, heartbeats, RESUME with replay, and dispatch of events.

Sharding: an IDENTIFY may carry `"shard": [shard_id, shard_count]`; several processes, one per shard, can then be
connected at once. Events go to the shard that owns their guild, `(guild_id >> 22) % shard_count`, as on
Discord; events without a guild (DMs) go to shard 0. `spread = True` instead deals interactions round-robin
over every connected shard (interactions reaching either process: the worst case for a shared database).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE = 0, 1, 2, 3
OP_RESUME, OP_RECONNECT, OP_REQUEST_MEMBERS, OP_INVALID_SESSION = 6, 7, 8, 9
OP_HELLO, OP_HEARTBEAT_ACK = 10, 11
BUFFER_LIMIT = 5000  # dispatches kept per session for RESUME replay


@dataclass
class Session:
    """One gateway session (one IDENTIFY). It outlives its socket so that a RESUME can replay what was missed."""

    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)  # (shard_id, shard_count) from IDENTIFY; (0, 1) when not sharded
    interactions: int = 0  # INTERACTION_CREATE events dispatched to this session
    seq: int = 0
    buffer: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def live(self) -> bool:
        """Its socket is open (a session whose socket dropped can still be resumed, but is not live)."""
        return self.ws is not None and not self.ws.closed

    async def send(self, kind: str, data: Any) -> None:
        async with self.lock:
            self.seq += 1
            frame = {"op": OP_DISPATCH, "t": kind, "s": self.seq, "d": data}
            self.buffer.append(frame)
            del self.buffer[:-BUFFER_LIMIT]
            if self.ws is not None and not self.ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await self.ws.send_str(json.dumps(frame))


@dataclass
class GatewayStats:
    connects: int = 0
    identifies: int = 0
    resumes: int = 0
    heartbeats: int = 0
    invalidated: int = 0
    paths: list[str] = field(default_factory=list)  # which URL each connection used (resume URL or not)
    intents: list[int] = field(default_factory=list)
    shards: list[tuple[int, int]] = field(default_factory=list)  # (shard_id, shard_count) of each IDENTIFY


class Gateway:
    """Serves the websocket. `ready_payloads()` gives (READY data, [GUILD_CREATE data...]) for a new session."""

    def __init__(
        self,
        token: str,
        ready_payloads: Callable[[str], tuple[dict[str, Any], list[dict[str, Any]]]],
        members_chunk: Callable[[int], dict[str, Any] | None],
        heartbeat_ms: int = 41250,
    ) -> None:
        self.token = token
        self.ready_payloads = ready_payloads
        self.members_chunk = members_chunk
        self.heartbeat_ms = heartbeat_ms
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None  # the newest session: where unsharded dispatches go
        self.by_shard: dict[int, Session] = {}  # shard id -> its newest session (a new IDENTIFY replaces it)
        self.spread: bool = False  # True: INTERACTION_CREATE rotates over all connected shards, whatever the guild
        self._turn = 0  # the round-robin position under `spread`
        self.stats = GatewayStats()
        self.ack_heartbeats = True  # False simulates a zombie connection
        self.changed = asyncio.Condition()

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.live

    async def dispatch(self, kind: str, data: Any) -> bool:
        """Send an event to the bot; buffered for RESUME if its socket is down. False if no session exists."""
        session = self.route(kind, data)
        if session is None:
            return False
        if kind == "INTERACTION_CREATE":
            session.interactions += 1
        await session.send(kind, data)
        return True

    def route(self, kind: str, data: Any) -> Session | None:
        """The session an event goes to: its guild's shard (DMs: shard 0), else `current`; see `spread`."""
        shards = self.shard_sessions()
        count = max((s.shard[1] for s in shards.values()), default=1)
        if count <= 1:
            return self.current
        if self.spread and kind == "INTERACTION_CREATE":
            connected = [shards[shard_id] for shard_id in sorted(shards) if shards[shard_id].live]
            if connected:
                self._turn += 1
                return connected[(self._turn - 1) % len(connected)]
        guild_id = data.get("guild_id") if isinstance(data, dict) else None
        shard_id = (int(guild_id) >> 22) % count if guild_id else 0
        return shards.get(shard_id) or self.current

    def shard_sessions(self) -> dict[int, Session]:
        """Shard id -> its session, for the sessions that still exist (live or resumable)."""
        return {shard_id: s for shard_id, s in self.by_shard.items() if self.sessions.get(s.id) is s}

    def session_for(self, shard: int | None = None) -> Session | None:
        """The session of that shard id; `current` when None."""
        return self.current if shard is None else self.shard_sessions().get(shard)

    async def disconnect(self, code: int = 4000, shard: int | None = None) -> None:
        """Close the bot's socket the way Discord does on a server restart; a resumable code by default.

        `shard` picks the shard's session; by default the newest session's.
        """
        session = self.session_for(shard)
        if session is not None and session.ws is not None:
            await session.ws.close(code=code)

    async def request_reconnect(self, shard: int | None = None) -> None:
        """Op 7 RECONNECT: Discord asks the client to reconnect and resume (e.g. before a gateway restart)."""
        session = self.session_for(shard)
        if session is not None and session.ws is not None:
            await session.ws.send_str(json.dumps({"op": OP_RECONNECT, "d": None}))

    async def wait_connected(self, min_identifies: int = 1, timeout: float = 30.0) -> None:
        """Wait until a session has a live socket and at least `min_identifies` IDENTIFYs happened in all."""
        await self.wait_until(lambda: self.connected and self.stats.identifies >= min_identifies, timeout)

    async def wait_shards(self, count: int, timeout: float = 30.0) -> None:
        """Wait until `count` distinct shard ids have a session with a live socket."""
        await self.wait_until(lambda: sum(s.live for s in self.shard_sessions().values()) >= count, timeout)

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 10.0) -> None:
        """Wait until predicate() holds, re-checked on every connect, identify, resume and disconnect."""
        async with self.changed:
            await asyncio.wait_for(self.changed.wait_for(predicate), timeout)

    async def _changed(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        self.stats.connects += 1
        self.stats.paths.append(request.path)
        await ws.send_str(json.dumps({"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_ms}}))
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                session = await self._on_frame(ws, frame, session)
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
            await self._changed()
        return ws

    async def _on_frame(
        self, ws: web.WebSocketResponse, frame: dict[str, Any], session: Session | None
    ) -> Session | None:
        op = frame.get("op")
        data: Any = frame.get("d")  # the frame's JSON payload, whatever its op
        if op == OP_HEARTBEAT:
            self.stats.heartbeats += 1
            if self.ack_heartbeats:
                await ws.send_str(json.dumps({"op": OP_HEARTBEAT_ACK}))
        elif op == OP_IDENTIFY:
            return await self._identify(ws, data)
        elif op == OP_RESUME:
            return await self._resume(ws, data)
        elif op == OP_REQUEST_MEMBERS and session is not None:
            chunk = self.members_chunk(int(data["guild_id"]))
            if chunk is not None:
                chunk["nonce"] = data.get("nonce")
                await session.send("GUILD_MEMBERS_CHUNK", chunk)
        return session

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return None
        shard = data.get("shard")
        shard_id, shard_count = (int(shard[0]), int(shard[1])) if shard else (0, 1)
        if not 0 <= shard_id < shard_count:
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        session = Session(secrets.token_hex(16), int(data.get("intents", 0)), (shard_id, shard_count), ws=ws)
        self.sessions[session.id] = session
        self.by_shard[shard_id] = session
        self.current = session
        self.stats.identifies += 1
        self.stats.intents.append(session.intents)
        self.stats.shards.append(session.shard)
        ready, guilds = self.ready_payloads(session.id)
        if shard:  # discord.py's AutoShardedConnectionState reads READY's shard; Discord sends it when asked
            ready["shard"] = [shard_id, shard_count]
        await session.send("READY", ready)
        # the stand-in's one guild goes to every shard, so that each process has it cached under `spread`
        for guild in guilds:
            await session.send("GUILD_CREATE", guild)
        await self._changed()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        superseded = session is not None and self.by_shard.get(session.shard[0]) is not session
        if session is None or data.get("token") != self.token or superseded:
            self.stats.invalidated += 1
            await ws.send_str(json.dumps({"op": OP_INVALID_SESSION, "d": False}))
            return None
        seq = int(data.get("seq") or 0)
        async with session.lock:
            session.ws = ws
            for frame in session.buffer:
                if frame["s"] > seq:
                    await ws.send_str(json.dumps(frame))
        await session.send("RESUMED", {})
        self.stats.resumes += 1
        await self._changed()
        return session
