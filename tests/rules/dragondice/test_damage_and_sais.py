"""Damage per RULINGS (defender chooses, health consumed, small leftovers lost) and every SAI's effect."""

import pytest

from rules import serial
from rules.base import RuleError
from rules.dragondice.damage import casualty_label, casualty_sets, is_valid
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import Unit
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, face, position, texts

CINDER, ANVIL, CRUCIBLE, FORGE = (
    EMBER + "cinder_scout",
    EMBER + "anvil_guard",
    EMBER + "crucible_knight",
    EMBER + "forge_adept",
)
FEN, TIDE, REED, LEVIATHAN = MIST + "fen_runner", MIST + "tide_caller", MIST + "reed_skirmisher", MIST + "leviathan"


def melee(state, *forced):
    return act(state, 0, {"type": "melee", "army": "t2", "target": "t2:1"}, *forced)


def test_damage_each_dead_unit_consumes_its_health_and_small_leftovers_are_lost():
    army = [Unit("u0", 1, ANVIL, "t2"), Unit("u1", 1, CRUCIBLE, "t2"), Unit("u2", 1, CINDER, "t2")]
    sets = [sorted(u.id for u in s) for s in casualty_sets(army, 4)]
    # 4 damage: anvil+cinder uses 4; crucible+cinder uses 3 and the 1 left is below the anvil's 3, so it is lost.
    # The anvil alone would leave 1, enough to kill the cinder scout, so that set is not allowed.
    assert sets == [["u1", "u2"], ["u0", "u2"]]
    assert not is_valid(army, [army[0]], 4)  # 1 left over could still kill the cinder scout


def test_damage_below_every_units_health_is_lost_without_a_decision():
    state = position({(0, "t2"): [CINDER], (1, "t2"): [TIDE]}, faces=(3, 3, 1))
    events = melee(state, face(CINDER, "melee 1"), blank(TIDE))
    assert "kills nobody" in texts(events) and not state.damage


def test_damage_that_kills_everything_needs_no_decision():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [FEN, TIDE], (1, "t1"): [REED]}, faces=(3, 3, 1))
    melee(state, face(ANVIL, "melee 3"), blank(FEN), blank(TIDE))
    assert not state.army(1, "t2") and state.step == "march" and state.march == 2


def test_damage_defender_choice_is_validated_and_refusal_changes_nothing():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [FEN, TIDE, REED]}, faces=(3, 3, 1))
    melee(state, face(ANVIL, "melee 2"), blank(FEN), blank(TIDE), blank(REED))
    assert dd.awaiting(state) == {1}
    before = serial.dumps(state)
    with pytest.raises(RuleError, match="do not fit 2 damage"):
        dd.act(state, 1, {"type": "casualties", "units": "u1"}, Rng(0))  # 1 left over could kill another small
    with pytest.raises(RuleError, match="not in your army"):
        dd.act(state, 1, {"type": "casualties", "units": "u0"}, Rng(0))
    with pytest.raises(RuleError, match="casualties"):
        dd.act(state, 1, {"type": "pass"}, Rng(0))
    assert serial.dumps(state) == before
    assert dd.fallback(state, 1) == {"type": "casualties", "units": "u2"}  # cheapest: least health, fewest units
    labels = [c.label for c in dd.legal(state, 1)]
    assert labels == ["Tide Caller (2): 2 of 2 damage", "Fen Runner (1) + Reed Skirmisher (1): 2 of 2 damage"]
    act(state, 1, {"type": "casualties", "units": "u2"})


def test_id_face_counts_as_the_units_health_for_any_roll():
    state = position({(0, "t2"): [ANVIL], (1, "t2"): [FEN, TIDE]}, faces=(3, 3, 1))
    events = melee(state, face(ANVIL, "ID"), face(FEN, "ID"), face(TIDE, "ID"))
    assert "3 melee" in texts(events) and "3 save" in texts(events)


def test_sai_kindle_deals_damage_no_save_stops():
    state = position({(0, "t2"): [CINDER, ANVIL], (1, "t2"): [TIDE, FEN]}, faces=(3, 3, 1))
    events = melee(state, face(CINDER, "Kindle 1"), face(ANVIL, "melee 3"), face(TIDE, "ID"), face(FEN, "save 1"))
    assert "3 hits against 3 saves, plus 1 Kindle damage → 1 damage" in texts(events)


