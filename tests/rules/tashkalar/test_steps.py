"""One test per numbered step of the seed, named after it."""

from __future__ import annotations

import random

import pytest

from rules import serial
from rules.base import RuleError, SeatInfo
from rules.rng import Rng
from rules.tashkalar import effects
from rules.tashkalar.board import SQUARES
from rules.tashkalar.content import CARDS, MOVE_KINDS
from rules.tashkalar.engine import ENGINE as tashkalar
from rules.tashkalar.state import DISCS, LEGEND_TOKENS
from tests.rules.tashkalar.helpers import act, fresh, hand, lay, owner_rank, put, summon, types


def test_step_01_take_your_actions() -> None:
    state = tashkalar.new([SeatInfo(), SeatInfo()], {"mode": "deathmatch"}, Rng(3))
    assert state.active == 0 and state.actions_left == 1  # the first player's first turn has one action
    act(state, 0, type="place", square="e5")
    assert state.active == 1 and state.actions_left == 2
    act(state, 1, type="place", square="a1")
    assert state.active == 1 and state.actions_left == 1


def _first_turns(players: int, **options: str) -> list[int]:
    """The actions each seat has on its first turn, and the first seat on its second."""
    state = tashkalar.new([SeatInfo()] * players, {"mode": "deathmatch", **options}, Rng(3))
    empty = iter(SQUARES)
    counts = []
    for seat in [*range(players), 0]:
        assert state.active == seat
        counts.append(state.actions_left)
        for _ in range(state.actions_left):
            act(state, seat, type="place", square=next(empty))
    return counts


def test_step_01_take_your_actions_with_three_players_the_last_seat_opens_with_one_too() -> None:
    """House rule: with three players each alone the third seat, who has the last turn of every round, won 43.6%
    of 400 bot games (band 23.3-43.3%); its first turn has one action, like the first player's."""
    assert _first_turns(3) == [1, 2, 1, 2]
    assert _first_turns(2) == [1, 2, 2]
    assert _first_turns(4) == [1, 2, 2, 2, 2]
    assert _first_turns(4, teams="yes") == [1, 2, 2, 2, 2]


def test_a_table_made_before_the_three_player_opening_keeps_two_actions_for_its_third_seat() -> None:
    state = tashkalar.new([SeatInfo()] * 3, {"mode": "deathmatch"}, Rng(3))
    stored = serial.dump(state)
    stored.pop("opening")
    old = serial.load(type(state), stored)
    act(old, 0, type="place", square="a1")
    act(old, 1, type="place", square="a2")
    act(old, 1, type="place", square="b2")
    assert old.active == 2 and old.actions_left == 2


def test_step_02_place_a_common_token() -> None:
    state = fresh(mode="deathmatch")
    act(state, 0, type="place", square="c3")
    assert owner_rank(state, "c3") == (0, 1)
    assert state.actions_left == 1
    with pytest.raises(RuleError, match="c3 is occupied"):
        act(state, 0, type="place", square="c3")


def test_step_03_handle_token_shortage() -> None:
    state = fresh(mode="deathmatch")
    squares = [f"{f}{r}" for f in "abcdefghi" for r in (1, 2)][:DISCS]
    put(state, 0, 1, *squares)
    assert "place" in types(state, 0)
    act(state, 0, type="place", square="e5")
    assert state.take is not None and state.take.options == sorted(squares)
    assert tashkalar.awaiting(state) == frozenset({0})
    act(state, 0, type="take", square="a1")
    assert "a1" not in state.board and owner_rank(state, "e5") == (0, 1)


def test_step_04_summon_a_creature() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["cinder_hound"])
    lay(state, 0, "cinder_hound", "e5")
    summon(state, 0, "cinder_hound", "e5")
    assert owner_rank(state, "e5") == (0, 1)
    assert state.actions_left == 1 or state.queue  # one action spent (its effect may still wait)
    assert "cinder_hound" in state.discards[0] and "cinder_hound" not in state.hands[0].beings


