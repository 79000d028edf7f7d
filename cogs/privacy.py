"""/privacy: a user asks the bot to forget them; the bot's owner erases a user on Discord's deletion request."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import PLAYER_ERRORS, refuse, say, service_of
from table.actions import MAX_ID, whole_number
from table.service import TableError
from table.store import FORMER_PLAYER


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


class Privacy(commands.Cog):
    privacy = app_commands.Group(name="privacy", description="What the bot keeps about you, and forgetting it")

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @privacy.command(name="forget", description="Delete your preferences and take your name and id out of every game")
    async def forget(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(ForgetButton(interaction.user.id))
        await say(
            interaction,
            "Forget you? Your reminder preferences are deleted, and in every game you played your name and id "
            f"are replaced by '{FORMER_PLAYER}' (the games stay, so others keep their history). This can't be undone.",
            ephemeral=True,
            view=view,
        )

    @privacy.command(name="erase", description="Bot owner: erase a user on Discord's data deletion request")
    @app_commands.describe(user_id="The id of the user to erase")
    async def erase(self, interaction: discord.Interaction[Any], user_id: str) -> None:
        if not await self.bot.is_owner(interaction.user):
            raise TableError("Only the bot's owner may erase another user's data.")
        target = whole_number(user_id, MAX_ID)
        if target is None:
            raise TableError(f"{user_id[:30]!r} is not a user id: copy it from Discord (a number).")
        await say(interaction, await service_of(interaction).forget(target, by_owner=True), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Privacy(bot))