def test_sai_kindle_in_a_magic_roll_gives_magic():
    state = position({(0, "t2"): [FORGE], (1, "t2"): [FEN]}, faces=(3, 3, 4))
    act(state, 0, {"type": "magic", "army": "t2"}, face(FORGE, "Kindle 1"))
    assert state.pool == {"earth+fire": 1}


def test_sai_rend_lowers_the_targets_saves():
    state = position({(0, "t2"): [CRUCIBLE], (1, "t2"): [FEN, TIDE]}, faces=(3, 3, 1))
    events = melee(state, face(CRUCIBLE, "Rend 1"), face(FEN, "save 1"), blank(TIDE))
    assert "1 hit against 0 saves (1 rolled, less Rend 1) → 1 damage" in texts(events)
    assert (
        "Crucible Knight u0: Rend 1 → 1 melee, Rend 1 (target saves -1). "
        "SAIs: Rend 1 (u0) +1 melee, the target's saves -1" in texts(events)
    )


def test_sai_thornback_saves_and_strikes_the_melee_attacker_back_first():
    state = position({(0, "t2"): [CINDER, CRUCIBLE], (1, "t2"): [ANVIL]}, faces=(3, 3, 1))
    events = melee(state, face(CINDER, "melee 2"), face(CRUCIBLE, "melee 2"), face(ANVIL, "Thornback 2"))
    assert "4 hits against 2 saves → 2 damage" in texts(events)
    # Thornback's 2 damage to the attacker is decided first (by seat 0), then the defender's 2 damage
    assert dd.awaiting(state) == {0} and state.damage[0].reason == "Thornback"


def test_sai_surge_gives_manoeuvre_and_double_magic():
    state = position({(0, "t2"): [TIDE], (1, "t2"): [CINDER]}, faces=(3, 3, 4))
    state.species = ["mistwardens", "emberwrights"]
    act(state, 0, {"type": "magic", "army": "t2"}, face(TIDE, "Surge 1"))
    assert state.pool == {"air+water": 2}
    state2 = position({(0, "t2"): [TIDE], (1, "t2"): [CINDER]})
    act(state2, 0, {"type": "manoeuvre", "terrain": "t2", "direction": "up"})
    events = act(state2, 1, {"type": "counter", "oppose": "yes"}, face(TIDE, "Surge 1"), face(CINDER, "manoeuvre 1"))
    assert "→ 1 manoeuvre" in texts(events) and state2.terrain("t2").face == 4


def test_sai_volley_doubles_missiles_and_saves():
    state = position({(0, "t2"): [REED], (1, "t2"): [TIDE], (1, "t1"): [REED]}, faces=(3, 3, 6))
    events = act(
        state, 0, {"type": "missile", "army": "t2", "target": "t2:1"}, face(REED, "Volley 1"), face(TIDE, "save 1")
    )
    assert "2 hits against 1 save → 1 damage" in texts(events)
    state2 = position({(0, "t2"): [CINDER], (1, "t2"): [REED, TIDE]}, faces=(3, 3, 1))
    events = melee(state2, face(CINDER, "melee 2"), face(REED, "Volley 1"), blank(TIDE))
    assert "2 hits against 1 save" in texts(events)


def test_sai_regrow_brings_dead_units_back_largest_first():
    state = position(
        {(0, "t2"): [LEVIATHAN], (0, "dead"): [CINDER, FORGE, CINDER], (1, "t2"): [ANVIL]}, faces=(3, 3, 1)
    )
    for index, unit in enumerate(state.army(0, "dead")):
        unit.died = index + 1
    events = melee(state, face(LEVIATHAN, "Regrow 2"))
    assert "Regrow returns Forge Adept u2" in texts(events)
    assert [u.kind for u in state.army(0, "t2")] == [LEVIATHAN, FORGE]


def test_every_sai_has_a_test_here():
    from rules.dragondice.content import SAIS

    tested = {name.split("_")[2] for name in globals() if name.startswith("test_sai_")}
    assert set(SAIS) <= tested


def test_casualty_choice_labels_are_short_sets_of_units_with_their_health():
    many = [Unit(f"u{i}", 1, CINDER, "t2") for i in range(3)] + [Unit("u9", 1, ANVIL, "t2")]
    assert casualty_label(many, 6) == "Anvil Guard (3) + Cinder Scout (1) x3: 6 of 6 damage"
    assert casualty_label([], 1) == "Nobody dies: the 1 damage is lost"
    crowd = [Unit(f"u{i}", 1, kind, "t2") for i, kind in enumerate([CINDER, ANVIL, CRUCIBLE, FEN, TIDE, REED] * 2)]
    assert all(len(casualty_label(s, 12)) <= 100 for s in casualty_sets(crowd, 12))