def test_step_05_discard_and_draw() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ash_sprite", "cinder_hound", "ember_bat"])
    deck_before = list(state.decks[0])
    events = act(state, 0, type="discard", card="ash_sprite", bottom="ember_bat")
    assert state.hands[0].beings == ["cinder_hound", deck_before[0]]
    assert state.decks[0][-1] == "ember_bat" and state.discards[0] == ["ash_sprite"]
    assert any(e.to == (0,) for e in events)  # the drawn card is private
    with pytest.raises(RuleError, match="only once per turn"):
        act(state, 0, type="discard", card="cinder_hound")


def test_step_06_match_pattern_for_summoning() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["flame_lancer"])  # ["hcc", "c..", "@.."]
    put(state, 0, 2, "e7")
    put(state, 0, 1, "e6", "f7")
    put(state, 1, 1, "g7")  # an enemy token does not count for the pattern
    with pytest.raises(RuleError, match="needs your common"):
        summon(state, 0, "flame_lancer", "e5")
    put(state, 0, 1, "g7")
    summon(state, 0, "flame_lancer", "e5")
    assert owner_rank(state, "e5") == (0, 2)
    # turned sideways it fits too
    state2 = fresh(mode="deathmatch")
    hand(state2, 0, ["flame_lancer"])
    lay(state2, 0, "flame_lancer", "e5", "90")
    labels = [c.label for c in tashkalar.legal(state2, 0) if c.action["type"] == "summon"]
    assert "Flame Lancer at e5 (rotated 90°)" in labels


def test_step_07_place_summoned_token() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["kiln_warden"])
    lay(state, 0, "kiln_warden", "d4")
    summon(state, 0, "kiln_warden", "d4")
    assert owner_rank(state, "d4") == (0, 2)  # the card's rank, on its marked square


def test_step_08_destroy_lower_tokens() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["kiln_warden"])
    lay(state, 0, "kiln_warden", "d4")
    put(state, 1, 2, "d4")  # an equal rank is destroyed too
    summon(state, 0, "kiln_warden", "d4")
    assert owner_rank(state, "d4") == (0, 2)
    assert state.tally == [0, 1, 0]


def test_step_09_cannot_summon_on_higher_rank() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["cinder_hound"])
    lay(state, 0, "cinder_hound", "e5")
    put(state, 1, 2, "e5")
    assert "summon" not in types(state, 0)
    with pytest.raises(RuleError, match="higher"):
        summon(state, 0, "cinder_hound", "e5")
    assert owner_rank(state, "e5") == (1, 2)


def test_step_10_handle_token_shortage_during_summoning() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["kiln_warden"])
    pattern = lay(state, 0, "kiln_warden", "e5")
    spare = [f"{f}{r}" for f in "abcdefghi" for r in (1, 2)][: DISCS - len(pattern)]
    put(state, 0, 1, *spare)
    summon(state, 0, "kiln_warden", "e5")
    assert state.take is not None and set(state.take.options) == set(spare)  # never from the pattern
    act(state, 0, type="take", square="a1")
    assert "a1" not in state.board and owner_rank(state, "e5") == (0, 2)
    # with your own token on the marked square, that one is reused: no choice needed
    state = fresh(mode="deathmatch")
    hand(state, 0, ["kiln_warden"])
    pattern = lay(state, 0, "kiln_warden", "e5")
    put(state, 0, 1, "e5", *[f"{f}{r}" for f in "abcdefghi" for r in (1, 2)][: DISCS - len(pattern) - 1])
    summon(state, 0, "kiln_warden", "e5")
    assert state.take is None and owner_rank(state, "e5") == (0, 2)


def test_step_11_execute_card_effects() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ash_sprite"])
    lay(state, 0, "ash_sprite", "e5")
    put(state, 1, 1, "d4")
    summon(state, 0, "ash_sprite", "e5")
    assert tashkalar.legal(state, 0)[0].action == {"type": "pick", "square": "d4"}
    act(state, 0, type="pick", square="d4")
    assert "d4" not in state.board and not state.queue
    assert "ash_sprite" in state.discards[0]


