"""/game: open, join and run tables. A table is one game in one channel or thread.

The subcommands are the table commands of table/commands.py (the console plays the same ones); this cog only
adds what is Discord's: slash options, autocomplete, threads, confirmation and request buttons."""

from __future__ import annotations

import inspect
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import rules
from cogs.buttons import AbandonButton, ask_everyone
from cogs.common import acting, caller_of, member_caller, say, send_post, service_of, visible_to
from table.commands import CHOICES, TABLE_COMMANDS, Reply, TableCommand, Where
from table.service import TableError


class Lobby(commands.Cog):
    game = app_commands.Group(
        name="game", description="Open, join and manage the game played in this channel", guild_only=True
    )

    bots = app_commands.Group(
        name="bot", description="Bots that play a seat: add, remove, replace, takeover", parent=game
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        groups = {"bot": self.bots}
        for command in TABLE_COMMANDS:
            group, _, name = command.name.rpartition(" ")  # "bot add": the command add of the group bot
            parent = groups[group] if group else self.game
            parent.add_command(self._subcommand(command, name, parent))

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

    # --- commands, built from table/commands.py ------------------------------------------------------------

    def _callback(self, command: TableCommand):  # type: ignore[no-untyped-def]
        async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
            args = {name: _argument(value) for name, value in values.items() if value is not None}
            async with acting(interaction) as handling:  # a busy bot acknowledges before the work (see cogs/common)
                reply = await handling(command.run(service_of(interaction), _where(interaction), args))
                await _answer(interaction, reply)

        parameters = [
            inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
        ]
        for arg in sorted(command.args, key=lambda a: not a.required):
            annotation = _ANNOTATIONS.get(arg.kind, str)
            parameters.append(
                inspect.Parameter(
                    arg.name,
                    inspect.Parameter.KEYWORD_ONLY,
                    annotation=annotation if arg.required else annotation | None,
                    default=inspect.Parameter.empty if arg.required else None,
                )
            )
        callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        callback.__name__ = command.name.replace(" ", "_")
        return callback

    async def _bots(self, interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        table = await service_of(interaction).store.table_in_channel(interaction.channel_id or 0)
        if table is None:
            return []
        seats = await service_of(interaction).store.seats(table.id)
        return [
            app_commands.Choice(name=f"{seat.name} ({seat.bot})", value=seat.name)
            for seat in seats
            if seat.bot and current.lower() in seat.name.lower()
        ][:25]

    def _subcommand(
        self, command: TableCommand, name: str, parent: app_commands.Group
    ) -> app_commands.Command[Any, ..., Any]:
        callback = self._callback(command)
        if command.args:
            callback = app_commands.describe(**{arg.name: arg.help[:100] for arg in command.args})(callback)
        fixed = {arg.name: CHOICES[arg.kind] for arg in command.args if arg.kind in CHOICES}
        if fixed:
            callback = app_commands.choices(
                **{
                    name: [app_commands.Choice(name=label, value=value) for label, value in pairs]
                    for name, pairs in fixed.items()
                }
            )(callback)
        built: app_commands.Command[Any, ..., Any] = app_commands.Command(
            name=name, description=command.help[:100], callback=callback, parent=parent
        )
        completers = {"game": self._games, "options": self._options, "faction": self._factions, "bot": self._bots}
        for arg in command.args:
            if arg.kind in completers:
                built.autocomplete(arg.name)(completers[arg.kind])
        return built


_ANNOTATIONS: dict[str, Any] = {"flag": bool, "member": discord.Member, "user": discord.User}


def _argument(value: Any) -> Any:
    """A slash option as the table commands take it: a member or user becomes a Caller (name escaped)."""
    return member_caller(value) if isinstance(value, discord.abc.User) else value


def _where(interaction: discord.Interaction[Any]) -> Where:
    async def open_thread(name: str) -> tuple[int, str]:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise TableError("Threads can be opened from a text channel only; run this in one, or without thread.")
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.add_user(interaction.user)
        return thread.id, thread.mention

    return Where(
        caller_of(interaction),
        interaction.guild_id or 0,
        interaction.channel_id or 0,
        time.time(),
        visible_to(interaction),
        open_thread,
    )


async def _answer(interaction: discord.Interaction[Any], reply: Reply) -> None:
    if reply.post is not None:
        await send_post(interaction, reply.post)
    elif reply.ask is not None:
        await ask_everyone(interaction, reply.ask)
    elif reply.confirm is not None:
        view = discord.ui.View(timeout=None)
        view.add_item(AbandonButton(reply.confirm.table_id, reply.confirm.version))
        await say(interaction, reply.confirm.question, ephemeral=True, view=view)
    else:
        await say(interaction, reply.text, ephemeral=reply.ephemeral)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
