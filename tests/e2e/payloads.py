"""JSON shapes Discord's v10 API uses, as discord.py reads them (only what a guild bot needs)."""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
# What @everyone usually may do: view, send, embed, attach, history, react, use commands, threads.
EVERYONE_PERMISSIONS = (
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 6) | (1 << 31) | (1 << 35) | (1 << 38)
)
ADMIN = 0x8  # Administrator implies every permission, manage_channels included

_counter = itertools.count(1)


def snowflake() -> int:
    """A fresh id that encodes the current time, as Discord's do (discord.py derives created_at from it)."""
    now_ms = int(time.time() * 1000)
    return ((now_ms - DISCORD_EPOCH_MS) << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class FakeUser:
    id: int
    name: str
    bot: bool = False
    admin: bool = False  # holds a role with Administrator (e.g. a moderator abandoning a table)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    admin_role_id: int
    channel_ids: list[int] = field(default_factory=list)
    members: dict[int, FakeUser] = field(default_factory=dict)

    def member(self, user: FakeUser) -> dict[str, Any]:
        roles = [str(self.admin_role_id)] if user.admin else []
        return {
            "user": user.payload(),
            "nick": None,
            "roles": roles,
            "joined_at": iso_now(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }

    def permissions(self, user: FakeUser) -> int:
        return EVERYONE_PERMISSIONS | (ADMIN if user.admin or user.id == self.owner_id else 0)

    def roles(self) -> list[dict[str, Any]]:
        return [
            _role(self.id, "@everyone", EVERYONE_PERMISSIONS, 0),
            _role(self.admin_role_id, "Moderator", ADMIN, 1),
        ]


def _role(role_id: int, name: str, permissions: int, position: int) -> dict[str, Any]:
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "hoist": False,
        "position": position,
        "permissions": str(permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def text_channel(channel_id: int, guild_id: int, name: str, position: int) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(guild_id),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }


def thread_channel(thread_id: int, parent: dict[str, Any], name: str, owner_id: int, kind: int) -> dict[str, Any]:
    return {
        "id": str(thread_id),
        "type": kind,  # 11 public, 12 private
        "guild_id": parent["guild_id"],
        "parent_id": parent["id"],
        "owner_id": str(owner_id),
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 10080,
            "archive_timestamp": iso_now(),
            "locked": False,
        },
    }


def dm_channel(channel_id: int, recipient: FakeUser) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 1, "last_message_id": None, "recipients": [recipient.payload()]}


def guild_create(guild: FakeGuild, channels: list[dict[str, Any]], threads: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": str(guild.id),
        "name": guild.name,
        "icon": None,
        "owner_id": str(guild.owner_id),
        "roles": guild.roles(),
        "emojis": [],
        "stickers": [],
        "features": [],
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "nsfw_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "joined_at": iso_now(),
        "large": False,
        "unavailable": False,
        # member_count == len(members) tells discord.py the guild is fully chunked
        "member_count": len(guild.members),
        "members": [guild.member(user) for user in guild.members.values()],
        "channels": channels,
        "threads": threads,
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def attachment(attachment_id: int, filename: str, size: int, base_url: str, content_type: str) -> dict[str, Any]:
    url = f"{base_url}/attachments/{attachment_id}/{filename}"
    return {
        "id": str(attachment_id),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
    }


def message(
    message_id: int,
    channel: dict[str, Any],
    author: dict[str, Any],
    body: dict[str, Any],
    attachments: list[dict[str, Any]],
    flags: int = 0,
    interaction: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A message as Discord returns it, built from what the bot sent (`body`: content, embeds, components...)."""
    data: dict[str, Any] = {
        "id": str(message_id),
        "channel_id": channel["id"],
        "author": author,
        "content": body.get("content") or "",
        "timestamp": iso_now(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "type": 20 if interaction else 0,
        "flags": flags,
    }
    if "guild_id" in channel:
        data["guild_id"] = channel["guild_id"]
    if body.get("nonce") is not None:
        data["nonce"] = body["nonce"]
    if interaction:
        data["interaction_metadata"] = interaction
    return data


def json_response(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Any:
    """Like Discord: Content-Type exactly "application/json" (discord.py compares it verbatim)."""
    from aiohttp import web

    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json", **(headers or {})})
