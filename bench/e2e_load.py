"""End-to-end load benchmark: the real bot.py against the local Discord stand-in, latency percentiles.

    .venv/bin/python bench/e2e_load.py [--tables 200] [--think 2.0] [--burst] [--simultaneous 50] [--hog [N]]
        [--heavy 4]

Latency is Discord's measure: from the interaction being sent to the bot's acknowledgement (limit 3 s).
Only 127.0.0.1 is used; the bot runs on a fresh database in a temporary folder and is killed at the end.
`--hog` keeps every core (or N of them) busy with a spinning process beside the bot, as on a shared machine;
the goal there is an acknowledgement p99 under 1 s and none later than 3 s. `--heavy N` also opens N Genertela
short scenarios during each run (their /game start plays 24 bot turns, seconds of CPU).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.driver import Driver, NoReply, Reply
from tests.e2e.flow import open_table
from tests.e2e.load import LoadResult, describe, many_tables, simultaneous
from tests.e2e.process import BOT, BotProcess
from tests.e2e.standin import FakeDiscord


async def run(tables: int, think: float, burst: bool, at_once: int, heavy: int) -> int:
    failures = 0
    async with FakeDiscord(users=2 * (tables + heavy) + 2, channels=tables + heavy + 1) as discord:
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
                    result, *more = await asyncio.gather(
                        many_tables(driver, tables, think=pause),
                        *(heavy_start(driver, tables, i) for i in range(heavy)),
                    )
                    for extra in more:
                        result.add(extra)
                    took = time.monotonic() - started
                    also = f" and {heavy} Genertela starts" if heavy else ""
                    print(f"{tables} tables{also}, {label}: {describe(result)} ({took:.1f}s)")
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


async def heavy_start(driver: Driver, tables: int, index: int) -> LoadResult:
    """A Genertela short scenario opened and started while the tables play (at a random moment of the first
    few seconds): a /game start that costs seconds of CPU, the other interactions' neighbour."""
    d, result = driver.discord, LoadResult()
    seen: list[Reply] = []
    channel, host, guest = (
        d.channel(tables + 1 + index),
        d.players[2 * (tables + index)],
        d.players[2 * (tables + index) + 1],
    )
    await asyncio.sleep(random.Random(index).uniform(0, 5))
    try:
        await open_table(driver, channel, [host, guest], game="genertela", options="scenario=short", seen=seen)
    except (NoReply, AssertionError) as error:
        result.failures.append(f"{channel['name']} (Genertela): {error}")
    result.latencies += [reply.latency for reply in seen]
    return result


@contextlib.contextmanager
def cpu_hog(processes: int) -> Iterator[None]:
    """`processes` busy loops beside the bot, killed at the end: the machine is shared with other work."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(processes)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


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
    parser.add_argument(
        "--hog", type=int, nargs="?", const=os.cpu_count() or 1, default=0, help="busy processes (default: one a core)"
    )
    parser.add_argument("--heavy", type=int, default=0, help="Genertela short scenarios started during each run")
    args = parser.parse_args()
    if args.hog:
        print(f"with {args.hog} busy process(es) beside the bot")
    with cpu_hog(args.hog):
        return asyncio.run(run(args.tables, args.think, args.burst, args.simultaneous, args.heavy))


if __name__ == "__main__":
    sys.exit(main())
