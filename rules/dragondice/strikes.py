"""What an attacking roll's SAIs do to the army attacked: units struck before it saves (Roar, Poison, Slay,
Kick...), units struck after it saves (Choke, Confuse, Impale), and lasting effects laid on it (Wither, Frost
Breath, Galeforce). Targets are chosen for the SAI's owner: the most health that fits, largest units first."""

from __future__ import annotations

from rules.base import ActionLog, seat_ref
from rules.dragondice.content import SAIS
from rules.dragondice.damage import kill
from rules.dragondice.dice import FROZEN, face_results, recover, roll_unit
from rules.dragondice.dragonkin import auto_saves
from rules.dragondice.model import BURIED, DEAD, RESERVE, Effect, State, Unit
from rules.dragondice.sai import Pending, RollResult
from rules.rng import Rng


def pick(army: list[Unit], health: int | str, among: set[str] | None = None) -> list[Unit]:
    """The units an SAI strikes: one (the largest), every one, or up to `health` of them, largest first, lowest id
    first among equals (the fullest use of the SAI, as the rules ask)."""
    order = sorted((u for u in army if among is None or u.id in among), key=lambda u: (-u.health, int(u.id[1:])))
    if health == "one":
        return order[:1]
    if health == "all":
        return order
    left = int(health)
    picked: list[Unit] = []
    for unit in order:
        if unit.health <= left:
            picked.append(unit)
            left -= unit.health
    return picked


def _passes(rng: Rng, unit: Unit, test: str, why: str, log: ActionLog) -> tuple[bool, bool]:
    """A unit rolls alone: (whether it passes the test, whether it showed its ID face)."""
    if test == "none":
        return False, False
    face = roll_unit(rng, unit, why)
    shown = "ID" if face.kind == "id" else face.label()
    passed = face.kind == "id" if test == "id" else face_results(face, unit.health, test) > 0
    passed = passed or (test == "save" and auto_saves(unit, face) > 0)  # a Dragonkin's automatic saves
    log.say(f"{unit.name} {unit.id} rolls {shown} against {why}: {'resists' if passed else 'fails'}.", "roll")
    return passed, face.kind == "id"


def _struck(state: State, rng: Rng, log: ActionLog, item: Pending, unit: Unit, failed: bool, id_face: bool) -> int:
    """Apply an SAI's outcome to one unit; returns the health killed."""
    fail = item.op["fail"]
    name = SAIS[item.sai].name
    if fail == "seize":  # on its ID face the unit is taken to the reserves, otherwise it dies
        if id_face:
            unit.where = RESERVE
            log.say(f"{name}: {unit.name} {unit.id} is carried off to the reserves.")
            return 0
        kill(state, [unit], rng, log)
        return unit.health
    if fail == "scare" and id_face:
        kill(state, [unit], rng, log)
        return unit.health
    if not failed:
        return 0
    if fail in ("reserve", "scare"):
        unit.where = RESERVE
        log.say(f"{name}: {unit.name} {unit.id} flees to the reserves.")
    elif fail == "frozen":
        state.effects.append(Effect(FROZEN, item_owner(state, item), unit.id))
        log.say(f"{name}: {unit.name} {unit.id} may not be rolled or moved until its attacker's next turn.")
    elif fail in ("kill", "bury"):
        kill(state, [unit], rng, log, bury=fail == "bury", why=name)
        return unit.health
    elif fail == "kill_save_or_bury":
        kill(state, [unit], rng, log)
        saved, _ = _passes(rng, unit, "save", f"{name} (or buried)", log)
        if not saved and unit.where == DEAD:
            unit.where = BURIED
            log.say(f"{name}: {unit.name} {unit.id} is buried.")
        return unit.health
    return 0


def item_owner(state: State, item: Pending) -> int:
    return state.unit(item.unit).owner


