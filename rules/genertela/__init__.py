"""Genertela: the 40-turn grand campaign of Gloranthan history."""

from rules.genertela.engine import (
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
