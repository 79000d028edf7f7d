"""What play-testing in the console turned up: status text that says who must do what, refusals that say what is
allowed, events that name units, spells that are not offered where they can do nothing, and the secret direction."""

import pytest

from rules.base import RuleError
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Cast, Damage
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position, strike_back

CINDER, ANVIL, FORGE = EMBER + "cinder_scout", EMBER + "anvil_guard", EMBER + "forge_adept"
FEN, TIDE, REED = MIST + "fen_runner", MIST + "tide_caller", MIST + "reed_skirmisher"


def duel():
    return position({(0, "t2"): [ANVIL, CINDER], (1, "t2"): [FEN, TIDE], (0, "t0"): [FORGE], (1, "t1"): [REED]})


def first_line(state, seat=None):
    return dd.status(state, seat).splitlines()[0]


def test_status_march_step_names_the_player_and_the_commands():
    line = first_line(duel())
    assert line.startswith("<seat:0>")
    for command in ("/dd manoeuvre", "/dd pass"):
        assert command in line


def test_status_counter_names_who_decides_and_how_without_the_direction():
    state = duel()
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "down"})
    line = first_line(state)
    assert line.startswith("<seat:1>") and "/dd counter" in line and "Swampland" in line
    assert "down" not in dd.status(state, None) and "down" not in dd.status(state, 1)
    assert "Your secret manoeuvre: turn down" in dd.status(state, 0)


def test_status_casualties_names_the_menu_and_the_command():
    state = duel()
    state.damage.append(Damage(1, "t2", 2, "Melee"))
    line = first_line(state)
    assert line.startswith("<seat:1>") and "/dd casualties" in line and "menu" in line and "2 damage" in line


def test_status_magic_step_names_spells_and_targets_not_ids():
    state = duel()
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"earth+fire": 4}, ["t2"]
    state.announced = [Cast("stoneskin", "t2:0", "earth")]
    text = dd.status(state, None)
    assert first_line(state).startswith("<seat:0>") and "/dd cast" in text
    assert "Stone Skin (earth) on <seat:0>'s army at Swampland" in text
    assert "t2:0" not in text and "stoneskin on" not in text


def test_status_reserves_steps_name_the_commands():
    state = duel()
    state.step = "reinforce"
    assert "/dd reinforce" in first_line(state) and "/dd retreat" in first_line(state)
    state.step = "retreat"
    assert "/dd retreat" in first_line(state) and "/dd pass ends the turn" in first_line(state)


def test_status_setup_names_the_command():
    state = duel()
    state.phase = "ready"
    assert first_line(state) == "<seat:0> starts the game with /dd begin: it builds the armies and rolls the hordes."


def test_status_terrain_lines_say_whose_home_it_is():
    text = dd.status(duel(), None)
    assert "Highland (t0), <seat:0>'s home" in text and "Swampland (t2), the frontier" in text


def test_refusal_in_the_wrong_step_says_what_is_allowed():
    state = duel()
    with pytest.raises(RuleError) as refused:
        act(state, 0, {"type": "cast", "spell": "stoneskin", "target": "t2:0"})
    assert "/dd manoeuvre" in str(refused.value) and "/dd pass" in str(refused.value)


def test_reinforce_and_retreat_events_name_the_units():
    state = duel()
    state.step = "reinforce"
    state.unit("u0").where = "reserve"
    events = act(state, 0, {"type": "reinforce", "units": "u0", "terrain": "t1"})
    assert any("Anvil Guard u0" in e.text for e in events)
    events = act(state, 0, {"type": "retreat", "units": "u1"})
    assert any("Cinder Scout u1" in e.text for e in events)


