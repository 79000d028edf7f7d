"""The stand-in's message store: what the bot posted, edited and uploaded, and its answers to interactions."""

from __future__ import annotations

import asyncio
import re
import time
from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from aiohttp import web

from tests.e2e import limits, payloads
from tests.e2e.interactions import (
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    LOADING,
    RESPONSE_WINDOW,
    UPDATE_MESSAGE,
    Interaction,
)
from tests.e2e.multipart import Upload
from tests.e2e.payloads import FakeUser, json_response, snowflake

if TYPE_CHECKING:
    from tests.e2e.gateway import Gateway


def _error(status: int, code: int, message: str) -> web.Response:
    return json_response({"message": message, "code": code}, status=status)


class Messages:
    """Mixed into FakeDiscord: messages by id, each channel's visible log, attachment bytes, who was pinged."""

    bot_user: FakeUser
    gateway: Gateway
    messages: dict[int, dict[str, Any]]
    channel_log: dict[int, list[int]]
    files: dict[int, bytes]
    pings: dict[int, list[int]]
    refused: list[str]
    dm_channels: dict[int, int]
    notified: list[tuple[int, int]]
    nonces: dict[str, tuple[int, float]]
    nonce_window: float
    _tasks: set[asyncio.Task[Any]]

    @property
    @abstractmethod
    def base_url(self) -> str:
        """Where the stand-in serves (FakeDiscord's, from its port)."""

    def channel_messages(self, channel_id: int | str) -> list[dict[str, Any]]:
        return [self.messages[mid] for mid in self.channel_log.get(int(channel_id), [])]

    def dms_to(self, user: FakeUser) -> list[dict[str, Any]]:
        channel_id = self.dm_channels.get(user.id)
        return [] if channel_id is None else self.channel_messages(channel_id)

    def invalid(self, body: dict[str, Any], files: list[Upload]) -> web.Response | None:
        """Discord's 400 for a message it would not accept; recorded so tests can assert there were none."""
        problems = limits.message_errors(body, len(files))
        if not problems:
            return None
        self.refused.append("; ".join(problems))
        return _error(400, 50035, "Invalid Form Body: " + "; ".join(problems))

    def store_message(
        self,
        channel: dict[str, Any],
        body: dict[str, Any],
        files: list[Upload],
        flags: int = 0,
        interaction: Interaction | None = None,
        public: bool = True,
    ) -> dict[str, Any]:
        attachments = self._attachments(body, files, [])
        meta = None
        if interaction is not None:
            meta = {"id": str(interaction.id), "type": interaction.kind, "user": interaction.user.payload()}
        flags |= int(body.get("flags") or 0)
        message = payloads.message(snowflake(), channel, self.bot_user.payload(), body, attachments, flags, meta)
        self.messages[int(message["id"])] = message
        self.pings[int(message["id"])] = limits.pinged(body)
        self.notified += [(int(message["id"]), user) for user in self.pings[int(message["id"])]]
        if public and not flags & EPHEMERAL:  # ephemeral answers never appear in the channel
            self.channel_log.setdefault(int(channel["id"]), []).append(int(message["id"]))
            self._echo(message)
        return message

    def created_before(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """Discord's Create Message with `enforce_nonce`: the message made with this nonce in the last few minutes
        (the stand-in has one author, the bot), returned instead of a new one."""
        if body.get("nonce") is None or not body.get("enforce_nonce"):
            return None
        earlier = self.nonces.get(str(body["nonce"]))
        if earlier is None or time.monotonic() - earlier[1] > self.nonce_window:
            return None
        return self.messages[earlier[0]]

    def remember_nonce(self, body: dict[str, Any], message: dict[str, Any]) -> None:
        if body.get("nonce") is not None:
            self.nonces[str(body["nonce"])] = (int(message["id"]), time.monotonic())

    def _echo(self, message: dict[str, Any]) -> None:
        """MESSAGE_CREATE for every visible message, as Discord sends to a bot with the (DM_)MESSAGES intent."""
        session = self.gateway.current
        intent = (1 << 9) if "guild_id" in message else (1 << 12)
        if session is not None and session.intents & intent:
            task = asyncio.get_running_loop().create_task(self.gateway.dispatch("MESSAGE_CREATE", message))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def edit_message(self, message: dict[str, Any], body: dict[str, Any], files: list[Upload]) -> dict[str, Any]:
        for key in ("content", "embeds", "components"):
            if key in body:
                message[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "content" in body:
            self.pings[int(message["id"])] = limits.pinged(body)
        if "attachments" in body or files:
            message["attachments"] = self._attachments(body, files, message["attachments"])
        message["flags"] = (message["flags"] & ~LOADING) | (int(body.get("flags") or 0) & ~LOADING)
        message["edited_timestamp"] = payloads.iso_now()
        message["edits"] = message.get("edits", 0) + 1
        return message

    def _attachments(self, body: dict[str, Any], files: list[Upload], existing: list[dict[str, Any]]) -> list[Any]:
        """Discord's rule: `attachments` lists what the message keeps; ids that are upload indexes are new files."""
        uploads = {int(m.group(1)): f for f in files if (m := re.fullmatch(r"files\[(\d+)\]", f.field))}
        kept = {a["id"]: a for a in existing}
        result = []
        listed = body.get("attachments")
        for entry in listed if listed is not None else [*existing, *({"id": i} for i in uploads)]:
            entry_id = str(entry.get("id"))
            if entry_id.isdigit() and int(entry_id) in uploads:  # an upload index, not a kept attachment's id
                upload = uploads.pop(int(entry_id))
                result.append(self._save_file(upload, entry.get("filename") or upload.filename))
            elif entry_id in kept:
                result.append(kept[entry_id])
        result.extend(self._save_file(upload, upload.filename) for upload in uploads.values())
        return result

    def _save_file(self, upload: Upload, filename: str) -> dict[str, Any]:
        attachment_id = snowflake()
        self.files[attachment_id] = upload.data
        return payloads.attachment(attachment_id, filename, len(upload.data), self.base_url, upload.content_type)

    def forge_message(self, channel: dict[str, Any], custom_ids: list[str]) -> dict[str, Any]:
        """A bot message carrying these buttons, as if an earlier (or older) bot had posted it."""
        row = {"type": 1, "components": [{"type": 2, "style": 2, "label": "?", "custom_id": c} for c in custom_ids]}
        return self.store_message(channel, {"content": "an old post", "components": [row]}, [])

    def file_bytes(self, attachment: dict[str, Any]) -> bytes:
        return self.files[int(attachment["id"])]

    # -- interaction callbacks ------------------------------------------------------------------------------

    def callback(
        self, interaction: Interaction, body: dict[str, Any], files: list[Upload], with_response: bool
    ) -> web.Response:
        if interaction.callback is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        data = body.get("data") or {}
        wrong_choices = (
            limits.choice_errors(data.get("choices") or []) if body.get("type") == AUTOCOMPLETE_RESULT else []
        )
        if wrong_choices:
            self.refused.append("; ".join(wrong_choices))
            return _error(400, 50035, "Invalid Form Body: " + self.refused[-1])
        bad = self.invalid(data, files) if body.get("type") in (CHANNEL_MESSAGE, UPDATE_MESSAGE) else None
        if bad is not None:
            return bad
        if time.monotonic() - interaction.sent_at > RESPONSE_WINDOW:
            interaction.callback = {"type": -1, "late": True}
            interaction.touch()
            return _error(404, 10062, "Unknown interaction")
        interaction.callback = body
        interaction.acked_at = time.monotonic()
        kind = body.get("type")
        message = None
        if kind == CHANNEL_MESSAGE:
            message = self.store_message(interaction.channel, data, files, interaction=interaction)
            interaction.original_id = int(message["id"])
        elif kind == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self.store_message(interaction.channel, {}, [], flags, interaction)
            interaction.original_id = int(message["id"])
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE) and interaction.source_message_id is not None:
            interaction.original_id = interaction.source_message_id
            if kind == UPDATE_MESSAGE:
                message = self.edit_message(self.messages[interaction.source_message_id], data, files)
        interaction.touch()
        result: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.kind,
                "response_message_id": str(interaction.original_id) if interaction.original_id else None,
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(message and message["flags"] & EPHEMERAL),
            },
            "resource": {"type": kind} | ({"message": message} if message else {}),
        }
        return json_response(result) if with_response else web.Response(status=204)
