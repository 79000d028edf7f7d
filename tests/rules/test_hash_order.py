"""Every game plays the same in every process: the same seeds and choices give the same legal lists and states
whatever PYTHONHASHSEED salts the hashes of names with.

The bot plays in its process and the log is replayed in another (the e2e oracle, /history, a restore), so a rule
that walks a set of names would make the log stop explaining the state. Each case plays its games in two fresh
processes with different salts, at random and then with the game's bot in every seat, and compares every step.
"""

from __future__ import annotations

import pytest

import rules
from tests.support.trajectory import HASH_SEEDS, python_with_hash_seed

# (game, players, seeds, options): short settings, so each case takes a few seconds; more seeds, player counts and
# modes where a game has had its hash-order bugs
CHOSEN = [
    ("tictactoe", 2, range(1, 21), ()),
    ("dragondice", 2, range(1, 21), ("force=12", "rounds=3")),
    ("dragondice", 3, range(1, 6), ()),
    ("smallworld", 3, range(1, 4), ()),
    ("smallworld", 5, range(1, 3), ()),
    ("tashkalar", 2, range(1, 4), ("rounds=5",)),
    ("tashkalar", 4, range(1, 3), ("rounds=5", "teams=yes")),
    ("nerath", 4, range(1, 3), ("length=short", "round_limit=3")),
    ("genertela", 1, range(1, 3), ("scenario=short", "last_turn=1")),
    ("genertela", 3, range(1, 2), ("scenario=short", "last_turn=1")),
]
# and every other installed game at its fewest players and its shortest options (rules.GAMES)
CASES = CHOSEN + [
    (game, engine.meta.min_players, range(1, 3), tuple(rules.game(game).short_typed.split()))
    for game, engine in sorted(rules.engines().items())
    if game not in {case[0] for case in CHOSEN}
]


def _played(game: str, players: int, seeds: range, options: tuple[str, ...], bots: bool) -> list[str]:
    args = ["-m", "tests.support.trajectory", game, str(players), *map(str, seeds)]
    args += [word for option in options for word in ("-o", option)] + (["--bots"] if bots else [])
    return [python_with_hash_seed(salt, *args) for salt in HASH_SEEDS]


def _first_difference(one: str, other: str) -> str:
    for line, twin in zip(one.splitlines(), other.splitlines(), strict=True):
        if line != twin:
            seed, *steps = line.split()
            step = next(i for i, (a, b) in enumerate(zip(steps, twin.split()[1:], strict=False)) if a != b)
            return f"seed {seed} differs first at step {step} (0 is the new game)"
    return "the same steps"


@pytest.mark.slow
@pytest.mark.parametrize("bots", [False, True], ids=["random", "bots"])
@pytest.mark.parametrize(("game", "players", "seeds", "options"), CASES, ids=[f"{c[0]}-{c[1]}p" for c in CASES])
def test_a_game_plays_the_same_whatever_the_hash_salt(
    game: str, players: int, seeds: range, options: tuple[str, ...], bots: bool
) -> None:
    seeds = seeds[:1] if bots else seeds  # a bot's game costs many random ones
    one, other = _played(game, players, seeds, options, bots)
    assert one.count("\n") == len(seeds)
    assert one == other, f"{game} with {players} players: {_first_difference(one, other)}"
