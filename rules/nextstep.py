"""What the awaited player may do now, in one line: each kind of legal action, counted, with a few names and a
command that does one of them (typed back with its example values, it is a legal action).

Every game gets the line from legal(), grouped by action; a game with better words of its own gives its steps
(`Engine(next=...)`, as Genertela does). Values only the player may see (a card in their hand) are never named:
the line is shown in the channel.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import serial
from rules.base import Choice, Meta

SHOWN_NAMES = 3  # names of a long list shown before "…"
SHORT = 90  # characters of labels said whole, as "this or that", rather than counted


@dataclass(frozen=True)
class Step:
    """One kind of thing the awaited player may do, and the values of one legal action of that kind."""

    text: str  # in plain words: "place one of your common tokens on an empty square: any of 54, such as a9…"
    action: str  # the action's name, the subcommand
    example: tuple[tuple[str, Any], ...] = ()  # (parameter, value) of a legal action; () when none is named


def secrets(own: Any, public: Any) -> frozenset[str]:
    """The names a seat's own view holds and the channel's does not (its hand's cards, its secret choices)."""
    if own is public:  # a game that hides nothing now hands every seat the state itself
        return frozenset()
    return frozenset(_words(serial.dump(own)) - _words(serial.dump(public)))


def _words(data: Any) -> set[str]:
    """Every text in JSON data, dict keys included, at any depth: gathered into one set as the data is walked (a set
    made and merged at every level cost a Genertela post several milliseconds)."""
    found: set[str] = set()
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            pending += item
            pending += item.values()
        elif isinstance(item, list | tuple):
            pending += item
    return found


def _values(choice: Choice) -> list[str]:
    out: list[str] = []
    for key, value in choice.action.items():
        if key != "type":
            out += [str(v) for v in value] if isinstance(value, list) else [str(value)]
            if isinstance(value, str):
                out += value.split(",")
    return out


def hidden(choice: Choice, secret: frozenset[str]) -> bool:
    """Whether a choice names something only its player may see (then it is never shown in the channel)."""
    return bool(secret) and any(value in secret for value in _values(choice))  # most views hide nothing


def example(meta: Meta, choice: Choice) -> tuple[tuple[str, Any], ...]:
    """A legal choice's values, in the order its action declares them."""
    spec = meta.action(str(choice.action["type"]))
    return tuple((p.name, choice.action[p.name]) for p in spec.params if p.name in choice.action)


def phrase(help_text: str) -> str:
    """An action's help as the start of a step: its first clause, lower case ('Place one ... square')."""
    first = re.split(r"\. |; | \(|: ", help_text.rstrip("."), maxsplit=1)[0]
    return first[:1].lower() + first[1:]


def grouped(
    meta: Meta, choices: Sequence[Choice], secret: frozenset[str] = frozenset(), spell: Callable[[Any], str] = str
) -> list[Step]:
    """The default steps: legal() grouped by action, main actions first and the ones that end or pass last.
    `spell` writes a value as people read it (the table's one spelling of ids)."""
    kinds: dict[str, list[Choice]] = {}
    for choice in choices:
        kinds.setdefault(str(choice.action["type"]), []).append(choice)
    steps: list[tuple[bool, Step]] = []
    for kind, group in kinds.items():
        spec = meta.action(kind)
        closing = not spec.params and len(group) == 1  # end, pass, resign: said last
        if any(hidden(choice, secret) for choice in group):  # a card in hand: say what, never which
            steps.append((closing, Step(f"{phrase(spec.help)} (the command lists your choices to you alone)", kind)))
            continue
        first = group[0]
        if len(group) <= SHOWN_NAMES and sum(len(choice.label) for choice in group) <= SHORT:
            text = " or ".join(choice.label for choice in group)
        else:
            text = f"{phrase(spec.help)}: {_names(meta, kind, group, spell)}"
        steps.append((closing, Step(text, kind, example(meta, first))))
    return [step for closing, step in sorted(steps, key=lambda pair: pair[0])]


def _names(meta: Meta, kind: str, group: Sequence[Choice], spell: Callable[[Any], str]) -> str:
    """A long list said short: 'any of 54, such as a9, b9, c9…' (the values of the one parameter that varies, else
    the first label), or every value when they are few: 'Amber Reach, Grey Reach or Ravensgate'."""
    spec = meta.action(kind)
    varying = [p for p in spec.params if len({repr(c.action.get(p.name)) for c in group}) > 1]
    if len(varying) != 1 or varying[0].kind == "list":  # several values vary, or each is a list of ids: a label
        return f"any of {len(group)}, such as {group[0].label}"  # the command below shows its values
    name = varying[0].name
    names = list(dict.fromkeys(spell(c.action[name]) for c in group if name in c.action))
    if len(names) == len(group) and len(names) <= SHOWN_NAMES:
        return either(names)  # every choice named: no "such as"
    return f"any of {len(group)}, {few(names)}"


def few(names: Sequence[str]) -> str:
    """A few of a list of names, as the line says them: 'such as a9, b9 or c9', 'such as a9, b9, c9…'."""
    if len(names) > SHOWN_NAMES:
        return "such as " + ", ".join(names[:SHOWN_NAMES]) + "…"
    return "such as " + either(names)


def either(names: Sequence[str]) -> str:
    """'a9', 'a9 or b9', 'a9, b9 or c9'."""
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)
