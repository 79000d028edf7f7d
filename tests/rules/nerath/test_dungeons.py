"""Dungeons: Heroes only, Guardian tiles, multi-die Guardians, first strike, Heroes need 7+/8+, rewards, plunder."""

import pytest

from rules.base import RuleError
from rules.nerath import guardians
from rules.nerath.content import CONTENT
from rules.nerath.engine import ENGINE as nerath
from tests.rules.nerath.helpers import act, count, put, scene, texts

CAVE = "gloomhollow-caves"


def dungeon(*guardians, heroes=(("fighter", 1),)):
    state = scene(step="battle")
    state.pending = [CAVE]
    slot = state.dungeons[CAVE]
    slot.guardians, slot.face_up, slot.dice_left = list(guardians), [False] * len(guardians), [0] * len(guardians)
    for kind, n in heroes:
        put(state, "karkoth", kind, CAVE, n, stopped=True)
    return state


def explore(state, dice):
    return act(state, {"type": "explore", "space": CAVE}, dice=dice)


def test_exploring_reveals_the_guardians_and_plunder_gives_a_treasure_and_gold():
    state = dungeon("orc-raiders")
    gold = state.realms["karkoth"].gold
    events = explore(state, [7, 1])
    assert any(e.kind == "reveal" and "Orc Raiders" in e.text for e in events)
    mine = state.realms["karkoth"]
    assert mine.gold == gold + 2 and len(mine.treasures) == 1 and mine.collected == 1
    private = [e for e in events if e.to == (0,)]
    assert private and CONTENT.treasures[mine.treasures[0]].name in private[0].text
    assert CONTENT.treasures[mine.treasures[0]].name not in " ".join(e.text for e in events if e.to is None)


def test_multi_die_guardian_loses_a_die_per_hit():
    state = dungeon("troll")
    explore(state, [6, 1, 1])
    assert state.dungeons[CAVE].dice_left == [1]
    events = act(state, {"type": "press"}, dice=[6, 1])
    assert "Troll d10: 1" in " ".join(e.text for e in events)  # one die left to roll
    assert state.dungeons[CAVE].guardians == [] and CAVE in state.plundered


def test_guardian_first_strike_hits_before_the_heroes_roll():
    state = dungeon("kobold-trappers")
    events = explore(state, [6])
    assert not count(state, "karkoth", "fighter", CAVE)
    assert len([e for e in events if e.kind == "roll"]) == 1


def test_guardian_first_strike_is_simultaneous_with_wizards():
    state = dungeon("kobold-trappers", heroes=(("wizard", 1),))
    explore(state, [10, 6])
    assert not count(state, "karkoth", "wizard", CAVE)
    assert "kobold-trappers" in state.guardian_discard  # both fell; 2 new face-down Guardians arrive
    assert state.dungeons[CAVE].face_up == [False, False]


def test_heroes_need_7_or_8_against_such_guardians():
    state = dungeon("spectre")
    explore(state, [6, 1])
    assert state.dungeons[CAVE].dice_left == [1]  # a 6 missed


def test_heroes_need_applies_to_all_guardians_in_the_dungeon():
    state = dungeon("orc-raiders", "wraith", heroes=(("fighter", 2),))
    explore(state, [7, 7, 1, 1])
    assert state.dungeons[CAVE].dice_left == [1, 1]  # 7s miss even the Orc Raiders: the Wraith wants 8+


def test_an_event_bonus_to_heroes_trumps_heroes_need():
    state = dungeon("spectre")
    state.realms["karkoth"].turn_roll["fighter"] = 1
    explore(state, [5, 1])  # 5 + 1 = 6: a hit despite the Spectre
    assert state.dungeons[CAVE].guardians == []


def test_retreat_restores_surviving_guardians_face_up():
    state = dungeon("troll")
    explore(state, [6, 1, 1])
    act(state, {"type": "retreat", "to": "hollowfang"})
    slot = state.dungeons[CAVE]
    assert slot.dice_left == [2] and slot.face_up == [True]
    assert count(state, "karkoth", "fighter", "hollowfang") == 1


