"""SIGKILL the bot at random moments while games are played; restart it on the same database each time.

Users act like people: when no answer comes they look at the game again and act on what they see. At the
end every acknowledged action is in the log exactly once, nothing is in it twice, every table's last
result reached the channel and every log replays to its stored state.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from rules import serial
from rules.tictactoe import engine as tictactoe
from tests.e2e import oracle
from tests.e2e.driver import Driver, NoReply
from tests.e2e.flow import open_table, settled
from tests.e2e.interactions import EPHEMERAL, LOADING
from tests.e2e.process import BotProcess
from tests.e2e.standin import LOST_ANSWER, STALL, FakeDiscord

KILLS = 20
FOLLOWUP = r"^/webhooks/\d+/[^/]+$"  # where the bot posts the board after deferring
SEED = int(os.environ.get("PBP_E2E_SEED", "20261122"))


@dataclass
class Ledger:
    acknowledged: list[tuple[int, str]] = field(default_factory=list)  # (table id, square) the user saw done
    kills: int = 0
    steps: int = 0


async def step(
    driver: Driver,
    bot: BotProcess,
    rng: random.Random,
    ledger: Ledger,
    path: str,
    who: int,
    channel: dict,
    **options: Any,
) -> bool:
    """Send one command; maybe SIGKILL the bot a random moment later, then restart it. True if shown done."""
    user = driver.discord.guild.members[who]
    ledger.steps += 1
    interaction = await driver.slash(user, path, _channel=channel, **options)
    if rng.random() < 0.45:
        await asyncio.sleep(rng.uniform(0.0, 0.12))  # before, during or after the commit and the reply
        bot.kill()
        ledger.kills += 1
        await bot.start_and_connect()
    else:
        with contextlib.suppress(NoReply):
            await driver.reply(interaction)
    # what the user saw: a public answer with content (a deferral still "thinking" shows nothing)
    shown = driver.discord.messages.get(interaction.original_id or 0)
    return bool(shown and shown["content"] and not shown["flags"] & (EPHEMERAL | LOADING))


async def advance(
    driver: Driver, bot: BotProcess, rng: random.Random, ledger: Ledger, channel: dict, old: set[int]
) -> bool:
    """One user action chosen from what the game shows now; False once this round's game is over.

    `old`: ids of tables that existed before this round (a finished one in the channel means: open a new one).
    """
    x, o = driver.discord.players[0].id, driver.discord.players[1].id
    tables = [t for t in oracle.tables(bot.data_dir) if t.channel_id == int(channel["id"]) and t.id not in old]
    table = tables[-1] if tables else None
    if table is None:
        await step(driver, bot, rng, ledger, "game new", x, channel, game="tictactoe")
    elif table.status == "lobby":
        seated = [s["user_id"] for s in table.seats]
        if o not in seated:
            await step(driver, bot, rng, ledger, "game join", o, channel)
        else:
            await step(driver, bot, rng, ledger, "game start", x, channel, order="joined")
    elif table.status == "running":
        assert table.state is not None
        state = serial.loads(tictactoe.State, table.state)
        [seat] = tictactoe.awaiting(state)
        user = next(s["user_id"] for s in table.seats if s["seat"] == seat)
        free = [c.action["square"] for c in tictactoe.legal(state, seat) if c.action["type"] == "mark"]
        square = rng.choice(free)
        if await step(driver, bot, rng, ledger, "tictactoe mark", user, channel, square=square):
            ledger.acknowledged.append((table.id, square))
    else:
        return False
    return True


@pytest.mark.slow
async def test_sigkill_at_random_points_loses_and_repeats_nothing(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    rng = random.Random(SEED)
    ledger = Ledger()
    channels = [discord.channel(i) for i in range(3)]
    game = 0
    while ledger.kills < KILLS or game < 2:
        channel = channels[game % len(channels)]
        old = {t.id for t in oracle.tables(bot.data_dir)}
        for _ in range(200):
            if not await advance(driver, bot, rng, ledger, channel, old):
                break
        else:
            raise AssertionError(f"game {game} did not finish (seed {SEED})")
        game += 1
        if game > 12:
            raise AssertionError(f"only {ledger.kills} kills in {game} games (seed {SEED})")

    # the last crash may have left a result unposted: the restarted bot catches up
    def all_announced() -> bool:
        return all(t.announced == t.version for t in oracle.tables(bot.data_dir))

    for _ in range(40):
        if all_announced():
            break
        await asyncio.sleep(0.25)
    assert all_announced(), f"committed results never posted (seed {SEED})"

    logged: dict[tuple[int, str], int] = {}
    for table in oracle.tables(bot.data_dir):
        assert table.status == "finished"
        oracle.assert_log_explains_state(table)
        for action in table.actions:
            key = (table.id, action["action"]["square"])
            logged[key] = logged.get(key, 0) + 1
    assert all(count == 1 for count in logged.values()), f"an action applied twice (seed {SEED})"
    for key in ledger.acknowledged:
        assert key in logged, f"acknowledged {key} is not in the log (seed {SEED})"
    assert ledger.kills >= KILLS
    print(f"seed {SEED}: {ledger.kills} kills, {ledger.steps} commands, {game} games")


async def test_move_committed_before_a_crash_is_shown_even_if_play_goes_on(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    channel = discord.channel(0)
    x, o = discord.players[0], discord.players[1]
    await open_table(driver, channel, [x, o])
    stall = discord.inject("POST", FOLLOWUP, STALL, retry_after=30)  # the board post hangs: committed, never shown
    await driver.slash(x, "tictactoe mark", _channel=channel, square="a1")
    await discord.wait_for(lambda: oracle.table_in(bot.data_dir, channel["id"]).actions, timeout=5)
    await discord.wait_for(lambda: stall.hits, timeout=5)  # X's board post is the one held, not O's later
    bot.kill()
    await bot.start_and_connect()
    moved = await driver.run(o, "tictactoe mark", _channel=channel, square="b2")  # O plays on from the board
    assert "on b2" in moved.text
    table = oracle.table_in(bot.data_dir, channel["id"])
    assert [a["action"]["square"] for a in table.actions] == ["a1", "b2"]

    def shown() -> bool:
        return any("on a1" in m["content"] for m in discord.channel_messages(channel["id"]))

    try:
        await discord.wait_for(shown, timeout=6)
    except TimeoutError:
        raise AssertionError("X's committed move a1 never reached the channel") from None


async def test_a_crash_after_discord_made_the_bots_message_neither_repeats_it_nor_pings_again(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    """The bot's answer reaches the channel, and the process dies before it learns the message's id. The restarted
    process's catch-up sends with the nonce kept with the post's claim: Discord hands back that message (edited to
    show the catch-up, which pings nobody), so the move is in the channel once and its player pinged once."""
    channel = discord.channel(0)
    alice = discord.players[0]
    await driver.run(alice, "game new", _channel=channel, game="tictactoe")
    await driver.run(alice, "game bot add", _channel=channel, strength="normal")
    await driver.run(alice, "game start", _channel=channel, order="joined")
    answer = r"Bot 1 puts O on"  # the bot's message: made, its answer held (how alice's is sent does not matter)
    lost = discord.inject("POST", rf"^/channels/{channel['id']}/messages$", LOST_ANSWER, retry_after=60, content=answer)
    await driver.run(alice, "tictactoe mark", _channel=channel, square="b2")
    await discord.wait_for(lambda: lost.hits, timeout=10)  # the bot's answer is made, its answer held
    bot.kill()
    table = oracle.table_in(bot.data_dir, channel["id"])
    assert len(table.actions) == 2 and table.announced < table.version  # committed, not known to be shown
    await bot.start_and_connect()
    table = await settled(bot.data_dir, channel["id"], timeout=15)
    assert table.announced == table.version, "the catch-up never ran"

    answers = [m for m in discord.channel_messages(channel["id"]) if answer in m["content"]]
    assert len(answers) == 1, [m["content"] for m in answers]
    assert [message for message, user in discord.notified if user == alice.id].count(int(answers[0]["id"])) == 1
    after = discord.channel_log[int(channel["id"])]
    later = after[after.index(int(answers[0]["id"])) + 1 :]
    assert not [m for m, user in discord.notified if user == alice.id and m in later], "alice was pinged again"
    sent = discord.sent("POST", rf"^/channels/{channel['id']}/messages$")
    retries = [r for r in sent if answer in r.body.get("content", "")]
    assert len(retries) == 2 and retries[0].body["nonce"] == retries[1].body["nonce"]
    assert all(r.body["enforce_nonce"] for r in retries)
    assert not bot.tracebacks(), bot.tracebacks()[0]
