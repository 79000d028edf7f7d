"""What a race, power, Place or Relic does is said where it is chosen, found or held: the pick labels, the
find event and the private status all carry each piece's short "brief"."""

from __future__ import annotations

import re

import pytest

from rules.smallworld.content import BRIEF_MAX, content
from rules.smallworld.engine import ENGINE as smallworld
from rules.smallworld.moves import LABEL_MAX, pick_label
from rules.smallworld.state import Combo
from table.text.names import _head
from tests.rules.smallworld.helpers import clear, decline_with, do, give, place, start

pytestmark = pytest.mark.usefixtures("fixture_maps")


def test_every_pick_label_fits_and_says_what_race_and_power_do() -> None:
    data = content()
    longest = ""
    for race in data.races.values():
        for power in data.powers.values():
            for position in range(1, 7):
                for coins in (0, 1, 5, 12):
                    label = pick_label(position, Combo(race.id, power.id, coins))
                    assert len(label) <= LABEL_MAX, label
                    assert race.brief in label and power.brief in label, label
                    assert _head(label) == f"{position}. {power.name} {race.name}", label
                    assert f"{race.tokens + power.tokens} tok" in label
                    assert re.search(rf"\bcosts? {position - 1}\b", label), label
                    longest = max(longest, label, key=len)
    assert len(longest) <= LABEL_MAX


def test_pick_choices_carry_the_briefs() -> None:
    state = start(5)
    state.seats[0].coins = 6
    state.row[2].coins = 3
    choices = smallworld.legal(state, 0)
    assert len(choices) == 6
    for choice, combo in zip(choices, state.row, strict=True):
        race, power = content().races[combo.race], content().powers[combo.power]
        assert len(choice.label) <= LABEL_MAX
        assert choice.label.startswith(f"{choice.action['combo']}. {power.name} {race.name} (")
        assert race.brief in choice.label and power.brief in choice.label
    assert "+3 coins" in choices[2].label or "+3c" in choices[2].label


def test_finding_a_relic_says_what_it_does() -> None:
    state = start()
    clear(state)
    give(state, 0, "gnomes", "haunted", 6)
    state.regions["r01"].monsters = 2
    state.treasures = ["lucky_charm", "gold_idol"]
    events = do(state, 0, type="conquer", region="r01")
    charm = content().treasures["lucky_charm"]
    found = [e.text for e in events if "finds" in e.text]
    assert len(found) == 1 and found[0].endswith(f"finds the Relic Lucky Charm: {charm.brief}.")
    assert all(e.to is None for e in events if "finds" in e.text)


def test_taking_a_region_with_a_place_says_what_it_does() -> None:
    state = start()
    clear(state)
    place(state, "r00", 1, 1)
    state.regions["r00"].treasure = "glittering_seam"
    state.seats[1].active = Combo("ogres", "tomb", 0)
    give(state, 0, "gnomes", "haunted", 6)
    events = do(state, 0, type="conquer", region="r00")
    seam = content().treasures["glittering_seam"]
    assert any(f"Place Glittering Seam: {seam.brief}" in e.text for e in events)


def test_private_status_lists_what_the_player_holds_with_briefs() -> None:
    state = start()
    clear(state)
    give(state, 0, "gnomes", "immortal", 3)
    decline_with(state, 0, "iron_dwarves", "muddy")
    place(state, "r02", 0, 1)
    state.regions["r02"].treasure = "lucky_charm"
    place(state, "r21", 0, 1, declined=True)
    state.regions["r21"].treasure = "deep_forge"
    data = content()
    mine = smallworld.status(state, 0)
    for piece in (
        data.races["gnomes"],
        data.powers["immortal"],
        data.races["iron_dwarves"],
        data.powers["muddy"],  # survives decline
        data.treasures["lucky_charm"],
        data.treasures["deep_forge"],
    ):
        assert piece.name in mine and piece.brief in mine, piece.id
    assert "Relic Lucky Charm in " in mine and "Deep Forge in " in mine
    assert "(in decline: no effect)" in mine.split("Deep Forge")[1]
    public = smallworld.status(state, None)
    assert data.treasures["lucky_charm"].brief not in public and data.powers["immortal"].brief not in public
    assert data.treasures["lucky_charm"].brief not in smallworld.status(state, 1)


def test_declined_race_without_a_lasting_ability_says_so() -> None:
    state = start()
    give(state, 0, "gnomes", "immortal", 3)
    decline_with(state, 0, "ogres", "tomb")
    mine = smallworld.status(state, 0)
    assert f"In decline: Ogres - {content().races['ogres'].brief} (no longer in force)." in mine
    decline_with(state, 0, "liches", "tomb")
    assert "(no longer in force)" not in smallworld.status(state, 0)


def test_briefs_are_short() -> None:
    data = content()
    for piece in (*data.races.values(), *data.powers.values(), *data.treasures.values()):
        assert 0 < len(piece.brief) <= BRIEF_MAX, piece.id
