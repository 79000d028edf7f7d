"""The generic "choose" step: decisions the engine awaits where the seed leaves a choice to a player."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.genertela import engine as genertela_rules
from rules.genertela import flow, reinforce
from rules.genertela.board import units_of
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def tatius_placed() -> State:
    """Turn 35: Tatius and Enerian Scarlet enter 'in any zone the Dara Happans control'."""
    state = blank(turn=35, nation="dara_happans", phase="build")
    put(state, "dara_happans", "Raibanth", 2)
    put(state, "dara_happans", "Alkoth", 1)
    reinforce.reinforce(state, "dara_happans", ("reinforcement",), flow.ActionLog())
    return state


def test_open_placement_zone_is_chosen_by_the_owner() -> None:
    state = tatius_placed()
    first = state.decisions[0]
    assert first.kind == "placement" and first.nation == "dara_happans"
    assert set(first.options) == {z("Raibanth"), z("Alkoth")}
    assert genertela.awaiting(state) == frozenset({0})
    assert [c.action["type"] for c in genertela.legal(state, 0)] == ["choose", "choose"]
    other = first.options[1]
    genertela.act(state, 0, {"type": "choose", "option": other}, Rng(0))
    assert next(u for u in state.units if u.name == "Tatius").zone == other


def test_the_default_answer_keeps_the_engines_placement() -> None:
    state = tatius_placed()
    before = next(u for u in state.units if u.name == "Tatius").zone
    action = genertela.fallback(state, 0)
    assert action == {"type": "choose", "option": before}
    genertela.act(state, 0, action, Rng(0))
    assert next(u for u in state.units if u.name == "Tatius").zone == before


def test_a_choice_not_offered_is_refused_and_changes_nothing() -> None:
    state = tatius_placed()
    with pytest.raises(RuleError):
        genertela.act(state, 0, {"type": "choose", "option": z("Pent")}, Rng(0))
    with pytest.raises(RuleError):
        genertela.act(state, 0, {"type": "end"}, Rng(0))
    assert len(state.decisions) == 2


def test_no_decision_is_asked_when_there_is_only_one_zone() -> None:
    state = blank(turn=35, nation="dara_happans", phase="build")
    put(state, "dara_happans", "Raibanth", 2)
    reinforce.reinforce(state, "dara_happans", ("reinforcement",), flow.ActionLog())
    assert state.decisions == []
    assert {u.zone for u in units_of(state, "dara_happans")} == {z("Raibanth")}


def test_recovered_unit_away_from_its_starting_zone_goes_where_its_owner_chooses() -> None:
    state = blank(turn=20, nation="uz")
    put(state, "uz", "Storn", 1)
    put(state, "uz", "Kitori", 1)
    fallen = hero(state, "uz", "Shadow Plateau", "Cragspider", ["hero"], recovery="*")
    state.units.remove(fallen)
    flow._recover(state, fallen, flow.ActionLog(), Rng(0, [7]))
    assert state.decisions[0].kind == "recovery"
    genertela.act(state, 0, {"type": "choose", "option": z("Kitori")}, Rng(0))
    assert fallen.zone == z("Kitori") and fallen.home == z("Shadow Plateau")


def test_a_unit_recovering_in_its_starting_zone_needs_no_decision() -> None:
    state = blank(turn=20, nation="uz")
    put(state, "uz", "Storn", 1)
    fallen = hero(state, "uz", "Storn", "Cragspider", ["hero"], recovery="*")
    state.units.remove(fallen)
    flow._recover(state, fallen, flow.ActionLog(), Rng(0, [7]))
    assert state.decisions == [] and fallen.zone == z("Storn")


def test_decisions_of_bot_sides_are_answered_by_the_bot_with_the_default() -> None:
    state = tatius_placed()
    state.side_seat = dict.fromkeys(state.side_seat, -1) | {"Yellow": 0}  # Dara Happans (Red) are the bot's
    state.players = 1
    zone_before = next(u for u in state.units if u.name == "Tatius").zone
    genertela_rules._run_bots(state, Rng(0), flow.ActionLog())
    assert not any(d.nation == "dara_happans" for d in state.decisions)
    assert next(u for u in state.units if u.name == "Tatius").zone == zone_before


def overpopulated() -> State:
    """Pelandans with 8 units in two lowlands that support 3 each: 2 units must go."""
    state = blank(turn=20, nation="pelandans", phase="battle")
    put(state, "pelandans", "Raibanth", 5)
    put(state, "pelandans", "Yuthuppa", 3)
    return state


def test_population_losses_are_taken_in_the_zones_the_owner_chooses() -> None:
    state = overpopulated()
    raibanth = units_of(state, "pelandans", z("Raibanth"))
    flow._population_step(state, flow.ActionLog(), Rng(0))
    loss = state.decisions[0]
    # "all as the engine picks" first (the default), then the zone of the engine's pick
    assert loss.kind == "population" and loss.options == ["all", z("Raibanth"), z("Yuthuppa")]
    genertela.act(state, 0, {"type": "choose", "option": z("Yuthuppa")}, Rng(0))
    assert len(units_of(state, "pelandans", z("Yuthuppa"))) == 2
    genertela.act(state, 0, {"type": "choose", "option": z("Yuthuppa")}, Rng(0))
    assert len(units_of(state, "pelandans", z("Yuthuppa"))) == 1
    assert all(u in state.units for u in raibanth)
    assert genertela_rules.active_nation(state) != "pelandans"  # the nation turn went on to its end


def test_population_losses_in_a_single_zone_need_no_decision() -> None:
    state = blank(turn=20, nation="pelandans", phase="battle")
    first = put(state, "pelandans", "Raibanth", 5)
    log = flow.ActionLog()
    flow._population_step(state, log, Rng(0))
    assert not any(d.kind == "population" for d in state.decisions)
    assert "Pelandans lose 2 standard units over their population limit." in [e.text for e in log.events]
    assert sum(1 for u in first if u in state.units) == 3


def choose(state: State, option: str) -> None:
    genertela.act(state, 0, {"type": "choose", "option": option}, Rng(0))


def test_char_un_choose_which_pentan_units_north_of_tarsh_change_sides() -> None:
    from rules.genertela import events

    state = blank(turn=25, nation="char_un")
    put(state, "pentans", "Pelanda", 4)
    put(state, "pentans", "Spol", 3)
    events.conversions(state, "char_un", flow.ActionLog())
    first = state.decisions[0]
    assert first.kind == "swap" and first.nation == "char_un" and first.options == ["4", "3", "2", "1", "0"]
    choose(state, "1")
    assert state.decisions[0].options == ["3", "2", "1", "0"]  # the next zone (map order)
    choose(state, "3")
    assert len(units_of(state, "char_un", z("Pelanda"))) == 1 and len(units_of(state, "char_un", z("Spol"))) == 3
    assert state.decisions == []


def test_rinliddi_choose_the_aldryami_forest_zone_they_take_on_turn_27() -> None:
    from rules.genertela import events

    state = blank(turn=27, nation="rinliddi")
    for zone in ("Eol", "Rist"):
        put(state, "aldryami", zone, 1)
        put(state, "aldryami", zone, kind="forest")
    events.conversions(state, "rinliddi", flow.ActionLog())
    forest = state.decisions[0]
    assert forest.kind == "forest" and set(forest.options) == {z("Eol"), z("Rist")}
    other = forest.options[1]
    choose(state, other)
    assert [u.nation for u in state.units if u.zone == other] == ["rinliddi"] * 2
    assert {u.nation for u in state.units if u.zone == forest.options[0]} == {"aldryami"}


def test_the_heortling_player_chooses_which_hero_becomes_argrath() -> None:
    from rules.genertela import events

    state = blank(turn=37, nation="heortlings")
    kalyr = hero(state, "heortlings", "Sartar", "Kalyr", ["hero"])
    broyan = hero(state, "heortlings", "Heortland", "Broyan", ["hero"])
    events.after_reinforcements(state, "heortlings", flow.ActionLog())
    assert state.decisions[0].kind == "argrath" and state.decisions[0].options == [str(kalyr.uid), str(broyan.uid)]
    choose(state, str(broyan.uid))
    assert kalyr in state.units and broyan not in state.units
    argrath = next(u for u in state.units if u.name == "Argrath")
    assert argrath.zone == z("Heortland") and argrath.types == ["superhero"]


def test_a_nation_turn_waits_for_its_conversion_choice_before_its_reinforcements() -> None:
    state = blank(turn=25, nation="char_un")  # the Char-Un swap comes when the Char-Un turn starts
    put(state, "pentans", "Pelanda", 2)
    put(state, "pentans", "Spol", 2)
    put(state, "char_un", "Prax", 1)
    flow.start_nation_turn(state, flow.ActionLog(), Rng(0))
    assert state.decisions[0].kind == "swap" and state.politics.resume == "after_conversions"
    assert "char_un" not in state.resources  # no resources yet: the turn waits
    choose(state, "2")
    choose(state, "2")
    assert state.resources.get("char_un", 0) > 0 and state.phase in ("build", "move")


def test_the_owner_chooses_which_overstacked_zone_may_hold_double() -> None:
    state = blank(turn=20, nation="pelandans")
    put(state, "pelandans", "Raibanth", 12)  # lowland: 8, up to 16 as the one overstack
    put(state, "pelandans", "Spol", 10)
    flow.end_move(state, flow.ActionLog(), Rng(0))
    over = state.decisions[0]
    assert over.kind == "overstack" and set(over.options) == {z("Raibanth"), z("Spol")}
    assert state.politics.resume == "after_stacking" and state.phase == "move"
    choose(state, z("Raibanth"))
    assert len(units_of(state, "pelandans", z("Raibanth"))) >= 12  # kept (a title may add one more)
    assert len(units_of(state, "pelandans", z("Spol"))) == 8


def test_a_single_overstacked_zone_needs_no_decision() -> None:
    state = blank(turn=20, nation="pelandans")
    put(state, "pelandans", "Raibanth", 20)
    log = flow.ActionLog()
    flow.end_move(state, log, Rng(0))
    assert not any(d.kind == "overstack" for d in state.decisions)
    assert "Pelandans lose 4 overstacked units." in [e.text for e in log.events]


def test_the_lunar_player_chooses_which_alkoring_units_hon_eel_wins_over() -> None:
    from rules.genertela import events

    state = blank(turn=31, nation="rinliddi")
    put(state, "alkorings", "Holay", 3)
    put(state, "alkorings", "Tarsh", 5)  # next to Holay
    hero(state, "rinliddi", "Holay", "Hon-eel", ["guardian"])
    events.before_battles(state, "rinliddi", flow.ActionLog())
    assert state.decisions[0].kind == "swap" and state.decisions[0].options == ["3", "2", "1", "0"]
    choose(state, "0")  # none in Holay...
    choose(state, "5")  # ...all five in Tarsh
    assert len(units_of(state, "lunar_tarsh", z("Tarsh"))) == 5 and len(units_of(state, "alkorings", z("Holay"))) == 3


def test_status_tells_what_is_being_decided() -> None:
    state = tatius_placed()
    text = genertela.status(state, 0)
    assert "Dara Happans to decide with /gen choose" in text and "Tatius in" in text
