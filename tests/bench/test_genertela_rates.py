"""The Genertela rates bench: campaigns scored again under other rates must score as the game would."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bench import genertela_rates as rates
from rules.genertela import scores
from rules.genertela.board import CONTENT, NATIONS
from rules.genertela.content import SIDES
from rules.genertela.engine import deal_sides
from rules.genertela.state import State
from tests.rules.genertela.helpers import blank


def test_every_way_of_sharing_the_sides_is_found_with_the_asks_that_deal_it() -> None:
    for players, count in ((2, 3), (3, 6)):
        found = rates.seatings(players)
        assert len(found) == count
        for name, asks in found.items():
            assert rates._name(deal_sides(players, "shared", list(asks))) == name


def _ended(players: int, scenario: str, seed: int, by_seating: bool = True) -> State:
    """A campaign's end with random VP for every nation and the sides dealt at random."""
    chooser = random.Random(seed)
    state = blank(turn=40)
    state.scenario, state.players, state.phase = scenario, players, "over"
    name = chooser.choice(sorted(rates.seatings(players)))
    state.side_seat = deal_sides(players, "shared", list(rates.seatings(players)[name]))
    state.handicapped, state.by_seating = True, by_seating
    state.vp = {nation: chooser.randrange(0, 200) for nation in NATIONS}
    return state


@pytest.mark.parametrize("scenario", ["full", "short"])
@pytest.mark.parametrize("players", [2, 3])
def test_scoring_a_record_again_under_the_current_rates_gives_the_games_scores(scenario: str, players: int) -> None:
    for seed in range(40):
        state = _ended(players, scenario, seed)
        row = rates.record(state)
        assert row["rates"] == rates.current(scenario, row["seating"])
        assert rates.rescore(row, row["rates"]) == scores.seat_scores(state)
        assert row["scores"] == {str(seat): points for seat, points in scores.seat_scores(state).items()}


def test_a_record_scored_under_other_rates_matches_the_game_under_those_rates() -> None:
    """Campaigns played without the rates by sharing, scored again under the full campaign's: as if played with
    them (the bots never look at the handicap)."""
    for seed in range(40):
        state = _ended(seed % 2 + 2, "full", seed, by_seating=False)
        row = rates.record(state)
        state.by_seating = True
        assert rates.rescore(row, CONTENT.nations.by_seating["full"][row["seating"]]) == scores.seat_scores(state)


def _row(lead: int, seed: int) -> rates.Record:
    """Two players, the first ahead by `lead` plus noise, over 6 scoring turns."""
    noise = random.Random(seed).randrange(-60, 61)
    return {
        "seat": {"Red": 0, "Green": 1, "Blue": 0, "Yellow": 1},
        "vp": {"Red": 300 + lead + noise, "Green": 300, "Blue": 0, "Yellow": 0},
        "base": dict.fromkeys(SIDES, 0),
        "turns": 6,
    }


def test_the_fit_brings_the_players_wins_nearest_even_with_the_lowest_rate_zero() -> None:
    rows = [_row(120, seed) for seed in range(60)]
    assert rates.shares(rows, {}) == {"Red+Blue": 1.0, "Green+Yellow": 0.0}
    fitted = rates.fit(rows, span=40)
    assert fitted["Green"] == 0 and 15 <= fitted["Red"] <= 25  # about 120 VP over 6 turns
    assert abs(rates.shares(rows, fitted)["Red+Blue"] - 0.5) <= 0.05
    assert set(fitted) == set(SIDES) and fitted["Blue"] == fitted["Yellow"] == 0


def test_the_fit_refuses_records_that_do_not_score_again_as_they_were_played() -> None:
    row = {**_row(0, 1), "seed": 1, "scenario": "short", "seating": "Red+Blue / Green+Yellow", "rates": {}}
    assert "1 campaign;" in rates.report([{**row, "scores": {"0": 257, "1": 300}}], span=5)
    with pytest.raises(SystemExit, match="seed 1"):
        rates.report([{**row, "scores": {"0": 1, "1": 300}}], span=5)


def test_collect_refuses_a_sharing_the_players_cannot_have(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rows.jsonl"
    with pytest.raises(SystemExit):
        rates.main(["collect", "--players", "2", "--seating", "Red+Green / Blue / Yellow", "--out", str(out)])
    assert "--seating must be one of: Red+Blue / Green+Yellow" in capsys.readouterr().err
    assert not out.exists()
