"""Buttons that keep working after a restart: everything they need is in their custom_id.

A quick button names the table, the version it was drawn at, the seat and the quick choice; pressed after
the game moved on, it is refused as stale instead of doing something the player did not see.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any, cast

import discord

from cogs.common import EARLY_ACK, PLAYER_ERRORS, acting, caller_of, pinging, refuse, say, send_post, service_of
from table.service import Ask, Post
from table.text.actions import MAX_ID, whole_number

INVALID = -1  # a number in a custom_id that no table, version or seat can have (templates admit it, to refuse it)
NOT_OURS = "That button or menu is not valid any more. Use /board to see where the game stands."
PREFIX = "pbp:"  # every custom_id the bot draws begins with it


def _numbers(match: re.Match[str], *names: str) -> list[int]:
    """The custom_id's numbers; one too large for the database becomes INVALID, refused when pressed."""
    return [INVALID if (n := whole_number(match[name], MAX_ID)) is None else n for name in names]


async def _play(interaction: discord.Interaction[Any], choose: Callable[[], Awaitable[Post]]) -> None:
    """A button or menu choice: played like a command, refused privately, answered with the new board."""
    async with acting(interaction) as handling:
        try:
            post = await handling(choose())
        except PLAYER_ERRORS as error:
            await refuse(interaction, str(error))
            return
        await send_post(interaction, post, private_ack=EARLY_ACK if handling.early else None)


class QuickButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pbp:q:(?P<t>-?[0-9]+):(?P<v>-?[0-9]+):(?P<s>-?[0-9]+):(?P<i>-?[0-9]+)",
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
        t, v, s, i = _numbers(match, "t", "v", "s", "i")
        return cls(t, v, s, i)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if INVALID in (self.table_id, self.version, self.seat, self.index):
            await refuse(interaction, NOT_OURS)
            return
        service, caller = service_of(interaction), caller_of(interaction)
        await _play(interaction, lambda: service.press(caller, self.table_id, self.version, self.seat, self.index))


class MenuSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pbp:m:(?P<t>-?[0-9]+):(?P<v>-?[0-9]+):(?P<s>-?[0-9]+):(?P<a>[a-z0-9_]+)",
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
        t, v, s = _numbers(match, "t", "v", "s")
        return cls(t, v, s, match["a"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        index = whole_number(values[0]) if len(values) == 1 else None
        if INVALID in (self.table_id, self.version, self.seat):
            await refuse(interaction, NOT_OURS)
            return
        if index is None:
            await refuse(interaction, "Pick one option from the menu.")
            return
        service, caller = service_of(interaction), caller_of(interaction)
        table, version, seat, action = self.table_id, self.version, self.seat, self.action
        await _play(interaction, lambda: service.pick(caller, table, version, seat, action, index))


class AnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:r:(?P<r>-?[0-9]+):(?P<a>[yn])"):
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
        (r,) = _numbers(match, "r")
        return cls(r, match["a"] == "y")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.request_id == INVALID:
            await refuse(interaction, NOT_OURS)
            return
        try:
            reply, post = await service_of(interaction).answer(caller_of(interaction), self.request_id, self.agree)
        except PLAYER_ERRORS as error:
            await refuse(interaction, str(error))
            return
        if post is None:
            await say(interaction, reply)
        else:
            await send_post(interaction, post)


class AbandonButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:x:(?P<t>-?[0-9]+):(?P<v>-?[0-9]+)"):
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
        t, v = _numbers(match, "t", "v")
        return cls(t, v)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if INVALID in (self.table_id, self.version):
            await refuse(interaction, NOT_OURS)
            return
        try:
            message = await service_of(interaction).abandon(self.table_id, caller_of(interaction), self.version)
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
    await say(interaction, f"{ask.reason} {mentions}", view=view, mentions=pinging(ask.needed))


DYNAMIC_ITEMS = (QuickButton, MenuSelect, AnswerButton, AbandonButton)


def refuse_unclaimed(
    items: Sequence[type[discord.ui.DynamicItem[Any]]],
) -> Callable[[discord.Interaction[Any]], Coroutine[Any, Any, None]]:
    """A listener for every interaction: one that carries our prefix but that none of `items` (the dynamic items
    the bot registered) takes is refused privately. discord.py drops a custom_id no template matches without a
    word (a non-ASCII digit, a missing field...), which the player would see as 'This interaction failed'."""
    templates = [item.__discord_ui_compiled_template__ for item in items]

    async def listener(interaction: discord.Interaction[Any]) -> None:
        if interaction.type not in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            return
        custom_id = cast(dict[str, Any], interaction.data or {}).get("custom_id")
        if not isinstance(custom_id, str) or not custom_id.startswith(PREFIX):
            return  # not ours (an ephemeral view's own ids are answered by that view)
        if any(template.fullmatch(custom_id) for template in templates):
            return  # its item answers it
        await refuse(interaction, NOT_OURS)

    return listener
