"""Pieces are typed by the names the board shows ('Siege Engines', 'storm elemental'), and a piece no name matches
is refused with those names, never with ids such as siege_engine."""

import re

import pytest

from rules.base import RuleError
from rules.nerath.engine import ENGINE as nerath
from rules.rng import Rng
from tests.rules.nerath.helpers import act, count, put
from tests.rules.nerath.test_battle import attackers, battle_at
from tests.rules.nerath.test_reinforce import buy, reinforcing

NAMES = "Footsoldier, Siege Engine, Fighter, Wizard, Monster, Castle, Storm Elemental, Dragon, Warship"


def test_buy_a_piece_by_its_name_one_or_many():
    state = reinforcing()
    buy(state, "Siege Engines", 2, "karkothi-throneholds")
    buy(state, "storm-elemental", 1, "karkothi-throneholds")
    assert count(state, "karkoth", "siege_engine", "karkothi-throneholds") == 2
    assert count(state, "karkoth", "storm_elemental", "karkothi-throneholds") == 1


def test_an_unknown_piece_is_refused_with_the_names_of_the_pieces_and_what_was_typed():
    state = reinforcing()
    with pytest.raises(RuleError) as refused:
        buy(state, "Your Iron Circle cards", 1, "karkothi-throneholds")
    text = str(refused.value)
    assert text == f"There is no piece called 'Your Iron Circle cards'; pieces: {NAMES}."
    assert not re.search(r"\w_\w", text)


def test_casualties_by_the_pieces_names_and_an_unknown_one_refused_with_them():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough", 2)
    put(state, "vailin", "footsoldier", "silverbough")
    put(state, "vailin", "siege_engine", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 1, 1, 1])
    with pytest.raises(RuleError) as refused:
        nerath.act(state, 1, {"type": "casualties", "pieces": "1 Goblin"}, Rng(0))
    assert str(refused.value) == f"'1 Goblin' in the casualty list is not a piece; pieces: {NAMES}."
    act(state, {"type": "casualties", "pieces": "1 Siege-Engine"}, seat=1)
    assert count(state, "vailin", "siege_engine", "silverbough") == 0
