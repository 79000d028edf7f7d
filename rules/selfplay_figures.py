"""The bots' self-play figures that /stats game shows beside a server's own (rules/selfplay_figures.json): our
measurement (bench/selfplay.py balance, as docs/bots-and-balance.md reports it), read and checked once at import,
so a bad edit of the file fails at start, never in front of a player."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FILE = Path(__file__).with_name("selfplay_figures.json")


@dataclass(frozen=True)
class Figures:
    """One setup's figures: win rates in percent per seat (in seat order) and per side, and how games ended."""

    setup: str  # "4 players, free-for-all"
    players: int
    games: int
    seats: tuple[float, ...]
    sides: dict[str, float]
    endings: dict[str, float]


class FiguresError(ValueError):
    """The file is not as this module reads it: where, and what is wrong."""


def _percent(where: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 100:
        raise FiguresError(f"{FILE.name}: {where} must be a percentage from 0 to 100, not {value!r}")
    return float(value)


def _rates(where: str, value: Any) -> dict[str, float]:
    if not isinstance(value, dict) or not all(isinstance(key, str) and key for key in value):
        raise FiguresError(f"{FILE.name}: {where} must map names to percentages")
    return {key: _percent(f"{where}.{key}", rate) for key, rate in value.items()}


def parse(data: Any, known: frozenset[str]) -> dict[str, tuple[Figures, ...]]:
    """The figures by game id; `known`: the games installed (a figure for any other game is an error)."""
    if not isinstance(data, dict) or set(data) != {"about", "games"} or not isinstance(data["games"], dict):
        raise FiguresError(f"{FILE.name}: expected an object with 'about' and 'games'")
    found: dict[str, tuple[Figures, ...]] = {}
    for game, setups in data["games"].items():
        if game not in known:
            raise FiguresError(f"{FILE.name}: {game!r} is not an installed game")
        if not isinstance(setups, list) or not setups:
            raise FiguresError(f"{FILE.name}: {game} must list its setups")
        kept = []
        for index, setup in enumerate(setups):
            where = f"{game}[{index}]"
            fields = {"setup", "players", "games", "seats", "sides", "endings"}
            if not isinstance(setup, dict) or set(setup) != fields:
                raise FiguresError(f"{FILE.name}: {where} must have exactly {', '.join(sorted(fields))}")
            players, games, seats = setup["players"], setup["games"], setup["seats"]
            if not isinstance(players, int) or not isinstance(games, int) or players < 1 or games < 1:
                raise FiguresError(f"{FILE.name}: {where}: players and games are whole numbers from 1")
            if not isinstance(seats, list) or len(seats) != players:
                raise FiguresError(f"{FILE.name}: {where}: seats must give one rate for each of {players} players")
            if not isinstance(setup["setup"], str) or not setup["setup"]:
                raise FiguresError(f"{FILE.name}: {where}: setup must name the setup")
            kept.append(
                Figures(
                    setup["setup"],
                    players,
                    games,
                    tuple(_percent(f"{where}.seats", rate) for rate in seats),
                    _rates(f"{where}.sides", setup["sides"]),
                    _rates(f"{where}.endings", setup["endings"]),
                )
            )
        found[game] = tuple(kept)
    return found


def _load() -> dict[str, tuple[Figures, ...]]:
    import rules

    return parse(json.loads(FILE.read_text(encoding="utf-8")), frozenset(rules.engines()))


FIGURES = _load()


def figures(game: str) -> tuple[Figures, ...]:
    """The game's self-play figures, one per setup measured (none for a game without them)."""
    return FIGURES.get(game, ())
