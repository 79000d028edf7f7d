"""/stats, declared in table/commands/stats.py."""

from __future__ import annotations

from discord.ext import commands

from cogs.slash import Declared, command
from table.commands import stats


class Stats(Declared):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot, [command(declared) for declared in stats.COMMANDS])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
