"""Seed rules of the turn sequence: setup, reinforcements, special units' lifetimes, titles and the whole campaign."""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

import pytest

from rules.base import SeatInfo
from rules.genertela import flow, reinforce
from rules.genertela.board import ORDER, active_nation, units_of
from rules.genertela.choices import decider
from rules.genertela.content import content
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.genertela.titles import emperor, king
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, put, z

Params = ParamSpec("Params")
Result = TypeVar("Result")


def noting(calls: list[str], name: str, real: Callable[Params, Result]) -> Callable[Params, Result]:
    """`real`, writing `name` into `calls` each time it is called (which bot played)."""

    def noted(*args: Params.args, **kwargs: Params.kwargs) -> Result:
        calls.append(name)
        return real(*args, **kwargs)

    return noted


def answer_defaults(state: State) -> None:
    while state.decisions:
        genertela.act(state, 0, genertela.fallback(state, 0), Rng(0))


def start(players: int = 1, **options: str) -> State:
    resolved = genertela.meta.resolve_options(options)
    return genertela.new([SeatInfo() for _ in range(players)], resolved, Rng(1))


def test_setup_places_the_seeds_starting_units() -> None:
    state = start()
    assert len(units_of(state, "aldryami")) == 11 + 6
    assert {u.name for u in state.units if u.kind == "special"} == {"Only Old One", "Isidilian", "Inhuman King"}
    assert len([u for u in units_of(state, "dragonewts") if u.kind == "named_dragonewt"]) == 16


def test_nation_turns_follow_the_turn_record() -> None:
    assert ORDER[:4] == ("uz", "dragonewts", "chaos", "veshtargos")
    assert ORDER[-1] == "carmanians"


def test_reinforcements_are_placed_even_in_enemy_zones() -> None:
    state = blank(turn=2, nation="pentans")
    put(state, "uz", "Pent", 1)
    reinforce.reinforce(state, "pentans", ("reinforcement",), flow.ActionLog())
    assert len(units_of(state, "pentans", z("Pent"))) == 6


def test_reinforcements_beyond_the_counter_limit_are_not_placed() -> None:
    state = blank(turn=2, nation="pentans")
    limit = content().nations.nations["pentans"].counter_limits["standard"]
    put(state, "pentans", "Kashis", limit - 2)
    reinforce.reinforce(state, "pentans", ("reinforcement",), flow.ActionLog())
    assert len(units_of(state, "pentans", z("Pent"))) == 2


def test_special_unit_listed_for_one_turn_leaves_at_the_next_nation_turn() -> None:
    state = blank(turn=7, nation="talastari")
    reinforce.reinforce(state, "talastari", ("reinforcement",), flow.ActionLog())
    assert any(u.name == "Lokamayadon" for u in state.units)
    state.turn = 8
    reinforce.expire(state, "talastari", flow.ActionLog())
    assert not any(u.unit_id == "talastari.lokamayadon.hero" for u in state.units)


def test_continuing_hero_is_not_placed_again_once_eliminated() -> None:
    state = blank(turn=4, nation="rinliddi")
    reinforce.reinforce(state, "rinliddi", ("reinforcement",), flow.ActionLog())
    eagle = next(u for u in state.units if u.name == "Lord Bright Eagle")
    state.units.remove(eagle)
    state.turn = 5
    reinforce.reinforce(state, "rinliddi", ("reinforcement",), flow.ActionLog())
    assert not any(u.name == "Lord Bright Eagle" for u in state.units)


def test_conditional_reinforcement_needs_its_condition() -> None:
    # turn 26: the Beastmen get 3 in Beast Valley only if they do not hold it
    state = blank(turn=26, nation="beastmen")
    put(state, "beastmen", "Beast Valley", 1)
    reinforce.reinforce(state, "beastmen", ("reinforcement",), flow.ActionLog())
    assert len(units_of(state, "beastmen")) == 1
    state = blank(turn=26, nation="beastmen")
    reinforce.reinforce(state, "beastmen", ("reinforcement",), flow.ActionLog())
    assert len(units_of(state, "beastmen")) == 3


