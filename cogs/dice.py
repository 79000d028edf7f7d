"""/roll: public dice in d20 notation (rules/notation.py), rolled through the same seeded Rng as the games;
declared in table/commands/play.py."""

from __future__ import annotations

from discord.ext import commands

from cogs.slash import Declared, command
from table.commands import play


class Dice(Declared):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot, [command(play.ROLL)])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Dice(bot))