def test_step_12_call_a_flare() -> None:
    state = fresh(mode="deathmatch")
    state.hands[0].flares = ["rallying_cry"]
    put(state, 0, 1, "a1")
    put(state, 1, 2, "h8", "h9")
    act(state, 0, type="flare", against="blue")
    assert state.actions_left == 2  # free
    act(state, 0, type="pick", square="a1")
    assert owner_rank(state, "a1") == (0, 2) and state.hands[0].flares == []


def test_step_13_meet_flare_criteria() -> None:
    state = fresh(mode="deathmatch")
    state.hands[0].flares = ["rallying_cry"]  # top by 2 upgraded, bottom by 3 tokens
    put(state, 1, 2, "h8")
    assert "flare" not in types(state, 0)
    with pytest.raises(RuleError, match="2\\+ more upgraded"):
        act(state, 0, type="flare", against="blue")
    put(state, 1, 1, "a9", "b9")  # 3 more tokens: the bottom half qualifies
    labels = [c.label for c in tashkalar.legal(state, 0) if c.action["type"] == "flare"]
    assert labels == ["Flare Rallying Cry against blue (bottom)"]


def test_step_14_resolve_flare_effects() -> None:
    state = fresh(mode="deathmatch")
    state.hands[0].flares = ["rallying_cry"]
    put(state, 0, 1, "a1")
    put(state, 1, 2, "h8", "h9", "g9", "g8")
    act(state, 0, type="flare", against="blue")
    assert [p.part for p in state.queue] == ["top", "bottom"]
    act(state, 0, type="pick", square="a1")  # top: upgrade
    act(state, 0, type="pick", square="b1")  # bottom: place two commons
    act(state, 0, type="pick", square="c1")
    assert owner_rank(state, "b1") == (0, 1) and owner_rank(state, "c1") == (0, 1) and not state.queue


def test_step_15_perform_actions_in_any_order() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["spark_courier", "cinder_hound"])
    lay(state, 0, "spark_courier", "e5")
    summon(state, 0, "spark_courier", "e5")  # +1 action
    assert state.actions_left == 2
    act(state, 0, type="place", square="a1")
    lay(state, 0, "cinder_hound", "b5")
    summon(state, 0, "cinder_hound", "b5")
    assert owner_rank(state, "b5") == (0, 1)


def test_step_16_use_all_actions() -> None:
    state = fresh(mode="deathmatch")
    with pytest.raises(RuleError, match="must use all your actions"):
        act(state, 0, type="end")
    act(state, 0, type="place", square="a1")
    assert state.active == 0
    act(state, 0, type="place", square="a2")
    assert state.active == 1  # the turn ends by itself once every action is used


def test_step_17_gain_extra_action() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["spark_courier"])
    lay(state, 0, "spark_courier", "e5")
    summon(state, 0, "spark_courier", "e5")
    assert state.actions_left == 2


def test_step_18_draw_extra_card() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["fern_scout"])
    lay(state, 0, "fern_scout", "e5")
    summon(state, 0, "fern_scout", "e5")
    act(state, 0, type="skip")  # decline the step
    assert state.extra_cards == 1
    act(state, 0, type="place", square="a9")
    assert len(state.hands[0].beings) == 4  # 3 plus the extra card


def test_step_19_move_tokens() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["cinder_hound"])
    lay(state, 0, "cinder_hound", "e5")
    put(state, 1, 1, "f6")
    summon(state, 0, "cinder_hound", "e5")
    moves = {(c.action["from"], c.action["to"]) for c in tashkalar.legal(state, 0) if c.action["type"] == "move"}
    assert ("e5", "f6") in moves and ("e5", "e4") in moves  # diagonals are adjacent
    assert ("e5", "e7") not in moves  # one step only
    act(state, 0, type="move", frm="e5", to="f6")
    assert owner_rank(state, "f6") == (0, 1) and "e5" not in state.board  # the enemy there is destroyed


def test_step_20_execute_basic_movement() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["moss_walker"])
    lay(state, 0, "moss_walker", "e5")
    put(state, 1, 1, "f5")
    summon(state, 0, "moss_walker", "e5")
    moves = {c.action.get("to") for c in tashkalar.legal(state, 0) if c.action["type"] == "move"}
    assert "f5" not in moves  # basic movement never enters an equal rank
    assert "g5" in moves and "e7" in moves  # two steps through empty squares
    assert "e8" not in moves


