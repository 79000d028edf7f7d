"""Pattern matching over all 8 rotations and mirrors, and every pattern can be formed on the arena."""

from __future__ import annotations

import pytest

from rules.rng import Rng
from rules.tashkalar import engine as tashkalar_rules
from rules.tashkalar.board import ORIENTATIONS, orient
from rules.tashkalar.content import CARDS
from rules.tashkalar.engine import ENGINE as tashkalar
from rules.tashkalar.patterns import spots
from tests.rules.tashkalar.helpers import fresh, hand, lay, put

# a pattern with no symmetry at all: Scorch Wyrmling ["cc.", ".hc", "..@"]
ASYMMETRIC = "scorch_wyrmling"


def test_orient_turns_clockwise_and_mirrors() -> None:
    assert orient((0, 1), "90") == (1, 0)  # up becomes right
    assert orient((0, 1), "180") == (0, -1)
    assert orient((1, 0), "0m") == (-1, 0)
    shapes = {frozenset(CARDS[ASYMMETRIC].oriented(o)) for o in ORIENTATIONS}
    assert len(shapes) == 8


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_pattern_matches_in_each_of_the_8_symmetries(orientation: str) -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, [ASYMMETRIC], [])
    pattern = lay(state, 0, ASYMMETRIC, "e5", orientation)
    found = spots(state, 0, CARDS[ASYMMETRIC])
    assert ("e5", orientation) in [(s.where, s.orientation) for s in found]
    # with its heroic cell the laid tokens fit this one way only
    assert len(found) == 1 and set(found[0].pattern) == set(pattern)
    labels = [c.label for c in tashkalar.legal(state, 0) if c.action["type"] == "summon"]
    assert any(label.startswith("Scorch Wyrmling at e5") for label in labels)


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_other_orientations_are_refused_with_the_missing_square(orientation: str) -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, [ASYMMETRIC], [])
    lay(state, 0, ASYMMETRIC, "e5", orientation)
    for other in ORIENTATIONS:
        if other != orientation:
            with pytest.raises(tashkalar_rules.RuleError, match=r"needs your (common|heroic)"):
                tashkalar.act(
                    state, 0, {"type": "summon", "card": ASYMMETRIC, "where": "e5", "orientation": other}, Rng(0)
                )


def test_symmetric_pattern_is_listed_once_per_shape() -> None:
    state = fresh(mode="deathmatch")
    hand(state, 0, ["cinder_hound"], [])  # ["c@c", ".c."]: its mirror images are its turns, 4 shapes only
    assert CARDS["cinder_hound"].orientations() == ("0", "90", "180", "270")
    lay(state, 0, "cinder_hound", "e5")
    assert len(spots(state, 0, CARDS["cinder_hound"])) == 1


def test_higher_rank_fills_a_lower_cell_but_not_the_reverse() -> None:
    state = fresh(mode="deathmatch")
    put(state, 0, 3, "d5")
    put(state, 0, 2, "f5")
    put(state, 0, 1, "e4")
    assert spots(state, 0, CARDS["cinder_hound"])  # commons asked, legend and hero given
    state = fresh(mode="deathmatch")
    put(state, 0, 1, "d6", "f6", "d4", "f4")
    assert not spots(state, 0, CARDS["ash_herald"])  # heroic asked, commons given


def test_pattern_near_the_edge_must_stay_on_the_arena() -> None:
    state = fresh(mode="deathmatch")
    put(state, 0, 2, "a9")  # Flame Lancer ["hcc", "c..", "@.."]: the summoning square is under the column
    put(state, 0, 1, "b9", "c9", "a8")
    found = {s.where for s in spots(state, 0, CARDS["flame_lancer"])}
    assert found == {"a7"}


@pytest.mark.parametrize("card_id", sorted(CARDS))
def test_every_pattern_is_achievable(card_id: str) -> None:
    """Lay the pattern with no more tokens than a colour owns; the summon is then legal in every corner too."""
    card = CARDS[card_id]
    legendary_cells = sum(1 for *_, rank in card.cells if rank == 3)
    assert legendary_cells + (card.rank == 3) <= 3, "more legendary tokens than a colour owns"
    assert len(card.cells) <= 17
    for where, orientation in (("e5", "0"), ("a1", "180"), ("i9", "0m")):
        state = fresh(mode="deathmatch")
        hand(state, 0, [c for c in [card_id] if card.rank < 3], [card_id] if card.rank == 3 else [])
        try:
            lay(state, 0, card_id, where, orientation)
        except ValueError:
            continue  # that corner is off the arena for this orientation
        assert any(s.where == where for s in spots(state, 0, card)), f"{card.name} does not fit at {where}"
