"""The command tree the bot syncs, tables in threads, and buttons that survive a restart."""

from __future__ import annotations

from tests.e2e import oracle
from tests.e2e.driver import Driver, buttons
from tests.e2e.flow import board_image, mentioned, open_table
from tests.e2e.process import BotProcess
from tests.e2e.standin import FakeDiscord

GAME_SUBCOMMANDS = {
    "new",
    "join",
    "leave",
    "kick",
    "start",
    "list",
    "status",
    "abandon",
    "replace",
    "settings",
    "pause",
}
TOP_LEVEL = {"game", "undo", "roll", "board", "history", "rules", "info", "hand", "reminders", "tictactoe"}


async def test_synced_command_tree(discord: FakeDiscord, bot: BotProcess) -> None:
    synced = {**discord.commands.get(None, {}), **discord.commands.get(discord.guild.id, {})}
    assert set(synced) >= TOP_LEVEL, f"missing: {TOP_LEVEL - set(synced)}"
    assert {o["name"] for o in synced["game"]["options"]} >= GAME_SUBCOMMANDS
    mark = next(o for o in synced["tictactoe"]["options"] if o["name"] == "mark")
    [square] = mark["options"]
    assert square["type"] == 3 and square["required"] and square.get("autocomplete")
    assert not discord.unhandled, [(r.method, r.path) for r in discord.unhandled]


async def test_restart_on_the_same_database_does_not_resync(discord: FakeDiscord, bot: BotProcess) -> None:
    # the sync is recorded in the database just after Discord answers it: wait for that record, or a kill in
    # between would rightly make the next start sync again
    await oracle.wait_for_setting(bot.data_dir, "command_tree")
    syncs = len(discord.command_syncs)
    bot.kill()
    await bot.start_and_connect()
    assert len(discord.command_syncs) == syncs  # the tree did not change: no rate-limited sync


async def test_table_in_a_new_thread(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    host, guest = discord.players[0], discord.players[1]
    opened = await driver.run(host, "game new", _channel=discord.channel(0), game="tictactoe", thread=True)
    assert not opened.ephemeral, opened.text
    [created] = discord.sent("POST", r"^/channels/\d+/threads$")
    [thread_id] = discord.threads
    thread = discord.channels[thread_id]
    assert created.body["name"] and thread["parent_id"] == discord.channel(0)["id"]
    assert discord.sent("PUT", rf"^/channels/{thread['id']}/thread-members/{host.id}$")
    await driver.run(guest, "game join", _channel=thread)
    started = await driver.run(host, "game start", _channel=thread, order="joined")
    board_image(driver, started)
    assert oracle.table_in(bot.data_dir, thread["id"]).status == "running"


async def test_buttons_and_undo_after_a_restart(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    await driver.run(x, "tictactoe mark", _channel=channel, square="b2")
    undone = await driver.run(x, "undo", _channel=channel)
    assert not undone.ephemeral and mentioned(undone.text) == {x.id}, undone.text
    table = oracle.table_in(bot.data_dir, channel["id"])
    assert [a["kind"] for a in table.actions] == ["act", "undo"]
    oracle.assert_log_explains_state(table)

    asked = await driver.run(x, "game pause", _channel=channel)
    assert asked.message is not None and o.id in mentioned(asked.text)
    agree = next(b["custom_id"] for b in buttons(asked.message) if b["label"] == "Agree")
    assert agree.startswith("pbp:")
    bot.kill()
    await bot.start_and_connect()
    answered = await driver.press(o, asked.message, agree)
    assert not answered.ephemeral and "pause" in answered.text.lower(), answered.text
    paused = await driver.run(x, "game status", _channel=channel)
    assert "paus" in paused.text.lower(), paused.text


async def test_table_commands_tour(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    channel = discord.channel(0)
    x, o, newcomer = discord.players[0], discord.players[1], discord.players[2]
    await open_table(driver, channel, [x, o])

    rolled = await driver.run(o, "roll", _channel=channel, dice="2d6+3", reason="test")
    assert not rolled.ephemeral and "2d6" in rolled.text.replace(" ", ""), rolled.text
    page = await driver.run(o, "rules", _channel=channel)
    assert page.ephemeral and page.message and page.message["attachments"][0]["filename"] == "tictactoe-rules.md"
    assert (await driver.run(o, "hand", _channel=channel)).ephemeral
    listing = await driver.run(newcomer, "game list", _channel=discord.channel(1))
    assert listing.ephemeral and "Tic-tac-toe" in listing.text
    status = await driver.run(newcomer, "game status", _channel=channel)
    assert (status.ephemeral and x.name.title() in status.text) or x.name in status.text.lower()

    handed = await driver.run(o, "game replace", _channel=channel, player=o.id, newcomer=newcomer.id)
    assert not handed.ephemeral, handed.text
    await driver.run(x, "tictactoe mark", _channel=channel, square="a1")
    refused = await driver.run(o, "tictactoe mark", _channel=channel, square="b1")
    assert refused.ephemeral  # o gave the seat away
    took_over = await driver.run(newcomer, "tictactoe mark", _channel=channel, square="b1")
    assert not took_over.ephemeral and "on b1" in took_over.text
    seats = oracle.table_in(bot.data_dir, channel["id"]).seats
    assert [s["user_id"] for s in seats] == [x.id, newcomer.id]
    assert not bot.tracebacks(), bot.tracebacks()[0]