def before_saves(
    state: State, rng: Rng, log: ActionLog, rolled: RollResult, target: int, where: str
) -> tuple[tuple[str, ...], int]:
    """The attacking roll's SAIs that act before the army attacked saves. Returns the units that roll no saves
    against this attack (Charm) and the melee results charmed units add to the attack."""
    excluded: list[str] = []
    added = 0
    for item in [p for p in rolled.pending if not p.op.get("after_saves")]:
        name = item.op["op"]
        army = state.army(target, where)
        if name == "unit_damage":
            for unit in pick(army, "one"):
                _one_unit(state, rng, log, item, unit)
        elif name == "targets" and item.op["fail"] == "charmed":
            for unit in pick(army, item.amount):
                face = roll_unit(rng, unit, f"{SAIS[item.sai].name}: rolled for the attacker")
                gain = face_results(face, unit.health, "melee")
                added += gain
                excluded.append(unit.id)
                log.say(
                    f"{SAIS[item.sai].name}: {unit.name} {unit.id} rolls no save and fights for the attacker: "
                    f"{face.label() if face.kind != 'id' else 'ID'}, +{gain} melee.",
                    "roll",
                )
        elif name == "targets":
            excluded.extend(_targets(state, rng, log, item, army))
    return tuple(excluded), added


def _one_unit(state: State, rng: Rng, log: ActionLog, item: Pending, unit: Unit) -> None:
    """One defending unit takes an SAI's damage (Kick, Gore, Coil, Hug): with "save" it rolls once and its saves
    count against it; with "back" its melee results of that roll (or a melee roll after) strike the SAI's unit with
    no save possible."""
    name = SAIS[item.sai].name
    damage, back = item.amount, 0
    if item.op.get("save"):
        face = roll_unit(rng, unit, f"{name}: save and strike back")
        saves = face_results(face, unit.health, "save")
        back = face_results(face, unit.health, "melee")
        damage = max(0, damage - saves)
        log.say(f"{unit.name} {unit.id} rolls {face.label()} against {name}: {saves} saves, {back} melee back.", "roll")
    elif item.op.get("back"):
        face = roll_unit(rng, unit, f"{name}: strike back")
        back = face_results(face, unit.health, "melee")
        log.say(f"{unit.name} {unit.id} rolls {face.label()} against {name}: {back} melee back.", "roll")
    if damage >= unit.health:
        log.say(f"{name}: {unit.name} {unit.id} takes {damage} damage and dies.")
        kill(state, [unit], rng, log, bury=bool(item.op.get("bury")), why=name)
    else:
        log.say(f"{name}: {unit.name} {unit.id} takes {damage} damage and survives.")
    striker = state.unit(item.unit)
    if back and striker.where not in (DEAD, BURIED):
        if back >= striker.health:
            log.say(f"{name}: {striker.name} {striker.id} takes {back} damage back and dies.")
            kill(state, [striker], rng, log)
        else:
            log.say(f"{name}: {striker.name} {striker.id} takes {back} damage back and survives.")


def _targets(state: State, rng: Rng, log: ActionLog, item: Pending, army: list[Unit]) -> list[str]:
    """Units struck by a targeting SAI: each rolls its test (if any) and meets the SAI's outcome. Plague goes on
    to the next unit while they fail."""
    name = SAIS[item.sai].name
    if item.op["fail"] == "no_save":
        struck = pick(army, item.op["health"] if item.op["health"] in ("one", "all") else item.amount)
        if struck:
            log.say(f"{name}: {', '.join(f'{u.name} {u.id}' for u in struck)} roll no saves against this attack.")
        return [u.id for u in struck]
    place = army[0].where if army else ""
    killed = 0
    queue = pick(army, item.op["health"] if item.op["health"] in ("one", "all") else item.amount)
    tried: set[str] = set()
    while queue:
        unit = queue.pop(0)
        tried.add(unit.id)
        passed, id_face = _passes(rng, unit, item.op["test"], name, log)
        killed += _struck(state, rng, log, item, unit, not passed, id_face)
        if item.op.get("chain") and not passed:  # Plague: the next unit of that army must roll, until one saves
            queue = pick([u for u in state.army(unit.owner, place) if u.id not in tried], "one")
    if item.op.get("then") == "recover" and killed:
        owner = item_owner(state, item)
        log.say(recover(state, owner, state.unit(item.unit).where, killed, name))
    return []


