"""Content files: enough of everything, all the project's own, and load errors that name file, entry and field."""

from __future__ import annotations

import json
import re

import pytest

from rules.tashkalar import content
from rules.tashkalar.content import CARDS, CONTENT, FACTIONS, FLARES, LEGENDS, TASKS, ContentError

GOOD = {
    "id": "test_being",
    "name": "Test Being",
    "rank": "heroic",
    "pattern": ["c.", ".@"],
    "effects": [{"do": "destroy", "who": "enemy", "area": "adjacent"}],
    "source": "house",
}


def test_sizes_asked_for() -> None:
    assert len(FACTIONS) >= 2
    assert all(len(faction.beings) >= 15 for faction in FACTIONS.values())
    assert len(LEGENDS) >= 8 and len(FLARES) >= 8 and len(TASKS) >= 12


def test_every_entry_is_marked_house() -> None:
    for path in CONTENT.glob("*.json"):
        data = json.loads(path.read_text())
        entries = data["beings"] if isinstance(data, dict) else data
        assert all(entry["source"] == "house" for entry in entries), path.name
        if isinstance(data, dict):
            assert data["source"] == "house"


def test_patterns_are_grids_with_one_summoning_square() -> None:
    for card in CARDS.values():
        assert sum(line.count("@") for line in card.grid) == 1
        assert len({len(line) for line in card.grid}) == 1


def test_beings_have_varied_effects() -> None:
    kinds = {effect.do for card in CARDS.values() for effect in card.effects}
    assert kinds >= set(content.EFFECT_KINDS)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"pattern": ["c.", ".."]}, "pattern"),
        ({"pattern": ["cx", ".@"]}, "pattern"),
        ({"rank": "mighty"}, "rank"),
        ({"source": "published"}, "source"),
        ({"effects": [{"do": "teleport"}]}, "effects[0].do"),
        ({"effects": [{"do": "destroy", "count": 9}]}, "effects[0].count"),
        ({"effects": [{"do": "destroy", "who": "self", "area": "self"}]}, "effects[0]"),
        ({"name": 5}, "name"),
    ],
)
def test_bad_being_names_file_entry_and_field(change: dict, field: str) -> None:
    with pytest.raises(ContentError) as error:
        content.card_from("faction_test.json", {**GOOD, **change}, "test")
    message = str(error.value)
    assert message.startswith("faction_test.json: entry 'test_being': field ")
    assert f"'{field}" in message


def test_bad_flare_and_task_name_their_field() -> None:
    flare = {"id": "f", "name": "F", "source": "house", "top": {"by": 2, "effects": []}, "bottom": {"by": 0}}
    with pytest.raises(ContentError, match=re.escape("flares.json: entry 'f': field 'top'")):
        content.flare_from("flares.json", flare)
    task = {"id": "t", "name": "T", "points": 7, "kind": "count", "text": "x", "source": "house", "at_least": 2}
    with pytest.raises(ContentError, match=re.escape("tasks.json: entry 't': field 'points'")):
        content.task_from("tasks.json", task)


def test_legend_must_be_legendary() -> None:
    with pytest.raises(ContentError, match="field 'rank'"):
        content.card_from("legends.json", GOOD, "legend")
