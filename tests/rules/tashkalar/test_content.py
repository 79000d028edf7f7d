"""Content files: enough of everything, all the project's own, and load errors that name file, entry and field."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from rules.tashkalar import content
from rules.tashkalar.content import CARDS, CONTENT, FACTIONS, FLARES, LEGENDS, TASKS, ContentError

GOOD = {
    "id": "test_being",
    "name": "Test Being",
    "rank": "heroic",
    "pattern": ["ch", "c@", "c."],
    "effects": [{"do": "destroy", "who": "enemy", "area": "adjacent"}],
    "source": "house",
}


def test_sizes_asked_for() -> None:
    assert len(FACTIONS) == 4
    assert all(len(faction.beings) == 18 for faction in FACTIONS.values())
    assert len(LEGENDS) >= 12 and len(FLARES) >= 8 and len(TASKS) >= 12


def test_each_faction_mixes_ranks_like_a_published_deck() -> None:
    for faction in FACTIONS.values():
        commons = sum(CARDS[being].rank == 1 for being in faction.beings)
        assert 8 <= commons <= 9, faction.id


def _asked(card_id: str) -> tuple[int, set[int]]:
    cells = CARDS[card_id].cells
    return len(cells), {rank for _, _, rank in cells}


def test_pattern_sizes_follow_the_published_ranges() -> None:
    """Issue #15: commons ask for 3-4 common tokens, heroics 4-6 with a heroic one, legends 5-8 of mixed ranks."""
    for card_id, card in CARDS.items():
        size, ranks = _asked(card_id)
        if card.rank == 1:
            assert 3 <= size <= 4 and ranks == {1}, card_id
        elif card.rank == 2:
            assert 4 <= size <= 6 and 2 in ranks and 3 not in ranks, card_id
        else:
            assert 5 <= size <= 8 and 1 in ranks and len(ranks) >= 2, card_id


@pytest.mark.parametrize(
    ("rank", "pattern", "message"),
    [
        ("common", ["c@"], "a common being asks for 3-4 tokens, not 1"),
        ("common", ["cc", "c@", "cc"], "a common being asks for 3-4 tokens, not 5"),
        ("common", ["ch", "c@"], "asks for common tokens (c) only"),
        ("heroic", ["cc", "c@"], "a heroic being asks for 4-6 tokens, not 3"),
        ("heroic", ["cc", "c@", "cc"], "needs at least one h and no l"),
        ("heroic", ["lc", "c@", "cc"], "needs at least one h and no l"),
        ("heroic", ["ccc", "h@h", "ccc"], "a heroic being asks for 4-6 tokens, not 8"),
        ("legendary", ["hh", "h@"], "a legendary being asks for 5-8 tokens, not 3"),
        ("legendary", ["hhh", "h@h"], "a legend's pattern mixes ranks"),
        ("legendary", ["ccc", "c@c"], "a legend's pattern mixes ranks"),
    ],
)
def test_validator_enforces_pattern_sizes_per_rank(rank: str, pattern: list[str], message: str) -> None:
    faction = "legend" if rank == "legendary" else "test"
    with pytest.raises(ContentError, match=re.escape(message)):
        content.card_from("faction_test.json", {**GOOD, "rank": rank, "pattern": pattern}, faction)


def test_a_faction_has_exactly_18_beings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for path in CONTENT.glob("*.json"):
        shutil.copy(path, tmp_path)
    data = json.loads((CONTENT / "faction_tide.json").read_text())
    (tmp_path / "faction_tide.json").write_text(json.dumps({**data, "beings": data["beings"][:-1]}))
    monkeypatch.setattr(content, "CONTENT", tmp_path)
    with pytest.raises(ContentError, match=re.escape("field 'beings': a faction has exactly 18 beings, not 17")):
        content.load()


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
    assert str(error.value).startswith(f"faction_test.json: entry 'test_being', field '{field}': ")


def test_bad_flare_and_task_name_their_field() -> None:
    flare = {"id": "f", "name": "F", "source": "house", "top": {"by": 2, "effects": []}, "bottom": {"by": 0}}
    with pytest.raises(ContentError, match=re.escape("flares.json: entry 'f', field 'top.effects': must not be empty")):
        content.flare_from("flares.json", flare)
    task = {"id": "t", "name": "T", "points": 7, "kind": "count", "text": "x", "source": "house", "at_least": 2}
    with pytest.raises(
        ContentError, match=re.escape("tasks.json: entry 't', field 'points': must be at most 3, not 7")
    ):
        content.task_from("tasks.json", task)


def test_legend_must_be_legendary() -> None:
    with pytest.raises(
        ContentError, match=re.escape("legends.json: entry 'test_being', field 'rank': 'heroic' is not")
    ):
        content.card_from("legends.json", GOOD, "legend")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": 5}, "field 'name': must be text, not a whole number"),
        ({"rank": "mighty"}, "field 'rank': 'mighty' is not one of common, heroic"),
        (
            {"effects": [{"do": "move", "steps": True}]},
            "field 'effects[0].steps': must be a whole number, not true/false",
        ),
        ({"effects": [{"do": "destroy", "ranks": ["epic"]}]}, "field 'effects[0].ranks[0]': 'epic' is not one of"),
        ({"effects": [{"do": "destroy", "ranks": []}]}, "field 'effects[0].ranks': must not be empty"),
        ({"pattern": ["c", ""]}, "field 'pattern[1]': must not be empty"),
        ({"colour": "red"}, "field 'colour': is not a field of this entry"),
    ],
)
def test_schema_rules_word_errors_the_shared_way(change: dict, message: str) -> None:
    with pytest.raises(ContentError, match=re.escape(f"faction_test.json: entry 'test_being', {message}")):
        content.card_from("faction_test.json", {**GOOD, **change}, "test")


def test_missing_fields_are_named() -> None:
    with pytest.raises(ContentError, match=re.escape("faction_test.json: entry 'test_being', field 'name': missing")):
        content.card_from("faction_test.json", {key: value for key, value in GOOD.items() if key != "name"}, "test")
    with pytest.raises(ContentError, match=re.escape("faction_test.json: entry '#1', field 'id': missing")):
        content.card_from("faction_test.json", {key: value for key, value in GOOD.items() if key != "id"}, "test")
    task = {"id": "t", "name": "T", "points": 1, "kind": "zone", "text": "x", "source": "house", "at_least": 2}
    with pytest.raises(ContentError, match=re.escape("tasks.json: entry 't', field 'zone': missing (a zone task")):
        content.task_from("tasks.json", task)


def test_defaults_are_filled_in() -> None:
    card = content.card_from("faction_test.json", {**GOOD, "effects": [{"do": "extra_action"}]}, "test")
    assert card.effects == (content.Effect("extra_action"),) and card.flavour == ""
    assert set(card.cells) == {(-1, 1, 1), (0, 1, 2), (-1, 0, 1), (-1, -1, 1)} and card.rank == 2


def test_a_card_id_is_unique_across_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for path in CONTENT.glob("*.json"):
        shutil.copy(path, tmp_path)
    being = json.loads((CONTENT / "faction_cinder.json").read_text())["beings"][0]
    legends = json.loads((CONTENT / "legends.json").read_text())
    twin = {**being, "rank": "legendary", "pattern": legends[0]["pattern"]}  # a valid legend, but the id is taken
    (tmp_path / "legends.json").write_text(json.dumps([*legends, twin]))
    monkeypatch.setattr(content, "CONTENT", tmp_path)
    with pytest.raises(
        ContentError, match=re.escape(f"legends.json: entry '{being['id']}', field 'id': is used twice")
    ):
        content.load()
