"""Phase 3, dragon attacks as published: the kinds and forms of dragon, every face, the breath of each colour, the
white dragon's doubling, dragons attacking dragons, and the army's one roll against the dragons attacking it."""

from collections import Counter

from rules.base import ActionLog
from rules.dragondice import tasks
from rules.dragondice.content import DRAGON, SPECIES, TERRAINS
from rules.dragondice.dragons import attacks, default_dragons, dragons_for
from rules.dragondice.model import Dragon, State, Task, Unit
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, blank, dragon_face, face, position, texts

CINDER, ANVIL, CRUCIBLE, FORGE = (EMBER + n for n in ("cinder_scout", "anvil_guard", "crucible_knight", "forge_adept"))
FEN, TIDE = MIST + "fen_runner", MIST + "tide_caller"


def wyrm_face(face_id: str) -> int:
    return [f.id for f in DRAGON.forms["wyrm"].faces].index(face_id) + 1


def at_frontier(*ember: str, kind: str = "fire", form: str = "drake") -> State:
    """Seat 1 is about to end its turn; seat 0 has an army at the frontier (t2, a Swampland) where seat 1's dragon
    waits."""
    state = position({(0, "t2"): list(ember), (1, "t1"): [TIDE]})
    dragon = state.dragons[1]
    dragon.where, dragon.kind, dragon.form = "t2", kind, form
    dragon.element = DRAGON.kinds[kind].elements[0]
    state.turn = 1
    act(state, 1, {"type": "pass"})
    act(state, 1, {"type": "pass"})
    return state


def attack(state: State, *dice: int) -> str:
    """Seat 1 ends its turn; seat 0's turn starts with the dragon attack scripted by `dice`."""
    return texts(act(state, 1, {"type": "pass"}, *dice))


def test_dragon_forms_are_the_published_drake_and_wyrm():
    drake = Counter((f.id, f.damage) for f in DRAGON.forms["drake"].faces)
    wyrm = Counter((f.id, f.damage) for f in DRAGON.forms["wyrm"].faces)
    assert drake == {("jaws", 12): 1, ("breath", 5): 1, ("claw", 6): 4, ("wing", 5): 2, ("belly", 0): 2, ("tail", 3): 2}
    assert wyrm == {
        ("jaws", 12): 1,
        ("breath", 5): 1,
        ("claw", 6): 4,
        ("belly", 0): 2,
        ("tail", 3): 3,
        ("treasure", 0): 1,
    }
    assert [f.id for f in DRAGON.faces] == [f.id for f in DRAGON.forms[DRAGON.default_form].faces]


def test_dragon_kinds_are_the_published_twenty_two():
    types = Counter(k.type for k in DRAGON.kinds.values())
    assert types == {"elemental": 5, "hybrid": 10, "ivory": 1, "ivory_hybrid": 5, "white": 1}
    assert all(k.source == "published" for k in DRAGON.kinds.values())
    assert {(k.health, k.saves, k.points, k.doubled) for k in DRAGON.kinds.values() if k.type != "white"} == {
        (5, 5, 1, False)
    }
    white = DRAGON.kinds["white"]
    assert (white.health, white.saves, white.points, white.doubled) == (10, 5, 2, True)


def test_one_dragon_per_24_points_or_part_of_them():
    assert [dragons_for(force) for force in (15, 24, 25, 36, 48, 60)] == [1, 1, 2, 2, 2, 3]


def test_default_dragons_take_the_species_colours_and_ivory_for_an_ivory_species():
    ember = default_dragons(0, SPECIES["emberwrights"].elements, 36)
    assert [(d.kind, d.form, d.element) for d in ember] == [("fire", "drake", "fire"), ("earth", "wyrm", "earth")]
    assert [d.kind for d in default_dragons(1, ("ivory",), 24)] == ["ivory"]


def test_phase_3_jaws_deal_12_less_the_armys_saves():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE)
    text = attack(state, dragon_face("jaws"), face(CINDER, "save 1"), face(ANVIL, "melee 3"), blank(CRUCIBLE))
    assert "rolls Jaws" in text and "The dragons deal 12 damage against 1 save → 11 damage" in text
    assert state.dragons[1].where == "t2"  # 3 melee against its 5 health and 5 saves


