"""Seed rules of submission beyond the battle: subject troops, tribute, leave to pass, withdrawal, counted zones."""

from __future__ import annotations

from rules.genertela import flow, submission, vassals
from rules.genertela.board import ORDER, allied, controlled, enemies_in, units_of
from rules.genertela.economy import scoring_points
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.movement import destinations, move_limit
from rules.genertela.state import State
from rules.genertela.titles import emperor, holder, king
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, put, z
from tests.rules.genertela.test_submission import attacked_state


def choose(state: State, option: str) -> None:
    genertela.act(state, 0, {"type": "choose", "option": option}, Rng(0))


def subject_state() -> State:
    """The Balazarings (8 units in 2 zones) are subjects of the Heortlings, whose turn starts."""
    state = blank(turn=20, nation="heortlings", phase="build")
    put(state, "heortlings", "Sartar", 2)
    put(state, "heortlings", "Heortland", 1)
    put(state, "balazarings", "Balazar", 7)
    put(state, "balazarings", "Dog Plains", 1)
    state.overlords["balazarings"] = "heortlings"
    return state


def test_subject_troops_up_to_a_quarter_taken_at_the_start_of_the_overlords_turn() -> None:
    state = subject_state()
    vassals.demand_troops(state, "heortlings")
    demand = state.decisions[0]
    assert demand.kind == "troops" and demand.nation == "heortlings" and demand.options == ["2", "1", "0"]
    choose(state, "2")
    troops = vassals.troops_of(state, "balazarings")
    assert len(troops) == 2 and all(u.nation == "heortlings" and u.lent_from == "balazarings" for u in troops)
    assert len(units_of(state, "balazarings", z("Dog Plains"))) == 1  # one unit stays in each subject zone
    assert len(units_of(state, "balazarings", z("Balazar"))) == 5


def test_subject_troops_placed_in_a_zone_the_overlord_chooses() -> None:
    state = subject_state()
    vassals.demand_troops(state, "heortlings")
    choose(state, "2")
    placement = state.decisions[0]
    assert placement.kind == "placement" and set(placement.options) == {z("Sartar"), z("Heortland")}
    choose(state, z("Heortland"))
    assert {u.zone for u in vassals.troops_of(state, "balazarings")} == {z("Heortland")}


def test_subject_troops_count_towards_the_quarter_already_given() -> None:
    state = subject_state()
    vassals.demand_troops(state, "heortlings")
    choose(state, "2")
    state.decisions.clear()
    vassals.demand_troops(state, "heortlings")
    assert state.decisions == []  # 2 of 8 already serve the overlord


def test_subject_troops_at_least_one_and_never_emptying_a_subject_zone() -> None:
    state = blank(turn=20, nation="heortlings")
    put(state, "heortlings", "Sartar", 2)
    put(state, "balazarings", "Balazar", 2)
    state.overlords["balazarings"] = "heortlings"
    vassals.demand_troops(state, "heortlings")
    assert state.decisions[0].options == ["1", "0"]  # a quarter of 2 rounds to 0: the overlord may still ask 1
    state = blank(turn=20, nation="heortlings")
    put(state, "heortlings", "Sartar", 2)
    put(state, "balazarings", "Balazar", 1)
    put(state, "balazarings", "Dog Plains", 1)
    state.overlords["balazarings"] = "heortlings"
    vassals.demand_troops(state, "heortlings")
    assert state.decisions == []  # impossible without abandoning a zone: not provided


def test_the_overlord_may_demand_fewer_subject_troops() -> None:
    state = subject_state()
    vassals.demand_troops(state, "heortlings")
    choose(state, "0")
    assert vassals.troops_of(state, "balazarings") == []


def test_revolt_takes_the_subject_troops_back() -> None:
    state = subject_state()
    vassals.demand_troops(state, "heortlings")
    choose(state, "2")
    state.decisions.clear()
    submission.revolt(state, "balazarings", flow.ActionLog())
    assert len(units_of(state, "balazarings")) == 8
    assert all(u.zone in (z("Balazar"), z("Dog Plains")) for u in units_of(state, "balazarings"))