def test_damage_casualty_sets_are_exactly_the_valid_ones_fewest_losses_first():
    """The pruned search finds the same sets as trying every combination of how many of each kind die."""
    import random
    from itertools import product

    kinds = [CINDER, ANVIL, CRUCIBLE, FORGE, FEN, TIDE, LEVIATHAN, "dragonkin/fire"]
    chooser = random.Random(5)
    for _ in range(200):
        army = [Unit(f"u{i}", 1, chooser.choice(kinds), "t2") for i in range(chooser.randint(1, 9))]
        amount = chooser.randint(1, 20)
        groups = {k: [u for u in army if u.kind == k] for k in sorted({u.kind for u in army})}
        expected = []
        for counts in product(*(range(len(g) + 1) for g in groups.values())):
            killed = [u for g, c in zip(groups.values(), counts, strict=True) for u in g[:c]]
            if is_valid(army, killed, amount):
                expected.append(sorted(u.id for u in killed))
        found = casualty_sets(army, amount)
        assert sorted(sorted(u.id for u in s) for s in found) == sorted(expected)
        losses = [(sum(u.health for u in s), len(s)) for s in found]
        assert losses == sorted(losses)


def test_damage_casualty_sets_of_a_whole_force_in_one_army_are_all_offered():
    # how fast the pruned search is, is the benchmark's business (bench/), never a timed assertion here
    from rules.dragondice.setup import build_army

    kinds = [k for role in ("home", "horde", "campaign") for k in build_army("emberwrights", role, 18)]
    army = [Unit(f"u{i}", 1, k, "t2") for i, k in enumerate(kinds + ["dragonkin/fire"] * 2 + ["dragonkin/earth"] * 2)]
    sets = casualty_sets(army, 25)
    assert len(sets) > 1000


# -- the SAIs of the four published species (their dice and SAIs are ours)

LAVA, GOB, FERAL, SCALD = "lava_elves/", "goblins/", "feral/", "scalders/"
ASH, BOW, BLADE = LAVA + "ash_stalker", LAVA + "cinder_bow", LAVA + "obsidian_blade"
THUG, GRUNT = GOB + "pit_thug", GOB + "sling_grunt"
LYNX, HARE, BOAR = FERAL + "lynx_prowler", FERAL + "hare_runner", FERAL + "boar_charger"
VENT, SPOUT, GEYSER = SCALD + "vent_skirmisher", SCALD + "spout_slinger", SCALD + "geyser_mystic"


def _roll(state, seat, where, kind, *forced):
    from rules.base import ActionLog
    from rules.dragondice.dice import roll_army

    log = ActionLog()
    rolled = roll_army(state, Rng(0, forced=list(forced)), seat, where, kind, log)
    return rolled, texts(log.events)


def test_sai_reap_buries_what_the_attack_kills():
    state = position({(0, "t2"): [ASH], (1, "t2"): [FEN]}, faces=(3, 3, 1))
    events = melee(state, face(ASH, "Reap 1"), blank(FEN))
    assert "Reap: the units this attack kills are buried" in texts(events)
    assert state.unit("u1").where == "buried"


def test_sai_reap_does_nothing_in_a_save_roll():
    state = position({(0, "t2"): [ASH], (1, "t2"): [FEN]})
    rolled, said = _roll(state, 0, "t2", "save", face(ASH, "Reap 1"))
    assert rolled.total == 0 and not rolled.bury and "no effect in a save roll" in said


def test_sai_hex_lowers_the_targets_saves_until_the_next_turn():
    state = position({(0, "t2"): [BOW], (1, "t2"): [FEN, TIDE]}, faces=(3, 3, 1))
    events = melee(state, face(BOW, "Hex 1"))  # no hit: no save roll, but the hex lands
    assert "Hex:" in texts(events)
    assert [(e.source, e.target, e.amount) for e in state.effects] == [("hex", "t2:1", 1)]
    rolled, said = _roll(state, 1, "t2", "save", face(FEN, "save 1"), face(TIDE, "save 1"))
    assert rolled.total == 1 and "-1 save from Hex" in said


