"""/roll notation: every form with scripted faces, and every refusal."""

import pytest

from rules.rng import Rng
from table.dice import DiceError, roll


def forced(*faces: int) -> Rng:
    return Rng(0, forced=faces)


def test_sum_with_modifiers():
    result = roll("2d6+3-1", forced(4, 5))
    assert result.total == 11 and result.breakdown() == "2d6 [4, 5] +2 = **11** total"


def test_keep_highest_and_lowest():
    assert roll("4d6kh3", forced(2, 6, 3, 5)).total == 14
    assert roll("2d20kl1", forced(17, 4)).total == 4
    assert "~~2~~" in roll("4d6k3", forced(2, 6, 3, 5)).breakdown()


def test_drop_highest_and_lowest():
    assert roll("4d6dl1", forced(1, 6, 3, 5)).total == 14
    assert roll("3d6dh1", forced(1, 6, 3)).total == 4


def test_advantage_and_disadvantage():
    assert roll("d20 adv", forced(3, 18)).total == 18
    assert roll("d20dis", forced(3, 18)).total == 3


def test_reroll_ones_once():
    result = roll("3d6r1", forced(1, 4, 6, 1))
    assert result.terms[0].rolled == [1, 4, 6] or result.total == 1 + 4 + 6
    assert roll("2d6r<3", forced(2, 5, 1)).total == 5 + 1  # a 2 is rerolled (below 3) into a 1, which stands


def test_exploding_dice():
    result = roll("2d6!", forced(6, 3, 6, 2))
    assert result.terms[0].rolled == [6, 3, 6, 2] and result.total == 17


def test_success_counting_for_hit_on_n_games():
    result = roll("6d10>=6", forced(1, 6, 10, 5, 7, 2))
    assert result.total == 3 and result.successes and "3 hits" in result.breakdown()
    assert roll("3d6>4", forced(4, 5, 6)).total == 2


def test_percentile():
    assert roll("d%", forced(73)).total == 73


@pytest.mark.parametrize(
    ("notation", "message"),
    [
        ("", "Write dice like"),
        ("hello", "not a dice term"),
        ("101d6", "at most 100"),
        ("2d1", "between 2 and 1000 sides"),
        ("d6r6", "leave some faces"),
        ("3d6kh4", "can't keep or drop 4 of 3"),
        ("6d10>=6+2", "one group of dice"),
        ("2d6 adv", "single die"),
        ("1d6+" * 30, "can't read|Write dice"),
        ("60d6+60d6", "too many dice"),
    ],
)
def test_bad_notation_is_refused_with_a_hint(notation: str, message: str):
    with pytest.raises(DiceError, match=message):
        roll(notation, Rng(1))


def test_long_output_is_truncated_to_the_limit():
    text = roll("100d1000", Rng(5)).breakdown(limit=300)
    assert len(text) <= 300 and "**" in text