def test_flash_flood_is_not_offered_where_it_cannot_turn_the_terrain():
    state = duel()
    state.terrain("t1").face = 1
    state.flooded = ["t0"]
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"air+water": 8}, ["t2"]
    floods = [c.action["target"] for c in dd.legal(state, 0) if c.action.get("spell") == "flash_flood"]
    assert floods == ["t2"]
    with pytest.raises(RuleError, match=r"it may target: Swampland \(t2\)\."):
        act(state, 0, {"type": "cast", "spell": "flash_flood", "target": "t1"})
    act(state, 0, {"type": "cast", "spell": "flash_flood", "target": "t2"})
    assert not [c for c in dd.legal(state, 0) if c.action.get("spell") == "flash_flood"]  # once per terrain


def test_counter_attack_casualties_are_reported_as_a_counter_attack():
    state = duel()
    state.terrain("t2").face = 1  # melee
    state.unit("u1").where = "dead"  # the Anvil Guard alone attacks
    # The Anvil Guard rolls nothing; the counter-attack rolls 2 + an ID of 2, and the Anvil Guard saves nothing.
    act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, blank(ANVIL))
    events = strike_back(state, 1, face(FEN, "melee 2"), face(TIDE, "ID"), blank(ANVIL))
    assert any(e.text.startswith("Counter-attack: <seat:0> loses Anvil Guard u0") for e in events)


def test_two_homes_of_one_terrain_type_get_different_names():
    """Three players, two of one species: both homes are Highlands, and every text must tell them apart."""
    from rules.base import SeatInfo
    from rules.rng import Rng

    seats = [SeatInfo("Emberwrights"), SeatInfo("Mistwardens"), SeatInfo("Emberwrights")]
    state = dd.new(seats, {"force": "12"}, Rng(1))
    events = dd.act(state, 0, {"type": "begin"}, Rng(1))
    names = [t.name for t in state.terrains]
    assert len(set(names)) == len(names)
    assert names[:3] == ["Highland", "Coastland", "Highland II"]
    assert "Highland II (t2), <seat:2>'s home" in dd.status(state, None)
    assert any("Highland II starting face" in e.text for e in events)
    assert any(e.text.startswith("<seat:1>'s army at Highland II, horde roll") for e in events)


def test_manoeuvring_to_the_eighth_face_announces_the_face_and_the_capture():
    state = duel()
    state.terrain("t2").face = 7
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    events = act(state, 1, {"type": "counter", "oppose": "no"})
    assert "Swampland turns from 7 to 8, its eighth face (Standing Stones): <seat:0> captures it." in [
        e.text for e in events
    ]
    assert "shows 8 (Standing Stones, captured by <seat:0>)" in dd.status(state, None)


def test_draft_announcement_names_terrains_and_the_points_of_each_army():
    from rules.base import SeatInfo
    from rules.rng import Rng

    state = dd.new([SeatInfo(None)] * 2, {"setup": "draft"}, Rng(1))
    action = {"type": "draft", "species": "emberwrights", "home": "flatland", "frontier": "highland"}
    events = dd.act(state, 0, {**action, "split": "horde_heavy"}, Rng(1))
    assert [e.text for e in events] == [
        "<seat:0> drafts Emberwrights: home Flatland, proposed frontier Highland, armies of 6/12/6 points "
        "(home/horde/campaign); the horde invades <seat:1>'s home."
    ]


def test_refusals_name_terrains_and_armies_not_bare_ids():
    state = duel()
    state.terrain("t2").face = 1  # melee at Swampland
    with pytest.raises(RuleError) as refused:
        act(state, 0, {"type": "melee", "army": "t2", "target": "t1:1"})
    assert "targets: <seat:1>'s army at Swampland (t2)." in str(refused.value)
    with pytest.raises(RuleError) as refused:
        act(state, 0, {"type": "missile", "army": "t2", "target": "t1:1"})
    assert str(refused.value) == (
        "Your army at Swampland (t2) may only take the melee action now: Swampland shows 1 (melee)."
    )
    with pytest.raises(RuleError) as refused:
        act(state, 0, {"type": "manoeuvre", "terrain": "t1", "direction": "up"})
    assert "you may march at Highland (t0), Swampland (t2)" in str(refused.value)
    with pytest.raises(RuleError) as refused:
        act(state, 0, {"type": "cast", "spell": "hailstorm", "target": "t1:1"})
    assert "/dd manoeuvre" in str(refused.value)


