"""Looking at a game and taking a move back: /board, /history, /rules, /info, /hand and /undo, declared in
table/commands/looking.py and table/commands/play.py."""

from __future__ import annotations

from discord.ext import commands

from cogs.slash import Declared, command
from table.commands import looking, play


class Board(Declared):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot, [command(declared) for declared in (*looking.COMMANDS, play.UNDO)])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Board(bot))
