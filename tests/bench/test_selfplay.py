"""The self-play bench: game n plays seed + n, 1000 by default (the published figures' seeds), or from --seed."""

from __future__ import annotations

import pytest

from bench import selfplay


def _played(**seed: int) -> list[tuple[int, tuple[int, ...]]]:
    games = selfplay._run("tictactoe", 2, {}, 8, 1, lambda n: (0,), **seed)  # the bot against a random player
    return [(game.actions, game.winners) for game in games]


def _alone(first: int) -> list[tuple[int, tuple[int, ...]]]:
    games = [selfplay.play("tictactoe", 2, {}, first + n, (0,)) for n in range(8)]
    return [(game.actions, game.winners) for game in games]


def test_game_n_plays_the_seed_plus_n_from_1000_or_from_the_seed_given() -> None:
    assert _played() == _alone(1000)
    assert _played(seed=5000) == _alone(5000)
    assert _alone(5000) != _alone(1000)  # the seeds do change the games


def test_the_command_line_takes_a_seed_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    selfplay.main(["balance", "tictactoe", "--games", "4", "--jobs", "1", "--seed", "7"])
    assert capsys.readouterr().out.startswith("balance tictactoe, 2 players, 4 games, seeds from 7 in ")
    selfplay.main(["balance", "tictactoe", "--games", "4", "--jobs", "1"])
    assert "seeds from" not in capsys.readouterr().out
