"""Departures from the seed found by the fidelity audit, each checked against the seed's own words."""

from __future__ import annotations

from rules.genertela import arrivals, flow, titles
from rules.genertela.battle import dice, resist, to_hit
from rules.genertela.board import BOARD, CONTENT, NATIONS, ORDER, allied, units_of, zone
from rules.genertela.economy import resources_gained, scoring_points
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.movement import strength
from rules.genertela.reinforce import PLACED_FLAG
from rules.genertela.specials import free_mover, special_shooter, uses_ability
from rules.genertela.state import Unit
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z

# The seed names the Dragon Hero as an individual of two types; the schedule writes it as one word.
COMPONENTS = {"dragon_hero": ("dragon", "hero")}


def _reference(nation: str, kind: str, zone: str) -> Unit:
    """A unit of one type only: a plain Dragon, or a special unit of that single type."""
    if kind == "dragon":
        return Unit(2, nation, "dragon", zone)
    return Unit(2, nation, "special", zone, kind, [kind])


def _dual_units() -> list[tuple[Unit, tuple[str, ...]]]:
    """Every special unit the schedule places that is more than one type, with the types it is made of."""
    found = []
    for turn in CONTENT.turns:
        for entry in turn.entries:
            for p in entry.placements:
                if p.unit != "special":
                    continue
                parts = tuple(c for t in p.types for c in COMPONENTS.get(t, (t,)))
                if len(parts) > 1:
                    unit = Unit(1, entry.nation, "special", z("Raibanth"), p.name, list(p.types), p.unit_id)
                    found.append((unit, parts))
    return found


def test_dual_type_units_have_powers_of_both_types() -> None:
    duals = _dual_units()
    names = {u.name for u, _ in duals}
    assert {"Obduran the Flyer", "Isandrang", "Lord Great Burin", "Golden Dragon Emperor", "Belintar"} <= names
    lowland, hills = z("Raibanth"), z("Imther")
    for unit, parts in duals:
        mate = Unit(3, unit.nation, "standard", lowland)
        for part in parts:
            ref = _reference(unit.nation, part, lowland)
            what = f"{unit.name} as a {part}"
            assert dice(unit) >= dice(ref), what
            assert strength([unit]) >= strength([ref]), what
            assert to_hit(mate, [mate, unit]) >= to_hit(mate, [mate, ref]), what  # what it gives its stack
            assert resist(mate, [mate, unit], lowland, True, False) >= resist(mate, [mate, ref], lowland, True, False)
            assert resist(unit, [unit], lowland, True, False) >= resist(ref, [ref], lowland, True, False), what
            if "dragon" not in parts:  # the seed: Dragons never take a Hero's +1 to hit, not even their own
                assert to_hit(unit, [unit]) >= to_hit(ref, [ref]), what
            assert uses_ability(unit, "special_characters") >= uses_ability(ref, "special_characters"), what
            assert free_mover(unit) >= free_mover(ref), what
            assert special_shooter(unit) >= special_shooter(ref), what
        if "dragon" in parts:  # a Dragon takes no terrain bonus
            assert resist(unit, [unit], hills, True, False) == resist(unit, [unit], lowland, True, False)


def test_dragon_hero_rolls_as_a_dragon_leads_its_stack_and_resists_as_both() -> None:
    zid = z("Storn")
    hero = Unit(1, "ewf", "special", zid, "Isandrang", ["dragon_hero"])
    mate = Unit(2, "ewf", "standard", zid)
    base = NATIONS["ewf"]
    assert dice(hero) == 4
    assert strength([hero]) == 4  # counts four for an overrun, like any Dragon
    assert to_hit(mate, [mate, hero]) == base.to_hit + 1
    assert to_hit(hero, [mate, hero]) == base.to_hit  # "except Dragons": not its own +1
    assert resist(hero, [mate, hero], zid, True, True) == base.resist + 3  # Dragon +2, Hero +1, no City bonus


def test_turn_40_scores_final_victory_points() -> None:
    state = blank(turn=40, nation="heortlings")
    put(state, "heortlings", "Sartar", 2)
    put(state, "heortlings", "Gardint", 1)
    flow.finish_nation_turn(state, flow.ActionLog(), Rng(0))
    assert state.vp.get("heortlings", 0) == scoring_points_of(["Sartar", "Gardint"], "heortlings")


def scoring_points_of(zones: list[str], nation: str) -> int:
    state = blank(turn=40, nation=nation)
    for name in zones:
        put(state, nation, name, 1)
    return scoring_points(state, nation)


