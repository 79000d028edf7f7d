"""Terrains and spells typed by the names players see ('Highland', 'Stoneskin') work in every step, and a refusal
about one names it as the board does, never as a code or as if it did not exist."""

from typing import Any

import pytest

from rules.base import RuleError
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import State
from rules.rng import Rng
from table.service.play import _typed_action
from table.text.actions import build_action
from tests.rules.dragondice.helpers import EMBER, MIST, act, position
from tests.rules.dragondice.test_spells import casting

CINDER, ANVIL, FORGE = EMBER + "cinder_scout", EMBER + "anvil_guard", EMBER + "forge_adept"
FEN = MIST + "fen_runner"


def typed(state: State, seat: int, kind: str, values: dict[str, str]) -> None:
    """The table's way with a typed command: its names read, then the engine."""
    action = _typed_action(dd, state, seat, build_action(dd.meta, kind, values), lambda s: f"Player {s + 1}")
    dd.act(state, seat, action, Rng(0))


def refusal(state: State, seat: int, kind: str, values: dict[str, Any]) -> str:
    with pytest.raises(RuleError) as refused:
        typed(state, seat, kind, values)
    return str(refused.value)


def reinforcing() -> State:
    state = position({(0, "t2"): [CINDER], (0, "reserve"): [ANVIL, FORGE], (1, "t2"): [FEN]})
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"})
    assert state.step == "reinforce"
    return state


def test_reinforce_at_a_terrain_by_its_name():
    state = reinforcing()
    typed(state, 0, "reinforce", {"units": "u1", "terrain": "Highland"})
    typed(state, 0, "reinforce", {"units": "u2", "terrain": "coastland"})
    assert [state.unit(u).where for u in ("u1", "u2")] == ["t0", "t1"]


def test_a_refused_reinforcement_by_terrain_name_says_what_is_wrong_not_that_the_terrain_is_missing():
    state = reinforcing()
    text = refusal(state, 0, "reinforce", {"units": "u0", "terrain": "Highland"})  # u0 stands at t2
    assert "no terrain called" not in text and text.startswith("Name units from your reserves")
    assert "There is no terrain called 'Nowhere'" in refusal(
        state, 0, "reinforce", {"units": "u1", "terrain": "Nowhere"}
    )


def test_march_and_attack_with_the_army_named_by_its_terrain():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN], (0, "t0"): [ANVIL]}, faces=(3, 3, 1))
    text = refusal(state, 0, "manoeuvre", {"terrain": "Coastland", "direction": "up"})
    assert "may still march at Coastland (t1)" in text and "'t1'" not in text
    typed(state, 0, "melee", {"army": "Swampland", "target": "t2:1"})
    assert state.marching == "t2"


def test_cast_a_spell_by_its_name():
    state = casting({"earth+fire": 2})
    typed(state, 0, "cast", {"spell": "Stoneskin", "target": "t2:0"})
    assert [c.spell for c in state.announced] == ["stoneskin"]


def test_a_spell_that_cannot_be_cast_now_is_refused_for_its_reason_by_its_name():
    state = casting({"earth+fire": 2})
    text = refusal(state, 0, "cast", {"spell": "Stoneskin", "target": "Nowhere"})
    assert text.startswith("Stone Skin cannot target 'Nowhere' now; it may target: ")
    text = refusal(state, 0, "cast", {"spell": "Wind Walk", "target": "t2:0"})
    assert text.startswith("Not enough air magic for Wind Walk (cost 4)")
