"""/game: open, join and run tables. A table is one game in one channel or thread.

Its commands are declared in table/commands/game.py (the console plays the same ones); cogs/slash.py builds them
with what is Discord's: slash options, autocomplete, threads, confirmation and request buttons."""

from __future__ import annotations

from discord.ext import commands

from cogs.slash import Declared, group
from table.commands import game


class Lobby(Declared):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot, [group(game.GAME, game.COMMANDS, (game.BOTS,), early=True)])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