def test_phase_3_claw_deals_6_and_the_army_slays_the_dragon_with_its_health_plus_its_saves():
    state = at_frontier(ANVIL, ANVIL, ANVIL, CINDER)
    attack(state, dragon_face("claw"), *[face(ANVIL, "melee 3")] * 3, face(CINDER, "melee 1"))
    assert state.dragons[1].where == "pool"  # 10 melee = 5 health + 5 automatic saves
    assert state.damage[0].amount == 6
    state = at_frontier(ANVIL, ANVIL, ANVIL, CINDER)
    attack(state, dragon_face("claw"), *[face(ANVIL, "melee 3")] * 3, blank(CINDER))
    assert state.dragons[1].where == "t2"  # 9 melee falls short


def test_phase_3_belly_deals_nothing_and_the_dragon_loses_its_automatic_saves():
    state = at_frontier(ANVIL, CRUCIBLE)
    attack(state, dragon_face("belly"), face(ANVIL, "melee 3"), face(CRUCIBLE, "melee 2"))
    assert state.dragons[1].where == "pool" and not state.damage  # 5 melee against 5 health, no saves
    state = at_frontier(ANVIL, CRUCIBLE)
    attack(state, dragon_face("belly"), face(ANVIL, "melee 3"), face(CRUCIBLE, "melee 1"))
    assert state.dragons[1].where == "t2"


def test_phase_3_wing_deals_5_and_the_surviving_dragon_flies_to_its_pool():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE)
    text = attack(state, dragon_face("wing"), blank(CINDER), blank(ANVIL), blank(CRUCIBLE))
    assert state.damage[0].amount == 5 and state.dragons[1].where == "pool"
    assert "flies back to its owner's summoning pool" in text


def test_phase_3_tail_deals_3_and_rolls_again_as_long_as_tails_come():
    state = at_frontier(CINDER, ANVIL, CRUCIBLE)
    text = attack(state, dragon_face("tail"), dragon_face("claw"), blank(CINDER), blank(ANVIL), blank(CRUCIBLE))
    assert "rolls Tail, then Claw" in text and "The dragons deal 9 damage" in text
    state = at_frontier(CINDER, ANVIL, CRUCIBLE)
    dice = (dragon_face("tail"), dragon_face("tail"), dragon_face("jaws"))
    text = attack(state, *dice, blank(CINDER), blank(ANVIL), blank(CRUCIBLE))
    assert "rolls Tail, then Tail, then Jaws" in text and "The dragons deal 18 damage" in text


def test_phase_3_breath_kills_5_health_no_save_and_fire_buries_them():
    state = at_frontier(*[CINDER] * 6, kind="fire")
    text = attack(state, dragon_face("breath"), *[face(CINDER, "save 1")] * 6)
    assert "Dragon Fire" in text and "5 health of <seat:0>'s army is killed, no save" in text
    assert [u.where for u in state.units if u.owner == 0].count("buried") == 5  # their saves change nothing


def test_phase_3_breath_of_air_earth_water_death_lasts_until_the_armys_next_turn():
    for kind, halves in (("air", "melee"), ("earth", "manoeuvre"), ("water", "missile"), ("death", "id")):
        state = at_frontier(ANVIL, ANVIL, kind=kind)
        text = attack(state, dragon_face("breath"), blank(ANVIL), blank(ANVIL))
        assert DRAGON.breath[kind].halves == halves
        assert [(e.source, e.caster, e.target) for e in state.effects] == [(f"{kind}_breath", 0, "t2:0")]
        assert "5 health of <seat:0>'s army is killed" in text
        assert [u.where for u in state.units if u.owner == 0] == ["dead", "t2"]  # 3 of the 5: killed, not buried


def test_phase_3_ivory_breath_only_kills():
    state = at_frontier(ANVIL, ANVIL, kind="ivory")
    text = attack(state, dragon_face("breath"), blank(ANVIL), blank(ANVIL))
    assert state.effects == [] and "5 health of <seat:0>'s army is killed" in text