def test_dragonewts_remove_all_dragons_on_turn_24() -> None:
    state = blank(turn=24, nation="dragonewts")
    put(state, "dragonewts", "Dragon's Eye", 5, kind="dragon")
    put(state, "dragonewts", "Dragon's Eye", 2, kind="named_dragonewt")
    reinforce.reinforce(state, "dragonewts", ("reinforcement",), flow.ActionLog())
    assert [u.kind for u in units_of(state, "dragonewts")] == ["named_dragonewt"] * 2


def test_jenorang_emperor_holds_more_zones_north_of_the_line_than_anyone() -> None:
    state = blank(nation="pelandans")
    for zone in ("Pelanda", "Spol", "Jhor"):
        put(state, "pelandans", zone)
    put(state, "dara_happans", "Raibanth")
    put(state, "uz", "Naveria")
    put(state, "uz", "Carmania")
    put(state, "uz", "Charg")  # Uz zones count for nobody
    assert emperor(state, "pelandans") == (1, 2)
    assert emperor(state, "dara_happans") == (0, 0)


def test_complete_emperor_also_holds_the_seven_dara_happan_zones() -> None:
    state = blank(nation="dara_happans")
    for zone in ("Raibanth", "Yuthuppa", "Alkoth", "Darsen", "Henjarl", "Dara Happa", "Darjin"):
        put(state, "dara_happans", zone)
    assert emperor(state, "dara_happans") == (2, 4)


def test_king_of_dragon_pass_needs_wintertop_and_10_deathline_zones() -> None:
    state = blank(nation="heortlings")
    zones = ["Wintertop", "Dragon's Eye", "Grazelands", "Beast Valley", "Far Place", "Sartar", "Kitori", "Fer",
             "Ivory Plinth", "Orenaria"]  # fmt: skip
    for zone in zones[:-1]:
        put(state, "heortlings", zone)
    assert king(state, "heortlings") == (0, 0)
    put(state, "heortlings", zones[-1])
    assert king(state, "heortlings") == (1, 3)


