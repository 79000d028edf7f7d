"""The fuzzer itself: a sound game plays clean, and each kind of broken engine is reported as what it is."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import rules
from bench import fuzz
from rules.base import Choice, Meta, Outcome, RuleError
from rules.rng import Rng


def test_tictactoe_plays_clean(tmp_path: Path) -> None:
    configs = fuzz.configurations("tictactoe", rules.engine("tictactoe"))
    tallies = fuzz.run(configs, games=1, minutes=0, base_seed=3, out=tmp_path, say=lambda text: None)
    (tally,) = tallies.values()
    assert (tally.games, tally.clean, sum(tally.kinds.values())) == (1, 1, 0)
    assert not list(tmp_path.iterdir())


@dataclass
class FakeState:
    moves: int = 0


def fake_engine(act: Any = None, awaiting: Any = None) -> SimpleNamespace:
    """A two-move game; `act` and `awaiting` replace the sound ones to break it."""

    def sound_act(state: FakeState, seat: int, action: dict[str, Any], rng: Rng) -> list[Any]:
        if action != {"type": "move"}:
            raise RuleError("Only move.")
        state.moves += 1
        return []

    return SimpleNamespace(
        meta=Meta("fake", "Fake", 1, 1, "a fake", actions=()),
        State=FakeState,
        new=lambda seats, options, rng: FakeState(),
        awaiting=awaiting or (lambda state: frozenset() if state.moves >= 2 else frozenset({0})),
        legal=lambda state, seat: [Choice({"type": "move"}, "move")],
        act=act or sound_act,
        outcome=lambda state: Outcome((0,), {0: 1}, "done") if state.moves >= 2 else None,
    )


def play(engine: SimpleNamespace, **limits: Any) -> fuzz.Result:
    return fuzz.play_one(engine, fuzz.Config("fake", 1), seed=5, **limits)  # type: ignore[arg-type]


def refuse(state: FakeState, seat: int, action: dict[str, Any], rng: Rng) -> list[Any]:
    raise RuleError("No.")


def crash(state: FakeState, seat: int, action: dict[str, Any], rng: Rng) -> list[Any]:
    state.moves += 1
    if state.moves == 2:
        raise KeyError("lost")
    return []


def stall(state: FakeState, seat: int, action: dict[str, Any], rng: Rng) -> list[Any]:
    return []  # never ends


def test_the_sound_fake_plays_clean() -> None:
    result = play(fake_engine())
    assert result.finding is None and len(result.actions) == 2


@pytest.mark.parametrize(
    ("engine", "kind"),
    [
        (fake_engine(act=refuse), "refused"),
        (fake_engine(act=crash), "crash"),
        (fake_engine(awaiting=lambda state: frozenset()), "stuck"),
        (fake_engine(act=stall), "too-long"),
    ],
)
def test_a_broken_engine_is_reported(engine: SimpleNamespace, kind: str) -> None:
    result = play(engine, max_steps=50)
    assert result.finding is not None and result.finding.kind == kind


def test_a_crash_names_the_place_and_writes_a_replayable_record(tmp_path: Path) -> None:
    result = play(fake_engine(act=crash))
    assert result.finding is not None
    assert "KeyError" in result.finding.detail and "test_fuzz.py" in result.finding.detail
    path = fuzz._write(tmp_path, result)
    record = json.loads(path.read_text())
    assert record["game"] == "fake" and record["players"] == 1 and record["seed"] == 5
    assert [step["action"] for step in record["actions"]] == [{"type": "move"}] * 2  # the last one crashed
    assert all(set(step) == {"seat", "action", "seed"} for step in record["actions"])


def test_a_state_that_does_not_round_trip_is_reported() -> None:
    @dataclass
    class Loose:
        moves: int = 0
        tag: int = 0  # given a text below: JSON keeps it, loading it back as an int fails

    engine = fake_engine()
    engine.State = Loose
    engine.new = lambda seats, options, rng: Loose(tag="x")  # type: ignore[arg-type]
    result = play(engine, check_every=1)
    assert result.finding is not None and result.finding.kind == "serial"


def test_a_refused_setup_is_skipped_not_reported() -> None:
    engine = rules.engine("tashkalar")
    configs = fuzz.configurations("tashkalar", engine)
    teams_of_three = [c for c in configs if c.players == 3 and ("teams", "yes") in c.options]
    assert teams_of_three and not any(fuzz.playable(engine, c) for c in teams_of_three)
    assert all(fuzz.playable(engine, c) for c in configs if c.players == 4)
