"""The recorded games that crashed Genertela (KeyError '' in combat.start) replay without any crash now.

They were recorded under the rules of the time; the fixed rules refuse some of their moves (the onward grant
that caused the crash, and moves of a turn order now corrected), so each is replayed up to its first refusal:
every action before it applies, and the refusal is a clean RuleError, never an exception of the engine."""

import json
from pathlib import Path

import pytest

import rules
from rules.base import RuleError, SeatInfo
from rules.rng import Rng

RECORDS = Path(__file__).parent / "repro"


def replay_until_refused(record: dict) -> tuple[int, RuleError | None]:
    game = rules.engine(record["game"])
    # recorded before the `unseated` option existed: such a table stored no value and keeps the simple bot
    options = {**game.meta.resolve_options(record["options"]), "unseated": "simple"}
    state = game.new([SeatInfo() for _ in range(record["players"])], options, Rng(record["seed"]))
    for index, step in enumerate(record["actions"]):
        try:
            game.act(state, step["seat"], step["action"], Rng(step["seed"]))
        except RuleError as error:
            return index, error
    return len(record["actions"]), None


@pytest.mark.parametrize("name", ["genertela-turn6-challenge-keyerror.json", "genertela-3p-seed1355-keyerror.json"])
def test_recorded_crashes_replay_to_a_clean_refusal_at_most(name: str) -> None:
    record = json.loads((RECORDS / name).read_text(encoding="utf-8"))
    reached, _ = replay_until_refused(record)  # any other exception fails the test
    assert reached > 150  # well into the game, past the standing declarations the menus no longer show


def test_the_turn6_record_stops_at_the_onward_grant_that_crashed() -> None:
    record = json.loads((RECORDS / "genertela-turn6-challenge-keyerror.json").read_text(encoding="utf-8"))
    reached, refusal = replay_until_refused(record)
    assert record["actions"][reached]["action"]["type"] == "grant"
    assert refusal is not None and "grant" in str(refusal)