def test_refusals_while_a_decision_is_pending_say_who_decides_and_how():
    state = duel()
    state.damage.append(Damage(0, "t2", 1, "Melee"))
    with pytest.raises(RuleError, match=r"Casualties come first\. <seat:0> must choose casualties for 1 damage"):
        act(state, 0, {"type": "pass"})
    state = duel()
    state.players = 3
    state.units.append(type(state.units[0])("u9", 2, CINDER, "t2"))
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    act(state, 1, {"type": "counter", "oppose": "no"})
    with pytest.raises(RuleError, match=r"comes first\. <seat:2> must decide whether to counter"):
        act(state, 2, {"type": "melee", "army": "t2", "target": "t2:0"})


def test_expiring_effects_are_named_like_spells():
    from rules.base import ActionLog
    from rules.dragondice.model import Effect
    from rules.dragondice.turn import begin_turn
    from rules.rng import Rng

    state = duel()
    state.effects = [Effect("wind_walk", 0, "t2:0"), Effect("tower", 0, "t0:0")]
    log = ActionLog()
    begin_turn(state, 0, Rng(0), log)
    assert "Effects ending now: Wind Walk on <seat:0>'s army at Swampland, Tower on <seat:0>'s army at Highland." in [
        e.text for e in log.events
    ]


def test_status_lists_the_lasting_effects_with_their_caster():
    from rules.dragondice.model import Effect

    state = duel()
    state.effects = [Effect("stoneskin", 1, "t2:1"), Effect("ash_storm", 0, "t2")]
    assert (
        "Lasting effects: Stone Skin on <seat:1>'s army at Swampland (until <seat:1>'s next turn), "
        "Ash Storm on Swampland (until <seat:0>'s next turn)."
    ) in dd.status(state, None)


def test_one_hit_and_one_save_read_in_the_singular():
    state = duel()
    state.terrain("t2").face = 1
    state.unit("u0").where = "dead"  # the Cinder Scout attacks alone
    events = act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(CINDER, "melee 1"),
        face(FEN, "save 1"),
        blank(TIDE),
    )
    lines = [e.text for e in events]
    assert lines[1].endswith("→ 1 save")
    assert "Melee: 1 hit against 1 save → 0 damage to <seat:1>." in lines


def test_counter_buttons_name_their_player_when_several_opponents_decide():
    state = duel()
    state.players = 3
    state.units.append(type(state.units[0])("u9", 2, CINDER, "t2"))
    act(state, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    quick = {seat: [c.label for c in dd.legal(state, seat) if c.quick] for seat in (1, 2)}
    assert quick == {
        1: ["<seat:1>: let the manoeuvre at Swampland pass"],
        2: ["<seat:2>: let the manoeuvre at Swampland pass"],
    }
    act(state, 1, {"type": "counter", "oppose": "no"})
    assert [c.label for c in dd.legal(state, 2) if c.quick] == ["Let the manoeuvre at Swampland pass"]


def test_magic_from_the_reserves_reads_as_such():
    state = duel()
    state.unit("u4").where = "reserve"  # the Forge Adept
    labels = [c.label for c in dd.legal(state, 0) if c.action == {"type": "magic", "army": "reserve"}]
    assert labels == ["Magic: roll your reserves for magic (only the spells marked 'from reserves too')"]
    labels = [c.label for c in dd.legal(state, 0) if c.action.get("army") == "t2"]
    assert labels == ["Melee from Swampland at <seat:1>'s army at Swampland (t2)"]


def test_status_in_the_magic_step_says_how_much_the_announced_spells_cost():
    state = duel()
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"earth+fire": 4, "fire": 1}, ["t2"]
    state.announced = [Cast("stoneskin", "t2:0", "earth")]
    assert "Magic results: 4 earth+fire, 1 fire (5 in all; announced spells cost 2)." in dd.status(state, None)


