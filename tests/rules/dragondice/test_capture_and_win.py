"""Capture (RULINGS), both win conditions, and the house turn limit."""

from rules.dragondice.engine import ENGINE as dd
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position

CINDER, ANVIL = EMBER + "cinder_scout", EMBER + "anvil_guard"
FEN, TIDE = MIST + "fen_runner", MIST + "tide_caller"


def test_capture_by_manoeuvring_to_the_eighth_face_even_with_opponents_there():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN]}, faces=(3, 3, 7))
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    act(state, 1, {"type": "counter", "oppose": "no"})
    assert state.terrain("t2").captured_by == 0


def test_capture_by_being_the_only_army_at_an_eighth_face():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [FEN], (1, "t1"): [TIDE]}, faces=(3, 3, 8))
    state.turn = 0
    act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, face(ANVIL, "melee 3"), blank(FEN))
    assert state.terrain("t2").captured_by == 0


def test_capture_is_lost_when_turned_down_from_eight():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [FEN], (1, "t1"): [TIDE]}, faces=(3, 3, 8))
    state.terrains[2].captured_by = 0
    state.turn = 1
    act(state, 1, {"type": "manoeuvre", "terrain": "t2", "direction": "down"})
    act(state, 0, {"type": "counter", "oppose": "yes"}, blank(FEN), blank(CINDER))  # 2 against 1
    assert state.terrain("t2").face == 7 and state.terrain("t2").captured_by is None


def test_capture_is_lost_when_the_army_leaves():
    state = position({(0, "t2"): [CINDER], (0, "t0"): [ANVIL], (1, "t1"): [TIDE]}, faces=(3, 3, 8))
    state.terrains[2].captured_by = 0
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "retreat", "units": "u0"})
    assert state.terrain("t2").captured_by is None


def test_win_by_capturing_a_second_terrain():
    state = position({(0, "t2"): [CINDER], (0, "t1"): [ANVIL], (1, "t1"): [TIDE]}, faces=(3, 7, 8))
    state.terrains[2].captured_by = 0
    events = act(state, 0, {"type": "manoeuvre", "terrain": "t1", "direction": "up"})
    assert dd.awaiting(state) == {1}
    events = act(state, 1, {"type": "counter", "oppose": "yes"}, face(ANVIL, "manoeuvre 1"), blank(TIDE))
    result = dd.outcome(state)
    assert result and result.winners == (0,) and "two captured" in result.summary
    assert any(e.kind == "game_end" for e in events) and dd.awaiting(state) == frozenset()


def test_win_as_the_only_player_with_units():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [FEN]}, faces=(3, 3, 1))
    act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, face(ANVIL, "melee 2"), blank(FEN))
    result = dd.outcome(state)
    assert result and result.winners == (0,) and "only player" in result.summary


def test_win_by_turn_limit_counts_captures_then_health():
    state = position({(0, "t2"): [CINDER], (1, "t1"): [TIDE]}, faces=(3, 3, 3))
    state.rounds = 1
    for seat in (0, 1):
        while state.turn == seat and state.phase == "play":
            dd.act(state, seat, {"type": "pass"}, Rng(0))
    result = dd.outcome(state)
    assert result and result.winners == (1,)  # no captures; 2 health beats 1
    assert "1-round limit" in result.summary


def test_win_by_turn_limit_with_equal_health_still_has_exactly_one_winner():
    state = position({(0, "t2"): [CINDER], (1, "t1"): [FEN]}, faces=(3, 3, 3))
    state.rounds = 1
    dd.act(state, 0, {"type": "pass"}, Rng(0))
    dd.act(state, 0, {"type": "pass"}, Rng(0))
    events = []
    while state.phase == "play":
        seat = min(dd.awaiting(state))
        events += dd.act(state, seat, {"type": "pass"}, Rng(0, forced=[4, 4, 17, 9]))
    result = dd.outcome(state)
    assert result and result.winners == (0,)  # equal on everything: the roll-off (4-4 again, then 17-9) decides
    assert "wins the roll-off" in result.summary
    assert [e.text for e in events if "roll-off" in e.text and e.kind == "roll"] == [
        "Round-limit roll-off (d20): <seat:0> 4, <seat:1> 4.",
        "Round-limit roll-off (d20): <seat:0> 17, <seat:1> 9.",
    ]


def test_win_by_turn_limit_health_on_terrains_comes_before_reserves():
    state = position({(0, "t2"): [CINDER], (0, "reserve"): [ANVIL], (1, "t1"): [TIDE]}, faces=(3, 3, 3))
    state.rounds = 1
    while state.phase == "play":
        dd.act(state, min(dd.awaiting(state)), {"type": "pass"}, Rng(0))
    result = dd.outcome(state)
    assert result and result.winners == (1,) and "most health on the terrains" in result.summary


def test_when_every_army_falls_at_once_the_marching_player_wins():
    from rules.base import ActionLog
    from rules.dragondice.turn import check_end

    state = position({(0, "dead"): [CINDER], (1, "dead"): [FEN]})
    state.turn = 1
    check_end(state, ActionLog())
    assert state.winners == [1] and "marching player" in state.result
