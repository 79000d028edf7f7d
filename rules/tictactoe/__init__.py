"""Tic-tac-toe: the demo game. Small enough to try every table feature in a minute."""

from rules.tictactoe.engine import (
    State,
    act,
    awaiting,
    fallback,
    legal,
    meta,
    new,
    outcome,
    status,
    view,
)

__all__ = ["State", "act", "awaiting", "fallback", "legal", "meta", "new", "outcome", "status", "view"]
