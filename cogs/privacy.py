"""/privacy: a user asks the bot to forget them; the bot's owner erases a user on Discord's deletion request.
Declared in table/commands/people.py; the forget button is cogs/confirm.py's."""

from __future__ import annotations

from discord.ext import commands

from cogs.slash import Declared, group
from table.commands import people


class Privacy(Declared):
    def __init__(self, bot: commands.Bot) -> None:
        privacy = tuple(declared for declared in people.COMMANDS if declared.name.startswith("privacy "))
        super().__init__(bot, [group(people.PRIVACY, privacy)])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Privacy(bot))
