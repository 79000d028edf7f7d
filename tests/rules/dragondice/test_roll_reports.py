"""Every roll is shown in public: each unit with its face, the counted results, the SAIs with what they did, the
saves and the damage (issue: "rolls are the heart of this game"). Whole lines are compared, so nothing is left out."""

from rules.base import Event
from rules.dragondice.model import Effect
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, dragon_face, face, position, strike_back
from tests.rules.dragondice.test_dragons import at_frontier, attack

CINDER, ANVIL, CRUCIBLE, FORGE = (EMBER + n for n in ("cinder_scout", "anvil_guard", "crucible_knight", "forge_adept"))
FEN, TIDE, REED, GALE = (MIST + n for n in ("fen_runner", "tide_caller", "reed_skirmisher", "gale_archer"))


def lines(events: list[Event]) -> list[str]:
    return [e.text for e in events]


def rolls(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.kind == "roll"]


def test_melee_roll_shows_each_unit_id_health_sais_saves_damage_and_thornback():
    state = position({(0, "t2"): [CINDER, ANVIL, CRUCIBLE], (1, "t2"): [ANVIL, TIDE]}, faces=(3, 3, 1))
    events = act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(CINDER, "Kindle 1"),
        face(ANVIL, "ID"),
        face(CRUCIBLE, "Rive 1"),
        face(ANVIL, "Thornback 2"),
        face(TIDE, "Surge 1"),
    )
    assert rolls(events) == [
        "<seat:0>'s army at Swampland, melee roll: Cinder Scout u0: Kindle 1, Anvil Guard u1: ID (3), "
        "Crucible Knight u2: Rive 1 → 4 melee, 1 damage no save stops, the target's saves -1. "
        "SAIs: Kindle 1 (u0) 1 damage no save stops; Rive 1 (u2) +1 melee, the target's saves -1",
        "<seat:1>'s army at Swampland, save roll: Anvil Guard u3: Thornback 2, Tide Caller u4: Surge 1 → 2 saves, "
        "2 damage back to the attacker. SAIs: Thornback 2 (u3) +2 saves, 2 damage back to the attacker; "
        "Surge 1 (u4) no effect in a save roll",
    ]
    assert (
        "Melee: 4 hits against 1 save (2 rolled, 1 fewer by SAIs), plus 1 damage no save stops → 4 damage to "
        "<seat:1>. The defenders strike back: 2 damage to <seat:0>, no save."
    ) in lines(events)


def test_counter_attack_roll_is_labelled_and_reports_its_damage():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [ANVIL]}, faces=(3, 3, 1))
    events = act(
        state,
        0,
        {"type": "melee", "army": "t2", "target": "t2:1"},
        face(CINDER, "melee 1"),
        blank(ANVIL),
    )
    events += strike_back(state, 1, face(ANVIL, "melee 2"), blank(CINDER))
    assert (
        rolls(events)[2] == "<seat:1>'s army at Swampland, counter-attack melee roll: Anvil Guard u1: melee 2 → 2 melee"
    )
    assert "Counter-attack melee: 2 hits against 0 saves → 2 damage to <seat:0>." in lines(events)
    assert (
        "Counter-attack: <seat:0> loses Cinder Scout u0 at Swampland to the dead unit area; 1 damage is lost."
        in lines(events)
    )


def test_missile_roll_shows_volley_and_wall_of_fog_and_no_save_roll_without_hits():
    state = position({(0, "t2"): [REED, GALE], (1, "t1"): [ANVIL, CINDER]}, faces=(3, 3, 6))
    state.species = ["mistwardens", "emberwrights"]
    state.effects.append(Effect("wall_of_fog", 1, "t1", 1))
    events = act(
        state, 0, {"type": "missile", "army": "t2", "target": "t1:1"}, face(REED, "Salvo 1"), face(GALE, "Salvo 1")
    )
    assert lines(events) == [
        "<seat:0>'s army at Swampland, missile roll: Reed Skirmisher u0: Salvo 1, Gale Archer u1: Salvo 1 → "
        "4 missile. SAIs: Salvo 1 (u0) +2 missile; Salvo 1 (u1) +2 missile",
        "Wall of Fog at Coastland stops 4 missile results.",
        "Missile: 0 hits, so no save roll → 0 damage to <seat:1>.",
    ]


def test_magic_roll_shows_results_by_colour_and_sais_without_effect():
    state = position({(0, "t2"): [FORGE, CINDER, ANVIL], (1, "t2"): [TIDE]}, faces=(3, 3, 4))
    events = act(
        state,
        0,
        {"type": "magic", "army": "t2"},
        face(FORGE, "Kindle 1"),
        face(CINDER, "ID"),
        face(ANVIL, "Thornback 2"),
    )
    assert rolls(events) == [
        "<seat:0>'s army at Swampland, magic roll: Forge Adept u0: Kindle 1, Cinder Scout u1: ID (1), "
        "Anvil Guard u2: Thornback 2 → 2 earth+fire magic. SAIs: Kindle 1 (u0) +1 magic; "
        "Thornback 2 (u2) no effect in a magic roll"
    ]


