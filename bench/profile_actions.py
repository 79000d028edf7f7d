"""Where an action's time goes (a profile, not a test): cProfile over bench.bench's timed actions, per game.

    .venv/bin/python -m bench.profile_actions                  every game, 150 actions each, top 15 by own time
    .venv/bin/python -m bench.profile_actions genertela --actions 50 --top 25 --sort cumulative

Each game's actions run on fresh tables through the service (load, act, commit, render, encode) as bench.bench times
them, and the profile covers only that timed part. The service hands its slow work (act, drawing the board) to worker
threads, which cProfile does not see: here that work runs in the event loop's thread instead (asyncio.to_thread made
a plain call), so it is in the profile. SQLite's own thread is not: its time shows as the event loop waiting.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import rules
from bench.bench import Store, bench_actions  # the store as bench.bench opens it
from render.warmup import warm_up
from table.service import TableService

T = TypeVar("T")


@contextmanager
def threads_inline() -> Iterator[None]:
    """asyncio.to_thread runs its function at once, in the caller's thread, while this holds."""
    original = asyncio.to_thread

    async def inline(function: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        return function(*args, **kwargs)

    asyncio.to_thread = inline
    try:
        yield
    finally:
        asyncio.to_thread = original


async def profile_game(game_id: str, samples: int, channel: int) -> cProfile.Profile:
    profile = cProfile.Profile()
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "profile.sqlite3")
        with threads_inline():
            await bench_actions(TableService(store), rules.engine(game_id), channel, samples, profile=profile)
        await store.close()
    return profile


def top_lines(profile: cProfile.Profile, sort: str, top: int) -> str:
    out = io.StringIO()
    pstats.Stats(profile, stream=out).strip_dirs().sort_stats(sort).print_stats(top)
    text = out.getvalue()
    return text[text.index("ncalls") :].rstrip() if "ncalls" in text else text.rstrip()


def run(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to profile (default: every installed game)")
    parser.add_argument("--actions", type=int, default=150, help="actions profiled per game")
    parser.add_argument("--top", type=int, default=15, help="lines printed per game")
    parser.add_argument("--sort", default="tottime", choices=["tottime", "cumulative"], help="order of the lines")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])
    asyncio.run(warm_up(args.games or rules.engines(), freeze=True))  # as the bot and bench.bench do at start
    for index, game_id in enumerate(rules.engines()):
        if args.games and game_id not in args.games:
            continue
        profile = asyncio.run(profile_game(game_id, args.actions, 1_000_000 * (index + 1)))
        total: float = pstats.Stats(profile).total_tt  # type: ignore[attr-defined]
        each = total / args.actions * 1000
        print(f"== {game_id}: {args.actions} actions, {total:.2f} s in the profile ({each:.1f} ms each)")
        print(top_lines(profile, args.sort, args.top), flush=True)


if __name__ == "__main__":
    run()
