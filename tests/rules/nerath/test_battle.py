"""Step 3, battles: dice, first strike, special pieces, casualties, allies, press or retreat, conquest and VP."""

import pytest

from rules.base import RuleError
from rules.nerath import engine as nerath_rules
from rules.nerath import reinforce
from rules.nerath.engine import ENGINE as nerath
from rules.rng import Rng
from table.text.names import resolve
from tests.rules.nerath.helpers import act, count, put, scene, texts


def battle_at(space, realm="karkoth", **kw):
    state = scene(realm, step="battle", **kw)
    state.pending = [space]
    return state


def attackers(state, kind, space, n=1, realm="karkoth"):
    return put(state, realm, kind, space, n, stopped=True)


def test_each_attack_die_hits_on_6_or_more_and_every_roll_is_shown():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough", 2)
    put(state, "vailin", "footsoldier", "silverbough")
    events = act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 5, 5])
    rolls = [e.text for e in events if e.kind == "roll"]
    assert (
        rolls[0].endswith("Footsoldiers d6: 6, 5 (needs 6+): 1 hit.")
        and "Footsoldier d6: 5 (needs 6+): miss" in rolls[1]
    )
    assert count(state, "vailin", "footsoldier", "silverbough") == 0
    assert state.control["silverbough"] == "karkoth"


def test_conquering_an_enemy_land_space_scores_1_vp():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"})
    assert state.control["silverbough"] == "karkoth" and state.realms["karkoth"].vp == 1


def test_conquering_an_enemy_capital_scores_5_vp():
    state = battle_at("vailindor")
    attackers(state, "fighter", "vailindor")
    act(state, {"type": "fight", "space": "vailindor"})
    assert state.realms["karkoth"].vp == 5


def test_vp_again_for_a_space_conquered_again():
    state = battle_at("silverbough")
    attackers(state, "fighter", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"})
    state.control["silverbough"] = "vailin"
    state.pending = ["silverbough"]
    act(state, {"type": "fight", "space": "silverbough"})
    assert state.realms["karkoth"].vp == 2


def test_no_vp_for_retaking_your_own_starting_space():
    state = battle_at("ravensgate")
    state.control["ravensgate"] = "vailin"
    attackers(state, "fighter", "ravensgate")
    act(state, {"type": "fight", "space": "ravensgate"})
    assert state.control["ravensgate"] == "karkoth" and state.realms["karkoth"].vp == 0


def test_liberating_an_allys_space_gives_it_back_without_vp():
    state = battle_at("smokeholm")
    state.control["smokeholm"] = "nerath"
    attackers(state, "fighter", "smokeholm")
    act(state, {"type": "fight", "space": "smokeholm"})
    assert state.control["smokeholm"] == "iron_circle" and state.realms["karkoth"].vp == 0
    assert count(state, "karkoth", "fighter", "smokeholm") == 1


def test_liberated_space_pays_income_to_its_owner():
    state = battle_at("smokeholm")
    state.control["smokeholm"] = "nerath"
    attackers(state, "fighter", "smokeholm")
    before = reinforce.income(state, "iron_circle")[0]
    act(state, {"type": "fight", "space": "smokeholm"})
    assert reinforce.income(state, "iron_circle")[0] == before + 1


def test_sea_battles_are_fought_first():
    state = scene(step="battle")
    state.pending = ["silverbough", "amber-reach"]
    attackers(state, "footsoldier", "silverbough")
    attackers(state, "warship", "amber-reach")
    put(state, "vailin", "warship", "amber-reach")
    with pytest.raises(RuleError, match="sea battles first"):
        act(state, {"type": "fight", "space": "silverbough"})
    assert {c.action.get("space") for c in nerath.legal(state, 0) if c.action["type"] == "fight"} == {"amber-reach"}


def test_first_strike_hits_before_the_others_strike_back():
    state = battle_at("silverbough")
    attackers(state, "wizard", "silverbough")
    put(state, "vailin", "footsoldier", "silverbough")
    events = act(state, {"type": "fight", "space": "silverbough"}, dice=[9])
    assert len([e for e in events if e.kind == "roll"]) == 1  # the Footsoldier never rolled
    assert state.control["silverbough"] == "karkoth"


def test_first_strike_on_both_sides_is_simultaneous():
    state = battle_at("silverbough")
    attackers(state, "wizard", "silverbough")
    put(state, "vailin", "wizard", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[9, 9])
    assert not [p for p in state.pieces if p.kind == "wizard"]  # both wizards fell together


def test_siege_engine_rolls_two_dice_when_attacking():
    state = battle_at("silverbough")
    attackers(state, "siege_engine", "silverbough")
    put(state, "vailin", "footsoldier", "silverbough", 2)
    events = act(state, {"type": "fight", "space": "silverbough"}, dice=[7, 8])
    assert "Siege Engine d8: 7, 8 (needs 6+): 2 hits" in texts(events)
    assert state.control["silverbough"] == "karkoth"


def test_siege_engine_rolls_one_die_when_defending():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough")
    put(state, "vailin", "siege_engine", "silverbough")
    events = act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 2])
    assert "Siege Engine d8: 2 (needs 6+): miss" in texts(events)