def test_manoeuvre_and_every_counter_manoeuvre_roll_with_the_totals_compared():
    kinds = ("highland", "coastland", "swampland", "feyland")
    state = position(
        {(0, "t3"): [CINDER, CRUCIBLE], (1, "t3"): [FEN], (2, "t3"): [TIDE]}, faces=(3, 3, 3, 4), players=3, kinds=kinds
    )
    act(state, 0, {"type": "manoeuvre", "terrain": "t3", "direction": "up"})
    act(state, 1, {"type": "counter", "oppose": "yes"})
    events = act(
        state,
        2,
        {"type": "counter", "oppose": "yes"},
        face(CINDER, "manoeuvre 1"),
        face(CRUCIBLE, "manoeuvre 2"),
        face(FEN, "manoeuvre 2"),
        face(TIDE, "Surge 1"),
    )
    assert rolls(events) == [
        "<seat:0>'s army at Feyland, manoeuvre roll: Cinder Scout u0: manoeuvre 1, Crucible Knight u1: manoeuvre 2 "
        "→ 3 manoeuvre",
        "<seat:1>'s army at Feyland, counter-manoeuvre roll: Fen Runner u2: manoeuvre 2 → 2 manoeuvre",
        "<seat:2>'s army at Feyland, counter-manoeuvre roll: Tide Caller u3: Surge 1 → 1 manoeuvre. "
        "SAIs: Surge 1 (u3) +1 manoeuvre",
    ]
    assert (
        "The manoeuvre at Feyland succeeds: <seat:0>'s 3 manoeuvre against <seat:1>'s 2 and <seat:2>'s 1 "
        "(the marching army must equal or beat each)."
    ) in lines(events)


def test_roll_against_a_dragon_shows_its_faces_the_breath_the_armys_melee_and_saves_and_the_damage():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE, kind="fire_water")
    text = attack(
        state, dragon_face("breath"), face(CINDER, "ID"), face(ANVIL, "save 2"), face(CRUCIBLE, "melee 2")
    ).splitlines()
    assert text[2] == "<seat:1>'s Fire/Water Hybrid Drake at Swampland attacks <seat:0>'s army: it rolls Breath."
    assert text[3].startswith(
        "<seat:1>'s Fire/Water Hybrid Drake breathes: 5 health of <seat:0>'s army is killed, no save. Dragon Fire: "
    )
    assert "Poisonous Cloud: " in text[3]
    assert text[4].startswith(
        "<seat:0>'s army at Swampland, roll against the dragons: Cinder Scout u0: ID (1), Anvil Guard u1: save 2, "
        "Crucible Knight u2: melee 2 → 3 melee and 3 saves"
    )
    assert text[5:7] == [
        "The dragons deal 0 damage against 3 saves → 0 damage to <seat:0>.",
        "<seat:1>'s Fire/Water Hybrid Drake needs 10 melee or missile (5 health, 5 saves); the army has 3 left for it.",
    ]


def test_dragons_attacking_dragons_show_each_roll_and_the_damage_each_takes():
    state = at_frontier(CINDER, ANVIL, kind="water")
    state.dragons[0].where = "t2"
    text = attack(state, dragon_face("jaws"), dragon_face("belly"))
    assert text.splitlines()[2:] == [
        "<seat:0>'s Fire Drake at Swampland attacks <seat:1>'s Water Drake: it rolls Jaws.",
        "<seat:1>'s Water Drake at Swampland attacks <seat:0>'s Fire Drake: it rolls Belly.",
        "<seat:0>'s Fire Drake takes 0 damage from dragons less 5 saves: short of its 5 health.",
        "<seat:1>'s Water Drake takes 12 damage from dragons less 0 saves: slain, it returns to its owner's summoning "
        "pool.",
    ]


def test_hailstorm_save_roll_and_its_damage_are_shown():
    state = position({(0, "t2"): [FORGE], (1, "t2"): [FEN, TIDE], (1, "t1"): [REED]}, faces=(3, 3, 4))
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"air": 2}, ["t2"]
    act(state, 0, {"type": "cast", "spell": "hailstorm", "target": "t1:1"})
    events = act(state, 0, {"type": "pass"}, face(REED, "missile 1"))
    assert "<seat:1>'s army at Coastland, save roll against Hailstorm: Reed Skirmisher u3: missile 1 → 0 saves" in (
        rolls(events)
    )
    assert "Hailstorm: 1 damage against 0 saves → 1 damage to <seat:1>." in lines(events)
    saved = position({(0, "t2"): [FORGE], (1, "t1"): [REED]}, faces=(3, 3, 4))
    saved.step, saved.marching, saved.pool, saved.marched = "magic", "t2", {"air": 2}, ["t2"]
    act(saved, 0, {"type": "cast", "spell": "hailstorm", "target": "t1:1"})
    events = act(saved, 0, {"type": "pass"}, face(REED, "Salvo 1"))
    assert "Hailstorm: 1 damage against 1 save → 0 damage to <seat:1>." in lines(events)
    assert saved.unit("u1").where == "t1"


def test_single_die_rolls_of_lightning_strike_soiled_ground_and_flash_flood_are_shown():
    state = position({(0, "t2"): [FORGE], (1, "t2"): [FEN, TIDE]}, faces=(3, 3, 4))
    state.step, state.marching, state.pool, state.marched = "magic", "t2", {"air": 6, "water": 4}, ["t2"]
    state.effects.append(Effect("soiled_ground", 0, "t2"))
    act(state, 0, {"type": "cast", "spell": "lightning_strike", "target": "u1"})
    act(state, 0, {"type": "cast", "spell": "flash_flood", "target": "t2"})
    events = act(state, 0, {"type": "pass"}, face(FEN, "melee 1"), face(FEN, "manoeuvre 1"), blank(TIDE))
    assert rolls(events) == [
        "Lightning Strike: Fen Runner u1 rolls melee 1 → killed.",
        "Soiled Ground: Fen Runner u1 rolls manoeuvre 1 → buried.",
        "<seat:1>'s army at Swampland, manoeuvre roll against Flash Flood: Tide Caller u2: manoeuvre 1 → 1 manoeuvre",
    ]
    assert "Flash Flood turns Swampland down to 3 (no army there rolled 6 manoeuvre)." in lines(events)
