"""Tash-Kalar: summoners shape their tokens into patterns to call beings onto a 9x9 arena."""

from rules.tashkalar.engine import (
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
