"""The Dragon Dice bot: it plays only legal actions, never reads what its seat may not see, and beats random play."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from bench.selfplay import _share, play
from rules import serial
from rules.dragondice import bot
from rules.dragondice.engine import ENGINE
from rules.dragondice.model import State
from rules.rng import Rng
from tests.engine_contract import play_random, start
from tests.rules.dragondice.helpers import EMBER, MIST, position

# Short random games (players, options, seed): the standard and the draft setup, two and three players.
GAMES: tuple[tuple[int, dict[str, str], int], ...] = (
    (2, {"rounds": "5"}, 3),
    (2, {"setup": "draft", "force": "12", "rounds": "1"}, 4),
    (3, {"force": "12", "rounds": "1"}, 5),
)


def positions(players: int, options: dict[str, str], seed: int) -> Iterator[State]:
    """Every position of a random game, replayed from its log (the same state object, moved on each time)."""
    played = play_random(ENGINE, players, options, seed=seed, check_each_step=False)
    state = start(ENGINE, players, options, seed)
    for seat, action, action_seed in played.log:
        yield state
        ENGINE.act(state, seat, action, Rng(action_seed))


def test_engine_declares_the_bot() -> None:
    assert ENGINE.bot is bot.policy


def test_bot_plays_only_legal_actions() -> None:
    decided = 0
    for players, options, seed in GAMES:
        for index, state in enumerate(positions(players, options, seed)):
            for seat in sorted(ENGINE.awaiting(state)):
                action = bot.policy(ENGINE.view(state, seat), seat, random.Random(index))
                assert ENGINE.is_legal(state, seat, action), (seat, action, ENGINE.status(state, seat))
                decided += 1
    assert decided > 100


def _with_direction(state: State, direction: str) -> State:
    changed = serial.clone(state)
    assert changed.manoeuvre is not None
    changed.manoeuvre.direction = direction
    return changed


def test_hidden_manoeuvre_direction_does_not_change_the_choice() -> None:
    """An opponent's manoeuvre direction is secret until it resolves: the bot answers the same either way."""
    checked = 0
    for players, options, seed in GAMES:
        for index, state in enumerate(positions(players, options, seed)):
            move = state.manoeuvre
            if move is None:
                continue
            for seat in sorted(ENGINE.awaiting(state)):
                assert seat != move.seat
                views = [ENGINE.view(_with_direction(state, d), seat) for d in ("up", "down")]
                chosen = {str(bot.policy(view, seat, random.Random(index))) for view in views}
                assert len(chosen) == 1, chosen
                checked += 1
    assert checked >= 3


def test_copy_is_complete_and_independent() -> None:
    state = next(s for i, s in enumerate(positions(2, {"rounds": "3"}, 3)) if i == 40)  # mid-game
    copied = bot.copy_state(state)
    assert serial.dumps(copied) == serial.dumps(state)
    before = serial.dumps(state)
    copied.units[0].where = "elsewhere"
    copied.terrains[0].face = 8
    copied.marched.append("t9")
    copied.pool["fire"] = 99
    assert serial.dumps(state) == before


def test_bot_beats_random_play() -> None:
    """Short games (3 rounds) with fixed seeds, the bot's seat alternating: random play would win about half."""
    shares: list[float] = []
    endings: list[Any] = []
    for seed in range(20):
        game = play("dragondice", 2, {"rounds": "3"}, seed, (seed % 2,), measure=False)
        shares.append(_share(game.winners, seed % 2, 2))
        endings.append(game.ending)
        assert game.sides == (("Amazons",), ("Coral Elves",))  # the default species: the first two published
    assert sum(shares) >= 15, (sum(shares), endings)
    known = {"two terrains", "last army standing", "round limit (captures)", "round limit (health)"}
    assert set(endings) <= known | {"round limit (roll-off)", "all armies fallen"}  # never a draw


def test_bot_casts_undertow_when_it_helps() -> None:
    """Undertow drags an enemy unit of health 1-2 off a terrain to its reserves. On a contested terrain that costs
    the enemy its share of it, so the bot casts it rather than a weaker water spell (reserves count less than a
    terrain: before, the bot saw the unit as not lost at all and never cast it)."""
    mist = [MIST + "tide_caller", MIST + "fen_runner"]
    state = position({(0, "t2"): mist, (1, "t2"): [EMBER + "anvil_guard", EMBER + "forge_adept"]})
    state.species = ["mistwardens", "emberwrights"]
    state.step, state.marching, state.marched = "magic", "t2", ["t2"]
    state.pool, state.racial = {"water": 6}, {"mistwardens": 6}  # six water results the Mistwardens rolled
    assert any(c.action.get("spell") == "undertow" for c in ENGINE.legal(state, 0))
    forge = next(u.id for u in state.units if u.kind == EMBER + "forge_adept")  # health 2
    for seed in range(3):
        action = bot.policy(ENGINE.view(state, 0), 0, random.Random(seed))
        assert action == {"type": "cast", "spell": "undertow", "target": forge, "element": "water"}
    bot_value = bot.evaluate(state, 0)
    state.unit(forge).where = "reserve"
    assert bot.evaluate(state, 0) > bot_value  # an enemy unit in its reserves is worth less to it than on a terrain
