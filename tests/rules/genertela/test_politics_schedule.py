"""Schedule events of the politics half: Tobasta's hunt, the Wolf Pirates' loans and departure, Sir Ethilrist,
Temples of the Reaching Moon, the Praxian March for the Heortlings, Great Chaos Nest placements, and the end-of-game
points for individuals being dead."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.genertela import choices, duties, flow, reinforce
from rules.genertela.board import NATIONS, allied, units_of
from rules.genertela.economy import scoring_points, zone_population
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.movement import destinations
from rules.genertela.reinforce import PLACED_FLAG
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def test_tobasta_must_attack_alkoring_when_he_can() -> None:
    state = blank(turn=20, nation="aldryami")
    tobasta = hero(state, "aldryami", "Rist", "Tobasta", ["assassin"])
    alkoring = hero(state, "alkorings", "Holay", "Alkoring", ["superhero"])
    put(state, "alkorings", "Holay", 2)
    duties.before_battles(state, "aldryami", flow.ActionLog())
    assert tobasta.zone == alkoring.zone == z("Holay")


def test_tobasta_who_already_moved_elsewhere_is_not_sent() -> None:
    state = blank(turn=21, nation="aldryami")
    tobasta = hero(state, "aldryami", "Eol", "Tobasta", ["assassin"])
    tobasta.moved = True
    hero(state, "alkorings", "Holay", "Alkoring", ["superhero"])
    duties.before_battles(state, "aldryami", flow.ActionLog())
    assert tobasta.zone == z("Eol")


def test_no_hunt_outside_turns_20_and_21() -> None:
    state = blank(turn=22, nation="aldryami")
    tobasta = hero(state, "aldryami", "Rist", "Tobasta", ["assassin"])
    hero(state, "alkorings", "Holay", "Alkoring", ["superhero"])
    duties.before_battles(state, "aldryami", flow.ActionLog())
    assert tobasta.zone == z("Rist")


def test_wolf_pirates_lend_units_to_the_heortlings_for_their_next_turn() -> None:
    state = blank(turn=35, nation="wolf_pirates")
    put(state, "wolf_pirates", "Homeward Ocean", 3)
    duties.end_of_nation_turn(state, "wolf_pirates", flow.ActionLog())
    loan = state.decisions[0]
    assert loan.kind == "lend" and loan.options == ["0", "1", "2", "3"]  # the default lends nothing
    genertela.act(state, 0, {"type": "choose", "option": "2"}, Rng(0))
    lent = [u for u in state.units if u.lent_from == "wolf_pirates"]
    assert len(lent) == 2 and all(u.nation == "heortlings" for u in lent)
    state.turn = 36
    duties.end_of_nation_turn(state, "heortlings", flow.ActionLog())
    assert len(units_of(state, "wolf_pirates")) == 3 and not any(u.lent_from for u in state.units)


def test_wolf_pirates_leave_the_anti_lunar_alliance_when_their_turn_36_starts() -> None:
    state = blank(turn=36, nation="wolf_pirates")
    assert allied(state, "wolf_pirates", "heortlings")
    duties.start_of_nation_turn(state, "wolf_pirates", flow.ActionLog())
    assert not allied(state, "wolf_pirates", "heortlings")
    assert allied(state, "animal_nomads", "heortlings")


def test_sir_ethilrist_and_his_units_fight_as_lunar_troops_in_the_rinliddi_turn() -> None:
    state = blank(turn=32, nation="rinliddi")
    reinforce.reinforce(state, "malkioni", ("reinforcement",), flow.ActionLog())
    put(state, "malkioni", "Redlands", 1)  # a third Malkioni unit there stays Malkioni
    duties.start_of_nation_turn(state, "rinliddi", flow.ActionLog())
    serving = [u for u in state.units if u.lent_from == "malkioni"]
    assert sorted(u.label() for u in serving) == ["Sir Ethilrist", "standard", "standard"]
    assert all(u.nation == "rinliddi" for u in serving)
    assert len(units_of(state, "malkioni", z("Redlands"))) == 1
    duties.end_of_nation_turn(state, "rinliddi", flow.ActionLog())
    assert all(u.nation == "malkioni" for u in serving)


def test_rinliddi_build_temples_of_the_reaching_moon_from_turn_30() -> None:
    state = blank(turn=30, nation="rinliddi", phase="build")
    put(state, "rinliddi", "Rist", 1)  # a lowland without a city site
    state.resources["rinliddi"] = 6
    temple = {"type": "build", "kind": "city", "zone": z("Rist")}
    assert temple in [c.action for c in choices.builds(state)]
    genertela.act(state, 0, temple, Rng(0))
    assert [u.kind for u in units_of(state, "rinliddi", z("Rist"))].count("city") == 1
    state = blank(turn=29, nation="rinliddi", phase="build")
    put(state, "rinliddi", "Rist", 1)
    state.resources["rinliddi"] = 6
    assert temple not in [c.action for c in choices.builds(state)]


def test_heortlings_treat_the_praxian_march_as_nomads_so_it_scores_vp_from_turn_28() -> None:
    state = blank(turn=27, nation="heortlings")
    put(state, "heortlings", "Praxian March", 1)
    assert zone_population(state, "heortlings", z("Praxian March")) == 0
    assert scoring_points(state, "heortlings") == 0  # a waste that gives no population is worth nothing
    state.turn = 30
    assert zone_population(state, "heortlings", z("Praxian March")) == 2
    assert scoring_points(state, "heortlings") == 1


def test_great_chaos_nest_placements_are_skipped_while_there_is_none() -> None:
    state = blank(turn=17, nation="chaos")
    reinforce.reinforce(state, "chaos", ("reinforcement",), flow.ActionLog())
    assert units_of(state, "chaos") == []
    state = blank(turn=17, nation="chaos")
    state.great_chaos_nest = z("Dorastor")
    reinforce.reinforce(state, "chaos", ("reinforcement",), flow.ActionLog())
    assert len(units_of(state, "chaos", z("Dorastor"))) == 7  # Ralzakark and 6


@pytest.fixture
def heortling_card_with_dead_vp(monkeypatch: pytest.MonkeyPatch) -> None:
    card = NATIONS["heortlings"]
    monkeypatch.setitem(NATIONS, "heortlings", replace(card, dead_vp={"rinliddi.jar_eel": 3, "lunar_tarsh.fazzur": 2}))


@pytest.mark.usefixtures("heortling_card_with_dead_vp")
def test_points_at_the_end_for_an_individual_being_dead() -> None:
    state = blank(turn=40, nation="carmanians")
    state.flags += [PLACED_FLAG + "rinliddi.jar_eel", PLACED_FLAG + "lunar_tarsh.fazzur"]
    hero(state, "lunar_tarsh", "Tarsh", "Fazzur", ["hero"])  # alive: no points for him
    duties.final_points(state, flow.ActionLog())
    assert state.vp == {"heortlings": 3}


@pytest.mark.usefixtures("heortling_card_with_dead_vp")
def test_an_individual_who_never_entered_play_is_not_dead() -> None:
    state = blank(turn=40, nation="carmanians")
    duties.final_points(state, flow.ActionLog())
    assert state.vp == {}


def test_house_cards_give_points_only_for_individuals_the_campaign_brings() -> None:
    # the seed gives no values: our cards list a few (rules.md), each one an individual of another side
    listed = {uid: nation for nation, card in NATIONS.items() for uid in card.dead_vp}
    assert listed
    for uid, nation in listed.items():
        owner = uid.split(".")[0]
        assert owner in NATIONS and NATIONS[owner].side != NATIONS[nation].side


def test_turn_27_pentans_enter_the_grazelands_only_from_prax_or_the_praxian_march() -> None:
    state = blank(turn=27, nation="pentans")
    put(state, "pentans", "Prax", 2)
    put(state, "pentans", "Blue Moon Plateau", 2)
    assert z("Grazelands") in destinations(state, "pentans", z("Prax"))
    assert z("Grazelands") not in destinations(state, "pentans", z("Blue Moon Plateau"))
    assert z("Wintertop") not in destinations(state, "pentans", z("Prax"))  # no other Deathline zone
