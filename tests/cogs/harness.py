"""Drive the real bot's cogs with real discord.Interaction objects, Discord's HTTP replaced by a recorder.

Interactions are built from gateway payloads and fed to discord.py's own INTERACTION_CREATE handler, so
command lookup, option parsing, autocomplete, dynamic buttons and responses all run as in production; only
the HTTP layer (REST client and webhook adapter) is swapped for one that records what the bot sends.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord.ext import commands
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot import Config, TableBot
from table.storage import TableRow

if TYPE_CHECKING:  # discord.types imports in a cycle at run time; its TypedDicts are for the checker
    from discord.types.interactions import Interaction as InteractionPayload
    from discord.types.user import User as UserPayload

APP_ID = 900000000000000001
GUILD_ID = 800000000000000001
BOT_USER: UserPayload = {
    "id": str(APP_ID),
    "username": "pbp",
    "discriminator": "0",
    "global_name": "PBP",
    "avatar": None,
    "bot": True,
}
_ids = itertools.count(10**17)
CogKind = TypeVar("CogKind", bound=commands.Cog)


def snowflake() -> int:
    return next(_ids)


@dataclass
class Call:
    method: str
    path: str
    payload: dict[str, Any] | None
    files: list[str]
    interaction: int | None = None  # the interaction id, for callbacks and follow-ups

    @property
    def content(self) -> str:
        body = self.payload or {}
        return str(body.get("data", body).get("content") or "")

    @property
    def ephemeral(self) -> bool:
        body = self.payload or {}
        return bool(int(body.get("data", body).get("flags") or 0) & 64)

    @property
    def components(self) -> list[dict[str, Any]]:
        body = self.payload or {}
        rows = body.get("data", body).get("components") or []
        return [item for row in rows for item in row.get("components", [])]

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list((self.payload or {}).get("data", {}).get("choices") or [])


def fake_message(channel_id: int, content: str = "", message_id: int | None = None) -> dict[str, Any]:
    return {
        "id": str(message_id or snowflake()),
        "channel_id": str(channel_id),
        "type": 0,
        "content": content,
        "author": BOT_USER,
        "attachments": [],
        "embeds": [],
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "flags": 0,
        "components": [],
    }


@dataclass
class Recorder:
    calls: list[Call] = field(default_factory=list)
    closed_dms: set[int] = field(default_factory=set)  # users whose DMs answer 50007
    deleted: set[int] = field(default_factory=set)  # messages a moderator deleted: editing them answers 404
    slow: asyncio.Event | None = None  # while set to an unset event, interaction follow-ups wait for it (a slow upload)

    def record(self, method: str, path: str, payload: Any, files: Any) -> Call:
        names = [getattr(f, "filename", "?") for f in files or []]
        interaction = None
        parts = path.strip("/").split("/")
        if parts[0] == "interactions":
            interaction = int(parts[1])
        call = Call(method, path, payload if isinstance(payload, dict) else None, names, interaction)
        self.calls.append(call)
        return call

    def for_interaction(self, interaction_id: int, token: str) -> list[Call]:
        return [c for c in self.calls if c.interaction == interaction_id or f"/{token}" in c.path]

    def channel_messages(self, channel_id: int) -> list[Call]:
        return [c for c in self.calls if c.method == "POST" and c.path == f"/channels/{channel_id}/messages"]


class RecordingWebhookAdapter(AsyncWebhookAdapter):
    """Interaction callbacks and follow-ups, recorded instead of sent."""

    def __init__(self, recorder: Recorder) -> None:
        super().__init__()
        self.recorder = recorder

    async def request(
        self, route: Any, session: Any, *, payload: Any = None, multipart: Any = None, files: Any = None, **kwargs: Any
    ) -> Any:
        body = payload
        if multipart:
            body = json.loads(next(part["value"] for part in multipart if part["name"] == "payload_json"))
        path = route.url.split("/api/v10", 1)[1]
        call = self.recorder.record(route.method, path, body, files)
        if self.recorder.slow is not None and route.method == "POST" and path.startswith("/webhooks/"):
            await self.recorder.slow.wait()
        if path.endswith("/callback"):
            message = fake_message(0, call.content)
            return {
                "interaction": {
                    "id": path.split("/")[2],
                    "type": 2,
                    "response_message_id": message["id"],
                    "response_message_loading": False,
                    "response_message_ephemeral": call.ephemeral,
                },
                "resource": {"type": (body or {}).get("type", 4), "message": message},
            }
        return fake_message(0, call.content)


class ErrorLog(logging.Handler):
    """Collects errors logged while the bot handles interactions: a test fails on any of them."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Harness:
    def __init__(self, data_dir: Path) -> None:
        self.errors = ErrorLog()
        logging.getLogger().addHandler(self.errors)
        self.recorder = Recorder()
        self.bot = TableBot(Config("test-token", data_dir, None, None, 3600))
        self.channel_id = snowflake()

    async def start(self) -> None:
        self.bot.http.request = self._rest  # type: ignore[method-assign]
        self.bot._connection.application_id = APP_ID
        self.bot._connection.user = discord.ClientUser(state=self.bot._connection, data=BOT_USER)  # as after READY
        async_context.set(RecordingWebhookAdapter(self.recorder))
        await self.bot._async_setup_hook()
        await self.bot.setup_hook()
        if self.bot._sync_task is not None:  # the command tree's PUT, sent in the background, is not a test's call
            await self.bot._sync_task

    async def close(self) -> None:
        if self.bot._sync_task is not None:
            await self.bot._sync_task
        logging.getLogger().removeHandler(self.errors)
        for cog in list(self.bot.cogs):
            await self.bot.remove_cog(cog)
        await self.bot.store.close()

    async def table(self, table_id: int = 1) -> TableRow:
        """The stored row of a table the test has opened."""
        row = await self.bot.store.tables.table(table_id)
        assert row is not None, f"there is no table {table_id}"
        return row

    def cog(self, kind: type[CogKind]) -> CogKind:
        """The bot's loaded cog of that class."""
        found = self.bot.get_cog(kind.__name__)
        assert isinstance(found, kind), f"{kind.__name__} is not loaded"
        return found

    async def _rest(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        payload: Any = kwargs.get("json")  # the request's JSON body, as discord.py's HTTP client sends it
        if form:
            payload = json.loads(next(part["value"] for part in form if part["name"] == "payload_json"))
        path = route.url.split("/api/v10", 1)[1]
        self.recorder.record(route.method, path, payload, files)
        if path == "/oauth2/applications/@me":  # who owns the bot: user 1009 (the moderator of these tests)
            owner = {"id": "1009", "username": "owner", "discriminator": "0", "avatar": None}
            return {
                "id": str(APP_ID),
                "name": "table",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner,
                "verify_key": "0" * 64,
                "flags": 0,
            }
        if path == "/users/@me/channels":
            user = int(payload["recipient_id"])
            return {
                "id": str(user + 1),
                "type": 1,
                "recipients": [{"id": str(user), "username": "u", "discriminator": "0", "avatar": None}],
            }
        if path.startswith("/users/"):
            user = int(path.split("/")[2])
            return {
                "id": str(user),
                "username": f"user{user}",
                "discriminator": "0",
                "global_name": None,
                "avatar": None,
            }
        if path.startswith("/channels/") and path.endswith("/threads"):
            parent = int(path.split("/")[2])
            return {
                "id": str(snowflake()),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "parent_id": str(parent),
                "name": payload["name"],
                "owner_id": str(APP_ID),
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": "2026-01-01T00:00:00+00:00",
                    "locked": False,
                },
                "member_count": 1,
                "message_count": 0,
            }
        if path.startswith("/channels/") and "/messages/" in path and route.method == "PATCH":
            channel, message = int(path.split("/")[2]), int(path.split("/")[4])
            if message in self.recorder.deleted:
                response = type("R", (), {"status": 404, "reason": "Not Found"})()
                raise discord.NotFound(response, {"code": 10008, "message": "Unknown Message"})
            return fake_message(channel, (payload or {}).get("content", ""), message)
        if path.startswith("/channels/") and path.endswith("/messages"):
            channel = int(path.split("/")[2])
            if channel - 1 in self.recorder.closed_dms:
                response = type("R", (), {"status": 403, "reason": "Forbidden"})()
                raise discord.Forbidden(response, {"code": 50007, "message": "Cannot send messages to this user"})
            return fake_message(channel, (payload or {}).get("content", ""))
        if path.startswith("/channels/") and route.method == "GET":
            channel = int(path.split("/")[2])
            return {"id": str(channel), "type": 0, "guild_id": str(GUILD_ID), "name": "table", "position": 0}
        if path.startswith("/applications/") and route.method == "PUT":
            return [
                {**command, "id": str(snowflake()), "application_id": str(APP_ID), "version": "1"}
                for command in payload
            ]
        return {}

    # --- interactions ------------------------------------------------------------------------------------

    def _base(self, kind: int, user: int, name: str, admin: bool, channel: int | None) -> dict[str, Any]:
        interaction_id = snowflake()
        channel_id = channel or self.channel_id
        permissions = str(discord.Permissions.all().value if admin else discord.Permissions(2048 | 1024).value)
        return {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token{interaction_id}",
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id),
            "channel": {"id": str(channel_id), "type": 0, "guild_id": str(GUILD_ID), "name": "table", "position": 0},
            "member": {
                "user": {"id": str(user), "username": name, "discriminator": "0", "global_name": name, "avatar": None},
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "permissions": permissions,
                "flags": 0,
            },
            "app_permissions": str(discord.Permissions.all().value),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }

    async def command(
        self,
        user: int,
        name: str,
        path: str,
        options: dict[str, Any] | None = None,
        *,
        admin: bool = False,
        channel: int | None = None,
        focused: str | None = None,
        resolved: dict[str, Any] | None = None,
    ) -> list[Call]:
        """Run `/path options` (path like "game new"); with `focused`, ask autocomplete for that option."""
        words = path.split()
        leaf: list[dict[str, Any]] = []
        for key, value in (options or {}).items():
            kind = 4 if isinstance(value, int) and not isinstance(value, bool) else 5 if isinstance(value, bool) else 3
            if resolved and str(value) in resolved.get("users", {}):
                kind = 6  # a member option
            option: dict[str, Any] = {"type": kind, "name": key, "value": value}
            if key == focused:
                option["focused"] = True
            leaf.append(option)
        options_tree: list[dict[str, Any]] = leaf
        for depth, word in enumerate(reversed(words[1:])):  # a subcommand (1) inside its groups (2)
            options_tree = [{"type": 1 if depth == 0 else 2, "name": word, "options": options_tree}]
        payload = self._base(4 if focused else 2, user, name, admin, channel)
        payload["data"] = {"id": str(snowflake()), "name": words[0], "type": 1, "options": options_tree}
        if resolved:
            payload["data"]["resolved"] = resolved
        return await self._dispatch(payload)

    async def click(self, user: int, name: str, custom_id: str, *, channel: int | None = None) -> list[Call]:
        payload = self._base(3, user, name, False, channel)
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        message = fake_message(channel or self.channel_id)
        button = {"type": 2, "style": 1, "label": "button", "custom_id": custom_id}
        message["components"] = [{"type": 1, "components": [button]}]  # discord.py finds the item there
        payload["message"] = message
        return await self._dispatch(payload)

    async def select(
        self, user: int, name: str, custom_id: str, values: list[str], *, channel: int | None = None
    ) -> list[Call]:
        """Pick `values` in the select menu `custom_id` under a board."""
        payload = self._base(3, user, name, False, channel)
        payload["data"] = {"custom_id": custom_id, "component_type": 3, "values": values}
        message = fake_message(channel or self.channel_id)
        options = [{"label": value, "value": value} for value in values] or [{"label": "0", "value": "0"}]
        menu = {"type": 3, "custom_id": custom_id, "options": options}
        message["components"] = [{"type": 1, "components": [menu]}]
        payload["message"] = message
        return await self._dispatch(payload)

    async def _dispatch(self, payload: dict[str, Any]) -> list[Call]:
        before = set(asyncio.all_tasks())
        start = len(self.recorder.calls)
        # discord.py's own INTERACTION_CREATE path, fed the gateway JSON this harness builds by hand
        self.bot._connection.parse_interaction_create(cast("InteractionPayload", payload))
        for _ in range(200):
            pending = [t for t in asyncio.all_tasks() - before if not t.done() and not _is_view_timer(t)]
            if not pending:
                break
            await asyncio.wait(pending, timeout=5)
        return self.recorder.calls[start:]


def _is_view_timer(task: asyncio.Task[Any]) -> bool:
    """discord.py times out a view on an ephemeral message after 15 minutes: not work to wait for."""
    return "timeout_task_impl" in getattr(task.get_coro(), "__qualname__", "")


def member_resolved(user: int, name: str) -> dict[str, Any]:
    """The `resolved` block Discord sends with a user option."""
    return {
        "users": {
            str(user): {"id": str(user), "username": name, "discriminator": "0", "global_name": name, "avatar": None}
        },
        "members": {
            str(user): {
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "permissions": "0",
                "flags": 0,
            }
        },
    }
