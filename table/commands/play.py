"""Playing: every game's actions (`/<game> <action>`, built from the actions its engine declares), /undo and /roll."""

from __future__ import annotations

from typing import Any

import rules
from rules.base import ActionSpec, Engine, Meta, ParamKind
from rules.notation import roll
from rules.rng import Rng
from table.commands.base import Arg, ArgKind, Command, Group, Reply, Run, Where
from table.service import Ask, TableError, TableService
from table.text.actions import build_action
from table.text.present import escape_text

PARAM_KINDS: dict[ParamKind, ArgKind] = {"choice": "legal", "list": "legal", "int": "int", "text": "text"}


def command_name(meta: Meta) -> str:
    """The word a game's actions are named under: /tictactoe mark, /sw conquer."""
    return meta.command or meta.id


def game_group(meta: Meta) -> Group:
    return Group(command_name(meta), f"Play {meta.title}"[:100], guild_only=True)


async def playing(service: TableService, channel_id: int, game: str) -> Meta:
    """The game of the channel's table when `game` (the word its actions are named under) names it; else a refusal
    that says which game is played here."""
    here = service.engine(await service.table_here(channel_id)).meta
    if command_name(here) != game:
        raise TableError(f"The game in this channel is {here.title}: use /{command_name(here)} commands here.")
    return here


def _act(meta: Meta, spec: ActionSpec) -> Run:
    async def run(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
        await playing(service, where.channel_id, command_name(meta))
        action = build_action(meta, spec.name, args)
        post = await service.act(where.channel_id, where.caller, action, typed=True)
        return Reply(post=post, move=True, secret=spec.secret)

    return run


def game_commands(engine: Engine[Any]) -> tuple[Command, ...]:
    """One command per action the game declares, its values as the action's parameters name them."""
    meta = engine.meta
    return tuple(
        Command(
            f"{command_name(meta)} {spec.name}",
            spec.help,
            _act(meta, spec),
            tuple(Arg(p.name, p.help, PARAM_KINDS[p.kind], p.required) for p in spec.params),
        )
        for spec in meta.actions
    )


def all_games() -> tuple[tuple[Group, tuple[Command, ...]], ...]:
    """Every installed game's group and its commands, in the registry's order."""
    return tuple((game_group(engine.meta), game_commands(engine)) for engine in rules.engines().values())


async def _undo(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    result = await service.undo(where.channel_id, where.caller)
    return Reply(ask=result) if isinstance(result, Ask) else Reply(post=result)


async def _roll(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    result = roll(str(args["dice"]), Rng(service.seeds()), escape_text)
    reason = args.get("reason")
    why = f" for *{escape_text(reason[:200])}*" if reason else ""  # typed by a player: made inert
    return Reply(f"🎲 {where.caller.name} rolls{why}: {result.breakdown()}")


UNDO = Command("undo", "Take back your last action (others must agree if dice were rolled)", _undo, guild_only=True)
ROLL = Command(
    "roll",
    "Roll dice in public: 1d20+5 adv, 4d6kh3, 2d6ro1, 4d6e6, 6d10>=6",
    _roll,
    (
        Arg(
            "dice",
            "e.g. 1d20+5 adv, 4d6kh3, 2d6ro1, 2d6rr1, 4d6e6, 3d6!, 4d6mi2, 6d10>=6, (1d8+3)*2 [fire]",
            "dice",
            required=True,
        ),
        Arg("reason", "What the roll is for", "text"),
    ),
)
COMMANDS: tuple[Command, ...] = (UNDO, ROLL)
