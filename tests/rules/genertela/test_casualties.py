"""Seed rule: within the category hit, the player hit chooses which units are eliminated. The choice is written
compactly (repeated kinds counted) and read however the player types it."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.genertela.board import units_of
from rules.genertela.casualties import compact, expand, label, matching
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import Battle, State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, put, z


def _hit_twice() -> State:
    """The Uz in Prax (3 standard units and a Killmen) must take 2 hits on standard units."""
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 1)
    put(state, "uz", "Prax", 3)
    put(state, "uz", "Prax", kind="killmen")
    state.phase = "battle"
    state.battle = Battle(z("Prax"), "heortlings", "uz", step="casualties")
    state.battle.hits, state.battle.category = {"uz": 2}, {"uz": "standard_units"}
    return state


def test_the_player_hit_chooses_the_units_lost_within_the_category() -> None:
    state = _hit_twice()
    assert [c.action["units"] for c in genertela.legal(state, 0)] == ["killmen,standard", "2 standard"]
    assert [c.label for c in genertela.legal(state, 0)] == ["Lose 1 Killmen, 1 standard unit", "Lose 2 standard units"]
    genertela.act(state, 0, {"type": "casualties", "units": "2 standard"}, Rng(0))
    assert sorted(u.kind for u in units_of(state, "uz")) == ["killmen", "standard"]


@pytest.mark.parametrize("typed", [["standard", "standard"], "Standard, standard", "2x standard", ["2 standard"]])
def test_casualties_may_be_typed_as_a_list_in_any_order_case_or_with_counts(typed: object) -> None:
    state = _hit_twice()
    genertela.act(state, 0, {"type": "casualties", "units": typed}, Rng(0))
    assert sorted(u.kind for u in units_of(state, "uz")) == ["killmen", "standard"]


def test_casualties_that_are_not_a_legal_choice_are_refused_and_change_nothing() -> None:
    state = _hit_twice()
    with pytest.raises(RuleError, match="not one of the choices"):
        genertela.act(state, 0, {"type": "casualties", "units": "3 standard"}, Rng(0))
    assert len(units_of(state, "uz")) == 4


def test_many_casualties_are_written_short_enough_for_discord() -> None:
    newts = ["Dragon's Eye dragonewt"] * 6 + ["standard"] * 8
    assert compact(newts) == "6 Dragon's Eye dragonewt,8 standard"
    assert sorted(expand(compact(newts))) == sorted(newts)
    assert matching(["standard"] * 8 + ["dragon's eye dragonewt"] * 6, [compact(newts)]) == compact(newts)
    assert label(compact(newts)) == "Lose 6 Dragon's Eye dragonewts, 8 standard units"
    assert label("") == "Lose nothing (no unit may be taken)"
