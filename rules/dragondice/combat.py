"""Manoeuvres, melee and missile attacks, and dragon attacks."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.dragondice.content import DRAGON
from rules.dragondice.dice import roll_army
from rules.dragondice.model import Damage, State, Task
from rules.dragondice.turn import dragon_health
from rules.rng import Rng


def resolve_manoeuvre(state: State, rng: Rng, log: ActionLog) -> None:
    """Marching total must equal or beat every countering army's total; then the direction is revealed."""
    move = state.manoeuvre
    assert move is not None
    state.manoeuvre = None
    terrain = state.terrain(move.terrain)
    success = True
    if move.countering:
        mine = roll_army(state, rng, move.seat, move.terrain, "manoeuvre", log).total
        for other in move.countering:
            theirs = roll_army(state, rng, other, move.terrain, "manoeuvre", log, label="counter-manoeuvre roll").total
            if theirs > mine:
                success = False
        verdict = "succeeds" if success else "fails"
        log.say(f"The manoeuvre at {terrain.name} {verdict} ({mine} against the counter-manoeuvre).")
    else:
        log.say(f"Nobody opposes the manoeuvre at {terrain.name}: it succeeds without a roll.")
    log.say(f"{seat_ref(move.seat)} had chosen to turn {terrain.name} {move.direction}.", "reveal")
    if success:
        was = terrain.face
        terrain.face += 1 if move.direction == "up" else -1
        if terrain.face == 8:
            terrain.captured_by = move.seat  # manoeuvring to the 8th face captures it (RULINGS)
        log.say(f"{terrain.name} turns from {was} to {terrain.face} ({terrain.action()}).")
        state.notes.append(f"{terrain.name} {was} to {terrain.face}")
    state.step = "action"


def attack(
    state: State,
    rng: Rng,
    log: ActionLog,
    kind: str,
    seat: int,
    where: str,
    target: int,
    target_where: str,
    counter: bool = False,
) -> None:
    """A melee or missile attack: the attacker's roll with its SAIs, then the target's save roll, then damage."""
    label = "counter-attack melee roll" if counter else f"{kind} roll"
    rolled = roll_army(state, rng, seat, where, kind, log, label=label)
    hits = rolled.total
    if kind == "missile":
        fog = 6 * sum(1 for e in state.effects if e.source == "wall_of_fog" and e.target == target_where)
        if fog and hits:
            log.say(f"Wall of Fog at {state.terrain(target_where).name} stops {min(fog, hits)} missile results.")
            hits = max(0, hits - fog)
    saves = reflect = 0
    if hits:
        guarded = roll_army(state, rng, target, target_where, "save", log, vs_melee=kind == "melee")
        saves = max(0, guarded.total - rolled.pierce)
        reflect = guarded.reflect
    total = max(0, hits - saves) + rolled.unsaveable
    log.say(
        f"{kind.title()}: {hits} hits against {saves} saves"
        + (f", plus {rolled.unsaveable} Kindle damage" if rolled.unsaveable else "")
        + f" → {total} damage to {seat_ref(target)}."
    )
    if reflect:  # an SAI of the save roll, so it resolves before the saves are counted against the attacker
        state.damage.append(Damage(seat, where, reflect, "Thornback"))
    if total:
        state.damage.append(Damage(target, target_where, total, kind.title()))


def dragon_attack(state: State, rng: Rng, log: ActionLog, seat: int, where: str, dragon_id: str) -> None:
    """A dragon at the terrain attacks the marching player's army there; one army roll counts melee and saves."""
    dragon = next((d for d in state.dragons if d.id == dragon_id), None)
    if dragon is None or dragon.where != where or not state.army(seat, where):
        return
    face = DRAGON.faces[rng.roll(len(DRAGON.faces), 1, "dragon attack")[0] - 1]
    place = state.terrain(where).name
    log.say(f"{seat_ref(dragon.owner)}'s {dragon.element} dragon at {place} rolls {face.name}: {face.text}", "roll")
    rolled = roll_army(state, rng, seat, where, "dragon", log, label="roll against the dragon")
    saves = rolled.saves if face.saveable else 0
    total = max(0, face.damage - saves)
    health = dragon_health(face.id)
    slain = rolled.total >= health
    log.say(
        f"The dragon deals {total} damage ({face.damage} against {saves} saves); the army's {rolled.total} melee "
        + ("slays it: it returns to its owner's pool." if slain else f"fall short of its {health} health.")
    )
    if slain:
        dragon.where = "pool"
        state.notes.append(f"dragon slain at {place}")
    if total:
        state.damage.append(Damage(seat, where, total, "Dragon"))


def dragon_fight(state: State, rng: Rng, log: ActionLog, where: str) -> None:
    """Rival dragons at one terrain (different owners) each roll; each takes the damage of the others' dragons,
    with no save, and is slain once that reaches its health. Survivors then attack the army as usual."""
    here = [d for d in state.dragons if d.where == where]
    if len({d.owner for d in here}) < 2:
        return
    faces = {d.id: DRAGON.faces[rng.roll(len(DRAGON.faces), 1, "dragon fight")[0] - 1] for d in here}
    shown = ", ".join(f"{seat_ref(d.owner)}'s {d.element} dragon: {faces[d.id].name}" for d in here)
    log.say(f"Rival dragons fight at {state.terrain(where).name}: {shown}.", "roll")
    for dragon in here:
        taken = sum(faces[o.id].damage for o in here if o.owner != dragon.owner)
        if taken >= dragon_health(faces[dragon.id].id):
            dragon.where = "pool"
            log.say(f"{seat_ref(dragon.owner)}'s {dragon.element} dragon takes {taken} damage and flees to its pool.")


def queue_melee(state: State, seat: int, where: str, target: int) -> None:
    """After the attack's casualties, the defender counter-attacks, then the action ends."""
    state.tasks.append(Task("counter_attack", target, where, str(seat)))
    state.tasks.append(Task("end_action", seat))
