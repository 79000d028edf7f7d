"""Autocomplete for the slash commands, by the kind of value an option takes (table/commands/base.py's ArgKind).

Each source lists what may be typed here and now (the installed games, this table's free factions, the places of
its map, what is legal for the caller...), at most Discord's 25, and never fails: a channel without a table has
nothing to suggest.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

import rules
from cogs.common import service_of
from rules.base import normal
from table.commands import ArgKind, Command, command_name
from table.service import TableError
from table.text.actions import suggestions

Choices = list[app_commands.Choice[str]]
Completer = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, Choices]]
MAX = 25  # Discord shows at most this many


async def _games(interaction: discord.Interaction[Any], current: str) -> Choices:
    found = []
    for engine in rules.engines().values():
        meta = engine.meta
        label = f"{meta.title} ({meta.min_players}-{meta.max_players} players)"
        if current.lower() in label.lower() or current.lower() in meta.id:
            found.append(app_commands.Choice(name=label[:100], value=meta.id))
    return found[:MAX]


async def _options(interaction: discord.Interaction[Any], current: str) -> Choices:
    game = getattr(interaction.namespace, "game", None)
    try:
        meta = rules.engine(str(game)).meta
    except KeyError:
        return []
    done = current.rsplit(" ", 1)[0] + " " if " " in current else ""
    found = []
    for option in meta.options:
        values = option.choices or (option.default,)
        for value in values:
            text = f"{done}{option.name}={value}".strip()
            label = f"{text}" + (" (default)" if value == option.default else "")
            if current.split(" ")[-1].lower() in f"{option.name}={value}".lower():
                found.append(app_commands.Choice(name=label[:100], value=text[:100]))
    return found[:MAX]


async def _factions(interaction: discord.Interaction[Any], current: str) -> Choices:
    store = service_of(interaction).store
    table = await store.tables.table_in_channel(interaction.channel_id or 0)
    if table is None:
        return []
    taken = {seat.faction for seat in await store.tables.seats(table.id)}
    meta = rules.engine(table.game).meta
    return [
        app_commands.Choice(name=f, value=f) for f in meta.factions if f not in taken and current.lower() in f.lower()
    ][:MAX]


async def _bots(interaction: discord.Interaction[Any], current: str) -> Choices:
    store = service_of(interaction).store
    table = await store.tables.table_in_channel(interaction.channel_id or 0)
    if table is None:
        return []
    return [
        app_commands.Choice(name=f"{seat.name} ({seat.bot})", value=seat.name)
        for seat in await store.tables.seats(table.id)
        if seat.bot and current.lower() in seat.name.lower()
    ][:MAX]


async def _places(interaction: discord.Interaction[Any], current: str) -> Choices:
    try:
        places = await service_of(interaction).zoom_places(interaction.channel_id or 0)
    except TableError:
        return []
    typed = current.strip().lower()
    found = [(place, name) for place, name in places if typed in name.lower()]
    return [app_commands.Choice(name=name, value=place) for place, name in found[:MAX]]


async def _sections(interaction: discord.Interaction[Any], current: str) -> Choices:
    try:
        titles = await service_of(interaction).rules_sections(interaction.channel_id or 0)
    except TableError:
        return []
    typed = normal(current)
    found = [title for title in titles if typed in normal(title)]
    return [app_commands.Choice(name=title[:100], value=title[:100]) for title in found[:MAX]]


async def _entries(interaction: discord.Interaction[Any], current: str) -> Choices:
    try:
        names = await service_of(interaction).info_names(interaction.channel_id or 0, current)
    except TableError:
        return []
    return [app_commands.Choice(name=name[:100], value=name[:100]) for name in names]


def _legal(command: Command, param: str) -> Completer:
    """The values of one parameter of a game's action that legal() allows, given what is already filled in."""
    game, action = command.name.split()

    async def complete(interaction: discord.Interaction[Any], current: str) -> Choices:
        try:
            table, choices = await service_of(interaction).choices(interaction.channel_id or 0, interaction.user.id)
        except TableError:
            return []
        if command_name(rules.engine(table.game).meta) != game:
            return []
        filled = {key: value for key, value in vars(interaction.namespace).items() if key != param}
        pairs = suggestions(choices, action, param, filled, current)
        return [app_commands.Choice(name=label, value=value) for label, value in pairs[:MAX]]

    return complete


SOURCES: dict[ArgKind, Completer] = {
    "game": _games,
    "options": _options,
    "faction": _factions,
    "bot": _bots,
    "place": _places,
    "section": _sections,
    "entry": _entries,
}


def completer(command: Command, kind: ArgKind, name: str) -> Completer | None:
    """What autocompletes an option of this kind (None: typed freely, or picked from fixed choices)."""
    return _legal(command, name) if kind == "legal" else SOURCES.get(kind)
