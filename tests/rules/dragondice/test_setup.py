"""Setup: force size, terrains, three armies, the horde roll, starting faces, dragons, standard and draft."""

import pytest

from rules import serial
from rules.base import RuleError, SeatInfo
from rules.dragondice.content import SPECIES, UNIT_DICE
from rules.dragondice.dragonkin import pool_colours
from rules.dragondice.engine import ENGINE as dd
from rules.dragondice.model import State
from rules.dragondice.setup import MONSTER_BUDGET, SPLITS, army_points, build_army
from rules.rng import Rng
from tests.rules.dragondice.helpers import EMBER, MIST, act, face


def new_game(players: int = 2, **options: str) -> State:
    """Seat 0 plays the Emberwrights and seat 1 the Mistwardens (our own species, whose dice these tests know)."""
    resolved = dd.meta.resolve_options(options)
    seats = [SeatInfo("Emberwrights"), SeatInfo("Mistwardens")] + [SeatInfo() for _ in range(players - 2)]
    return dd.new(seats, resolved, Rng(1))


def horde_dice(ember_total: str, mist_total: str) -> list[int]:
    """Seat 0 (Emberwrights) and seat 1 (Mistwardens) horde rolls: 'all' manoeuvre faces or 'none'."""
    ember = ["crucible_knight", "anvil_guard", "cinder_scout", "forge_adept"]
    mist = ["gale_archer", "storm_herald", "fen_runner", "tide_caller"]
    out = []
    for prefix, units, how in ((EMBER, ember, ember_total), (MIST, mist, mist_total)):
        for unit in units:
            kind = prefix + unit
            label = next(
                f.label() for f in UNIT_DICE[kind].faces if f.kind == ("manoeuvre" if how == "all" else "save")
            )
            out.append(face(kind, label))
    return out


def test_setup_standard_builds_three_armies_of_the_force_size():
    state = new_game(force="24")
    act(state, 0, {"type": "begin"}, *horde_dice("all", "none"), 3, 4, 5)
    for seat in (0, 1):
        places: dict[str, int] = {}
        for unit in state.units:
            if unit.owner == seat and unit.where != "summoning":  # Dragonkin are not part of the force
                places[unit.where] = places.get(unit.where, 0) + unit.health
        assert sum(places.values()) == 24
        assert sorted(places.values()) == [8, 8, 8]


def test_setup_home_horde_and_campaign_armies_stand_where_the_rules_put_them():
    state = new_game()
    act(state, 0, {"type": "begin"}, *horde_dice("all", "none"), 3, 4, 5)
    home0, home1, frontier = state.terrains
    assert (home0.home_of, home1.home_of, frontier.home_of) == (0, 1, None)
    assert (home0.kind, home1.kind) == ("highland", "coastland")
    assert state.seats_at("t0") == [0, 1] and state.seats_at("t1") == [0, 1] and state.seats_at("t2") == [0, 1]
    horde0 = {u.kind for u in state.army(0, "t1")}
    assert EMBER + "crucible_knight" in horde0  # seat 0's horde stands at seat 1's home


def test_setup_horde_roll_decides_first_player_and_frontier():
    state = new_game()
    events = act(state, 0, {"type": "begin"}, *horde_dice("all", "none"), 3, 4, 5)
    assert state.first == 0 and state.turn == 0
    assert state.terrains[2].kind == "swampland"  # proposed by the other player
    assert sum(e.kind == "roll" for e in events) >= 5  # two horde rolls and three terrain faces, all public


def test_setup_horde_roll_tie_rolls_again():
    state = new_game()
    tie = horde_dice("none", "none")
    act(state, 0, {"type": "begin"}, *tie, *horde_dice("none", "all"), 3, 4, 5)
    assert state.first == 1
    assert state.terrains[2].kind == "wasteland"  # the Emberwrights' proposal


def test_setup_starting_faces_reroll_eights_and_turn_sevens_to_six():
    state = new_game()
    act(state, 0, {"type": "begin"}, *horde_dice("all", "none"), 8, 8, 2, 7, 5)
    assert [t.face for t in state.terrains] == [2, 6, 5]


