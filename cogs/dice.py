"""/roll: public dice in standard notation, rolled through the same seeded Rng as the games."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import say, service_of
from rules.rng import Rng
from table.dice import roll


class Dice(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="roll", description="Roll dice in public: 2d6+3, 4d6kh3, d20 adv, 6d10>=6, 3d6!")
    @app_commands.describe(
        dice="Dice notation, e.g. 2d6+3, 4d6kh3, 2d20kl1, d20 adv, 6d10>=6, 4d6r1, 3d6!", reason="What the roll is for"
    )
    async def roll(self, interaction: discord.Interaction[Any], dice: str, reason: str | None = None) -> None:
        result = roll(dice, Rng(service_of(interaction).seeds()))
        why = f" for *{discord.utils.escape_markdown(reason[:200])}*" if reason else ""
        await say(interaction, f"🎲 {interaction.user.display_name} rolls{why}: {result.breakdown()}")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Dice(bot))
