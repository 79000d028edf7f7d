"""The /info glossary: every card, Flare, task and faction of the content once, under unique names, in our words."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from rules.base import Lookup
from rules.tashkalar.content import CARDS, CONTENT, FACTIONS, FLARES, LEGENDS, TASKS
from rules.tashkalar.engine import ENGINE
from rules.tashkalar.glossary import lookups


def _names(kind: str) -> Counter[str]:
    return Counter(entry.name for entry in lookups() if entry.kind == kind)


def _entry(name: str) -> Lookup:
    [found] = [entry for entry in lookups() if entry.name == name]
    return found


def _raw() -> dict[str, dict[str, Any]]:
    """The data files' entries by name, read without the loader: their "source" is what the glossary must show."""
    found: dict[str, dict[str, Any]] = {}
    for path in sorted(CONTENT.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):  # a faction file: the faction, then its beings
            found[data["name"]] = data
            data = data["beings"]
        found.update({entry["name"]: entry for entry in data})
    return found


def test_every_content_item_appears_once() -> None:
    beings = [card.name for card in CARDS.values() if card.faction != "legend"]
    assert _names("being") == Counter(beings)
    assert _names("legend") == Counter(CARDS[card].name for card in LEGENDS)
    assert _names("flare") == Counter(flare.name for flare in FLARES.values())
    assert _names("task") == Counter(task.name for task in TASKS.values())
    assert _names("faction") == Counter(faction.name for faction in FACTIONS.values())
    assert len(lookups()) == len(CARDS) + len(FLARES) + len(TASKS) + len(FACTIONS)


def test_sources_match_the_data() -> None:
    raw = _raw()
    for entry in lookups():
        assert entry.source in ("published", "house")
        assert entry.source == raw[entry.name]["source"], entry.name


def test_spot_checks() -> None:
    stalker = _entry("Ember Stalker")
    assert stalker.kind == "being"
    assert stalker.facts == ("rank heroic", "faction Cinder Court", "pattern of 4 tokens")
    assert stalker.picture[:3] == ("c.c", "c@.", ".h.")
    assert "combat-move up to 2 steps" in stalker.text

    warlord = _entry("Eternal Warlord")
    assert warlord.kind == "legend" and "rank legendary" in warlord.facts
    assert warlord.picture[:3] == ("l.c", "h@.", "cc.")

    wellspring = _entry("Wellspring")
    assert wellspring.facts == ("top: 4+ more upgraded", "bottom: 2+ more tokens")
    assert "Top:" in wellspring.text and "Bottom:" in wellspring.text

    crown = _entry("Crown")
    assert crown.kind == "task" and "3 points" in crown.facts and crown.picture == ("h.h", ".l.")
    assert "at least 4" in _entry("Hold the Centre").facts

    assert _entry("Cinder Court").facts == ("18 beings",)
    assert _entry("Tide Covenant").facts == ("18 beings",)


def test_engine_serves_the_same_list() -> None:
    assert set(ENGINE.glossary()) == set(
        lookups()
    )  # in the order Engine.glossary gives (tests/rules/test_glossaries.py)
