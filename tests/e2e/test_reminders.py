"""Reminders with a table paced in seconds: a DM to the awaited player, a channel mention when DMs are closed."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from tests.e2e import oracle
from tests.e2e.driver import Driver, message_text
from tests.e2e.flow import open_table
from tests.e2e.process import BotProcess
from tests.e2e.standin import FakeDiscord


async def test_dm_reminder_then_channel_mention_for_closed_dms(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    discord.close_dms(o)
    await open_table(driver, channel, [x, o])
    paced = await driver.run(x, "game settings", _channel=channel, remind_after="1s", remind_every="30s")
    assert not paced.ephemeral, paced.text

    dms = await discord.wait_for(lambda: discord.dms_to(x), timeout=10)
    assert "Your move" in dms[0]["content"] and "Tic-tac-toe" in dms[0]["content"]
    assert f"<#{channel['id']}>" in dms[0]["content"]  # a link back to the table
    assert not [m for m in discord.channel_messages(channel["id"]) if f"<@{x.id}> ⏰" in m["content"]]

    await driver.run(x, "tictactoe mark", _channel=channel, square="b2")

    def pinged() -> list[dict]:
        return [m for m in discord.channel_messages(channel["id"]) if m["content"].startswith(f"<@{o.id}>")]

    [mention] = await discord.wait_for(pinged, timeout=10)
    assert "Your move" in message_text(mention) and discord.pings[int(mention["id"])] == [o.id]
    refused = [r for r in discord.sent("POST", r"^/channels/\d+/messages$") if r.status == 403]
    assert len(refused) == 1 and discord.dms_to(o) == []
    assert len(discord.dms_to(x)) == 1  # remind_every is 30 s: no second DM yet
    assert not bot.tracebacks(), bot.tracebacks()[0]


async def test_reminder_due_across_a_restart_still_arrives(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    await driver.run(x, "game settings", _channel=channel, remind_after="3s", remind_every="1h")
    bot.kill()  # the due time lives in the database
    await bot.start_and_connect()
    dms = await discord.wait_for(lambda: discord.dms_to(x), timeout=12)
    assert "Your move" in dms[0]["content"]


async def test_deadline_plays_the_fallback_and_posts_it(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    await driver.run(x, "game settings", _channel=channel, deadline="2s", remind_after="1h")

    def fallback_posts() -> list[dict]:
        return [m for m in discord.channel_messages(channel["id"]) if "Time ran out" in m["content"]]

    [post] = (await discord.wait_for(fallback_posts, timeout=12))[:1]
    assert post["attachments"] and discord.pings[int(post["id"])] == [o.id]
    table = oracle.table_in(bot.data_dir, channel["id"])
    assert table.actions[0]["kind"] == "fallback" and table.actions[0]["seat"] == 0
    oracle.assert_log_explains_state(table)
    assert not bot.tracebacks(), bot.tracebacks()[0]


async def test_unanswered_reminders_escalate_to_a_channel_mention(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    await driver.run(x, "game settings", _channel=channel, remind_after="1s", remind_every="1s")

    def escalated() -> list[dict]:
        posts = discord.channel_messages(channel["id"])
        return [m for m in posts if "⏰" in m["content"] and discord.pings.get(int(m["id"])) == [x.id]]

    await discord.wait_for(escalated, timeout=15)
    assert len(discord.dms_to(x)) >= 2  # DMs first; the channel only after several went unanswered


async def test_quiet_hours_hold_reminders(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    hour = datetime.now(UTC).hour
    quiet = await driver.run(x, "reminders", _channel=channel, quiet=f"{hour}-{(hour + 2) % 24}", timezone="UTC")
    assert quiet.ephemeral and "Quiet hours" in quiet.text, quiet.text
    await open_table(driver, channel, [x, o])
    await driver.run(x, "game settings", _channel=channel, remind_after="1s", remind_every="1s")
    await asyncio.sleep(4)  # several ticks past the due time
    reminders = [m for m in discord.channel_messages(channel["id"]) if "⏰" in m["content"]]
    assert discord.dms_to(x) == [] and reminders == []
