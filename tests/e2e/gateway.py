"""The stand-in's gateway: HELLO, IDENTIFY/READY, heartbeats, RESUME with replay, and dispatch of events."""

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
    seq: int = 0
    buffer: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

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
        self.current: Session | None = None  # the newest session: where dispatches go
        self.stats = GatewayStats()
        self.ack_heartbeats = True  # False simulates a zombie connection
        self.changed = asyncio.Condition()

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.ws is not None and not self.current.ws.closed

    async def dispatch(self, kind: str, data: Any) -> bool:
        """Send an event to the bot; buffered for RESUME if its socket is down. False if no session exists."""
        session = self.current
        if session is None:
            return False
        await session.send(kind, data)
        return True

    async def disconnect(self, code: int = 4000) -> None:
        """Close the bot's socket the way Discord does on a server restart; a resumable code by default."""
        session = self.current
        if session is not None and session.ws is not None:
            await session.ws.close(code=code)

    async def request_reconnect(self) -> None:
        """Op 7 RECONNECT: Discord asks the client to reconnect and resume (e.g. before a gateway restart)."""
        session = self.current
        if session is not None and session.ws is not None:
            await session.ws.send_str(json.dumps({"op": OP_RECONNECT, "d": None}))

    async def wait_connected(self, min_identifies: int = 1, timeout: float = 30.0) -> None:
        """Wait until a session has a live socket and at least `min_identifies` IDENTIFYs happened in all."""
        await self.wait_until(lambda: self.connected and self.stats.identifies >= min_identifies, timeout)

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
        op, data = frame.get("op"), frame.get("d")
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
        session = Session(id=secrets.token_hex(16), intents=int(data.get("intents", 0)), ws=ws)
        self.sessions[session.id] = session
        self.current = session
        self.stats.identifies += 1
        self.stats.intents.append(session.intents)
        ready, guilds = self.ready_payloads(session.id)
        await session.send("READY", ready)
        for guild in guilds:
            await session.send("GUILD_CREATE", guild)
        await self._changed()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != self.token or session is not self.current:
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
