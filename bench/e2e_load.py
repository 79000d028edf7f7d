"""End-to-end load benchmark: the real bot.py against the local Discord stand-in, latency percentiles.

    .venv/bin/python bench/e2e_load.py [--tables 200] [--think 2.0] [--burst] [--simultaneous 50]

Latency is Discord's measure: from the interaction being sent to the bot's acknowledgement (limit 3 s).
Only 127.0.0.1 is used; the bot runs on a fresh database in a temporary folder and is killed at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.driver import Driver
from tests.e2e.load import describe, many_tables, simultaneous
from tests.e2e.process import BOT, BotProcess
from tests.e2e.standin import FakeDiscord


async def run(tables: int, think: float, burst: bool, at_once: int) -> int:
    failures = 0
    async with FakeDiscord(users=2 * tables + 2, channels=tables + 1) as discord:
        with tempfile.TemporaryDirectory(prefix="pbp-bench-") as folder:
            bot = BotProcess(discord, Path(folder), [str(BOT)])
            try:
                await bot.start_and_connect()
                await discord.wait_for(lambda: discord.command_syncs, timeout=30)
                driver = Driver(discord)
                modes = [("burst", 0.0)] if burst else []
                modes.append((f"think<={think:g}s", think))
                for label, pause in modes:
                    started = time.monotonic()
                    result = await many_tables(driver, tables, think=pause)
                    took = time.monotonic() - started
                    print(f"{tables} tables, {label}: {describe(result)} ({took:.1f}s)")
                    failures += len(result.failures)
                    for failure in result.failures[:3]:
                        print(f"  e.g. {failure}")
                    await restart_fresh(bot, discord)
                if at_once:
                    x, o = discord.players[-2], discord.players[-1]
                    result = await simultaneous(driver, bot.data_dir, discord.channel(tables), x, o, at_once)
                    print(f"{at_once} simultaneous actions on one table: {describe(result)}; applied={result.applied}")
                    failures += len(result.failures)
            finally:
                bot.kill()
    return 1 if failures else 0


async def restart_fresh(bot: BotProcess, discord: FakeDiscord) -> None:
    """The next mode needs free channels: a new database (and a new bot process on it)."""
    bot.kill()
    for path in bot.data_dir.iterdir():
        if path.name.startswith("tables."):
            path.unlink()
    await bot.start_and_connect()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=2.0, help="max seconds a user waits before each action")
    parser.add_argument("--burst", action="store_true", help="also run every table's step in the same instant")
    parser.add_argument("--simultaneous", type=int, default=50, help="actions sent at once on one table")
    args = parser.parse_args()
    return asyncio.run(run(args.tables, args.think, args.burst, args.simultaneous))


if __name__ == "__main__":
    sys.exit(main())
