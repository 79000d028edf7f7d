"""REST handlers of the stand-in: the v10 routes this bot uses, with Discord's error codes."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e import payloads
from tests.e2e.interactions import EPHEMERAL, LOADING
from tests.e2e.payloads import json_response, snowflake
from tests.e2e.standin import RECORD

if TYPE_CHECKING:
    from tests.e2e.standin import FakeDiscord

Handler = Callable[..., Awaitable[web.StreamResponse]]
NAME = re.compile(r"^[-_\w]{1,32}$")


def error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status=status)


def no_content() -> web.Response:
    return web.Response(status=204)


def command_errors(commands: list[dict[str, Any]]) -> list[str]:
    """The checks Discord applies to a bulk overwrite (the ones a bot can plausibly break)."""
    problems: list[str] = []
    if len(commands) > 100:
        problems.append("more than 100 commands")
    names = [c.get("name", "") for c in commands]
    if len(set(names)) != len(names):
        problems.append(f"duplicate command names: {names}")

    def check(item: dict[str, Any], where: str) -> None:
        name, description = item.get("name", ""), item.get("description", "")
        if not NAME.match(name) or name != name.lower():
            problems.append(f"{where}: invalid name {name!r}")
        if item.get("type", 1) in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11) and not 1 <= len(description) <= 100:
            problems.append(f"{where}: description must be 1-100 characters, got {len(description)}")
        options = item.get("options") or []
        if len(options) > 25:
            problems.append(f"{where}: more than 25 options")
        seen_optional = False
        for option in options:
            if option.get("type") in (1, 2):
                check(option, f"{where} {option.get('name')}")
                continue
            check(option, f"{where} {option.get('name')}")
            if option.get("required"):
                if seen_optional:
                    problems.append(f"{where}: required option {option.get('name')} after an optional one")
            else:
                seen_optional = True
            if len(option.get("choices") or []) > 25:
                problems.append(f"{where} {option.get('name')}: more than 25 choices")

    for command in commands:
        check(command, f"/{command.get('name')}")
    return problems


def routes(discord: FakeDiscord) -> list[tuple[str, re.Pattern[str], Handler]]:
    """(method, path regex, handler) for every supported route; handlers get the path groups as arguments."""
    d = discord

    async def me(request: web.Request) -> web.Response:
        return json_response(d.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(request: web.Request, user_id: str) -> web.Response:
        user = d.guild.members.get(int(user_id)) or d.departed.get(int(user_id))
        return json_response(user.payload()) if user else error(404, 10013, "Unknown User")

    async def gateway_bot(request: web.Request) -> web.Response:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": f"ws://127.0.0.1:{d.port}/gateway", "shards": 1, "session_start_limit": limit})

    async def application(request: web.Request) -> web.Response:
        return json_response(
            {
                "id": str(d.app_id),
                "name": d.bot_user.name,
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": d.owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
            }
        )

    async def put_commands(request: web.Request, app_id: str, guild_id: str | None = None) -> web.Response:
        body = request[RECORD].body
        if not isinstance(body, list):
            return error(400, 50035, "Invalid Form Body: expected a list")
        problems = command_errors(body)
        if problems:
            return error(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        scope = int(guild_id) if guild_id else None
        old = d.commands.get(scope, {})
        stored = {}
        for command in body:
            previous = old.get(command["name"])
            command_id = previous["id"] if previous else str(snowflake())
            stored[command["name"]] = (
                command
                | {
                    "id": command_id,
                    "application_id": str(d.app_id),
                    "version": str(snowflake()),
                    "type": command.get("type", 1),
                }
                | ({"guild_id": guild_id} if guild_id else {})
            )
        d.commands[scope] = stored
        d.command_syncs.append((scope, sorted(stored)))
        return json_response(list(stored.values()))

    async def get_commands(request: web.Request, app_id: str, guild_id: str | None = None) -> web.Response:
        return json_response(list(d.commands.get(int(guild_id) if guild_id else None, {}).values()))

    async def put_guild_commands(request: web.Request, app_id: str, guild_id: str) -> web.Response:
        return await put_commands(request, app_id, guild_id)

    async def get_guild_commands(request: web.Request, app_id: str, guild_id: str) -> web.Response:
        return await get_commands(request, app_id, guild_id)

    async def callback(request: web.Request, interaction_id: str, token: str) -> web.Response:
        interaction = d.interactions.get(int(interaction_id))
        if interaction is None or interaction.token != token:
            return error(404, 10062, "Unknown interaction")
        record = request[RECORD]
        return d.callback(interaction, record.body or {}, record.files, "with_response" in request.query)

    def by_token(app_id: str, token: str) -> Any:
        interaction = d.by_token.get(token)
        # a follow-up needs an acknowledged interaction (a late answer acknowledged nothing)
        if interaction is None or int(app_id) != d.app_id or interaction.acked_at is None:
            return None
        return interaction

    async def followup(request: web.Request, app_id: str, token: str) -> web.Response:
        interaction = by_token(app_id, token)
        if interaction is None:
            return error(404, 10015, "Unknown Webhook")
        record = request[RECORD]
        body = record.body or {}
        bad = d.invalid(body, record.files)
        if bad is not None:
            return bad
        original = d.messages.get(interaction.original_id or 0)
        if original is not None and original["flags"] & LOADING:
            # Discord: the first follow-up after a deferral replaces the "thinking" message (keeping its
            # ephemeral flag), rather than posting a new one
            message = d.edit_message(original, {k: v for k, v in body.items() if k != "flags"}, record.files)
        else:
            message = d.store_message(interaction.channel, body, record.files, interaction=interaction)
        interaction.followup_ids.append(int(message["id"]))
        interaction.touch()
        return json_response(message) if request.query.get("wait") in ("true", "True", "1") else no_content()

    async def webhook_message(request: web.Request, app_id: str, token: str, which: str) -> web.Response:
        interaction = by_token(app_id, token)
        if interaction is None:
            return error(404, 10015, "Unknown Webhook")
        message_id = interaction.original_id if which == "@original" else int(which)
        if message_id is None or message_id not in d.messages:
            return error(404, 10008, "Unknown Message")
        message = d.messages[message_id]
        if request.method == "PATCH":
            record = request[RECORD]
            bad = d.invalid(record.body or {}, record.files)
            if bad is not None:
                return bad
            d.edit_message(message, record.body or {}, record.files)
            interaction.touch()
        elif request.method == "DELETE":
            message["deleted"] = True
            interaction.touch()
            return no_content()
        return json_response(message)

    async def post_message(request: web.Request, channel_id: str) -> web.Response:
        channel = d.channels.get(int(channel_id))
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        record = request[RECORD]
        body = record.body or {}
        if not (body.get("content") or body.get("embeds") or record.files or body.get("components")):
            return error(400, 50006, "Cannot send an empty message")
        bad = d.invalid(body, record.files)
        if bad is not None:
            return bad
        if channel["type"] == 1 and int(channel["recipients"][0]["id"]) in d.dm_closed:
            return error(403, 50007, "Cannot send messages to this user")
        if "flags" in body:  # Discord ignores "ephemeral" outside interaction responses
            body["flags"] = int(body["flags"] or 0) & ~EPHEMERAL
        earlier = d.created_before(body)
        if earlier is not None:  # the same nonce again: that message, nothing new (a deleted one: Unknown Message)
            return error(404, 10008, "Unknown Message") if earlier.get("deleted") else json_response(earlier)
        message = d.store_message(channel, body, record.files)
        d.remember_nonce(body, message)
        return json_response(message)

    async def list_messages(request: web.Request, channel_id: str) -> web.Response:
        limit = int(request.query.get("limit", 50))
        return json_response(list(reversed(d.channel_messages(channel_id)))[:limit])

    async def one_message(request: web.Request, channel_id: str, message_id: str) -> web.Response:
        message = d.messages.get(int(message_id))
        if message is None or message["channel_id"] != channel_id or message.get("deleted"):
            return error(404, 10008, "Unknown Message")
        if request.method == "PATCH":
            record = request[RECORD]
            bad = d.invalid(record.body or {}, record.files)
            if bad is not None:
                return bad
            d.edit_message(message, record.body or {}, record.files)
        elif request.method == "DELETE":
            message["deleted"] = True
            return no_content()
        return json_response(message)

    async def accept(request: web.Request, *ids: str) -> web.Response:
        return no_content()  # typing, reactions, pins, thread membership: recorded, nothing to store

    async def create_thread(request: web.Request, channel_id: str, message_id: str | None = None) -> web.Response:
        parent = d.channels.get(int(channel_id))
        if parent is None:
            return error(404, 10003, "Unknown Channel")
        body = request[RECORD].body or {}
        kind = 11 if message_id else int(body.get("type", 12))
        thread_id = int(message_id) if message_id else snowflake()  # Discord reuses the message id
        name = str(body.get("name", "thread"))[:100]
        thread = payloads.thread_channel(thread_id, parent, name, d.bot_user.id, kind)
        d.channels[thread_id] = thread
        d.threads.add(thread_id)
        await d.gateway.dispatch("THREAD_CREATE", thread | {"newly_created": True})
        return json_response(thread, status=201)

    async def create_thread_from_message(request: web.Request, channel_id: str, message_id: str) -> web.Response:
        return await create_thread(request, channel_id, message_id)

    async def channel(request: web.Request, channel_id: str) -> web.Response:
        found = d.channels.get(int(channel_id))
        if found is None:
            return error(404, 10003, "Unknown Channel")
        if request.method == "PATCH":
            body = request[RECORD].body or {}
            for key in ("name", "topic"):
                if key in body:
                    found[key] = body[key]
            if "archived" in body and "thread_metadata" in found:
                found["thread_metadata"]["archived"] = bool(body["archived"])
        return json_response(found)

    async def open_dm(request: web.Request) -> web.Response:
        body = request[RECORD].body or {}
        user = d.guild.members.get(int(body.get("recipient_id", 0)))
        if user is None:
            return error(400, 50033, "Invalid Recipients")
        channel_id = d.dm_channels.setdefault(user.id, snowflake())
        d.channels.setdefault(channel_id, payloads.dm_channel(channel_id, user))
        return json_response(d.channels[channel_id])

    async def guild(request: web.Request, guild_id: str) -> web.Response:
        if int(guild_id) != d.guild.id:
            return error(404, 10004, "Unknown Guild")
        data = payloads.guild_create(d.guild, [], [])
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key)
        return json_response(data)

    async def guild_channels(request: web.Request, guild_id: str) -> web.Response:
        return json_response([d.channels[cid] for cid in d.guild.channel_ids])

    async def member(request: web.Request, guild_id: str, user_id: str) -> web.Response:
        user = d.guild.members.get(int(user_id))
        return json_response(d.guild.member(user)) if user else error(404, 10007, "Unknown Member")

    async def members(request: web.Request, guild_id: str) -> web.Response:
        return json_response([d.guild.member(user) for user in d.guild.members.values()])

    table: list[tuple[str, str, Handler]] = [
        ("GET", r"/users/@me", me),
        ("GET", r"/users/(\d+)", get_user),
        ("POST", r"/users/@me/channels", open_dm),
        ("GET", r"/gateway/bot", gateway_bot),
        ("GET", r"/gateway", gateway_bot),
        ("GET", r"/(?:oauth2/)?applications/@me", application),
        ("PUT", r"/applications/(\d+)/commands", put_commands),
        ("GET", r"/applications/(\d+)/commands", get_commands),
        ("PUT", r"/applications/(\d+)/guilds/(\d+)/commands", put_guild_commands),
        ("GET", r"/applications/(\d+)/guilds/(\d+)/commands", get_guild_commands),
        ("POST", r"/interactions/(\d+)/([^/]+)/callback", callback),
        ("POST", r"/webhooks/(\d+)/([^/]+)", followup),
        ("GET", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", webhook_message),
        ("PATCH", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", webhook_message),
        ("DELETE", r"/webhooks/(\d+)/([^/]+)/messages/(@original|\d+)", webhook_message),
        ("POST", r"/channels/(\d+)/messages", post_message),
        ("GET", r"/channels/(\d+)/messages", list_messages),
        ("GET", r"/channels/(\d+)/messages/(\d+)", one_message),
        ("PATCH", r"/channels/(\d+)/messages/(\d+)", one_message),
        ("DELETE", r"/channels/(\d+)/messages/(\d+)", one_message),
        ("POST", r"/channels/(\d+)/typing", accept),
        ("POST", r"/channels/(\d+)/threads", create_thread),
        ("POST", r"/channels/(\d+)/messages/(\d+)/threads", create_thread_from_message),
        ("PUT", r"/channels/(\d+)/thread-members/(@me|\d+)", accept),
        ("DELETE", r"/channels/(\d+)/thread-members/(@me|\d+)", accept),
        ("PUT", r"/channels/(\d+)/messages/(\d+)/reactions/(.+)", accept),
        ("DELETE", r"/channels/(\d+)/messages/(\d+)/reactions/(.+)", accept),
        ("PUT", r"/channels/(\d+)/(?:messages/)?pins/(\d+)", accept),
        ("DELETE", r"/channels/(\d+)/(?:messages/)?pins/(\d+)", accept),
        ("GET", r"/channels/(\d+)", channel),
        ("PATCH", r"/channels/(\d+)", channel),
        ("GET", r"/guilds/(\d+)", guild),
        ("GET", r"/guilds/(\d+)/channels", guild_channels),
        ("GET", r"/guilds/(\d+)/members/(\d+)", member),
        ("GET", r"/guilds/(\d+)/members", members),
    ]
    return [(method, re.compile(pattern), handler) for method, pattern, handler in table]