def test_overlord_may_take_less_than_the_full_quarter_of_resources() -> None:
    state = blank(turn=20, nation="balazarings")
    state.overlords["balazarings"] = "heortlings"
    state.resources = {"balazarings": 0, "heortlings": 0}
    kept = submission.tribute(state, "balazarings", 9, flow.ActionLog())
    state.resources["balazarings"] += kept
    assert state.resources == {"balazarings": 7, "heortlings": 2}
    assert state.decisions[0].kind == "tribute" and state.decisions[0].options == ["2", "1", "0"]
    choose(state, "1")
    assert state.resources == {"balazarings": 8, "heortlings": 1}


def test_tribute_that_brings_the_overlord_to_6_points_buys_a_unit_at_once() -> None:
    state = blank(turn=20, nation="balazarings")
    put(state, "heortlings", "Sartar", 1)
    state.overlords["balazarings"] = "heortlings"
    state.resources = {"balazarings": 0, "heortlings": 5}
    submission.tribute(state, "balazarings", 4, flow.ActionLog())
    choose(state, "1")
    assert state.resources["heortlings"] == 0
    assert len(units_of(state, "heortlings", z("Sartar"))) == 2


def test_subject_moves_through_its_overlords_zones_only_with_leave() -> None:
    state = blank(turn=20, nation="balazarings")
    put(state, "balazarings", "Balazar", 2)
    put(state, "heortlings", "Dog Plains", 1)
    state.overlords["balazarings"] = "heortlings"
    assert z("Dog Plains") not in destinations(state, "balazarings", z("Balazar"))
    state.politics.passage.append("balazarings")
    assert z("Dog Plains") in destinations(state, "balazarings", z("Balazar"))


def test_after_a_submission_the_overlord_grants_or_refuses_leave() -> None:
    state = attacked_state()
    genertela.act(state, 0, {"type": "submit", "nation": "heortlings"}, Rng(0))
    assert state.decisions[0].kind == "passage" and "balazarings" in state.politics.passage
    choose(state, "no")
    assert "balazarings" not in state.politics.passage


def test_attacker_may_withdraw_its_units_after_a_submission() -> None:
    state = attacked_state()
    put(state, "heortlings", "Sartar", 1)
    attackers = units_of(state, "heortlings", z("Balazar"))
    genertela.act(state, 0, {"type": "submit", "nation": "heortlings"}, Rng(0))
    choose(state, "yes")
    withdraw = state.decisions[0]
    assert withdraw.kind == "withdraw" and withdraw.options[0] == "stay" and z("Sartar") in withdraw.options
    assert state.politics.resume == "next_battle"
    choose(state, z("Sartar"))
    assert len(attackers) == 2 and all(u.zone == z("Sartar") for u in attackers)
    assert units_of(state, "heortlings", z("Balazar")) == []
    assert state.battle is None  # the battles went on (none left) once the attacker answered


def test_overlord_counts_its_subjects_zones_for_vp() -> None:
    state = blank(turn=21, nation="heortlings")
    put(state, "heortlings", "Sartar", 1)
    put(state, "balazarings", "Balazar", 1)
    put(state, "balazarings", "Dog Plains", 1)
    state.overlords["balazarings"] = "heortlings"
    assert vassals.subject_zone_points(state, "heortlings") == scoring_points(
        state, "heortlings", [z("Balazar"), z("Dog Plains")]
    )
    assert vassals.subject_zone_points(state, "heortlings") > 0
    assert vassals.subject_zone_points(state, "balazarings") == 0


def test_overlord_counts_its_subjects_zones_for_the_emperor() -> None:
    state = blank(nation="pelandans")
    put(state, "pelandans", "Pelanda", 1)
    for zone in ("Raibanth", "Yuthuppa"):
        put(state, "dara_happans", zone)
    assert emperor(state, "pelandans") == (0, 0)
    state.overlords["dara_happans"] = "pelandans"
    assert emperor(state, "pelandans") == (1, 2)


def test_overlord_counts_its_subjects_zones_for_the_king_of_dragon_pass() -> None:
    state = blank(nation="heortlings")
    zones = ["Wintertop", "Dragon's Eye", "Grazelands", "Beast Valley", "Far Place", "Sartar", "Kitori", "Fer",
             "Ivory Plinth"]  # fmt: skip
    for zone in zones:
        put(state, "heortlings", zone)
    put(state, "balazarings", "Orenaria")
    assert king(state, "heortlings") == (0, 0)
    state.overlords["balazarings"] = "heortlings"
    assert king(state, "heortlings") == (1, 3)


