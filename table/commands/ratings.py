"""/leaderboard: the best players of a game in this server, by rating (table/service/ratings.py)."""

from __future__ import annotations

from typing import Any

import rules
from table.commands.base import Arg, Command, Reply, Where
from table.service import TableError, TableService
from table.text.leaderboard import leaderboard_text


async def _leaderboard(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    typed = str(args["game"])
    try:
        meta = rules.engine(typed).meta
    except KeyError as error:
        raise TableError(str(error.args[0])) from None
    board = await service.ratings.board(where.guild_id, meta.id, bots=bool(args.get("bots")))
    return Reply(leaderboard_text(board, meta.title, f"/leaderboard game:{meta.id} bots:True"), ephemeral=True)


COMMANDS: tuple[Command, ...] = (
    Command(
        "leaderboard",
        "The best players of a game in this server, by rating",
        _leaderboard,
        (
            Arg("game", "Which game", "game", required=True),
            Arg("bots", "The bots' ratings instead (they are rated apart)", "flag"),
        ),
        guild_only=True,
    ),
)
