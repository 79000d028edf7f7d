"""Step 2, moving: land, sea and flying pieces, friendly and enemy spaces, dungeons, islands and Warships."""

import pytest

from rules.base import RuleError
from rules.nerath import movement
from rules.nerath.board import SPACES
from rules.nerath.content import CONTENT
from rules.nerath.engine import ENGINE as nerath
from tests.rules.nerath.helpers import act, count, put, scene


def destinations(state, kind, origin, realm="karkoth"):
    return {o.to for o in movement.options(state, realm) if o.kind == kind and o.origin == origin}


def test_land_pieces_move_up_to_their_move_value():
    state = scene()
    put(state, "karkoth", "footsoldier", "karkothi-throneholds")
    put(state, "karkoth", "fighter", "karkothi-throneholds")
    assert destinations(state, "footsoldier", "karkothi-throneholds") == set(SPACES["karkothi-throneholds"].adjacent)
    two = destinations(state, "fighter", "karkothi-throneholds")
    assert "ashfen" not in two and "gravewatch" in two and "cinderhold" in two


def test_move_action_moves_a_count_of_one_kind():
    state = scene()
    put(state, "karkoth", "footsoldier", "karkothi-throneholds", 3)
    act(state, {"type": "move", "piece": "footsoldier", "count": 2, "from": "karkothi-throneholds", "to": "blackmire"})
    assert count(state, "karkoth", "footsoldier", "blackmire") == 2
    with pytest.raises(RuleError, match="no Footsoldiers that can move"):
        act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "blackmire", "to": "gravewatch"})


def test_entering_an_enemy_space_stops_and_attacks_even_when_empty():
    state = scene()
    put(state, "karkoth", "fighter", "ravensgate")
    assert "moonglade" not in destinations(state, "fighter", "ravensgate")  # must stop in Silverbough
    act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "ravensgate", "to": "silverbough"})
    assert state.pending == ["silverbough"]
    assert not destinations(state, "fighter", "silverbough")


def test_ally_spaces_are_friendly_and_passable():
    state = scene()
    state.control["silverbough"] = "iron_circle"  # held by Karkoth's ally
    put(state, "karkoth", "fighter", "ravensgate")
    assert "moonglade" in destinations(state, "fighter", "ravensgate")
    act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "ravensgate", "to": "silverbough"})
    assert state.pending == []


def test_free_for_all_every_other_realm_is_an_enemy():
    state = scene(mode="free-for-all")
    state.control["silverbough"] = "iron_circle"
    put(state, "karkoth", "fighter", "ravensgate")
    assert "moonglade" not in destinations(state, "fighter", "ravensgate")


def test_only_heroes_enter_dungeon_entrances_and_stop_there():
    state = scene()
    put(state, "karkoth", "footsoldier", "hollowfang")
    put(state, "karkoth", "wizard", "hollowfang")
    assert "gloomhollow-caves" not in destinations(state, "footsoldier", "hollowfang")
    assert "gloomhollow-caves" in destinations(state, "wizard", "hollowfang")
    act(state, {"type": "move", "piece": "wizard", "count": 1, "from": "hollowfang", "to": "gloomhollow-caves"})
    assert state.pending == ["gloomhollow-caves"]


def test_impassable_corners_are_never_entered():
    state = scene()
    put(state, "karkoth", "dragon", "ravensgate")
    reach = destinations(state, "dragon", "ravensgate")
    corner_centres = {c for _, centres in CONTENT.impassable for c in centres}
    assert reach and all(s in SPACES and SPACES[s].centre not in corner_centres for s in reach)


def test_flying_pieces_pass_enemy_spaces_and_dungeon_entrances_and_may_stop_at_sea():
    state = scene()
    put(state, "karkoth", "dragon", "ravensgate")
    reach = destinations(state, "dragon", "ravensgate")
    assert "starwood" in reach  # through Silverbough and Moonglade, both enemy
    assert "whale-sound" in reach  # a friendly sea space
    assert "gloomhollow-caves" not in reach  # flies over dungeon entrances, never stops there