def test_step_21_execute_combat_movement() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ember_stalker"])
    lay(state, 0, "ember_stalker", "e5")  # d6, f6, d5 and the heroic e4
    put(state, 1, 2, "f5")
    put(state, 1, 3, "f4")
    summon(state, 0, "ember_stalker", "e5")
    moves = {c.action.get("to") for c in tashkalar.legal(state, 0) if c.action["type"] == "move"}
    assert "f5" in moves and "f4" not in moves  # equal yes, higher no
    assert "e2" not in moves and "h5" not in moves  # two steps at most
    act(state, 0, type="move", frm="e5", to="f5")
    assert owner_rank(state, "f5") == (0, 2) and state.tally == [0, 1, 0]


def test_step_22_perform_jumps() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ember_bat"])
    lay(state, 0, "ember_bat", "e5")  # c6, d5, c4
    put(state, 1, 1, "e6", "f6", "f5", "f4", "e4", "d4", "d6")  # with its own d5, a ring round the bat
    summon(state, 0, "ember_bat", "e5")
    moves = {c.action.get("to") for c in tashkalar.legal(state, 0) if c.action["type"] == "move"}
    assert "e7" in moves and "g3" in moves and "e6" not in moves  # over the ring, not onto an equal rank
    act(state, 0, type="move", frm="e5", to="e7")
    assert owner_rank(state, "e7") == (0, 1)


def test_step_23_upgrade_tokens() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["furnace_golem"])
    lay(state, 0, "furnace_golem", "e5")
    summon(state, 0, "furnace_golem", "e5")
    act(state, 0, type="pick", square="e5")
    assert owner_rank(state, "e5") == (0, 3)  # heroic becomes legendary
    state = fresh(mode="deathmatch")
    hand(state, 0, ["thorn_guard"])
    lay(state, 0, "thorn_guard", "e5")
    summon(state, 0, "thorn_guard", "e5")
    act(state, 0, type="pick", square="d5")
    assert owner_rank(state, "d5") == (0, 2)  # common flips to heroic


def test_step_24_downgrade_tokens() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["pyre_priest"])
    lay(state, 0, "pyre_priest", "e5")
    put(state, 1, 3, "e4")
    put(state, 1, 2, "e3")
    summon(state, 0, "pyre_priest", "e5")
    act(state, 0, type="pick", square="e4")
    act(state, 0, type="pick", square="e3")
    assert owner_rank(state, "e4") == (1, 2) and owner_rank(state, "e3") == (1, 1)


def test_step_25_destroy_tokens() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["coal_titan"])
    lay(state, 0, "coal_titan", "e5")
    put(state, 1, 2, "e4")
    put(state, 1, 3, "f4")  # legendary is out of reach for this card
    summon(state, 0, "coal_titan", "e5")
    assert {c.action.get("square") for c in tashkalar.legal(state, 0)} == {"e4", None}
    act(state, 0, type="pick", square="e4")
    assert "e4" not in state.board and "f4" in state.board


def test_step_26_convert_tokens() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ash_herald"])
    lay(state, 0, "ash_herald", "e5")
    put(state, 1, 1, "e4")
    summon(state, 0, "ash_herald", "e5")
    act(state, 0, type="pick", square="e4")
    assert owner_rank(state, "e4") == (0, 1)
    assert state.tally == [0, 0, 0]  # converting is not destroying


def test_step_27_claim_tasks() -> None:
    state = fresh(mode="high_form")
    state.tasks_offer = ["heroic_pair", "square", "line_of_four"]
    state.task_deck = ["army", "outnumber"]
    put(state, 0, 2, "a1", "b1")
    put(state, 0, 1, "a2", "b2")
    act(state, 0, type="place", square="i9")
    act(state, 0, type="place", square="i8")
    assert state.phase == "claim" and tashkalar.awaiting(state) == frozenset({0})
    claims = {c.action.get("task") for c in tashkalar.legal(state, 0) if c.action["type"] == "claim"}
    assert claims == {"heroic_pair", "square"}
    with pytest.raises(RuleError, match="not completed"):
        act(state, 0, type="claim", task="line_of_four")
    act(state, 0, type="claim", task="square")
    assert state.scores[0] == 1 and state.tasks_offer == ["heroic_pair", "army", "line_of_four"]
    assert state.active == 1  # one task per turn: the turn is over
    with pytest.raises(RuleError):
        act(state, 1, type="claim", task="heroic_pair")


