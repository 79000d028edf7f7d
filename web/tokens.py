"""The unguessable part of every web address: an HMAC of the table's (or server's) id under a secret the bot keeps in
its database (the settings row `web_secret`). Rotating the secret (`./run-bot --rotate-web-secret`) changes every
address at once; the old links then answer 404 like any wrong one."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from table.storage import Store

SECRET_KEY = "web_secret"  # the settings row holding the secret, hex
TOKEN_CHARS = 22  # base32 characters of the HMAC kept in an address: 110 bits


async def web_secret(store: Store) -> bytes:
    """The bot's web secret, made (and stored) the first time it is asked for. Two processes that make it at once
    both read back the one stored first."""
    found = await store.schema.setting(SECRET_KEY)
    if found is None:
        found = await store.schema.first_setting(SECRET_KEY, secrets.token_hex(32))
    return bytes.fromhex(found)


async def rotate_secret(store: Store) -> None:
    """A new secret: every table's and server's address changes."""
    await store.schema.put_setting(SECRET_KEY, secrets.token_hex(32))


def token(secret: bytes, kind: str, number: int) -> str:
    digest = hmac.new(secret, f"{kind}:{number}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:TOKEN_CHARS]


def table_path(secret: bytes, table_id: int) -> str:
    """A table's page, from the site's root: /t/<id>-<token>/"""
    return f"/t/{table_id}-{token(secret, 'table', table_id)}/"


def server_path(secret: bytes, guild_id: int) -> str:
    """A server's list of tables: /s/<guild id>-<token>/"""
    return f"/s/{guild_id}-{token(secret, 'guild', guild_id)}/"


def check(secret: bytes, kind: str, number: int, given: str) -> bool:
    """Whether `given` is the token of (kind, number): compared in constant time."""
    return hmac.compare_digest(token(secret, kind, number), given)
