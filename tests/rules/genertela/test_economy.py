"""Seed rules of the resources, population limit and victory point steps."""

from __future__ import annotations

from rules.base import SeatInfo
from rules.genertela import economy, flow
from rules.genertela.board import active_nation
from rules.genertela.economy import population_excess, population_limit, resources_gained, scoring_points
from rules.genertela.engine import ENGINE as genertela
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, put


def test_resources_city_3_lowland_2_highland_1_waste_and_mountain_0() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar")  # highland city site, no City unit: 1
    put(state, "heortlings", "Grazelands")  # lowland: 2
    put(state, "heortlings", "Prax")  # waste: 0
    put(state, "heortlings", "Holay")
    put(state, "heortlings", "Holay", kind="city")  # a City: 3
    assert resources_gained(state, "heortlings") == 1 + 2 + 0 + 3


def test_resources_nomads_gain_1_for_lowland_or_waste_and_0_for_highland() -> None:
    state = blank(nation="praxians")
    for zone in ("Prax", "Pavis", "Sartar"):
        put(state, "praxians", zone)
    assert resources_gained(state, "praxians") == 1 + 1 + 0


def test_resources_uz_gain_1_per_zone_of_any_kind() -> None:
    state = blank()
    for zone in ("Yolp Mountains", "Prax", "Grazelands", "Sartar"):
        put(state, "uz", zone)
    assert resources_gained(state, "uz") == 4


def test_resources_mostali_gain_2_for_mountains_1_for_highlands_0_else() -> None:
    state = blank(nation="mostali")
    for zone in ("Jord", "Imther", "Grazelands"):
        put(state, "mostali", zone)
    assert resources_gained(state, "mostali") == 2 + 1 + 0


def test_resources_chaos_nests_pay_only_chaos_even_with_no_chaos_unit_there() -> None:
    state = blank(nation="chaos")
    put(state, "uz", "Print")
    assert resources_gained(state, "uz") == 0
    put(state, "chaos", "Pavis")  # 2 for a lowland, plus both nests (house: 2 each)
    assert resources_gained(state, "chaos") == 2 + 2 * economy.CHAOS_NEST_RESOURCES


def test_resources_heortlings_gain_1_for_the_praxian_march_from_turn_28() -> None:
    state = blank(turn=27, nation="heortlings")
    put(state, "heortlings", "Praxian March")
    assert resources_gained(state, "heortlings") == 0
    state.turn = 28
    assert resources_gained(state, "heortlings") == 1


def test_resources_dragonewts_gain_1_per_dragonewt_city_held_in_another_nations_zone() -> None:
    state = blank(nation="dragonewts")
    put(state, "heortlings", "Grazelands", 2)
    put(state, "dragonewts", "Grazelands", 2, kind="named_dragonewt", sitting=True)  # on the city
    assert resources_gained(state, "dragonewts") == 1


def test_resources_carried_over_max_out_at_5() -> None:
    state = blank(nation="uz", phase="build")
    state.resources["uz"] = 11
    flow.end_build(state)
    assert state.resources["uz"] == 5


def test_population_lowland_3_highland_2_and_2_more_per_city() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Grazelands")
    put(state, "heortlings", "Sartar")
    put(state, "heortlings", "Holay", kind="city")
    assert population_limit(state, "heortlings") == 3 + 2 + 3 + 2


def test_population_units_over_the_limit_are_eliminated_cities_not_counted() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Tork", 4)  # a highland (not a homeland) supports 2
    put(state, "heortlings", "Tork", kind="city")  # +2, and does not count itself
    assert population_excess(state, "heortlings") == []
    put(state, "heortlings", "Tork", 1)
    assert len(population_excess(state, "heortlings")) == 1


def test_population_uz_support_2_per_zone_and_4_in_homelands() -> None:
    state = blank()
    put(state, "uz", "Shadow Plateau")  # homeland
    put(state, "uz", "Prax")
    assert population_limit(state, "uz") == 4 + 2


def test_population_mostali_homeland_4_mountain_3_highland_2_lowland_1() -> None:
    state = blank(nation="mostali")
    for zone in ("Jord", "Top of the World", "Balazar", "Dorastor"):
        put(state, "mostali", zone)
    assert population_limit(state, "mostali") == 4 + 3 + 2 + 1


def test_population_nomads_get_2_for_wastes() -> None:
    state = blank(nation="pentans")
    put(state, "pentans", "Pent")
    put(state, "heortlings", "Prax")
    assert population_limit(state, "pentans") == 2
    assert population_limit(state, "heortlings") == 0


def test_population_no_one_but_chaos_for_a_chaos_nest() -> None:
    state = blank(nation="chaos")
    put(state, "uz", "Print")
    put(state, "chaos", "Snakepipe Hollow")
    assert population_limit(state, "uz") == 0
    assert population_limit(state, "chaos") == economy.CHAOS_NEST_POPULATION


def test_population_full_homeland_zone_holds_2_extra() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Grazelands", 3)  # a homeland lowland at its 3
    assert population_limit(state, "heortlings") == 5


def test_victory_points_default_card_homeland_city_and_other_zones() -> None:
    state = blank(turn=3, nation="heortlings")
    put(state, "heortlings", "Sartar")  # homeland: 1
    put(state, "heortlings", "Pavis")  # other lowland: 1
    put(state, "heortlings", "Pavis", kind="city")  # City: 1 more
    put(state, "heortlings", "Prax")  # waste with no population: nothing
    put(state, "heortlings", "Print")  # Chaos Nest: nothing
    assert scoring_points(state, "heortlings") == 1 + 1 + 1


def test_victory_points_wastes_count_for_nomads_who_draw_population_from_them() -> None:
    state = blank(turn=3, nation="praxians")
    put(state, "praxians", "Hungry Plateau")
    assert scoring_points(state, "praxians") == 1


def test_a_nation_that_can_buy_nothing_skips_the_build_step_and_carries_at_most_5() -> None:
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    seat = min(genertela.awaiting(state))
    genertela.act(state, seat, {"type": "end"}, Rng(1))  # the Uz end building
    genertela.act(state, seat, {"type": "end"}, Rng(1))  # and movement
    assert state.resources["uz"] == 5  # the Uz kept at most 5 of what they did not spend
    # the Dragonewts gain 4 points (a city they sit on among others pays 1) but have no counter to buy: nobody
    # is asked to "End building"
    assert active_nation(state) == "dragonewts"
    assert state.phase == "move" and state.resources["dragonewts"] == 4