def test_dragon_is_durable_and_heals_after_the_battle():
    state = battle_at("silverbough")
    dragon = attackers(state, "dragon", "silverbough")[0]
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[3, 6])
    assert dragon in state.pieces and dragon.hit
    act(state, {"type": "press"}, dice=[20, 1])
    assert dragon in state.pieces and not dragon.hit  # the battle is won, the Dragon whole again


def test_castle_is_inactive_when_hit_and_captured_on_conquest():
    state = battle_at("sunfield")
    attackers(state, "footsoldier", "sunfield", 2)
    castle = put(state, "vailin", "castle", "sunfield")[0]
    act(state, {"type": "fight", "space": "sunfield"}, dice=[6, 1, 2])
    assert castle in state.pieces and castle.realm == "karkoth" and not castle.hit
    assert state.control["sunfield"] == "karkoth"


def test_castles_only_defend_with_a_d20():
    state = battle_at("sunfield")
    attackers(state, "footsoldier", "sunfield")
    put(state, "vailin", "castle", "sunfield")
    events = act(state, {"type": "fight", "space": "sunfield"}, dice=[1, 15])
    assert "Castle d20: 15 (needs 6+): hit" in texts(events)
    assert state.control["sunfield"] == "vailin" and not count(state, "karkoth", "footsoldier", "sunfield")


def test_defender_chooses_casualties_as_an_awaited_decision():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough", 2)
    put(state, "vailin", "footsoldier", "silverbough")
    put(state, "vailin", "fighter", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 1, 1, 1])
    assert nerath.awaiting(state) == {1}
    choices = nerath.legal(state, 1)
    assert choices[0].quick and choices[0].action == {"type": "casualties", "pieces": "footsoldier"}
    assert nerath.fallback(state, 1) == choices[0].action
    with pytest.raises(RuleError, match="must choose 1 casualties"):
        nerath.act(state, 1, {"type": "casualties", "pieces": "footsoldier,fighter"}, Rng(0))
    act(state, {"type": "casualties", "pieces": "fighter"}, seat=1)
    assert count(state, "vailin", "fighter", "silverbough") == 0
    assert count(state, "vailin", "footsoldier", "silverbough") == 1


def test_only_the_attacker_presses_or_retreats():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough")
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1])
    assert nerath.awaiting(state) == {0} and nerath.legal(state, 1) == []
    kinds = {c.action["type"] for c in nerath.legal(state, 0)}
    assert {"press", "retreat"} <= kinds


def test_retreat_goes_to_an_adjacent_friendly_land_space():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough")
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1])
    with pytest.raises(RuleError, match="cannot retreat to Moonglade"):
        act(state, {"type": "retreat", "to": "moonglade"})
    act(state, {"type": "retreat", "to": "ravensgate"})
    assert count(state, "karkoth", "footsoldier", "ravensgate") == 1
    assert state.control["silverbough"] == "vailin" and state.battle is None


