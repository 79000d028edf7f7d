"""The /info glossary of Nerath: one entry per content item, unique names, sound texts and sources."""

import json
from collections import Counter
from typing import Any

import pytest

from rules.base import Lookup
from rules.nerath.content import CONTENT, CONTENT_DIR, SPACE_KINDS
from rules.nerath.glossary import lookups

GLOSSARY = lookups()


def _read(file: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CONTENT_DIR / file).read_text(encoding="utf-8"))
    return data


def _of(kind: str) -> dict[str, Lookup]:
    return {item.name: item for item in GLOSSARY if item.kind == kind}


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        ("piece", [p.name for p in CONTENT.pieces.values()]),
        ("realm", [r.short for r in CONTENT.realms.values()]),  # the board and messages show the short name
        ("event card", [e.name for e in CONTENT.events.values()]),
        ("treasure", [t.name for t in CONTENT.treasures.values()]),
        ("guardian", [g.name for g in CONTENT.guardians.values()]),
    ],
)
def test_every_content_item_appears_exactly_once(kind: str, names: list[str]) -> None:
    assert Counter(item.name for item in GLOSSARY if item.kind == kind) == Counter(names)


def test_every_space_kind_appears() -> None:
    assert len(_of("space")) == len(SPACE_KINDS)
    assert set(_of("space")) == {"Land space", "Sea space", "Dungeon entrance"}


def test_nothing_else() -> None:
    expected = (
        len(CONTENT.pieces)
        + len(CONTENT.realms)
        + len(CONTENT.events)
        + len(CONTENT.treasures)
        + len(CONTENT.guardians)
        + len(SPACE_KINDS)
    )
    assert len(GLOSSARY) == expected


def test_sources_match_the_data() -> None:
    assert all(item.source in ("published", "house") for item in GLOSSARY)
    data = {
        "piece": {e["name"]: e["source"] for e in _read("pieces.json")["pieces"]},
        "event card": {e["name"]: e["source"] for d in _read("events.json")["decks"].values() for e in d},
        "treasure": {e["name"]: e["source"] for e in _read("treasures.json")["treasures"]},
        "guardian": {e["name"]: e["source"] for e in _read("guardians.json")["guardians"]},
    }
    for kind, sources in data.items():
        assert {name: item.source for name, item in _of(kind).items()} == sources, kind
    realms_source = _read("realms.json")["source"]  # realms have no per-entry source: the file's holds
    assert all(item.source == realms_source for item in _of("realm").values())


def test_spot_checks() -> None:
    dragon = _of("piece")["Dragon"]
    assert dragon.facts == ("costs 5", "d20", "move 3", "flying piece")
    assert "one hit without dying" in dragon.text
    lich = _of("guardian")["Lich"]
    assert lich.facts == ("dice d12, d10", "first strike", "Heroes need 8+", "reward 5 gold")
    assert lich.source == "house"
    karkoth = _of("realm")["Karkoth"]
    assert "gold 10" in karkoth.facts and "capital Karkothi Throneholds" in karkoth.facts
    assert "15 land spaces" in karkoth.facts
    tithe = _of("event card")["Tithe of Bones"]
    assert tithe.text.startswith(CONTENT.events["tithe-of-bones"].text)
    assert tithe.facts == ("Karkoth deck", "play at once", "+3 gold")
    crown = _of("treasure")["Crown of the Lost King"]
    assert crown.facts == ("+3 VP", "power: +5 gold", "property: +1 gold at income")
    assert _of("space")["Land space"].facts[0] == "55 on the map"
