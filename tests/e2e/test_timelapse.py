"""The timelapse through the real bot: after a finished game's finale, one message of its own in the channel with the
animation attached, pinging nobody; /board timelapse mid-game answers in the channel."""

from __future__ import annotations

import io

from PIL import Image

from tests.e2e import oracle
from tests.e2e.driver import Driver
from tests.e2e.flow import open_table, settled
from tests.e2e.process import BotProcess
from tests.e2e.standin import FakeDiscord


def animation(discord: FakeDiscord, message: dict[str, object]) -> Image.Image:
    attachments = message["attachments"]
    assert isinstance(attachments, list)
    [found] = [a for a in attachments if a["filename"] == "timelapse.webp"]
    image = Image.open(io.BytesIO(discord.file_bytes(found)))
    assert image.format == "WEBP"
    return image


async def test_the_timelapse_follows_the_finale_once(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    for player, square in [(x, "a1"), (o, "b1"), (x, "a2")]:
        await driver.run(player, "tictactoe mark", _channel=channel, square=square)
    asked = await driver.run(o, "board", _channel=channel, timelapse=True)
    assert not asked.ephemeral and asked.message is not None and "3 turns" in asked.text
    assert getattr(animation(discord, asked.message), "n_frames", 1) == 4  # the start and three turns' ends
    for player, square in [(o, "b2"), (x, "a3")]:
        await driver.run(player, "tictactoe mark", _channel=channel, square=square)
    await settled(bot.data_dir, channel["id"])

    def posted() -> list[dict[str, object]]:
        return [m for m in discord.channel_messages(channel["id"]) if "Timelapse of this" in str(m["content"])]

    await discord.wait_for(lambda: posted(), timeout=20)
    messages = discord.channel_messages(channel["id"])
    [message] = posted()
    assert "wins" in str(messages[-2]["content"]) and messages[-1] is message  # right after the finale
    assert not discord.pings.get(int(str(message["id"]))), "a timelapse pings nobody"
    assert getattr(animation(discord, message), "n_frames", 1) == 6
    assert oracle.table_in(bot.data_dir, channel["id"]).status == "finished"
    assert not bot.tracebacks(), bot.tracebacks()[0]
