"""What every game's /info glossary must be: each name reachable (unique under the one matching key), each entry
short and plain enough for a private Discord answer, in a stable order."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.base import Engine, normal

WITH_GLOSSARY = [game for game, engine in rules.engines().items() if engine.glossary()]


def _engine(game: str) -> Engine[Any]:
    return rules.engine(game)


def test_every_game_with_content_has_a_glossary() -> None:
    assert set(WITH_GLOSSARY) == set(rules.engines()) - {"tictactoe"}


@pytest.mark.parametrize("game", WITH_GLOSSARY)
def test_every_name_is_reachable_by_what_players_type(game: str) -> None:
    keys = [normal(entry.name) for entry in _engine(game).glossary()]
    assert sorted(key for key in set(keys) if keys.count(key) > 1) == []


@pytest.mark.parametrize("game", WITH_GLOSSARY)
def test_every_entry_is_short_plain_and_says_whose_it_is(game: str) -> None:
    for entry in _engine(game).glossary():
        assert entry.name.strip() and entry.kind == entry.kind.lower(), entry
        assert 0 < len(entry.text) <= 600, entry.name
        for mark in ("content/", ".json", "**", "`"):  # no file players lack, no Markdown of its own
            assert mark not in entry.text, (entry.name, mark)
        assert entry.source in ("published", "house"), entry.name
        assert all(fact and len(fact) <= 48 for fact in entry.facts), entry.name
        assert all(len(line) <= 40 for line in entry.picture), entry.name


@pytest.mark.parametrize("game", WITH_GLOSSARY)
def test_the_glossary_is_by_kind_then_name_and_the_same_each_time(game: str) -> None:
    entries = _engine(game).glossary()
    assert entries == sorted(entries, key=lambda entry: (entry.kind, entry.name.casefold()))
    assert entries == _engine(game).glossary()
