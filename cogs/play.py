"""One slash-command group per installed game, built from the actions the engine declares.

`/tictactoe mark square:b2` is the engine's ActionSpec("mark", params=(Param("square"),)). Autocomplete
offers, for the option being typed, the values legal() allows given what is already filled in.
"""

from __future__ import annotations

import inspect
import keyword
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import rules
from cogs.common import EARLY_ACK, SECRET_ACK, acting, caller_of, send_post, service_of
from rules.base import ActionSpec, Engine, Meta
from table.actions import build_action, suggestions
from table.service import Post, TableError


def command_name(meta: Meta) -> str:
    return meta.command or meta.id


def _autocomplete(meta: Meta, spec: ActionSpec, param: str):  # type: ignore[no-untyped-def]
    async def complete(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        try:
            table, choices = await service_of(interaction).choices(interaction.channel_id or 0, interaction.user.id)
        except TableError:
            return []
        if table.game != meta.id:
            return []
        filled = {key: value for key, value in vars(interaction.namespace).items() if key != param}
        pairs = suggestions(choices, spec.name, param, filled, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs[:25]]

    return complete


def _python_name(name: str) -> str:
    """Option names that are Python keywords (from, in...) get a trailing underscore inside the callback."""
    return f"{name}_" if keyword.iskeyword(name) else name


def _callback(meta: Meta, spec: ActionSpec):  # type: ignore[no-untyped-def]
    real_names = {_python_name(param.name): param.name for param in spec.params}

    async def act(interaction: discord.Interaction[Any], values: dict[str, Any]) -> Post:
        service = service_of(interaction)
        table = await service.table_here(interaction.channel_id or 0)
        if table.game != meta.id:
            here = service.engine(table).meta
            raise TableError(f"The game in this channel is {here.title}: use /{command_name(here)} commands here.")
        given = {real_names[key]: value for key, value in values.items() if value is not None}
        action = build_action(meta, spec.name, given)
        return await service.act(interaction.channel_id or 0, caller_of(interaction), action, typed=True)

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        async with acting(interaction) as handling:  # before any store work: a busy bot acknowledges first
            post = await handling(act(interaction, values))
            ack = SECRET_ACK if spec.secret else EARLY_ACK if handling.early else None
            await send_post(interaction, post, private_ack=ack)

    kinds = {"int": int}
    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    ]
    for param in sorted(spec.params, key=lambda p: not p.required):
        annotation = kinds.get(param.kind, str)
        default = inspect.Parameter.empty if param.required else None
        parameters.append(
            inspect.Parameter(
                _python_name(param.name),
                inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation if param.required else annotation | None,
                default=default,
            )
        )
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = spec.name
    return callback


def game_group(engine: Engine[Any]) -> app_commands.Group:
    meta: Meta = engine.meta
    group = app_commands.Group(name=command_name(meta), description=f"Play {meta.title}"[:100], guild_only=True)
    for spec in meta.actions:
        callback = _callback(meta, spec)
        descriptions = {_python_name(param.name): param.help[:100] for param in spec.params}
        if descriptions:
            callback = app_commands.describe(**descriptions)(callback)
        renames = {_python_name(p.name): p.name for p in spec.params if _python_name(p.name) != p.name}
        if renames:
            callback = app_commands.rename(**renames)(callback)
        command: app_commands.Command[Any, ..., Any] = app_commands.Command(
            name=spec.name, description=spec.help[:100], callback=callback, parent=group
        )
        for param in spec.params:
            if param.kind in ("choice", "list"):
                command.autocomplete(_python_name(param.name))(_autocomplete(meta, spec, param.name))
        group.add_command(command)
    return group


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.groups = [game_group(engine) for engine in rules.engines().values()]

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
