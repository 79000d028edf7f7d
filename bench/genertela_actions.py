"""How many actions a Genertela player must send per game turn (a benchmark, not a test).

    .venv/bin/python -m bench.genertela_actions                one action per step, as players sent them
    .venv/bin/python -m bench.genertela_actions --orders       a nation turn's builds and moves as one order list
    .venv/bin/python -m bench.genertela_actions --turns 10 --seed 3

Four people, one side each; every seat is played by the engine's policy for unseated sides (hold, reinforce,
attack the weak) but through genertela.act, so each action counts as one a person would have sent. It prints
actions per player per game turn: mean, max, and the mean by side, and what kinds of action they were.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from typing import Any

from rules import serial
from rules.base import SeatInfo
from rules.genertela import engine
from rules.genertela import policy as unseated
from rules.genertela.board import zone
from rules.genertela.content import SIDES
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng

PLAYERS = 4


def policy(state: State, seat: int, orders: bool) -> dict[str, Any]:
    """The unseated sides' policy, played for a seat; with `orders`, a whole nation turn at once where it would."""
    if engine._aiming(state, seat) is not None:
        return genertela.fallback(state, seat)  # the default target of that seat's side
    action = unseated.next_action(state)
    if orders and state.phase in ("build", "move") and not state.decisions:
        return plan(state, seat) or action
    return action


def plan(state: State, seat: int) -> dict[str, Any] | None:
    """The builds and moves the policy would send one by one, played ahead on a copy and written as one order list
    with the zone names as a player types them; None when that would not save an action."""
    trial = serial.clone(state)
    key = (trial.turn, trial.order_index, trial.alliance, trial.invasion_done)
    written: list[str] = []
    step = 0
    while (trial.turn, trial.order_index, trial.alliance, trial.invasion_done) == key:
        if trial.decisions or trial.phase not in ("build", "move") or seat not in genertela.awaiting(trial):
            break
        action = unseated.next_action(trial)
        if action["type"] == "end":
            written.append("end")
        else:
            written.append(_order_text(action))
        step += 1
        genertela.act(trial, seat, action, Rng(step))
    while written and written[-1] == "end":  # the list ends the steps by itself
        written.pop()
    return {"type": "orders", "list": "; ".join(written)} if written else None


def _order_text(action: dict[str, Any]) -> str:
    if action["type"] == "build":
        return f"build {action['kind']} {zone(action['zone']).name}"
    if action["type"] == "move":
        return f"move {zone(action['from']).name}>{zone(action['to']).name} {action['count']}"
    raise ValueError(f"the policy sent {action['type']} in its own step")


def campaign(turns: int, seed: int, orders: bool) -> tuple[dict[tuple[int, int], int], Counter[str], State]:
    """Play the campaign; returns actions per (seat, game turn), actions by type, and the final state."""
    seats = [SeatInfo(faction=side) for side in SIDES]
    state = genertela.new(seats, {"seating": "one_each", "last_turn": turns}, Rng(seed))
    counts: dict[tuple[int, int], int] = defaultdict(int)
    kinds: Counter[str] = Counter()
    step = 0
    while genertela.outcome(state) is None:
        seat = min(genertela.awaiting(state))
        action = policy(state, seat, orders)
        counts[seat, state.turn] += 1
        kinds[action["type"]] += 1
        step += 1
        genertela.act(state, seat, action, Rng(seed * 1_000_003 + step))
    return counts, kinds, state


def report(counts: dict[tuple[int, int], int], kinds: Counter[str], state: State, turns: int) -> str:
    per_player_turn = [counts.get((seat, turn), 0) for seat in range(PLAYERS) for turn in range(1, turns + 1)]
    total = sum(per_player_turn)
    lines = [
        f"{turns} game turns, {PLAYERS} players, {total} actions: "
        f"{total / turns:.1f} per game turn (all players together)",
        f"actions per player per game turn: mean {statistics.mean(per_player_turn):.1f}, max {max(per_player_turn)}",
    ]
    for seat, side in enumerate(SIDES):
        mine = [counts.get((seat, turn), 0) for turn in range(1, turns + 1)]
        lines.append(f"  {side:<7} mean {statistics.mean(mine):5.1f}  max {max(mine):3d}  total {sum(mine)}")
    lines.append("by type: " + ", ".join(f"{kind} {n}" for kind, n in kinds.most_common()))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=40, help="game turns to play (40: the whole campaign)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--orders", action="store_true", help="let the policy send a nation turn as one order list")
    args = parser.parse_args()
    start = time.perf_counter()
    counts, kinds, state = campaign(args.turns, args.seed, args.orders)
    print(report(counts, kinds, state, args.turns))
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
