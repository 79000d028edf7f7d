"""What /info explains for Tash-Kalar: every being of every faction, every legend, every Flare, every task and the
factions themselves, built from the loaded content so the glossary cannot drift from the cards the engine plays.

Effect sentences come from text.py, the same words the hand and the choices use."""

from __future__ import annotations

from functools import cache
from typing import Literal

from rules.base import Lookup
from rules.tashkalar.content import CARDS, FACTIONS, FLARES, RANK_NAMES, TASKS, Card, Task
from rules.tashkalar.text import card_text, flare_text
from rules.text import count

Source = Literal["published", "house"]
PATTERN_KEY = "@ appears; c/h/l common/heroic/legend"  # under each grid: what its letters ask for
ZONE_NAMES = {"centre": "central 3x3", "edge": "outer edge", "corners": "2x2 corners"}


# Every Tash-Kalar card, flare, task and faction here is the project's own: the content schema admits no other
# source (content.HOUSE), so the loaded records need not carry it.
HOUSE: Source = "house"


def _card(card: Card) -> Lookup:
    legend = card.faction == "legend"
    rank = RANK_NAMES[card.rank]
    appears = f"Summoned as a {rank} token"
    appears += ", from the shared legend deck." if legend else f" for the {FACTIONS[card.faction].name}."
    pattern_tokens = sum(ch not in ".@" for line in card.grid for ch in line)
    facts = [f"rank {rank}", "legend deck" if legend else f"faction {FACTIONS[card.faction].name}"]
    facts.append(f"pattern of {count(pattern_tokens, 'token')}")
    return Lookup(
        name=card.name,
        kind="legend" if legend else "being",
        text=" ".join([appears, *card_text(card.id)]),
        source=HOUSE,
        facts=tuple(facts),
        picture=(*card.grid, PATTERN_KEY),
    )


def _task(task: Task) -> Lookup:
    facts = [count(task.points, "point"), f"{task.kind} task"]
    if task.kind == "count":
        facts.append(f"rank {RANK_NAMES[task.rank]}" + ("+" if task.rank < 3 else ""))  # or better
    if task.kind == "zone":
        facts.append(ZONE_NAMES[task.zone])
    if task.at_least:
        facts.append(f"at least {task.at_least}")
    # the task's own text field says what it asks; the claiming rule comes from rules.md (High Form)
    text = f"{task.text} Claim it at the end of your turn in High Form to score its points."
    return Lookup(
        name=task.name,
        kind="task",
        text=text,
        source=HOUSE,
        facts=tuple(facts),
        picture=task.grid,
    )


@cache
def lookups() -> list[Lookup]:
    found = [_card(card) for card in CARDS.values()]  # faction beings and legends alike
    for flare in FLARES.values():
        top, bottom = flare_text(flare.id)
        found.append(
            Lookup(
                name=flare.name,
                kind="flare",
                text=f"Called for free before an action. Top: {top} Bottom: {bottom}",
                source=HOUSE,
                facts=(f"top: {flare.top.by}+ more upgraded", f"bottom: {flare.bottom.by}+ more tokens"),
            )
        )
    found += [_task(task) for task in TASKS.values()]
    for faction in FACTIONS.values():
        names = ", ".join(CARDS[being].name for being in faction.beings)
        deck = f"A summoner's own deck of {len(faction.beings)} beings, chosen at the start."
        found.append(
            Lookup(
                name=faction.name,
                kind="faction",
                text=f"{faction.character} {deck} Its beings: {names}.",
                source=HOUSE,
                facts=(f"{len(faction.beings)} beings",),
            )
        )
    return found  # Engine.glossary orders them