def test_islands_are_reached_only_by_warship():
    state = scene()
    put(state, "karkoth", "footsoldier", "ebon-isle")
    assert destinations(state, "footsoldier", "ebon-isle") == set()


def test_sea_space_with_enemy_pieces_stops_a_warship():
    state = scene()
    put(state, "karkoth", "warship", "grey-reach")
    put(state, "vailin", "warship", "amber-reach")
    assert "amber-reach" in destinations(state, "warship", "grey-reach")
    assert "whale-sound" in destinations(state, "warship", "grey-reach")  # around, through friendly sea
    act(state, {"type": "move", "piece": "warship", "count": 1, "from": "grey-reach", "to": "amber-reach"})
    assert state.pending == ["amber-reach"]


def test_warship_carries_up_to_two_own_land_pieces():
    state = scene()
    put(state, "karkoth", "footsoldier", "ravensgate", 3)
    put(state, "karkoth", "warship", "grey-reach")
    with pytest.raises(RuleError, match="At most 2"):
        act(state, {"type": "move", "piece": "footsoldier", "count": 3, "from": "ravensgate", "to": "grey-reach"})
    act(state, {"type": "move", "piece": "footsoldier", "count": 2, "from": "ravensgate", "to": "grey-reach"})
    ship = next(p for p in state.pieces if p.kind == "warship")
    assert len([p for p in state.pieces if p.carrier == ship.id]) == 2


def test_castles_never_board():
    state = scene()
    put(state, "karkoth", "castle", "ravensgate")
    put(state, "karkoth", "warship", "grey-reach")
    assert not [o for o in movement.embark_options(state, "karkoth") if o[0] == "castle"]


def test_land_pieces_cannot_move_before_boarding():
    state = scene()
    put(state, "karkoth", "fighter", "hollowfang")
    put(state, "karkoth", "warship", "grey-reach")
    act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "hollowfang", "to": "cinderhold"})
    with pytest.raises(RuleError, match="can board"):
        act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "cinderhold", "to": "grey-reach"})


def test_warship_moves_up_to_two_spaces_before_loading_then_only_unloads_beside_it_and_stops():
    state = scene()
    put(state, "karkoth", "footsoldier", "hollowfang", 2)
    ship = put(state, "karkoth", "warship", "whale-sound")[0]
    act(state, {"type": "move", "piece": "warship", "count": 1, "from": "whale-sound", "to": "sunset-reach"})
    assert ship.moved == 2
    act(state, {"type": "move", "piece": "footsoldier", "count": 2, "from": "hollowfang", "to": "sunset-reach"})
    # two spaces used before loading: it may still unload beside where it is
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "sunset-reach", "to": "skullcairn"})
    assert ship.stopped and count(state, "karkoth", "footsoldier", "skullcairn") == 1
    assert not destinations(state, "warship", "sunset-reach")


def test_bridging_carries_land_pieces_across_one_sea_space_with_a_sea_landing():
    state = scene()
    put(state, "karkoth", "footsoldier", "ravensgate", 2)
    put(state, "karkoth", "warship", "grey-reach")
    act(state, {"type": "move", "piece": "footsoldier", "count": 2, "from": "ravensgate", "to": "grey-reach"})
    act(state, {"type": "move", "piece": "footsoldier", "count": 2, "from": "grey-reach", "to": "silverbough"})
    assert state.pending == ["silverbough"]  # a sea landing, declared during the move
    assert count(state, "karkoth", "footsoldier", "silverbough") == 2


def test_carried_pieces_cannot_land_from_an_enemy_sea_before_the_sea_battle():
    state = scene()
    put(state, "karkoth", "footsoldier", "ravensgate")
    put(state, "karkoth", "warship", "grey-reach")
    put(state, "vailin", "warship", "whale-sound")
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "ravensgate", "to": "grey-reach"})
    act(state, {"type": "move", "piece": "warship", "count": 1, "from": "grey-reach", "to": "whale-sound"})
    with pytest.raises(RuleError, match="ashore"):
        act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "whale-sound", "to": "sunfield"})


