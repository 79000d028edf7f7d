"""Bad input of every kind gets a clear private refusal and changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.e2e import oracle
from tests.e2e.driver import Driver, NoReply, buttons
from tests.e2e.flow import open_table
from tests.e2e.payloads import FakeUser
from tests.e2e.process import BotProcess
from tests.e2e.standin import FakeDiscord

GENERIC = "Something went wrong"  # the bot's answer to its own bugs: not a clear refusal


@dataclass
class Case:
    name: str
    who: str  # "x", "o" or "outsider"
    path: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    raw: list[dict[str, Any]] | None = None
    resolved: dict[str, Any] | None = None
    button: str = ""  # press this button (on an old message carrying it) instead of running a command
    desync: bool = False  # only an out-of-date command tree makes Discord send this: a generic refusal will do


def cases(table_id: int, version: int) -> list[Case]:
    square = {"name": "square", "type": 3}
    return [
        Case("not seated", "outsider", "tictactoe mark", {"square": "c3"}),
        Case("out of turn", "x", "tictactoe mark", {"square": "c3"}),
        Case("unknown square", "o", "tictactoe mark", {"square": "z9"}),
        Case("taken square", "o", "tictactoe mark", {"square": "a1"}),
        Case("oversized option", "o", "tictactoe mark", {"square": "b" * 6000}),
        Case("unknown game", "o", "game new", {"game": "chess"}),
        Case("oversized game options", "o", "game new", {"game": "tictactoe", "options": "k=" + "v" * 5000}),
        Case("join a started game", "outsider", "game join"),
        Case("start twice", "x", "game start"),
        Case("settings by a non-host", "o", "game settings", {"remind_after": "1s"}),
        Case("nonsense duration", "x", "game settings", {"remind_after": "forever"}),
        Case("undo by an outsider", "outsider", "undo"),
        Case("absurd dice", "o", "roll", {"dice": "99999d99999"}),
        Case("oversized dice", "o", "roll", {"dice": "d" * 6000}),
        Case("unknown timezone", "o", "reminders", {"timezone": "Mars/Olympus_Mons"}),
        Case("bad quiet hours", "o", "reminders", {"quiet": "25-99"}),
        Case("button of an unknown table", "o", button="pbp:q:999999:1:0:0"),
        Case("button for another seat", "outsider", button=f"pbp:q:{table_id}:{version}:1:0"),
        Case("stale quick button", "o", button=f"pbp:q:{table_id}:{version - 1}:1:0"),
        Case("unknown request button", "o", button="pbp:r:999999:y"),
        Case("abandon button of an unknown table", "x", button="pbp:x:999999:1"),
        Case("superscript dice modifier", "o", "roll", {"dice": "1d6+²"}),
        Case("forty-digit table id in a button", "o", button="pbp:q:" + "9" * 40 + ":1:0:0"),
        Case("forty-digit request id in a button", "o", button="pbp:r:" + "9" * 40 + ":y"),
        Case("reminders faster than the floor", "x", "game settings", {"remind_every": "0.5s"}),
        Case("wrong type (number for text)", "o", "tictactoe mark", raw=[square | {"value": 7}], desync=True),
        Case("unknown option", "o", "tictactoe mark", raw=[{"name": "x", "type": 3, "value": "1"}], desync=True),
        Case("missing required option", "o", "tictactoe mark", raw=[], desync=True),
        Case("board turn out of range", "o", "board", {"turn": 10**9}, desync=True),
        Case("board turn of wrong type", "o", "board", raw=[{"name": "turn", "type": 4, "value": "abc"}], desync=True),
        Case("history page zero", "o", "history", {"page": 0}, desync=True),
    ]


async def attempt(driver: Driver, user: FakeUser, case: Case, channel: dict[str, Any], source: dict[str, Any]) -> str:
    """Run one case; return a problem description, or "" if the bot refused it clearly and privately."""
    try:
        if case.button:
            reply = await driver.press(user, source, case.button)
        else:
            options = case.options
            interaction = await driver.slash(
                user, case.path, _channel=channel, _raw=case.raw, _resolved=case.resolved, **options
            )
            reply = await driver.reply(interaction)
    except NoReply as error:
        return f"no answer ({error})"
    if not reply.ephemeral:
        return f"public answer: {reply.text[:120]!r}"
    if not reply.text.strip() or (GENERIC in reply.text and not case.desync):
        return f"no clear reason: {reply.text[:120]!r}"
    return ""


async def test_bad_input_is_refused_privately_and_changes_nothing(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    channel = discord.channel(0)
    x, o, outsider = discord.players[0], discord.players[1], discord.players[2]
    await open_table(driver, channel, [x, o])
    asked = await driver.run(x, "game abandon", _channel=channel)  # a confirmation drawn at this version...
    assert asked.message is not None
    [stale_abandon] = buttons(asked.message)
    moved = await driver.run(x, "tictactoe mark", _channel=channel, square="a1")  # ...then the game moves on
    assert moved.message is not None
    before = oracle.table_in(bot.data_dir, channel["id"])
    who = {"x": x, "o": o, "outsider": outsider}

    problems = []
    all_cases = [Case("stale abandon confirmation", "x", button=stale_abandon["custom_id"])]
    all_cases += cases(before.id, before.version)
    for case in all_cases:
        source = asked.message if case.button == stale_abandon["custom_id"] else moved.message
        if case.button and case.button not in [b["custom_id"] for b in buttons(source)]:
            source = discord.forge_message(channel, [case.button])
        problem = await attempt(driver, who[case.who], case, channel, source)
        after = oracle.table_in(bot.data_dir, channel["id"])
        if (after.version, after.state, len(after.actions), after.status) != (
            before.version,
            before.state,
            len(before.actions),
            before.status,
        ):
            problem += " state changed"
        if problem:
            problems.append(f"{case.name}: {problem}")
    assert not problems, "\n".join(problems)
    assert len(oracle.tables(bot.data_dir)) == 1  # refused /game new opened nothing


async def test_host_can_kick_a_lobby_member_who_left_the_server(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    channel = discord.channel(0)
    host, leaver = discord.players[0], discord.players[1]
    await driver.run(host, "game new", _channel=channel, game="tictactoe")
    await driver.run(leaver, "game join", _channel=channel)
    await discord.remove_member(leaver)
    # Discord resolves a user option naming a former member to a user only, with no member data
    option = [{"name": "member", "type": 6, "value": str(leaver.id)}]
    gone = {"users": {str(leaver.id): leaver.payload()}}
    reply = await driver.reply(await driver.slash(host, "game kick", _channel=channel, _raw=option, _resolved=gone))
    assert GENERIC not in reply.text, "kicking a player who left the server fails with the generic error"
    assert [seat["user_id"] for seat in oracle.table_in(bot.data_dir, channel["id"]).seats] == [host.id]
