"""The house handicap: each side gives up VP on scoring turns (rates in the nation data), not with bids."""

from __future__ import annotations

import json

import pytest

from rules.base import SeatInfo
from rules.content import ContentError
from rules.genertela import scores
from rules.genertela.board import CONTENT, NATIONS
from rules.genertela.content import CONTENT_DIR, SIDES, parse_nations
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.engine import status
from rules.genertela.state import BOT
from rules.rng import Rng
from tests.rules.genertela.helpers import blank

RATES = CONTENT.nations


def start(players: int = 4, **options: str) -> genertela.State:
    return genertela.new([SeatInfo() for _ in range(players)], genertela.meta.resolve_options(options), Rng(1))


def expected(side: str, first: int, last: int, scenario: str = "full") -> int:
    turns = range(first, last + 1)
    return sum(RATES.handicap_rate(scenario, t, side) for t in turns if CONTENT.turn(t).scoring)


def test_the_handicap_is_on_by_default_and_not_with_bids_nor_when_turned_off() -> None:
    assert start(last_turn="3").handicapped
    assert not start(last_turn="3", handicap="none").handicapped
    assert not start(last_turn="3", seating="bid").handicapped


def test_a_table_made_before_the_handicap_existed_keeps_plain_counts() -> None:
    options = {k: v for k, v in genertela.meta.resolve_options({"last_turn": "3"}).items() if k != "handicap"}
    assert not genertela.new([SeatInfo()] * 4, options, Rng(1)).handicapped


def test_the_handicap_counts_each_scoring_turn_begun_at_its_rate() -> None:
    state = blank(turn=10)
    state.handicapped = True
    for side in SIDES:  # scoring turns 3, 6 and 9
        assert scores.handicap(state, side) == expected(side, 1, 10)
    state.turn = 30  # the rates change at turn 25: both periods count
    assert scores.handicap(state, "Red") == expected("Red", 1, 30)
    assert RATES.handicap_rate("full", 27, "Red") == RATES.handicap["full"][-1][1]["Red"]


def test_the_handicap_makes_a_difference_somewhere() -> None:
    for scenario in ("full", "short"):
        assert any(rate for _, sides in RATES.handicap[scenario] for rate in sides.values())


def test_the_short_scenario_counts_the_handicap_from_turn_25_like_its_scores() -> None:
    state = start(players=2, scenario="short")
    assert state.scenario == "short" and state.handicapped
    assert all(scores.handicap(state, side) == 0 for side in SIDES)  # turn 25 does not score
    state.turn = 27
    assert all(scores.handicap(state, side) == expected(side, 25, 27, "short") for side in SIDES)


def test_the_winner_is_the_seat_with_most_vp_after_the_handicap() -> None:
    state = blank(turn=40)
    state.players, state.side_seat = 2, {"Red": 0, "Green": 1, "Blue": 0, "Yellow": 1}
    state.handicapped, state.phase = True, "over"
    given = {side: scores.handicap(state, side) for side in SIDES}
    ahead = given["Red"] + given["Blue"] - given["Green"] - given["Yellow"]
    state.vp = {"rinliddi": 100 + ahead - 1, "uz": 100}  # Red's raw lead is one short of its handicap
    result = genertela.outcome(state)
    assert result is not None and result.winners == (1,)
    assert result.scores == {
        0: 100 + ahead - 1 - given["Red"] - given["Blue"],
        1: 100 - given["Green"] - given["Yellow"],
    }


def test_the_handicap_is_shown_beside_the_vp() -> None:
    state = blank(turn=10)
    state.handicapped = True
    side = max(SIDES, key=lambda s: scores.handicap(state, s))
    assert f"{side} 0 (handicap -{scores.handicap(state, side)})" in status(state, None)
    state.handicapped = False
    assert "handicap" not in status(state, None)


def _nations_raw() -> dict:
    return json.loads((CONTENT_DIR / "nations.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("rates", "problem"),
    [
        ({"full": {"25": {}}}, "start at turn 1"),
        ({"short": {"1": {}}}, "turn 25"),
        ({"full": {"1": {}, "x": {}}}, "'x'"),
    ],
)
def test_the_loader_refuses_handicap_rates_it_cannot_place(rates: dict, problem: str) -> None:
    raw = _nations_raw()
    raw["handicap"]["rates"] = rates
    with pytest.raises(ContentError, match=problem):
        parse_nations(raw, CONTENT.board)


def _one_nation_per_side() -> dict[str, str]:
    return {side: next(n for n, data in NATIONS.items() if data.side == side) for side in SIDES}


def test_three_players_sharing_the_sides_are_scored_per_side_held() -> None:
    """Two sides for one player must not count double: with three players sharing the four sides, a player's
    score is their VP per side held, rounded down (bot games: the two-side seat won 79% of 24 by plain sums)."""
    state = blank(turn=40)
    state.players, state.side_seat = 3, {"Red": 0, "Yellow": 0, "Green": 1, "Blue": 2}
    state.handicapped, state.phase = False, "over"
    nation = _one_nation_per_side()
    state.vp = {nation["Red"]: 90, nation["Yellow"]: 71, nation["Green"]: 81, nation["Blue"]: 79}
    assert scores.per_side(state)
    result = genertela.outcome(state)
    assert result is not None
    assert result.scores == {0: 80, 1: 81, 2: 79}  # 161 over two sides is 80.5, rounded down
    assert result.winners == (1,) and "81 VP a side" in result.summary
    state.phase = "move"
    assert "Scores, VP per side held: <seat:0> 80, <seat:1> 81, <seat:2> 79." in status(state, None)
    state.phase = "over"
    state.vp[nation["Red"]] = 93  # 164 over two sides: 82
    assert genertela.outcome(state).winners == (0,)  # type: ignore[union-attr]


def test_even_seats_keep_plain_totals() -> None:
    state = blank(turn=40)
    state.players, state.side_seat = 2, {"Red": 0, "Yellow": 0, "Green": 1, "Blue": 1}
    state.handicapped, state.phase = False, "over"
    nation = _one_nation_per_side()
    state.vp = {nation["Red"]: 90, nation["Yellow"]: 71, nation["Green"]: 81, nation["Blue"]: 79}
    assert not scores.per_side(state)
    result = genertela.outcome(state)
    assert result is not None and result.scores == {0: 161, 1: 160}
    assert "161 VP." in result.summary
    state.phase = "move"
    assert "per side held" not in status(state, None)
    state.players, state.side_seat = 3, {"Red": 0, "Yellow": BOT, "Green": 1, "Blue": 2}  # one each, bot plays one
    assert not scores.per_side(state)
