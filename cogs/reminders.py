"""/reminders, and the loop that sends reminders, plays deadline fallbacks and posts what a crash left unsent."""

from __future__ import annotations

import logging
import time
from typing import Any
from zoneinfo import available_timezones

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.common import NO_MENTIONS, pinging, post_to_channel, say, service_of, where_from
from table.present import fit
from table.service import Post, TableError, TableService
from table.service.absence import absence
from table.service.absence import describe as describe_absence
from table.service.clock import Origin, Reminders, parse_quiet, zone

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


class ReminderCog(commands.Cog):
    def __init__(self, bot: commands.Bot, service: TableService, tick_seconds: float) -> None:
        self.bot = bot
        self.service = service
        self.reminders = Reminders(service, DiscordNotifier(bot))
        self.loop.change_interval(seconds=tick_seconds)

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    @tasks.loop(seconds=60)
    async def loop(self) -> None:
        try:
            await self.reminders.tick(time.time())
            await self.catch_up()
            await self.service.wake_waiting_bots()  # after a restart, bots whose move was awaited play it
        except Exception:  # the loop must outlive any single failure
            log.exception("reminder tick failed")

    @loop.before_loop
    async def before(self) -> None:
        await self.bot.wait_until_ready()

    async def catch_up(self) -> None:
        """Post results that were committed but never reached the channel (a crash, a Discord outage)."""
        for table in await self.service.store.unannounced():
            post = await self.service.catch_up(table)
            if post is not None:  # None: the result is still on its way from the command that made it
                await post_to_channel(self.bot, post)

    @app_commands.command(name="reminders", description="Your turn reminders: DMs on or off, quiet hours, timezone")
    @app_commands.describe(
        dms="Send me reminders by DM",
        quiet="Quiet hours as from-to in your timezone, e.g. 22-7, or off",
        timezone="Your timezone, e.g. Europe/Paris or America/New_York",
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        dms: bool | None = None,
        quiet: str | None = None,
        timezone: str | None = None,
    ) -> None:
        store = service_of(interaction).store
        prefs = await store.prefs(interaction.user.id)
        if dms is not None:
            prefs.dms = dms
            prefs.dm_closed = False if dms else prefs.dm_closed  # turning DMs on again means: try them
        if timezone is not None:
            if timezone not in available_timezones():
                raise TableError(f"{timezone[:40]!r} is not a timezone I know; use a name like Europe/Paris.")
            prefs.timezone = timezone
        if quiet is not None:
            prefs.quiet_from, prefs.quiet_to = parse_quiet(quiet)
        await store.save_prefs(prefs)
        hours = "none" if prefs.quiet_from is None else f"{prefs.quiet_from}:00 to {prefs.quiet_to}:00"
        now_there = discord.utils.utcnow().astimezone(zone(prefs.timezone)).strftime("%H:%M")
        await say(
            interaction,
            f"Reminders by DM: {'on' if prefs.dms else 'off'}. "
            f"Quiet hours: {hours} ({prefs.timezone}, now {now_there}).",
            ephemeral=True,
        )

    @app_commands.command(name="away", description="Announce an absence: your deadlines and reminders wait")
    @app_commands.describe(
        start="First day away, YYYY-MM-DD in your timezone (default: now)",
        end="Last day away, YYYY-MM-DD",
        length="Or how long, e.g. 10d",
        off="Cancel your absence (you are back)",
    )
    @app_commands.rename(start="from", end="to", length="for")
    async def away(
        self,
        interaction: discord.Interaction[Any],
        start: str | None = None,
        end: str | None = None,
        length: str | None = None,
        off: bool = False,
    ) -> None:
        store = service_of(interaction).store
        prefs = await store.prefs(interaction.user.id)
        now = time.time()
        if off:
            prefs.away_from = prefs.away_to = None
        elif start or end or length:
            prefs.away_from, prefs.away_to = absence(prefs, now, start, end, length)
        await store.save_prefs(prefs)
        text = "You are back: your deadlines run as usual." if off else describe_absence(prefs, now)
        await say(interaction, text, ephemeral=True)
