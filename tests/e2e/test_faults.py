"""Discord failing under the bot: 5xx and 429 while it posts a board, and gateway disconnects."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.e2e import oracle
from tests.e2e.driver import Driver, NoReply
from tests.e2e.flow import board_image, open_table, settled
from tests.e2e.process import BOT, BotProcess
from tests.e2e.standin import FakeDiscord

CALLBACK = r"^/interactions/\d+/[^/]+/callback$"
FOLLOWUP = r"^/webhooks/\d+/[^/]+$"  # the bot defers, then posts the board as the follow-up
CHANNEL_POST = r"^/channels/\d+/messages$"


def posts_about(discord: FakeDiscord, channel: dict, text: str) -> list[dict]:
    return [m for m in discord.channel_messages(channel["id"]) if text in m["content"]]


async def test_board_post_retried_after_500_and_429(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    for player, square, status in ((x, "a1", 500), (o, "b2", 429)):
        fault = discord.inject("POST", FOLLOWUP, status, retry_after=0.5)
        reply = await driver.run(player, "tictactoe mark", _channel=channel, square=square)
        assert fault.hits == 1 and reply.latency < 3, (fault.hits, reply.latency)
        board_image(driver, reply)
        assert len(posts_about(discord, channel, f"on {square}")) == 1  # posted once, not twice
    table = oracle.table_in(bot.data_dir, channel["id"])
    assert [a["action"]["square"] for a in table.actions] == ["a1", "b2"]
    oracle.assert_log_explains_state(table)
    assert not bot.tracebacks(), bot.tracebacks()[0]


async def test_board_post_recovered_when_the_reply_is_lost(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    """Discord fails the answer until the 3 s window closes: the move stays committed once and is posted late."""
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    discord.inject("POST", CALLBACK, 502, times=3)
    discord.inject("POST", CHANNEL_POST, 500)  # and the first late post fails too
    pending = await driver.slash(x, "tictactoe mark", _channel=channel, square="c3")
    try:
        await driver.reply(pending)
        raise AssertionError("the stand-in should have made this answer miss its window")
    except NoReply:
        pass
    late = await discord.wait_for(lambda: posts_about(discord, channel, "on c3"), timeout=20)
    assert len(late) == 1 and late[0]["attachments"], "the committed move must reach the channel with its board"
    table = oracle.table_in(bot.data_dir, channel["id"])
    assert [a["action"]["square"] for a in table.actions] == ["c3"]
    assert (await settled(bot.data_dir, channel["id"])).announced == table.version
    retried = await driver.run(x, "tictactoe mark", _channel=channel, square="c3")
    assert retried.ephemeral  # the player, unsure, tries again: refused, not applied twice
    assert len(oracle.table_in(bot.data_dir, channel["id"]).actions) == 1


async def test_gateway_disconnects_resume_or_reidentify(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    await discord.gateway.disconnect(4000)
    sent_while_down = await driver.slash(x, "tictactoe mark", _channel=channel, square="a1")
    assert "on a1" in (await driver.reply(sent_while_down)).text  # replayed on RESUME
    await discord.gateway.wait_until(lambda: discord.gateway.stats.resumes == 1)
    assert discord.gateway.stats.identifies == 1

    await discord.gateway.request_reconnect()  # Discord's op 7: reconnect and resume
    asked = await driver.slash(o, "game status", _channel=channel)
    assert (await driver.reply(asked)).ephemeral
    await discord.gateway.wait_until(lambda: discord.gateway.stats.resumes == 2)
    assert discord.gateway.stats.identifies == 1

    # the session expires while disconnected: RESUME is refused, the bot identifies anew
    session = discord.gateway.current
    assert session is not None
    discord.gateway.sessions.pop(session.id)
    await discord.gateway.disconnect(4000)
    await discord.gateway.wait_connected(min_identifies=2, timeout=20)
    assert discord.gateway.stats.invalidated == 1
    reply = await driver.run(o, "tictactoe mark", _channel=channel, square="b2")
    assert "on b2" in reply.text
    assert bot.alive and not bot.tracebacks()


async def test_startup_survives_discord_errors(
    discord: FakeDiscord, spawn: Callable[..., BotProcess], driver: Driver
) -> None:
    """Login gets a 502 and the command sync a 429 (Discord rate-limits syncs hard): the bot still comes up."""
    if not BOT.exists():
        pytest.skip("bot.py does not exist yet")
    login = discord.inject("GET", r"^/users/@me$", 502)
    sync = discord.inject("PUT", r"^/applications/\d+(/guilds/\d+)?/commands$", 429, retry_after=0.5)
    bot = spawn([str(BOT)])
    await bot.start_and_connect()
    await discord.wait_for(lambda: discord.command_syncs, timeout=15)
    assert login.hits == 1 and sync.hits == 1
    reply = await driver.run(discord.players[0], "roll", _channel=discord.channel(0), dice="1d6")
    assert not reply.ephemeral and not bot.tracebacks()


async def test_board_post_given_up_is_posted_late_and_not_called_unchanged(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    """Discord keeps rate-limiting the board post until discord.py gives up: the committed move is shown later,
    and the player is not told that nothing changed."""
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    discord.inject("POST", FOLLOWUP, 429, times=5, retry_after=0.1)
    reply = await driver.run(x, "tictactoe mark", _channel=channel, square="c3")
    late = await discord.wait_for(lambda: [m for m in posts_about(discord, channel, "on c3") if m["attachments"]], 15)
    assert len(late) == 1
    table = oracle.table_in(bot.data_dir, channel["id"])
    assert [a["action"]["square"] for a in table.actions] == ["c3"]
    assert "nothing was changed" not in reply.text, f"the committed move was reported as not made: {reply.text!r}"
