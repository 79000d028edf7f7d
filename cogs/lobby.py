"""/game: open, join and run tables. A table is one game in one channel or thread."""

from __future__ import annotations

import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import rules
from cogs.buttons import AbandonButton, ask_everyone
from cogs.common import caller_of, member_caller, say, send_post, service_of, shown_name, visible_to
from table import present
from table.durations import parse_duration
from table.service import Ask, TableError


def parse_options(text: str | None) -> dict[str, str]:
    """'map=4p length=short' -> {'map': '4p', 'length': 'short'}."""
    options: dict[str, str] = {}
    for word in (text or "").split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise TableError(f"Write options as name=value separated by spaces, not {word[:30]!r}.")
        options[key.strip().lower()] = value.strip()
    return options


class Lobby(commands.Cog):
    game = app_commands.Group(
        name="game", description="Open, join and manage the game played in this channel", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # --- autocomplete ------------------------------------------------------------------------------------

    async def _games(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        found = []
        for engine in rules.engines().values():
            meta = engine.meta
            label = f"{meta.title} ({meta.min_players}-{meta.max_players} players)"
            if current.lower() in label.lower() or current.lower() in meta.id:
                found.append(app_commands.Choice(name=label[:100], value=meta.id))
        return found[:25]

    async def _options(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        try:
            meta = rules.engine(str(game)).meta
        except KeyError:
            return []
        done = current.rsplit(" ", 1)[0] + " " if " " in current else ""
        suggestions = []
        for option in meta.options:
            values = option.choices or (option.default,)
            for value in values:
                text = f"{done}{option.name}={value}".strip()
                label = f"{text}" + (" (default)" if value == option.default else "")
                if current.split(" ")[-1].lower() in f"{option.name}={value}".lower():
                    suggestions.append(app_commands.Choice(name=label[:100], value=text[:100]))
        return suggestions[:25]

    async def _factions(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        table = await service_of(interaction).store.table_in_channel(interaction.channel_id or 0)
        if table is None:
            return []
        seats = await service_of(interaction).store.seats(table.id)
        taken = {seat.faction for seat in seats}
        meta = rules.engine(table.game).meta
        return [
            app_commands.Choice(name=f, value=f)
            for f in meta.factions
            if f not in taken and current.lower() in f.lower()
        ][:25]

    # --- commands ----------------------------------------------------------------------------------------

    @game.command(name="new", description="Open a table for a game in this channel (or in a new thread)")
    @app_commands.describe(
        game="Which game",
        options="Options as name=value, e.g. map=4p (defaults are used otherwise)",
        thread="Open the table in a new thread",
    )
    @app_commands.autocomplete(game=_games, options=_options)
    async def new(
        self, interaction: discord.Interaction[Any], game: str, options: str | None = None, thread: bool = False
    ) -> None:
        service = service_of(interaction)
        caller = caller_of(interaction)
        parsed = parse_options(options)
        try:
            meta = rules.engine(game).meta
        except KeyError as error:
            raise TableError(str(error.args[0])) from None
        meta.resolve_options(parsed)  # refuse bad options before a thread is opened for nothing
        channel_id = interaction.channel_id or 0
        where = "here"
        if thread:
            channel = interaction.channel
            if not isinstance(channel, discord.TextChannel):
                raise TableError("Threads can be opened from a text channel only; run this in one, or without thread.")
            new_thread = await channel.create_thread(name=f"{meta.title} table", type=discord.ChannelType.public_thread)
            await new_thread.add_user(interaction.user)
            channel_id, where = new_thread.id, new_thread.mention
        table = await service.create(interaction.guild_id or 0, channel_id, caller, game, parsed)
        chosen = ", ".join(f"{k}={v}" for k, v in table.options.items()) or "none"
        await say(
            interaction,
            f"{caller.name} opened a **{meta.title}** table {where} (options: {chosen}). "
            f"Join with /game join; the creator starts with /game start "
            f"({meta.min_players}-{meta.max_players} players).",
        )

    @game.command(name="join", description="Take a seat at this channel's table")
    @app_commands.describe(faction="Colour, realm or side to play, where the game offers a choice")
    @app_commands.autocomplete(faction=_factions)
    async def join(self, interaction: discord.Interaction[Any], faction: str | None = None) -> None:
        view = await service_of(interaction).join(interaction.channel_id or 0, caller_of(interaction), faction)
        players = ", ".join(s.name + (f" ({s.faction})" if s.faction else "") for s in view.seats)
        await say(interaction, f"{shown_name(interaction.user)} joins. Players: {players}.")

    @game.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await service_of(interaction).leave(interaction.channel_id or 0, caller_of(interaction))
        await say(interaction, f"{shown_name(interaction.user)} leaves the table.")

    @game.command(name="kick", description="Remove a player from the lobby (creator or channel managers)")
    async def kick(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        # a User, not a Member: someone who left the server can still be removed from the lobby
        await service_of(interaction).kick(interaction.channel_id or 0, caller_of(interaction), member.id)
        await say(interaction, f"{shown_name(member)} was removed from the table.")

    @game.command(name="start", description="Start the game with the players seated")
    @app_commands.describe(order="Seat order: random (default) or the order players joined")
    @app_commands.choices(
        order=[
            app_commands.Choice(name="random", value="random"),
            app_commands.Choice(name="as joined", value="joined"),
        ]
    )
    async def start(self, interaction: discord.Interaction[Any], order: str = "random") -> None:
        post = await service_of(interaction).start(interaction.channel_id or 0, caller_of(interaction), order)
        await send_post(interaction, post)

    @game.command(name="list", description="Tables in this server: whose turn, and since when")
    async def list_(self, interaction: discord.Interaction[Any]) -> None:
        views, hidden = await service_of(interaction).listing(interaction.guild_id or 0, visible_to(interaction))
        now = time.time()
        lines = [present.table_line(v, now) for v in views] or ["No tables you can see in this server yet: /game new."]
        if hidden:
            lines.append(f"(and {hidden} in channels you can't see)")
        await say(interaction, "\n".join(lines), ephemeral=True)

    @game.command(name="status", description="This channel's table in detail")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        view = await service_of(interaction).view(interaction.channel_id or 0)
        await say(interaction, present.table_card(view, time.time()), ephemeral=True)

    @game.command(name="abandon", description="End this table without a result (asks for confirmation)")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        service = service_of(interaction)
        table = await service.table_here(interaction.channel_id or 0)
        if table.status not in ("lobby", "running"):
            raise TableError("This table is already over.")
        if interaction.user.id != table.creator_id and not caller_of(interaction).admin:
            raise TableError("Only the table's creator or someone who can manage this channel may abandon the game.")
        view = discord.ui.View(timeout=None)
        view.add_item(AbandonButton(table.id, table.version))
        await say(interaction, "Abandon this game for everyone? This cannot be undone.", ephemeral=True, view=view)

    @game.command(name="replace", description="Hand a seat to another member (yours, or anyone's if you host)")
    @app_commands.describe(player="Who gives up the seat", newcomer="Who takes it over")
    async def replace(
        self, interaction: discord.Interaction[Any], player: discord.Member, newcomer: discord.Member
    ) -> None:
        if newcomer.bot:
            raise TableError("Bots can't take a seat.")
        await service_of(interaction).replace(
            interaction.channel_id or 0, caller_of(interaction), player.id, member_caller(newcomer)
        )
        await say(interaction, f"{newcomer.mention} takes over {shown_name(player)}'s seat.")

    @game.command(name="settings", description="The table's pace: reminders and an optional deadline")
    @app_commands.describe(
        remind_after="First reminder after, e.g. 12h (default)",
        remind_every="Then every, e.g. 24h",
        deadline="Play the bot's fallback for a player awaited this long, e.g. 72h, or off",
    )
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        remind_after: str | None = None,
        remind_every: str | None = None,
        deadline: str | None = None,
    ) -> None:
        off = deadline is not None and deadline.strip().lower() in ("off", "none", "no")
        view = await service_of(interaction).settings(
            interaction.channel_id or 0,
            caller_of(interaction),
            parse_duration(remind_after) if remind_after else None,
            parse_duration(remind_every) if remind_every else None,
            parse_duration(deadline) if deadline and not off else None,
            clear_deadline=off,
        )
        await say(interaction, present.table_card(view, time.time()))

    @game.command(name="pause", description="Ask to pause the table (a vacation), or resume it")
    async def pause(self, interaction: discord.Interaction[Any]) -> None:
        result = await service_of(interaction).pause(interaction.channel_id or 0, caller_of(interaction))
        if isinstance(result, Ask):
            await ask_everyone(interaction, result)
        else:
            await say(interaction, result)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
