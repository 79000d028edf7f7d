import pytest

from rules.dragondice.engine import ENGINE as dragondice
from tests.engine_contract import check_engine

# The contract checks every step of the first three games; short games keep that under a few seconds.


def test_contract_two_players():
    check_engine(dragondice, players=2, options={"rounds": "3"}, games=8)


def test_contract_two_players_draft():
    check_engine(dragondice, players=2, options={"setup": "draft", "force": "12", "rounds": "2"}, games=4)


def test_contract_three_players():
    check_engine(dragondice, players=3, options={"rounds": "2", "force": "12"}, games=4)


def test_contract_four_players():
    check_engine(dragondice, players=4, options={"rounds": "1", "force": "12"}, games=4)


@pytest.mark.slow
def test_contract_full_length_games():
    for players in (2, 3, 4):
        check_engine(dragondice, players=players, options={"force": "36"}, games=5)