def test_final_victory_points_count_individuals_dead_at_the_end() -> None:
    # the house cards (rules.md): the Heortlings score Jar-eel and the Red Emperor being dead at the end
    state = blank(turn=40, nation="carmanians")
    state.last_turn = 40
    state.order_index = len(ORDER) - 1
    jar_eel = "rinliddi.jar_eel.superhero_assassin"
    assert NATIONS["heortlings"].dead_vp.get(jar_eel, 0) > 0
    state.flags.append(PLACED_FLAG + jar_eel)  # she entered play and is not on the board
    put(state, "carmanians", "Charg", 1)
    flow.finish_nation_turn(state, flow.ActionLog(), Rng(0))
    assert state.phase == "over"
    assert state.vp.get("heortlings", 0) == NATIONS["heortlings"].dead_vp[jar_eel]


def test_an_individual_an_event_brings_counts_as_having_entered_play() -> None:
    state = blank(turn=37, nation="heortlings")
    old = hero(state, "heortlings", "Sartar", "Kallyr", ["hero"])
    arrivals.becomes(state, old, {"name": "Argrath", "types": ["superhero"], "recovery_mark": "*"}, flow.ActionLog())
    assert PLACED_FLAG + arrivals.special_id("heortlings", "Argrath", ["superhero"]) in state.flags
    assert arrivals.special_id("heortlings", "Argrath", ["superhero"]) in NATIONS["rinliddi"].dead_vp


DEATHLINE = [zid for zid in BOARD.zones if zone(zid).deathline and not zone(zid).chaos_nest]


def test_complete_emperor_counts_allied_zones() -> None:
    # turn 2: the Talastari and the Aramites are both in the World Council of Friends
    state = blank(turn=2, nation="talastari")
    for name in ("Raibanth", "Yuthuppa", "Alkoth", "Darsen"):
        put(state, "talastari", name, 1)
    for name in ("Henjarl", "Dara Happa", "Darjin"):
        put(state, "aramites", name, 1)
    assert allied(state, "talastari", "aramites")
    assert titles.emperor(state, "talastari") == (2, 4)  # the Talastari hold the most: their allies' zones count
    assert titles.emperor(state, "aramites") == (0, 0)


def test_king_of_dragon_pass_counts_allied_zones() -> None:
    state = blank(turn=2, nation="heortlings")
    wintertop = z("Wintertop")
    others = [zid for zid in DEATHLINE if zid != wintertop]
    put(state, "esrolians", "Wintertop", 1)
    for zid in others[:4]:
        put(state, "esrolians", zone(zid).name, 1)
    for zid in others[4:10]:
        put(state, "heortlings", zone(zid).name, 1)
    assert titles.king(state, "heortlings") == (1, 3)  # 6 of their own, 5 allied ones with Wintertop
    assert titles.king(state, "esrolians") == (0, 0)  # not the ally with the most zones


def test_aldryami_forest_gives_defending_units_a_combat_advantage() -> None:
    state = blank(turn=20, nation="rinliddi")
    zid = z("Erigia")
    mine = put(state, "aldryami", "Erigia", 2)
    bare = resist(mine[0], mine, zid, True, False)
    forest = put(state, "aldryami", "Erigia", 1, "forest")
    army = mine + forest
    assert resist(mine[0], army, zid, True, False) == bare + 1  # +1 like a City
    assert resist(mine[0], army, zid, False, False) == resist(mine[0], mine, zid, False, False)  # not attacking
    dragon = Unit(9, "aldryami", "dragon", zid)
    assert resist(dragon, [*army, dragon], zid, True, False) == resist(dragon, [dragon], zid, True, False)


def test_dragonewt_income_is_their_cities_among_others_instead_of_terrain() -> None:
    state = blank(turn=20, nation="dragonewts")
    put(state, "dragonewts", "Dragon's Eye", 2, "named_dragonewt")
    put(state, "dragonewts", "Sartar", 1)  # a lowland they hold: no terrain income for them
    put(state, "uz", "Storn", 2)
    put(state, "dragonewts", "Storn", 2, "named_dragonewt", sitting=True)  # on their city in an Uz zone
    assert resources_gained(state, "dragonewts") == 1


def test_nation_turn_resources_come_before_reinforcements() -> None:
    # turn 2: the Praxians get 3 units in the Wastelands, an empty waste (a nomad's waste pays 1)
    state = blank(turn=2, nation="praxians", phase="build")
    wastes = z("Wastelands")
    put(state, "praxians", "Prax", 1)
    state.resources = {"praxians": 11}
    before = resources_gained(state, "praxians")
    flow.start_nation_turn(state, flow.ActionLog(), Rng(0))
    assert state.resources["praxians"] == 11 + before  # the Wastelands were not held yet when resources came
    assert units_of(state, "praxians", wastes) == []  # the reinforcements wait for the build step to end
    builds = [c.action for c in genertela.legal(state, 0) if c.action["type"] == "build"]
    assert builds and all(a["zone"] != wastes for a in builds)  # no bought unit where they will land
    genertela.act(state, 0, {"type": "end"}, Rng(0))
    assert len(units_of(state, "praxians", wastes)) == 3
