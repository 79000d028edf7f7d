"""One test per numbered step of the seed (000), named after it, on the 2-player fixture map."""

from __future__ import annotations

import pytest

from rules.base import RuleError
from rules.rng import Rng
from rules.smallworld import abilities, board
from rules.smallworld.content import content
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.state import DEFENDERS, PICK, REDEPLOY, Combo
from tests.rules.smallworld.helpers import DIE, clear, decline_with, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")


def _row(state, *combos: tuple[str, str, int]) -> None:
    state.row = [Combo(race, power, coins) for race, power, coins in combos]


SIX = [("ogres", "ancient", 0), ("kraken", "arcane", 0), ("drow", "barricade", 0),
       ("gnomes", "corrupt", 0), ("liches", "fireball", 0), ("mudmen", "flocking", 2)]  # fmt: skip


def test_step_01_select_combo_from_six_visible() -> None:
    state = start()
    assert len(state.row) == 6 and state.phase == PICK
    picks = [c.action["combo"] for c in smallworld.legal(state, 0)]
    assert picks == ["1", "2", "3", "4", "5", "6"]  # 5 coins afford every position
    do(state, 0, type="pick", combo="3")
    assert len(state.row) == 6  # refilled from the stacks
    assert [c.coins for c in state.row[:2]] == [1, 1]  # 1 coin left on each combo above
    assert state.seats[0].coins == 3


def test_step_01_combo_too_expensive_is_refused() -> None:
    state = start()
    state.seats[0].coins = 1
    with pytest.raises(RuleError, match="costs 3 coin"):
        do(state, 0, type="pick", combo="4")
    assert len(smallworld.legal(state, 0)) == 2


def test_step_01_taker_gets_the_coins_on_the_combo() -> None:
    state = start()
    _row(state, *SIX)
    do(state, 0, type="pick", combo="6")
    assert state.seats[0].coins == 5 - 5 + 2


def test_step_02_take_race_plus_power_tokens() -> None:
    state = start()
    _row(state, *SIX)
    do(state, 0, type="pick", combo="2")  # Kraken 6 + Arcane 4
    assert state.seats[0].hand == content().races["kraken"].tokens + content().powers["arcane"].tokens == 10
    assert state.tray["kraken"] == content().races["kraken"].tray - 10


def test_step_02_tokens_limited_by_the_tray() -> None:
    state = start()
    _row(state, *SIX)
    state.tray["ogres"] = 3
    do(state, 0, type="pick", combo="1")
    assert state.seats[0].hand == 3 and state.tray["ogres"] == 0


def test_step_03_combo_placed_in_front_of_you() -> None:
    state = start()
    _row(state, *SIX)
    do(state, 0, type="pick", combo="3")
    assert state.seats[0].active == Combo("drow", "barricade", 0)
    assert all(c.race != "drow" for c in state.row)


def test_step_04_first_conquest_on_the_edge() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 8)
    with pytest.raises(RuleError, match="not at the edge"):
        do(state, 0, type="conquer", region="r22")
    targets = {t.region for t in board.targets(state, 0)}
    assert "r22" not in targets and "r00" in targets
    assert "r11" in targets  # an inner River may be a first conquest
    assert "r21" in targets  # an inner region touching a River counts as edge


def test_step_04_a_region_typed_as_the_board_names_it_gets_the_rules_reason() -> None:
    """The table turns only the names of this moment's choices into ids; a real region typed by its name that is
    no choice now is refused with the rules' reason, not as a region the map does not have."""
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 8)
    with pytest.raises(RuleError, match="Cave C3 is not at the edge"):
        do(state, 0, type="conquer", region="cave c3")
    do(state, 0, type="conquer", region="Cave A1")
    assert state.regions["r00"].owner == 0
    with pytest.raises(RuleError, match="Cave D4 does not touch any of your regions"):
        do(state, 0, type="conquer", region="CAVE-D4")
    with pytest.raises(RuleError, match="Cave D4 is not one of your active regions: only those can take tokens"):
        do(state, 0, type="redeploy", source="hand", to="Cave D4", count=1)
    with pytest.raises(RuleError, match="cave z9 is not a region of this map"):
        do(state, 0, type="conquer", region="Cave Z9")