def test_casting_names_the_spells_in_order():
    state = duel()
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"earth+fire": 4}, ["t2"]
    state.announced = [Cast("stoneskin", "t2:0", "earth"), Cast("ash_storm", "t2", "fire")]
    events = act(state, 0, {"type": "pass"})
    assert events[0].text == "<seat:0> casts Stone Skin, then Ash Storm."
    state = duel()
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"earth+fire": 1}, ["t2"]
    assert act(state, 0, {"type": "pass"})[0].text == "<seat:0> casts nothing."


def test_a_refused_casualty_set_lists_the_valid_sets_by_name():
    state = duel()
    state.damage.append(Damage(1, "t2", 1, "Hailstorm"))  # Fen Runner (1) u2, Tide Caller (2) u3
    with pytest.raises(RuleError) as refused:
        act(state, 1, {"type": "casualties", "units": "u3"})
    assert str(refused.value).endswith("Valid sets, cheapest first: u2 (Fen Runner (1): 1 of 1 damage).")


def test_status_drops_the_magic_results_once_the_spells_are_cast():
    state = duel()
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"air+water": 2}, ["t2"]
    state.units.append(type(state.units[0])("u9", 1, REED, "t2"))  # two small units: a choice of casualty
    state.announced = [Cast("hailstorm", "t2:1", "air")]
    act(state, 0, {"type": "pass"}, blank(FEN), blank(TIDE), blank(REED))  # no saves: 1 damage
    assert state.damage and "Magic results" not in dd.status(state, None)


def test_retreat_choices_say_where_the_unit_stands():
    state = duel()
    state.step = "retreat"
    labels = [c.label for c in dd.legal(state, 0) if c.action["type"] == "retreat"]
    assert labels == [
        "Retreat your whole army at Highland (Forge Adept u4)",
        "Retreat your whole army at Swampland (Anvil Guard u0, Cinder Scout u1)",
        "Retreat Anvil Guard u0 from Swampland",
        "Retreat Cinder Scout u1 from Swampland",
    ]


def test_the_turn_limit_result_gives_the_figures_it_was_decided_on():
    from rules.base import ActionLog
    from rules.dragondice.turn import finish_by_limit
    from rules.rng import Rng

    state = duel()  # seat 0: Anvil Guard 3 + Cinder Scout 1 + Forge Adept 2; seat 1: Fen 1 + Tide 2 + Reed 1
    finish_by_limit(state, Rng(0), ActionLog())
    assert state.result == (
        "The 12-round limit is reached: <seat:0> wins with the most health on the terrains (tied before: the most "
        "captured terrains). <seat:0>: 0 captured, 6 health on terrains, 6 living; "
        "<seat:1>: 0 captured, 4 health on terrains, 4 living."
    )


def test_draft_labels_fit_discord_with_long_player_names():
    from rules.base import SeatInfo, fill_seats
    from rules.rng import Rng

    state = dd.new([SeatInfo(None)] * 4, {"setup": "draft", "force": "36"}, Rng(1))
    labels = [fill_seats(c.label, lambda seat: "N" * 32) for c in dd.legal(state, 0)]
    assert max(len(label) for label in labels) <= 100
    assert "Emberwrights, home Coastland, frontier Swampland, 9/9/18, horde " + "N" * 32 in labels


def test_a_roll_of_the_reserves_reads_as_the_reserves():
    state = duel()
    state.unit("u4").where = "reserve"  # the Forge Adept
    events = act(state, 0, {"type": "magic", "army": "reserve"}, face(FORGE, "magic 2"))
    assert events[0].text.startswith("<seat:0>'s army in the reserves, magic roll: Forge Adept u4: magic 2")
