"""The names players read and type for the values of a game's actions.

Engines name a place, card or unit by an id (`capweaver_den`) and label each legal choice for people
(`Capweaver Den: costs 2`). Autocomplete shows the people's side only. Whatever the bot shows for a legal value
can be typed back for it: the id, the id as people write it, the choice's label whole or cut as a button shows it,
the name the label starts with, with or without the position a list puts before it (`2. Muddy Ogres`), in any case
and spacing, singular or plural. A near miss gets a did-you-mean.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Iterable
from typing import Any

from rules.base import Choice, RuleError, normal

_ID = re.compile(r"[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+|[a-z]{3,}")  # snake_case or kebab-case ids, plain lowercase words
_POSITION = re.compile(r"^\s*\d+\s*[.)]\s+(?=\S)")  # '2. Muddy Ogres': the place in a list, before the name
_SEAT = re.compile(r"<seat:\d+>")  # a player's name in an engine's label, filled in where it is shown
_CUT = "…"  # how a label cut to fit may end
_NAMED_ID = re.compile(r"((?:[A-Z][\w'’-]*\s)*[A-Z][\w'’-]*) \(([a-z][\w:-]*)\)")  # 'Highland (t0)': t0's name
# a word's plural ending and what its singular ends with, first match wins: Harpies, Dwarves, Witches, Heroes,
# Shrubmen, Ogres (never 'ss' or 'us' or 'is': Grass, Cactus, Pavis stay whole)
_PLURALS = (("ies", "y"), ("ves", "f"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("xes", "x"), ("oes", "o"))


def humanized(value: str) -> str:
    """An id as people write it ('thorn_guard' -> 'Thorn Guard'); codes like 'b2' or 't1:0' stay as they are."""
    if _ID.fullmatch(value):
        return " ".join(word.capitalize() for word in re.split(r"[_-]", value))
    return value


def _head(label: str) -> str:
    """The name a label starts with: 'Capweaver Den: costs 2' -> 'Capweaver Den'."""
    return re.split(r":|,| \(| - ", label, maxsplit=1)[0].strip()


@functools.lru_cache(maxsize=1 << 16)  # pure, and asked for every label of a big legal() at each typed action
def _shown_name(label: str, value: str) -> str:
    """The name a did-you-mean offers for a value: the id's words as its label spells them ('Citadel of Iron's
    Grasp' in 'Move 2 Wizards from Citadel of Iron's Grasp to Ashfen'), else the name the label starts with."""
    if _ID.fullmatch(value):
        spelled = r"[\s\-_'’.]*".join(map(re.escape, normal(humanized(value))))
        found = re.search(rf"(?<!\w){spelled}(?!\w)", label, re.IGNORECASE)
        if found:
            return found.group(0)
    return _POSITION.sub("", _head(label))


def _singular(word: str) -> str:
    lower = word.casefold()
    for plural, single in _PLURALS:
        if lower.endswith(plural) and len(lower) > len(plural) + 1:
            return lower[: -len(plural)] + single
    if lower.endswith("men") and len(lower) > 4:
        return lower[:-3] + "man"
    if lower.endswith("s") and not lower.endswith(("ss", "us", "is")) and len(lower) > 3:
        return lower[:-1]
    return lower


@functools.lru_cache(maxsize=1 << 16)  # pure, and asked for every label of a big legal() at each typed action
def folded(text: str) -> str:
    """The loose key of a name: `normal` without a leading list position and with every word singular, so
    '2. Muddy Ogres', 'muddy ogre' and 'Muddy-Ogres' are one name ('Footsoldiers' is 'Footsoldier')."""
    return normal(" ".join(_singular(word) for word in re.split(r"[\s\-]+", _POSITION.sub("", text))))


def value_names(choices: list[Choice], action_type: str, param: str) -> dict[str, str]:
    """Each legal value of one parameter and the name people read for it: the choice's own label when the value
    stands for one choice, else the id as people write it."""
    holders: dict[str, list[Choice]] = {}
    for choice in choices:
        if choice.action.get("type") != action_type or param not in choice.action:
            continue
        for value in _items(choice.action[param]):
            holders.setdefault(value, []).append(choice)
    return {value: held[0].label if len(held) == 1 else humanized(value) for value, held in holders.items()}


def _items(value: Any) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else [str(value)]


def resolve(choices: list[Choice], action: dict[str, Any], params: set[str] | dict[str, str]) -> dict[str, Any]:
    """`action` with every typed name of a legal value (of the named `params`) replaced by that value's id. A value
    no name matches is left for the rules to refuse, unless it is close to one: the refusal asks 'did you mean?'.
    `params` may say what one value of each is called ('space' for `from`), for that question."""
    nouns = params if isinstance(params, dict) else {param: param for param in params}
    kind = str(action.get("type"))
    mine = [choice for choice in choices if choice.action.get("type") == kind]
    aliases = {(name, value) for choice in choices for name, value in _NAMED_ID.findall(choice.label)}
    resolved = dict(action)
    for param, given in action.items():
        if param not in params or not isinstance(given, str | list):
            continue
        offered = [choice for choice in mine if param in choice.action]
        if not offered:
            continue
        written = [c for c in offered if isinstance(c.action[param], str)]
        if isinstance(given, list):
            resolved[param] = _many(param, nouns[param], [str(item) for item in given], offered, written)
        else:
            resolved[param] = _one(nouns[param], given, Names.of(offered, param, aliases))
    return resolved


def _many(param: str, noun: str, typed: list[str], offered: list[Choice], written: list[Choice]) -> list[str] | str:
    """A typed list: the legal value it spells out whole (or the label of its choice, commas and all), if the engine
    writes its lists as text; else each item resolved among the items of the legal lists (never against a whole
    text, which an item only resembles)."""
    if written:
        whole = Names.of(written, param).find(", ".join(typed))
        if whole is not None:
            return whole
    names = Names.of([c for c in offered if not isinstance(c.action[param], str)], param)
    return [_one(noun, item, names) for item in typed]


def labelled(choices: list[Choice], typed: str) -> Choice | None:
    """The one choice `typed` is the label of, as the bot shows it (whole or cut short, in any case or spacing,
    singular or plural, with the players' names filled in), or the one whose label starts with that name."""
    found = Names([], [(choice.label, str(index)) for index, choice in enumerate(choices)]).find(typed, ids=False)
    return choices[int(found)] if found is not None else None


class Names:
    """Every spelling that stands for a legal value of one parameter, from the most exact to the loosest: its id and
    the id as people write it; the label of a choice holding it alone, and the name the label starts with; the same
    folded (no list position, singular); a label cut short as a button shows it. A spelling that stands for two
    values stands for neither."""

    def __init__(
        self, ids: list[tuple[str, str]], labels: list[tuple[str, str]], aliases: Iterable[tuple[str, str]] = ()
    ) -> None:
        self.values: dict[str, str] = {}  # value -> the name a did-you-mean shows
        for _, value in ids:
            self.values.setdefault(value, humanized(value))
        for label, value in labels:
            self.values[value] = _shown_name(label, value) or self.values.get(value, value)
        self.labels = labels  # (label, value) of the choices holding one value of the parameter
        whole = [*ids, *labels]  # a whole label before the name it starts with, which another label may share
        heads = [(_head(label), value) for label, value in labels]
        self.aliases = [(name, value) for name, value in aliases if value in self.values]
        for name, place in aliases:  # a place's name also stands for the one legal value at it ('t0' for 't0:1')
            there = [value for value in self.values if value.startswith(f"{place}:")]
            if place not in self.values and len(there) == 1:
                self.aliases.append((name, there[0]))
        heads += self.aliases
        self.tiers: list[tuple[Callable[[str], str], dict[str, str]]] = [
            (normal, _unique(ids, normal)),
            (normal, _unique(whole, normal)),
            (normal, _unique([*whole, *heads], normal)),
            (folded, _unique(whole, folded)),
            (folded, _unique([*whole, *heads], folded)),
        ]

    @classmethod
    def of(cls, offered: list[Choice], param: str, aliases: Iterable[tuple[str, str]] = ()) -> Names:
        """`aliases`: (name, value) as labels write them, 'Highland (t0)', wherever they are shown."""
        ids: list[tuple[str, str]] = []
        labels: list[tuple[str, str]] = []
        for choice in offered:
            items = _items(choice.action[param])
            ids += [(spelling, value) for value in items for spelling in (value, humanized(value))]
            if len(items) == 1:
                labels.append((choice.label, items[0]))
        return cls(ids, labels, aliases)

    def find(self, typed: str, ids: bool = True) -> str | None:
        if ids and typed in self.values:
            return typed
        for key, tier in self.tiers:
            found = tier.get(key(typed))
            if found:
                return found
        return self._cut(typed) or self._with_seats(typed)

    def _cut(self, typed: str) -> str | None:
        """A label as a button or menu shows it, cut to Discord's length: the whole name and then some of the rest."""
        start = normal(typed.rstrip().removesuffix(_CUT))
        found = {
            value
            for label, value in self.labels
            if normal(label).startswith(start) and len(start) > len(normal(_head(label)))
        }
        return found.pop() if len(found) == 1 else None

    def _with_seats(self, typed: str) -> str | None:
        """A label that names players ('<seat:0>'s army'), typed as shown: with a player's name in each place."""
        found = set()
        for label, value in self.labels:
            if _SEAT.search(label):
                parts = [re.escape(normal(part)) for part in _SEAT.split(label)]
                if re.fullmatch(".+".join(parts), normal(typed)):
                    found.add(value)
        return found.pop() if len(found) == 1 else None

    def closest(self, typed: str) -> str | None:
        keys = {key: value for key, value in self.tiers[2][1].items() if value}
        close = difflib.get_close_matches(normal(typed), list(keys), n=1, cutoff=0.75)
        return self.offered(keys[close[0]]) if close else None

    def offered(self, value: str) -> str:
        """The name a did-you-mean offers for `value`, one that typed back stands for it alone: its name where a label
        writes it 'Wasteland (t2)'; the value as a label shows it ('up', 'b3'); an id's words ('Footsoldier', not
        'Move 2 Footsoldiers from ...'); the name its label starts with, unless others share it ('Magic' for every
        army that may roll magic); a number as a label shows it; a whole label."""
        shown = [label for label, held in self.labels if held == value]
        in_label = any(re.search(rf"(?<!\w){re.escape(value)}(?!\w)", label) for label in shown)
        worded = [value] if in_label and re.search(r"[^\W\d]", value) else []
        numbered = [value] if in_label and not worded else []
        aliases = [name for name, held in self.aliases if held == value]
        spelled = [self.values[value], humanized(value)] if _ID.fullmatch(value) else []
        spelled = [name for name in spelled if normal(name) == normal(humanized(value))]  # not a label's head
        names = [*aliases, *worded, *spelled, self.values[value], *numbered, *shown]
        return next((name for name in names if self.find(name) == value), self.values[value])


def _unique(spellings: Iterable[tuple[str, str]], key: Any) -> dict[str, str]:
    """Spelling key -> value, leaving out a key two values share ('' means it stands for no one value)."""
    keys: dict[str, str] = {}
    for text, value in spellings:
        spelled = key(text)
        if spelled and keys.get(spelled, value) != value:
            keys[spelled] = ""
        else:
            keys.setdefault(spelled, value)
    return keys


def _one(noun: str, typed: str, names: Names) -> str:
    found = names.find(typed)
    if found is not None:
        return found
    close = names.closest(typed)
    if close is not None:
        raise RuleError(f"There is no {noun} called {typed[:40]!r} you can choose now. Did you mean {close}?")
    return typed
