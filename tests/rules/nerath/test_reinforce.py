"""Steps 4-6: reposition, reinforce (buying and placing) and income."""

import pytest

from rules.base import RuleError
from rules.nerath import reinforce, turns
from rules.nerath.board import REALMS
from rules.nerath.content import REALM_ORDER
from rules.nerath.engine import ENGINE as nerath
from rules.nerath.state import Piece
from rules.rng import Rng
from tests.rules.nerath.helpers import act, count, game, put, scene


def reinforcing(realm="karkoth", castles=("karkothi-throneholds", "skullcairn"), gold=40):
    state = scene(realm, step="reinforce")
    for space in castles:
        put(state, realm, "castle", space)
    mine = state.realms[realm]
    mine.gold = gold
    mine.start_castles = list(castles)
    mine.start_control = sorted(s for s, owner in state.control.items() if owner == realm)
    return state


def buy(state, piece, n, at):
    return act(state, {"type": "buy", "piece": piece, "count": n, "at": at})


def test_buying_costs_1_to_5_gold():
    state = reinforcing(gold=6)
    buy(state, "dragon", 1, "karkothi-throneholds")
    assert state.realms["karkoth"].gold == 1
    with pytest.raises(RuleError, match="cost 2 gold; Karkoth has 1"):
        buy(state, "fighter", 1, "karkothi-throneholds")


def test_four_new_pieces_per_castle_but_any_number_at_the_capital():
    state = reinforcing()
    buy(state, "footsoldier", 4, "skullcairn")
    with pytest.raises(RuleError, match="Skullcairn"):
        buy(state, "footsoldier", 1, "skullcairn")
    buy(state, "footsoldier", 9, "karkothi-throneholds")
    assert count(state, "karkoth", "footsoldier", "karkothi-throneholds") == 9


def test_no_limit_with_a_single_castle():
    state = reinforcing(castles=("skullcairn",))
    state.control["karkothi-throneholds"] = "vailin"
    buy(state, "footsoldier", 7, "skullcairn")
    assert count(state, "karkoth", "footsoldier", "skullcairn") == 7


def test_castle_captured_this_turn_is_not_a_placement():
    state = reinforcing()
    put(state, "karkoth", "castle", "silverbough")
    state.control["silverbough"] = "karkoth"
    assert "silverbough" not in reinforce.placements(state, "karkoth", "footsoldier")


def test_retaken_capital_takes_new_pieces_at_once():
    state = reinforcing(castles=("skullcairn",))
    put(state, "karkoth", "castle", "karkothi-throneholds")  # retaken this turn: not held at the start
    assert "karkothi-throneholds" in reinforce.placements(state, "karkoth", "footsoldier")


def test_new_castle_in_a_space_held_since_the_start_of_the_turn_and_without_a_castle():
    state = reinforcing()
    spots = reinforce.placements(state, "karkoth", "castle")
    assert "grimmoor" in spots and "skullcairn" not in spots
    buy(state, "castle", 1, "grimmoor")
    with pytest.raises(RuleError, match="cannot be placed at Grimmoor"):
        buy(state, "footsoldier", 1, "grimmoor")  # nothing else placed there on the turn it is built


def test_new_warships_and_storm_elementals_at_sea_next_to_a_castle_count_against_its_limit():
    state = reinforcing()
    assert set(reinforce.placements(state, "karkoth", "warship")) == {"misty-deeps", "sunset-reach"}
    buy(state, "warship", 2, "misty-deeps")
    buy(state, "storm_elemental", 2, "sunset-reach")
    with pytest.raises(RuleError):
        buy(state, "footsoldier", 1, "skullcairn")


def test_only_warships_and_storm_elementals_are_placed_at_sea_a_new_dragon_goes_to_a_castle():
    state = reinforcing()
    assert set(reinforce.placements(state, "karkoth", "dragon")) == {"karkothi-throneholds", "skullcairn"}
    with pytest.raises(RuleError, match="Dragon cannot be placed at Misty Deeps; it may go to: Karkothi Throneholds"):
        buy(state, "dragon", 1, "misty-deeps")
    assert state.realms["karkoth"].gold == 40 and count(state, "karkoth", "dragon", "misty-deeps") == 0


def test_warships_never_placed_in_enemy_sea():
    state = reinforcing()
    put(state, "vailin", "warship", "misty-deeps")
    assert "misty-deeps" not in reinforce.placements(state, "karkoth", "warship")


def test_new_land_pieces_can_be_placed_on_a_warship_which_then_cannot_move():
    state = reinforcing()
    ship = put(state, "karkoth", "warship", "misty-deeps")[0]
    buy(state, "footsoldier", 2, "misty-deeps")
    assert len([p for p in state.pieces if p.carrier == ship.id]) == 2 and ship.stopped


def test_new_warship_with_new_land_pieces_moves_and_unloads_in_friendly_land():
    state = reinforcing()
    buy(state, "warship", 1, "misty-deeps")
    buy(state, "fighter", 1, "misty-deeps")
    act(state, {"type": "move", "piece": "warship", "count": 1, "from": "misty-deeps", "to": "silver-deeps"})
    act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "silver-deeps", "to": "thornwaste"})
    assert count(state, "karkoth", "fighter", "thornwaste") == 1


