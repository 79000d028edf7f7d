"""Genertela's rates by sharing: collect bot campaigns with the sides dealt a chosen way, then fit the rates.

    python -m bench.genertela_rates collect --players 2 --scenario short --games 60 --seed 20000 --out FILE
    python -m bench.genertela_rates fit FILE [FILE ...] [--span 60]

The handicap comes off the scores at the end and the bots never look at it, so one set of campaigns can be scored
again under any rates. `collect` plays bot-only campaigns for every way the players can share the four sides
(or the --seating given), game n with seed --seed + n, and appends one line of JSON per campaign to --out: each
side's VP, what the scenario's own rates took off it, the scoring turns counted, the rates by sharing in effect
and the seats' scores as played. `fit` checks that each campaign, scored again under the rates it was played
with, scores as it did; then it finds for each scenario and sharing the extra rate per player (on the player's
first side; the lowest is 0) that brings each player's wins nearest an equal share, and prints the wins under
the current rates and under those, and the rates in the nation data's layout.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench.selfplay import play
from rules.genertela import scores
from rules.genertela.board import CONTENT
from rules.genertela.content import SIDES, seating_name
from rules.genertela.engine import deal_sides
from rules.genertela.state import State

Record = dict[str, Any]


def seatings(players: int) -> dict[str, tuple[str, ...]]:
    """Every way `players` players can share the sides as the game deals them, by name, with the sides the seats
    ask for to get it."""
    found: dict[str, tuple[str, ...]] = {}
    for asks in itertools.permutations(SIDES, players):
        dealt = deal_sides(players, "shared", list(asks))
        found.setdefault(_name(dealt), asks)
    return found


def _name(side_seat: dict[str, int]) -> str:
    return seating_name(scores.groups(side_seat).values())


def record(state: State) -> Record:
    """What a campaign's end must keep to be scored again under other rates."""
    turns = scores.scoring_turns(state)
    base = {side: sum(CONTENT.nations.handicap_rate(state.scenario, t, side) for t in turns) for side in SIDES}
    seating = scores.seating(state)
    return {
        "scenario": state.scenario,
        "seating": seating,
        "rates": current(state.scenario, seating) if state.by_seating and seating else {},
        "seat": dict(state.side_seat),
        "vp": scores.side_vp(state),
        "base": base if state.handicapped else dict.fromkeys(SIDES, 0),
        "turns": len(turns),
        "scores": {str(seat): points for seat, points in scores.seat_scores(state).items()},
    }


