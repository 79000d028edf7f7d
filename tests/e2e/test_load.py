"""Load: 200 tables at once, and 50 simultaneous actions on one table: every interaction answered, nothing lost or
doubled. How fast is measured by bench/e2e_load.py, not asserted here (a shared machine would fail it)."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e import oracle
from tests.e2e.driver import Driver
from tests.e2e.load import describe, many_tables, simultaneous
from tests.e2e.process import BotProcess
from tests.e2e.standin import FakeDiscord

pytestmark = pytest.mark.alone  # every answer must come within 3 s: no other test may share the cores

TABLES = 200
THINK = 2.0  # seconds a user may take before each action: 200 tables busy at once, not in lockstep


@pytest.mark.slow
@pytest.mark.standin(users=2 * TABLES, channels=TABLES)
async def test_200_tables_at_once(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    result = await many_tables(driver, TABLES, think=THINK)
    print(describe(result))
    assert not result.failures, result.failures[:5]
    assert len(result.latencies) == TABLES * 8  # every interaction answered; the timing figures are bench/e2e_load.py's
    tables = oracle.tables(bot.data_dir)
    assert len(tables) == TABLES and all(t.status == "finished" and len(t.actions) == 5 for t in tables)
    assert not bot.tracebacks(), bot.tracebacks()[:1]


@pytest.mark.standin(users=40, channels=20)
async def test_commands_on_different_tables_at_the_same_moment(
    discord: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    """20 hosts open 20 tables in the same instant: each is its own transaction, none may fail."""
    sent = [
        await driver.slash(discord.players[i], "game new", _channel=discord.channel(i), game="tictactoe")
        for i in range(20)
    ]
    replies = await asyncio.gather(*(driver.reply(s) for s in sent))
    refused = [r.text[:80] for r in replies if r.refused]  # a busy bot's private "Done" is no refusal
    assert not refused, f"{len(refused)} of 20 refused, e.g. {refused[0]!r}"
    assert len(oracle.tables(bot.data_dir)) == 20
    for i in range(20):  # each answer reached its channel once: as the reply, or posted beside a private "Done"
        posted = [m for m in discord.channel_messages(discord.channel(i)["id"]) if "opened a" in m["content"]]
        assert len(posted) == 1, posted


@pytest.mark.slow
async def test_50_simultaneous_actions_on_one_table(discord: FakeDiscord, bot: BotProcess, driver: Driver) -> None:
    x, o = discord.players[0], discord.players[1]
    result = await simultaneous(driver, bot.data_dir, discord.channel(0), x, o, 50)
    print(describe(result))
    assert not result.failures, result.failures[:5]
    assert result.applied >= 1 and result.applied + result.refused == 50
    assert not bot.tracebacks(), bot.tracebacks()[:1]