def test_new_pieces_move_only_into_friendly_spaces():
    state = reinforcing()
    buy(state, "fighter", 1, "karkothi-throneholds")
    put(state, "karkoth", "fighter", "hollowfang")  # an old piece: it does not move now
    moves = {(c.action["from"], c.action["to"]) for c in nerath.legal(state, 0) if c.action["type"] == "move"}
    assert ("karkothi-throneholds", "grimmoor") in moves
    assert not [m for m in moves if m[0] == "hollowfang"]
    state.control["grimmoor"] = "vailin"
    with pytest.raises(RuleError, match="cannot reach"):
        act(state, {"type": "move", "piece": "fighter", "count": 1, "from": "karkothi-throneholds", "to": "grimmoor"})


def test_without_castles_new_pieces_appear_nearest_the_capital():
    state = reinforcing(castles=())
    state.control["karkothi-throneholds"] = "vailin"
    spots = reinforce.placements(state, "karkoth", "footsoldier")
    assert set(spots) == {"blackmire", "bonereach", "grimmoor", "hollowfang", "skullcairn", "wraithmarch"}


def test_income_is_base_plus_spaces_gained_minus_spaces_lost():
    state = game()
    assert [reinforce.income(state, r)[0] for r in REALM_ORDER] == [15, 13, 13, 14]
    state.control["silverbough"] = "karkoth"
    state.control["ashfen"] = "vailin"
    state.control["duskvale"] = "vailin"
    assert reinforce.income(state, "karkoth")[0] == 15 + 1 - 2


def test_income_is_halved_rounded_up_without_the_capital():
    state = game()
    state.control["karkothi-throneholds"] = "vailin"
    assert reinforce.income(state, "karkoth")[0] == 7  # 14 spaces -> 7


def test_collect_income_ends_the_turn():
    state = reinforcing(gold=0)
    events = act(state, {"type": "end"})
    assert state.realms["karkoth"].gold == 15
    assert any(e.kind == "turn_end" for e in events) and REALM_ORDER[state.turn] == "vailin"


def test_reposition_flying_pieces_must_end_on_friendly_land():
    state = scene(step="battle")
    dragon = put(state, "karkoth", "dragon", "grey-reach")[0]
    storm = put(state, "karkoth", "storm_elemental", "pearl-sound")[0]
    act(state, {"type": "end"})
    assert state.step == "reposition"
    act(state, {"type": "end"})
    assert dragon not in state.pieces and storm in state.pieces


def test_ending_reposition_warns_which_flying_pieces_left_at_sea_are_lost():
    state = scene(step="battle")
    put(state, "karkoth", "dragon", "grey-reach")
    put(state, "karkoth", "storm_elemental", "pearl-sound")  # Storm Elementals may hover at sea: no warning
    act(state, {"type": "end"})
    end = [c.label for c in nerath.legal(state, 0) if c.action["type"] == "end"]
    assert end == ["End repositioning (lost: 1 Dragon left at Grey Reach)"]
    assert "Karkoth (<seat:0>) repositions flying pieces" in nerath.status(state, None)
    act(state, {"type": "move", "piece": "dragon", "count": 1, "from": "grey-reach", "to": "ravensgate"})
    assert [c.label for c in nerath.legal(state, 0) if c.action["type"] == "end"] == ["End repositioning"]


def test_reposition_flying_pieces_move_again_but_start_no_battle():
    state = scene(step="battle")
    put(state, "karkoth", "dragon", "grey-reach", moved=3, stopped=True)
    act(state, {"type": "end"})
    targets = {c.action["to"] for c in nerath.legal(state, 0) if c.action["type"] == "move"}
    assert "ravensgate" in targets and "silverbough" not in targets and "whale-sound" not in targets


def test_starting_a_turn_notes_the_castles_held():
    state = game()
    turns.begin_turn(state, __import__("rules.base", fromlist=["ActionLog"]).ActionLog(), Rng(1))
    assert sorted(state.realms["karkoth"].start_castles) == ["karkothi-throneholds", "skullcairn"]
    assert REALMS["karkoth"].capital in state.realms["karkoth"].start_control
    assert isinstance(state.pieces[0], Piece)


def test_new_flying_pieces_pass_enemy_spaces_but_finish_in_friendly_ones():
    state = reinforcing()
    buy(state, "dragon", 1, "karkothi-throneholds")
    for space in ("hollowfang", "grimmoor", "bonereach"):  # every way out is enemy now
        state.control[space] = "vailin"
    reach = {c.action["to"] for c in nerath.legal(state, 0) if c.action["type"] == "move"}
    assert "cinderhold" in reach  # over enemy Hollowfang to friendly land
    assert "hollowfang" not in reach  # no battle from the reinforce step


def test_events_about_one_piece_name_the_realm_first_so_they_read_well_for_the_iron_circle():
    state = scene("iron_circle", step="battle")
    put(state, "iron_circle", "dragon", "sunset-sound")
    act(state, {"type": "end"})
    events = act(state, {"type": "end"})
    lost = "Iron Circle: a Dragon has no friendly land to rest on at Sunset Sound and is lost."
    assert lost in [e.text for e in events]


def test_the_end_of_the_turn_button_says_how_much_income_comes():
    state = reinforcing(gold=0)
    end = [c.label for c in nerath.legal(state, 0) if c.action["type"] == "end"]
    assert end == ["End the turn and collect 15 gold income"]
