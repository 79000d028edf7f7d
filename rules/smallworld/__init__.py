"""Small World Underground: pick a race and a power, conquer the caverns, decline, score the most coins."""

from rules.smallworld.engine import (
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