def test_step_27_single_completed_task_is_claimed_for_you() -> None:
    state = fresh(mode="high_form")
    state.tasks_offer = ["heroic_pair", "army", "line_of_four"]
    put(state, 0, 2, "a1", "b1")
    act(state, 0, type="place", square="i9")
    act(state, 0, type="place", square="i8")
    assert state.scores[0] == 1 and state.active == 1 and "heroic_pair" not in state.tasks_offer


def test_step_28_track_destroyed_tokens() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["coal_titan"])
    lay(state, 0, "coal_titan", "e5")
    put(state, 1, 1, "e5")
    put(state, 1, 2, "e4", "d4")
    summon(state, 0, "coal_titan", "e5")
    act(state, 0, type="pick", square="e4")
    act(state, 0, type="pick", square="d4")
    assert state.tally == [1, 2, 0]


def test_step_29_score_destroyed_tokens() -> None:
    state = fresh(mode="deathmatch")
    state.tally = [3, 1, 1]
    act(state, 0, type="place", square="a1")
    act(state, 0, type="place", square="a2")
    assert state.scores[0] == 2 + 1 + 1 and state.carry_common[0] == 1  # the odd common waits for a pair


def test_step_30_score_summoning_legendary() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, [], ["storm_titan"])
    lay(state, 0, "storm_titan", "e5")
    summon(state, 0, "storm_titan", "e5")
    assert state.scores[0] == 1 and owner_rank(state, "e5") == (0, 3)


def test_step_31_give_opponent_points_for_flares() -> None:
    state = fresh(mode="deathmatch")
    state.hands[0].flares = ["second_wind"]
    put(state, 1, 1, "a9", "b9", "c9")
    act(state, 0, type="flare", against="blue")
    assert state.scores == [0, 1]


def test_step_32_choose_comparison_opponent() -> None:
    state = fresh(players=3, mode="deathmatch")
    state.hands[0].flares = ["second_wind"]  # bottom: 3+ more tokens
    put(state, 1, 1, "a9", "b9", "c9")
    put(state, 2, 1, "a1")
    flares = [c.action for c in tashkalar.legal(state, 0) if c.action["type"] == "flare"]
    assert flares == [{"type": "flare", "against": "blue"}]
    with pytest.raises(RuleError, match="needs"):
        act(state, 0, type="flare", against="yellow")
    act(state, 0, type="flare", against="blue")
    assert state.scores == [0, 1, 0]


def test_step_33_use_improvised_summoning() -> None:
    state = fresh(players=3, mode="deathmatch")
    hand(state, 0, ["flame_lancer"])
    put(state, 0, 2, "e7")
    put(state, 0, 1, "e6", "f7")
    put(state, 2, 1, "g7")  # yellow's token stands in for the missing one
    summons = [c.action for c in tashkalar.legal(state, 0) if c.action["type"] == "summon"]
    assert {"type": "summon", "card": "flame_lancer", "where": "e5", "orientation": "0", "borrow": "yellow"} in summons
    act(state, 0, type="summon", card="flame_lancer", where="e5", orientation="0", borrow="yellow")
    assert state.borrowed[0] == ["yellow"] and owner_rank(state, "g7") == (2, 1)
    act(state, 0, type="skip")  # the lancer's strike could hit yellow's g7, first on its diagonal
    hand(state, 0, ["flame_lancer"])
    state.board.pop("e5")
    with pytest.raises(RuleError, match="already improvised"):
        act(state, 0, type="summon", card="flame_lancer", where="e5", orientation="0", borrow="yellow")
    with pytest.raises(RuleError, match="only for a Deathmatch battle"):
        duel = fresh(mode="deathmatch")
        hand(duel, 0, ["flame_lancer"])
        act(duel, 0, type="summon", card="flame_lancer", where="e5", orientation="0", borrow="blue")


