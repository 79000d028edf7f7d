"""A combo is picked by its position or by its name as the row shows it, in every case: a combo the player cannot
afford is refused for its price, and one not in the row is refused with the row's positions and names."""

import pytest

from rules.base import RuleError
from rules.rng import Rng
from rules.smallworld.actions import combo_name
from rules.smallworld.engine import ENGINE as smallworld
from tests.rules.smallworld.helpers import start


def refusal(combo: str, coins: int = 5) -> str:
    state = start(2)
    state.seats[0].coins = coins
    with pytest.raises(RuleError) as refused:
        smallworld.act(state, 0, {"type": "pick", "combo": combo}, Rng(0))
    return str(refused.value)


@pytest.mark.parametrize("typed", ["{name}", "{lower}", "3. {name}"])
def test_pick_a_combo_by_its_name(typed: str) -> None:
    state = start(2)
    third = state.row[2]
    name = combo_name(third)
    smallworld.act(state, 0, {"type": "pick", "combo": typed.format(name=name, lower=name.lower())}, Rng(0))
    assert state.seats[0].active is not None and state.seats[0].active.race == third.race


def test_a_combo_too_dear_is_refused_for_its_price_by_name_or_position() -> None:
    name = combo_name(start(2).row[2])
    expected = f"{name} (position 3) costs 2 coins and you have 1."
    assert refusal(name, coins=1) == expected
    assert refusal("3", coins=1) == expected


@pytest.mark.parametrize("typed", ["Nowhere Special", "9", "0"])
def test_a_combo_not_in_the_row_is_refused_with_the_row(typed: str) -> None:
    row = ", ".join(f"{i + 1}. {combo_name(c)}" for i, c in enumerate(start(2).row))
    expected = f"There is no combo '{typed}' in the row. Pick one by its position or its name: {row}."
    assert refusal(typed) == expected