def test_step_05_conquest_cost() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 20)
    place(state, "r13", 1, 2)  # ruins with a Black Mountain and 2 enemy tokens
    state.seats[1].active = Combo("shrubmen", "immortal", 0)
    assert board.cost(state, 0, "r13") == 2 + 1 + 2
    state.regions["r01"].monsters = 2
    assert board.cost(state, 0, "r01") == 2 + 2
    state.regions["r03"].treasure = "stone_keep"  # a Fortress
    assert board.cost(state, 0, "r03") == 3
    place(state, "r00", 1, 1)
    state.seats[1].active = Combo("shrubmen", "mushroom", 0)  # Mushroom Armor on their Fungus
    assert board.cost(state, 0, "r00") == 2 + 1 + 1


def test_step_06_conquer_river_regions() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 8)
    assert board.cost(state, 0, "r10") == 1
    do(state, 0, type="conquer", region="r10")
    do(state, 0, type="conquer", region="r00")
    assert state.regions["r10"].tokens == 1
    do(state, 0, type="end")
    assert state.regions["r10"].owner is None and state.regions["r10"].tokens == 0
    assert state.regions["r00"].tokens == 8  # the River's token and the hand went to r00


def test_step_07_avoid_impassable_chasms() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 8)
    place(state, "r02", 0, 2)  # r02 touches the Chasm r12, which touches r22
    with pytest.raises(RuleError, match="Chasm"):
        do(state, 0, type="conquer", region="r12")
    reach = board.reachable(state, 0)
    assert "r12" not in reach and "r22" not in reach


def test_step_08_navigate_around_volcanoes() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 8)
    with pytest.raises(RuleError, match="Volcano"):
        do(state, 0, type="conquer", region="r30")
    state.seats[0].active = Combo("flames", "ancient", 0)
    do(state, 0, type="conquer", region="r30")
    assert state.regions["r30"].owner == 0


def test_step_09_defeat_monsters_draw_place_or_relic() -> None:
    state = start()
    give(state, 0, "ogres", "ancient", 8)
    top = state.treasures[0]
    assert state.regions["r01"].monsters == 2
    do(state, 0, type="conquer", region="r01")
    assert state.seats[0].hand == 8 - 4
    assert state.regions["r01"].monsters == 0 and state.regions["r01"].treasure == top
    assert state.treasures[0] != top


def test_step_10_continue_conquering_adjacent() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 10)
    do(state, 0, type="conquer", region="r00")
    with pytest.raises(RuleError, match="does not touch"):
        do(state, 0, type="conquer", region="r33")
    do(state, 0, type="conquer", region="r01")
    assert state.log.conquered == ["r00", "r01"]


def test_step_11_force_enemy_retreat() -> None:
    state = start()
    clear(state)
    state.seats[1].active = Combo("liches", "tomb", 0)
    place(state, "r00", 1, 3)
    place(state, "r33", 1, 2)
    give(state, 0, "mummies", "fireball", 10)
    tray = state.tray["liches"]
    do(state, 0, type="conquer", region="r00")  # 2 + 3 tokens, +1 Mummies, -1 Fireball
    assert state.seats[1].pending == 2 and state.tray["liches"] == tray + 1
    do(state, 0, type="end")
    assert state.phase == DEFENDERS and smallworld.awaiting(state) == frozenset({1})
    do(state, 1, type="redeploy", frm="hand", to="r33", count=2)
    assert state.current == 1  # then seat 1's turn starts and readies: all but 1 of r33's 4 tokens
    assert state.regions["r33"].tokens == 1 and state.seats[1].hand == 3


def test_step_11_defender_without_regions_keeps_tokens() -> None:
    state = start()
    clear(state)
    state.seats[1].active = Combo("liches", "tomb", 0)
    place(state, "r00", 1, 3)
    give(state, 0, "mummies", "fireball", 10)
    do(state, 0, type="conquer", region="r00")
    do(state, 0, type="end")
    assert state.current == 1 and state.seats[1].hand >= 2  # re-enters as on a first turn


def test_step_12_reinforcement_die_when_short() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 1)
    kinds = {c.action["type"] for c in smallworld.legal(state, 0)}
    assert "reinforce" in kinds  # 1 token left, edge regions cost 2
    state.seats[0].hand = 0
    assert "reinforce" not in {c.action["type"] for c in smallworld.legal(state, 0)}
    with pytest.raises(RuleError, match="at least 1 token"):
        do(state, 0, type="reinforce", region="r00")


