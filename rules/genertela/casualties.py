"""How a choice of casualties is written and read.

Written: the units' labels in sorted order, a repeated label counted ("2 standard,Vardan"), so that even many hits
fit Discord's 100-character option values. Read: whatever a player typed (a list or a text, any order, spaces or
letter case, counts or repeated names) is matched to the legal choice it means.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from rules.text import count as counted

PLURALS = {
    "standard": "standard units",
    "killmen": "Killmen",
    "city": "Cities",
    "forest": "Forests",
    "named dragonewt": "named Dragonewts",
}
SINGULARS = {
    "standard": "standard unit",
    "killmen": "Killmen",
    "city": "City",
    "forest": "Forest",
    "named dragonewt": "named Dragonewt",
}
COUNTED = re.compile(r"^(\d+)\s*x?\s+(.+)$")


def expand(value: Any) -> list[str]:
    """The labels of the units a value names, one per unit ("2 standard" is two)."""
    items = value if isinstance(value, list) else str(value).split(",")
    labels: list[str] = []
    for item in (str(i).strip() for i in items):
        found = COUNTED.match(item)
        if found and int(found.group(1)) <= 99:
            labels += [found.group(2).strip()] * int(found.group(1))
        elif item:
            labels.append(item)
    return labels


def compact(labels: list[str]) -> str:
    """The written form: sorted labels, a repeated one counted."""
    counts = Counter(sorted(labels))
    return ",".join(label if count == 1 else f"{count} {label}" for label, count in counts.items())


def canonical(value: Any) -> str:
    return compact([item.lower() for item in expand(value)])


def matching(value: Any, options: list[str]) -> str | None:
    """The legal value the player's value means (same units, however written), or None."""
    wanted = canonical(value)
    return next((option for option in options if canonical(option) == wanted), None)


def unit_count(count: int) -> str:
    """The count with its noun: 1 unit, 3 units."""
    return counted(count, "unit", zero="0")


def described(labels: list[str]) -> str:
    """Units as people say them: "2 standard units, Vardan" (a lone ordinary unit is "1 standard unit")."""
    counts = Counter(labels)
    return ", ".join(
        (f"1 {SINGULARS[name]}" if name in SINGULARS else name)
        if count == 1
        else f"{count} {PLURALS.get(name, name + 's')}"
        for name, count in counts.items()
    )


def label(option: str) -> str:
    """Labels like "Lose 3 standard units, Vardan", kept within Discord's 100 characters."""
    if not expand(option):
        return "Lose nothing (no unit may be taken)"
    text = f"Lose {described(expand(option))}"
    return text if len(text) <= 100 else text[:97] + "..."
