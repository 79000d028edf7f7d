"""Scripted Dragon Dice positions: place units by hand and force each die's face by its label."""

from __future__ import annotations

from typing import Any

from rules.base import Event
from rules.dragondice.content import DRAGON, UNIT_DICE
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Dragon, State, Terrain, Unit
from rules.rng import Rng

EMBER = "emberwrights/"
MIST = "mistwardens/"


def face(kind: str, label: str) -> int:
    """The 1-based die face of a unit die whose label is `label` ("ID", "melee 2", "Kindle 1")."""
    labels = [f.label() for f in UNIT_DICE[kind].faces]
    return labels.index(label) + 1


def dragon_face(face_id: str) -> int:
    return [f.id for f in DRAGON.faces].index(face_id) + 1


def blank(kind: str) -> int:
    """A face that gives nothing for a melee/missile/save roll: the manoeuvre face."""
    return next(i + 1 for i, f in enumerate(UNIT_DICE[kind].faces) if f.kind == "manoeuvre")


def position(
    armies: dict[tuple[int, str], list[str]],
    faces: tuple[int, ...] = (3, 3, 3),
    players: int = 2,
    kinds: tuple[str, ...] = ("highland", "coastland", "swampland"),
) -> State:
    """A game in play, seat 0 marching, terrains t0.. (homes of seats 0.., then the frontier)."""
    state = State(players=players, species=["emberwrights", "mistwardens", "emberwrights", "mistwardens"][:players])
    state.phase = "play"
    for index, (kind, value) in enumerate(zip(kinds, faces, strict=True)):
        state.terrains.append(Terrain(f"t{index}", kind, value, index if index < players else None))
    for (seat, where), units in armies.items():
        for kind in units:
            state.units.append(Unit(f"u{len(state.units)}", seat, kind, where))
    state.dragons = [Dragon(f"d{s}0", s, "fire" if s % 2 == 0 else "water") for s in range(players)]
    return state


def unit_ids(state: State, seat: int, where: str) -> list[str]:
    return [u.id for u in state.army(seat, where)]


def act(state: State, seat: int, action: dict[str, Any], *forced: int) -> list[Event]:
    rng = Rng(0, forced=list(forced))
    events = dd.act(state, seat, action, rng)
    rolled = [face for roll in rng.rolls for face in roll.faces]
    assert len(rolled) == len(forced), f"scripted {len(forced)} dice but the engine rolled {rolled}"
    return events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def strike_back(state: State, seat: int, *forced: int) -> list[Event]:
    """The defender's answer to a melee attack: counter-attack, with the dice of that roll and its saves."""
    return act(state, seat, {"type": "counterattack", "strike": "yes"}, *forced)
