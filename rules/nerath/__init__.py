"""D&D: Conquest of Nerath: four realms, alliances, armies, warships, dragons and dungeons."""

from rules.nerath.engine import (
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
from rules.nerath.state import State

__all__ = ["State", "act", "awaiting", "fallback", "legal", "meta", "new", "outcome", "status", "view"]
