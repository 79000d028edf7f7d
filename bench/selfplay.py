"""Self-play: bots against random players (is the bot any good?) and bots against bots (is the game fair?).

    python -m bench.selfplay vs-random GAME [--games 200] [--players N] [--option name=value ...] [--seed 1000]
    python -m bench.selfplay balance GAME [--games 400] [--players N] [--option name=value ...] [--seed 1000]
        [--factions a,b,... | --every-pairing]

vs-random seats the game's bot at each seat in turn against random players and reports how often it wins,
with a 95% confidence interval, and how long it takes to decide (p50/p99). balance seats bots everywhere and
reports wins per seat and per side (faction, species, realm... as the game's bot module names them with
`side_of`; where players change sides during a game, as Small World's races, every side a seat held, named by
`sides_held`), how the games end, their length in actions and turns, and the time per game. Games run in
parallel (--jobs). Game n plays with seed `--seed` + n (1000 by default, the seeds of the published figures): tune
on other seeds, then check on these. --factions sets the order the factions rotate in (the game's own by default):
with teams, it decides which factions share a team. --every-pairing seats every ordered choice of distinct factions
in turn (game n the n-th), so each faction meets every other at every seat, not only its neighbours in the order.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

import rules
from rules.base import Engine, SeatInfo
from rules.bots import Policy, random_policy
from rules.rng import Rng
from rules.sides import bot_module, ending, sides_now

MAX_ACTIONS = 100_000
DEFAULT_SEED = 1000  # the first game's seed in the figures docs/bots-and-balance.md and the rules pages report


@dataclass
class Game:
    """One finished game, as the report needs it."""

    winners: tuple[int, ...]
    sides: tuple[tuple[str, ...], ...]  # each seat's sides (faction, species, realm, race...), () where none
    ending: str
    actions: int
    turns: int
    seconds: float
    decisions: list[float] = field(default_factory=list)  # seconds each bot decision took (vs-random: the bot's)
    record: dict[str, Any] = field(default_factory=dict)  # what `play`'s caller asked to keep of the final state


def seat_infos(
    engine: Engine[Any], players: int, rotation: int | None, order: tuple[str, ...] | None = None
) -> list[SeatInfo]:
    """Seats asking for factions in turn (shifted by `rotation`, so over many games every faction sits at every
    seat and a seat's advantage is told apart from a faction's), or the game's own default with None. `order`:
    the factions in the order they go round (the game's own order by default)."""
    factions = order or engine.meta.factions
    if rotation is None or not factions or len(factions) < players:
        return [SeatInfo() for _ in range(players)]
    return [SeatInfo(factions[(seat + rotation) % len(factions)]) for seat in range(players)]


def play(
    game: str,
    players: int,
    options: dict[str, str],
    seed: int,
    bots: tuple[int, ...],
    measure: bool = True,
    rotation: int | None = None,
    order: tuple[str, ...] | None = None,
    record: Callable[[Any], dict[str, Any]] | None = None,
) -> Game:
    """One game: the seats in `bots` play the game's bot, the others play at random. `record` picks what to keep
    of the final state."""
    engine: Engine[Any] = rules.engine(game)
    module = bot_module(game)
    chooser = random.Random(seed)
    seats = seat_infos(engine, players, rotation, order)
    state = engine.new(seats, engine.meta.resolve_options(options), Rng(seed))
    baseline = random_policy(engine)
    smart: Policy = engine.bot or baseline
    decisions: list[float] = []
    turns = actions = 0
    held = getattr(module, "sides_held", None)  # sides that change during play are gathered as the game goes
    seen: list[dict[str, None]] = [dict.fromkeys(held(state, s) if held else ()) for s in range(players)]
    began = time.perf_counter()
    while engine.outcome(state) is None:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{game} seed {seed}: no result after {MAX_ACTIONS} actions")
        seat = chooser.choice(sorted(engine.awaiting(state)))
        view = engine.view(state, seat)
        if seat in bots:
            start = time.perf_counter()
            action = smart(view, seat, chooser)
            if measure:
                decisions.append(time.perf_counter() - start)
        else:
            action = baseline(view, seat, chooser)
        events = engine.act(state, seat, action, Rng(chooser.randrange(2**62)))
        turns += sum(1 for event in events if event.kind == "turn_end")
        actions += 1
        if held is not None:
            for s in range(players):
                seen[s].update(dict.fromkeys(held(state, s)))
    outcome = engine.outcome(state)
    assert outcome is not None
    sides = tuple(tuple(seen[s]) or sides_now(module, state, s) for s in range(players))
    how = ending(module, state, outcome.winners, players)
    kept = record(state) if record else {}
    return Game(outcome.winners, sides, how, actions, turns, time.perf_counter() - began, decisions, kept)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% confidence interval of a win rate (Wilson score interval)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - spread), min(1.0, centre + spread))


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _run(
    game: str,
    players: int,
    options: dict[str, str],
    games: int,
    jobs: int,
    seats: Callable[[int], tuple[int, ...]],
    rotate: bool = False,
    seed: int = DEFAULT_SEED,
    order: tuple[str, ...] | None = None,
    pairings: Sequence[tuple[str, ...]] | None = None,
) -> list[Game]:
    """`pairings`: the factions of each game's seats, game n the n-th (cycling); else they rotate in `order`."""
    args = [
        (game, players, options, seed + n, seats(n), True, 0, pairings[n % len(pairings)])
        if pairings
        else (game, players, options, seed + n, seats(n), True, n if rotate else None, order)
        for n in range(games)
    ]
    if jobs <= 1:
        return [play(*arg) for arg in args]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_play_args, args, chunksize=max(1, games // (jobs * 8))))


def _play_args(
    arg: tuple[str, int, dict[str, str], int, tuple[int, ...], bool, int | None, tuple[str, ...] | None],
) -> Game:
    return play(*arg)


def _share(winners: tuple[int, ...], seat: int, players: int) -> float:
    """A win counts 1 for each winner (an alliance wins together); a draw, where every seat is named a
    winner, counts a half."""
    if seat not in winners:
        return 0.0
    return 0.5 if len(winners) == players > 1 else 1.0


def vs_random(
    game: str, players: int, options: dict[str, str], games: int, jobs: int, seed: int = DEFAULT_SEED
) -> dict[str, Any]:
    played = _run(game, players, options, games, jobs, lambda n: (n % players,), seed=seed)
    wins = sum(_share(result.winners, n % players, players) for n, result in enumerate(played))
    decisions = [d for result in played for d in result.decisions]
    per_seat = {
        seat: sum(_share(r.winners, seat, players) for n, r in enumerate(played) if n % players == seat)
        / max(1, sum(1 for n in range(games) if n % players == seat))
        for seat in range(players)
    }
    return {
        "game": game,
        "players": players,
        "options": options,
        "games": games,
        "bot wins": wins / games,
        "ci": wilson(wins, games),
        "per seat": per_seat,
        "decide p50 ms": percentile(decisions, 0.5) * 1000,
        "decide p99 ms": percentile(decisions, 0.99) * 1000,
        "seconds per game": statistics.mean(r.seconds for r in played),
    }


def balance(
    game: str,
    players: int,
    options: dict[str, str],
    games: int,
    jobs: int,
    seed: int = DEFAULT_SEED,
    order: tuple[str, ...] | None = None,
    every_pairing: bool = False,
) -> dict[str, Any]:
    """Bots everywhere; factions rotate over the seats from game to game (where the game has factions), in
    `order` if given, or go through every ordered choice of distinct factions (`every_pairing`)."""
    everyone = tuple(range(players))
    factions = order or rules.engine(game).meta.factions
    pairings = list(permutations(factions, players)) if every_pairing and factions else None
    played = _run(game, players, options, games, jobs, lambda n: everyone, True, seed, order, pairings)
    seats = {seat: sum(_share(r.winners, seat, players) for r in played) for seat in range(players)}
    counted: Counter[str] = Counter()
    won: dict[str, float] = {}
    for result in played:
        for seat, sides in enumerate(result.sides):
            for side in sides:
                counted[side] += 1
                won[side] = won.get(side, 0.0) + _share(result.winners, seat, players)
    return {
        "game": game,
        "players": players,
        "options": options,
        "games": games,
        "per seat": {seat: (wins / games, wilson(wins, games)) for seat, wins in seats.items()},
        "per side": {side: (won[side] / n, wilson(won[side], n), n) for side, n in sorted(counted.items())},
        "endings": dict(Counter(r.ending for r in played).most_common()),
        "actions": statistics.mean(r.actions for r in played),
        "turns": statistics.mean(r.turns for r in played),
        "seconds per game": statistics.mean(r.seconds for r in played),
        "decide p99 ms": percentile([d for r in played for d in r.decisions], 0.99) * 1000,
    }


def _show(report: dict[str, Any]) -> str:
    def fmt(value: Any) -> str:
        if isinstance(value, float):
            return f"{value:.3f}"
        if isinstance(value, tuple):
            return "(" + ", ".join(fmt(v) for v in value) + ")"
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {fmt(v)}" for k, v in value.items()) + "}"
        return str(value)

    return "\n".join(f"  {key}: {fmt(value)}" for key, value in report.items())


