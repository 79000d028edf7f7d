"""The self-play bench: game n plays seed + n, 1000 by default (the published figures' seeds), or from --seed."""

from __future__ import annotations

import pytest

from bench import selfplay


def _played(seed: int | None = None) -> list[tuple[int, tuple[int, ...]]]:
    """Eight games of the bot against a random player, from `seed` or from _run's own first seed."""
    if seed is None:
        games = selfplay._run("tictactoe", 2, {}, 8, 1, lambda n: (0,))
    else:
        games = selfplay._run("tictactoe", 2, {}, 8, 1, lambda n: (0,), seed=seed)
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


def test_factions_rotate_in_the_order_given() -> None:
    """--factions: the factions go round the seats in that order, so with teams it decides who shares a team."""
    engine = selfplay.rules.engine("tashkalar")
    order = ("cinder", "tide", "gale", "verdant")
    teams = [
        {info.faction for info in selfplay.seat_infos(engine, 4, n, order)[::2]} for n in range(4)
    ]  # seats 1 and 3
    assert teams == [{"cinder", "gale"}, {"tide", "verdant"}] * 2
    default = [{info.faction for info in selfplay.seat_infos(engine, 4, n)[::2]} for n in range(4)]
    assert default == [{"cinder", "tide"}, {"gale", "verdant"}] * 2
    species = tuple(reversed(selfplay.rules.engine("dragondice").meta.factions))
    games = selfplay._run("dragondice", 2, {}, 2, 1, lambda n: (0, 1), rotate=True, order=species)
    assert [game.sides for game in games] == [((species[0],), (species[1],)), ((species[1],), (species[2],))]


def test_every_pairing_seats_each_ordered_choice_of_factions_in_turn() -> None:
    """--every-pairing: game n seats the n-th ordered choice of distinct factions, so every faction meets every
    other at both seats (the rotation meets only its neighbours)."""
    species = selfplay.rules.engine("dragondice").meta.factions
    report = selfplay.balance("dragondice", 2, {"rounds": "3"}, 4, 1, every_pairing=True)
    assert sum(n for _, _, n in report["per side"].values()) == 8
    first = list(report["per side"])
    assert species[0] in first and species[1] in first and species[2] in first  # (0,1), (0,2), (0,3), (0,4)
    pairs = [(species[2], species[5]), (species[5], species[2])]
    games = selfplay._run("dragondice", 2, {"rounds": "3"}, 3, 1, lambda n: (0, 1), True, pairings=pairs)
    assert [game.sides for game in games] == [((a,), (b,)) for a, b in (*pairs, pairs[0])]


def test_the_command_line_refuses_a_faction_order_that_is_not_the_games_factions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for wrong in ("cinder,tide,gale", "cinder,tide,gale,gale", "cinder,tide,gale,moss"):
        with pytest.raises(SystemExit):
            selfplay.main(["balance", "tashkalar", "--players", "4", "--factions", wrong, "--games", "1"])
        assert "--factions must list each of cinder, gale, tide, verdant once" in capsys.readouterr().err
