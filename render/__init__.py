"""Board renderers: game state -> Pillow image. Each game's module ends with its record (render/record.py), and
the game's entry in rules.GAMES names that module."""

from __future__ import annotations

import importlib
from typing import Any

import rules
from render.record import Renderer


def renderer(game_id: str) -> Renderer[Any]:
    """The renderer record of an installed game."""
    path = rules.game(game_id).renderer
    record = importlib.import_module(path).RENDERER
    if not isinstance(record, Renderer):
        raise TypeError(f"{path}.RENDERER is not a render.record.Renderer")
    return record
