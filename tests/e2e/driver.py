"""Simulated users: they run the synced slash commands, type into autocomplete and click buttons."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from cogs.common import EARLY_ACK, EARLY_DONE  # the bot's private word that it posted the answer in the channel
from tests.e2e.interactions import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_MESSAGE,
    EPHEMERAL,
    LOADING,
    RESPONSE_WINDOW,
    UPDATE_MESSAGE,
    Interaction,
    build_options,
    interaction_payload,
    resolved_for,
)
from tests.e2e.payloads import FakeUser
from tests.e2e.standin import FakeDiscord

SLACK = 0.5  # scheduling slack on a loaded 2-core machine when waiting for what the bot already acknowledged


class NoReply(AssertionError):
    """The bot did not acknowledge in time: the user sees "This interaction failed"."""


@dataclass
class Reply:
    """What the user saw in answer to one interaction."""

    interaction: Interaction
    kind: int
    message: dict[str, Any] | None = None
    followups: list[dict[str, Any]] = field(default_factory=list)
    choices: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        shown = self.message or (self.followups[0] if self.followups else {})
        return bool(int(shown.get("flags") or 0) & EPHEMERAL)

    @property
    def refused(self) -> bool:
        """A private answer that is not the bot's early "Done" (under load the answer is posted in the channel)."""
        return self.ephemeral and not self.text.startswith((EARLY_ACK, EARLY_DONE))

    @property
    def text(self) -> str:
        """Content and embed text of the response and its follow-ups, for assertions."""
        return "\n".join(message_text(m) for m in [*([self.message] if self.message else []), *self.followups])

    @property
    def latency(self) -> float:
        assert self.interaction.latency is not None
        return self.interaction.latency


def message_text(message: dict[str, Any]) -> str:
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name')}: {f.get('value')}" for f in embed.get("fields") or []]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(part for part in parts if part)


def buttons(message: dict[str, Any]) -> list[dict[str, Any]]:
    """Every button (with a custom_id) in a message's component rows."""
    found = []
    for row in message.get("components") or []:
        for component in row.get("components") or []:
            if component.get("type") == 2 and component.get("custom_id"):
                found.append(component)
    return found


