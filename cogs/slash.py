"""Slash commands built from the declared commands (table/commands), and their Replies shown in Discord.

A declaration becomes a discord.py command: its arguments are the callback's options (required ones first, as
Discord wants), typed by their kind, described, given their fixed choices and their autocomplete. Running it asks
the declared command with the caller's Where; its Reply becomes a message, a game post, a request or a question
with a button. A name that is a Python keyword (`from`) is an option of another name inside the callback, renamed
back for Discord.
"""

from __future__ import annotations

import inspect
import io
import keyword
import time
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.buttons import AbandonButton, ask_everyone
from cogs.common import (
    EARLY_ACK,
    SECRET_ACK,
    acting,
    caller_of,
    link_view,
    member_caller,
    open_to_all,
    say,
    send_post,
    service_of,
    visible_to,
)
from cogs.complete import completer
from cogs.confirm import ForgetButton
from table.commands import CHOICES, Arg, Command, Group, Reply, Where
from table.service import TableError

Slash = app_commands.Command[Any, ..., Any] | app_commands.Group
_TYPES: dict[str, Any] = {"flag": bool, "member": discord.Member, "user": discord.User, "int": int}


class Declared(commands.Cog):
    """A cog whose slash commands are built from declarations: put in the tree when it loads, taken out when it
    unloads, in the order given (the tree's order is part of what the bot compares before syncing)."""

    def __init__(self, bot: commands.Bot, built: Sequence[Slash]) -> None:
        self.bot = bot
        self.built = built

    async def cog_load(self) -> None:
        for slash in self.built:
            self.bot.tree.add_command(slash)

    async def cog_unload(self) -> None:
        for slash in self.built:
            self.bot.tree.remove_command(slash.name)


def group(
    declared: Group, members: tuple[Command, ...], subgroups: tuple[Group, ...] = (), early: bool = False
) -> app_commands.Group:
    """A group and its commands; a command named three words deep (`game bot add`) goes in its subgroup."""
    top = app_commands.Group(name=declared.name, description=declared.help[:100], guild_only=declared.guild_only)
    under = {
        sub.name.split()[-1]: app_commands.Group(name=sub.name.split()[-1], description=sub.help[:100], parent=top)
        for sub in subgroups
    }  # made first: Discord lists them before the group's own commands
    for member in members:
        words = member.name.split()
        parent = under[words[1]] if len(words) == 3 else top
        parent.add_command(command(member, parent, early))
    return top


def command(
    declared: Command, parent: app_commands.Group | None = None, early: bool = False
) -> app_commands.Command[Any, ..., Any]:
    """The slash command of a declared command, under `parent` (its group) or at the top. `early`: a busy bot
    acknowledges it privately before the work (see cogs/common.acting): the table's changes and the moves."""
    callback = _callback(declared, early)
    python = {arg.name: _python_name(arg.name) for arg in declared.args}
    if declared.args:
        callback = app_commands.describe(**{python[arg.name]: arg.help[:100] for arg in declared.args})(callback)
    renames = {python[name]: name for name in python if python[name] != name}
    if renames:
        callback = app_commands.rename(**renames)(callback)
    fixed = {python[arg.name]: CHOICES[arg.kind] for arg in declared.args if arg.kind in CHOICES}
    if fixed:
        callback = app_commands.choices(
            **{
                name: [app_commands.Choice(name=label, value=value) for label, value in pairs]
                for name, pairs in fixed.items()
            }
        )(callback)
    if declared.guild_only and parent is None:
        callback = app_commands.guild_only()(callback)
    built: app_commands.Command[Any, ..., Any] = app_commands.Command(
        name=declared.name.split()[-1], description=declared.help[:100], callback=callback, parent=parent
    )
    for arg in declared.args:
        source = completer(declared, arg.kind, arg.name)
        if source is not None:
            built.autocomplete(python[arg.name])(source)
    return built


def _python_name(name: str) -> str:
    """Option names that are Python keywords (from, in...) get a trailing underscore inside the callback."""
    return f"{name}_" if keyword.iskeyword(name) else name


def _annotation(arg: Arg) -> Any:
    if arg.kind == "int" and (arg.least is not None or arg.most is not None):
        return app_commands.Range[int, arg.least, arg.most]
    if arg.kind not in _TYPES and (arg.least is not None or arg.most is not None):
        return app_commands.Range[str, arg.least, arg.most]
    return _TYPES.get(arg.kind, str)


def _callback(declared: Command, early: bool):  # type: ignore[no-untyped-def]
    names = {_python_name(arg.name): arg.name for arg in declared.args}

    async def callback(interaction: discord.Interaction[Any], **values: Any) -> None:
        args = {names[key]: _argument(value) for key, value in values.items() if value is not None}
        service, where = service_of(interaction), _where(interaction)
        if not early:
            await answer(interaction, await declared(service, where, args))
            return
        async with acting(interaction) as handling:  # before any store work: a busy bot acknowledges first
            reply = await handling(declared(service, where, args))
            await answer(interaction, reply, handling.early)

    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    ]
    for arg in sorted(declared.args, key=lambda a: not a.required):
        annotation = _annotation(arg)
        parameters.append(
            inspect.Parameter(
                _python_name(arg.name),
                inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation if arg.required else annotation | None,
                default=inspect.Parameter.empty if arg.required else None,
            )
        )
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback.__name__ = declared.name.split()[-1]
    return callback


def _argument(value: Any) -> Any:
    """A slash option as the commands take it: a member or user becomes a Caller (name escaped)."""
    return member_caller(value) if isinstance(value, discord.abc.User) else value


def _where(interaction: discord.Interaction[Any]) -> Where:
    async def open_thread(name: str) -> tuple[int, str]:
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise TableError("Threads can be opened from a text channel only; run this in one, or without thread.")
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.add_user(interaction.user)
        return thread.id, thread.mention

    async def owns_bot() -> bool:
        return bool(await interaction.client.is_owner(interaction.user))

    return Where(
        caller_of(interaction),
        interaction.guild_id or 0,
        interaction.channel_id or 0,
        time.time(),
        visible_to(interaction),
        open_thread,
        owns_bot,
        open_to_all(interaction.channel),
    )


async def answer(interaction: discord.Interaction[Any], reply: Reply, early: bool = False) -> None:
    """A Reply in Discord. `early`: Discord was acknowledged privately before the reply was ready."""
    if reply.post is not None:
        ack = SECRET_ACK if reply.secret else EARLY_ACK if reply.move and early else None
        await send_post(interaction, reply.post, private_ack=ack)
    elif reply.ask is not None:
        await ask_everyone(interaction, reply.ask)
    elif reply.confirm is not None:
        view = discord.ui.View(timeout=None)
        confirm = reply.confirm
        if confirm.subject == "abandon":
            view.add_item(AbandonButton(confirm.table_id, confirm.version))
        else:
            view.add_item(ForgetButton(interaction.user.id))
        await say(interaction, confirm.question, ephemeral=True, view=view)
    elif reply.attachments:
        files = [discord.File(io.BytesIO(kept.data), filename=kept.name) for kept in reply.attachments]
        await say(interaction, reply.text, ephemeral=reply.ephemeral, files=files, **link_view(reply.link))
    else:
        await say(interaction, reply.text, ephemeral=reply.ephemeral, **link_view(reply.link))
