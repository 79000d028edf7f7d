"""Interactions the stand-in sends, and what the bot answered to each."""

from __future__ import annotations

import asyncio
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.payloads import FakeGuild, FakeUser, snowflake

EPHEMERAL = 64
LOADING = 128
RESPONSE_WINDOW = 3.0  # Discord drops an interaction not acknowledged within 3 seconds
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT = 4, 5, 6, 7, 8


@dataclass
class Interaction:
    """One interaction: the payload sent to the bot, its callback and every message it produced."""

    id: int
    token: str
    kind: int  # 2 command, 3 component, 4 autocomplete
    user: FakeUser
    channel: dict[str, Any]
    payload: dict[str, Any]
    source_message_id: int | None = None  # the message whose button was clicked
    sent_at: float = field(default_factory=time.monotonic)
    acked_at: float | None = None
    callback: dict[str, Any] | None = None
    original_id: int | None = None  # message id of the original response
    followup_ids: list[int] = field(default_factory=list)
    updates: int = 0  # bumped on every callback, edit or follow-up
    event: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def latency(self) -> float | None:
        return None if self.acked_at is None else self.acked_at - self.sent_at

    def touch(self) -> None:
        self.updates += 1
        self.event.set()

    async def changed(self, seen: int, timeout: float) -> None:
        """Wait until `updates` moves past `seen`."""
        deadline = time.monotonic() + timeout
        while self.updates <= seen:
            self.event.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            await asyncio.wait_for(self.event.wait(), remaining)


def build_options(schema: list[dict[str, Any]], given: dict[str, Any], focused: str | None) -> list[dict[str, Any]]:
    """Typed options for the values given, as Discord builds them from the synced command's schema.

    Values are sent as given, so a test may send a wrong type on purpose (Discord itself would not).
    """
    by_name = {option["name"]: option for option in schema}
    built = []
    for name, value in given.items():
        spec = by_name.get(name)
        if spec is None:
            raise KeyError(f"the synced command has no option {name!r}; it has {sorted(by_name)}")
        option: dict[str, Any] = {"name": name, "type": spec["type"]}
        option["value"] = str(value) if spec["type"] in (6, 7, 8, 9) else value
        if focused == name:
            option["focused"] = True
        built.append(option)
    return built


def resolved_for(guild: FakeGuild, given: dict[str, Any], schema: list[dict[str, Any]]) -> dict[str, Any]:
    """The `resolved` users/members for user options, as Discord includes them."""
    by_name = {option["name"]: option for option in schema}
    users: dict[str, Any] = {}
    members: dict[str, Any] = {}
    for name, value in given.items():
        if by_name.get(name, {}).get("type") == 6:
            user = guild.members.get(int(value))
            if user is not None:
                users[str(user.id)] = user.payload()
                member = guild.member(user)
                member.pop("user")
                member["permissions"] = str(guild.permissions(user))
                members[str(user.id)] = member
    return {"users": users, "members": members} if users else {}


def interaction_payload(
    kind: int,
    app_id: int,
    guild: FakeGuild,
    user: FakeUser,
    channel: dict[str, Any],
    data: dict[str, Any],
    message: dict[str, Any] | None = None,
) -> tuple[int, str, dict[str, Any]]:
    """An INTERACTION_CREATE payload for a guild channel; returns (id, token, payload)."""
    interaction_id = snowflake()
    token = "itoken-" + secrets.token_urlsafe(24)
    member = guild.member(user)
    member["permissions"] = str(guild.permissions(user))
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(app_id),
        "type": kind,
        "data": data,
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
        "channel_id": channel["id"],
        "channel": channel,
        "member": member,
        "token": token,
        "version": 1,
        "app_permissions": str(guild.permissions(guild.members[app_id])),  # the bot's own, as Discord sends
        "locale": "en-GB",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if message is not None:
        payload["message"] = message
    return interaction_id, token, payload