class Driver:
    """Sends interactions to the bot through the stand-in's gateway, as Discord would for a user's input."""

    def __init__(self, discord: FakeDiscord) -> None:
        self.discord = discord

    def command_schema(self, path: str) -> tuple[dict[str, Any], list[dict[str, Any]], list[str]]:
        """The synced command for "game new" (guild command first), its leaf options and the subcommand names."""
        names = path.split()
        d = self.discord
        command = d.commands.get(d.guild.id, {}).get(names[0]) or d.commands.get(None, {}).get(names[0])
        if command is None:
            synced = sorted({*d.commands.get(d.guild.id, {}), *d.commands.get(None, {})})
            raise KeyError(f"/{names[0]} was not synced; synced commands: {synced}")
        options = command.get("options") or []
        for name in names[1:]:
            sub = next((o for o in options if o["name"] == name and o["type"] in (1, 2)), None)
            if sub is None:
                raise KeyError(f"/{path}: no subcommand {name!r} in {[o['name'] for o in options]}")
            options = sub.get("options") or []
        return command, options, names[1:]

    async def send(
        self,
        user: FakeUser,
        kind: int,
        data: dict[str, Any],
        channel: dict[str, Any] | None,
        message: dict[str, Any] | None = None,
    ) -> Interaction:
        d = self.discord
        channel = channel or d.channel(0)
        interaction_id, token, payload = interaction_payload(kind, d.app_id, d.guild, user, channel, data, message)
        interaction = Interaction(interaction_id, token, kind, user, channel, payload)
        if message is not None:
            interaction.source_message_id = int(message["id"])
        d.interactions[interaction_id] = interaction
        d.by_token[token] = interaction
        interaction.sent_at = time.monotonic()
        if not await d.gateway.dispatch("INTERACTION_CREATE", payload):
            raise NoReply("no gateway session: the bot never connected")
        return interaction

    async def slash(
        self,
        who: FakeUser,
        path: str,
        /,
        *,
        _channel: dict[str, Any] | None = None,
        _focused: str | None = None,
        _raw: list[dict[str, Any]] | None = None,
        _resolved: dict[str, Any] | None = None,
        **options: Any,
    ) -> Interaction:
        """Run /path with options; `_focused` makes it an autocomplete request; `_raw`/`_resolved` bypass the schema."""
        command, schema, subs = self.command_schema(path)
        leaf = _raw if _raw is not None else build_options(schema, options, _focused)
        for sub in reversed(subs):
            leaf = [{"name": sub, "type": 1, "options": leaf}]
        # a subcommand inside a group is type 1 within type 2
        if len(subs) == 2:
            leaf[0]["type"] = 2
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": 1, "options": leaf}
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        resolved = _resolved if _resolved is not None else resolved_for(self.discord.guild, options, schema)
        if resolved:
            data["resolved"] = resolved
        return await self.send(who, 4 if _focused else 2, data, _channel)

    async def click(self, user: FakeUser, message: dict[str, Any], custom_id: str) -> Interaction:
        """Press a button of a message; Discord only sends presses of buttons the message really has."""
        assert custom_id in [b["custom_id"] for b in buttons(message)], f"{custom_id} is not in that message"
        channel = self.discord.channels.get(int(message["channel_id"]))
        data = {"custom_id": custom_id, "component_type": 2}
        return await self.send(user, 3, data, channel, message)

    async def reply(self, interaction: Interaction, timeout: float = 10.0) -> Reply:
        """Wait for the acknowledgement (within Discord's 3 s) and, if deferred, for the real answer."""
        try:
            await interaction.changed(0, RESPONSE_WINDOW + SLACK)
        except TimeoutError:
            raise NoReply(f"no response within {RESPONSE_WINDOW}s to {describe(interaction)}") from None
        callback = interaction.callback or {}
        kind = int(callback.get("type", -1))
        if kind == -1:
            raise NoReply(f"the bot answered after {RESPONSE_WINDOW}s to {describe(interaction)}")
        if kind == AUTOCOMPLETE_RESULT:
            return Reply(interaction, kind, choices=(callback.get("data") or {}).get("choices", []))
        if kind not in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            await self._settled(interaction, kind, timeout)
        return self._reply(interaction, kind)

    async def _settled(self, interaction: Interaction, kind: int, timeout: float) -> None:
        """A deferred reply is complete once the loading message is edited or a follow-up arrives."""
        d = self.discord
        deadline = time.monotonic() + timeout
        while True:
            original = d.messages.get(interaction.original_id or 0)
            if interaction.followup_ids:
                return
            if kind == DEFERRED_MESSAGE and original and not original["flags"] & LOADING:
                return
            if kind != DEFERRED_MESSAGE and original and original.get("edits", 0) > 0 and interaction.updates > 1:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise NoReply(f"deferred but never completed: {describe(interaction)}")
            try:
                await interaction.changed(interaction.updates, remaining)
            except TimeoutError:
                continue

    def _reply(self, interaction: Interaction, kind: int) -> Reply:
        d = self.discord
        message = d.messages.get(interaction.original_id or 0)
        followups = [d.messages[mid] for mid in interaction.followup_ids if mid != interaction.original_id]
        return Reply(interaction, kind, message, followups)

    async def run(
        self,
        who: FakeUser,
        path: str,
        /,
        *,
        _channel: dict[str, Any] | None = None,
        _timeout: float = 10.0,
        **options: Any,
    ) -> Reply:
        """Run a command and return what the user saw."""
        return await self.reply(await self.slash(who, path, _channel=_channel, **options), _timeout)

    async def press(self, user: FakeUser, message: dict[str, Any], custom_id: str) -> Reply:
        return await self.reply(await self.click(user, message, custom_id))


def describe(interaction: Interaction) -> str:
    data = interaction.payload.get("data") or {}
    return f"interaction {interaction.kind} {data.get('name') or data.get('custom_id')} by {interaction.user.name}"
