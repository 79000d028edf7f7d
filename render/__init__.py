"""Board renderers, one module per game id: render(state, names) -> PIL image of the public board."""

from __future__ import annotations

import importlib
from types import ModuleType


def renderer(game_id: str) -> ModuleType:
    return importlib.import_module(f"render.{game_id}")
