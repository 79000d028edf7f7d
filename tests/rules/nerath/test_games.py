"""Whole games: an aggressive policy plays the 2-player alliance and 4-player free-for-all to the end (the
hand-written games are in test_scripted_games.py), and the engine contract (random legal play, bad input,
fallback, JSON, replay) holds in every mode."""

import pytest

from rules import serial
from rules.base import Choice, SeatInfo
from rules.nerath import board
from rules.nerath.board import REALMS
from rules.nerath.engine import ENGINE as nerath
from rules.rng import Rng
from tests.engine_contract import check_engine, play_random, replay


def distance_to_enemy(state, realm):
    """Steps over land from every space to the nearest enemy Capital: where the policy marches."""
    return board.land_steps(REALMS[r].capital for r in REALMS if not board.allied(state, realm, r))


def scripted_choice(state, seat):
    """Cards first, then: take the cheapest casualties, always press, run amok, fight, attack, buy Footsoldiers."""
    choices = nerath.legal(state, seat)
    by_type: dict[str, list[Choice]] = {}
    for choice in choices:
        by_type.setdefault(choice.action["type"], []).append(choice)
    for kind in ("casualties", "guardians", "play", "press", "amok", "fight", "explore"):
        if kind in by_type:
            return by_type[kind][0].action
    attacks = [c for c in by_type.get("move", []) if c.label.startswith(("Attack ", "Send "))]
    if attacks and state.step == "move":
        return max(attacks, key=lambda c: c.action["count"]).action
    if state.step == "move":
        far = distance_to_enemy(state, board.active(state))
        marches = [c for c in by_type.get("move", []) if far.get(c.action["to"], 99) < far.get(c.action["from"], 99)]
        if marches:
            return max(marches, key=lambda c: c.action["count"]).action
    buys = [c for c in by_type.get("buy", []) if c.action["piece"] in ("footsoldier", "monster")]
    if buys:
        return max(buys, key=lambda c: c.action["count"]).action
    return {"type": "end"}


def play_scripted(players, options, seed):
    resolved = nerath.meta.resolve_options(options)
    state = nerath.new([SeatInfo() for _ in range(players)], resolved, Rng(seed))
    log = []
    for step in range(20_000):
        if nerath.outcome(state):
            break
        seat = min(nerath.awaiting(state))
        for choice in nerath.legal(state, seat):  # what Discord can show: labels and values of 100 characters at most
            assert len(choice.label) <= 100, choice.label
            assert all(len(v) <= 100 for v in choice.action.values() if isinstance(v, str)), choice.action
        action = scripted_choice(state, seat)
        events = nerath.act(state, seat, action, Rng(seed * 100_000 + step))
        log.append((seat, action, seed * 100_000 + step))
        assert all(e.to is None or e.to == (seat,) or len(e.to) == 1 for e in events)
    again = nerath.new([SeatInfo() for _ in range(players)], resolved, Rng(seed))
    for seat, action, action_seed in log:
        nerath.act(again, seat, action, Rng(action_seed))
    assert serial.dumps(again) == serial.dumps(state)
    return state


def test_policy_two_player_alliance_game_plays_to_a_victory():
    state = play_scripted(2, {"mode": "alliance", "length": "short"}, seed=3)
    result = nerath.outcome(state)
    assert result is not None and "victory conditions" in result.summary
    winners = result.winners
    assert len(winners) == 1 and result.scores[winners[0]] >= 20


def test_policy_four_player_free_for_all_game_plays_to_a_victory():
    state = play_scripted(4, {"mode": "free-for-all", "length": "short"}, seed=5)
    result = nerath.outcome(state)
    assert result is not None and "victory conditions" in result.summary
    assert len(result.winners) == 1 and result.scores[result.winners[0]] >= 13


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        pytest.param(3, {}, marks=pytest.mark.slow),
        pytest.param(4, {}, marks=pytest.mark.slow),
        (4, {"mode": "free-for-all"}),
    ],
    ids=["2p-alliance", "3p-alliance", "4p-alliance", "4p-free-for-all"],
)
def test_contract_each_mode(players, options):
    """One round with every check at every step (the 3- and 4-player alliance runs are marked slow)."""
    check_engine(nerath, players, dict(options, round_limit="1"), games=1)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"length": "short"}), (3, {}), (4, {"length": "long"}), (4, {"mode": "free-for-all", "length": "short"})],
    ids=["2p-short", "3p-medium", "4p-long", "4p-ffa-short"],
)
def test_random_games_end_and_replay_slow(players, options):
    check_engine(nerath, players, dict(options, round_limit="2"), games=3)
    played = play_random(nerath, players, options, seed=11, check_each_step=False)
    assert nerath.outcome(played.state) is not None
    assert serial.dumps(replay(nerath, played, players, options)) == serial.dumps(played.state)
