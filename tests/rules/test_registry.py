"""The registry of games (rules.GAMES): each game's engine and renderer record, listed once, and the engine
contract (tests/engine_contract.py) over every game installed, a test's toy game too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rules
from render import renderer
from render.record import Renderer
from tests.engine_contract import check_engine
from tests.support.toy import GAME as FOOTRACE

INSTALLED = sorted(rules.engines())


@pytest.mark.parametrize("game", INSTALLED)
def test_every_installed_game_keeps_the_engine_contract_over_its_shortest_whole_game(game: str) -> None:
    """A random game at the fewest players and the game's shortest options ends with a result, refuses bad input
    of every kind without a change, replays from its log and round-trips through JSON (one game: each shipped
    game's own tests play many more, at every player count)."""
    engine, entry = rules.engine(game), rules.game(game)
    check_engine(engine, engine.meta.min_players, dict(entry.short), games=1)


@pytest.mark.parametrize("game", INSTALLED)
def test_every_game_is_registered_once_with_its_renderer_record(game: str) -> None:
    engine, entry = rules.engine(game), rules.game(game)
    assert engine.meta.id == game
    assert isinstance(renderer(game), Renderer)
    assert engine.meta.min_players <= entry.players <= engine.meta.max_players
    engine.meta.resolve_options(dict(entry.short))  # the short game's options are the game's own
    assert [e for e in (*rules.GAMES, *rules.added()) if e == entry] == [entry]


def test_a_game_registered_for_a_while_is_installed_then_gone() -> None:
    assert "footrace" not in rules.engines()
    with rules.registered(FOOTRACE) as engine:
        assert rules.engines()["footrace"] is engine and rules.engine("footrace") is engine
        assert rules.added() == (FOOTRACE,) and rules.game("footrace") == FOOTRACE
        assert renderer("footrace").zoom is not None
    assert "footrace" not in rules.engines() and rules.added() == ()
    with pytest.raises(KeyError, match="No game called 'footrace' is installed"):
        rules.engine("footrace")


def test_the_rules_import_no_drawing() -> None:
    """The engines stay free of Pillow: the registry names each renderer's module and imports it only to draw."""
    code = (
        "import sys, rules; rules.engines(); print(sorted({m.split('.')[0] for m in sys.modules} & {'PIL', 'render'}))"
    )
    root = Path(__file__).resolve().parents[2]
    found = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True).stdout
    assert found.strip() == "[]"
