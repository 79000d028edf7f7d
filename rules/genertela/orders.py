"""A whole nation turn sent as one action: an order list such as "build Sartar; move Sartar>Prax 3".

The orders are played one by one on a copy of the state, through the same checks as the single actions; the
first refused order refuses the whole list (the state is left exactly as it was) and the refusal names it. When
the list is done, the building and movement steps end by themselves (battles follow) unless the last order is
"wait". Zone and nation names are left as typed: the engine reads them as it reads any typed name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from rules import serial
from rules.base import ActionLog, Event, RuleError
from rules.genertela import decisions
from rules.genertela.board import active_nation
from rules.genertela.state import State

MAX_ORDERS = 40
MAX_COUNT = 20  # more units than any move takes: a typing slip
BUILD_KINDS = {
    "unit": "unit",
    "units": "unit",
    "city": "city",
    "cities": "city",
    "temple": "city",
    "forest": "forest",
    "forests": "forest",
}
NO_ARGUMENTS = ("end", "wait", "letpass", "revolt")
VERBS = ("build", "move", "grant", "outside", "attack", *NO_ARGUMENTS)
BEFORE_MOVES = ("build", "end", "letpass", "revolt", "outside", "attack")  # what may still come before a build

Step = Callable[[State, dict[str, Any], ActionLog], None]


@dataclass(frozen=True)
class Order:
    number: int
    text: str
    actions: tuple[dict[str, Any], ...]


def split(raw: str | list[str]) -> list[str]:
    """Orders are separated by ';', ',' or new lines (Discord's list option splits on commas already)."""
    text = "; ".join(raw) if isinstance(raw, list) else str(raw)
    return [part.strip() for part in re.split(r"[;,\n]", text) if part.strip()]


def parse(raw: str | list[str]) -> list[Order]:
    texts = split(raw)
    if not texts:
        raise RuleError('Give at least one order, e.g. "build Sartar; move Sartar>Prax 3".')
    if len(texts) > MAX_ORDERS:
        raise RuleError(f"At most {MAX_ORDERS} orders at once (you gave {len(texts)}).")
    found: list[Order] = []
    moved = False
    for number, text in enumerate(texts, 1):
        try:
            actions = _order(text)
            if text.split()[0].lower() == "wait" and number != len(texts):
                raise RuleError("wait only goes last (it keeps your step open for more orders).")
            if moved and actions and actions[0]["type"] == "build":
                raise RuleError("builds come first, before any move or grant.")
        except RuleError as error:
            raise RuleError(refusal(number, text, str(error))) from None
        moved = moved or any(a["type"] not in BEFORE_MOVES for a in actions)
        found.append(Order(number, text, actions))
    return found


def refusal(number: int, text: str, why: str) -> str:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return f"Order {number} ({shown}) was refused, so none of your orders was carried out: {why}"


def _order(text: str) -> tuple[dict[str, Any], ...]:
    verb, _, rest = text.partition(" ")
    verb, rest = verb.lower(), rest.strip()
    if verb not in VERBS:
        raise RuleError(f"{verb[:20]!r} is not an order; orders are: {', '.join(VERBS)}.")
    if verb in NO_ARGUMENTS:
        if rest:
            raise RuleError(f"{verb} takes nothing after it.")
        return () if verb == "wait" else ({"type": verb},)
    if verb == "build":
        return _build(rest)
    if verb == "attack":
        _need(rest, "attack needs the zone of the Dragonewt city")
        return ({"type": "attack", "zone": rest},)
    if verb == "outside":
        count, place = _count(rest)
        if count == "all":
            raise RuleError("outside needs a zone and how many stand outside, e.g. outside Pavis 2.")
        return ({"type": "outside", "zone": _need(place, "outside needs a zone"), "count": count},)
    count, route = _count(rest)
    start, target = _route(route, verb)
    if verb == "grant":
        if count == "all":
            raise RuleError("grant needs how many units, e.g. grant Sartar>Heortlings 2.")
        return ({"type": "grant", "zone": start, "nation": target, "count": count},)
    return ({"type": "move", "from": start, "to": target, "count": count},)


def _build(rest: str) -> tuple[dict[str, Any], ...]:
    count, place = _count(rest, trailing=False)
    if count not in ("all", 1):  # a zone gets one bought unit, City or Forest a turn
        raise RuleError("one build per zone: write build Sartar; build Tarsh, or build city Pavis.")
    first, _, after = place.partition(" ")
    kind = BUILD_KINDS.get(first.lower())
    place = after.strip() if kind else place
    if place.lower().startswith("in "):
        place = place[3:].strip()
    action = {"type": "build", "kind": kind or "unit", "zone": _need(place, "build needs a zone, e.g. build 1 Sartar")}
    return (action,)


def _count(text: str, trailing: bool = True) -> tuple[int | str, str]:
    """A number (or "all") at the start or, for moves, at the end; "all" when none is given."""
    words = text.split()
    for index in (0, -1) if trailing else (0,):
        if words and (words[index].isdigit() or words[index].lower() == "all"):
            word = words.pop(index)
            if word.isdigit() and int(word) > MAX_COUNT:
                raise RuleError(f"{word} is more units than any nation moves or builds at once.")
            return (int(word) if word.isdigit() else "all"), " ".join(words)
    return "all", text


def _route(text: str, verb: str) -> tuple[str, str]:
    """ "Sartar>Prax", "Sartar -> Prax" or "Sartar to Prax" (no zone or nation name holds the word "to")."""
    found = re.fullmatch(r"(.+?)\s*(?:->|>|\bto\b)\s*(.+)", text.strip(), re.IGNORECASE)
    if found is None:
        example = "move Sartar>Prax 3" if verb == "move" else "grant Sartar>Heortlings 2"
        raise RuleError(f"write {verb} as from>to and a number, e.g. {example}.")
    return found[1].strip(), found[2].strip()


def _need(text: str, message: str) -> str:
    if not text.strip():
        raise RuleError(message + ".")
    return text.strip()


def run(state: State, raw: str | list[str], step: Step) -> list[Event]:
    """Play the orders on a copy; adopt the copy only when every order (and the end of the steps) went through."""
    orders = parse(raw)
    trial = serial.clone(state)
    log = ActionLog()
    turn = _nation_turn(trial)
    for order in orders:
        for action in order.actions:
            try:
                _still_building_or_moving(trial, turn, action)
                if trial.phase == "build" and action["type"] not in BEFORE_MOVES:
                    step(trial, {"type": "end"}, log)  # the first move ends the building
                    _still_building_or_moving(trial, turn, action)  # reinforcements may ask where they go
                step(trial, action, log)
            except RuleError as error:
                raise RuleError(refusal(order.number, order.text, str(error))) from None
    if orders[-1].text.split()[0].lower() != "wait":
        _finish(trial, turn, step, log)
    _adopt(state, trial)
    return log.events


def _nation_turn(state: State) -> tuple[object, ...]:
    return (state.turn, state.order_index, state.alliance, state.invasion_done)


def _still_building_or_moving(state: State, turn: tuple[object, ...], action: dict[str, Any]) -> None:
    if state.decisions:
        raise RuleError(
            f"the game first waits for an answer ({decisions.prompt(state).rstrip('.')}); send the rest after it."
        )
    if _nation_turn(state) != turn or state.phase not in ("build", "move"):
        raise RuleError("by then your movement step is over (you ended it, or nothing could move any more).")
    if action["type"] == "build" and state.phase != "build":
        points = state.resources.get(active_nation(state), 0)
        raise RuleError(
            f"by then building is over ({points} points left, nothing more to buy with them, or you ended it)."
        )


def _finish(state: State, turn: tuple[object, ...], step: Step, log: ActionLog) -> None:
    """End building, then movement, unless a question is awaited first (its answer comes as its own action)."""
    for _ in range(2):
        if state.decisions or _nation_turn(state) != turn or state.phase not in ("build", "move"):
            return
        try:
            step(state, {"type": "end"}, log)
        except RuleError as error:
            raise RuleError(
                f"Your orders were refused: after the last one your {state.phase} step cannot end: {error} "
                "Add what is missing, or finish the list with wait to keep the step open."
            ) from None


def _adopt(state: State, trial: State) -> None:
    for field in fields(State):
        setattr(state, field.name, getattr(trial, field.name))
    for cache in ("_reach", "_hops"):  # searches made on the old units
        state.__dict__.pop(cache, None)
