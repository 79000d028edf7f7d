"""What status (and so every reminder) tells: who must act and at what step, in plain words. The commands are in the
turn's next line, from the steps guidance.steps gives (written /gen build ... in Discord, build ... in the console)."""

from __future__ import annotations

import pytest

from rules.base import RuleError, SeatInfo
from rules.genertela import decisions, flow, losses, reinforce, vassals
from rules.genertela.board import active_nation, units_of
from rules.genertela.casualties import described, unit_count
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.nextstep import Step
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def steps(state: State, seat: int = 0) -> list[Step]:
    """The turn's next line for `seat`, as the game words it."""
    assert genertela.next is not None
    return genertela.next(state, seat, genertela.legal(state, seat))


def legal_example(state: State, step: Step, seat: int = 0) -> bool:
    """Whether the step's command, typed with its example values, is a legal action."""
    return genertela.is_legal(state, seat, {"type": step.action, **dict(step.example)})


def test_status_in_the_build_step_names_the_points_and_the_next_line_the_commands() -> None:
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options({}), Rng(1))
    text = genertela.status(state, None)
    assert "Uz: 8 points to spend, then movement." in text and "/gen" not in text
    found = steps(state, 1)
    assert [step.action for step in found] == ["build", "end", "orders"]
    assert found[0].text.startswith("Uz: 8 points to spend: build a unit (6) in any of 8 zones, such as ")
    assert found[1].text == "then end building"
    assert found[2].text == "the whole turn in one line, builds then moves, split by ;"
    assert all(legal_example(state, step, 1) for step in found)  # orders: a build, the steps ended after it
    assert not any("/gen" in step.text for step in found)  # the table writes the commands, in each front end's form


def test_status_in_the_movement_step_names_the_step_and_the_next_line_the_commands() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    assert "Heortlings: movement, then battles." in genertela.status(state, None)
    found = steps(state)
    assert [step.action for step in found[:3]] == ["move", "end", "orders"]
    assert found[0].text == "Heortlings: move units from Prax"
    assert found[1].text == "then end movement (battles follow)"
    assert dict(found[2].example)["list"].startswith("move Prax>")
    assert all(legal_example(state, step) for step in found)


def test_status_in_a_battle_says_where_and_what_the_awaited_side_may_do() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    put(state, "heortlings", "Grazelands", 1)
    put(state, "uz", "Prax", 2)
    put(state, "uz", "Pavis", 1)
    flow.end_move(state, flow.ActionLog(), Rng(0, [1, 1, 1, 1]))  # nobody hits: the Uz may retreat
    text = genertela.status(state, None)
    assert "Battle in Prax, round 1" in text
    assert "Uz: fight on, pull back or give in." in text
    found = steps(state, 0)
    assert found[0] == Step("Battle in Prax, round 1: Uz: fight on", "fight")
    assert {step.action for step in found} == {"fight", "retreat", "submit"}
    assert all(legal_example(state, step) for step in found)
    genertela.act(state, 0, {"type": "fight"}, Rng(0))
    assert "Heortlings: fight on or pull back." in genertela.status(state, None)


def test_status_asks_for_casualties_with_the_number_of_hits() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    hero(state, "uz", "Prax", "Cragspider", ["hero"])
    hero(state, "uz", "Prax", "Gerak Kag", ["hero"])
    flow.end_move(state, flow.ActionLog(), Rng(0, [10, 1, 1, 1]))  # one Heortling hit, the Uz miss
    assert state.battle is not None and state.battle.step == "casualties"
    assert "Uz: take 1 hit." in genertela.status(state, None)
    found = steps(state)
    assert found[0].action == "casualties" and found[0].text.startswith("Battle in Prax, round 1: Uz takes 1 hit: ")
    assert legal_example(state, found[0])


def test_battle_losses_read_with_repeated_kinds_counted() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 3)
    put(state, "uz", "Prax", 2)
    events = flow.ActionLog()
    flow.end_move(state, events, Rng(0, [10, 10, 1, 1, 1]))  # two hits: both Uz units fall
    assert "Uz loses 2 standard units in Prax." in [e.text for e in events.events]
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


def _uz_may_retreat_to_pavis_only() -> State:
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


