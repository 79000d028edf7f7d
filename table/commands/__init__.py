"""Every command of the bot, declared once for both front ends (the Discord cogs and the console).

A command is data (table/commands/base.py): its words, help, arguments and their kinds, who may call it, what it
runs on the table service and the Reply it answers with. The cogs build slash commands from it and the console its
typed words, so a new command is one entry in one of these modules:

    game      /game ...: open, join and run the channel's table, and its bots
    play      every game's actions (/<game> <action>, from its engine), /undo and /roll
    looking   /board, /history, /rules, /info and /hand
    people    /reminders, /away and /privacy
    stats     /stats
    ratings   /leaderboard
"""

from __future__ import annotations

from table.commands import game, looking, people, play, ratings, stats
from table.commands.base import (
    CHOICES,
    WORDS,
    Arg,
    ArgKind,
    Attachment,
    Command,
    Confirm,
    Group,
    Reply,
    Where,
)
from table.commands.play import command_name, game_commands, game_group
from table.service import TableError

__all__ = [
    "CHOICES",
    "WORDS",
    "Arg",
    "ArgKind",
    "Attachment",
    "Command",
    "Confirm",
    "Group",
    "Reply",
    "Where",
    "actions",
    "command_name",
    "declared",
    "find",
    "game_commands",
    "game_group",
    "groups",
    "must_find",
]


def groups() -> tuple[Group, ...]:
    """Every group a command may be named under: /game, /game bot, /privacy and one per installed game."""
    return (game.GAME, game.BOTS, people.PRIVACY, *(group for group, _ in play.all_games()))


def actions() -> tuple[Command, ...]:
    """Every installed game's actions, as commands (/tictactoe mark ...)."""
    return tuple(command for _, commands in play.all_games() for command in commands)


def declared() -> tuple[Command, ...]:
    """Every command, every installed game's actions among them."""
    return (
        *game.COMMANDS,
        *actions(),
        *looking.COMMANDS,
        *play.COMMANDS,
        *people.COMMANDS,
        *ratings.COMMANDS,
        *stats.COMMANDS,
    )


def find(words: list[str]) -> tuple[Command, list[str]] | None:
    """The command the first words name (`game bot add`, `board`), and the words after its name; None when they
    name no command. Words are matched whatever their case."""
    lowered = [word.lower() for word in words]
    named = [c for c in declared() if c.name.split() == lowered[: len(c.name.split())]]
    if not named:
        return None
    command = max(named, key=lambda c: len(c.name))
    return command, words[len(command.name.split()) :]


def must_find(words: list[str]) -> tuple[Command, list[str]]:
    """As find, else a refusal that lists the commands under the words given (`game` ...)."""
    found = find(words)
    if found is not None:
        return found
    head = words[0].lower() if words else ""
    under = [c.name for c in declared() if c.name.split()[0] == head]
    known = " | ".join(name.split(" ", 1)[1] for name in under if " " in name)
    typed = " ".join(words)[:30]
    raise TableError(f"There is no command {typed!r}." + (f" Try: {head} {known}." if known else ""))
