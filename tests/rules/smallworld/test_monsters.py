"""Monsters: one kind per land terrain (monsters.json), each with its own strength and reward."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.smallworld import board
from rules.smallworld.content import CONTENT_DIR, LAND, ContentError, content, parse_monsters
from tests.rules.smallworld.helpers import clear, do, give, start

pytestmark = pytest.mark.usefixtures("fixture_maps")

# A border region of each land terrain on the 2-player fixture map, where a first conquest may land.
REGION_OF = {"fungus": "r00", "crystal": "r01", "mine": "r02", "mud": "r03", "ruins": "r31"}


def raw() -> Any:
    return json.loads((CONTENT_DIR / "monsters.json").read_text(encoding="utf-8"))


def test_every_land_terrain_has_its_own_monsters() -> None:
    monsters = content().monsters
    assert set(monsters) == set(LAND)
    assert len({(m.strength, m.coins, m.tokens) for m in monsters.values()}) == len(LAND)
    assert len({m.strength for m in monsters.values()}) > 1  # they differ in strength, not only in reward


def test_monster_regions_start_with_their_strength() -> None:
    state = start()
    monsters = content().monsters
    assert state.regions["r01"].monsters == monsters["crystal"].strength  # the fixture's monster regions
    assert state.regions["r22"].monsters == monsters["fungus"].strength
    assert state.regions["r00"].monsters == 0


@pytest.mark.parametrize("terrain", LAND)
def test_monster_reward(terrain: str) -> None:
    """Beating them costs 1 per monster, finds the top Place/Relic and pays that kind's coins and tokens."""
    beast = content().monsters[terrain]
    region = REGION_OF[terrain]
    state = start()
    clear(state)
    give(state, 0, "liches", "reborn", 10)
    state.regions[region].monsters = beast.strength
    state.treasures = ["glittering_seam"]
    price = board.cost(state, 0, region)
    assert price == 2 + beast.strength
    events = do(state, 0, type="conquer", region=region)
    assert state.regions[region].monsters == 0 and state.regions[region].treasure == "glittering_seam"
    assert state.seats[0].coins == 5 + beast.coins
    assert state.seats[0].hand == 10 - price + beast.tokens
    assert any(beast.name in e.text for e in events)


def test_monster_coins_are_told_privately() -> None:
    state = start()
    clear(state)
    give(state, 0, "liches", "reborn", 10)
    state.regions["r02"].monsters = content().monsters["mine"].strength
    events = do(state, 0, type="conquer", region="r02")
    coins = [e for e in events if "coin" in e.text and "Rock Wyrm" in e.text]
    assert coins and all(e.to == (0,) for e in coins)


def test_monster_tokens_stop_at_an_empty_tray() -> None:
    state = start()
    clear(state)
    give(state, 0, "liches", "reborn", 10)
    state.tray["liches"] = 0
    state.regions["r00"].monsters = content().monsters["fungus"].strength
    do(state, 0, type="conquer", region="r00")
    assert state.seats[0].hand == 10 - 2 - content().monsters["fungus"].strength


def test_monsters_file_errors_name_the_entry() -> None:
    data = raw()
    data[1]["colour"] = "blue"
    with pytest.raises(ContentError, match=r"monsters.json: entry 'crystal_golem', field 'colour'"):
        parse_monsters(data)
    data = raw()
    data[1]["terrain"] = "fungus"
    with pytest.raises(ContentError, match=r"field 'terrain'.*already has its monsters"):
        parse_monsters(data)
    data = raw()
    data[3].update(strength=data[0]["strength"], coins=data[0]["coins"], tokens=data[0]["tokens"])
    with pytest.raises(ContentError, match=r"entry 'bog_troll'.*the same as 'spore_mother'"):
        parse_monsters(data)
    with pytest.raises(ContentError, match="no monsters for ruins"):
        parse_monsters(raw()[:4])
