"""/stats: a member's record on this server (yours unless you name someone; name yourself for yours in one game),
or with game alone that game's figures here beside the bots' self-play. Counted from this server's ended games;
for the caller alone, pinging no one."""

from __future__ import annotations

from typing import Any

import rules
from rules.selfplay_figures import figures
from table.commands.base import Arg, Command, Reply, Where
from table.service import Caller, TableError, TableService
from table.storage import TableRow
from table.text import present
from table.text.stats import game_text, member_text


def _game(typed: Any) -> str | None:
    """The game id asked for (None: every game); an unknown one is refused, naming the games."""
    if typed is None:
        return None
    try:
        return rules.engine(str(typed).strip().lower()).meta.id
    except KeyError as error:
        raise TableError(str(error.args[0])) from None


def _title(game: str) -> str:
    return rules.engine(game).meta.title


def _channel(table: TableRow) -> str:
    return f"<#{table.channel_id}>"  # a channel link pings no one


async def _stats(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    game = _game(args.get("game"))
    member: Caller | None = args.get("member")
    if member is None and game is not None:
        text = game_text(_title(game), await service.stats.game(where.guild_id, game), figures(game))
        return Reply(text, ephemeral=True)
    who = member or where.caller
    if who.bot:
        raise TableError(
            f"{present.escape_text(who.name[:40])} is a bot account: bots have no record here "
            "(see /leaderboard bots:True)."
        )
    found = await service.stats.member(where.guild_id, who.user_id, game, where.visible)
    return Reply(member_text(who.name, found, _title, _channel, game), ephemeral=True)


COMMANDS: tuple[Command, ...] = (
    Command(
        "stats",
        "A member's record here (yours by default), or with game alone that game's figures on this server",
        _stats,
        (
            Arg("member", "Whose record (yours when left out)", "member"),
            Arg("game", "One game only; alone, the game's figures on this server", "game"),
        ),
        guild_only=True,
    ),
)