def test_phase_3_hybrid_breath_brings_both_elements_breaths():
    state = at_frontier(ANVIL, ANVIL, kind="fire_water")
    attack(state, dragon_face("breath"), blank(ANVIL), blank(ANVIL))
    assert [e.source for e in state.effects] == ["water_breath"]  # and fire's: the kills are buried
    assert [u.where for u in state.units if u.owner == 0] == ["buried", "t2"]


def test_phase_3_white_dragon_doubles_jaws_claws_tail_and_wings():
    state = at_frontier(*[ANVIL] * 9, kind="white")
    assert "The dragons deal 24 damage" in attack(state, dragon_face("jaws"), *[blank(ANVIL)] * 9)
    state = at_frontier(*[ANVIL] * 9, kind="white")
    text = attack(state, dragon_face("tail"), dragon_face("wing"), *[blank(ANVIL)] * 9)
    assert "The dragons deal 16 damage" in text


def test_phase_3_white_breath_kills_10_and_brings_the_terrains_breaths():
    state = at_frontier(*[ANVIL] * 5, kind="white")
    text = attack(state, dragon_face("breath"), *[blank(ANVIL)] * 5)
    assert "10 health of <seat:0>'s army is killed" in text
    swamp = TERRAINS[state.terrain("t2").kind].elements
    assert sorted(e.source for e in state.effects) == sorted(f"{e}_breath" for e in swamp)


def test_phase_3_white_dragon_needs_15_melee_to_slay():
    state = at_frontier(*[ANVIL] * 5, kind="white")
    text = attack(state, dragon_face("claw"), *[face(ANVIL, "melee 3")] * 5)
    assert state.dragons[1].where == "pool" and "The dragons deal 12 damage" in text
    state = at_frontier(*[ANVIL] * 5, kind="white")
    attack(state, dragon_face("claw"), *[face(ANVIL, "melee 3")] * 4, blank(ANVIL))
    assert state.dragons[1].where == "t2"


def test_phase_3_wyrm_treasure_promotes_a_unit_of_the_army():
    state = at_frontier(CINDER, ANVIL, form="wyrm")
    state.units.append(Unit("u9", 0, FORGE, "dead", died=1))
    text = attack(state, wyrm_face("treasure"), blank(CINDER), blank(ANVIL))
    assert "promoted" in text
    assert state.unit("u0").where == "dead" and state.unit("u9").where == "t2"  # Cinder Scout (1) -> Forge Adept (2)
    assert not state.damage


def test_phase_3_treasure_without_a_larger_dead_unit_promotes_nobody():
    state = at_frontier(CINDER, ANVIL, form="wyrm")
    text = attack(state, wyrm_face("treasure"), blank(CINDER), blank(ANVIL))
    assert "no unit of the army can be promoted" in text
    assert [u.where for u in state.units if u.owner == 0] == ["t2", "t2"]


def test_phase_3_white_treasure_promotes_two_units():
    state = at_frontier(CINDER, CINDER, ANVIL, kind="white", form="wyrm")
    state.units += [Unit("u8", 0, FORGE, "dead", died=1), Unit("u9", 0, FORGE, "dead", died=2)]
    attack(state, wyrm_face("treasure"), blank(CINDER), blank(CINDER), blank(ANVIL))
    assert [state.unit(u).where for u in ("u0", "u1", "u8", "u9")] == ["dead", "dead", "t2", "t2"]


def test_phase_3_an_army_that_slays_a_dragon_promotes_what_it_can():
    state = at_frontier(ANVIL, CRUCIBLE, CINDER)
    state.units.append(Unit("u9", 0, FORGE, "dead", died=1))
    attack(state, dragon_face("belly"), face(ANVIL, "melee 3"), face(CRUCIBLE, "melee 2"), blank(CINDER))
    assert state.dragons[1].where == "pool"
    assert state.unit("u2").where == "dead" and state.unit("u9").where == "t2"