def test_step_13_choose_target_first() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 1)
    with pytest.raises(RuleError, match="reinforce needs region"):
        do(state, 0, type="reinforce")
    events = do(state, 0, Rng(0, forced=[DIE[3]]), type="reinforce", region="r00")
    assert any(e.kind == "roll" and "Cave A1" in e.text and ": 3" in e.text for e in events)


def test_step_14_at_most_three_short() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 1)
    place(state, "r13", 1, 2)  # costs 5: 4 short
    state.seats[1].active = Combo("shrubmen", "ancient", 0)
    with pytest.raises(RuleError, match="4 short"):
        do(state, 0, type="reinforce", region="r13")
    assert all(c.action.get("region") != "r13" for c in smallworld.legal(state, 0))


def test_step_15_success_places_all_remaining_tokens() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 4)
    place(state, "r13", 1, 2)  # costs 5, 1 short
    state.seats[1].active = Combo("shrubmen", "ancient", 0)
    do(state, 0, Rng(0, forced=[DIE[1]]), type="reinforce", region="r13")
    assert state.regions["r13"].owner == 0 and state.regions["r13"].tokens == 4
    assert state.seats[0].hand == 0 and state.phase == REDEPLOY


def test_step_16_failed_roll_keeps_tokens_for_redeployment() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 3)
    do(state, 0, type="conquer", region="r00")
    do(state, 0, Rng(0, forced=[DIE[0]]), type="reinforce", region="r01")  # 1 token, costs 2, rolls 0
    assert state.phase == REDEPLOY and state.seats[0].hand == 1
    with pytest.raises(RuleError, match="cannot conquer now"):
        do(state, 0, type="conquer", region="r02")
    do(state, 0, type="end")
    assert state.regions["r00"].tokens == 3


def test_step_17_redistribute_freely() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    place(state, "r00", 0, 4)
    place(state, "r33", 0, 1)  # far away: no adjacency needed
    do(state, 0, type="redeploy", frm="r00", to="r33", count=3)
    assert (state.regions["r00"].tokens, state.regions["r33"].tokens) == (1, 4)
    assert state.phase == REDEPLOY  # moving tokens ends the conquests


def test_step_18_keep_one_token_per_region() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    place(state, "r00", 0, 2)
    place(state, "r33", 0, 1)
    with pytest.raises(RuleError, match="1 must stay"):
        do(state, 0, type="redeploy", frm="r00", to="r33", count=2)
    assert state.regions["r00"].tokens == 2


def test_step_19_vacate_river_regions() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 1)
    place(state, "r10", 0, 3)
    place(state, "r00", 0, 1)
    with pytest.raises(RuleError, match="Rivers"):
        do(state, 0, type="redeploy", frm="hand", to="r10", count=1)
    do(state, 0, type="end")
    assert state.regions["r10"].tokens == 0 and state.regions["r00"].tokens == 5


def test_step_20_collect_base_income() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    for region in ("r00", "r02", "r03"):  # fungus, mine, mud: no Ancient (ruins) bonus
        place(state, region, 0, 1)
    do(state, 0, type="end")
    assert state.seats[0].coins == 5 + 3


def test_step_21_add_bonus_income() -> None:
    state = start()
    clear(state)
    give(state, 0, "flames", "ancient", 0)
    for region in ("r30", "r13", "r31"):  # a Volcano (+2, Flames), a Black Mountain (+1, Ancient)
        place(state, region, 0, 1)
    do(state, 0, type="end")
    assert state.seats[0].coins == 5 + 3 + 2 + 1


def test_step_22_include_declined_race_income() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    decline_with(state, 0, "drow", "arcane")
    place(state, "r00", 0, 1)
    place(state, "r02", 0, 1, declined=True)
    place(state, "r03", 0, 1, declined=True)
    do(state, 0, type="end")
    assert state.seats[0].coins == 5 + 1 + 2


def test_step_23_keep_coins_secret() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    place(state, "r00", 0, 1)
    state.seats[0].coins = 17
    state.seats[1].coins = 23
    public = smallworld.view(state, None)
    assert all(player.coins < 0 for player in public.seats)
    assert smallworld.view(state, 0).seats[0].coins == 17 and smallworld.view(state, 0).seats[1].coins < 0
    assert "17" not in smallworld.status(state, None) and "23" not in smallworld.status(state, None)
    assert "17 coin" in smallworld.status(state, 0)
    events = do(state, 0, type="end")
    assert all("18" not in e.text for e in events if e.to is None)
    assert any("18" in e.text for e in events if e.to == (0,))