def _faction_order(parser: argparse.ArgumentParser, engine: Engine[Any], text: str | None) -> tuple[str, ...] | None:
    """--factions, checked: every one of the game's factions, each once."""
    if text is None:
        return None
    order = tuple(name.strip() for name in text.split(","))
    if sorted(order) != sorted(engine.meta.factions):
        parser.error(f"--factions must list each of {', '.join(engine.meta.factions)} once")
    return order


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("vs-random", "balance"))
    parser.add_argument("game")
    parser.add_argument("--games", type=int)
    parser.add_argument("--players", type=int)
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="the first game's seed; game n plays seed + n")
    parser.add_argument("--factions", help="balance: the factions in the order they rotate, comma-separated")
    parser.add_argument(
        "--every-pairing", action="store_true", help="balance: seat every ordered choice of distinct factions in turn"
    )
    args = parser.parse_args(argv)
    engine = rules.engine(args.game)
    order = _faction_order(parser, engine, args.factions)
    players = args.players or max(engine.meta.min_players, 2)
    options = dict(pair.split("=", 1) for pair in args.option)
    games = args.games or (200 if args.mode == "vs-random" else 400)
    began = time.perf_counter()
    if args.mode == "vs-random":
        report = vs_random(args.game, players, options, games, args.jobs, args.seed)
    else:
        report = balance(args.game, players, options, games, args.jobs, args.seed, order, args.every_pairing)
    seeds = "" if args.seed == DEFAULT_SEED else f", seeds from {args.seed}"
    print(f"{args.mode} {args.game}, {players} players, {games} games{seeds} in {time.perf_counter() - began:.0f} s")
    print(_show(report))


if __name__ == "__main__":
    main()
