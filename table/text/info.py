"""What /info answers: one thing of a game (a race, a card, a spell, a unit...) looked up by name.

Each game lists what may be looked up (`Engine.glossary()`, a list of `Lookup`); here a typed name is matched
the way players type it (any case, spaces or hyphens), a near miss gets a did-you-mean, and the answer is worded
for a private Discord message (or the console).
"""

from __future__ import annotations

import difflib

from rules.base import Lookup, normal
from table.service.core import TableError
from table.text import present

MENU = 25  # Discord shows at most 25 autocomplete suggestions
_SOURCE = {"published": "from the published game", "house": "house-made: our own design"}


def suggestions(entries: list[Lookup], typed: str) -> list[Lookup]:
    """What autocomplete offers for `typed`: names that start with it first, then names that contain it."""
    key = normal(typed)
    starts = [entry for entry in entries if normal(entry.name).startswith(key)]
    within = [entry for entry in entries if key in normal(entry.name) and entry not in starts]
    return (starts + within)[:MENU]


def find(entries: list[Lookup], typed: str, title: str) -> Lookup:
    """The entry named `typed`; a refusal that suggests the nearest names when there is none."""
    if not entries:
        raise TableError(f"{title} has no cards, races or units to look up: /rules explains the whole game.")
    by_name = {normal(entry.name): entry for entry in entries}
    found = by_name.get(normal(typed)) or _pair(by_name, typed)
    if found is not None:
        return found
    close = difflib.get_close_matches(normal(typed), list(by_name), n=3, cutoff=0.6)
    shown = present.escape_text(typed[:60])
    hint = f" Did you mean {' or '.join(by_name[name].name for name in close)}?" if close else ""
    raise TableError(f"{title} has nothing called {shown}.{hint} Start typing and /info suggests the names.")


def _pair(by_name: dict[str, Lookup], typed: str) -> Lookup | None:
    """Two names written together as the game shows them ('Corrupt Cultists', a Small World combo of a power and
    a race): one answer that explains both halves, or None."""
    words = typed.split()
    for cut in range(1, len(words)):
        first, second = by_name.get(normal(" ".join(words[:cut]))), by_name.get(normal(" ".join(words[cut:])))
        if first is not None and second is not None and first is not second:
            return Lookup(
                name=f"{first.name} {second.name}",
                kind=f"{first.kind} and {second.kind}",
                text="\n".join(
                    f"**{half.name}** ({half.kind}, {_SOURCE[half.source]}): {half.text}" for half in (first, second)
                ),
                source="published" if first.source == second.source == "published" else "house",
                facts=(*first.facts, *second.facts),
            )
    return None


def card(entry: Lookup, title: str) -> str:
    """The answer: name, kind and origin, its numbers, what it does and its picture."""
    lines = [f"**{entry.name}** · {entry.kind} · {title}, {_SOURCE[entry.source]}"]
    if entry.facts:
        lines.append(" · ".join(entry.facts))
    lines.append(entry.text)
    if entry.picture:
        lines.append("```\n" + "\n".join(entry.picture) + "\n```")
    return present.fit("\n".join(lines), tail="\n…")
