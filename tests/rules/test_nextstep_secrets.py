"""nextstep.secrets, the names only a seat's own view holds, gathered in one walk: the same names as the set-per-level
walk it replaced, on the views of seeded games of every game; and hidden() as before, its values not read when the
view hides nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules import nextstep, serial
from rules.base import Choice, SeatInfo
from rules.rng import Rng


def words_by_level(data: Any) -> set[str]:
    """The walk nextstep._words replaced (a set made and merged at every level): the reference."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return {w for key, value in data.items() for w in words_by_level(key) | words_by_level(value)}
    if isinstance(data, list | tuple):
        return {w for item in data for w in words_by_level(item)}
    return set()


def test_words_are_every_text_and_key_at_any_depth() -> None:
    data = {"a": ["b", {"c": 1, "d": ("e", None, 2.5)}], "f": True, "g": {"h": []}}
    assert nextstep._words(data) == words_by_level(data) == set("abcdegfh")


@pytest.mark.parametrize("game", list(rules.engines()))
def test_secrets_as_the_walk_by_levels_found_them(game: str) -> None:
    engine = rules.engine(game)
    players = max(engine.meta.min_players, min(engine.meta.max_players, 3))
    state = engine.new([SeatInfo() for _ in range(players)], engine.meta.resolve_options({}), Rng(4))
    chooser = random.Random(4)
    found = 0
    for _ in range(40):
        if engine.outcome(state) is not None:
            break
        public = engine.view(state, None)
        for seat in range(players):
            own = engine.view(state, seat)
            expected = words_by_level(serial.dump(own)) - words_by_level(serial.dump(public))
            secret = nextstep.secrets(own, public)
            assert secret == expected
            found += len(expected)
            if seat in engine.awaiting(state):
                for choice in engine.legal(state, seat):
                    assert nextstep.hidden(choice, secret) == any(v in secret for v in nextstep._values(choice))
        seat = chooser.choice(sorted(engine.awaiting(state)))
        engine.act(state, seat, chooser.choice(engine.legal(state, seat)).action, Rng(chooser.randrange(2**32)))
    if game in ("nerath", "tashkalar"):  # hands are hidden from the channel from the start
        assert found


def test_a_choice_is_hidden_when_it_names_a_secret() -> None:
    choice = Choice({"type": "play", "card": "ogre", "to": ["a1", "b2"]}, "Play the ogre")
    assert nextstep.hidden(choice, frozenset({"ogre"})) and nextstep.hidden(choice, frozenset({"b2"}))
    assert not nextstep.hidden(choice, frozenset({"troll"})) and not nextstep.hidden(choice, frozenset())
