"""Dragons: their rolls, their attacks on armies, their fights with each other, and Treasure's promotions."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.dragondice.content import DRAGON, UNIT_DICE, DragonFace
from rules.dragondice.dice import count, roll_army
from rules.dragondice.model import DEAD, Damage, Decision, Dragon, Effect, State
from rules.rng import Rng


def roll_dragon(rng: Rng, why: str) -> list[DragonFace]:
    """One dragon roll: a Tail adds one more face (a second Tail adds only its damage)."""
    faces = [DRAGON.faces[rng.roll(len(DRAGON.faces), 1, why)[0] - 1]]
    if faces[0].effect == "tail":
        faces.append(DRAGON.faces[rng.roll(len(DRAGON.faces), 1, f"{why} (tail: again)")[0] - 1])
    return faces


def dragon_health(faces: list[DragonFace]) -> int:
    """A dragon showing its Belly is slain by a single melee result."""
    return 1 if any(f.effect == "belly" for f in faces) else DRAGON.health


def _faces_text(faces: list[DragonFace]) -> str:
    return ", then ".join(f"{f.name} ({f.text.rstrip('.')})" for f in faces)


def dragon_attack(state: State, rng: Rng, log: ActionLog, seat: int, where: str, dragon_id: str) -> None:
    """A dragon at the terrain attacks the marching player's army there; one army roll counts melee and saves."""
    dragon = next((d for d in state.dragons if d.id == dragon_id), None)
    if dragon is None or dragon.where != where or not state.army(seat, where):
        return
    faces = roll_dragon(rng, "dragon attack")
    place = state.terrain(where).name
    log.say(f"{seat_ref(dragon.owner)}'s {dragon.element} dragon at {place} rolls {_faces_text(faces)}", "roll")
    rolled = roll_army(state, rng, seat, where, "dragon", log, label="roll against the dragon")
    breath = any(f.effect == "breath" for f in faces)
    saveable = sum(f.damage for f in faces if f.saveable)
    unsaveable = sum(f.damage for f in faces if not f.saveable)
    blaze = ""
    if breath and dragon.element == "fire":
        unsaveable += DRAGON.breath["fire"].amount
        blaze = f": {unsaveable - DRAGON.breath['fire'].amount} Breath + {DRAGON.breath['fire'].amount} fire breath"
    total = max(0, saveable - rolled.saves) + unsaveable
    health = dragon_health(faces)
    slain = rolled.total >= health
    log.say(
        f"{seat_ref(dragon.owner)}'s {dragon.element} dragon deals {total} damage "
        f"({saveable} against {count(rolled.saves, 'save')}, {unsaveable} with no save{blaze}); "
        f"the army's {rolled.total} melee "
        + ("slays it: it returns to its owner's pool." if slain else f"falls short of its {health} health.")
    )
    if slain:
        dragon.where = "pool"
        state.notes.append(f"dragon slain at {place}")
    if breath:
        _breath(state, log, dragon, seat, where)
    if any(f.effect == "treasure" for f in faces):
        treasure(state, log, seat, where)
    if total:
        bury = breath and dragon.element == "death"
        state.damage.append(Damage(seat, where, total, "Dragon breath" if breath else "Dragon", bury=bury))


def _breath(state: State, log: ActionLog, dragon: Dragon, seat: int, where: str) -> None:
    """The lasting part of a breath, by the dragon's element (fire's extra damage is counted in the attack)."""
    effect = DRAGON.breath[dragon.element]
    terrain = state.terrain(where)
    if dragon.element in ("air", "water"):
        source = f"{dragon.element}_breath"
        state.effects.append(Effect(source, dragon.owner, f"{where}:{seat}", effect.amount))
    elif dragon.element == "earth":
        if terrain.face == 1:
            log.say(f"Earth breath: {terrain.name} is already at its lowest face.")
            return
        terrain.face -= 1
        state.notes.append(f"{terrain.name} quaked to {terrain.face}")
    log.say(f"{dragon.element.title()} breath: {effect.text}")


def promote_options(state: State, seat: int, where: str) -> list[str]:
    """Treasure's promotions open to the army, as "unit>dead unit" values: one per pair of kinds (two alike dice make
    no difference), the automatic one first: the smallest unit that can grow, lowest id first, for the most
    recently killed fitting unit."""
    options: dict[tuple[str, str], str] = {}
    for unit in sorted(state.army(seat, where), key=lambda u: (u.health, int(u.id[1:]))):
        species = UNIT_DICE[unit.kind].species
        bigger = [
            u for u in state.army(seat, DEAD) if UNIT_DICE[u.kind].species == species and u.health == unit.health + 1
        ]
        for grown in sorted(bigger, key=lambda u: -u.died):
            options.setdefault((unit.kind, grown.kind), f"{unit.id}>{grown.id}")
    return list(options.values())


def promotion_text(state: State, option: str) -> str:
    small, big = (state.unit(uid) for uid in option.split(">"))
    return f"Promote {small.name} {small.id} to {big.name} {big.id}"


def promote(state: State, log: ActionLog, option: str) -> None:
    """Treasure: the unit swaps places with the larger unit from the dead unit area."""
    small, big = (state.unit(uid) for uid in option.split(">"))
    where = small.where
    big.where, small.where = where, DEAD
    log.say(f"Treasure: {small.name} {small.id} is promoted to {big.name} {big.id} (it leaves the DUA).")
    state.notes.append(f"{seat_ref(small.owner)} promoted at {state.terrain(where).name}")


def treasure(state: State, log: ActionLog, seat: int, where: str) -> None:
    """The marching player chooses the promotion when there are two or more; one is applied at once."""
    options = promote_options(state, seat, where)
    if len(options) > 1:
        state.decision = Decision("promote", seat, where, options=options)
        log.say(f"Treasure at {state.terrain(where).name}: {seat_ref(seat)} chooses which unit is promoted.")
    elif options:
        promote(state, log, options[0])
    else:
        log.say("Treasure: no unit of the army can be promoted (no dead unit of its species one health larger).")


def dragon_fight(state: State, rng: Rng, log: ActionLog, where: str) -> None:
    """Dragons sharing a terrain (whoever owns them) each roll; each takes the damage of all the others, with no
    save, and is slain once that reaches its health. Survivors then attack the army as usual."""
    here = [d for d in state.dragons if d.where == where]
    if len(here) < 2:
        return
    faces = {d.id: roll_dragon(rng, "dragon fight") for d in here}
    shown = ", ".join(
        f"{seat_ref(d.owner)}'s {d.element} dragon: {', then '.join(f.name for f in faces[d.id])}" for d in here
    )
    log.say(f"Dragons fight at {state.terrain(where).name}: {shown}.", "roll")
    for dragon in here:
        taken = sum(f.damage for o in here if o.id != dragon.id for f in faces[o.id])
        health = dragon_health(faces[dragon.id])
        name = f"{seat_ref(dragon.owner)}'s {dragon.element} dragon"
        if taken >= health:
            dragon.where = "pool"
            log.say(f"{name} takes {taken} damage against its {health} health and flees to its pool.")
        else:
            log.say(f"{name} takes {taken} damage against its {health} health and stays.")