def test_step_34_end_turn_by_drawing() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ash_sprite"], [])
    state.hands[0].flares = []
    act(state, 0, type="place", square="a1")
    act(state, 0, type="place", square="a2")
    held = state.hands[0]
    assert (len(held.beings), len(held.legends), len(held.flares)) == (3, 2, 1)


def test_step_35_pass_control() -> None:
    state = fresh(players=4, teams=True, mode="deathmatch")
    legends = list(state.hands[0].legends)
    assert "pass" in types(state, 0)
    act(state, 0, type="pass")
    assert state.controller == 2 and tashkalar.awaiting(state) == frozenset({2})
    assert state.hands[2].legends == legends and state.hands[0].legends == []


def test_step_36_teammate_completes_effects() -> None:
    state = fresh(players=4, teams=True, mode="deathmatch")
    hand(state, 0, ["pyre_priest"])
    lay(state, 0, "pyre_priest", "e5")
    put(state, 1, 2, "e4", "e3")
    summon(state, 0, "pyre_priest", "e5")
    act(state, 0, type="pass")
    act(state, 2, type="pick", square="e4")  # the teammate finishes the downgrades
    assert owner_rank(state, "e4") == (1, 1)


def test_step_37_teammate_places_tokens_only() -> None:
    state = fresh(players=4, teams=True, mode="deathmatch")
    hand(state, 0, ["cinder_hound", "ash_sprite"])
    state.hands[0].flares = ["second_wind"]
    act(state, 0, type="pass")
    lay(state, 2, "cinder_hound", "e5")
    assert types(state, 2) == {"place"}
    with pytest.raises(RuleError, match="only finish effects and place"):
        act(state, 2, type="discard", card="cinder_hound")
    act(state, 2, type="place", square="a1")
    assert owner_rank(state, "a1") == (2, 1)  # the teammate places their own colour


def test_step_38_return_control() -> None:
    state = fresh(players=4, teams=True, mode="deathmatch")
    hand(state, 0, ["ash_sprite"])
    state.tally = [0, 2, 0]
    act(state, 0, type="pass")
    act(state, 2, type="place", square="a1")
    act(state, 2, type="place", square="a2")
    assert state.scores[0] == 2  # the scoring is the active player's
    assert len(state.hands[0].beings) == 3  # and the drawing
    assert state.active == 1 and state.controller == 1


def test_legend_supply_limits_upgrades() -> None:
    state = fresh(mode="deathmatch")
    put(state, 0, 3, *["a1", "a2", "a3"][:LEGEND_TOKENS])
    hand(state, 0, ["furnace_golem"])
    lay(state, 0, "furnace_golem", "e5")
    summon(state, 0, "furnace_golem", "e5")
    assert not state.queue  # no legendary piece left: nothing to upgrade, the effect is skipped


def test_a_move_is_offered_exactly_when_it_has_somewhere_to_go() -> None:
    """targets() asks only whether a move's first step may enter anywhere (the full walk is kept for choosing
    the destination): on crowded random boards the two always agree, for every kind of move on every card."""
    moves = {effect for card in CARDS.values() for effect in card.effects if effect.do in MOVE_KINDS}
    assert {effect.do for effect in moves} == MOVE_KINDS
    chooser = random.Random(7)
    stuck = free = 0
    for density in (0.3, 0.6, 0.85, 0.95):
        for _ in range(20):
            state = fresh(players=4)
            for square in SQUARES:
                if chooser.random() < density:
                    put(state, chooser.randrange(4), chooser.randint(1, 3), square)
            for square in state.board:
                for effect in moves:
                    whole_walk = bool(effects.destinations(state, square, effect))
                    assert effects._may_move(state, square, effect) == whole_walk, (square, effect)
                    stuck, free = stuck + (not whole_walk), free + whole_walk
    assert stuck and free  # both answers were put to the test
