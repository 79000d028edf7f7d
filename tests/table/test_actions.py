"""Command input -> engine action, shared by Discord and the console."""

import pytest

from rules.base import Choice, RuleError
from rules.tictactoe.engine import meta
from table.text.actions import build_action, suggestions


def test_build_action_checks_names_parameters_and_length():
    assert build_action(meta, "mark", {"square": " b2 "}) == {"type": "mark", "square": "b2"}
    with pytest.raises(RuleError, match="no action called 'jump'"):
        build_action(meta, "jump", {})
    with pytest.raises(RuleError, match="needs square"):
        build_action(meta, "mark", {})
    with pytest.raises(RuleError, match="no parameter 'colour'"):
        build_action(meta, "mark", {"square": "a1", "colour": "red"})
    with pytest.raises(RuleError, match="too long"):
        build_action(meta, "mark", {"square": "x" * 500})


def test_suggestions_offer_distinct_legal_values_given_what_is_filled():
    choices = [
        Choice({"type": "move", "unit": "knight", "to": "a1"}, "Knight to a1 (safe)"),
        Choice({"type": "move", "unit": "knight", "to": "b3"}, "Knight to b3"),
        Choice({"type": "move", "unit": "rook", "to": "a8"}, "Rook to a8"),
        Choice({"type": "pass"}, "Pass"),
    ]
    assert [v for _, v in suggestions(choices, "move", "unit", {}, "")] == ["knight", "rook"]
    assert suggestions(choices, "move", "to", {"unit": "knight"}, "") == [  # names only: no ids shown
        ("Knight to a1 (safe)", "a1"),
        ("Knight to b3", "b3"),
    ]
    assert suggestions(choices, "move", "unit", {}, "") == [("Knight", "knight"), ("Rook to a8", "rook")]
    assert [v for _, v in suggestions(choices, "move", "to", {"unit": "knight"}, "b")] == ["b3"]
