"""Battle arithmetic: dice per unit, to-hit and resistance modifiers, which categories may be targeted."""

from __future__ import annotations

from rules.genertela.board import NATIONS, zone
from rules.genertela.state import Unit

HIT_ON = 6  # a d10 roll of 6+ hits before modifiers
CATEGORIES = ("standard_units", "monsters", "dragon_heroes", "special_characters")
CATEGORY_NAMES = {
    "standard_units": "standard units",
    "monsters": "monsters",
    "dragon_heroes": "Dragon Heroes",
    "special_characters": "special characters",
}


FOUR_DICE = frozenset({"giant", "dragon", "crimson_bat"})  # also count four for overruns


def dice(unit: Unit) -> int:
    """Giants, Dragons (Dragon Heroes too) and the Crimson Bat roll four dice; every other unit one."""
    return 4 if FOUR_DICE & unit.powers else 1


def is_hit(face: int, to_hit: int, target: int) -> bool:
    """10 always hits, 1 always misses; otherwise the modified roll must reach the target number."""
    if face == 10:
        return True
    if face == 1:
        return False
    return face + to_hit >= target


def _dragonish(unit: Unit) -> bool:
    return bool({"dragon", "crimson_bat"} & unit.powers)


def to_hit(unit: Unit, army: list[Unit]) -> int:
    """A Hero, Superhero or Dragon Hero gives its stack +1 (not to Dragons: a Dragon Hero leads others, not itself)."""
    bonus = NATIONS[unit.nation].to_hit
    leaders = any({"hero", "superhero"} & u.powers for u in army)
    if leaders and "dragon" not in unit.powers:
        bonus += 1  # stacked with a Hero or Superhero (once, however many)
    if "superhero" in unit.powers:
        bonus += 1
    return bonus


def resist(unit: Unit, army: list[Unit], zid: str, defending: bool, with_city: bool, walls: bool = True) -> int:
    """`walls`: False for a unit declared outside the City or fortress, in the first round."""
    value = NATIONS[unit.nation].resist
    place = zone(zid)
    if defending and not _dragonish(unit):
        if place.terrain in ("highland", "mountain"):
            value += 1
        if with_city and walls:
            value += 1
        if place.fortress and walls:
            value += 2
        if any(u.kind == "forest" for u in army):
            value += 1  # an Aldryami Forest helps its defenders as a City does (rules.md)
    if defending and unit.kind == "named_dragonewt" and place.dragonewt_city:
        value += 1
    if "dragon" not in unit.powers and any("guardian" in u.powers for u in army):
        value += 1  # stacked with a Guardian (once)
    if {"hero", "guardian", "superhero"} & unit.powers:
        value += 1  # once, a Guardian Assassin or a Dragon Hero included
    if "giant" in unit.powers:
        value += 1
    if _dragonish(unit):
        value += 2
    return value


def category_target(
    units: list[Unit], army: list[Unit], zid: str, defending: bool, with_city: bool, first_round: bool = False
) -> int:
    """The number to reach against a category. House: its weakest unit's resistance counts for the whole category.
    Units declared outside the walls have no City or fortress bonus in the first round."""
    return HIT_ON + min(resist(u, army, zid, defending, with_city, not (first_round and u.outside)) for u in units)


def categories(army: list[Unit]) -> list[str]:
    present = {u.category for u in army}
    return [c for c in CATEGORIES if c in present]


def shooters(army: list[Unit], category: str, enemy: list[Unit]) -> list[Unit]:
    """Units that may roll at the chosen category. Only special characters, monsters and Dragon Heroes may aim at
    special characters while the enemy has other units."""
    if category != "special_characters":
        army = [u for u in army if not u.assassin_only]  # a pure Assassin attacks no other way than its ability
    if category == "special_characters" and any(u.category != category for u in enemy):
        return [u for u in army if u.category in ("special_characters", "monsters", "dragon_heroes")]
    return list(army)


def hittable(army: list[Unit], category: str) -> list[Unit]:
    """Units of the category that may be taken as casualties: Cities and Forests only once nothing else is left."""
    mobile = [u for u in army if u.kind not in ("city", "forest")]
    chosen = [u for u in army if u.category == category]
    return [u for u in chosen if u.kind not in ("city", "forest")] if mobile else chosen