def test_heroes_exit_in_reposition_and_two_face_down_guardians_arrive():
    state = dungeon("orc-raiders")
    explore(state, [7, 1])
    act(state, {"type": "end"})
    assert state.step == "reposition"
    exits = {c.action["to"] for c in nerath.legal(state, 0) if c.action["type"] == "move" and c.action["from"] == CAVE}
    assert exits == {"cinderhold", "hollowfang", "ravensgate"}
    act(state, {"type": "move", "piece": "fighter", "count": 1, "from": CAVE, "to": "ravensgate"})
    act(state, {"type": "end"})
    slot = state.dungeons[CAVE]
    assert len(slot.guardians) == 2 and slot.face_up == [False, False]
    hidden = nerath.view(state, None).dungeons[CAVE].guardians
    assert hidden == ["hidden", "hidden"]


def test_heroes_left_inside_are_moved_out_at_the_end_of_reposition():
    state = dungeon("orc-raiders")
    explore(state, [7, 1])
    act(state, {"type": "end"})
    act(state, {"type": "end"})
    assert count(state, "karkoth", "fighter", "cinderhold") == 1


@pytest.mark.parametrize("tile", sorted(CONTENT.guardians))
def test_each_guardian_tile(tile):
    spec = CONTENT.guardians[tile]
    n = len(spec.dice)
    state = dungeon(tile, heroes=(("fighter", n),))
    gold = state.realms["karkoth"].gold
    misses = [1] * n
    events = explore(state, misses + [10] * n if spec.first_strike else [10] * n + misses)
    rolls = [e.text for e in events if e.kind == "roll"]
    assert rolls[0].startswith("Vailin rolls for the Guardians") == spec.first_strike
    assert state.realms["karkoth"].gold == gold + spec.reward and state.dungeons[CAVE].guardians == []
    state = dungeon(tile)
    explore(state, [1] * n + [6] if spec.first_strike else [6] + [1] * n)
    hit = CAVE in state.plundered or state.dungeons[CAVE].dice_left == [n - 1] or state.battle.guardian_hits == 1
    assert hit == (spec.heroes_need == 0)


def test_heroes_leaving_by_warship_are_offered_only_the_seats_aboard():
    state = dungeon("orc-raiders", heroes=(("fighter", 3),))
    explore(state, [7, 1, 1, 1])
    state.control["cinderhold"] = state.control["hollowfang"] = state.control["ravensgate"] = "vailin"
    put(state, "karkoth", "warship", "grey-reach")
    act(state, {"type": "end"})
    offers = [c.action for c in nerath.legal(state, 0) if c.action["type"] == "move"]
    assert offers and max(a["count"] for a in offers if a["to"] == "grey-reach") == 2


def test_heroes_moved_out_together_are_told_in_one_line():
    state = dungeon("orc-raiders", heroes=(("fighter", 1), ("wizard", 1)))
    explore(state, [7, 1, 1])
    act(state, {"type": "end"})
    texts = [e.text for e in act(state, {"type": "end"})]
    assert "Karkoth: 2 Heroes leave Gloomhollow Caves for Cinderhold." in texts
    assert not any("a Hero leaves" in text for text in texts)


def test_a_guardians_dice_are_told_together():
    state = dungeon("skeleton-horde")
    events = explore(state, [1, 5, 6, 1])  # the Fighter misses; the Horde rolls 5, 6, 1
    rolls = [e.text for e in events if e.kind == "roll"]
    assert "Vailin rolls for the Guardians: Skeleton Horde d6: 5, 6, 1 (needs 6+): 1 hit." in rolls


def test_a_defeated_guardian_reads_well_for_plural_names():
    state = dungeon("cultists")
    events = explore(state, [7, 1, 1])  # the Fighter's 7 takes one of the Cultists' two dice
    events += act(state, {"type": "guardians", "dice": "cultists d8"})  # Vailin, who plays them, picks the d8
    events += act(state, {"type": "press"}, dice=[8, 1])
    assert "Defeated: Cultists." in [e.text for e in events]


# --- the Guardians are played by the explorer's next opponent (seed: "the opponent to your left") ---------------


def test_dungeon_guardians_are_played_by_the_opponent_on_the_explorers_left():
    state = dungeon("orc-raiders", "goblin-warband")
    events = explore(state, [7, 1, 1, 1])  # the Fighter hits; the Guardians miss
    assert "Vailin (<seat:1>) plays the Guardians." in [e.text for e in events]
    assert nerath.awaiting(state) == {1} and nerath.legal(state, 0) == []
    offered = nerath.legal(state, 1)
    assert [c.label for c in offered] == ["Destroy the Orc Raiders", "Take a d6 from the Goblin Warband"]
    assert next(s for s in nerath.meta.actions if s.name == "guardians").menu
    assert "Vailin (<seat:1>) chooses which Guardians lose which dice for 1 hit (guardians)." in nerath.status(
        state, None
    )
    events = act(state, {"type": "guardians", "dice": "Goblin Warband d6"}, seat=1)
    assert state.dungeons[CAVE].dice_left == [1, 1] and state.battle.stage == "decide"
    assert "Vailin (<seat:1>) takes a d6 from the Goblin Warband at Gloomhollow Caves." in [e.text for e in events]


