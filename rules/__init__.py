"""Installed game engines, by id. A game is listed here once it plays from start to finish."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from rules.base import Engine

# The modules that build each game's ENGINE (the contract in rules/base.py), one per game this bot ships.
GAME_MODULES: tuple[str, ...] = (
    "rules.dragondice.engine",
    "rules.genertela.engine",
    "rules.nerath.engine",
    "rules.smallworld.engine",
    "rules.tashkalar.engine",
    "rules.tictactoe.engine",
)


@cache
def engines() -> dict[str, Engine[Any]]:
    loaded: list[Engine[Any]] = [importlib.import_module(path).ENGINE for path in GAME_MODULES]
    ordered = sorted(loaded, key=lambda game: (game.meta.demo, game.meta.title))
    return {game.meta.id: game for game in ordered}


def engine(game_id: str) -> Engine[Any]:
    try:
        return engines()[game_id]
    except KeyError:
        known = ", ".join(engines())
        raise KeyError(f"No game called {game_id!r} is installed. Games: {known}.") from None