def test_retreat_onto_warships_when_no_land_is_friendly():
    state = battle_at("silverbough")
    state.control["ravensgate"] = "vailin"
    attackers(state, "footsoldier", "silverbough", 3)
    ship = put(state, "karkoth", "warship", "grey-reach")[0]
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1, 1, 1])
    assert [c.action["to"] for c in nerath.legal(state, 0) if c.action["type"] == "retreat"] == ["grey-reach"]
    labels = [c.label for c in nerath.legal(state, 0) if c.action["type"] == "retreat"]
    assert labels == ["Retreat everything to Grey Reach (aboard the Warships; 1 piece lost)"]
    act(state, {"type": "retreat", "to": "grey-reach"})
    assert len([p for p in state.pieces if p.carrier == ship.id]) == 2  # the third could not board and is lost
    assert count(state, "karkoth", "footsoldier", "grey-reach") == 2


def test_sunk_warship_takes_its_cargo_and_heroes_down():
    state = battle_at("amber-reach")
    ship = attackers(state, "warship", "amber-reach")[0]
    put(state, "karkoth", "fighter", "amber-reach", carrier=ship.id)
    put(state, "karkoth", "footsoldier", "amber-reach", carrier=ship.id)
    put(state, "vailin", "warship", "amber-reach", 2)
    # Karkoth's Warship d8 and Fighter d10 roll; Vailin's two Warships hit twice
    act(state, {"type": "fight", "space": "amber-reach"}, dice=[1, 1, 6, 6])
    assert not [p for p in state.pieces if p.realm == "karkoth"]


def test_only_ships_flyers_and_heroes_aboard_fight_at_sea():
    state = battle_at("amber-reach")
    ship = attackers(state, "warship", "amber-reach")[0]
    put(state, "karkoth", "footsoldier", "amber-reach", carrier=ship.id)
    put(state, "vailin", "storm_elemental", "amber-reach")
    events = act(state, {"type": "fight", "space": "amber-reach"}, dice=[1, 1, 1])
    assert "Footsoldier" not in texts([e for e in events if e.kind == "roll"])
    assert "Storm Elemental d8: 1, 1" in texts(events)  # Capsize: two dice in a sea battle


def test_run_amok_monster_overruns_an_empty_adjacent_enemy_space():
    state = battle_at("silverbough")
    attackers(state, "monster", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"})
    assert state.amok and nerath.awaiting(state) == {0}
    targets = {c.action["to"] for c in nerath.legal(state, 0) if c.action["type"] == "amok"}
    assert targets == {"moonglade"}
    quick = [c.label for c in nerath.legal(state, 0) if c.quick]  # a lone target gets a button (no one-option menu)
    assert quick == ["A Monster runs amok into Moonglade", "Stop running amok"]
    act(state, {"type": "amok", "to": "moonglade"})
    assert state.control["moonglade"] == "karkoth" and state.realms["karkoth"].vp == 2  # Run Amok scores too


def test_run_amok_never_enters_friendly_or_occupied_spaces():
    state = battle_at("silverbough")
    attackers(state, "monster", "silverbough")
    put(state, "vailin", "footsoldier", "moonglade")
    act(state, {"type": "fight", "space": "silverbough"})
    assert not state.amok


def test_capital_conquered_halves_income_and_pays_the_conqueror_1():
    state = battle_at("vailindor")
    attackers(state, "fighter", "vailindor")
    full = reinforce.income(state, "vailin")[0]
    act(state, {"type": "fight", "space": "vailindor"})
    assert reinforce.income(state, "vailin")[0] == (full - 1 + 1) // 2
    assert reinforce.income(state, "karkoth")[0] == 15 + 1


def test_retreat_may_be_split_between_spaces_and_then_all_must_go():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough", 2)
    attackers(state, "dragon", "silverbough")
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1, 1, 1])
    act(state, {"type": "retreat", "to": "grey-reach", "piece": "dragon", "count": 1})
    assert state.battle is not None and state.battle.stage == "retreat"
    assert "press" not in {c.action["type"] for c in nerath.legal(state, 0)}
    with pytest.raises(RuleError, match="retreat the other"):
        act(state, {"type": "press"})
    act(state, {"type": "retreat", "to": "ravensgate"})
    assert count(state, "karkoth", "dragon", "grey-reach") == 1
    assert count(state, "karkoth", "footsoldier", "ravensgate") == 2 and state.battle is None


