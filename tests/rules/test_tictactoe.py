import pytest

from rules.base import RuleError, SeatInfo
from rules.rng import Rng
from rules.tictactoe.engine import ENGINE as tictactoe
from tests.engine_contract import check_engine, start


def test_contract():
    check_engine(tictactoe, players=2, games=30)


def play(state, *squares):
    for square in squares:
        tictactoe.act(state, state.to_move, {"type": "mark", "square": square}, Rng(0))


def test_three_in_a_row_wins():
    state = start(tictactoe, 2)
    play(state, "a1", "a2", "b1", "b2", "c1")
    result = tictactoe.outcome(state)
    assert result and result.winners == (0,)
    assert tictactoe.awaiting(state) == frozenset()


def test_full_grid_is_a_draw():
    state = start(tictactoe, 2)
    play(state, "a1", "b1", "c1", "b2", "a2", "a3", "c2", "c3", "b3")
    result = tictactoe.outcome(state)
    assert result and result.winners == (0, 1)


def test_taken_square_is_refused_with_the_free_ones():
    state = start(tictactoe, 2)
    play(state, "b2")
    with pytest.raises(RuleError, match="b2 is taken; free squares: a3"):
        tictactoe.act(state, 1, {"type": "mark", "square": "b2"}, Rng(0))


def test_wrong_player_is_refused():
    state = start(tictactoe, 2)
    with pytest.raises(RuleError, match="not your move"):
        tictactoe.act(state, 1, {"type": "mark", "square": "b2"}, Rng(0))


def test_chosen_mark_o_moves_second():
    state = tictactoe.new([SeatInfo("O"), SeatInfo()], {}, Rng(0))
    assert state.marks == ["O", "X"] and state.to_move == 1


def test_the_bot_takes_a_win_and_otherwise_blocks_one():
    import random

    from rules.tictactoe.bot import policy
    from rules.tictactoe.engine import State

    win = State(board={"a1": 1, "b1": 1, "a3": 0, "b3": 0}, to_move=1, moves=4)
    assert policy(win, 1, random.Random(1)) == {"type": "mark", "square": "c1"}
    block = State(board={"a1": 0, "b1": 0, "c3": 1}, to_move=1, moves=3)
    assert all(policy(block, 1, random.Random(seed))["square"] == "c1" for seed in range(10))


def test_the_bot_beats_random_players_from_either_seat():
    from bench.selfplay import play

    results = [play("tictactoe", 2, {}, seed, (seed % 2,), measure=False) for seed in range(60)]
    won = sum(1 for seed, game in enumerate(results) if game.winners == (seed % 2,))
    lost = sum(1 for seed, game in enumerate(results) if (seed % 2) not in game.winners)
    assert won >= 48 and lost == 0  # it never loses to a random player
