"""The sides a seat plays (faction, race, species, realm...) and how a finished game ended, in the words of the
game's bot module (rules/<game>/bot.py: `side_of`, `sides_held` where sides change during play as Small World's
races, and `ending`). Read alike by the self-play figures (bench/selfplay.py) and a table's result
(table/service/results.py), so both count sides and endings the same way."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

SIDES_JOIN = " / "  # several sides of one seat, as one text (result_seats.side)


def bot_module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"rules.{game}.bot")
    except ModuleNotFoundError:
        return None


def sides_now(module: ModuleType | None, state: Any, seat: int) -> tuple[str, ...]:
    """The sides the seat holds in `state`: every one held now where sides change during play (`sides_held`), else
    the one `side_of` names; () when the game has none."""
    held = getattr(module, "sides_held", None)
    if held is not None:
        return tuple(held(state, seat))
    side_of = getattr(module, "side_of", None)
    return (str(side_of(state, seat)),) if side_of is not None else ()


def ending(module: ModuleType | None, state: Any, winners: tuple[int, ...], players: int) -> str:
    """How the finished game ended, in a few words ("three in a row", "round limit"...)."""
    if module is not None and hasattr(module, "ending"):
        return str(module.ending(state))
    return "draw" if len(winners) == players > 1 else "win"