def test_sea_landing_after_winning_the_sea_battle():
    state = scene()
    put(state, "karkoth", "footsoldier", "ravensgate")
    put(state, "karkoth", "warship", "grey-reach")
    put(state, "vailin", "warship", "whale-sound")
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "ravensgate", "to": "grey-reach"})
    act(state, {"type": "move", "piece": "warship", "count": 1, "from": "grey-reach", "to": "whale-sound"})
    act(state, {"type": "end"})
    act(state, {"type": "fight", "space": "whale-sound"}, dice=[6, 1])  # Karkoth hits, Vailin misses
    assert state.sea_won == ["whale-sound"]
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "whale-sound", "to": "sunfield"})
    assert state.pending == ["sunfield"]


def test_combined_attack_by_land_and_sea_is_one_battle():
    state = scene()
    put(state, "karkoth", "footsoldier", "ravensgate", 2)
    put(state, "karkoth", "warship", "grey-reach")
    put(state, "karkoth", "fighter", "ravensgate")
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "ravensgate", "to": "grey-reach"})
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "grey-reach", "to": "silverbough"})
    act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "ravensgate", "to": "silverbough"})
    assert state.pending == ["silverbough"]
    assert (
        count(state, "karkoth", "footsoldier", "silverbough") == 1
        and count(state, "karkoth", "fighter", "silverbough") == 1
    )


def test_warships_do_not_carry_an_allys_pieces():
    state = scene("iron_circle")
    put(state, "iron_circle", "footsoldier", "ravensgate")
    put(state, "karkoth", "warship", "grey-reach")
    assert movement.embark_options(state, "iron_circle") == []


def test_legal_lists_reachable_spaces_for_the_move_step():
    state = scene()
    put(state, "karkoth", "footsoldier", "skullcairn")
    moves = [c.action for c in nerath.legal(state, 0) if c.action["type"] == "move"]
    assert {m["to"] for m in moves} == set(SPACES["skullcairn"].adjacent) - {
        "sunken-crypt",
        "misty-deeps",
        "sunset-reach",
    }


def sea_won_beside_a_running_land_battle():
    """Karkoth won the sea battle at Whale Sound; its Footsoldier aboard may still land at Sunfield, where Karkoth's
    land attack is already being fought."""
    state = scene(step="battle")
    ship = put(state, "karkoth", "warship", "whale-sound", stopped=True)[0]
    put(state, "karkoth", "footsoldier", "whale-sound", carrier=ship.id)
    put(state, "karkoth", "fighter", "sunfield", stopped=True)
    put(state, "vailin", "footsoldier", "sunfield", 2)
    state.sea_won = ["whale-sound"]
    state.pending = ["sunfield"]
    act(state, {"type": "fight", "space": "sunfield"}, dice=[1, 1, 1])  # a round: nobody hits
    assert state.battle is not None and state.battle.stage == "decide"
    return state


def test_sea_landing_joins_a_land_battle_that_is_already_running():
    state = sea_won_beside_a_running_land_battle()
    landing = {"type": "move", "piece": "footsoldier", "count": 1, "from": "whale-sound", "to": "sunfield"}
    assert landing in [c.action for c in nerath.legal(state, 0)]
    events = act(state, landing)
    assert "join the battle at Sunfield" in events[-1].text
    assert state.battle.space == "sunfield" and count(state, "karkoth", "footsoldier", "sunfield") == 1
    act(state, {"type": "press"}, dice=[6, 6, 1, 1])  # Fighter and the landed Footsoldier both hit
    assert state.battle is None and state.control["sunfield"] == "karkoth"
    assert count(state, "karkoth", "footsoldier", "sunfield") == 1 and count(state, "karkoth", "fighter", "sunfield")


def test_sea_landing_joins_only_between_rounds_and_only_the_battle_being_fought():
    state = sea_won_beside_a_running_land_battle()
    state.battle.stage = "retreat"
    with pytest.raises(RuleError, match="retreat"):
        act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "whale-sound", "to": "sunfield"})
    state.battle.stage = "decide"
    assert state.control["pearl-isle"] == "vailin"  # an enemy island beside the same sea: no second battle now
    with pytest.raises(RuleError, match="ashore"):
        act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "whale-sound", "to": "pearl-isle"})
    with pytest.raises(RuleError, match="only pieces landing"):
        act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "sunfield", "to": "ravensgate"})


