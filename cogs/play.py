"""One slash-command group per installed game, built from the actions the engine declares.

`/tictactoe mark square:b2` is the engine's ActionSpec("mark", params=(Param("square"),)), declared as a command
by table/commands/play.py. Autocomplete offers, for the option being typed, the values legal() allows given what
is already filled in (cogs/complete.py).
"""

from __future__ import annotations

from discord.ext import commands

from cogs.slash import Declared, group
from table.commands.play import all_games


class Play(Declared):
    def __init__(self, bot: commands.Bot) -> None:
        super().__init__(bot, [group(declared, members, early=True) for declared, members in all_games()])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
