"""Render + encode of every posted board, over the states of a bot-played game: the figures, a profile, and a
pixel-by-pixel check of the boards against ones saved before a change (not a test).

    .venv/bin/python -m bench.render_profile                      every game: p50/p99 per board kind
    .venv/bin/python -m bench.render_profile genertela --profile  and the profile's top lines
    .venv/bin/python -m bench.render_profile --save DIR           keep every board drawn (PNG) ...
    .venv/bin/python -m bench.render_profile --compare DIR        ... and later, list those that no longer match

The boards a table posts (a game's renderer record): the turn's board (`board`, in the table "render"), and where
the game has them the whole map (`full`), the zoom on a place (`zoom`, on the places in turn) and the first awaited
seat's hand (`hand`). Each is timed in wall-clock ms (what bench.bench's target reads: at most 15 ms at p99) and in
the thread's CPU ms (steadier on a busy machine); `--repeat N` keeps the least of N drawings of each board. As in
bench.bench, the first board of each kind is drawn once untimed (the process's one-offs). States: one every
`--stride` actions of a game every seat of which the game's bot plays, from the start to the end (or `--states`
states), the last state included.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

import rules
from bench.bench import percentile, players_for
from render import renderer
from render.draw import encode_png
from render.record import table_facts
from rules import serial
from rules.base import Engine, SeatInfo
from rules.bots import random_policy
from rules.rng import Rng

Draw = Callable[[], Image.Image]


@dataclass
class Board:
    """One board to draw: its kind, the state it shows, and the call that draws it."""

    name: str  # "<game>-<kind>-<state number>", the saved file's name
    kind: str
    draw: Draw


@dataclass
class Timings:
    wall: dict[str, list[float]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)

    def add(self, kind: str, wall: float, cpu: float) -> None:
        self.wall.setdefault(kind, []).append(wall)
        self.cpu.setdefault(kind, []).append(cpu)


def states(engine: Engine[Any], options: dict[str, str], count: int, stride: int, seed: int) -> list[Any]:
    """Every `stride`-th state of a game the bot plays at every seat (the last one too), at most `count`."""
    chooser = random.Random(seed)
    state = engine.new(
        [SeatInfo() for _ in range(players_for(engine))], engine.meta.resolve_options(options), Rng(seed)
    )
    policy = engine.bot or random_policy(engine)
    kept = [serial.loads(engine.State, serial.dumps(state))]
    actions = 0
    while engine.outcome(state) is None and len(kept) < count:
        seat = chooser.choice(sorted(engine.awaiting(state)))
        engine.act(state, seat, policy(engine.view(state, seat), seat, chooser), Rng(chooser.randrange(2**62)))
        actions += 1
        if actions % stride == 0 or engine.outcome(state) is not None:
            kept.append(serial.loads(engine.State, serial.dumps(state)))
    return kept


def boards(game: str, engine: Engine[Any], played: list[Any]) -> list[Board]:
    """Every board the table would post for these states, as it calls the renderer."""
    drawn = renderer(game)
    names = [f"player{i + 1}" for i in range(players_for(engine))]
    found: list[Board] = []
    for at, state in enumerate(played):
        public, facts = engine.view(state, None), table_facts(engine, state, names)
        found.append(Board(f"{game}-render-{at:03}", "render", partial(drawn.board, public, facts)))
        if drawn.full is not None:
            found.append(Board(f"{game}-full-{at:03}", "full", partial(drawn.full, public, facts)))
        if drawn.zoom is not None:
            places = drawn.zoom.places(public)
            place = places[(at * 7) % len(places)][0]
            found.append(Board(f"{game}-zoom-{at:03}", "zoom", partial(drawn.zoom.draw, public, facts, place)))
        if drawn.hand is not None:
            for seat in sorted(engine.awaiting(state))[:1]:
                mine = engine.view(state, seat)
                found.append(Board(f"{game}-hand-{at:03}", "hand", partial(drawn.hand, mine, seat, facts)))
    return found


def measure(
    drawn: list[Board], timings: Timings, save: Path | None, compare: Path | None, repeat: int = 1
) -> list[str]:
    """Draw and encode each board, timed (the least of `repeat` times); save it or compare it with the saved one.
    The names that differ."""
    differ: list[str] = []
    for board in drawn:
        walls, cpus = [], []
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.thread_time()
            png = encode_png(board.draw())
            walls.append(time.perf_counter() - wall)
            cpus.append(time.thread_time() - cpu)
        timings.add(board.kind, min(walls), min(cpus))
        if save is not None:
            (save / f"{board.name}.png").write_bytes(png)
        if compare is not None:
            kept = compare / f"{board.name}.png"
            before = Image.open(kept).convert("RGB") if kept.exists() else None
            now = Image.open(io.BytesIO(png)).convert("RGB")
            if before is None or before.size != now.size or ImageChops.difference(before, now).getbbox() is not None:
                differ.append(board.name)
    return differ


def run(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: every installed game)")
    parser.add_argument("--states", type=int, default=40, help="states drawn per game")
    parser.add_argument("--stride", type=int, default=25, help="actions between two states drawn")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--option", action="append", default=[], help="game option name=value (where a game has it)")
    parser.add_argument("--boards", nargs="+", default=[], help="board kinds to draw: render full zoom hand (all)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="draw each board this many times and keep the least time (on a busy "
        "machine, the board's own cost; the first drawing's one-offs, a new text or a new view, are left out)",
    )
    parser.add_argument("--profile", action="store_true", help="print the profile's top lines per game")
    parser.add_argument("--top", type=int, default=25, help="profile lines shown")
    parser.add_argument("--save", type=Path, help="folder to keep every board in (PNG)")
    parser.add_argument("--compare", type=Path, help="folder of boards saved before: list those that differ")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])
    options = dict(pair.split("=", 1) for pair in args.option)
    if args.save is not None:
        args.save.mkdir(parents=True, exist_ok=True)
    print(f"{'game':<11} {'board':<6} {'n':>4} {'wall p50':>9} {'wall p99':>9} {'cpu p50':>9} {'cpu p99':>9}")
    for game, engine in rules.engines().items():
        if args.games and game not in args.games:
            continue
        known = {option.name for option in engine.meta.options}
        played = states(engine, {k: v for k, v in options.items() if k in known}, args.states, args.stride, args.seed)
        drawn = [board for board in boards(game, engine, played) if not args.boards or board.kind in args.boards]
        if not drawn:
            continue
        warm = renderer(game).warm
        if warm is not None:
            warm()  # as the bot does at start
        for kind in dict.fromkeys(board.kind for board in drawn):  # as bench.bench does: a process's one-offs
            encode_png(next(board for board in drawn if board.kind == kind).draw())  # (the PNG encoder's import...)
        timings = Timings()
        profiler = cProfile.Profile() if args.profile else None
        if profiler is not None:
            profiler.enable()
        differ = measure(drawn, timings, args.save, args.compare, args.repeat)
        if profiler is not None:
            profiler.disable()
        for kind, walls in timings.wall.items():
            cpus = timings.cpu[kind]
            figures = [percentile(walls, 0.5), percentile(walls, 0.99), percentile(cpus, 0.5), percentile(cpus, 0.99)]
            print(f"{game:<11} {kind:<6} {len(walls):>4} " + " ".join(f"{f * 1000:>7.1f}ms" for f in figures))
        if args.compare is not None:
            print(f"{game}: {len(differ)} of {len(drawn)} boards differ from those in {args.compare}")
            for name in differ:
                print(f"  {name}")
        if profiler is not None:
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(args.top)
            print(out.getvalue())


if __name__ == "__main__":
    run()