def test_population_losses_may_all_be_left_to_the_engine_in_one_answer() -> None:
    state = blank(nation="chaos")
    put(state, "chaos", "Pavis", 9)  # a lowland supports 3 (Prax, a waste, nothing): 7 over
    put(state, "chaos", "Prax", 1)
    log = flow.ActionLog()
    assert losses.ask_loss(state, "chaos", log)
    decision = state.decisions[0]
    assert decision.options[0] == "all" and decision.labels[0].startswith("Lose all 7 ")
    genertela.act(state, 0, {"type": "choose", "option": "all"}, Rng(0))
    assert not state.decisions and len(units_of(state, "chaos")) == 3


def test_texts_count_their_units_in_good_english() -> None:
    state = blank(nation="chaos")
    put(state, "chaos", "Pavis", 3)  # with the unit in Prax, one over the limit
    put(state, "chaos", "Prax", 1)
    losses.ask_loss(state, "chaos", flow.ActionLog())
    assert state.decisions[0].labels[0] == "Lose a unit in Pavis (1 over the population limit)"
    assert "(1 other choice)" in genertela.status(state, None)
    events = genertela.act(state, 0, {"type": "choose", "option": z("Pavis")}, Rng(0))
    assert "Chaos loses 1 standard unit in Pavis (population limit)." in [e.text for e in events]
    log = flow.ActionLog()
    put(state, "chaos", "Sartar", 5)  # a highland holds 4 and one zone may hold double: one over in the other
    put(state, "chaos", "Tarsh", 5)
    losses.remove_overstack(state, "chaos", None, log)
    assert "Chaos loses 1 overstacked unit." in [e.text for e in log.events]


def test_placements_and_resources_read_in_good_english() -> None:
    state = blank(turn=1, nation="chaos", phase="build")
    log = flow.ActionLog()
    reinforce.reinforce(state, "chaos", ("reinforcement",), log)
    assert any(e.text.startswith("Chaos: 2 standard units placed in ") for e in log.events)
    state = blank(nation="uz", phase="build")
    put(state, "uz", "Prax", 1)
    put(state, "uz", "Pavis", 1)
    assert decisions.ask(state, "uz", "placement", [z("Prax"), z("Pavis")], ["a", "b"], uids=str(state.units[0].uid))
    events = genertela.act(state, 0, {"type": "choose", "option": z("Pavis")}, Rng(0))
    assert "Uz puts 1 standard unit in Pavis." in [e.text for e in events]


def test_the_title_reward_names_its_title() -> None:
    state = blank(nation="heortlings", phase="battle")
    put(state, "heortlings", "Tarsh", 1)
    put(state, "heortlings", "Gardint", 1)
    flow._reward(state, "heortlings", 1, "Emperor")
    assert state.decisions[0].labels[0] == "the Emperor's new unit in Tarsh"


def test_submission_labels_say_whole_nation_or_only_the_zone() -> None:
    state = blank(nation="uz")
    put(state, "uz", "Sartar", 2)
    put(state, "heortlings", "Sartar", 2)
    put(state, "heortlings", "Heortland", 1)  # two zones: it may submit whole, or Sartar (Deathline) alone
    flow.end_move(state, flow.ActionLog(), Rng(0, [1, 1, 1, 1]))
    labels = [c.label for c in genertela.legal(state, 0) if c.action["type"] == "submit"]
    assert labels == ["Submit the whole nation to Uz", "Submit only Sartar to Uz (a Deathline zone)"]


def test_status_in_an_alliance_turn_names_the_alliance() -> None:
    state = blank(turn=5, nation="dara_happans")
    put(state, "dara_happans", "Raibanth", 3)
    state.alliance = "yelmite_alliance"
    assert "Dara Happans (Yelmite Alliance turn): movement, then battles." in genertela.status(state, None)
    assert steps(state)[0].text.startswith("Dara Happans (Yelmite Alliance turn): ")


def test_a_built_city_reads_with_a_capital() -> None:
    state = blank(nation="veshtargos", phase="build")
    put(state, "veshtargos", "Yuthuppa", 1)
    state.resources["veshtargos"] = 12
    events = genertela.act(state, 0, {"type": "build", "kind": "city", "zone": z("Yuthuppa")}, Rng(0))
    assert "Veshtargos builds a City in Yuthuppa." in [e.text for e in events]


def test_bidding_the_last_player_gets_the_last_side_without_being_asked() -> None:
    state = genertela.new([SeatInfo() for _ in range(4)], genertela.meta.resolve_options({"seating": "bid"}), Rng(1))
    assert "/gen bid side points" in genertela.status(state, None)
    while state.bidding is not None:
        seat = min(genertela.awaiting(state))
        choices = genertela.legal(state, seat)
        assert len(choices) > 1, choices
        genertela.act(state, seat, choices[0].action, Rng(0))  # open at 0 VP; the others let it go
    assert sorted(state.side_seat.values()) == [0, 1, 2, 3]


