"""/game: open, join and run the table of a channel (`game ...` in the console), and its bots."""

from __future__ import annotations

from typing import Any

import rules
from rules.base import Meta
from rules.text import count
from table.commands.base import Arg, Attachment, Command, Confirm, Group, Reply, Where
from table.service import Ask, Caller, TableError, TableService, TableView
from table.text import present
from table.text.durations import parse_duration, show_duration

GAME = Group("game", "Open, join and manage the game played in this channel", guild_only=True)
BOTS = Group("game bot", "Bots that play a seat: add, remove, replace, takeover")


def parse_options(text: str | None) -> dict[str, str]:
    """'map=4p length=short' -> {'map': '4p', 'length': 'short'}; Discord's own way, 'map:4p', as well."""
    options: dict[str, str] = {}
    for word in (text or "").split():
        key, sep, value = word.partition("=") if "=" in word else word.partition(":")
        if not sep or not key or not value:
            raise TableError(f"Write options as name=value separated by spaces, not {word[:30]!r}.")
        options[key.strip().lower()] = value.strip()
    return options


def _game(game_id: str) -> Meta:
    try:
        return rules.engine(game_id).meta
    except KeyError as error:
        raise TableError(str(error.args[0])) from None


async def _new(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    meta = _game(str(args["game"]))
    options = parse_options(args.get("options"))
    meta.resolve_options(options)  # refuse bad options before a thread is opened for nothing
    channel_id, place = where.channel_id, "here"
    if args.get("thread"):
        if where.open_thread is None:
            raise TableError("Threads can be opened from a server's text channel only; run this without thread.")
        channel_id, place = await where.open_thread(f"{meta.title} table")
    table = await service.create(where.guild_id, channel_id, where.caller, meta.id, options)
    if where.public is not None:  # a thread opened here is as open as this channel (public threads only)
        await service.links.seen(table.id, where.public, table.public_channel)
    chosen = ", ".join(f"{k}={v}" for k, v in table.options.items()) or "none"
    return Reply(
        f"{where.caller.name} opened a **{meta.title}** table {place} (options: {chosen}). "
        f"Join with /game join; the creator starts with /game start "
        f"({meta.min_players}-{meta.max_players} players)."
    )


async def _join(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    view, joined = await service.join_or_choose(where.channel_id, where.caller, args.get("faction"))
    players = ", ".join(present.seat_label(seat) for seat in view.seats)
    mine = next(seat for seat in view.seats if seat.user_id == where.caller.user_id)
    did = "joins" if joined else f"will play {mine.faction}"
    return Reply(f"{where.caller.name} {did}. Players: {players}.")


async def _leave(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    await service.leave(where.channel_id, where.caller)
    return Reply(f"{where.caller.name} leaves the table.")


async def _kick(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    member: Caller = args["member"]
    await service.kick(where.channel_id, where.caller, member.user_id)
    return Reply(f"{member.name} was removed from the table.")


async def _start(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    return Reply(post=await service.start(where.channel_id, where.caller, args.get("order") or "random"))


async def _list(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    views, hidden = await service.listing(where.guild_id, where.visible)
    lines = [present.table_line(v, where.now) for v in views] or [
        "No tables you can see in this server yet: /game new."
    ]
    if hidden:
        lines.append(f"(and {hidden} in channels you can't see)")
    return Reply("\n".join(lines), ephemeral=True, link=await service.links.server_link(where.guild_id))


async def _status(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    view = await service.view(where.channel_id)
    card = present.table_card(view, where.now) + _web_line(service, view)
    return Reply(card, ephemeral=True, link=await service.links.map_link(view.table))


def _web_line(service: TableService, view: TableView) -> str:
    """The card's line about the table's web page, where the bot has web pages to link to."""
    if service.links.base is None:
        return ""
    if not view.table.web:
        return "\nWeb page: off (the host turns it on with /game settings web:on)."
    return "\nWeb page: on." if view.table.state is not None else "\nWeb page: on once the game starts."


async def _abandon(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    table = await service.table_here(where.channel_id)
    if table.status not in ("lobby", "running"):
        raise TableError("This table is already over.")
    if where.caller.user_id != table.creator_id and not where.caller.admin:
        raise TableError("Only the table's creator or someone who can manage this channel may abandon the game.")
    question = "Abandon this game for everyone? This cannot be undone."
    return Reply(question, ephemeral=True, confirm=Confirm(question, "abandon", table.id, table.version))


async def _replace(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    player: Caller = args["player"]
    newcomer: Caller = args["newcomer"]
    if newcomer.bot:
        raise TableError("Bots can't take a seat.")
    await service.replace(where.channel_id, where.caller, player.user_id, newcomer)
    return Reply(f"{newcomer.name} takes over {player.name}'s seat.")


async def _bot_add(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    view, name = await service.add_bot(where.channel_id, where.caller, args.get("strength"))
    strength = next(seat.bot for seat in view.seats if seat.name == name)
    players = ", ".join(present.seat_label(seat) for seat in view.seats)
    return Reply(f"{where.caller.name} seats {name} ({strength} bot). Players: {players}.")


async def _bot_remove(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    view = await service.remove_bot(where.channel_id, where.caller, str(args["name"]))
    players = ", ".join(present.seat_label(seat) for seat in view.seats)
    return Reply(f"{present.escape_text(str(args['name'])[:40])} leaves the table. Players: {players}.")


async def _bot_replace(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    player: Caller = args["player"]
    view, name = await service.bot_replace(where.channel_id, where.caller, player.user_id, args.get("strength"))
    strength = next(seat.bot for seat in view.seats if seat.name == name)
    return Reply(f"{name} ({strength} bot) takes over {player.name}'s seat and plays it from now on.")


async def _bot_takeover(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    name = present.escape_text(str(args["name"])[:40])
    await service.take_bot_seat(where.channel_id, where.caller, str(args["name"]))
    return Reply(f"{where.caller.name} takes over {name}'s seat.")


def _switched_off(text: str | None) -> bool:
    return text is not None and text.strip().lower() in ("off", "none", "no", "0")


async def _settings(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    if set(args) == {"web"}:  # alone, it applies to a finished game too: its page can be taken down
        view = await service.manage.web_page(where.channel_id, where.caller, str(args["web"]))
        return Reply(
            present.table_card(view, where.now) + _web_line(service, view),
            link=await service.links.map_link(view.table),
        )
    deadline, away = args.get("deadline"), args.get("away")
    off = _switched_off(deadline)
    remind_after, remind_every = args.get("remind_after"), args.get("remind_every")
    first = parse_duration(remind_after) if remind_after else None
    due = parse_duration(deadline) if deadline and not off else None
    view = await service.settings(
        where.channel_id,
        where.caller,
        first,
        parse_duration(remind_every) if remind_every else None,
        due,
        clear_deadline=off,
        posts=args.get("posts"),
        away_allowance=(0 if _switched_off(away) else parse_duration(away)) if away else None,
        web=args.get("web"),
        timelapse=args.get("timelapse"),
    )
    text = present.table_card(view, where.now) + _web_line(service, view)
    table = view.table
    if table.deadline is not None and table.remind_after >= table.deadline:
        # kept, since a host may want a deadline without reminders, but said plainly
        text += (
            f"\nNote: the first reminder ({show_duration(table.remind_after)}) would come after the deadline "
            f"({show_duration(table.deadline)}), so no reminder comes before it: the last call, when a quarter of the "
            "deadline is left, is the only message a waiting player gets before the safe move. For a reminder, "
            f"set remind_after shorter than the deadline, like remind_after:{show_duration(table.deadline // 2)}."
        )
    return Reply(text, link=await service.links.map_link(view.table))


async def _pause(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    result = await service.pause(where.channel_id, where.caller)
    return Reply(ask=result) if isinstance(result, Ask) else Reply(result)


async def _export(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    export = await service.archives.export(where.channel_id)
    packed = " It is gzip-compressed to fit Discord's 10 MB." if export.compressed else ""
    return Reply(
        f"The {export.title} game played here ({export.status}: {count(export.actions, 'logged action')}, "
        f"{count(export.turns, 'turn')}) as a file, with its final board. The bot's console replays the file turn "
        f"by turn: replay <file>.{packed}",
        ephemeral=True,
        file=Attachment(export.name, export.data),
        more=(Attachment("board.png", export.board, "-final"),),
    )


STRENGTH = Arg("strength", "easy: random legal moves; normal (default): looks ahead and plays to win", "strength")
COMMANDS: tuple[Command, ...] = (
    Command(
        "game new",
        "Open a table for a game in this channel (or in a new thread)",
        _new,
        (
            Arg("game", "Which game", "game", required=True),
            Arg("options", "Options as name=value, e.g. map=4p (defaults are used otherwise)", "options"),
            Arg("thread", "Open the table in a new thread", "flag"),
        ),
    ),
    Command(
        "game join",
        "Take a seat at this channel's table, or choose your faction there",
        _join,
        (Arg("faction", "Colour, realm or side to play, where the game offers a choice", "faction"),),
    ),
    Command("game leave", "Give up your seat before the game starts", _leave),
    Command(
        "game kick",
        "Remove a player from the lobby (creator or channel managers)",
        _kick,
        (Arg("member", "Who to remove", "user", required=True),),
    ),
    Command(
        "game start",
        "Start the game with the players seated",
        _start,
        (Arg("order", "Seat order: random (default) or the order players joined", "order"),),
    ),
    Command("game list", "Tables in this server: whose turn, and since when", _list),
    Command("game status", "This channel's table in detail", _status),
    Command("game abandon", "End this table without a result (asks for confirmation)", _abandon),
    Command(
        "game replace",
        "Hand a seat to another member (yours, or anyone's if you host)",
        _replace,
        (
            Arg("player", "Who gives up the seat", "member", required=True),
            Arg("newcomer", "Who takes it over", "member", required=True),
        ),
    ),
    Command(
        "game settings",
        "The table's pace (reminders, a deadline) and how its moves are posted",
        _settings,
        (
            Arg("remind_after", "First reminder after, e.g. 12h (default)", "duration"),
            Arg("remind_every", "Then every, e.g. 24h", "duration"),
            Arg("deadline", "Play the bot's fallback for a player awaited this long, e.g. 72h, or off", "deadline"),
            Arg("posts", "turn: one message per turn, edited as it goes (default); action: one per action", "posts"),
            Arg(
                "away",
                "How long absences (/away) may hold back one player's deadlines in this game, e.g. 14d, or off",
                "duration",
            ),
            Arg(
                "web",
                "on (default): the table's web page, with the whole map and every turn; off: taken down",
                "switch",
            ),
            Arg("timelapse", "on (default): the game's timelapse is posted when it ends; off: none", "switch"),
        ),
    ),
    Command("game pause", "Ask to pause the table (a vacation), or resume it", _pause),
    Command(
        "game export", "The game played here as a file to replay, with its final board (once it has ended)", _export
    ),
    Command(
        "game bot add",
        "Seat a bot in the lobby (the creator): it plays its seat at once whenever the game awaits it",
        _bot_add,
        (STRENGTH,),
    ),
    Command(
        "game bot remove",
        "Take a bot out of the lobby (the creator)",
        _bot_remove,
        (Arg("name", "Which bot, e.g. Bot 1", "bot", required=True),),
    ),
    Command(
        "game bot replace",
        "During a game, hand a seat to a bot so the table plays on (your seat, or anyone's if you host)",
        _bot_replace,
        (
            Arg("player", "Whose seat the bot takes", "member", required=True),
            STRENGTH,
        ),
    ),
    Command(
        "game bot takeover",
        "During a game, take over a bot's seat yourself",
        _bot_takeover,
        (Arg("name", "Which bot, e.g. Bot 1", "bot", required=True),),
    ),
)