def partial_state() -> State:
    """The Uz (active) attack the Heortlings in Sartar, a Deathline zone; both sides miss the first round. The
    Heortlings hold too many zones to submit as a whole."""
    state = blank(nation="uz")
    put(state, "uz", "Sartar", 2)
    for zone in ("Sartar", "Heortland", "Holay", "Tarsh"):
        put(state, "heortlings", zone, 2 if zone == "Sartar" else 1)
    flow.end_move(state, flow.ActionLog(), Rng(0, [1, 1, 1, 1]))
    return state


PARTIAL = {"type": "submit", "nation": "uz", "zone": z("Sartar")}


def test_partial_submission_of_a_deathline_zone_ends_the_battle_and_binds_that_zone_only() -> None:
    state = partial_state()
    offered = [c.action for c in genertela.legal(state, 0) if c.action["type"] == "submit"]
    assert offered == [PARTIAL]  # too many zones for a whole submission
    genertela.act(state, 0, PARTIAL, Rng(0))
    assert state.politics.partial == {z("Sartar"): "heortlings>uz"}
    assert state.overlords == {} and enemies_in(state, "uz", z("Sartar")) == []
    assert enemies_in(state, "uz", z("Heortland")) == ["heortlings"]  # the other zones stay independent


def test_partial_submission_only_for_deathline_zones() -> None:
    state = blank(nation="uz")
    put(state, "heortlings", "Pelanda")
    assert "Deathline" in submission.may_submit(state, "heortlings", "uz", z("Pelanda"))
    assert submission.may_submit(state, "heortlings", "uz", z("Sartar")) == ""
    assert "never submit" in submission.may_submit(state, "chaos", "uz", z("Sartar"))


def test_a_zone_submitted_on_its_own_counts_for_the_overlord_and_scores_half_for_the_subject() -> None:
    state = partial_state()
    genertela.act(state, 0, PARTIAL, Rng(0))
    state.side_seat = {"Red": 0, "Green": 1, "Blue": 0, "Yellow": 0}  # Uz Green, Heortlings Yellow
    state.players = 2
    assert holder(state, z("Sartar")) == "uz"
    points = scoring_points(state, "heortlings", [z("Sartar")])
    assert vassals.partial_discount(state, "heortlings") == points - points // 2
    assert vassals.subject_zone_points(state, "uz") == scoring_points(state, "uz", [z("Sartar")])


def test_units_attacking_the_overlord_cannot_start_in_the_submitted_zone() -> None:
    state = partial_state()
    genertela.act(state, 0, PARTIAL, Rng(0))
    state.order_index = ORDER.index("heortlings")
    state.units = [u for u in state.units if not (u.nation == "uz" and u.zone == z("Sartar"))]
    put(state, "uz", "Far Place", 1)
    put(state, "heortlings", "Sartar", 1)
    assert z("Far Place") not in destinations(state, "heortlings", z("Sartar"))
    assert z("Far Place") in destinations(state, "heortlings", z("Heortland"))


def test_the_subject_cannot_abandon_a_zone() -> None:
    state = partial_state()
    genertela.act(state, 0, PARTIAL, Rng(0))
    state.order_index = ORDER.index("heortlings")
    state.units = [u for u in state.units if u.nation != "uz"]
    state.politics.partial = {z("Sartar"): "heortlings>uz"}
    put(state, "uz", "Pelanda", 1)  # the bond needs no overlord unit in the zone
    assert move_limit(state, "heortlings", z("Sartar"), z("Far Place")) == 1  # 2 there: one must stay
    assert move_limit(state, "heortlings", z("Holay"), z("Tarsh")) == 1  # an independent zone may be left
    state.politics.partial = {}
    state.overlords["heortlings"] = "uz"  # a full subject keeps a unit everywhere
    assert move_limit(state, "heortlings", z("Holay"), z("Tarsh")) == 0


def test_revolt_takes_back_the_zones_submitted_on_their_own() -> None:
    state = partial_state()
    genertela.act(state, 0, PARTIAL, Rng(0))
    state.decisions.clear()
    state.order_index, state.phase, state.battle = ORDER.index("heortlings"), "build", None
    assert {"type": "revolt"} in [c.action for c in genertela.legal(state, 0)]
    genertela.act(state, 0, {"type": "revolt"}, Rng(0))
    assert state.politics.partial == {} and "heortlings>uz" in state.revolted


