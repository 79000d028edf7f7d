"""What a person sets for themselves, whatever table they play at: /reminders, /away and /privacy."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import available_timezones

from table.commands.base import Arg, Command, Confirm, Group, Reply, Where
from table.service import TableError, TableService
from table.service.absence import absence
from table.service.absence import describe as describe_absence
from table.service.clock import parse_quiet, zone
from table.storage import FORMER_PLAYER
from table.text.actions import MAX_ID, whole_number

PRIVACY = Group("privacy", "What the bot keeps about you, and forgetting it")


async def _reminders(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    people = service.store.people
    prefs = await people.prefs(where.caller.user_id)
    dms, quiet, timezone = args.get("dms"), args.get("quiet"), args.get("timezone")
    if dms is not None:
        prefs.dms = dms
        prefs.dm_closed = False if dms else prefs.dm_closed  # turning DMs on again means: try them
    if timezone is not None:
        if timezone not in available_timezones():
            raise TableError(f"{timezone[:40]!r} is not a timezone I know; use a name like Europe/Paris.")
        prefs.timezone = timezone
    if quiet is not None:
        prefs.quiet_from, prefs.quiet_to = parse_quiet(quiet)
    await people.save_prefs(prefs)
    hours = "none" if prefs.quiet_from is None else f"{prefs.quiet_from}:00 to {prefs.quiet_to}:00"
    now_there = datetime.fromtimestamp(where.now, zone(prefs.timezone)).strftime("%H:%M")
    return Reply(
        f"Reminders by DM: {'on' if prefs.dms else 'off'}. Quiet hours: {hours} ({prefs.timezone}, now {now_there}).",
        ephemeral=True,
    )


async def _away(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    people = service.store.people
    prefs = await people.prefs(where.caller.user_id)
    start, end, length, off = args.get("from"), args.get("to"), args.get("for"), bool(args.get("off"))
    if off:
        prefs.away_from = prefs.away_to = None
    elif start or end or length:
        prefs.away_from, prefs.away_to = absence(prefs, where.now, start, end, length)
    await people.save_prefs(prefs)
    text = "You are back: your deadlines run as usual." if off else describe_absence(prefs, where.now)
    return Reply(text, ephemeral=True)


async def _forget(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    question = (
        "Forget you? Your reminder preferences are deleted, and in every game you played your name and id "
        f"are replaced by '{FORMER_PLAYER}' (the games stay, so others keep their history). This can't be undone."
    )
    return Reply(question, ephemeral=True, confirm=Confirm(question, "forget"))


async def _erase(service: TableService, where: Where, args: dict[str, Any]) -> Reply:
    typed = str(args["user_id"])
    target = whole_number(typed, MAX_ID)
    if target is None:
        raise TableError(f"{typed[:30]!r} is not a user id: copy it from Discord (a number).")
    return Reply(await service.forget(target, by_owner=True), ephemeral=True)


COMMANDS: tuple[Command, ...] = (
    Command(
        "reminders",
        "Your turn reminders: DMs on or off, quiet hours, timezone",
        _reminders,
        (
            Arg("dms", "Send me reminders by DM", "flag"),
            Arg("quiet", "Quiet hours as from-to in your timezone, e.g. 22-7, or off", "text"),
            Arg("timezone", "Your timezone, e.g. Europe/Paris or America/New_York", "text"),
        ),
    ),
    Command(
        "away",
        "Announce an absence: your deadlines and reminders wait",
        _away,
        (
            Arg("from", "First day away, YYYY-MM-DD in your timezone (default: now)", "text"),
            Arg("to", "Last day away, YYYY-MM-DD", "text"),
            Arg("for", "Or how long, e.g. 10d", "duration"),
            Arg("off", "Cancel your absence (you are back)", "flag"),
        ),
    ),
    Command("privacy forget", "Delete your preferences and take your name and id out of every game", _forget),
    Command(
        "privacy erase",
        "Bot owner: erase a user on Discord's data deletion request",
        _erase,
        (Arg("user_id", "The id of the user to erase", "text", required=True),),
        who="owner",
        denied="Only the bot's owner may erase another user's data.",
    ),
)