def test_warship_unloads_into_one_or_two_adjacent_spaces_then_stops():
    state = scene()
    ship = put(state, "karkoth", "warship", "grey-reach")[0]
    put(state, "karkoth", "footsoldier", "grey-reach", 2, carrier=ship.id)
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "grey-reach", "to": "ravensgate"})
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "grey-reach", "to": "silverbough"})
    assert count(state, "karkoth", "footsoldier", "ravensgate") == 1 and state.pending == ["silverbough"]
    assert ship.stopped and not destinations(state, "warship", "grey-reach")
    assert not destinations(state, "footsoldier", "ravensgate")  # no farther after going ashore


def test_carried_pieces_may_stay_aboard():
    state = scene()
    ship = put(state, "karkoth", "warship", "grey-reach")[0]
    put(state, "karkoth", "footsoldier", "ravensgate")
    act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "ravensgate", "to": "grey-reach"})
    act(state, {"type": "move", "piece": "warship", "count": 1, "from": "grey-reach", "to": "pearl-sound"})
    act(state, {"type": "end"})
    assert [p.carrier for p in state.pieces if p.kind == "footsoldier"] == [ship.id]
    assert count(state, "karkoth", "footsoldier", "pearl-sound") == 1


def test_heroes_aboard_fight_at_sea_then_make_a_sea_landing():
    state = scene(step="battle")
    ship = put(state, "karkoth", "warship", "whale-sound", stopped=True)[0]
    put(state, "karkoth", "fighter", "whale-sound", carrier=ship.id)
    put(state, "vailin", "warship", "whale-sound")
    state.pending = ["whale-sound"]
    events = act(state, {"type": "fight", "space": "whale-sound"}, dice=[1, 6, 1])  # the Fighter aboard hits
    assert "Fighter d10: 6" in "\n".join(e.text for e in events)
    act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "whale-sound", "to": "sunfield"})
    assert state.pending == ["sunfield"] and count(state, "karkoth", "fighter", "sunfield") == 1


def test_heroes_may_go_ashore_into_a_dungeon_entrance_from_a_warship():
    state = scene()
    ship = put(state, "karkoth", "warship", "grey-reach")[0]
    put(state, "karkoth", "wizard", "grey-reach", carrier=ship.id)
    put(state, "karkoth", "footsoldier", "grey-reach", carrier=ship.id)
    ashore = {(k, t) for k, _, t, _ in movement.debark_options(state, "karkoth")}
    assert ("wizard", "gloomhollow-caves") in ashore and ("footsoldier", "gloomhollow-caves") not in ashore
    act(state, {"type": "move", "piece": "wizard", "count": 1, "from": "grey-reach", "to": "gloomhollow-caves"})
    assert state.pending == ["gloomhollow-caves"]


def test_no_new_pieces_join_a_battle_once_the_battle_step_has_begun():
    state = scene(step="battle")
    put(state, "karkoth", "footsoldier", "ravensgate")
    put(state, "karkoth", "footsoldier", "silverbough", stopped=True)
    state.pending = ["silverbough"]
    assert not [c for c in nerath.legal(state, 0) if c.action["type"] == "move"]
    with pytest.raises(RuleError, match="Nothing moves in the battle step"):
        act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "ravensgate", "to": "silverbough"})


