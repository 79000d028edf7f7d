"""Damage per RULINGS (defender chooses, health consumed, small leftovers lost); each SAI's effect is tested in
test_sai_effects.py."""

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
