"""How an army, a terrain or a unit is named where a player reads it ('Bob's army at Highland (t0)'): shared by the
choices, the spells' refusals and the status, so a value is written the same way everywhere."""

from __future__ import annotations

from rules.base import seat_ref
from rules.dragondice.model import DEAD, State


def army_label(state: State, key: str) -> str:
    where, seat = key.split(":")
    return f"{seat_ref(int(seat))}'s army at {state.terrain(where).name} ({where})"


def target_label(state: State, target: str) -> str:
    if ":" in target:
        return army_label(state, target)
    if target.startswith("t"):
        return f"{state.terrain(target).name} ({target})"
    unit = state.unit(target)
    place = "dead unit area" if unit.where == DEAD else state.terrain(unit.where).name
    return f"{seat_ref(unit.owner)}'s {unit.name} {unit.id} ({place})"
