"""Looking at a game: /board, /history, /rules, /info, /hand, and /undo."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.buttons import ask_everyone
from cogs.common import board_file, caller_of, say, send_post, service_of
from rules.base import normal
from table.service import Ask, TableError


class Board(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="board", description="The board now, or at the end of a past turn")
    @app_commands.describe(
        turn="Show the board at the end of this turn (0 is the start)",
        zoom="Enlarge the map around this place (games with a map)",
        full="The whole map (Nerath and Genertela post the area of the action)",
    )
    @app_commands.guild_only()
    async def board(
        self,
        interaction: discord.Interaction[Any],
        turn: app_commands.Range[int, 0, 100000] | None = None,
        zoom: app_commands.Range[str, 1, 100] | None = None,
        full: bool = False,
    ) -> None:
        text, png = await service_of(interaction).board(interaction.channel_id or 0, turn, zoom, full)
        await say(interaction, text, file=board_file(png))

    @board.autocomplete("zoom")
    async def zoom_places(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        try:
            places = await service_of(interaction).zoom_places(interaction.channel_id or 0)
        except TableError:
            return []
        typed = current.strip().lower()
        found = [(place, name) for place, name in places if typed in name.lower()]
        return [app_commands.Choice(name=name, value=place) for place, name in found[:25]]

    @app_commands.command(name="history", description="The action log of this channel's game, newest first")
    @app_commands.describe(page="Page number (1 is the newest)")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 100000] = 1
    ) -> None:
        text, _ = await service_of(interaction).history(interaction.channel_id or 0, page, interaction.user.id)
        await say(interaction, text, ephemeral=True)

    @app_commands.command(name="rules", description="The rules summary and rulings of this channel's game")
    @app_commands.describe(
        section="A section of the rules (start typing); without one, the summary and the list of sections",
        page="Page of a long section (1 is the first)",
    )
    @app_commands.guild_only()
    async def rules(
        self,
        interaction: discord.Interaction[Any],
        section: app_commands.Range[str, 1, 100] | None = None,
        page: app_commands.Range[int, 1, 100] = 1,
    ) -> None:
        service = service_of(interaction)
        text, game = await service.rules_text(interaction.channel_id or 0, section, page)
        if section:
            await say(interaction, text, ephemeral=True)
            return
        whole = discord.File(io.BytesIO(service.rules_page(game).encode()), filename=f"{game}-rules.md")
        await say(interaction, text, ephemeral=True, file=whole)

    @rules.autocomplete("section")
    async def rules_sections(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            titles = await service_of(interaction).rules_sections(interaction.channel_id or 0)
        except TableError:
            return []
        typed = normal(current)
        found = [title for title in titles if typed in normal(title)]
        return [app_commands.Choice(name=title[:100], value=title[:100]) for title in found[:25]]

    @app_commands.command(name="info", description="What a race, card, spell, unit... of this channel's game does")
    @app_commands.describe(name="Its name: start typing and pick from the list")
    @app_commands.guild_only()
    async def info(self, interaction: discord.Interaction[Any], name: app_commands.Range[str, 1, 100]) -> None:
        text = await service_of(interaction).info(interaction.channel_id or 0, name)
        await say(interaction, text, ephemeral=True)

    @info.autocomplete("name")
    async def info_names(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        try:
            names = await service_of(interaction).info_names(interaction.channel_id or 0, current)
        except TableError:
            return []
        return [app_commands.Choice(name=name[:100], value=name[:100]) for name in names]

    @app_commands.command(name="hand", description="What only you may see in this game: hand, coins, secret choices")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        text, png = await service_of(interaction).private_status(interaction.channel_id or 0, caller_of(interaction))
        if png:
            await say(interaction, "🔒 " + text, ephemeral=True, file=board_file(png, "hand.png"))
        else:
            await say(interaction, "🔒 " + text, ephemeral=True)

    @app_commands.command(name="undo", description="Take back your last action (others must agree if dice were rolled)")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        result = await service_of(interaction).undo(interaction.channel_id or 0, caller_of(interaction))
        if isinstance(result, Ask):
            await ask_everyone(interaction, result)
        else:
            await send_post(interaction, result)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Board(bot))