def test_phase_3_dragons_only_attack_at_the_marching_players_armies():
    state = position({(0, "t2"): [ANVIL], (1, "t1"): [TIDE]})
    state.dragons[0].where = "t1"  # seat 0's own dragon sits with seat 1's army
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"})
    act(state, 0, {"type": "pass"}, dragon_face("wing"), blank(TIDE))  # seat 1's turn starts: it attacks seat 1
    assert state.turn == 1 and state.unit("u1").where == "dead"


def test_dragon_types_attack_each_other_as_the_published_table_says():
    def d(kind: str) -> Dragon:
        return Dragon(kind, 0, DRAGON.kinds[kind].elements[0], kind=kind)

    assert not attacks(d("fire"), d("fire")) and attacks(d("fire"), d("water"))
    assert attacks(d("fire"), d("fire_water")) and not attacks(d("fire"), d("ivory"))
    assert not attacks(d("fire"), d("ivory_fire")) and attacks(d("fire"), d("ivory_air"))
    assert attacks(d("fire_water"), d("fire")) and not attacks(d("fire_water"), d("fire_water"))
    assert attacks(d("fire_water"), d("air_fire")) and not attacks(d("fire_water"), d("ivory_water"))
    assert not any(attacks(d(k), d("fire")) or attacks(d(k), d("white")) for k in ("ivory", "ivory_fire"))
    assert attacks(d("white"), d("fire_water")) and not attacks(d("white"), d("white"))
    assert not attacks(d("white"), d("ivory")) and attacks(d("fire"), d("white"))


def test_phase_3_rival_dragons_attack_each_other_and_leave_the_army_alone():
    state = at_frontier(ANVIL, kind="water")
    state.dragons[0].where = "t2"  # seat 0's fire drake and seat 1's water drake: each attacks the other
    text = attack(state, dragon_face("jaws"), dragon_face("claw"))  # no army roll is scripted: none is made
    assert "<seat:1>'s Water Drake takes 12 damage from dragons less 5 saves: slain" in text
    assert state.dragons[1].where == "pool" and state.dragons[0].where == "t2"  # 6 damage less 5 saves
    assert not state.damage


def test_phase_3_a_dragon_showing_its_belly_loses_its_saves_against_a_dragon():
    state = at_frontier(ANVIL, kind="water")
    state.dragons[0].where = "t2"
    attack(state, dragon_face("claw"), dragon_face("belly"))
    assert state.dragons[1].where == "pool" and state.dragons[0].where == "t2"


def test_phase_3_breath_against_a_dragon_deals_5_and_rolls_again():
    state = at_frontier(ANVIL, kind="water")
    state.dragons[0].where = "t2"
    text = attack(state, dragon_face("breath"), dragon_face("wing"), dragon_face("belly"))
    assert "rolls Breath, then Wing" in text
    assert state.dragons[1].where == "pool"  # 10 damage less 5 saves


def test_phase_3_same_element_dragons_both_attack_the_army_with_one_army_roll():
    state = at_frontier(ANVIL, ANVIL)
    state.dragons[0].where = "t2"  # two fire drakes never attack each other
    text = attack(state, dragon_face("claw"), dragon_face("claw"), blank(ANVIL), blank(ANVIL))
    assert text.count("roll against the dragons") == 1 and "The dragons deal 12 damage" in text


def test_phase_3_an_ivory_dragon_attacks_the_army_while_an_elemental_leaves_it_be():
    state = at_frontier(ANVIL, ANVIL, kind="ivory")
    state.dragons[0].where = "t2"
    text = attack(state, dragon_face("claw"), dragon_face("jaws"), blank(ANVIL), blank(ANVIL))
    assert "The dragons deal 18 damage" in text


def test_an_older_saves_dragon_tasks_run_the_terrains_attack_once():
    state = at_frontier(ANVIL)
    state.tasks = [Task("dragon_fight", 0, "t2"), Task("dragon", 0, "t2", "d10"), Task("end_turn", 0)]
    state.dragons[1].kind = state.dragons[1].form = ""  # an older save's dragon: its element alone
    rng = Rng(0, forced=[dragon_face("claw"), blank(ANVIL)])
    tasks.run(state, rng, ActionLog(), state.tasks.pop(0))
    assert [t.kind for t in state.tasks] == ["end_turn"] and state.damage[0].amount == 6
