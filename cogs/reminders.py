"""/reminders and /away (declared in table/commands/people.py), and the loop that sends reminders, plays deadline
fallbacks and posts what a crash left unsent."""

from __future__ import annotations

import logging
import time

import discord
from discord.ext import commands, tasks

from cogs.common import NO_MENTIONS, pinging, post_to_channel, where_from
from cogs.slash import Declared, command
from table.commands import people
from table.service import Post, TableService
from table.service.clock import Origin, Reminders
from table.text.present import fit

log = logging.getLogger(__name__)
CLOSED_DMS = 50007  # Discord: cannot send messages to this user


class DiscordNotifier:
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def dm(self, user_id: int, text: str, origin: Origin) -> bool:
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(fit(f"{text}\n{where_from(self.bot, origin)}"), allowed_mentions=NO_MENTIONS)
        except discord.Forbidden as error:
            if error.code == CLOSED_DMS:
                return False
            raise
        return True

    async def mention(self, channel_id: int, user_id: int, text: str) -> None:
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send(f"<@{user_id}> {text}", allowed_mentions=pinging([user_id]))

    async def post(self, post: Post) -> None:
        await post_to_channel(self.bot, post)


class ReminderCog(Declared):
    def __init__(self, bot: commands.Bot, service: TableService, tick_seconds: float) -> None:
        mine = [command(declared) for declared in people.COMMANDS if declared.name in ("reminders", "away")]
        super().__init__(bot, mine)
        self.service = service
        self.reminders = Reminders(service, DiscordNotifier(bot))
        self.loop.change_interval(seconds=tick_seconds)

    async def cog_load(self) -> None:
        await super().cog_load()
        self.loop.start()

    async def cog_unload(self) -> None:
        await super().cog_unload()
        self.loop.cancel()

    @tasks.loop(seconds=60)
    async def loop(self) -> None:
        try:
            await self.reminders.tick(time.time())
            await self.catch_up()
            await self.service.timelapses.post_due()  # a finished game's timelapse that a crash left unposted
            await self.service.wake_waiting_bots()  # after a restart, bots whose move was awaited play it
        except Exception:  # the loop must outlive any single failure
            log.exception("reminder tick failed")

    @loop.before_loop
    async def before(self) -> None:
        await self.bot.wait_until_ready()

    async def catch_up(self) -> None:
        """Post results that were committed but never reached the channel (a crash, a Discord outage)."""
        for table in await self.service.store.tables.unannounced():
            post = await self.service.catch_up(table)
            if post is not None:  # None: the result is still on its way from the command that made it
                await post_to_channel(self.bot, post)