def test_step_24_ready_troops_pick_up_all_but_one() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    place(state, "r00", 0, 4)
    place(state, "r02", 0, 3)
    do(state, 0, type="end")  # seat 0 scores; seat 1 has no race: pick and end
    do(state, 1, type="pick", combo="1")
    do(state, 1, type="end")
    assert state.current == 0 and state.seats[0].hand == 3 + 2
    assert state.regions["r00"].tokens == 1 and state.regions["r02"].tokens == 1
    do(state, 0, type="abandon", region="r02")
    assert state.regions["r02"].owner is None and state.seats[0].hand == 6


def test_step_25_decline_instead_of_expanding() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 4)
    assert "decline" in {c.action["type"] for c in smallworld.legal(state, 0)}
    do(state, 0, type="conquer", region="r00")
    assert "decline" not in {c.action["type"] for c in smallworld.legal(state, 0)}
    with pytest.raises(RuleError, match="before your first conquest"):
        do(state, 0, type="decline")


def test_step_25_a_race_picked_this_turn_conquers_and_declines_on_a_later_turn() -> None:
    """Steps 24-25 are the two options of a turn after the first; a race picked this turn plays as on a first
    turn (step 30): it conquers and cannot be put into decline before its next turn."""
    state = start()
    do(state, 0, type="pick", combo="1")
    assert "decline" not in {c.action["type"] for c in smallworld.legal(state, 0)}
    with pytest.raises(RuleError, match="picked this race this turn"):
        do(state, 0, type="decline")
    assert state.seats[0].active is not None and state.seats[0].declined is None
    do(state, 0, type="conquer", region=next(t.region for t in board.targets(state, 0)))
    do(state, 0, type="end")
    do(state, 1, type="pick", combo="1")
    do(state, 1, type="end")
    assert "decline" in {c.action["type"] for c in smallworld.legal(state, 0)}
    do(state, 0, type="decline")
    assert state.seats[0].declined is not None


def test_step_26_flip_banner_discard_power() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    place(state, "r00", 0, 2)
    do(state, 0, type="decline")
    assert state.seats[0].active is None and state.seats[0].declined == Combo("ogres", "ancient", 0)
    assert state.powers[-1] == "ancient"  # the badge goes back
    assert abilities.declined_effects(state, 0) == []


def test_step_26_muddy_reborn_royal_survive_decline() -> None:
    for power in ("muddy", "reborn", "royal"):
        state = start()
        clear(state)
        give(state, 0, "ogres", power, 0)
        place(state, "r00", 0, 2)
        badges = list(state.powers)
        do(state, 0, type="decline")
        assert state.powers == badges
        assert abilities.declined_effects(state, 0) == list(content().powers[power].effects)


def test_step_27_one_token_per_region() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 2)
    place(state, "r00", 0, 3)
    place(state, "r02", 0, 4)
    tray = state.tray["ogres"]
    do(state, 0, type="decline")
    assert [(state.regions[r].tokens, state.regions[r].declined) for r in ("r00", "r02")] == [(1, True), (1, True)]
    assert state.tray["ogres"] == tray + 2 + 3 + 2 and state.seats[0].hand == 0


def test_step_28_only_one_declined_race() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    decline_with(state, 0, "drow", "arcane")
    place(state, "r33", 0, 1, declined=True)
    place(state, "r00", 0, 2)
    do(state, 0, type="decline")
    declined = state.seats[0].declined
    assert state.regions["r33"].owner is None and declined is not None and declined.race == "ogres"
    assert "drow" in state.races


def test_step_29_no_conquest_score_then_turn_ends() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    place(state, "r00", 0, 2)
    place(state, "r02", 0, 2)
    events = do(state, 0, type="decline")
    assert state.seats[0].coins == 5 + 2  # scored as declined regions
    assert any(e.kind == "turn_end" for e in events) and state.current == 1


def test_step_30_new_combo_next_turn() -> None:
    state = start()
    clear(state)
    give(state, 0, "ogres", "ancient", 0)
    place(state, "r00", 0, 2)
    do(state, 0, type="decline")
    do(state, 1, type="pick", combo="1")
    do(state, 1, type="end")
    assert state.current == 0 and state.phase == PICK
    do(state, 0, type="pick", combo="1")
    targets = {t.region for t in board.targets(state, 0)}
    assert "r22" not in targets and "r00" in targets  # enters again from the edge
