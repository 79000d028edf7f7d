"""Fingerprints of random games, to compare between processes started with different PYTHONHASHSEED values.

Python salts the hash of every string per process, so a set of names iterates in another order in another process.
A rule that walks such a set decides differently in the bot than in a replay of its log (the log stops explaining
the state). Run as `python -m tests.support.trajectory GAME PLAYERS SEED... [-o name=value ...] [--bots]`: one line per
seed, with a digest of every legal list and every state along the game and the step of each.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import rules
from rules import serial
from rules.base import Engine, SeatInfo
from rules.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
HASH_SEEDS = ("11", "123")  # two salts that order many small sets of names differently
GIVE_UP = ("resign", "concede", "surrender", "abandon")  # a random player that gives up ends nothing useful


def fingerprints(
    engine: Engine[Any], players: int, options: dict[str, str], seed: int, bots: bool = False
) -> list[str]:
    """One digest per step of a game played at random (or by the game's bot in every seat): the legal choices
    offered, then the state the chosen one left."""
    chooser = random.Random(seed)
    state = engine.new([SeatInfo() for _ in range(players)], engine.meta.resolve_options(options), Rng(seed))
    steps = [_digest(serial.dumps(state))]
    for _ in range(20_000):
        if engine.outcome(state) is not None:
            return steps
        seat = chooser.choice(sorted(engine.awaiting(state)))
        choices = engine.legal(state, seat)
        playable = [c for c in choices if c.action["type"] not in GIVE_UP] or choices
        action = chooser.choice(playable).action
        if bots and engine.bot is not None:
            action = engine.bot(engine.view(state, seat), seat, chooser)
        engine.act(state, seat, action, Rng(chooser.randrange(2**62)))
        steps.append(_digest(json.dumps([c.action for c in choices], sort_keys=True) + serial.dumps(state)))
    raise AssertionError(f"seed {seed}: no result after 20,000 actions")


def python_with_hash_seed(hash_seed: str, *args: str) -> str:
    """The output of `python ARGS` run from the project in a fresh process with that PYTHONHASHSEED."""
    env = os.environ | {"PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("seeds", type=int, nargs="+")
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument("--bots", action="store_true", help="the game's bot plays every seat")
    args = parser.parse_args()
    options = dict(option.split("=", 1) for option in args.option)
    engine = rules.engine(args.game)
    for seed in args.seeds:
        print(seed, " ".join(fingerprints(engine, args.players, options, seed, args.bots)))


if __name__ == "__main__":
    main()
