"""Every SAI's declared effect, tested from its definition (content/sais.json, in our words on the rules page).

Each test builds a small fight with test dice: the attacker's single unit shows the SAI face (X = its number), the
defenders are plain dice whose faces the test forces one by one (ID, save, manoeuvre, melee, missile, magic)."""

from __future__ import annotations

import json

import pytest

from rules.base import ActionLog
from rules.dragondice import choices, combat, content, spells
from rules.dragondice.content import SAIS, UNIT_DICE, Face, UnitDie
from rules.dragondice.damage import kill
from rules.dragondice.dice import FROZEN, roll_army
from rules.dragondice.model import BURIED, DEAD, RESERVE, Cast, Manoeuvre, State, Terrain, Unit
from rules.rng import Rng

# Plain faces of the test dice, 1-based: what a forced number shows.
ID, SAVE, MANOEUVRE, MELEE, MISSILE, MAGIC = 1, 2, 3, 4, 5, 6
PLAIN = (Face("id"), Face("save", 1), Face("manoeuvre", 1), Face("melee", 1), Face("missile", 1), Face("magic", 1))
SAI_FACE = 1  # the striker's first face is the SAI


@pytest.fixture(autouse=True)
def test_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain defenders of health 1..3 and 'ferals' (for Trumpet); strikers are made per test by `striker`."""
    for health in (1, 2, 3):
        kind = f"test/plain{health}"
        die = UnitDie(
            kind, f"Plain{health}", "test", ("small", "medium", "large")[health - 1], health, ("fire",), PLAIN
        )
        monkeypatch.setitem(UNIT_DICE, kind, die)


def striker(monkeypatch: pytest.MonkeyPatch, sai: str, x: int, species: str = "test") -> str:
    """A one-health test die whose first face is `sai` with X results; its other faces are plain."""
    kind = f"test/{sai}{x}"
    faces = (Face("sai", x, sai), *PLAIN[1:], Face("id"))
    monkeypatch.setitem(UNIT_DICE, kind, UnitDie(kind, sai.title(), species, "small", 1, ("fire",), faces))
    return kind


def fight(attackers: list[str], defenders: list[str]) -> State:
    """Seat 0's army and seat 1's army at the frontier t2 (a highland on face 3: melee)."""
    state = State(players=2, species=["test", "test"])
    state.phase = "play"
    for index, kind in enumerate(("highland", "coastland", "highland")):
        state.terrains.append(Terrain(f"t{index}", kind, 3, index if index < 2 else None))
    for seat, kinds in ((0, attackers), (1, defenders)):
        for kind in kinds:
            state.units.append(Unit(f"u{len(state.units)}", seat, kind, "t2"))
    return state


def strike(state: State, kind: str, *forced: int) -> ActionLog:
    """Seat 0 attacks seat 1 at t2 with scripted dice; every die the engine rolls must be scripted."""
    log = ActionLog()
    rng = Rng(0, forced=list(forced))
    combat.attack(state, rng, log, kind, 0, "t2", 1, "t2")
    rolled = [face for roll in rng.rolls for face in roll.faces]
    assert len(rolled) == len(forced), f"scripted {len(forced)} dice, the engine rolled {rolled}"
    return log


def roll(state: State, seat: int, kind: str, *forced: int, vs: str = "") -> int:
    return roll_army(state, Rng(0, forced=list(forced)), seat, "t2", kind, ActionLog(), vs=vs).total


def damage(state: State) -> int:
    return sum(d.amount for d in state.damage if d.seat == 1)


def where(state: State, uid: str) -> str:
    return state.unit(uid).where


P1, P2, P3 = "test/plain1", "test/plain2", "test/plain3"


def test_every_sai_has_a_test_here():
    with open(__file__, encoding="utf-8") as source:
        names = {line.split("(")[0][len("def test_sai_") :] for line in source if line.startswith("def test_sai_")}
    missing = [sai for sai in SAIS if not any(name.startswith(sai + "_") for name in names)]
    assert not missing, f"SAIs without a test of their effect: {missing}"


def test_published_sais_are_marked_and_say_what_they_leave_out():
    raw = json.loads((content.CONTENT / "sais.json").read_text())
    published = [s for s in raw["sais"] if s["source"] == "published"]
    assert len(published) >= 60
    for sai in SAIS.values():
        assert sai.text and sai.text[-1] == "."
        assert not sai.partial or sai.partial.endswith(".")


# --- results added to the roll -------------------------------------------------------------------------------


def test_sai_fly_counts_as_manoeuvre_or_saves_whichever_the_roll_counts(monkeypatch):
    state = fight([striker(monkeypatch, "fly", 3)], [P1])
    assert roll(state, 0, "manoeuvre", SAI_FACE) == 3
    assert roll(state, 0, "save", SAI_FACE) == 3
    assert roll(state, 0, "melee", SAI_FACE) == 0


def test_sai_trample_adds_manoeuvre_and_melee(monkeypatch):
    state = fight([striker(monkeypatch, "trample", 4)], [P1])
    assert (roll(state, 0, "manoeuvre", SAI_FACE), roll(state, 0, "melee", SAI_FACE)) == (4, 4)
    assert roll(state, 0, "save", SAI_FACE) == 0


def test_sai_create_fireminions_gives_results_of_any_kind_rolled(monkeypatch):
    state = fight([striker(monkeypatch, "create_fireminions", 4)], [P1])
    assert [roll(state, 0, k, SAI_FACE) for k in ("melee", "missile", "manoeuvre", "save")] == [4, 4, 4, 4]


def test_sai_hoof_gives_manoeuvre_and_saves(monkeypatch):
    state = fight([striker(monkeypatch, "hoof", 2)], [P1])
    assert (roll(state, 0, "manoeuvre", SAI_FACE), roll(state, 0, "save", SAI_FACE)) == (2, 2)
    assert roll(state, 0, "melee", SAI_FACE) == 0


def test_sai_ferry_gives_results_of_the_kind_rolled(monkeypatch):
    state = fight([striker(monkeypatch, "ferry", 4)], [P1])
    assert (roll(state, 0, "manoeuvre", SAI_FACE), roll(state, 0, "missile", SAI_FACE)) == (4, 4)


def test_sai_firewalking_gives_manoeuvre_only(monkeypatch):
    state = fight([striker(monkeypatch, "firewalking", 4)], [P1])
    assert (roll(state, 0, "manoeuvre", SAI_FACE), roll(state, 0, "melee", SAI_FACE)) == (4, 0)


def test_sai_teleport_gives_manoeuvre_only(monkeypatch):
    state = fight([striker(monkeypatch, "teleport", 4)], [P1])
    assert (roll(state, 0, "manoeuvre", SAI_FACE), roll(state, 0, "save", SAI_FACE)) == (4, 0)


def test_sai_vanish_gives_saves_then_the_unit_may_leave_before_the_casualties(monkeypatch):
    from rules.dragondice.decisions import choices as decision_choices
    from rules.dragondice.decisions import choose

    state = fight([striker(monkeypatch, "vanish", 4)], [P1])
    assert (roll(state, 0, "save", SAI_FACE), roll(state, 0, "manoeuvre", SAI_FACE)) == (4, 0)
    state = fight([P3, P3], [striker(monkeypatch, "vanish", 1), P2])
    strike(state, "melee", ID, ID, SAI_FACE, MELEE)  # 6 hits against 1 save: 5 damage waits behind the decision
    decision = state.decision
    assert decision is not None and (decision.kind, decision.seat, decision.target) == ("vanish", 1, "u2")
    assert decision.options == ["stay", "reserve", "t0", "t1"]
    assert "vanish to the reserves" in decision_choices(state)[1].label
    choose(state, 1, "choose", {"option": "t0"}, Rng(0), ActionLog())
    assert where(state, "u2") == "t0" and state.damage[0].amount == 5  # the saves still counted for the army left
    assert [u.id for u in state.army(1, "t2")] == ["u3"]


def test_sai_vanish_labels_stay_within_discords_limit(monkeypatch):
    from rules.dragondice.decisions import choices as decision_choices

    vanisher = striker(monkeypatch, "vanish", 1)
    state = fight([P3, P3, P3], [vanisher] * 6)
    strike(state, "melee", ID, ID, ID, *[SAI_FACE] * 6)
    labels = [c.label for c in decision_choices(state)]
    assert labels[0] == "The 6 units that rolled Vanish stay with the army" and max(map(len, labels)) <= 100


def test_sai_vanish_the_automatic_choice_is_to_stay(monkeypatch):
    from rules.dragondice.decisions import choose

    state = fight([P3], [striker(monkeypatch, "vanish", 1)])
    strike(state, "melee", ID, SAI_FACE)
    choose(state, 1, "choose", {"option": "stay"}, Rng(0), ActionLog())
    assert where(state, "u1") == "t2"


def test_sai_rise_from_the_ashes_gives_saves_and_sends_the_dying_unit_to_the_reserves(monkeypatch):
    state = fight([striker(monkeypatch, "rise_from_the_ashes", 4)], [P1])
    assert (roll(state, 0, "save", SAI_FACE), roll(state, 0, "melee", SAI_FACE)) == (4, 0)
    kill(state, [state.unit("u0")], Rng(0, forced=[SAI_FACE]), ActionLog())
    assert where(state, "u0") == RESERVE
    kill(state, [state.unit("u0")], Rng(0, forced=[MELEE]), ActionLog())
    assert where(state, "u0") == DEAD
    state.unit("u0").where = "t2"
    kill(state, [state.unit("u0")], Rng(0, forced=[MELEE, SAI_FACE]), ActionLog(), bury=True)  # two chances
    assert where(state, "u0") == RESERVE


def test_sai_cantrip_gives_magic_in_a_magic_roll_only(monkeypatch):
    state = fight([striker(monkeypatch, "cantrip", 4)], [P1])
    result = roll_army(state, Rng(0, forced=[SAI_FACE]), 0, "t2", "magic", ActionLog())
    assert sum(result.magic.values()) == 4
    melee = roll_army(state, Rng(0, forced=[SAI_FACE]), 0, "t2", "melee", ActionLog())
    assert melee.total == 0 and melee.cantrip == 4


def test_sai_rend_adds_melee_and_rolls_again(monkeypatch):
    state = fight([striker(monkeypatch, "rend", 3)], [P1])
    assert roll(state, 0, "melee", SAI_FACE, MELEE) == 3 + 1  # then the melee face of the second roll
    assert roll(state, 0, "manoeuvre", SAI_FACE) == 3  # no second roll in a manoeuvre


def test_sai_tail_adds_two_melee_and_rolls_again(monkeypatch):
    state = fight([striker(monkeypatch, "tail", 4)], [P1])
    assert roll(state, 0, "melee", SAI_FACE, SAI_FACE, MELEE) == 2 + 2 + 1


def test_sai_counter_saves_and_strikes_the_melee_attacker_back(monkeypatch):
    state = fight([P2], [striker(monkeypatch, "counter", 4)])
    strike(state, "melee", ID, SAI_FACE)  # 2 hits against 4 saves
    assert damage(state) == 0
    assert [(d.seat, d.amount) for d in state.damage] == [(0, 4)]
    assert roll(state, 1, "melee", SAI_FACE) == 4


def test_sai_counter_and_volley_damage_back_is_reduced_only_by_the_attackers_spells_saves(monkeypatch):
    from rules.dragondice.model import Effect

    state = fight([P2], [striker(monkeypatch, "counter", 4)])
    state.effects.append(Effect("stoneskin", 0, "t2:0"))  # one save from a spell on the attacking army
    strike(state, "melee", ID, SAI_FACE)
    assert [(d.seat, d.amount) for d in state.damage] == [(0, 3)]
    state = fight([P2], [striker(monkeypatch, "volley", 2)])
    state.effects.append(Effect("stoneskin", 0, "t2:0"))
    strike(state, "missile", ID, SAI_FACE)
    assert [(d.seat, d.amount) for d in state.damage] == [(0, 1)]


def test_sai_volley_saves_and_strikes_the_missile_attacker_back(monkeypatch):
    state = fight([P2], [striker(monkeypatch, "volley", 2)])
    strike(state, "missile", ID, SAI_FACE)
    assert [(d.seat, d.amount) for d in state.damage] == [(0, 2)]
    state = fight([P2], [striker(monkeypatch, "volley", 2)])
    strike(state, "melee", ID, SAI_FACE)  # saving against melee: saves, no damage back
    assert not state.damage


def test_sai_bash_returns_the_strongest_attackers_melee_and_gives_as_many_saves(monkeypatch):
    state = fight([P3, P1], [striker(monkeypatch, "bash", 2)])
    strike(state, "melee", ID, MELEE, SAI_FACE, MAGIC)  # u0 rolled 3 melee: it takes 3, saves none, dies
    assert where(state, "u0") == DEAD and damage(state) == 4 - 3  # 4 hits against the 3 saves Bash gave
    state = fight([P3], [striker(monkeypatch, "bash", 2)])
    strike(state, "melee", ID, SAI_FACE, ID)  # u0 saves 3 with its ID: it lives; the army gains 3 saves
    assert where(state, "u0") == "t2" and damage(state) == 0
    assert roll(fight([striker(monkeypatch, "bash", 2)], [P1]), 0, "save", SAI_FACE) == 2  # other save rolls: X


def test_sai_kick_saves_in_a_save_roll(monkeypatch):
    state = fight([striker(monkeypatch, "kick", 4)], [P1])
    assert roll(state, 0, "save", SAI_FACE) == 4


def test_sai_cloak_saves_now_and_until_the_next_turn(monkeypatch):
    state = fight([striker(monkeypatch, "cloak", 2)], [P1])
    assert roll(state, 0, "save", SAI_FACE) == 2  # its own saves now...
    assert roll(state, 0, "save", MELEE) == 2  # ...and a later roll keeps 2 lasting saves (4 after a second Cloak)


def test_sai_regenerate_saves_in_a_save_roll_and_brings_back_the_dead_otherwise(monkeypatch):
    state = fight([striker(monkeypatch, "regenerate", 2)], [P1])
    state.units.append(Unit("u9", 0, P2, DEAD))
    assert roll(state, 0, "save", SAI_FACE) == 2 and where(state, "u9") == DEAD
    roll(state, 0, "melee", SAI_FACE)
    assert where(state, "u9") == "t2"


def test_sai_wild_growth_promotes_outside_a_save_roll(monkeypatch):
    kind = striker(monkeypatch, "wild_growth", 2)
    state = fight([kind, P1], [P1])
    state.units.append(Unit("u9", 0, P2, DEAD))
    roll(state, 0, "melee", SAI_FACE, MELEE)
    assert where(state, "u9") == "t2" and where(state, "u0") == DEAD  # the smallest, lowest id grew into the plain2
    state = fight([kind], [P1])
    state.units.append(Unit("u8", 0, P2, DEAD))
    assert roll(state, 0, "save", SAI_FACE) == 2 and where(state, "u8") == DEAD  # a save roll: saves, no promotion


def test_sai_trumpet_doubles_its_species_results(monkeypatch):
    kind = striker(monkeypatch, "trumpet", 4, species="feral")
    state = fight([kind], [P1])
    assert roll(state, 0, "melee", SAI_FACE) == 0  # nothing of its own to double
    other = UnitDie("test/feral2", "Beast", "feral", "medium", 2, ("air",), PLAIN)
    monkeypatch.setitem(UNIT_DICE, "test/feral2", other)
    state = fight([kind, "test/feral2", P1], [P1])
    assert roll(state, 0, "melee", SAI_FACE, ID, MELEE) == 2 * 2 + 1  # the feral's ID doubled, the plain's not


def test_sai_charge_counts_the_armys_manoeuvre_as_melee(monkeypatch):
    state = fight([striker(monkeypatch, "charge", 1), P1, P2], [P1])
    assert roll(state, 0, "melee", SAI_FACE, MANOEUVRE, ID) == 1 + 2  # the plain1's manoeuvre, the plain2's ID


def test_sai_charge_the_defenders_combined_roll_strikes_back_instead_of_a_counter_attack(monkeypatch):
    from rules.dragondice.model import Effect

    state = fight([striker(monkeypatch, "charge", 1), P3], [P2, P1])
    log = strike(state, "melee", SAI_FACE, ID, MELEE, SAVE)  # 3 melee; the defenders: 1 melee back, 1 save
    assert damage(state) == 3 - 1
    assert [(d.seat, d.amount) for d in state.damage if d.seat == 0] == [(0, 1)]
    assert "strike back" in " ".join(e.text for e in log.events)
    state = fight([striker(monkeypatch, "charge", 1), P3], [P2, P1])
    state.effects.append(Effect("stoneskin", 0, "t2:0"))  # only a spell's save reduces the melee back
    rolled = combat.attack(state, Rng(0, forced=[SAI_FACE, ID, MELEE, SAVE]), ActionLog(), "melee", 0, "t2", 1, "t2")
    assert rolled.no_counter and not [d for d in state.damage if d.seat == 0]


def test_sai_charge_does_nothing_in_a_counter_attack(monkeypatch):
    state = fight([striker(monkeypatch, "charge", 1), P1], [P1])
    counter = roll_army(state, Rng(0, forced=[SAI_FACE, MANOEUVRE]), 0, "t2", "melee", ActionLog(), counter=True)
    assert counter.total == 0 and not counter.charge


# --- damage and units struck in the army attacked ------------------------------------------------------------


def test_sai_smite_deals_damage_no_save_stops(monkeypatch):
    state = fight([striker(monkeypatch, "smite", 4)], [P3, P3])
    strike(state, "melee", SAI_FACE)  # no hits, so no save roll; 4 unsaveable
    assert damage(state) == 4


def test_sai_stone_deals_damage_no_save_stops_to_melee_and_missile(monkeypatch):
    state = fight([striker(monkeypatch, "stone", 4)], [P3, P3])
    strike(state, "missile", SAI_FACE)
    assert damage(state) == 4


def test_sai_breath_kills_up_to_x_health(monkeypatch):
    state = fight([striker(monkeypatch, "breath", 3)], [P2, P1, P1])
    strike(state, "melee", SAI_FACE)
    assert [where(state, u) for u in ("u1", "u2", "u3")] == [DEAD, DEAD, "t2"]  # largest first: 2 then 1


def test_sai_firebreath_kills_and_buries(monkeypatch):
    state = fight([striker(monkeypatch, "firebreath", 2)], [P2, P1])
    strike(state, "melee", SAI_FACE)
    assert [where(state, u) for u in ("u1", "u2")] == [BURIED, "t2"]


def test_sai_flame_buries_up_to_two_health_whatever_x(monkeypatch):
    state = fight([striker(monkeypatch, "flame", 4)], [P3, P1, P1])
    strike(state, "melee", SAI_FACE)
    assert [where(state, u) for u in ("u1", "u2", "u3")] == ["t2", BURIED, BURIED]


def test_sai_double_strike_kills_those_failing_a_save_and_rolls_again(monkeypatch):
    state = fight([striker(monkeypatch, "double_strike", 3)], [P2, P1])
    strike(state, "melee", SAI_FACE, MELEE, SAVE, MELEE, ID)  # u1 saves, u2 dies; 1 hit against u1's ID
    assert where(state, "u1") == "t2" and where(state, "u2") == DEAD


def test_sai_bullseye_kills_those_failing_a_save_in_a_missile_attack(monkeypatch):
    state = fight([striker(monkeypatch, "bullseye", 1)], [P1, P1])
    strike(state, "missile", SAI_FACE, MAGIC, MELEE)  # u1 fails; the second roll is magic: nothing
    assert where(state, "u1") == DEAD and where(state, "u2") == "t2"


def test_sai_poison_buries_those_failing_both_saves(monkeypatch):
    state = fight([striker(monkeypatch, "poison", 2)], [P1, P1])
    strike(state, "melee", SAI_FACE, MELEE, MELEE, MELEE, SAVE)  # u1 fails twice; u2 fails then saves
    assert [where(state, u) for u in ("u1", "u2")] == [BURIED, DEAD]


def test_sai_flaming_arrow_buries_those_failing_both_saves(monkeypatch):
    state = fight([striker(monkeypatch, "flaming_arrow", 1)], [P1])
    strike(state, "missile", SAI_FACE, MELEE, MAGIC)
    assert where(state, "u1") == BURIED


def test_sai_smother_kills_those_without_manoeuvre(monkeypatch):
    state = fight([striker(monkeypatch, "smother", 2)], [P1, P1])
    strike(state, "melee", SAI_FACE, MANOEUVRE, SAVE)
    assert [where(state, u) for u in ("u1", "u2")] == ["t2", DEAD]


def test_sai_entangle_kills_those_without_manoeuvre(monkeypatch):
    state = fight([striker(monkeypatch, "entangle", 1)], [P1])
    strike(state, "missile", SAI_FACE, MELEE)
    assert where(state, "u1") == DEAD


def test_sai_firecloud_kills_those_without_manoeuvre(monkeypatch):
    state = fight([striker(monkeypatch, "firecloud", 1)], [P1])
    strike(state, "melee", SAI_FACE, MANOEUVRE)
    assert where(state, "u1") == "t2"


def test_sai_stomp_kills_without_manoeuvre_and_buries_without_a_save(monkeypatch):
    state = fight([striker(monkeypatch, "stomp", 1)], [P1])
    strike(state, "melee", SAI_FACE, SAVE, MELEE)
    assert where(state, "u1") == BURIED


def test_sai_roar_sends_units_to_the_reserves_before_saves(monkeypatch):
    state = fight([striker(monkeypatch, "roar", 3)], [P3, P1])
    strike(state, "melee", SAI_FACE)
    assert [where(state, u) for u in ("u1", "u2")] == [RESERVE, "t2"]


def test_sai_scare_sends_failers_away_and_kills_on_an_id(monkeypatch):
    state = fight([striker(monkeypatch, "scare", 3)], [P1, P1, P1])
    strike(state, "melee", SAI_FACE, SAVE, MELEE, ID)
    assert [where(state, u) for u in ("u1", "u2", "u3")] == ["t2", RESERVE, DEAD]


def test_sai_seize_takes_id_rollers_to_reserves_and_kills_the_rest(monkeypatch):
    state = fight([striker(monkeypatch, "seize", 2)], [P1, P1])
    strike(state, "missile", SAI_FACE, ID, SAVE)
    assert [where(state, u) for u in ("u1", "u2")] == [RESERVE, DEAD]


def test_sai_slay_kills_one_unit_unless_it_rolls_id(monkeypatch):
    state = fight([striker(monkeypatch, "slay", 1)], [P3, P1])
    strike(state, "melee", SAI_FACE, SAVE)
    assert [where(state, u) for u in ("u1", "u2")] == [DEAD, "t2"]


def test_sai_swallow_buries_one_unit_unless_it_rolls_id(monkeypatch):
    state = fight([striker(monkeypatch, "swallow", 1)], [P2])
    strike(state, "melee", SAI_FACE, ID)  # it shows its ID and stays; no hits, so no save roll
    assert where(state, "u1") == "t2"


def test_sai_plague_goes_on_until_a_unit_saves(monkeypatch):
    state = fight([striker(monkeypatch, "plague", 1)], [P1, P1, P1])
    strike(state, "melee", SAI_FACE, MELEE, MANOEUVRE, SAVE)
    assert [where(state, u) for u in ("u1", "u2", "u3")] == [DEAD, DEAD, "t2"]


def test_sai_convert_kills_failers_and_brings_back_as_much_of_your_dead(monkeypatch):
    state = fight([striker(monkeypatch, "convert", 2)], [P2])
    state.units.append(Unit("u9", 0, P2, DEAD))
    strike(state, "melee", SAI_FACE, MELEE)
    assert where(state, "u1") == DEAD and where(state, "u9") == "t2"


def test_sai_kick_damages_one_unit(monkeypatch):
    state = fight([striker(monkeypatch, "kick", 2)], [P3, P2])
    strike(state, "melee", SAI_FACE)  # the largest (3 health) takes 2 and lives; no hits, no save roll
    assert [where(state, u) for u in ("u1", "u2")] == ["t2", "t2"]
    state = fight([striker(monkeypatch, "kick", 3)], [P3])
    strike(state, "melee", SAI_FACE)
    assert where(state, "u1") == DEAD


def test_sai_gore_deals_two_and_buries_what_it_kills(monkeypatch):
    state = fight([striker(monkeypatch, "gore", 4)], [P2])
    strike(state, "melee", SAI_FACE)
    assert where(state, "u1") == BURIED


def test_sai_hug_damages_one_unit_which_strikes_back_with_its_melee(monkeypatch):
    state = fight([striker(monkeypatch, "hug", 2)], [P2])
    strike(state, "melee", SAI_FACE, MELEE)  # u1 dies, but its melee roll (1) still strikes the hugging unit
    assert where(state, "u1") == DEAD and where(state, "u0") == DEAD
    state = fight([striker(monkeypatch, "hug", 1)], [P3])
    strike(state, "melee", SAI_FACE, SAVE)  # 1 damage on 3 health: it lives; a save face strikes nothing back
    assert where(state, "u1") == "t2" and where(state, "u0") == "t2"


def test_sai_coil_damages_one_unit_which_saves_and_strikes_back_in_one_roll(monkeypatch):
    state = fight([striker(monkeypatch, "coil", 2)], [P2])
    strike(state, "melee", SAI_FACE, SAVE)  # 2 damage less 1 save: the plain2 lives; nothing back
    assert where(state, "u1") == "t2" and where(state, "u0") == "t2"
    state = fight([striker(monkeypatch, "coil", 2)], [P2])
    strike(state, "melee", SAI_FACE, MELEE)  # no save: it dies; its 1 melee kills the coiling unit (health 1)
    assert where(state, "u1") == DEAD and where(state, "u0") == DEAD


def test_sai_howl_takes_saves_from_the_defender(monkeypatch):
    state = fight([striker(monkeypatch, "howl", 1), P3], [P3])
    strike(state, "melee", SAI_FACE, ID, ID)  # 3 hits against 3 saves less 1
    assert damage(state) == 1


def test_sai_screech_takes_saves_from_the_defender(monkeypatch):
    state = fight([striker(monkeypatch, "screech", 2), P3], [P3])
    strike(state, "melee", SAI_FACE, ID, ID)
    assert damage(state) == 2


def test_sai_wave_takes_saves_from_the_defender_and_manoeuvre_from_the_counter(monkeypatch):
    state = fight([striker(monkeypatch, "wave", 1), P2], [P2])
    strike(state, "melee", SAI_FACE, ID, ID)
    assert damage(state) == 1
    state = fight([striker(monkeypatch, "wave", 1)], [P1])
    state.manoeuvre = Manoeuvre(0, "t2", "up", countering=[1])
    combat.resolve_manoeuvre(state, Rng(0, forced=[SAI_FACE, MANOEUVRE]), ActionLog())  # 0 against 1 less 1
    assert state.terrains[2].face == 4
    state = fight([P1], [striker(monkeypatch, "wave", 1)])
    state.manoeuvre = Manoeuvre(0, "t2", "up", countering=[1])
    combat.resolve_manoeuvre(state, Rng(0, forced=[MANOEUVRE, SAI_FACE]), ActionLog())  # in a counter: nothing
    assert state.terrains[2].face == 4  # 1 against 0: it succeeds anyway; the Wave counted nothing


def test_sai_surprise_forbids_the_counter_attack(monkeypatch):
    state = fight([striker(monkeypatch, "surprise", 1)], [P1])
    log = ActionLog()
    rolled = combat.attack(state, Rng(0, forced=[SAI_FACE]), log, "melee", 0, "t2", 1, "t2")
    assert rolled.no_counter


def test_sai_charm_turns_units_against_their_army_and_keeps_them_from_saving(monkeypatch):
    state = fight([striker(monkeypatch, "charm", 1), P2], [P1, P1])
    strike(state, "melee", SAI_FACE, ID, MELEE, ID)  # u2 is charmed: its melee 1 joins; only u3 saves (1)
    assert damage(state) == 2 + 1 - 1


def test_sai_choke_kills_units_that_rolled_id_and_their_saves_do_not_count(monkeypatch):
    state = fight([striker(monkeypatch, "choke", 1), P3], [P1, P1])
    strike(state, "melee", SAI_FACE, ID, ID, SAVE)  # u2 rolled ID: choked; u3's 1 save stands against 3 hits
    assert where(state, "u2") == DEAD and damage(state) == 2


def test_sai_impale_kills_one_unit_that_rolled_id(monkeypatch):
    state = fight([striker(monkeypatch, "impale", 1), P2], [P1, P2])
    strike(state, "missile", SAI_FACE, ID, ID, ID)  # both rolled ID: the larger (u3) dies, its 2 saves lost
    assert where(state, "u3") == DEAD and where(state, "u2") == "t2" and damage(state) == 1


def test_sai_hypnotic_glare_holds_id_rollers_and_their_saves_do_not_count(monkeypatch):
    state = fight([striker(monkeypatch, "hypnotic_glare", 1), P2], [P1, P1])
    strike(state, "melee", SAI_FACE, ID, ID, SAVE)
    assert any(e.source == FROZEN and e.target == "u2" for e in state.effects)
    assert damage(state) == 1  # 2 hits against u3's 1 save


def test_sai_confuse_makes_units_roll_their_saves_again(monkeypatch):
    state = fight([striker(monkeypatch, "confuse", 1), P2], [P1])
    strike(state, "melee", SAI_FACE, ID, ID, MELEE)  # u2's ID save is rolled again: melee, no save
    assert damage(state) == 2


def test_sai_net_holds_units_without_manoeuvre(monkeypatch):
    state = fight([striker(monkeypatch, "net", 2)], [P1, P1])
    strike(state, "melee", SAI_FACE, MANOEUVRE, SAVE)
    held = {e.target for e in state.effects if e.source == FROZEN}
    assert held == {"u2"}
    assert roll(state, 1, "save", SAVE) == 1  # u2 is not rolled: only u1's face is scripted


def test_sai_web_holds_units_without_melee(monkeypatch):
    state = fight([striker(monkeypatch, "web", 1)], [P1])
    strike(state, "missile", SAI_FACE, SAVE)
    assert {e.target for e in state.effects if e.source == FROZEN} == {"u1"}


def test_sai_sleep_holds_one_unit(monkeypatch):
    state = fight([striker(monkeypatch, "sleep", 1)], [P1, P2])
    strike(state, "melee", SAI_FACE)
    assert {e.target for e in state.effects if e.source == FROZEN} == {"u2"}


def test_sai_stun_holds_units_without_manoeuvre_and_rolls_again(monkeypatch):
    state = fight([striker(monkeypatch, "stun", 1)], [P1])
    strike(state, "melee", SAI_FACE, MAGIC, SAVE)  # rolled again: magic (nothing); u1 fails manoeuvre
    assert {e.target for e in state.effects if e.source == FROZEN} == {"u1"}


def test_sai_wither_takes_results_from_every_later_roll(monkeypatch):
    state = fight([striker(monkeypatch, "wither", 1)], [P3])
    strike(state, "melee", SAI_FACE)
    assert roll(state, 1, "melee", ID) == 3 - 1 and roll(state, 1, "save", ID) == 2


def test_sai_galeforce_takes_four_saves_and_manoeuvre(monkeypatch):
    state = fight([striker(monkeypatch, "galeforce", 4)], [P3, P3])
    strike(state, "melee", SAI_FACE)
    assert roll(state, 1, "save", ID, ID) == 6 - 4 and roll(state, 1, "melee", ID, ID) == 6


def test_sai_frost_breath_halves_the_targets_rolls(monkeypatch):
    state = fight([striker(monkeypatch, "frost_breath", 4)], [P3])
    strike(state, "melee", SAI_FACE)
    assert roll(state, 1, "melee", ID) == 1


def test_sai_dispel_magic_counts_nothing_in_army_rolls_and_cancels_a_spell_aimed_at_it(monkeypatch):
    state = fight([P1], [striker(monkeypatch, "dispel_magic", 4)])
    assert [roll(state, 1, k, SAI_FACE) for k in ("melee", "save", "manoeuvre")] == [0, 0, 0]
    palsy = Cast("palsy", "t2:1", "death")
    spells.resolve(state, Rng(0, forced=[SAI_FACE]), ActionLog(), 0, palsy)
    assert not state.effects  # cancelled
    spells.resolve(state, Rng(0, forced=[MELEE]), ActionLog(), 0, palsy)
    assert [e.source for e in state.effects] == ["palsy"]
    spells.resolve(state, Rng(0), ActionLog(), 1, Cast("stoneskin", "t2:1", "earth"))  # its own side's: no roll
    assert [e.source for e in state.effects] == ["palsy", "stoneskin"]


def test_sai_illusion_hides_the_army_from_missiles_and_opposing_spells(monkeypatch):
    state = fight([P1], [striker(monkeypatch, "illusion", 4)])
    assert "t2:1" in choices.missile_targets(state, 0, "t2")
    assert roll(state, 1, "melee", SAI_FACE) == 0  # it counts nothing; it lays the illusion on its own army
    assert "t2:1" not in choices.missile_targets(state, 0, "t2")
    assert "t2:1" not in spells.targets(state, 0, content.SPELLS["palsy"])
    assert "t2:1" in spells.targets(state, 1, content.SPELLS["stoneskin"])  # its own side still may


def test_sai_belly_counts_nothing(monkeypatch):
    state = fight([striker(monkeypatch, "belly", 1)], [P1])
    assert roll(state, 0, "save", SAI_FACE) == 0


def test_sai_dragonkin_logo_counts_nothing_in_any_roll(monkeypatch):
    """Partial: its saves against one-unit effects and its dragon move are not applied (the automatic saves of a
    Dragonkin champion showing it are tested in test_dragonkin.py)."""
    for kind in ("save", "melee", "manoeuvre", "dragon"):
        state = fight([striker(monkeypatch, "dragonkin_logo", 4)], [P1])
        assert roll(state, 0, kind, SAI_FACE) == 0, kind


# --- ours: the wholly-ours species and the retired house dice ------------------------------------------------


def test_sai_kindle_deals_damage_no_save_stops_and_gives_magic(monkeypatch):
    state = fight([striker(monkeypatch, "kindle", 2)], [P3])
    strike(state, "melee", SAI_FACE)
    assert damage(state) == 2


def test_sai_rive_adds_melee_and_lowers_the_targets_saves(monkeypatch):
    state = fight([striker(monkeypatch, "rive", 1), P2], [P3])
    strike(state, "melee", SAI_FACE, ID, ID)  # 3 hits against 3 saves less 1
    assert damage(state) == 1


def test_sai_thornback_saves_and_strikes_a_melee_attacker_back(monkeypatch):
    state = fight([P2], [striker(monkeypatch, "thornback", 1)])
    strike(state, "melee", ID, SAI_FACE)
    assert any(d.seat == 0 and d.amount == 1 for d in state.damage)


def test_sai_surge_doubles_in_magic(monkeypatch):
    state = fight([striker(monkeypatch, "surge", 2)], [P1])
    result = roll_army(state, Rng(0, forced=[SAI_FACE]), 0, "t2", "magic", ActionLog())
    assert sum(result.magic.values()) == 4 and roll(state, 0, "manoeuvre", SAI_FACE) == 2


def test_sai_salvo_doubles_missiles(monkeypatch):
    state = fight([striker(monkeypatch, "salvo", 2)], [P1])
    assert roll(state, 0, "missile", SAI_FACE) == 4 and roll(state, 0, "save", SAI_FACE) == 2


def test_sai_regrow_brings_back_dead_units(monkeypatch):
    state = fight([striker(monkeypatch, "regrow", 1)], [P1])
    state.units.append(Unit("u9", 0, P1, DEAD))
    roll(state, 0, "manoeuvre", SAI_FACE)
    assert where(state, "u9") == "t2"


def test_sai_reap_buries_this_attacks_dead(monkeypatch):
    state = fight([striker(monkeypatch, "reap", 1)], [P1])
    strike(state, "melee", SAI_FACE, MAGIC)
    assert state.damage and state.damage[0].bury


def test_sai_hex_takes_saves_until_the_next_turn(monkeypatch):
    state = fight([striker(monkeypatch, "hex", 1)], [P3])
    strike(state, "melee", SAI_FACE)
    assert roll(state, 1, "save", ID) == 2


def test_sai_swarm_adds_melee_when_outnumbering(monkeypatch):
    state = fight([striker(monkeypatch, "swarm", 1), P1], [P3])
    strike(state, "melee", SAI_FACE, MAGIC, MAGIC)  # 1 + 1 more: 2 hits, the plain3 rolls magic
    assert damage(state) == 2


def test_sai_scavenge_buries_opponents_dead(monkeypatch):
    state = fight([striker(monkeypatch, "scavenge", 1)], [P1])
    state.units.append(Unit("u9", 1, P1, DEAD))
    roll(state, 0, "manoeuvre", SAI_FACE)
    assert where(state, "u9") == BURIED


def test_sai_stampede_adds_melee_and_manoeuvre(monkeypatch):
    state = fight([striker(monkeypatch, "stampede", 2)], [P1])
    assert roll(state, 0, "melee", SAI_FACE) == 2 and roll(state, 0, "manoeuvre", SAI_FACE) == 2


def test_sai_bay_takes_melee_from_the_opposing_armies_here(monkeypatch):
    state = fight([striker(monkeypatch, "bay", 1)], [P3])
    roll(state, 0, "manoeuvre", SAI_FACE)
    assert roll(state, 1, "melee", ID) == 2


def test_sai_scald_adds_melee_and_forbids_the_counter_attack(monkeypatch):
    state = fight([striker(monkeypatch, "scald", 1)], [P3])
    rolled = combat.attack(state, Rng(0, forced=[SAI_FACE, MAGIC]), ActionLog(), "melee", 0, "t2", 1, "t2")
    assert rolled.no_counter and rolled.total == 1


def test_sai_boil_counts_for_any_roll(monkeypatch):
    state = fight([striker(monkeypatch, "boil", 2)], [P1])
    assert [roll(state, 0, k, SAI_FACE) for k in ("melee", "save", "manoeuvre")] == [2, 2, 2]
