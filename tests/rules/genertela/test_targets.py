"""Seed rule: each side of a battle, when the enemy army has more than one kind of unit, chooses the kind it targets;
only special characters, monsters and Dragon Heroes may target special characters while other units are present."""

from __future__ import annotations

import pytest

from rules.base import ActionLog, RuleError
from rules.genertela import aims, flow
from rules.genertela.board import NATIONS, units_of
from rules.genertela.casualties import label as casualty_label
from rules.genertela.engine import BOT
from rules.genertela.engine import ENGINE as genertela
from rules.genertela.state import Battle, State
from rules.rng import Rng
from tests.rules.genertela.helpers import blank, hero, put, z


def _battle(defender_heroes: bool = True) -> State:
    """Heortlings (active) with 2 units and 2 heroes attack the Uz in Prax: 1 unit and (by default) 2 heroes."""
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    hero(state, "heortlings", "Prax", "Vardan", ["hero"])
    hero(state, "heortlings", "Prax", "Harmast", ["superhero"])
    put(state, "uz", "Prax", 1)
    if defender_heroes:
        hero(state, "uz", "Prax", "Lord Kitor", ["hero"])
        hero(state, "uz", "Prax", "Cragspider", ["hero"])
    return state


def _two_players(state: State) -> State:
    """Seat 0 plays the Heortlings' side, seat 1 the Uz's."""
    state.players = 2
    state.side_seat = dict.fromkeys(state.side_seat, 0)
    state.side_seat[NATIONS["uz"].side] = 1
    return state


def _targets(state: State, seat: int) -> list[str]:
    return [c.action["category"] for c in genertela.legal(state, seat)]


def test_each_side_chooses_its_target_when_the_enemy_army_has_several_kinds() -> None:
    state = _battle()
    flow.end_move(state, ActionLog(), Rng(0))
    assert state.battle is not None and state.battle.step == "target"
    assert aims.pending(state) == ["heortlings", "uz"]
    assert _targets(state, 0) == ["standard_units", "special_characters"]  # the attacker's choice comes first
    genertela.act(state, 0, {"type": "target", "category": "special_characters"}, Rng(0))
    assert state.battle.step == "target" and aims.pending(state) == ["uz"]  # no dice before the defender chose
    assert _targets(state, 0) == ["standard_units", "special_characters"]
    rng = Rng(0, [1] * 10)
    events = genertela.act(state, 0, {"type": "target", "category": "special_characters"}, rng)
    rolls = [e.text for e in events if e.kind == "roll"]
    assert len(rolls) == 2 and all("at special characters" in text for text in rolls)
    aimed = {"uz": "special_characters", "heortlings": "special_characters"}
    assert state.battle is None or state.battle.category == aimed


def test_the_defenders_target_decides_which_units_roll_and_which_units_are_hit() -> None:
    state = _battle()
    flow.end_move(state, ActionLog(), Rng(0))
    genertela.act(state, 0, {"type": "target", "category": "standard_units"}, Rng(0))
    # Heortlings: 4 dice at standard units (all miss); Uz: only the 2 heroes may aim at special characters (hit)
    genertela.act(state, 0, {"type": "target", "category": "special_characters"}, Rng(0, [1, 1, 1, 1, 10, 10]))
    battle = state.battle
    assert battle is not None and battle.category["heortlings"] == "special_characters"
    heortlings = units_of(state, "heortlings", z("Prax"))
    assert [u.kind for u in heortlings] == ["standard", "standard"]  # both heroes fell, the units are untouched


def test_only_special_characters_monsters_and_dragon_heroes_may_target_special_characters_so_others_are_not_asked() -> (
    None
):
    state = _battle(defender_heroes=False)  # the Uz have 1 standard unit: they can only aim at standard units
    state.phase, state.battle = "battle", Battle(z("Prax"), "heortlings", "uz")
    assert aims.options(state, "uz") == ["standard_units"] and aims.pending(state) == []
    state.phase, state.battle = "move", None
    log = ActionLog()
    flow.end_move(state, log, Rng(0, [1] * 10))
    assert any("Uz roll" in e.text and "at standard units" in e.text for e in log.events)