def rescore(row: Record, extra: dict[str, int]) -> dict[int, int]:
    """The seats' scores had each side given up `extra` more VP on every scoring turn (as scores.seat_scores
    counts them: per side held when the players hold different numbers of sides)."""
    totals: dict[int, int] = defaultdict(int)
    held: dict[int, int] = defaultdict(int)
    for side in SIDES:
        seat = row["seat"][side]
        totals[seat] += row["vp"][side] - row["base"][side] - row["turns"] * extra.get(side, 0)
        held[seat] += 1
    if len(set(held.values())) > 1:
        return {seat: points // held[seat] for seat, points in totals.items()}
    return dict(totals)


def shares(rows: Sequence[Record], extra: dict[str, int]) -> dict[str, float]:
    """Each player's share of the wins (named by their sides; ties split) under `extra`."""
    won: dict[str, float] = defaultdict(float)
    for row in rows:
        points = rescore(row, extra)
        best = max(points.values())
        winners = [seat for seat, p in points.items() if p == best]
        for seat in winners:
            won[_group(row, seat)] += 1 / len(winners)
    groups = [_group(rows[0], seat) for seat in sorted(set(rows[0]["seat"].values()))]
    return {group: won[group] / len(rows) for group in groups}


def _group(row: Record, seat: int) -> str:
    return "+".join(scores.groups(row["seat"])[seat])


def fit(rows: Sequence[Record], span: int) -> dict[str, int]:
    """The extra rates (0 to `span` a scoring turn, on each player's first side, the lowest 0) that bring the
    players' win shares nearest equal; of equally near ones, the smallest in all."""
    groups = [_group(rows[0], seat) for seat in sorted(set(rows[0]["seat"].values()))]
    fair = 1 / len(groups)
    best: tuple[float, int, dict[str, int]] | None = None
    for rates in itertools.product(range(span + 1), repeat=len(groups)):
        if min(rates):
            continue  # the lowest rate is 0: a rate all the players give up changes nothing
        extra = {group.split("+")[0]: rate for group, rate in zip(groups, rates, strict=True)}
        miss = sum((share - fair) ** 2 for share in shares(rows, extra).values())
        key = (round(miss, 9), sum(rates), extra)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    return {side: best[2].get(side, 0) for side in SIDES}


def current(scenario: str, seating: str) -> dict[str, int]:
    return CONTENT.nations.by_seating.get(scenario, {}).get(seating, {})


def _collect_one(job: tuple[int, tuple[str, ...], dict[str, str], int]) -> Record:
    players, asks, options, seed = job
    game = play("genertela", players, options, seed, tuple(range(players)), False, 0, asks, record)
    return {"seed": seed, **game.record}


def collect(
    players: int, options: dict[str, str], games: int, seed: int, jobs: int, out: str, only: str | None
) -> None:
    """`games` campaigns for each way of sharing (or `only` that one), appended to `out` as they end."""
    deals = seatings(players)
    if only is not None:
        deals = {only: deals[only]}
    names = sorted(deals)
    work = [(players, deals[names[n % len(names)]], options, seed + n) for n in range(games * len(names))]
    with ProcessPoolExecutor(jobs) as pool, open(out, "a", encoding="utf-8") as file:
        for row in pool.map(_collect_one, work):
            file.write(json.dumps(row) + "\n")
            file.flush()


def report(rows: Iterable[Record], span: int) -> str:
    by: dict[tuple[str, str], list[Record]] = defaultdict(list)
    for row in rows:
        by[(row["scenario"], row["seating"])].append(row)
    lines = []
    fitted: dict[str, dict[str, dict[str, int]]] = defaultdict(dict)
    for (scenario, seating), group in sorted(by.items()):
        for row in group:  # scored again under the rates it was played with, a campaign must score as it did
            if {str(s): p for s, p in rescore(row, row["rates"]).items()} != row["scores"]:
                raise SystemExit(f"seed {row['seed']}: scored again, it does not score as it was played")
        now = current(scenario, seating)
        rates = fit(group, span)
        fitted[scenario][seating] = rates
        before = ", ".join(f"{g} {s:.0%}" for g, s in shares(group, now).items())
        after = ", ".join(f"{g} {s:.0%}" for g, s in shares(group, rates).items())
        count = f"{len(group)} campaign" + ("s" if len(group) > 1 else "")
        lines.append(f"{scenario} {seating}: {count}; now {before}; fitted {after}")
    lines.append(json.dumps(fitted, indent=1))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="mode", required=True)
    gather = sub.add_parser("collect")
    gather.add_argument("--players", type=int, choices=(2, 3), required=True)
    gather.add_argument("--scenario", choices=("full", "short"), default="full")
    gather.add_argument("--games", type=int, default=40, help="campaigns for each way of sharing the sides")
    gather.add_argument("--seed", type=int, default=20000)
    gather.add_argument("--jobs", type=int, default=2)
    gather.add_argument("--seating", help="only this way of sharing, e.g. 'Red+Green / Blue+Yellow'")
    gather.add_argument("--out", required=True)
    fitting = sub.add_parser("fit")
    fitting.add_argument("files", nargs="+")
    fitting.add_argument("--span", type=int, default=60, help="the highest extra rate tried, VP a scoring turn")
    args = parser.parse_args(argv)
    if args.mode == "collect":
        if args.seating is not None and args.seating not in seatings(args.players):
            parser.error(f"--seating must be one of: {', '.join(sorted(seatings(args.players)))}")
        began = time.perf_counter()
        collect(args.players, {"scenario": args.scenario}, args.games, args.seed, args.jobs, args.out, args.seating)
        print(f"collected in {time.perf_counter() - began:.0f} s into {args.out}")
    else:
        texts = [Path(name).read_text(encoding="utf-8") for name in args.files]
        rows = [json.loads(line) for text in texts for line in text.splitlines() if line.strip()]
        print(report(rows, args.span))


if __name__ == "__main__":
    main()
