"""How much disk one whole game takes in the SQLite store (a benchmark, not a test).

    nice -n 10 .venv/bin/python -m bench.snapshot_size                    Genertela, Nerath, Small World
    nice -n 10 .venv/bin/python -m bench.snapshot_size nerath --seed 2    one game
    .venv/bin/python -m bench.snapshot_size nerath --actions 5             a smoke run: one game cut off early

Each game is played to its end through the real TableService on a database file: Genertela by four people, one
side each, every seat played by the engine's policy for unseated sides (rules/genertela/policy.py); the other games
by a seeded random legal choice. Then it reports the file's size after a WAL checkpoint and after VACUUM, the
bytes held by snapshots, by actions and by the rest (SQLite's dbstat when it is compiled in, else the sum of the
columns' lengths), the number of snapshots, and how long reading one snapshot takes (`/board turn:N` reads one).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import aiosqlite

import rules
from rules.base import Engine
from rules.genertela import engine as genertela_engine
from rules.genertela import policy as unseated
from table.service import Caller, TableService
from table.storage import Database, Store
from table.storage.log import Log
from table.storage.sqlite import SqliteDatabase

GAMES = {"genertela": (4, {"seating": "one_each"}), "nerath": (4, {}), "smallworld": (4, {})}
MAX_ACTIONS = 20_000  # a random game that never ends is cut off here (and says so)
MB = 1024 * 1024


def policy(engine: Engine[Any], state: Any, seat: int, chooser: random.Random) -> dict[str, Any]:
    if engine.meta.id == "genertela":
        if genertela_engine._aiming(state, seat) is not None:
            return engine.fallback(state, seat)  # the default target of that seat's side
        return unseated.next_action(state)
    return chooser.choice(engine.legal(state, seat)).action


async def play(service: TableService, game: str, seed: int, cap: int = MAX_ACTIONS) -> tuple[int, bool]:
    """Play one whole game in channel 1; returns the number of actions and whether it ended."""
    players, options = GAMES[game]
    engine = rules.engine(game)
    callers = [Caller(1000 + i, f"player{i + 1}") for i in range(players)]
    await service.create(1, 1, callers[0], game, options)
    for caller in callers[1:]:
        await service.join(1, caller)
    await service.start(1, callers[0], "joined")
    chooser = random.Random(seed)
    by_seat = {seat.seat: caller for seat, caller in zip(await service.store.tables.seats(1), callers, strict=True)}
    for count in range(cap):
        table = await service.table_here(1)
        if table.status != "running":
            return count, True
        state = service.state(table)
        seat = min(engine.awaiting(state))
        await service.act(1, by_seat[seat], policy(engine, state, seat, chooser))
    return cap, False


class TimedLog(Log):
    """The log, timing each snapshot it keeps (the encoding is paid inside the action's transaction)."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        self.adds: list[float] = []

    async def add_snapshot(self, table_id: int, turn: int, upto: int, state: str, now: float) -> None:
        start = time.perf_counter()
        await super().add_snapshot(table_id, turn, upto, state, now)
        self.adds.append(time.perf_counter() - start)


async def scalar(db: aiosqlite.Connection, sql: str) -> int:
    async with db.execute(sql) as cursor:
        row = await cursor.fetchone()
    return int(row[0] or 0) if row else 0


async def bytes_by_table(db: aiosqlite.Connection) -> dict[str, int]:
    """Bytes on disk per SQL table and its indexes (dbstat), or the columns' lengths where dbstat is missing."""
    try:
        async with db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name") as cursor:
            rows = list(await cursor.fetchall())
    except Exception:  # dbstat is an optional part of SQLite
        return {
            "snapshots": await scalar(db, "SELECT SUM(LENGTH(state)) FROM snapshots"),
            "actions": await scalar(db, "SELECT SUM(LENGTH(action) + LENGTH(events)) FROM actions")
            + await scalar(db, "SELECT SUM(LENGTH(rows)) FROM log_chunks"),
        }
    sizes: dict[str, int] = {}
    for name, size in rows:
        log = "actions" in name or "log_chunks" in name
        owner = "snapshots" if "snapshots" in name else "actions" if log else "rest"
        sizes[owner] = sizes.get(owner, 0) + int(size)
    return sizes


async def read_times(store: Store, turns: int) -> list[float]:
    times = []
    for turn in range(turns + 1):
        start = time.perf_counter()
        assert await store.log.snapshot(1, turn) is not None
        times.append(time.perf_counter() - start)
    return times


async def measure(game: str, seed: int, cap: int = MAX_ACTIONS) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        database = await SqliteDatabase.open_file(path)
        store = Store(database)
        timed = store.log = TimedLog(database)
        seeds = iter(range(seed * 1_000_003, 10**12))
        service = TableService(store, seeds=lambda: next(seeds))
        start = time.perf_counter()
        actions, ended = await play(service, game, seed, cap)
        played = time.perf_counter() - start
        await database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        checkpointed = path.stat().st_size
        snapshots = await scalar(database.connection, "SELECT COUNT(*) FROM snapshots")
        table = await service.table_here(1)
        reads = await read_times(store, table.turns)
        await database.connection.execute("VACUUM")
        await database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        vacuumed = path.stat().st_size
        sizes = await bytes_by_table(database.connection)
        await store.close()
    total = sum(sizes.values())
    rest = sizes.get("rest", vacuumed - sizes["snapshots"] - sizes["actions"]) if total else 0
    print(
        f"{game}: {actions} actions, {table.turns} turns{'' if ended else ' (cut off: did not end)'}, "
        f"played in {played:.0f} s\n"
        f"  file {checkpointed / MB:.2f} MB after a WAL checkpoint, {vacuumed / MB:.2f} MB after VACUUM\n"
        f"  snapshots {sizes['snapshots'] / MB:.2f} MB ({snapshots} of them, "
        f"{sizes['snapshots'] / max(snapshots, 1) / 1024:.1f} kB each), actions {sizes['actions'] / MB:.2f} MB, "
        f"rest {rest / MB:.2f} MB\n"
        f"  reading one snapshot: p50 {statistics.median(reads) * 1000:.1f} ms, "
        f"max {max(reads) * 1000:.1f} ms; keeping one: p50 {statistics.median(timed.adds) * 1000:.1f} ms, "
        f"max {max(timed.adds) * 1000:.1f} ms"
    )


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