def test_a_side_with_only_one_possible_target_is_never_asked() -> None:
    state = blank(nation="heortlings")
    put(state, "heortlings", "Prax", 2)
    put(state, "uz", "Prax", 2)
    log = ActionLog()
    flow.end_move(state, log, Rng(0, [1, 1, 1, 1]))
    assert sum(1 for e in log.events if e.kind == "roll") == 2  # both rolled at once, nobody was asked


def test_both_sides_are_awaited_at_once_and_either_may_choose_first() -> None:
    state = _two_players(_battle())
    flow.end_move(state, ActionLog(), Rng(0))
    assert genertela.awaiting(state) == frozenset({0, 1})
    assert _targets(state, 1) == ["standard_units", "special_characters"]  # the Uz's own choices
    genertela.act(state, 1, {"type": "target", "category": "special_characters"}, Rng(0))
    assert genertela.awaiting(state) == frozenset({0}) and not genertela.legal(state, 1)
    with pytest.raises(RuleError, match="not your move"):
        genertela.act(state, 1, {"type": "target", "category": "standard_units"}, Rng(0))
    genertela.act(state, 0, {"type": "target", "category": "standard_units"}, Rng(0, [1] * 10))
    assert state.battle is None or state.battle.step != "target"


def test_a_target_chosen_first_stays_secret_until_both_sides_have_chosen() -> None:
    state = _two_players(_battle())
    flow.end_move(state, ActionLog(), Rng(0))
    events = genertela.act(state, 0, {"type": "target", "category": "special_characters"}, Rng(0))
    assert not any("special" in e.text for e in events)
    public = genertela.view(state, None)
    assert public.battle is not None and public.battle.aims == {}
    assert state.battle is not None and state.battle.aims == {"heortlings": "special_characters"}  # untouched
    mine, theirs = genertela.view(state, 0).battle, genertela.view(state, 1).battle
    assert mine is not None and mine.aims == {"heortlings": "special_characters"}
    assert theirs is not None and theirs.aims == {}
    assert genertela.meta.action("target").secret  # the table does not spell the action out in the channel
    assert "aim at special characters" in genertela.status(state, 0)  # its player is reminded privately
    assert all("special characters" not in genertela.status(state, s) for s in (1, None))


def test_the_deadline_fallback_takes_the_default_target_of_the_seats_side() -> None:
    state = _two_players(_battle())
    flow.end_move(state, ActionLog(), Rng(0))
    assert genertela.fallback(state, 1) == {"type": "target", "category": "standard_units"}
    assert genertela.fallback(state, 0) == {"type": "target", "category": "standard_units"}


def test_the_bot_answers_for_an_unseated_defender_with_the_default_target() -> None:
    state = _battle()
    state.players = 1
    state.side_seat = dict.fromkeys(state.side_seat, 0)
    state.side_seat[NATIONS["uz"].side] = BOT
    flow.end_move(state, ActionLog(), Rng(0))
    assert genertela.awaiting(state) == frozenset({0})
    events = genertela.act(state, 0, {"type": "target", "category": "special_characters"}, Rng(0, [1] * 10))
    assert any("Uz roll" in e.text and "at standard units" in e.text for e in events)


def test_target_labels_are_short_and_say_what_is_there() -> None:
    state = _battle()
    flow.end_move(state, ActionLog(), Rng(0))
    labels = [c.label for c in genertela.legal(state, 0)]
    assert labels[0].startswith("Aim at standard units: 1 there, 4 of your dice")
    assert all(len(label) <= 100 for label in labels)


def test_pick_from_a_list_actions_are_offered_as_menus_under_the_board() -> None:
    """Picks from a list are menus, and so are the main actions, which the turn's 'Next' line offers in menus under
    the board (38934c8, docs/commands.md); the rest (end, orders, grant, ...) stay commands and buttons."""
    menus = {spec.name for spec in genertela.meta.actions if spec.menu}
    assert menus == {"target", "casualties", "retreat", "submit", "choose", "build", "move", "outside"}


def test_casualty_labels_count_repeated_kinds_and_fit_discord() -> None:
    assert casualty_label("standard,standard,Vardan") == "Lose 2 standard units, Vardan"
    assert casualty_label("city,city") == "Lose 2 Cities"
    assert casualty_label("") == "Lose nothing (no unit may be taken)"
    long = casualty_label(",".join(f"Hero number {i} of a very long list" for i in range(8)))
    assert len(long) == 100 and long.endswith("...")
