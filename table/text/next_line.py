"""The line every turn's message ends with: what the awaited player may do now, and the commands that do it (with
their slash form in Discord, their bare form in the console). The steps come from the game (rules/nextstep.py)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import nextstep
from rules.base import Choice, Engine, fill_seats
from rules.nextstep import Step
from table.text.names import humanized

MAX_STEPS = 5  # kinds of action the line names; the rest are counted


@dataclass(frozen=True)
class NextLine:
    """One awaited player's line, as Discord shows it and as the console does."""

    seat: int
    slash: str
    bare: str


def steps(engine: Engine[Any], state: Any, seat: int, choices: list[Choice], secret: frozenset[str]) -> list[Step]:
    """What `seat` may do now: the game's own steps, else legal() grouped, never naming what only they may see
    (`secret`: nextstep.secrets of their view)."""
    own = engine.next(state, seat, choices) if engine.next is not None else []
    if own:
        return own
    return nextstep.grouped(engine.meta, choices, secret, typed)


def typed(value: Any) -> str:
    """A value as a player types it: ids as people write them ('drowned_stair' -> 'Drowned Stair')."""
    if isinstance(value, list):
        return ",".join(humanized(str(item)) for item in value)
    return humanized(value) if isinstance(value, str) else str(value)


def command(step: Step, group: str | None) -> str:
    """`/tk place square:a9` in Discord (`group`: the game's command group), `place square:a9` in the console."""
    words = [step.action, *(f"{name}:{typed(value)}" for name, value in step.example)]
    return (f"/{group} " if group else "") + " ".join(words)


def line(found: Sequence[Step], who: str, group: str | None, name: Callable[[int], str]) -> str:
    """'➡️ Next for Alice: mark a square: any of 9, such as a3, b3, c3… (`/tictactoe mark square:a3`); or …'."""
    if not found:
        return ""
    parts = [f"{fill_seats(step.text, name)} (`{command(step, group)}`)" for step in found[:MAX_STEPS]]
    rest = len(found) - MAX_STEPS
    if rest > 0:
        parts.append(f"{rest} other kind{'s' * (rest != 1)} of action (`{'/' + group + ' ' if group else ''}…`)")
    said = parts[0] if len(parts) == 1 else "; ".join(parts[:-1]) + "; or " + parts[-1]
    return f"➡️ Next for {who}: {said}."


def lines(
    engine: Engine[Any],
    state: Any,
    legal: dict[int, list[Choice]],
    secret: dict[int, frozenset[str]],
    name: Callable[[int], str],
) -> list[NextLine]:
    """The line of each awaited player the table shows buttons to (bots play their own moves); `secret` holds what
    each of them alone may see, as the outbox works it out once for the buttons and menus too."""
    group = engine.meta.command or engine.meta.id
    out = []
    for seat, choices in legal.items():
        found = steps(engine, state, seat, choices, secret[seat])
        if found:
            who = name(seat)
            out.append(NextLine(seat, line(found, who, group, name), line(found, who, None, name)))
    return out