def test_the_guardians_choice_typed_as_a_command_is_accepted():
    from table.text.actions import build_action

    state = dungeon("orc-raiders", "goblin-warband")
    explore(state, [7, 1, 1, 1])
    typed = build_action(nerath.meta, "guardians", {"dice": "goblin warband d6"})  # a list, as the slash command
    assert typed == {"type": "guardians", "dice": ["goblin warband d6"]}
    act(state, typed, seat=1)
    assert state.dungeons[CAVE].dice_left == [1, 1]


def test_dungeon_guardians_player_is_the_next_opponent_in_turn_order_in_every_game():
    expected = {
        (4, "alliance"): {"karkoth": "vailin", "vailin": "iron_circle", "iron_circle": "nerath", "nerath": "karkoth"},
        (4, "free-for-all"): {
            "karkoth": "vailin",
            "vailin": "iron_circle",
            "iron_circle": "nerath",
            "nerath": "karkoth",
        },
        (3, "alliance"): {"karkoth": "vailin", "vailin": "iron_circle", "iron_circle": "nerath", "nerath": "karkoth"},
        (2, "alliance"): {"karkoth": "vailin", "vailin": "iron_circle", "iron_circle": "nerath", "nerath": "karkoth"},
    }
    for (players, mode), keepers in expected.items():
        state = scene(players=players, mode=mode)
        for explorer, keeper in keepers.items():
            assert guardians.player(state, explorer) == keeper
            assert state.seat_of[keeper] != state.seat_of[explorer]


def test_dungeon_guardians_in_a_two_player_game_wait_on_the_opponent():
    state = scene(players=2, step="battle")
    state.pending = [CAVE]
    slot = state.dungeons[CAVE]
    slot.guardians, slot.face_up, slot.dice_left = ["cultists"], [False], [0]
    put(state, "karkoth", "fighter", CAVE, stopped=True)
    explore(state, [7, 1, 1])
    assert nerath.awaiting(state) == {1}
    assert {c.action["dice"] for c in nerath.legal(state, 1)} == {"cultists d6", "cultists d8"}


def test_dungeon_guardians_player_chooses_which_die_a_multi_die_guardian_loses():
    state = dungeon("lich", heroes=(("fighter", 2),))
    explore(state, [1, 1, 8, 1])  # the Lich strikes first and misses; one Fighter rolls the 8+ it needs
    assert [c.action["dice"] for c in nerath.legal(state, 1)] == ["lich d10", "lich d12"]
    act(state, {"type": "guardians", "dice": "lich d12"}, seat=1)
    assert guardians.dice(state.dungeons[CAVE], 0) == [10]
    events = act(state, {"type": "press"}, dice=[1, 1, 1])
    assert "Lich d10: 1" in texts(events) and "d12" not in texts([e for e in events if e.kind == "roll"])


def test_dungeon_guardians_deadline_falls_back_to_the_first_guardian_and_its_last_die():
    state = dungeon("cultists", "orc-raiders")
    explore(state, [7, 1, 1, 1])
    assert nerath.fallback(state, 1) == {"type": "guardians", "dice": "cultists d8"}
    act(state, nerath.fallback(state, 1), seat=1)
    assert state.dungeons[CAVE].dice_left == [1, 1]
    act(state, {"type": "press"}, dice=[7, 1, 1])
    with pytest.raises(RuleError, match="cannot take the hits that way"):
        act(state, {"type": "guardians", "dice": "cultists d8"}, seat=1)  # the d8 is already gone


def test_heroes_need_lasts_the_whole_battle_after_that_guardian_is_destroyed():
    state = dungeon("wraith", "orc-raiders", heroes=(("fighter", 2),))
    explore(state, [1, 1, 1, 1])
    state.dungeons[CAVE].dice_left[0] = 0  # the Wraith (Heroes need 8+) is destroyed in round 1
    events = act(state, {"type": "press"}, dice=[7, 7, 1])  # 7s still miss the Orc Raiders
    assert "(needs 8+)" in texts(events)
    assert state.dungeons[CAVE].dice_left == [0, 1] and state.battle is not None
