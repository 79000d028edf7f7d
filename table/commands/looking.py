"""Looking at a game: /board, /history, /rules, /info and /hand."""

from __future__ import annotations

from typing import Any

from table.commands.base import Arg, Attachment, Command, Reply, Where
from table.service import TableError, TableService


async def _board(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    turn, zoom, full = args.get("turn"), args.get("zoom"), bool(args.get("full"))
    if args.get("timelapse"):
        if turn is not None or zoom or full:
            raise TableError(
                "A timelapse shows the whole map at every turn: ask for it alone, without turn, zoom or full."
            )
        text, drawn = await service.board_timelapse(where.channel_id)
        return Reply(text, file=Attachment(drawn.name, drawn.data))
    text, png = await service.board(where.channel_id, turn, zoom, full)
    place = "".join(c for c in (zoom or "").lower() if c.isalnum())[:40]
    detail = (f"-{turn}" if turn is not None else "") + (f"-{place}" if place else "") + ("-full" if full else "")
    link = await service.links.map_link(await service.table_here(where.channel_id), turn)
    return Reply(text, file=Attachment("board.png", png, detail), link=link)


async def _history(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    text, _ = await service.history(where.channel_id, args.get("page", 1), where.caller.user_id)
    return Reply(text, ephemeral=True)


async def _rules(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    section = args.get("section")
    text, game = await service.rules_text(where.channel_id, section, args.get("page", 1))
    if section:
        return Reply(text, ephemeral=True)
    whole = Attachment(f"{game}-rules.md", service.rules_page(game).encode())  # the summary's sections in full
    return Reply(text, ephemeral=True, file=whole)


async def _info(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    text = await service.info(where.channel_id, str(args["name"]))
    png = await service.info_picture(where.channel_id, str(args["name"]))  # a die's faces, where the game draws them
    return Reply(text, ephemeral=True, file=Attachment("info.png", png) if png else None)


async def _hand(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    text, png = await service.private_status(where.channel_id, where.caller)
    hand = Attachment("hand.png", png, f"-{where.caller.name}") if png else None
    return Reply("🔒 " + text, ephemeral=True, file=hand)


COMMANDS: tuple[Command, ...] = (
    Command(
        "board",
        "The board now, or at the end of a past turn",
        _board,
        (
            Arg("turn", "Show the board at the end of this turn (0 is the start)", "int", least=0, most=100000),
            Arg("zoom", "Enlarge the map around this place (games with a map)", "place", least=1, most=100),
            Arg("full", "The whole map (Nerath and Genertela post the area of the action)", "flag"),
            Arg("timelapse", "The game so far as an animation, the whole map at the end of each turn", "flag"),
        ),
        guild_only=True,
    ),
    Command(
        "history",
        "The action log of this channel's game, newest first",
        _history,
        (Arg("page", "Page number (1 is the newest)", "int", least=1, most=100000),),
        guild_only=True,
    ),
    Command(
        "rules",
        "The rules summary and rulings of this channel's game",
        _rules,
        (
            Arg(
                "section",
                "A section of the rules (start typing); without one, the summary and the list of sections",
                "section",
                least=1,
                most=100,
            ),
            Arg("page", "Page of a long section (1 is the first)", "int", least=1, most=100),
        ),
        guild_only=True,
    ),
    Command(
        "info",
        "What a race, card, spell, unit... of this channel's game does",
        _info,
        (Arg("name", "Its name: start typing and pick from the list", "entry", required=True, least=1, most=100),),
        guild_only=True,
    ),
    Command("hand", "What only you may see in this game: hand, coins, secret choices", _hand, guild_only=True),
)