def test_subject_cannot_attack_its_overlord_its_overlords_allies_or_fellow_subjects() -> None:
    state = blank(turn=2, nation="balazarings")  # turn 2: the Heortlings and the Uz are allies
    state.overlords = {"balazarings": "heortlings", "pentans": "heortlings"}
    assert allied(state, "balazarings", "heortlings")
    assert allied(state, "balazarings", "uz")  # the overlord's ally
    assert allied(state, "balazarings", "pentans")  # a fellow subject
    assert not allied(state, "balazarings", "chaos")


def test_subject_no_longer_counts_as_a_member_of_its_own_alliance() -> None:
    state = blank(turn=2, nation="talastari")  # the Talastari and the Malkioni are World Council allies
    assert allied(state, "talastari", "malkioni")
    state.overlords["talastari"] = "chaos"
    assert not allied(state, "talastari", "malkioni")


def test_subject_still_controls_its_zones_and_its_overlord_moves_through_them() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 2)
    put(state, "balazarings", "Far Place", 1)
    put(state, "balazarings", "Fer", 1)
    state.overlords["balazarings"] = "heortlings"
    assert set(controlled(state, "balazarings")) == {z("Far Place"), z("Fer")}
    assert z("Fer") in destinations(state, "heortlings", z("Sartar"))  # on through Far Place


def test_a_subject_cannot_submit_to_another_nation() -> None:
    state = blank(nation="uz")
    put(state, "balazarings", "Balazar", 1)
    state.overlords["balazarings"] = "heortlings"
    assert "already subject" in submission.may_submit(state, "balazarings", "uz")
    assert submission.may_submit(state, "balazarings", "heortlings") == ""


def test_the_subject_chooses_which_units_it_gives_as_troops() -> None:
    state = blank(turn=20, nation="heortlings", phase="build")
    put(state, "heortlings", "Sartar", 2)
    put(state, "balazarings", "Balazar", 4)
    put(state, "balazarings", "Dog Plains", 4)
    state.overlords["balazarings"] = "heortlings"
    vassals.demand_troops(state, "heortlings")
    choose(state, "2")
    give = state.decisions[0]
    assert give.kind == "give" and give.nation == "balazarings" and set(give.options) == {z("Balazar"), z("Dog Plains")}
    choose(state, z("Dog Plains"))
    choose(state, z("Dog Plains"))
    assert len(units_of(state, "balazarings", z("Dog Plains"))) == 2
    assert len(units_of(state, "balazarings", z("Balazar"))) == 4
    assert len(vassals.troops_of(state, "balazarings")) == 2


def revolted_and_attacked() -> State:
    state = attacked_state()
    state.revolted.append("balazarings>heortlings")
    genertela.act(state, 0, {"type": "submit", "nation": "heortlings"}, Rng(0))
    return state


def test_after_a_revolt_the_overlord_may_refuse_a_new_submission_and_the_battle_goes_on() -> None:
    state = revolted_and_attacked()
    accept = state.decisions[0]
    assert accept.kind == "accept" and accept.nation == "heortlings" and accept.options == ["no", "yes"]
    assert state.overlords == {}
    genertela.act(state, 0, {"type": "choose", "option": "no"}, Rng(0, [1] * 4))
    assert state.overlords == {} and state.battle is not None and state.battle.round == 2


def test_after_a_revolt_the_overlord_may_take_the_nation_back() -> None:
    state = revolted_and_attacked()
    genertela.act(state, 0, {"type": "choose", "option": "yes"}, Rng(0))
    assert state.overlords == {"balazarings": "heortlings"}


def test_dara_happans_give_subject_troops_on_turn_27_and_get_them_back_on_turn_28() -> None:
    state = blank(turn=27, nation="alkorings", phase="build")
    put(state, "alkorings", "Holay", 2)
    put(state, "dara_happans", "Raibanth", 8)
    submission.forced(state, "dara_happans", flow.ActionLog())
    vassals.demand_troops(state, "alkorings")
    choose(state, "2")
    assert len(vassals.troops_of(state, "dara_happans")) == 2
    state.decisions.clear()
    state.turn = 28
    submission.forced(state, "dara_happans", flow.ActionLog())
    assert state.overlords == {} and len(units_of(state, "dara_happans", z("Raibanth"))) == 8