def after_saves(
    state: State, rng: Rng, log: ActionLog, rolled: RollResult, guarded: RollResult, target: int, where: str
) -> int:
    """The attacking roll's SAIs that act once the army attacked has rolled its saves; returns the saves lost."""
    lost = 0
    for item in [p for p in rolled.pending if p.op.get("after_saves")]:
        name = SAIS[item.sai].name
        army = state.army(target, where)
        among = None
        if item.op.get("among") == "rolled_id":
            among = {uid for uid, faces in guarded.faces.items() if faces and faces[0].kind == "id"}
        health = item.op["health"] if item.op["health"] in ("one", "all") else item.amount
        struck = pick(army, health, among)
        if not struck:
            log.say(f"{name}: no unit of {seat_ref(target)}'s army is struck.")
            continue
        fail = item.op["fail"]
        for unit in struck:
            counted = guarded.counted.get(unit.id, 0)
            if fail == "reroll_saves":
                face = roll_unit(rng, unit, f"{name} (saves again)")
                again = face_results(face, unit.health, "save", "melee")
                log.say(f"{name}: {unit.name} {unit.id} rolls its save again: {face.label()} counts {again}.", "roll")
                lost += counted - again
                continue
            lost += counted
            if fail == "frozen_uncounted":
                state.effects.append(Effect(FROZEN, item_owner(state, item), unit.id))
                log.say(f"{name}: {unit.name} {unit.id} counts no saves and is held until the next turn.")
            else:
                log.say(f"{name}: {unit.name} {unit.id} counts no saves.")
                _struck(state, rng, log, item, unit, True, True)
    return lost


def lasting_on_target(state: State, log: ActionLog, rolled: RollResult, seat: int, target: int, where: str) -> None:
    """Lasting effects the attacking roll lays on the army attacked, until the attacker's next turn."""
    for item in rolled.pending:
        if item.op["op"] == "lasting" and item.op["on"] == "target":
            state.effects.append(Effect(item.sai, seat, f"{where}:{target}", item.amount))
            log.say(
                f"{SAIS[item.sai].name}: {seat_ref(target)}'s army there is hit until {seat_ref(seat)}'s next turn."
            )


def bash(state: State, rng: Rng, log: ActionLog, rolled: RollResult, guarded: RollResult) -> int:
    """Each Bash in the save roll against a melee attack: the attacking unit that rolled the most melee (lowest id
    among equals) takes that much damage, saving alone; the saving army gains as many saves. Returns the saves."""
    gained = 0
    for item in (p for p in guarded.pending if p.op["op"] == "bash"):
        strikers = [uid for uid, n in rolled.counted.items() if n > 0 and state.unit(uid).where not in (DEAD, BURIED)]
        if not strikers:
            log.say(f"{SAIS[item.sai].name}: no attacking unit rolled melee.")
            continue
        uid = max(strikers, key=lambda u: (rolled.counted[u], -int(u[1:])))
        unit, melee = state.unit(uid), rolled.counted[uid]
        gained += melee
        face = roll_unit(rng, unit, f"{SAIS[item.sai].name}: save")
        saves = face_results(face, unit.health, "save")
        dies = melee - saves >= unit.health
        log.say(
            f"{SAIS[item.sai].name}: {unit.name} {unit.id} takes its own {melee} melee back, saves {saves} "
            f"({face.label() if face.kind != 'id' else 'ID'}) and {'dies' if dies else 'lives'}; +{melee} saves.",
            "roll",
        )
        if dies:
            kill(state, [unit], rng, log)
    return gained
