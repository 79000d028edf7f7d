"""Allies defending together share the hits: the split the rules give, and the splits they may agree on instead."""

from __future__ import annotations

from rules.base import ActionLog
from rules.nerath.board import name
from rules.nerath.content import REALM_ORDER
from rules.rng import Rng


def pair(split: dict[str, int]) -> tuple[str, str]:
    """(the ally who proposes, the ally who answers): the first in turn order proposes."""
    first, second = sorted(split, key=REALM_ORDER.index)
    return first, second


def total(hits: int, count: dict[str, int]) -> int:
    """Hits beyond the pieces able to take them are lost."""
    return min(hits, sum(count.values()))


def default_split(count: dict[str, int], hits: int, log: ActionLog, rng: Rng) -> dict[str, int]:
    """Half each, the odd hit to the ally with more pieces (a tie by a public die); the excess passes to the other.

    `count` holds the two allies' pieces able to take hits, in turn order; `hits` is already capped by `total`.
    """
    a, b = sorted(count, key=REALM_ORDER.index)
    share = {a: hits // 2, b: hits // 2}
    if hits % 2:
        if count[a] != count[b]:
            share[a if count[a] > count[b] else b] += 1
        else:
            face = rng.roll(6, 1, "odd hit between allies")[0]
            odd = a if face <= 3 else b
            log.say(f"Die for the odd hit between {name(a)} (1-3) and {name(b)} (4-6): {face} -> {name(odd)}.", "roll")
            share[odd] += 1
    for one, other in ((a, b), (b, a)):
        excess = share[one] - count[one]
        if excess > 0:
            share[one] -= excess
            share[other] += excess
    return share


def choices(count: dict[str, int], hits: int) -> list[int]:
    """How many of `hits` the proposing ally may take: each ally takes no more hits than it has pieces."""
    a, b = sorted(count, key=REALM_ORDER.index)
    return list(range(max(0, hits - count[b]), min(hits, count[a]) + 1))


def describe(split: dict[str, int]) -> str:
    a, b = pair(split)
    return f"{name(a)} takes {split[a]} hit{'s' * (split[a] != 1)}, {name(b)} {split[b]}"
