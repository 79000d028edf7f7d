"""Seed rules of submission and revolt."""

from __future__ import annotations

from rules.genertela import flow, submission
from rules.genertela.board import allied, enemies_in
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, put, z


def attacked_state() -> State:
    """Heortlings (active) attack the Balazarings in Balazar; both sides miss the first round."""
    state = blank(nation="heortlings")
    put(state, "heortlings", "Balazar", 2)
    put(state, "balazarings", "Balazar", 2)
    put(state, "balazarings", "Dog Plains", 1)
    flow.end_move(state, flow.ActionLog(), Rng(0, [1, 1, 1, 1]))
    return state


def test_submission_a_nation_within_its_limit_may_submit_to_its_attacker_and_the_battle_ends() -> None:
    state = attacked_state()
    assert state.battle is not None and state.battle.step == "retreat_defender"
    assert {"type": "submit", "nation": "heortlings"} in [c.action for c in genertela.legal(state, 0)]
    genertela.act(state, 0, {"type": "submit", "nation": "heortlings"}, Rng(0))
    assert state.overlords == {"balazarings": "heortlings"}
    assert allied(state, "balazarings", "heortlings")
    assert not enemies_in(state, "heortlings", z("Balazar"))


def test_submission_limit_and_chaos_never_submits() -> None:
    state = blank(nation="heortlings")
    for zone in ("Balazar", "Dog Plains", "Aggar"):
        put(state, "balazarings", zone)
    assert "more than 2 zones" in submission.may_submit(state, "balazarings", "heortlings")
    put(state, "chaos", "Print")
    assert "never submit" in submission.may_submit(state, "chaos", "heortlings")


def test_heortlings_never_submit_to_the_lunar_empire() -> None:
    state = blank(turn=30, nation="rinliddi")
    put(state, "heortlings", "Sartar")
    assert "Lunar Empire" in submission.may_submit(state, "heortlings", "rinliddi")
    assert submission.may_submit(state, "heortlings", "uz") == ""


def test_human_nations_cannot_submit_to_the_dragonewts_on_turn_23() -> None:
    state = blank(turn=23, nation="dragonewts")
    put(state, "heortlings", "Sartar")
    assert submission.may_submit(state, "heortlings", "dragonewts") != ""
    assert submission.may_submit(state, "uz", "dragonewts") == ""


def test_subject_victory_points_are_halved_or_nothing_when_one_player_runs_both() -> None:
    state = blank(nation="balazarings")
    state.overlords["balazarings"] = "heortlings"  # one player holds every side in `blank`
    assert submission.subject_points(state, "balazarings", 5) == 0
    state.side_seat = {"Red": 0, "Green": 1, "Blue": 0, "Yellow": 1}  # Balazarings Red, Heortlings Yellow
    state.players = 2
    assert submission.subject_points(state, "balazarings", 5) == 2


def test_overlord_takes_a_quarter_of_the_subjects_resources() -> None:
    state = blank(nation="balazarings")
    state.overlords["balazarings"] = "heortlings"
    assert submission.tribute(state, "balazarings", 5, flow.ActionLog()) == 4
    assert state.resources["heortlings"] == 1


def test_revolt_at_the_start_of_the_subjects_turn_and_no_second_submission_to_that_overlord() -> None:
    state = blank(nation="balazarings", phase="build")
    put(state, "balazarings", "Balazar")
    state.overlords["balazarings"] = "heortlings"
    assert {"type": "revolt"} in [c.action for c in genertela.legal(state, 0)]
    genertela.act(state, 0, {"type": "revolt"}, Rng(0))
    assert state.overlords == {}
    assert "balazarings>heortlings" in state.revolted  # the Heortlings need not take them back (see vassals)


def test_dara_happans_submit_to_the_alkorings_on_turn_27_without_losing_vp_and_leave_on_turn_28() -> None:
    state = blank(turn=27, nation="dara_happans")
    submission.forced(state, "dara_happans", flow.ActionLog())
    assert state.overlords == {"dara_happans": "alkorings"}
    assert submission.subject_points(state, "dara_happans", 6) == 6
    state.turn = 28
    submission.forced(state, "dara_happans", flow.ActionLog())
    assert state.overlords == {}
