"""The memory the state cache takes to hold running tables, and what it saves an action (a benchmark, not a test).

    .venv/bin/python -m bench.state_cache                        every game, 10,000 tables each
    .venv/bin/python -m bench.state_cache genertela --tables 1000

For each game, one mid-game state (a seeded random game, `--actions` moves in) is parsed once per table from its own
text, as each table's row is read from the store, and kept in a table/service/state_cache.StateCache big enough for
all of them. It prints the state's stored text, what the kept tables take (tracemalloc: what was allocated while they
were parsed and kept, and still is), per table and in all, and the time of a cache hit (a copy) against a parse of
the text, each the best of 20.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import rules
from bench.bench import players_for
from rules import serial
from rules.base import SeatInfo
from rules.rng import Rng
from table.service.state_cache import StateCache

TABLES = 10_000


def mid_game(game: str, actions: int) -> Any:
    """A state `actions` random moves into a seeded game (fewer if it ends first)."""
    engine = rules.engine(game)
    players = players_for(engine)
    state = engine.new([SeatInfo() for _ in range(players)], engine.meta.resolve_options({}), Rng(5))
    chooser = random.Random(5)
    for _ in range(actions):
        if engine.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(engine.awaiting(state)))
        moves = [c.action for c in engine.legal(state, seat) if c.action["type"] not in ("resign", "concede")]
        engine.act(state, seat, chooser.choice(moves), Rng(chooser.randrange(2**32)))
    return state


def best_of(runs: int, work: Callable[[], object]) -> float:
    """The shortest of `runs` timings of `work`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def measure(game: str, tables: int, actions: int) -> str:
    engine = rules.engine(game)
    text = serial.dumps(mid_game(game, actions))
    texts = [text.encode().decode() for _ in range(tables)]  # each table's own copy of the text, as the store gives
    cache = StateCache(size=tables)
    gc.collect()
    tracemalloc.start()
    for table in range(tables):
        cache.put(table, 1, serial.loads(engine.State, texts[table]))
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(cache) == tables
    hit = best_of(20, lambda: cache.get(0, 1))
    parse = best_of(20, lambda: serial.loads(engine.State, text))
    return (
        f"{game:<12} {len(text) / 1024:>7.1f} {kept / tables / 1024:>9.1f} {kept / 2**20:>8.1f} "
        f"{hit * 1000:>8.2f}ms {parse * 1000:>8.2f}ms"
    )


def run(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: every installed game)")
    parser.add_argument("--tables", type=int, default=TABLES, help="running tables kept, per game")
    parser.add_argument("--actions", type=int, default=60, help="random moves into the game of the state kept")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])
    print(f"{args.tables} tables of one game in the state cache, each parsed from its own text")
    print(f"{'game':<12} {'text KB':>7} {'KB/table':>9} {'MB':>8} {'hit':>10} {'parse':>10}")
    for game in rules.engines():
        if not args.games or game in args.games:
            print(measure(game, args.tables, args.actions), flush=True)


if __name__ == "__main__":
    run()
