"""The names players read and type for the values of a game's actions.

Engines name a place, card or unit by an id (`capweaver_den`) and label each legal choice for people
(`Capweaver Den: costs 2`). Autocomplete shows the people's side only; a value typed as the board prints it
(any case, with spaces, hyphens or apostrophes) is taken for its id; a near miss gets a did-you-mean.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from rules.base import Choice, RuleError, normal

_ID = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z]{3,}")  # snake_case ids and plain lowercase words


def humanized(value: str) -> str:
    """An id as people write it ('thorn_guard' -> 'Thorn Guard'); codes like 'b2' or 't1:0' stay as they are."""
    if _ID.fullmatch(value):
        return " ".join(word.capitalize() for word in value.split("_"))
    return value


def _head(label: str) -> str:
    """The name a label starts with: 'Capweaver Den: costs 2' -> 'Capweaver Den'."""
    return re.split(r":|,| \(| - ", label, maxsplit=1)[0].strip()


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


def resolve(choices: list[Choice], action: dict[str, Any], params: set[str]) -> dict[str, Any]:
    """`action` with every typed name of a legal value (of the named `params`) replaced by that value's id. A value
    no name matches is left for the rules to refuse, unless it is close to one: the refusal asks 'did you mean?'."""
    kind = str(action.get("type"))
    resolved = dict(action)
    for param, given in action.items():
        if param not in params or not isinstance(given, str | list):
            continue
        names = value_names(choices, kind, param)
        if not names:
            continue
        if isinstance(given, list):
            resolved[param] = _many(param, [str(item) for item in given], names, _written(choices, kind, param))
        else:
            resolved[param] = _one(param, given, names, _keys(names))
    return resolved


def _written(choices: list[Choice], action_type: str, param: str) -> set[str]:
    """The legal values an engine gives as one text ('footsoldier,monster'), where a list is typed item by item."""
    return {
        value
        for choice in choices
        if choice.action.get("type") == action_type and isinstance(value := choice.action.get(param), str)
    }


def _many(param: str, typed: list[str], names: dict[str, str], written: set[str]) -> list[str] | str:
    """A typed list: the legal value it spells out whole, if the engine writes its lists as text; else each item
    resolved among the items of the legal lists (never against a whole text, which an item only resembles)."""
    spelled = normal(",".join(typed))
    whole = next((value for value in sorted(written) if normal(value) == spelled), None)
    if whole is not None:
        return whole
    items = {value: name for value, name in names.items() if value not in written}
    keys = _keys(items)
    return [_one(param, item, items, keys) for item in typed]


def _keys(names: dict[str, str]) -> dict[str, str]:
    """Every spelling that stands for a value (its id, the id as people write it, its label, the label's head)."""
    keys: dict[str, str] = {}
    for value, name in names.items():
        for spelling in (value, humanized(value), name, _head(name)):
            keys.setdefault(normal(spelling), value)
    return keys


def _one(param: str, typed: str, names: dict[str, str], keys: dict[str, str]) -> str:
    if typed in names:
        return typed
    found = keys.get(normal(typed))
    if found is not None:
        return found
    close = difflib.get_close_matches(normal(typed), list(keys), n=1, cutoff=0.75)
    if close:
        value = keys[close[0]]
        shown = _head(names[value]) or humanized(value)
        raise RuleError(f"There is no {param} called {typed[:40]!r} you can choose now. Did you mean {shown}?")
    return typed
