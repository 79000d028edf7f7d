"""The one helper for counts, plurals, verbs and dice lines (rules/text.py)."""

from __future__ import annotations

import pytest

from rules.text import count, noun, plural, roll_line, verb


@pytest.mark.parametrize(
    ("singular", "expected"),
    [("token", "tokens"), ("ally", "allies"), ("day", "days"), ("match", "matches"), ("box", "boxes")],
)
def test_plural_is_the_regular_english_one(singular: str, expected: str) -> None:
    assert plural(singular) == expected


def test_count_says_one_in_the_singular_and_the_rest_in_the_plural() -> None:
    assert count(1, "token") == "1 token"
    assert count(3, "token") == "3 tokens"
    assert count(2, "Footsoldier") == "2 Footsoldiers"


def test_count_takes_an_irregular_plural_given_explicitly() -> None:
    assert count(2, "man", "men") == "2 men"
    assert count(1, "man", "men") == "1 man"
    assert noun(5, "Beastman", "Beastmen") == "Beastmen"


def test_a_zero_count_reads_naturally_or_as_a_figure_when_asked() -> None:
    assert count(0, "token") == "no tokens"
    assert count(0, "coin", zero="0") == "0 coins"


def test_verb_agrees_with_a_singular_or_plural_subject() -> None:
    assert verb(True, "build") == "builds"
    assert verb(False, "build") == "build"
    assert verb(True, "have chosen") == "has chosen"
    assert verb(True, "do not challenge") == "does not challenge"
    assert verb(True, "are") == "is"
    assert verb(True, "go back") == "goes back"
    assert verb(True, "pass") == "passes"
    assert verb(True, "carry") == "carries"


def test_a_roll_line_says_the_faces_the_threshold_and_what_came_of_it() -> None:
    assert roll_line("Fighter d10", [4], 6, 0) == "Fighter d10: 4 (needs 6+): miss"
    assert roll_line("Fighter d10", [7], 6, 1) == "Fighter d10: 7 (needs 6+): hit"
    assert roll_line("Footsoldiers d6", [5, 6, 1], 5, 2) == "Footsoldiers d6: 5, 6, 1 (needs 5+): 2 hits"
    assert roll_line("Footsoldiers d6", [1, 2], 5, 0) == "Footsoldiers d6: 1, 2 (needs 5+): no hits"
    assert roll_line("Archers d6", [5, 1], 5, 1) == "Archers d6: 5, 1 (needs 5+): 1 hit"
    assert roll_line("Humakt's recovery", [3], 6, 0, "recovers", "stays out") == (
        "Humakt's recovery: 3 (needs 6+): stays out"
    )


def test_a_roll_line_without_a_name_is_only_the_faces_and_their_need() -> None:
    assert roll_line("", [3, 7, 9], 6, 2) == "3, 7, 9 (needs 6+): 2 hits"
