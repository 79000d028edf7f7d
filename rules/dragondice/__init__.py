"""Dragon Dice: armies of dice manoeuvre on terrain dice to capture two terrains."""

from rules.dragondice.engine import (
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
from rules.dragondice.model import State

__all__ = ["State", "act", "awaiting", "fallback", "legal", "meta", "new", "outcome", "status", "view"]