def test_flying_pieces_may_retreat_to_a_friendly_sea():
    state = battle_at("silverbough")
    attackers(state, "dragon", "silverbough")
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1])
    assert {"grey-reach", "amber-reach", "ravensgate"} <= set(nerath_rules.battle.retreat_options(state))
    act(state, {"type": "retreat", "to": "grey-reach"})
    assert count(state, "karkoth", "dragon", "grey-reach") == 1


def test_retreat_from_a_sea_battle_goes_to_an_adjacent_friendly_sea():
    state = battle_at("amber-reach")
    attackers(state, "warship", "amber-reach")
    put(state, "vailin", "warship", "amber-reach")
    put(state, "vailin", "warship", "whale-sound")  # an enemy sea now
    act(state, {"type": "fight", "space": "amber-reach"}, dice=[1, 1])
    options = nerath_rules.battle.retreat_options(state)
    assert options and all(nerath_rules.board.SPACES[s].kind == "sea" for s in options)
    assert "whale-sound" not in options


def test_flying_pieces_may_retreat_from_a_sea_battle_to_friendly_land():
    state = battle_at("amber-reach")
    state.control["sunfield"] = "karkoth"
    attackers(state, "dragon", "amber-reach")
    attackers(state, "warship", "amber-reach")
    put(state, "vailin", "warship", "amber-reach", 2)
    act(state, {"type": "fight", "space": "amber-reach"}, dice=[1, 1, 1, 1])
    whole = nerath_rules.battle.retreat_options(state)
    assert "sunfield" not in whole and all(nerath_rules.board.SPACES[s].kind == "sea" for s in whole)
    assert "sunfield" in nerath_rules.battle.retreat_options(state, "dragon")  # only sea pieces must stay at sea
    offers = [c.action for c in nerath.legal(state, 0) if c.action["type"] == "retreat"]
    assert {"type": "retreat", "to": "sunfield", "piece": "dragon", "count": 1} in offers
    act(state, {"type": "retreat", "to": "sunfield", "piece": "dragon", "count": 1})
    act(state, {"type": "retreat", "to": "grey-reach"})
    assert count(state, "karkoth", "dragon", "sunfield") == 1 and count(state, "karkoth", "warship", "grey-reach") == 1


def test_liberated_ally_capital_takes_new_pieces_on_the_allys_next_turn():
    state = battle_at("vailindor", realm="nerath")
    state.control["vailindor"] = "karkoth"
    castle = put(state, "karkoth", "castle", "vailindor")[0]  # captured by Karkoth earlier
    attackers(state, "fighter", "vailindor", realm="nerath")
    act(state, {"type": "fight", "space": "vailindor"}, dice=[6, 1])  # the Fighter knocks the Castle out
    assert state.control["vailindor"] == "vailin" and castle.realm == "vailin"
    assert state.realms["nerath"].vp == 0
    state.turn = 1  # Vailin's next turn, reinforce step
    nerath_rules.turns.begin_turn(state, nerath_rules.ActionLog(), nerath_rules.Rng(0))
    state.step = "reinforce"
    assert "vailindor" in reinforce.placements(state, "vailin", "footsoldier")


def test_defender_keeps_the_space_when_both_sides_are_destroyed():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough")
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6])
    assert state.battle is None and state.control["silverbough"] == "vailin"
    assert not [p for p in state.pieces if p.space == "silverbough"] and state.realms["karkoth"].vp == 0