def test_sai_swarm_doubles_when_the_army_outnumbers_its_target():
    state = position({(0, "t2"): [THUG, THUG], (1, "t2"): [TIDE]}, faces=(3, 3, 1))
    events = melee(state, face(THUG, "Swarm 1"), blank(THUG), blank(TIDE))
    assert "Swarm:" in texts(events) and "2 hits against 0 saves" in texts(events)
    assert state.unit("u2").where == "dead"
    even = position({(0, "t2"): [THUG], (1, "t2"): [TIDE]}, faces=(3, 3, 1))
    events = melee(even, face(THUG, "Swarm 1"), blank(TIDE))
    assert "1 hit against 0 saves" in texts(events)


def test_sai_scavenge_buries_opponents_dead_most_recent_first():
    state = position({(0, "t2"): [GRUNT], (1, "t2"): [TIDE], (1, "dead"): [FEN, REED]})
    state.unit("u2").died, state.unit("u3").died = 1, 2
    _, said = _roll(state, 0, "t2", "magic", face(GRUNT, "Scavenge 1"))
    assert state.unit("u3").where == "buried" and state.unit("u2").where == "dead"
    assert "Scavenge buries <seat:1>'s Reed Skirmisher u3" in said
    _, said = _roll(state, 0, "t2", "save", face(GRUNT, "Scavenge 1"))
    assert state.unit("u2").where == "dead" and "no effect in a save roll" in said


def test_sai_stampede_counts_in_melee_and_manoeuvre():
    state = position({(0, "t2"): [HARE, BOAR], (1, "t2"): [TIDE]})
    rolled, _ = _roll(state, 0, "t2", "manoeuvre", face(HARE, "Stampede 1"), face(BOAR, "Stampede 1"))
    assert rolled.total == 2
    rolled, _ = _roll(state, 0, "t2", "melee", face(HARE, "Stampede 1"), face(BOAR, "melee 2"))
    assert rolled.total == 3
    rolled, said = _roll(state, 0, "t2", "missile", face(HARE, "Stampede 1"), blank(BOAR))
    assert rolled.total == 0 and "no effect in a missile roll" in said


def test_sai_howl_takes_melee_from_every_opposing_army_at_the_terrain():
    state = position({(0, "t2"): [LYNX], (1, "t2"): [FEN, TIDE], (1, "t1"): [REED]})
    _roll(state, 0, "t2", "magic", face(LYNX, "Howl 1"))
    assert [(e.source, e.target, e.amount) for e in state.effects] == [("howl", "t2:1", 1)]
    rolled, said = _roll(state, 1, "t2", "melee", face(FEN, "melee 2"), blank(TIDE))
    assert rolled.total == 1 and "-1 melee from Howl" in said


def test_sai_scald_forbids_the_counter_attack():
    state = position({(0, "t2"): [VENT], (1, "t2"): [FEN, TIDE]}, faces=(3, 3, 1))
    events = melee(state, face(VENT, "Scald 1"), blank(FEN), blank(TIDE))
    assert "may not counter-attack" in texts(events)
    assert state.unit("u1").where == "dead" and state.unit("u2").where == "t2"  # the Fen Runner fell; Tide stands
    assert state.decision is None and dd.awaiting(state) == {0} and state.step == "march" and state.march == 2


def test_sai_boil_counts_for_whatever_the_roll_counts():
    state = position({(0, "t2"): [SPOUT, GEYSER], (1, "t2"): [TIDE]})
    rolled, _ = _roll(state, 0, "t2", "save", face(SPOUT, "Boil 1"), blank(GEYSER))
    assert rolled.total == 1
    rolled, _ = _roll(state, 0, "t2", "magic", blank(SPOUT), face(GEYSER, "Boil 1"))
    assert rolled.magic == {"fire+water": 1} and rolled.racial == {"scalders": 1}
    rolled, _ = _roll(state, 0, "t2", "dragon", face(SPOUT, "Boil 1"), blank(GEYSER))
    assert (rolled.total, rolled.saves) == (1, 1)


def test_every_species_has_two_sais_of_its_own_and_no_two_sais_share_an_effect():
    from rules.dragondice.content import SAIS, SPECIES, UNIT_DICE
    from rules.dragondice.dice import SAI_EFFECTS

    owners: dict[str, set[str]] = {}
    for species in SPECIES.values():
        for kind in species.units:
            for f in UNIT_DICE[kind].faces:
                if f.kind == "sai":
                    owners.setdefault(f.sai, set()).add(species.id)
    for species_id in SPECIES:
        own = [sai for sai, who in owners.items() if who == {species_id}]
        assert len(own) >= 2, species_id
    assert set(SAIS) == {sai for sai, _ in SAI_EFFECTS}
    texts_ = [s.text for s in SAIS.values()]
    assert len(set(texts_)) == len(texts_)
