"""Crashes found by random play (shared/repro), rebuilt as small positions: both records handed units that were only
lent to a nation on to a third one; when the loans came back a unit was left with no nation ("" -> KeyError in
combat.start). The fixed rules refuse the onward grant, so the records themselves now stop at that action."""

from __future__ import annotations

from typing import Any

from rules.genertela import duties, flow
from rules.genertela.board import ORDER
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, put, z


def _grants(state: State) -> list[dict[str, Any]]:
    return [c.action for c in genertela.legal(state, 0) if c.action["type"] == "grant"]


def test_granted_units_cannot_be_granted_on_to_a_third_ally() -> None:
    # genertela-3p-seed1355: the Dragonewts grant 4 units in Dorastor to the Aldryami (turn 2), who grant them on
    state = blank(turn=2, nation="dragonewts")
    put(state, "dragonewts", "Dorastor", 4, "named_dragonewt")
    genertela.act(state, 0, {"type": "grant", "zone": z("Dorastor"), "nation": "aldryami", "count": 4}, Rng(0))
    state.order_index, state.phase = ORDER.index("aldryami"), "move"
    put(state, "aldryami", "Dorastor", 1)
    counts = [a["count"] for a in _grants(state) if a["zone"] == z("Dorastor")]
    assert counts and max(counts) == 1  # only the Aldryami's own unit may be granted, not the 4 borrowed ones
    duties.end_of_nation_turn(state, "aldryami", flow.ActionLog())
    lent = [u for u in state.units if u.kind == "named_dragonewt"]
    assert all(u.nation == "dragonewts" and not u.lent_from for u in lent)
    assert state.politics.loans == []


def test_a_loan_that_ended_another_way_never_hands_a_unit_to_nobody() -> None:
    # genertela-turn6-challenge: a granted unit went home with the alliance army, its loan entry stayed, and a later
    # return of loans to its own nation took its nation away
    state = blank(turn=6, nation="aldryami")
    unit = put(state, "aldryami", "Erigia", 1)[0]
    state.politics.loans = [unit.uid, unit.uid]
    duties.end_of_nation_turn(state, "aldryami", flow.ActionLog())
    assert unit.nation == "aldryami"
    assert state.politics.loans == []
