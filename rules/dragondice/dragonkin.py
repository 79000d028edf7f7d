"""The Dragonkin's own rules: the summoning pool a player brings, which rolls they take part in, their automatic
saves, and which die Summon Dragonkin brings (content/dragonkin.json holds the dice)."""

from __future__ import annotations

from rules.dragondice.content import DRAGONKIN, DRAGONKIN_KIN, ELEMENTS, UNIT_DICE, Face, UnitDie
from rules.dragondice.model import SUMMONING, State, Unit

NO_ROLL = ("magic", "missile")  # published: Dragonkin never roll for these
BELLY = "belly"  # the face on which a Dragonkin loses its automatic saves
SUMMONED_HEALTH = 1  # Summon Dragonkin brings one health-worth


def is_dragonkin(unit: Unit) -> bool:
    return UNIT_DICE[unit.kind].species == DRAGONKIN


def pool_health(force: int) -> int:
    """Published: one health of Dragonkin for every full `health_per_points` points of the force."""
    return force // DRAGONKIN_KIN.health_per_points


def pool_colours(colours: tuple[str, ...]) -> tuple[str, ...]:
    """The colours of a species' default pool (ours): its elements; every element for an ivory species."""
    own = tuple(c for c in colours if c in ELEMENTS)
    return own or ELEMENTS


def default_pool(force: int, colours: tuple[str, ...]) -> list[str]:
    """The Dragonkin dice a player brings when nobody chooses (ours): the colours take turns, each taking its next
    die smallest first (dragonkin.json's order), skipping one that no longer fits in `pool_health(force)`."""
    order = [d for d in UNIT_DICE.values() if d.species == DRAGONKIN and not d.retired]
    by_colour = {c: [d for d in order if d.elements == (c,)] for c in pool_colours(colours)}
    left = pool_health(force)
    picked: list[str] = []
    while left > 0 and any(by_colour.values()):
        for dice in by_colour.values():
            while dice and dice[0].health > left:
                dice.pop(0)
            if dice and left > 0:
                die = dice.pop(0)
                picked.append(die.id)
                left -= die.health
    return picked


def rolls(unit: Unit, kind: str) -> bool:
    """Whether the unit takes part in a roll of `kind`: Dragonkin sit out magic and missile rolls."""
    return not (kind in NO_ROLL and is_dragonkin(unit))


def auto_saves(unit: Unit, face: Face) -> int:
    """The saves a rolled Dragonkin adds to a save (its health), none when it shows its Belly."""
    die: UnitDie = UNIT_DICE[unit.kind]
    if die.species != DRAGONKIN or (face.kind == "sai" and face.sai == BELLY):
        return 0
    return die.health


def to_summon(state: State, seat: int, element: str) -> Unit | None:
    """The die Summon Dragonkin brings: one health-worth of the colour paid, from the seat's summoning pool (the
    lowest id first)."""
    return next(
        (
            u
            for u in state.army(seat, SUMMONING)
            if UNIT_DICE[u.kind].elements == (element,) and u.health == SUMMONED_HEALTH
        ),
        None,
    )