def test_retreat_onto_warships_only_when_no_friendly_land_is_adjacent():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough")
    put(state, "karkoth", "warship", "grey-reach")
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1])
    assert [c.action["to"] for c in nerath.legal(state, 0) if c.action["type"] == "retreat"] == ["ravensgate"]


def test_casualty_choices_are_short_counts_by_kind_even_for_many_hits():
    state = battle_at("silverbough")
    attackers(state, "dragon", "silverbough", 9)
    put(state, "vailin", "footsoldier", "silverbough", 6)
    put(state, "vailin", "siege_engine", "silverbough", 3)
    put(state, "vailin", "storm_elemental", "silverbough", 2)
    put(state, "vailin", "monster", "silverbough", 2)
    act(state, {"type": "fight", "space": "silverbough"}, dice=[20] * 9 + [1] * 13)
    labels = [c.label for c in nerath.legal(state, 1)]
    assert labels[0] == "Vailin loses 6 Footsoldiers, 3 Siege Engines"  # the cheapest first
    assert "Vailin loses 6 Footsoldiers, 1 Siege Engine, 2 Monsters" in labels
    assert all(len(label) <= 100 for label in labels)


def test_casualties_of_one_kind_are_told_as_a_count():
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough", 4)
    put(state, "vailin", "footsoldier", "silverbough", 3)
    put(state, "vailin", "fighter", "silverbough")
    events = act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1, 1, 1, 6, 6, 6, 10])
    assert "Karkoth: 4 Footsoldiers are destroyed." in texts(events)


def test_many_casualties_fit_a_discord_value_as_counts_and_can_be_typed_so():
    state = battle_at("silverbough")
    attackers(state, "dragon", "silverbough", 12)
    put(state, "vailin", "siege_engine", "silverbough", 12)
    put(state, "vailin", "footsoldier", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[20] * 12 + [1] * 13)
    values = [c.action["pieces"] for c in nerath.legal(state, 1)]
    assert all(len(value) <= 100 for value in values) and "1 footsoldier,11 siege_engine" in values
    act(state, {"type": "casualties", "pieces": "12 Siege Engines"}, seat=1)
    assert count(state, "vailin", "siege_engine", "silverbough") == 0
    assert count(state, "vailin", "footsoldier", "silverbough") == 1


def test_casualties_typed_one_per_hit_are_the_offered_choice_not_a_near_miss():
    """A slash command or the console hands the casualties over item by item ('footsoldier, footsoldier'), while
    the offered choices are whole texts ('footsoldier,monster') that a lone item closely resembles."""
    state = battle_at("silverbough")
    attackers(state, "footsoldier", "silverbough", 2)
    put(state, "vailin", "footsoldier", "silverbough", 2)
    put(state, "vailin", "monster", "silverbough")
    act(state, {"type": "fight", "space": "silverbough"}, dice=[6, 6, 1, 1, 1])
    offered = nerath.legal(state, 1)
    assert {c.action["pieces"] for c in offered} >= {"footsoldier,footsoldier", "footsoldier,monster"}
    typed = {"type": "casualties", "pieces": ["Footsoldier", "footsoldier"]}
    resolved = resolve(offered, typed, {"pieces"})
    assert resolved == {"type": "casualties", "pieces": "footsoldier,footsoldier"}
    act(state, resolved, seat=1)
    assert count(state, "vailin", "footsoldier", "silverbough") == 0
    assert count(state, "vailin", "monster", "silverbough") == 1


def test_a_single_retreat_is_offered_as_a_button_beside_press():
    state = battle_at("silverbough")
    state.control["ravensgate"] = "vailin"
    attackers(state, "footsoldier", "silverbough", 2)
    put(state, "karkoth", "warship", "grey-reach")
    put(state, "vailin", "footsoldier", "silverbough", 2)
    act(state, {"type": "fight", "space": "silverbough"}, dice=[1, 1, 1, 1])
    quick = [c.label for c in nerath.legal(state, 0) if c.quick]
    assert quick == ["Press the attack at Silverbough", "Retreat everything to Grey Reach (aboard the Warships)"]
