"""What status (and so every reminder) tells: who must act, with which command."""

from __future__ import annotations

import pytest

from rules import genertela
from rules.base import RuleError, SeatInfo
from rules.genertela import flow
from rules.genertela.board import active_nation
from rules.genertela.casualties import described
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def test_status_in_the_build_step_names_the_points_and_the_commands() -> None:
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    text = genertela.status(state, None)
    assert "Uz: 8 points to spend with /gen build, then /gen end" in text


def test_status_in_the_movement_step_names_the_commands() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    assert "Heortlings: move with /gen move, then /gen end (battles follow)" in genertela.status(state, None)


def test_status_in_a_battle_says_where_and_what_the_awaited_side_may_do() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    put(state, "heortlings", "Grazelands", 1)
    put(state, "uz", "Prax", 2)
    put(state, "uz", "Pavis", 1)
    flow.end_move(state, flow.ActionLog(), Rng(0, [1, 1, 1, 1]))  # nobody hits: the Uz may retreat
    text = genertela.status(state, None)
    assert "Battle in Prax, round 1" in text
    assert "Uz: fight on with /gen fight, pull back with /gen retreat or give in with /gen submit" in text
    genertela.act(state, 0, {"type": "fight"}, Rng(0))
    assert "Heortlings: fight on with /gen fight or pull back with /gen retreat" in genertela.status(state, None)


def test_status_asks_for_casualties_with_the_number_of_hits() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    hero(state, "uz", "Prax", "Cragspider", ["hero"])
    hero(state, "uz", "Prax", "Gerak Kag", ["hero"])
    flow.end_move(state, flow.ActionLog(), Rng(0, [10, 1, 1, 1]))  # one Heortling hit, the Uz miss
    assert state.battle is not None and state.battle.step == "casualties"
    assert "Uz: take 1 hit with /gen casualties" in genertela.status(state, None)


def test_battle_losses_read_with_repeated_kinds_counted() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 3)
    put(state, "uz", "Prax", 2)
    events = flow.ActionLog()
    flow.end_move(state, events, Rng(0, [10, 10, 1, 1, 1]))  # two hits: both Uz units fall
    assert "Uz lose 2 standard units in Prax." in [e.text for e in events.events]
    assert described(["standard", "Vardan", "standard"]) == "2 standard units, Vardan"
    assert described(["standard"]) == "1 standard unit"


def test_a_movement_step_with_nothing_to_move_ends_by_itself() -> None:
    state = blank(nation="heortlings", phase="build")
    put(state, "heortlings", "Holay", kind="city")  # a City cannot move: the Heortlings have nothing to do
    put(state, "zarkosites", "Jarst", 2)
    genertela.act(state, 0, {"type": "end"}, Rng(0))  # end building
    assert active_nation(state) == "zarkosites"


def test_a_movement_step_with_a_unit_that_may_move_waits_for_the_player() -> None:
    state = blank(nation="heortlings", phase="build")
    put(state, "heortlings", "Holay", 1)
    genertela.act(state, 0, {"type": "end"}, Rng(0))
    assert active_nation(state) == "heortlings" and state.phase == "move"


def _uz_may_retreat_to_pavis_only() -> genertela.State:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    for where in ("Prax", "Prax", "Pavis", "Sartar", "Holay"):  # 4 zones: more than the Uz may submit with
        put(state, "uz", where)
    flow.end_move(state, flow.ActionLog(), Rng(0, [1, 1, 1, 1]))  # nobody hits
    assert state.battle is not None and state.battle.step == "retreat_defender"
    return state


def test_a_lone_retreat_is_a_button_beside_fight_on() -> None:
    state = _uz_may_retreat_to_pavis_only()
    quick = [c.label for c in genertela.legal(state, 0) if c.quick]
    assert quick == ["Fight on", "Retreat to Pavis"]


def test_an_action_refused_in_a_battle_names_what_is_possible_there() -> None:
    state = _uz_may_retreat_to_pavis_only()
    with pytest.raises(RuleError) as refused:
        genertela.act(state, 0, {"type": "build", "kind": "unit", "zone": z("Pavis")}, Rng(0))
    assert "you may: Fight on; Retreat to Pavis" in str(refused.value)
    with pytest.raises(RuleError, match="you may: Fight on; Retreat to Pavis"):
        genertela.act(state, 0, {"type": "submit", "nation": "heortlings"}, Rng(0))
    with pytest.raises(RuleError, match="That retreat is not one of the choices now; you may: Retreat to Pavis"):
        genertela.act(state, 0, {"type": "retreat", "zone": z("Sartar")}, Rng(0))
