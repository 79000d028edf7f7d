"""The shared engine contract, on one-turn campaigns (longer ones are marked slow: the state is large)."""

from __future__ import annotations

import pytest

from rules.genertela.engine import ENGINE as genertela
from tests.engine_contract import check_engine


def test_contract_one_turn_two_players() -> None:
    check_engine(genertela, players=2, options={"last_turn": "1"}, games=1)


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 3, 4])
def test_contract_one_turn(players: int) -> None:
    check_engine(genertela, players=players, options={"last_turn": "1"}, games=1)


@pytest.mark.slow
def test_contract_with_bot_sides() -> None:
    check_engine(genertela, players=2, options={"last_turn": "2", "seating": "one_each"}, games=1)


@pytest.mark.slow
def test_contract_with_bidding() -> None:
    check_engine(genertela, players=4, options={"last_turn": "1", "seating": "bid"}, games=1)
