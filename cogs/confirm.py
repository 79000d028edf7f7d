"""The button that confirms /privacy forget (abandoning a table is confirmed by cogs/buttons.py's AbandonButton)."""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.common import PLAYER_ERRORS, refuse, say, service_of
from table.text.actions import MAX_ID, whole_number


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pbp:f:(?P<u>-?[0-9]+)"):
    """The confirmation /privacy forget asks for; only the user it was drawn for may press it."""

    def __init__(self, user_id: int) -> None:
        super().__init__(
            discord.ui.Button(label="Yes, forget me", style=discord.ButtonStyle.danger, custom_id=f"pbp:f:{user_id}")
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetButton:
        return cls(whole_number(match["u"], MAX_ID) or -1)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.user.id != self.user_id:
            await refuse(interaction, "That button is for the member who asked to be forgotten.")
            return
        try:
            message = await service_of(interaction).forget(interaction.user.id)
        except PLAYER_ERRORS as error:
            await refuse(interaction, str(error))
            return
        await say(interaction, message, ephemeral=True)
