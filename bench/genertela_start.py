"""How long a Genertela table takes to start, and proof that a speed-up changed nothing (not a test).

    .venv/bin/python -m bench.genertela_start                 short-scenario starts: CPU seconds, best of 3
    .venv/bin/python -m bench.genertela_start --runs 1 --players 2 --profile 25   and the 25 costliest functions
    .venv/bin/python -m bench.genertela_start --fresh         a first and a second start in a fresh process,
                                                              through the console's service (imports included)
    .venv/bin/python -m bench.genertela_start --digest FILE   hash the starting states (10 seeds x both scenarios
                                                              x 2-4 players x both prelude bots) into FILE, or
                                                              compare with FILE when it exists

The short scenario's start plays turns 1-24 with the bot for every side (about 2,000 decisions) inside `new()`.
Times are CPU seconds of this process (time.process_time), which a busy machine disturbs less than wall time.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import pstats
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rules import serial
from rules.base import SeatInfo
from rules.genertela.engine import ENGINE
from rules.rng import Rng


def options(scenario: str, prelude: str = "normal") -> dict[str, Any]:
    """A table made now; `prelude="simple"`: one made before the handicap option (its prelude plays the simple bot)."""
    chosen = dict(ENGINE.meta.resolve_options({"scenario": scenario}))
    if prelude == "simple":
        del chosen["handicap"]
    return chosen


def start(seed: int, players: int, scenario: str = "short", prelude: str = "normal") -> Any:
    return ENGINE.new([SeatInfo()] * players, options(scenario, prelude), Rng(seed))


def state_digest(state: Any) -> str:
    return hashlib.sha256(serial.dumps(state).encode()).hexdigest()[:16]


def bot_play_digest(seed: int, players: int, actions: int) -> str:
    """Every seat played by the game's bot (bot.policy, the sharp one) for `actions` actions after a short start:
    a hash of each action it chose and of the state after it."""
    state = start(seed, players)
    chooser, digest = random.Random(seed), hashlib.sha256()
    assert ENGINE.bot is not None
    for n in range(actions):
        if ENGINE.outcome(state) is not None:
            break
        seat = min(ENGINE.awaiting(state))
        action = ENGINE.bot(ENGINE.view(state, seat), seat, chooser)
        ENGINE.apply(state, seat, action, Rng(seed * 100_000 + n))
        digest.update(json.dumps(action, sort_keys=True).encode())
    digest.update(serial.dumps(state).encode())
    return digest.hexdigest()[:16]


def all_digests(seeds: int) -> dict[str, str]:
    found: dict[str, str] = {}
    for scenario in ("short", "full"):
        for prelude in ("normal", "simple"):
            for players in (2, 3, 4):
                for seed in range(seeds):
                    key = f"{scenario} {prelude} {players}p seed {seed}"
                    found[key] = state_digest(start(seed, players, scenario, prelude))
                    print(key, found[key], flush=True)
    for seed in range(2):
        found[f"bot play seed {seed}"] = bot_play_digest(seed, 4, 300)
    return found


def check_digests(path: Path, seeds: int) -> int:
    found = all_digests(seeds)
    if not path.exists():
        path.write_text(json.dumps(found, indent=1))
        print(f"{len(found)} digests written to {path}")
        return 0
    before = json.loads(path.read_text())
    changed = [key for key in before if found.get(key) != before[key]]
    print(f"{len(before)} digests compared with {path}: {len(changed)} changed {changed}")
    return 1 if changed else 0


def time_starts(runs: int, players: list[int], profile: int) -> None:
    for count in players:
        seconds = []
        for run in range(runs):
            began = time.process_time()
            if profile and run == 0:
                profiler = cProfile.Profile()
                profiler.runcall(start, run, count)
            else:
                start(run, count)
            seconds.append(time.process_time() - began)
        print(f"short start, {count} players: best {min(seconds):.2f} s CPU of {runs} (seeds 0-{runs - 1})")
        if profile:
            stats = pstats.Stats(profiler)
            print(f"  profiled run: {stats.total_calls} function calls")  # type: ignore[attr-defined]
            stats.sort_stats("tottime").print_stats(profile)


FRESH = """
import asyncio, functools, pathlib, sys, tempfile, time
began = time.process_time()
from console.clock import ConsoleClock
from console.session import Console
from table.service import TableService
from table.storage import Store
imported = time.process_time()

async def main():
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(folder + "/t.sqlite3")
        clock = ConsoleClock()
        compose = functools.partial(TableService, store, clock=clock, confirms_messages=True)
        console = Console(compose, sys.stdout, pathlib.Path(folder), clock)
        await console.service.started()
        for table in ("first", "second"):
            for line in (f"channel {table}", "as alice", "game new genertela scenario=short", "as bob", "game join",
                         "as alice"):
                await console.run_line(line)
            before = time.process_time()
            await console.run_line("game start")
            print(f"@{table} {time.process_time() - before:.2f}", file=sys.stderr)
        await store.close()

asyncio.run(main())
print(f"@imports {imported - began:.2f}", file=sys.stderr)
"""


def fresh() -> None:
    """A first and a second short-scenario start through the console's service in a new process."""
    done = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True, cwd=Path(__file__).parents[1])
    figures = dict(line[1:].split() for line in done.stderr.splitlines() if line.startswith("@"))
    if done.returncode or len(figures) != 3:
        sys.exit(done.stdout + done.stderr)
    print(
        f"fresh process (CPU s): imports {figures['imports']}, first start {figures['first']}, "
        f"second start {figures['second']}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="starts per player count (the best is reported)")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--profile", type=int, default=0, help="profile the first start; print this many lines")
    parser.add_argument("--fresh", action="store_true", help="time a fresh process's first and second start")
    parser.add_argument("--digest", type=Path, help="write (or compare with) the starting states' hashes")
    parser.add_argument("--seeds", type=int, default=10, help="seeds per combination for --digest")
    args = parser.parse_args()
    if args.digest:
        return check_digests(args.digest, args.seeds)
    if args.fresh:
        fresh()
        return 0
    time_starts(args.runs, args.players, args.profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
