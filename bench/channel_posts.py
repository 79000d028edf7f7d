"""One message per turn, measured: the real bot.py against the local Discord stand-in plays whole games and times
an action that edits the turn's message (render + edit) next to one that posts a new message (render + post).

    .venv/bin/python -m bench.channel_posts [--games smallworld,nerath] [--seed 7]
    .venv/bin/python -m bench.channel_posts --games tictactoe                a smoke run, the smallest

Time is from the slash command being sent to the bot's answer being complete (for an edit: the edit is made and
the actor's private confirmation sent; for a post: the new message is in the channel). It also prints public
messages and uploaded images per turn, as the end-to-end test counts them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rules
from rules import serial
from tests.e2e import oracle
from tests.e2e.driver import Driver
from tests.e2e.flow import GIVE_UP, action_options, command_of, open_table
from tests.e2e.process import BOT, BotProcess
from tests.e2e.standin import FakeDiscord


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


async def play(driver: Driver, discord: FakeDiscord, bot: BotProcess, game: str, index: int, seed: int) -> str:
    meta = rules.engine(game).meta
    players = discord.players[2 * index : 2 * index + meta.min_players]
    channel = discord.channel(index)
    await open_table(driver, channel, players, game, rules.game(game).short_typed)  # the game's shortest setting
    users = {p.id: p for p in players}
    chooser = random.Random(seed)
    edits: list[float] = []
    posts: list[float] = []
    messages, images = len(discord.channel_messages(channel["id"])), len(discord.files)
    while True:
        table = oracle.table_in(bot.data_dir, channel["id"], actions=False)
        if table.status != "running":
            break
        engine = rules.engine(table.game)
        assert table.state is not None
        state = serial.loads(engine.State, table.state)
        seat = chooser.choice(sorted(engine.awaiting(state)))
        choices = [c for c in engine.legal(state, seat) if c.action["type"] not in GIVE_UP]
        action = chooser.choice(choices).action
        user = users[next(s["user_id"] for s in table.seats if s["seat"] == seat)]
        before = len(discord.channel_messages(channel["id"]))
        started = time.perf_counter()
        await driver.run(user, f"{command_of(game)} {action['type']}", _channel=channel, **action_options(action))
        took = (time.perf_counter() - started) * 1000
        (posts if len(discord.channel_messages(channel["id"])) > before else edits).append(took)
    table = oracle.table_in(bot.data_dir, channel["id"])
    shape = oracle.turn_shape(table)
    messages = len(discord.channel_messages(channel["id"])) - messages
    images = len(discord.files) - images
    return (
        f"{game:11} {len(edits):5} edits p50 {statistics.median(edits or [0]):6.1f} ms p99 "
        f"{percentile(edits, 0.99):6.1f} ms | {len(posts):4} posts p50 {statistics.median(posts or [0]):6.1f} ms "
        f"p99 {percentile(posts, 0.99):6.1f} ms | {shape.turns} turns, {shape.handoffs} hand-offs: "
        f"{messages} messages ({messages / max(shape.turns, 1):.2f}/turn), {images} images"
    )


async def run(games: list[str], seed: int) -> None:
    async with FakeDiscord(users=2 * len(games) + 4, channels=len(games) + 1) as discord:
        with tempfile.TemporaryDirectory(prefix="pbp-bench-") as folder:
            bot = BotProcess(discord, Path(folder), [str(BOT)])
            try:
                await bot.start_and_connect()
                await discord.wait_for(lambda: discord.command_syncs, timeout=30)
                driver = Driver(discord)
                for index, game in enumerate(games):
                    print(await play(driver, discord, bot, game, index, seed), flush=True)
            finally:
                bot.kill()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(g for g in rules.engines() if g != "tictactoe"))
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    asyncio.run(run(args.games.split(","), args.seed))


if __name__ == "__main__":
    main()