def test_shared_seating_deals_the_four_sides_round_the_table() -> None:
    assert start(players=2).side_seat == {"Red": 0, "Green": 1, "Blue": 0, "Yellow": 1}
    asked = genertela.new([SeatInfo("Blue"), SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    assert asked.side_seat["Blue"] == 0


def test_one_each_seating_leaves_the_other_sides_to_the_bot() -> None:
    state = start(players=2, seating="one_each")
    assert sorted(state.side_seat.values()) == [-1, -1, 0, 1]
    seat = min(genertela.awaiting(state))
    assert state.side_seat[content().nations.nations[decider(state)].side] == seat


def test_fallback_is_always_legal_and_ends_the_step() -> None:
    state = start()
    assert genertela.fallback(state, 0) == {"type": "end"}


@pytest.mark.slow
def test_the_whole_campaign_plays_to_turn_40() -> None:
    state = start()
    actions = 0
    while genertela.outcome(state) is None:
        seat = min(genertela.awaiting(state))
        genertela.act(state, seat, genertela.fallback(state, seat), Rng(actions))
        actions += 1
    result = genertela.outcome(state)
    assert result is not None and state.turn == 40 and result.scores[0] > 0


def test_a_short_campaign_ends_after_its_last_turn_with_side_scores() -> None:
    from rules.genertela import scores

    state = start(players=2, last_turn="3")
    actions = 0
    while genertela.outcome(state) is None:
        seat = min(genertela.awaiting(state))
        genertela.act(state, seat, genertela.fallback(state, seat), Rng(actions))
        actions += 1
    result = genertela.outcome(state)
    assert result is not None and set(result.scores) == {0, 1}
    # turn 3 is a scoring turn: the seats' scores are the VP less the handicap
    given = sum(scores.handicap(state, side) for side in state.side_seat)
    assert given and sum(result.scores.values()) == sum(state.vp.values()) - given


def test_invasion_turn_gives_a_second_movement_and_combat_step() -> None:
    state = blank(turn=8, nation="talastari")  # turn 8: "Talastari ... Invasion Turn"
    put(state, "talastari", "Dorastor", 2)
    flow.end_move(state, flow.ActionLog(), Rng(0))
    assert state.phase == "move" and state.invasion_done
    assert active_nation(state) == "talastari"
    flow.end_move(state, flow.ActionLog(), Rng(0))
    assert active_nation(state) != "talastari"


def test_great_chaos_nest_opens_when_the_uz_take_dorastor_on_turn_9() -> None:
    state = blank(turn=9, nation="uz")
    put(state, "uz", "Dorastor", 6)
    put(state, "talastari", "Dorastor", 1)
    flow.end_move(state, flow.ActionLog(), Rng(0, [10] * 6 + [1]))
    assert state.great_chaos_nest == z("Dorastor")
    assert "dorastor_fell_turn_9" in state.flags


def test_turn_10_superheroes_do_not_continue_if_dorastor_fell_on_turn_9() -> None:
    state = blank(turn=10, nation="talastari")
    state.flags.append("placed:talastari.lokamayadon.superhero")
    loka = put(state, "talastari", "Dorastor", 1)[0]
    loka.kind, loka.name, loka.unit_id, loka.types = (
        "special",
        "Lokamayadon",
        "talastari.lokamayadon.superhero",
        ["superhero"],
    )
    loka.stays = "listed_turns"
    state.flags.append("dorastor_fell_turn_9")
    reinforce.expire(state, "talastari", flow.ActionLog())
    reinforce.reinforce(state, "talastari", ("reinforcement",), flow.ActionLog())
    assert loka not in state.units  # his turn-10 listing is conditional, so he leaves


def test_turn_11_chaos_makes_an_uz_zone_north_of_tarsh_the_great_chaos_nest() -> None:
    from rules.genertela import events

    state = blank(turn=11, nation="chaos")
    put(state, "uz", "Naveria", 9)
    put(state, "uz", "Sartar", 1)  # south of Tarsh: not a candidate
    events.start_of_nation_turn(state, "chaos", flow.ActionLog())
    assert state.great_chaos_nest == z("Naveria")
    assert [u.nation for u in state.units if u.zone == z("Naveria")] == ["chaos"] * 6


def test_short_scenario_hands_over_at_turn_25_with_scores_at_zero() -> None:
    state = start(players=2, scenario="short")
    assert state.turn == 25 and state.order_index == 0
    assert sum(state.vp.values()) == 0
    assert state.side_seat == {"Red": 0, "Green": 1, "Blue": 0, "Yellow": 1}
    assert genertela.awaiting(state)


# the simple bot lets every bot nation pass up to Chaos's turn; the normal one's Uz attack asks Red to decide
@pytest.mark.parametrize(("unseated", "reached"), [("simple", "chaos"), ("normal", "uz")])
def test_bot_sides_act_by_themselves_until_a_person_must_decide(unseated: str, reached: str) -> None:
    state = start(players=1, seating="one_each", unseated=unseated)  # seat 0 plays Red; the rest are bots
    assert state.side_seat["Red"] == 0 and state.unseated == unseated
    assert content().nations.nations[decider(state)].side == "Red"  # the bots already played Uz, Dragonewts...
    assert active_nation(state) == reached


def test_unseated_sides_play_the_bot_seats_bot_and_old_tables_keep_the_simple_one(monkeypatch) -> None:
    from rules.genertela import policy

    calls: list[str] = []
    monkeypatch.setattr(policy, "decide", noting(calls, "decide", policy.decide))
    monkeypatch.setattr(policy, "next_action", noting(calls, "simple", policy.next_action))
    start(players=1, seating="one_each")  # a table made now: the option's default
    assert calls and set(calls) == {"decide"}
    calls.clear()
    # a table made before the option existed stored no value for it: its log must replay with the simple bot
    genertela.new([SeatInfo()], {"seating": "one_each", "last_turn": 40, "scenario": "full"}, Rng(1))
    assert calls and set(calls) == {"simple"}


def test_the_short_prelude_is_played_by_the_unseated_bot_and_old_tables_keep_the_simple_one(monkeypatch) -> None:
    from rules.genertela import policy

    calls: list[str] = []
    monkeypatch.setattr(policy, "decide", noting(calls, "decide", policy.decide))
    monkeypatch.setattr(policy, "next_action", noting(calls, "simple", policy.next_action))
    made_now = genertela.meta.resolve_options({"scenario": "short", "last_turn": "25"})
    state = genertela.new([SeatInfo()] * 2, made_now, Rng(1))
    assert state.turn == 25 and set(calls) == {"decide"} and state.unseated == "normal"
    calls.clear()
    # a table made before the handicap option existed played its prelude with the simple bot: its log must replay
    older = {k: v for k, v in made_now.items() if k != "handicap"}
    genertela.new([SeatInfo()] * 2, older, Rng(1))
    assert set(calls) == {"simple"}


def test_char_un_take_up_to_10_pentan_units_north_of_tarsh_on_turn_25() -> None:
    state = blank(turn=25, nation="char_un")
    put(state, "pentans", "Pent", 12)
    put(state, "pentans", "Prax", 2)  # south of Tarsh: stays Pentan
    from rules.genertela import events

    events.conversions(state, "char_un", flow.ActionLog())
    answer_defaults(state)  # the taker's owner keeps the engine's choice of units
    assert len(units_of(state, "char_un")) == 10
    assert len(units_of(state, "pentans", z("Prax"))) == 2


def test_turn_27_rinliddi_turn_a_forest_between_silver_shadow_and_tarsh_into_units() -> None:
    state = blank(turn=27, nation="rinliddi")
    put(state, "aldryami", "Eol", 2)
    put(state, "aldryami", "Eol", kind="forest")
    put(state, "aldryami", "Erigia", 1, kind="forest")  # north of Silver Shadow: not this one
    from rules.genertela import events

    events.conversions(state, "rinliddi", flow.ActionLog())
    assert [u.nation for u in state.units if u.zone == z("Eol")] == ["rinliddi"] * 3
    assert len(units_of(state, "aldryami", z("Erigia"))) == 1


def test_turn_27_char_un_get_two_units_per_forest_and_unit_north_of_silver_shadow() -> None:
    state = blank(turn=27, nation="char_un")
    put(state, "aldryami", "Erigia", 2)
    put(state, "aldryami", "Erigia", kind="forest")
    from rules.genertela import events

    events.conversions(state, "char_un", flow.ActionLog())
    assert len(units_of(state, "char_un", z("Erigia"))) == 6


def test_turn_35_lunar_tarsh_take_esrolian_units_only_if_belintar_is_gone() -> None:
    from rules.genertela import events

    state = blank(turn=35, nation="esrolians")
    put(state, "esrolians", "North Esrolia", 6)
    events.conversions(state, "esrolians", flow.ActionLog())
    answer_defaults(state)  # the taker's owner keeps the engine's choice of units
    assert len(units_of(state, "lunar_tarsh")) == 4
    state = blank(turn=35, nation="esrolians")
    put(state, "esrolians", "North Esrolia", 6)
    belintar = put(state, "esrolians", "Karse", 1)[0]
    belintar.kind, belintar.name, belintar.types = "special", "Belintar", ["guardian", "assassin"]
    events.conversions(state, "esrolians", flow.ActionLog())
    assert units_of(state, "lunar_tarsh") == []


def test_turn_26_ends_with_the_red_emperor_court_in_silver_shadow() -> None:
    from rules.genertela import events

    state = blank(turn=26, nation="carmanians")
    put(state, "rinliddi", "Silver Shadow", 1)
    put(state, "talastari", "Silver Shadow", 2)
    for name, types in (("Teelo Imara", ["superhero"]), ("Queen Deezola", ["guardian"])):
        unit = put(state, "rinliddi", "Rinliddi", 1)[0]
        unit.kind, unit.name, unit.types = "special", name, types
    events.end_of_turn(state, flow.ActionLog())
    here = [u for u in state.units if u.zone == z("Silver Shadow")]
    assert {u.nation for u in here} == {"rinliddi"}
    assert {u.name for u in here if u.kind == "special"} == {"Red Emperor", "Twin Stars"}
    assert sorted(u.kind for u in here if u.kind != "special") == ["city", "standard", "standard", "standard"]
    assert not any(u.name in ("Teelo Imara", "Queen Deezola") for u in state.units)


def test_turn_37_a_heortling_hero_becomes_argrath() -> None:
    from rules.genertela import events

    state = blank(turn=37, nation="heortlings")
    kalyr = put(state, "heortlings", "Sartar", 1)[0]
    kalyr.kind, kalyr.name, kalyr.types = "special", "Kalyr", ["hero"]
    events.after_reinforcements(state, "heortlings", flow.ActionLog())
    assert [(u.name, u.types, u.recovery) for u in units_of(state, "heortlings")] == [("Argrath", ["superhero"], "*")]


def test_turn_36_broyan_leaves_when_the_wolf_pirates_take_the_city_of_wonders() -> None:
    from rules.genertela import events

    state = blank(turn=36, nation="wolf_pirates")
    broyan = put(state, "heortlings", "Sartar", 1)[0]
    broyan.kind, broyan.name, broyan.types = "special", "Broyan", ["hero"]
    events.city_taken(state, z("City of Wonders"), "wolf_pirates", flow.ActionLog())
    assert broyan not in state.units and "wolf_pirates_took_city_of_wonders" in state.flags


def test_special_units_destroyed_by_jar_eel_do_not_recover() -> None:
    from rules.genertela import combat
    from rules.genertela.state import Battle

    state = blank(turn=34, nation="rinliddi")
    jar = put(state, "rinliddi", "Prax", 1)[0]
    jar.kind, jar.name, jar.unit_id = "special", "Jar-eel", "rinliddi.jar_eel.superhero_assassin"
    victim = put(state, "heortlings", "Prax", 1)[0]
    victim.kind, victim.name, victim.types, victim.recovery = "special", "Kalyr", ["hero"], "*"
    state.battle = Battle(z("Prax"), "rinliddi", "heortlings")
    combat.eliminate(state, victim, "rinliddi", flow.ActionLog())
    assert state.fallen == [] and state.vp["rinliddi"] == 2


def test_turn_31_hon_eel_in_an_alkoring_zone_wins_over_up_to_8_units_there_and_next_door() -> None:
    from rules.genertela import events

    state = blank(turn=31, nation="rinliddi")
    put(state, "alkorings", "Holay", 6)
    put(state, "alkorings", "Tarsh", 5)  # next to Holay
    put(state, "alkorings", "Pent", 3)  # far away
    honeel = put(state, "rinliddi", "Holay", 1)[0]
    honeel.kind, honeel.name, honeel.types = "special", "Hon-eel", ["guardian"]
    events.before_battles(state, "rinliddi", flow.ActionLog())
    answer_defaults(state)  # the Lunar player keeps the engine's choice: the first units in map order
    assert len(units_of(state, "lunar_tarsh")) == 8
    assert len(units_of(state, "alkorings", z("Pent"))) == 3


def test_turn_35_aelwrin_destroyed_where_jar_eel_fights_comes_back_as_a_rinliddi_hero() -> None:
    from rules.genertela import combat

    state = blank(turn=35, nation="rinliddi")
    jar = put(state, "rinliddi", "Oraya", 1)[0]
    jar.kind, jar.name = "special", "Jar-eel"
    aelwrin = put(state, "alkorings", "Oraya", 1)[0]
    aelwrin.kind, aelwrin.name, aelwrin.types = "special", "Aelwrin", ["hero"]
    combat.eliminate(state, aelwrin, "rinliddi", flow.ActionLog())
    assert [(u.nation, u.recovery) for u in state.units if u.name == "Aelwrin"] == [("rinliddi", "*")]
