"""How long a whole game's timelapse takes to draw, and how large it is (a benchmark, not a test).

    nice -n 10 .venv/bin/python -m bench.timelapse                      Genertela (40 game turns), Nerath, Small World
    nice -n 10 .venv/bin/python -m bench.timelapse genertela --seed 2   one game
    .venv/bin/python -m bench.timelapse nerath --actions 30              a smoke run: one game cut off early

Each game is played through the real TableService on a database file, as bench/snapshot_size.py plays it (Genertela
by four people, one side each, every seat played by the policy for unseated sides, to its 40th game turn; the other
games by seeded random legal choices), so its snapshots are the ones a table keeps. Then the table's timelapse is
made as the bot makes it (table/service/timelapse.py: the snapshots read, parsed and drawn in a worker thread) and
the report gives the time it took, the frames, scale and timing chosen, the file's size, and the longest the event
loop went without running meanwhile (a task that wakes every 5 ms measures it). Issue #41's targets: a 40-turn
Genertela game within 10 s, every file within Discord's 10 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bench.snapshot_size import GAMES, MAX_ACTIONS, play
from render import timelapse
from table.service import TableService
from table.storage import Store

TARGET_SECONDS = 10.0
TICK = 0.005  # s: how often the watching task wakes


async def longest_stall(done: asyncio.Event) -> float:
    """The longest gap, past its due time, between two wakings of a task that sleeps TICK (the loop was busy)."""
    worst = 0.0
    while not done.is_set():
        before = time.perf_counter()
        await asyncio.sleep(TICK)
        worst = max(worst, time.perf_counter() - before - TICK)
    return worst


async def measure(game: str, seed: int, cap: int) -> bool:
    """Play one game, draw its timelapse; print the figures. Whether it met the targets."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        seeds = iter(range(seed * 1_000_003, 10**12))
        service = TableService(store, seeds=lambda: next(seeds))
        began = time.perf_counter()
        actions, ended = await play(service, game, seed, cap)
        played = time.perf_counter() - began
        table = await service.table_here(1)
        done = asyncio.Event()
        watch = asyncio.create_task(longest_stall(done))
        began = time.perf_counter()
        drawn = await service.timelapses.of(table)
        took = time.perf_counter() - began
        done.set()
        stall = await watch
        await store.close()
    fits = len(drawn.data) <= timelapse.LIMIT
    fast = took <= TARGET_SECONDS
    state = "" if ended else " (cut off: did not end)"
    print(
        f"{game}: {actions} actions, {table.turns} turns{state}, played in {played:.0f} s\n"
        f"  timelapse: {drawn.frames} frames at scale {drawn.scale:.2f}, {drawn.frame_ms} ms each, "
        f"{drawn.kind} of {len(drawn.data) / 1_000_000:.2f} MB; drawn in {took:.2f} s; "
        f"the event loop's longest stall meanwhile {stall * 1000:.1f} ms\n"
        f"  targets (issue #41): drawn <= {TARGET_SECONDS:.0f} s: {'met' if fast else 'missed'}; "
        f"<= {timelapse.LIMIT / 1_000_000:.0f} MB: {'met' if fits else 'missed'}"
    )
    return fits and fast


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help=f"games to play, of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--actions", type=int, default=MAX_ACTIONS, help="cut each game off after this many actions")
    args = parser.parse_args(argv)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(GAMES)}")
    for game in args.games or list(GAMES):
        asyncio.run(measure(game, args.seed, args.actions))


if __name__ == "__main__":
    main()
