"""What every answer of the web companion goes through, whatever it asks for: the security headers (on errors too),
GET and HEAD only, no body, a bounded query string, and a rate limit per client address.

Errors are plain text with no detail: a bad path, a wrong token and a table taken down all read the same."""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
}
SERVER = "pbp-table"
METHODS = ("GET", "HEAD")
MAX_QUERY = 256  # characters of query string: the pages use one short one (?turn=N, ?v=key)
MAX_LINE = 2048  # bytes of the request line (aiohttp's max_line_size): the longest address is under 100
MAX_FIELD = 4096  # bytes of one header (aiohttp's max_field_size)
MAX_HEADERS = 40  # headers in one request (aiohttp's max_headers)
NOT_FOUND = "Not found."

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def plain(status: int, text: str, **headers: str) -> web.Response:
    """An error answer: plain text, nothing stored by the browser."""
    return web.Response(status=status, text=text, headers={"Cache-Control": "no-store", **headers})


def not_found() -> web.Response:
    """The one answer to every address that leads nowhere, whatever the reason."""
    return plain(404, NOT_FOUND)


class Buckets:
    """A token bucket per client: `burst` requests at once, refilled at `rate` a second. At most `kept` clients are
    remembered (the longest unseen is dropped first), so a flood of addresses cannot grow it without end."""

    def __init__(self, rate: float, burst: int, kept: int = 10_000, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = burst
        self.kept = kept
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, when counted)

    def take(self, client: str) -> float:
        """Take one request's token: 0 when granted, else how many seconds until one is free."""
        now = self.clock()
        tokens, then = self._buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        wait = 0.0 if tokens >= 1 else (1 - tokens) / self.rate
        self._buckets[client] = (tokens - 1 if tokens >= 1 else tokens, now)
        if len(self._buckets) > self.kept:
            self._buckets.popitem(last=False)
        return wait


@dataclass(frozen=True)
class Guard:
    """The checks before any route, and the headers after it. `behind_proxy`: PBP_WEB_URL is set, so requests come
    through the operator's reverse proxy; only then is X-Forwarded-For read, and only from a loopback peer."""

    buckets: Buckets
    behind_proxy: bool = False

    def client(self, request: web.Request) -> str:
        peer = request.remote or ""
        forwarded = request.headers.get("X-Forwarded-For")
        if self.behind_proxy and forwarded and _loopback(peer):
            return forwarded.split(",")[-1].strip()  # the address the proxy saw: the last entry, the one it added
        return peer

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        answer = await self._answer(request, handler)
        answer.headers.update(HEADERS)
        answer.headers["Server"] = SERVER  # not aiohttp's default, which names its version
        return answer

    async def _answer(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method not in METHODS:
            return plain(405, "Only GET and HEAD.", Allow=", ".join(METHODS))
        if request.body_exists:
            return plain(400, "No body is accepted.")
        wait = self.buckets.take(self.client(request))
        if wait:
            return plain(429, "Too many requests: wait a moment.", **{"Retry-After": str(math.ceil(wait))})
        if len(request.query_string) > MAX_QUERY:
            return plain(414, "Address too long.")
        try:
            return await handler(request)
        except web.HTTPException as error:  # aiohttp's own answers (no such route, a method not routed) are ours
            if error.status == 405:
                return plain(405, "Only GET and HEAD.", Allow=", ".join(METHODS))
            return not_found() if error.status == 404 else plain(error.status, error.reason)
        except Exception:  # a fault of ours: logged, and the answer says nothing of it
            log.exception("the web page %s failed", request.path)
            return plain(500, "Something went wrong on our side.")


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
