"""Buttons that keep working after a restart: everything they need is in their custom_id.

A quick button names the table, the version it was drawn at, the seat and the quick choice; pressed after
the game moved on, it is refused as stale instead of doing something the player did not see.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.common import EARLY_ACK, PLAYER_ERRORS, acting, caller_of, refuse, say, send_post, service_of
from table.service import Ask, Post


async def _play(interaction: discord.Interaction[Any], choose: Callable[[], Awaitable[Post]]) -> None:
    """A button or menu choice: played like a command, refused privately, answered with the new board."""
    async with acting(interaction) as early:
        try:
            post = await choose()
        except PLAYER_ERRORS as error:
            await refuse(interaction, str(error))
            return
        await send_post(interaction, post, private_ack=EARLY_ACK if early else None)


class QuickButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:q:(?P<t>\d+):(?P<v>\d+):(?P<s>\d+):(?P<i>\d+)"
):
    def __init__(self, table_id: int, version: int, seat: int, index: int, label: str = "…") -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary if index == 0 else discord.ButtonStyle.secondary,
                custom_id=f"pbp:q:{table_id}:{version}:{seat}:{index}",
            )
        )
        self.table_id, self.version, self.seat, self.index = table_id, version, seat, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> QuickButton:
        return cls(int(match["t"]), int(match["v"]), int(match["s"]), int(match["i"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        service, caller = service_of(interaction), caller_of(interaction)
        await _play(interaction, lambda: service.press(caller, self.table_id, self.version, self.seat, self.index))


class MenuSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pbp:m:(?P<t>\d+):(?P<v>\d+):(?P<s>\d+):(?P<a>[a-z0-9_]+)",
):
    """A select menu of one seat's legal choices of one action (casualties, a square...), by index.

    Like a quick button it names the table version it was drawn at, so a choice made after the game moved
    on is refused as stale.
    """

    def __init__(
        self, table_id: int, version: int, seat: int, action: str, placeholder: str = "…", labels: tuple[str, ...] = ()
    ) -> None:
        options = [discord.SelectOption(label=label[:100], value=str(i)) for i, label in enumerate(labels)]
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder[:150],
                options=options or [discord.SelectOption(label="…", value="0")],
                custom_id=f"pbp:m:{table_id}:{version}:{seat}:{action}",
            )
        )
        self.table_id, self.version, self.seat, self.action = table_id, version, seat, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MenuSelect:
        return cls(int(match["t"]), int(match["v"]), int(match["s"]), match["a"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        if len(values) != 1 or not values[0].isdigit():
            await refuse(interaction, "Pick one option from the menu.")
            return
        service, caller, index = service_of(interaction), caller_of(interaction), int(values[0])
        table, version, seat, action = self.table_id, self.version, self.seat, self.action
        await _play(interaction, lambda: service.pick(caller, table, version, seat, action, index))


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:r:(?P<r>\d+):(?P<a>[yn])"):
    """Agree or refuse an undo or pause request."""

    def __init__(self, request_id: int, agree: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Agree" if agree else "Refuse",
                style=discord.ButtonStyle.success if agree else discord.ButtonStyle.danger,
                custom_id=f"pbp:r:{request_id}:{'y' if agree else 'n'}",
            )
        )
        self.request_id, self.agree = request_id, agree

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerButton:
        return cls(int(match["r"]), match["a"] == "y")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            reply, post = await service_of(interaction).answer(caller_of(interaction), self.request_id, self.agree)
        except PLAYER_ERRORS as error:
            await refuse(interaction, str(error))
            return
        if post is None:
            await say(interaction, reply)
        else:
            await send_post(interaction, post)


class AbandonButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:x:(?P<t>\d+):(?P<v>\d+)"):
    """The confirmation /game abandon asks for; it carries the version it was asked at."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Yes, abandon this game",
                style=discord.ButtonStyle.danger,
                custom_id=f"pbp:x:{table_id}:{version}",
            )
        )
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AbandonButton:
        return cls(int(match["t"]), int(match["v"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        service = service_of(interaction)
        table = await service.store.table(self.table_id)
        if table is None:
            await refuse(interaction, "That table no longer exists.")
            return
        try:
            message = await service.abandon(table.channel_id, caller_of(interaction), self.version)
        except PLAYER_ERRORS as error:
            await refuse(interaction, str(error))
            return
        await say(interaction, message)


async def ask_everyone(interaction: discord.Interaction[Any], ask: Ask) -> None:
    """Post a request with Agree/Refuse buttons, pinging the players who must answer."""
    view = discord.ui.View(timeout=None)
    view.add_item(AnswerButton(ask.request_id, True))
    view.add_item(AnswerButton(ask.request_id, False))
    mentions = " ".join(f"<@{user}>" for user in ask.needed)
    await say(interaction, f"{ask.reason} {mentions}", view=view, mentions=discord.AllowedMentions(users=True))


DYNAMIC_ITEMS = (QuickButton, MenuSelect, AnswerButton, AbandonButton)