def test_move_events_and_labels_read_as_sentences_for_one_or_many_pieces():
    state = scene()
    put(state, "karkoth", "fighter", "karkothi-throneholds")
    put(state, "karkoth", "footsoldier", "ravensgate", 2)
    put(state, "karkoth", "footsoldier", "skullcairn")
    labels = {c.label for c in nerath.legal(state, 0)}
    assert "Attack Silverbough with 2 Footsoldiers from Ravensgate" in labels
    assert "Move 1 Footsoldier from Skullcairn to Hollowfang" in labels
    assert "Send 1 Fighter from Karkothi Throneholds into the dungeon Gloomhollow Caves" in labels
    assert all(len(label) <= 100 for label in labels)
    move = {"type": "move", "piece": "fighter", "count": 1, "from": "karkothi-throneholds"}
    events = act(state, move | {"to": "gloomhollow-caves"})
    assert events[-1].text == (
        "Karkoth: 1 Fighter from Karkothi Throneholds enters the dungeon Gloomhollow Caves "
        "(explored in the battle step)."
    )
    events = act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "skullcairn", "to": "hollowfang"})
    assert events[-1].text == "Karkoth: 1 Footsoldier moves from Skullcairn to Hollowfang."
    events = act(state, {"type": "move", "piece": "footsoldier", "count": 2, "from": "ravensgate", "to": "silverbough"})
    assert events[-1].text == "Karkoth: 2 Footsoldiers from Ravensgate attack Silverbough."


def test_boarding_and_landing_events_and_labels_read_as_sentences():
    state = scene()
    put(state, "karkoth", "footsoldier", "ravensgate", 2)
    put(state, "karkoth", "warship", "grey-reach")
    labels = {c.label for c in nerath.legal(state, 0)}
    assert "Board 2 Footsoldiers at Ravensgate onto the Warships in Grey Reach" in labels
    events = act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "ravensgate", "to": "grey-reach"})
    assert events[-1].text == "Karkoth: 1 Footsoldier boards at Ravensgate onto the Warships in Grey Reach."
    labels = {c.label for c in nerath.legal(state, 0)}
    assert "Land 1 Footsoldier from Grey Reach to attack Silverbough" in labels
    assert "Land 1 Footsoldier from Grey Reach at Ravensgate" in labels
    events = act(state, {"type": "move", "piece": "footsoldier", "count": 1, "from": "grey-reach", "to": "silverbough"})
    assert events[-1].text == "Karkoth: 1 Footsoldier from Grey Reach lands to attack Silverbough."


def test_spaces_may_be_typed_by_name_and_refusals_list_names():
    state = scene()
    put(state, "karkoth", "footsoldier", "karkothi-throneholds", 3)
    move = {"type": "move", "piece": "Footsoldier", "count": 1, "from": "Karkothi Throneholds"}
    act(state, move | {"to": "Hollowfang"})
    act(state, move | {"piece": "Footsoldiers", "to": "Hollowfang"})
    assert count(state, "karkoth", "footsoldier", "hollowfang") == 2
    with pytest.raises(RuleError, match="they can reach: Blackmire, Bonereach, Grimmoor, Hollowfang, Skullcairn, "):
        act(state, move | {"to": "Ashfen"})
    with pytest.raises(RuleError, match="There is no space called 'Atlantis'"):
        act(state, move | {"to": "Atlantis"})


def test_a_warship_moving_with_pieces_aboard_says_what_it_carries():
    state = scene()
    put(state, "karkoth", "footsoldier", "skullcairn", 2)
    put(state, "karkoth", "warship", "misty-deeps")
    act(state, {"type": "move", "piece": "footsoldier", "count": 2, "from": "skullcairn", "to": "misty-deeps"})
    events = act(state, {"type": "move", "piece": "warship", "count": 1, "from": "misty-deeps", "to": "whale-gulf"})
    assert events[-1].text == "Karkoth: 1 Warship moves from Misty Deeps to Whale Gulf, carrying 2 Footsoldiers."


def test_boarding_and_landing_refusals_use_names():
    state = scene()
    put(state, "karkoth", "footsoldier", "ravensgate")
    put(state, "karkoth", "warship", "grey-reach")
    board_at = {"type": "move", "piece": "fighter", "count": 1, "from": "ravensgate", "to": "grey-reach"}
    with pytest.raises(RuleError, match=r"No Fighters can board at Grey Reach from Ravensgate now; possible: 1 "):
        act(state, board_at)
    with pytest.raises(RuleError, match=r"possible: 1 Footsoldier from Ravensgate to Grey Reach\."):
        act(state, board_at)
