"""The installed games: each game's engine and its renderer record, registered together in GAMES.

Every list of games in the code, the tests and docs/pictures.py comes from here; a test can install one more game
for its duration (`registered`), and the same checks then cover it. rules/README.md walks through adding a game.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rules.base import Engine


@dataclass(frozen=True)
class Game:
    """One game: the modules that build its engine (`ENGINE`, rules/base.py) and its renderer record (`RENDERER`,
    render/record.py: Pillow, imported only when a board is drawn), and what the pictures and checks play."""

    engine: str
    renderer: str
    players: int  # the table docs/pictures.py draws and the render checks draw: a typical table, as busy as most
    short: Mapping[str, str] = field(default_factory=dict)  # options of the game's shortest whole game

    @property
    def short_typed(self) -> str:
        """The short game's options as typed at /game new ("scenario=short last_turn=1")."""
        return " ".join(f"{name}={value}" for name, value in self.short.items())


GAMES: tuple[Game, ...] = (
    Game("rules.dragondice.engine", "render.dragondice", 2, {"force": "12", "rounds": "3"}),
    Game("rules.genertela.engine", "render.genertela", 4, {"scenario": "short", "last_turn": "1"}),
    Game("rules.nerath.engine", "render.nerath", 4, {"length": "short", "round_limit": "3"}),
    Game("rules.smallworld.engine", "render.smallworld", 4),
    Game("rules.tashkalar.engine", "render.tashkalar", 4, {"rounds": "5"}),
    Game("rules.tictactoe.engine", "render.tictactoe", 2),
)
_added: list[Game] = []  # installed by a test for its duration (a toy game)


def register(game: Game) -> None:
    """Install one more game in this process (see `registered`)."""
    if game not in _added:
        _added.append(game)
        _installed.cache_clear()


def unregister(game: Game) -> None:
    if game in _added:
        _added.remove(game)
        _installed.cache_clear()


@contextmanager
def registered(game: Game) -> Iterator[Engine[Any]]:
    """Install `game` while the block runs: every list of games, the slash commands of a bot built meanwhile, the
    renderers, include it. Yields its engine."""
    register(game)
    try:
        yield _engine_of(game)
    finally:
        unregister(game)


def added() -> tuple[Game, ...]:
    """The games installed beyond the shipped ones (a test's), in the order they were registered."""
    return tuple(_added)


def _engine_of(game: Game) -> Engine[Any]:
    built = importlib.import_module(game.engine).ENGINE
    if not isinstance(built, Engine):
        raise TypeError(f"{game.engine}.ENGINE is not a rules.base.Engine")
    return built


@cache
def _installed() -> dict[str, tuple[Game, Engine[Any]]]:
    pairs = [(game, _engine_of(game)) for game in (*GAMES, *_added)]
    ordered = sorted(pairs, key=lambda pair: (pair[1].meta.demo, pair[1].meta.title))
    return {engine.meta.id: (game, engine) for game, engine in ordered}


def engines() -> dict[str, Engine[Any]]:
    """Every installed game's engine by id, in the order they are offered (by title, the demo last)."""
    return {game_id: engine for game_id, (_, engine) in _installed().items()}


def engine(game_id: str) -> Engine[Any]:
    return _installed()[_known(game_id)][1]


def game(game_id: str) -> Game:
    """The registry's entry of an installed game."""
    return _installed()[_known(game_id)][0]


def _known(game_id: str) -> str:
    if game_id not in _installed():
        known = ", ".join(_installed())
        raise KeyError(f"No game called {game_id!r} is installed. Games: {known}.")
    return game_id
