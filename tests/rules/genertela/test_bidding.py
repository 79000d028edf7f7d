"""Seed rules of the bidding for sides."""

from __future__ import annotations

import pytest

from rules import serial
from rules.base import RuleError, SeatInfo
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import State
from rules.rng import Rng


def bidding_game(players: int = 4) -> State:
    options = genertela.meta.resolve_options({"seating": "bid", "last_turn": "3"})
    return genertela.new([SeatInfo() for _ in range(players)], options, Rng(5, [1]))  # seat 0 opens


def test_a_die_picks_the_first_player_who_opens_an_auction_for_a_side() -> None:
    state = bidding_game()
    assert genertela.awaiting(state) == {0}
    actions = [c.action for c in genertela.legal(state, 0)]
    assert {"type": "bid", "side": "Blue", "points": 3} in actions
    assert {"type": "pass"} not in actions  # the opener must open


def test_players_outbid_clockwise_and_the_highest_bid_takes_the_side_as_a_penalty() -> None:
    state = bidding_game()
    genertela.act(state, 0, {"type": "bid", "side": "Red", "points": 2}, Rng(0))
    assert genertela.awaiting(state) == {1}
    with pytest.raises(RuleError):
        genertela.act(state, 1, {"type": "bid", "side": "Red", "points": 2}, Rng(0))  # not higher
    genertela.act(state, 1, {"type": "bid", "side": "Red", "points": 5}, Rng(0))
    genertela.act(state, 2, {"type": "pass"}, Rng(0))
    genertela.act(state, 3, {"type": "pass"}, Rng(0))
    genertela.act(state, 0, {"type": "pass"}, Rng(0))
    assert state.side_seat["Red"] == 1 and state.penalties == {"Red": 5}


def test_the_last_player_gets_the_last_side_for_nothing_and_the_campaign_starts() -> None:
    state = bidding_game()
    for side, opener in (("Red", 0), ("Green", 1), ("Blue", 2)):
        genertela.act(state, opener, {"type": "bid", "side": side, "points": 1}, Rng(0))
        while state.bidding is not None and state.bidding.side == side:
            genertela.act(state, state.bidding.to_act, {"type": "pass"}, Rng(0))
    # the last player is not asked to "open" the only side left: it is theirs at once
    assert state.bidding is None and state.phase in ("build", "move")
    assert state.side_seat == {"Red": 0, "Green": 1, "Blue": 2, "Yellow": 3}
    assert serial.loads(genertela.State, serial.dumps(state)) == state


def test_bids_are_taken_off_the_final_score() -> None:
    state = bidding_game(players=1)
    genertela.act(state, 0, {"type": "bid", "side": "Green", "points": 0}, Rng(0))
    state.penalties["Green"] = 7
    state.vp = {"uz": 10}
    state.phase = "over"
    result = genertela.outcome(state)
    assert result is not None and result.scores == {0: 3}
