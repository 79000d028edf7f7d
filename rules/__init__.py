"""Installed game engines, by id. A game is listed here once it plays from start to finish."""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

# Module paths of the games this bot ships; each follows the contract in rules/base.py.
GAME_MODULES: tuple[str, ...] = (
    "rules.dragondice",
    "rules.genertela",
    "rules.nerath",
    "rules.smallworld",
    "rules.tashkalar",
    "rules.tictactoe",
)


@cache
def engines() -> dict[str, ModuleType]:
    loaded = [importlib.import_module(path) for path in GAME_MODULES]
    ordered = sorted(loaded, key=lambda module: (module.meta.demo, module.meta.title))
    return {module.meta.id: module for module in ordered}


def engine(game_id: str) -> ModuleType:
    try:
        return engines()[game_id]
    except KeyError:
        known = ", ".join(engines())
        raise KeyError(f"No game called {game_id!r} is installed. Games: {known}.") from None