def test_a_refused_bid_says_the_range_allowed() -> None:
    state = genertela.new([SeatInfo(), SeatInfo()], genertela.meta.resolve_options({"seating": "bid"}), Rng(1))
    seat = min(genertela.awaiting(state))
    with pytest.raises(RuleError, match=r"not possible\. Open an auction with /gen bid side points \(0 to 40"):
        genertela.act(state, seat, {"type": "bid", "side": "Red", "points": 50}, Rng(0))


def test_a_conversion_explains_itself_once_and_then_counts_the_units_per_zone() -> None:
    from rules.genertela import events as schedule_events

    state = blank(turn=31, nation="rinliddi")
    put(state, "alkorings", "Holay", 3)
    put(state, "alkorings", "Tarsh", 5)  # next to Holay
    hero(state, "rinliddi", "Holay", "Hon-eel", ["guardian"])
    log = flow.ActionLog()
    schedule_events.before_battles(state, "rinliddi", log)
    assert [e.text for e in log.events] == ["Hon-eel wins over Alkoring units: they are Lunar Tarsh now."]
    assert state.decisions[0].labels[0] == "Take 3 standard units of the Alkorings in Holay"
    assert state.decisions[0].labels[-1] == "Take no unit of the Alkorings in Holay"
    events = genertela.act(state, 0, {"type": "choose", "option": "1"}, Rng(0))
    assert next(e.text for e in events) == "Lunar Tarsh takes over 1 standard unit of the Alkorings in Holay."


def test_politics_choices_count_in_good_english() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 1)
    vassals.ask_tribute(state, "balazarings", "heortlings", 1, flow.ActionLog())
    assert state.decisions[0].labels == ["Take 1 resource from Balazarings", "Take 0 resources from Balazarings"]


def test_zones_and_nations_may_be_typed_by_their_names() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Sartar", 2)
    put(state, "heortlings", "Heortland", 1)
    genertela.act(state, 0, {"type": "move", "from": "Sartar", "to": "far place", "count": 1}, Rng(0))
    assert len(units_of(state, "heortlings", z("Far Place"))) == 1
    with pytest.raises(
        RuleError, match="Heortlings have no unit left to move in Prax; units may move from: Heortland, Sartar"
    ):
        genertela.act(state, 0, {"type": "move", "from": "Prax", "to": "Sartar", "count": 1}, Rng(0))


def test_a_lone_unit_retreats_in_good_english() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    put(state, "uz", "Prax", 1)
    put(state, "uz", "Pavis", 1)
    flow.end_move(state, flow.ActionLog(), Rng(0, [1, 1, 1]))  # nobody hits
    events = genertela.act(state, 0, {"type": "retreat", "zone": z("Pavis")}, Rng(0))
    assert "Uz retreats 1 unit to Pavis." in [e.text for e in events]
    assert unit_count(1) == "1 unit" and unit_count(0) == "0 units"


def test_turn_23_dragons_with_no_human_target_do_not_hold_up_the_dragonewt_turn() -> None:
    state = blank(turn=23, nation="dragonewts", phase="build")
    put(state, "dragonewts", "Dragon's Eye", 1, kind="dragon")  # no human unit in a Deathline zone: nowhere to go
    put(state, "chaos", "Print", 2)
    genertela.act(state, 0, {"type": "end"}, Rng(0))
    assert active_nation(state) != "dragonewts"


def test_an_action_refused_in_the_movement_step_sums_the_moves_up_without_listing_them() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    seat = min(genertela.awaiting(state))
    with pytest.raises(RuleError) as refused:
        genertela.act(state, seat, {"type": "build", "kind": "unit", "zone": z("Prax")}, Rng(0))
    text = str(refused.value)
    assert "You cannot build now; you may: End movement" in text and "a move (/gen move from to count)" in text
    assert " from Prax to " not in text  # no move is listed: listing them all is the slow part of legal()
    with pytest.raises(RuleError) as refused:  # a refused move still lists the moves there are
        genertela.act(state, seat, {"type": "move", "from": z("Prax"), "to": z("Prax"), "count": 1}, Rng(0))
    assert "Prax" in str(refused.value)
