"""Our own rulings (rules.md, "Our own decisions") each checked once."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.tashkalar.board import SQUARES
from rules.tashkalar.engine import ENGINE as tashkalar
from rules.tashkalar.state import rank_of
from tests.rules.tashkalar.helpers import act, fresh, hand, lay, owner_rank, put, summon, types


def test_moving_onto_your_own_token_destroys_it_without_scoring() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["ember_stalker"])
    lay(state, 0, "ember_stalker", "e5")
    put(state, 0, 1, "f5")  # outside the pattern
    summon(state, 0, "ember_stalker", "e5")
    act(state, 0, type="move", frm="e5", to="f5")
    assert owner_rank(state, "f5") == (0, 2) and state.tally == [0, 0, 0]


def test_a_long_move_only_passes_through_empty_squares() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["moss_walker"])
    pattern = lay(state, 0, "moss_walker", "e5")
    walls = [sq for sq in ("d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6") if sq not in pattern]
    put(state, 1, 2, *walls)  # heroic walls and its own commons all round: nothing to enter or pass through
    summon(state, 0, "moss_walker", "e5")
    assert "move" not in types(state, 0)


def test_stuck_player_may_end_and_give_up_actions() -> None:
    state = fresh(mode="deathmatch")
    put(state, 1, 1, *SQUARES)
    hand(state, 0, ["ash_sprite"])
    state.hands[0].flares = []
    assert types(state, 0) == {"discard"}
    act(state, 0, type="discard", card="ash_sprite")
    assert types(state, 0) == {"end"}
    act(state, 0, type="end")
    assert state.active == 1


def test_legend_deck_reshuffles_its_discards() -> None:
    state = fresh(mode="deathmatch")
    state.legend_discard = list(state.legend_deck)
    state.legend_deck = []
    state.hands[0].legends = []
    events = act(state, 0, type="place", square="a1")
    events += act(state, 0, type="place", square="a2")
    assert len(state.hands[0].legends) == 2 and not state.legend_discard
    assert any("shuffled into a new deck" in e.text for e in events)


def test_flare_against_a_colour_not_in_play_is_refused() -> None:
    state = fresh(mode="deathmatch")
    with pytest.raises(RuleError, match="not an opponent's colour; choose blue"):
        act(state, 0, type="flare", against="green")


def test_teammate_is_neither_enemy_nor_flare_target() -> None:
    state = fresh(players=4, teams=True, mode="deathmatch")
    state.hands[0].flares = ["second_wind"]
    put(state, 2, 1, "a9", "b9", "c9", "d9")  # the teammate is far ahead: no Flare against them
    with pytest.raises(RuleError, match="choose blue, green"):
        act(state, 0, type="flare", against="yellow")
    hand(state, 0, ["coal_titan"])
    lay(state, 0, "coal_titan", "e5")
    put(state, 2, 2, "e4")
    summon(state, 0, "coal_titan", "e5")
    assert not state.queue  # the yellow token next to it is a friend, not a target


def test_upgrade_without_a_legendary_piece_is_not_offered() -> None:
    state = fresh(mode="deathmatch")
    put(state, 0, 3, "a1", "a2", "a3")
    put(state, 0, 2, "b1")
    hand(state, 0, ["ancient_treant"] * 0, ["ancient_treant"])
    lay(state, 0, "ancient_treant", "e5")
    state.board.pop("a3")  # leave one legendary piece for the Treant itself
    summon(state, 0, "ancient_treant", "e5")
    picks = {c.action["square"] for c in tashkalar.legal(state, 0) if c.action["type"] == "pick"}
    assert picks and all(rank_of(state.board[sq]) == 1 for sq in picks)  # only commons may go up


def test_seat_in_control_alone_is_awaited() -> None:
    state = fresh(players=4, teams=True, mode="high_form")
    act(state, 0, type="pass")
    assert tashkalar.legal(state, 0) == []
    with pytest.raises(RuleError, match="not your move"):
        act(state, 0, type="place", square="a1")