@pytest.mark.parametrize(
    ("force", "dragons"), [("12", 1), ("15", 1), ("24", 1), ("30", 2), ("36", 2), ("60", 3)]
)  # one per 24 points or part of them; 15, 24, 30, 36 and 60 are the published suggestions, 12 ours
def test_setup_dragons_per_force_size(force, dragons):
    state = new_game(force=force)
    dd.act(state, 0, {"type": "begin"}, Rng(3))
    assert sum(1 for d in state.dragons if d.owner == 0) == dragons
    assert all(d.where == "pool" for d in state.dragons)


@pytest.mark.parametrize("force", ["15", "24", "30", "36", "60"])
def test_setup_force_sizes_are_the_published_suggestions_and_no_army_holds_more_than_half(force):
    state = new_game(force=force)
    dd.act(state, 0, {"type": "begin"}, Rng(3))
    for seat in (0, 1):
        armies = [sum(u.health for u in state.units if u.owner == seat and u.where == t) for t in ("t0", "t1", "t2")]
        assert all(1 <= points <= int(force) // 2 for points in armies) and sum(armies) <= int(force)


def test_setup_army_split_and_greedy_build_stay_within_the_points():
    assert army_points(24, "balanced") == (8, 8, 8)
    assert army_points(24, "campaign_heavy") == (6, 6, 12)
    for role in ("home", "horde", "campaign"):
        kinds = build_army("mistwardens", role, 6)
        assert sum(UNIT_DICE[k].health for k in kinds) == 6
        assert not any(UNIT_DICE[k].size == "monster" for k in kinds)  # a monster only in an army of 8+


def test_setup_faction_chooses_species():
    state = dd.new([SeatInfo("Mistwardens"), SeatInfo("emberwrights")], dd.meta.resolve_options({}), Rng(1))
    assert state.species == ["mistwardens", "emberwrights"]


def test_setup_draft_lets_each_player_choose_in_turn():
    state = new_game(setup="draft")
    assert dd.awaiting(state) == {0}
    choice = {
        "type": "draft",
        "species": "mistwardens",
        "home": "feyland",
        "frontier": "flatland",
        "split": "home_heavy",
    }
    act(state, 0, choice)
    assert dd.awaiting(state) == {1}
    with pytest.raises(RuleError, match="another type"):
        dd.act(state, 1, {**choice, "home": "flatland"}, Rng(0))
    dd.act(state, 1, {**choice, "species": "emberwrights", "split": "balanced"}, Rng(5))
    assert state.phase == "play"
    assert state.terrains[0].kind == "feyland"
    home_points = sum(u.health for u in state.army(0, "t0"))
    assert home_points == 12  # half of 24 at home


def test_setup_draft_may_choose_the_dragons_brought():
    """One dragon per 24 points or part of them, of any published kind and form; a white dragon counts as two."""
    state = new_game(setup="draft", force="36")  # two dragons
    choice = {"type": "draft", "species": "dwarves", "home": "highland", "frontier": "flatland"}
    before = serial.dumps(state)
    with pytest.raises(RuleError, match="brings 2 dragons"):
        dd.act(state, 0, {**choice, "dragons": "fire/wyrm"}, Rng(0))
    with pytest.raises(RuleError, match="not a kind of dragon"):
        dd.act(state, 0, {**choice, "dragons": "fire, purple"}, Rng(0))
    assert serial.dumps(state) == before  # a refusal writes nothing
    act(state, 0, {**choice, "dragons": "fire/wyrm, air+water"})
    dd.act(state, 1, {**choice, "species": "goblins", "home": "swampland", "dragons": "white"}, Rng(5))
    assert state.phase == "play"
    mine = sorted((d.kind, d.form) for d in state.dragons if d.owner == 0)
    assert mine == [("air_water", "drake"), ("fire", "wyrm")]
    assert [(d.kind, d.form) for d in state.dragons if d.owner == 1] == [("white", "drake")]


def test_setup_quick_choice_is_marked_for_the_draft_and_begin():
    draft = new_game(setup="draft")
    assert sum(c.quick for c in dd.legal(draft, 0)) == 1
    ready = new_game()
    assert [c.action for c in dd.legal(ready, 0)] == [{"type": "begin"}]


def test_setup_draft_horde_invades_the_chosen_opponents_home_with_three_players():
    state = new_game(players=3, setup="draft")
    base = {"type": "draft", "species": "emberwrights", "home": "highland", "frontier": "flatland", "split": "balanced"}
    with pytest.raises(RuleError, match="opponent: 1, 2"):
        dd.act(state, 0, {**base, "horde": "0"}, Rng(0))
    assert {c.action["horde"] for c in dd.legal(state, 0)} == {"1", "2"}
    act(state, 0, {**base, "horde": "2"})
    act(state, 1, {**base, "species": "mistwardens", "home": "coastland"})
    dd.act(state, 2, {**base, "home": "feyland"}, Rng(9))
    assert state.phase == "play" and state.horde == [2, 2, 0]
    assert state.seats_at("t2") == [0, 1, 2] and state.seats_at("t1") == [1]


def test_setup_draft_split_is_free_within_the_limits():
    state = new_game(setup="draft")
    base = {"type": "draft", "species": "emberwrights", "home": "highland", "frontier": "flatland"}
    act(state, 0, {**base, "split": "10/8/6"})
    dd.act(state, 1, {**base, "species": "mistwardens", "home": "coastland", "split": "4/12/8"}, Rng(3))
    assert state.phase == "play"
    frontier = state.terrains[2].id
    assert [sum(u.health for u in state.army(0, w)) for w in ("t0", "t1", frontier)] == [10, 8, 6]
    assert [sum(u.health for u in state.army(1, w)) for w in ("t1", "t0", frontier)] == [4, 12, 8]


@pytest.mark.parametrize(
    ("split", "why"),
    [
        ("13/6/5", "1 to 12 points"),  # more than half the force in one army
        ("12/12/0", "1 to 12 points"),  # an empty army
        ("8/8/7", "23 points, not 24"),
        ("lots", "Unknown split"),
        ("8/8", "Unknown split"),
    ],
)
def test_setup_army_limits_refuse_a_split_outside_them(split, why):
    state = new_game(setup="draft")
    before = serial.dumps(state)
    action = {"type": "draft", "species": "emberwrights", "home": "highland", "frontier": "flatland", "split": split}
    with pytest.raises(RuleError, match=why):
        dd.act(state, 0, action, Rng(0))
    assert serial.dumps(state) == before


@pytest.mark.parametrize("force", [12, 24, 36])
def test_setup_army_limits_hold_for_every_preset_and_species(force):
    for species in SPECIES:
        for split in SPLITS:
            for role, points in zip(("home", "horde", "campaign"), army_points(force, split), strict=True):
                kinds = build_army(species, role, points)
                assert sum(UNIT_DICE[k].health for k in kinds) == points <= force // 2
                monsters = [k for k in kinds if UNIT_DICE[k].size == "monster"]
                assert len(monsters) <= 1 and (not monsters or points >= MONSTER_BUDGET)


def test_setup_six_species_of_the_published_colour_pairs_with_dragons_of_their_colours():
    from rules.dragondice.content import DRAGON

    assert len(SPECIES) >= 6
    pairs = {sid: set(sp.elements) for sid, sp in SPECIES.items()}
    assert pairs["lava_elves"] == {"fire", "death"} and pairs["goblins"] == {"earth", "death"}
    assert pairs["feral"] == {"air", "earth"} and pairs["scalders"] == {"water", "fire"}
    published = [frozenset(p) for sid, p in pairs.items() if SPECIES[sid].source == "published"]
    assert len(set(published)) == len(published)  # no two published species of one colour pair
    for sid, species in SPECIES.items():
        assert set(species.elements) <= set(DRAGON.breath), sid  # a dragon (and its breath) for every colour
        options = dd.meta.resolve_options({"force": "36"})
        state = dd.new([SeatInfo(species.name), SeatInfo("Emberwrights")], options, Rng(1))
        dd.act(state, 0, {"type": "begin"}, Rng(2))
        colours = [species.elements[0], species.elements[1 % len(species.elements)]]
        assert [d.element for d in state.dragons if d.owner == 0] == colours
        kin = {UNIT_DICE[u.kind].elements[0] for u in state.army(0, "summoning")}
        assert kin == set(pool_colours(species.elements))  # an ivory species: Dragonkin of every element (ours)


ARMIES = (
    "home=anvil_guard,forge_adept,forge_adept,cinder_scout;horde=Crucible Knight,slag_slinger;"
    "campaign=magma_colossus,cinder_scout,crucible_knight,cinder_scout"
)


def test_setup_draft_may_pick_the_units_of_each_army():
    state = new_game(setup="draft")
    base = {"type": "draft", "species": "emberwrights", "home": "highland", "frontier": "flatland"}
    events = act(state, 0, {**base, "armies": ARMIES})
    assert "armies of 8/3/8 points" in events[0].text
    dd.act(state, 1, {**base, "species": "mistwardens", "home": "coastland", "split": "balanced"}, Rng(3))
    assert state.phase == "play"
    frontier = state.terrains[2].id
    home = sorted(u.kind.split("/")[1] for u in state.army(0, "t0"))
    assert home == ["anvil_guard", "cinder_scout", "forge_adept", "forge_adept"]
    assert [u.kind.split("/")[1] for u in state.army(0, "t1")] == ["crucible_knight", "slag_slinger"]
    assert sum(u.health for u in state.army(0, frontier)) == 8
    assert sum(u.health for u in state.army(1, "t1")) == 8  # the preset still works beside a pick


@pytest.mark.parametrize(
    ("armies", "why"),
    [
        ("home=anvil_guard,anvil_guard,anvil_guard,anvil_guard,cinder_scout;horde=cinder_scout;campaign=cinder_scout",
         "home army holds 13 points; an army holds 1 to 12"),
        ("home=anvil_guard;horde=cinder_scout;campaign=", "campaign army holds 0 points"),
        ("home=magma_colossus,cinder_scout;horde=cinder_scout;campaign=cinder_scout", "a monster needs an army of 8"),
        ("home=magma_colossus,magma_colossus;horde=cinder_scout;campaign=cinder_scout", "2 monsters; an army"),
        ("home=anvil_guard;horde=fen_runner;campaign=cinder_scout", "'fen_runner' is not a unit of the Emberwrights"),
        ("home=anvil_guard;horde=cinder_scout", "missing: campaign"),
        ("home=anvil_guard;keep=cinder_scout;campaign=cinder_scout", "'keep' is not one"),
        ("home=" + ",".join(["anvil_guard"] * 4) + ";horde=" + ",".join(["anvil_guard"] * 4)
         + ";campaign=anvil_guard,cinder_scout", "armies hold 28 points; the force is 24"),
    ],
)  # fmt: skip
def test_setup_draft_refuses_picked_armies_outside_the_limits(armies, why):
    state = new_game(setup="draft")
    before = serial.dumps(state)
    action = {"type": "draft", "species": "emberwrights", "home": "highland", "frontier": "flatland", "armies": armies}
    with pytest.raises(RuleError, match=why):
        dd.act(state, 0, action, Rng(0))
    assert serial.dumps(state) == before


def test_setup_random_armies_draw_from_all_the_species_dice_within_the_limits():
    """armies=random (ours): each army drawn from all of the species' dice by the game's seeded dice, within the
    same limits as the usual armies; the same seed draws the same armies."""

    def feral(seed: int) -> State:
        options = dd.meta.resolve_options({"armies": "random"})
        state = dd.new([SeatInfo("Feral"), SeatInfo("Treefolk")], options, Rng(1))
        dd.act(state, 0, {"type": "begin"}, Rng(seed))
        return state

    drawn: set[str] = set()
    for seed in range(6):
        state, again = feral(seed), feral(seed)
        assert [u.kind for u in state.units] == [u.kind for u in again.units]
        for where in ("t0", "t1", "t2"):
            army = [u for u in state.units if u.owner == 0 and u.where == where]
            assert 1 <= sum(u.health for u in army) <= 12
            assert sum(1 for u in army if UNIT_DICE[u.kind].size == "monster") <= 1
        drawn |= {u.kind for u in state.units if u.owner == 0 and u.where.startswith("t")}
    usual = {kind for role in ("home", "horde", "campaign") for kind in SPECIES["feral"].armies[role]}
    assert drawn <= set(SPECIES["feral"].units) and len(drawn) > len(usual)
