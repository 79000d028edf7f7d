"""/roll: public dice in d20 notation, rolled through the same seeded Rng as the games."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import escape_text, say, service_of, shown_name
from rules.notation import roll
from rules.rng import Rng


class Dice(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="roll", description="Roll dice in public: 1d20+5 adv, 4d6kh3, 2d6ro1, 4d6e6, 6d10>=6")
    @app_commands.describe(
        dice="e.g. 1d20+5 adv, 4d6kh3, 2d6ro1, 2d6rr1, 4d6e6, 3d6!, 4d6mi2, 6d10>=6, (1d8+3)*2 [fire]",
        reason="What the roll is for",
    )
    async def roll(self, interaction: discord.Interaction[Any], dice: str, reason: str | None = None) -> None:
        result = roll(dice, Rng(service_of(interaction).seeds()), escape_text)
        why = f" for *{escape_text(reason[:200])}*" if reason else ""  # typed by a player: made inert
        await say(interaction, f"🎲 {shown_name(interaction.user)} rolls{why}: {result.breakdown()}")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Dice(bot))
